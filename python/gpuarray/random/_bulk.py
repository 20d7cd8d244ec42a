# SPDX-License-Identifier: BSD-3-Clause
"""The bulk streams of gpuarray.random: uniform, normal and log-normal floats
and raw words, written by the kernels of gpuarray/random_bulk.cuh (see Note
[Bulk streams] there). This module owns their launch: which of the engine's
kernels (rows bulk_fill and bulk_seed of cpp/kernels/device_templates.cpp), the
grid, the per-thread states of XORWOW and MRG32k3a (pool memory, one set per
bit generator, seeded on the device from the seed) and Philox's counter
offset. Every launch goes on the current stream."""
import dataclasses
import functools

import numpy

from gpuarray import _core
from gpuarray._array_creation import from_data as _creation
from gpuarray._array_creation import from_shape as _from_shape
from gpuarray._core import CUDARuntimeError
from gpuarray.cuda import Device
from gpuarray.cuda import _captures
from gpuarray.random import _replayed

# The launch shape, from benchmarks/random_bulk_variants.py on an H100
# (2026-11-26): 512 x 1024 wrote float32 normals at 3007 GB/s and float64
# uniforms at 2987 GB/s with XORWOW, against 2820 / 2777 for 256 x 2048; the
# other generators are as fast or faster with it. Half a wave of threads per
# SM leaves each thread more chunks, and the states are half as large.
BLOCK = 512  # threads per block
THREADS_PER_SM = 1024  # resident threads per SM (fewer where the device holds fewer)
CHUNK_BYTES = 16  # one chunk (four 32-bit words of the generator) fills one 16-byte vector
STATE_WORDS = 6  # 32-bit words of one thread's XORWOW or MRG32k3a state

# gpuarray.random's bit generator names, the row's Generator keys.
GENERATORS = ("XORWOW", "MRG32k3a", "Philox4x32_10")
_STATEFUL = ("XORWOW", "MRG32k3a")
# output (the row's Output key) -> the dtypes it writes
OUTPUTS = {"uniform": ("float32", "float64"), "normal": ("float32", "float64"),
           "lognormal": ("float32", "float64"), "raw": ("uint32", "uint64")}
_OUTPUT_DTYPES = {output: tuple(numpy.dtype(name) for name in names) for output, names in OUTPUTS.items()}
_MASK64 = (1 << 64) - 1


@dataclasses.dataclass(frozen=True)
class LaunchShape:
    """Threads per block and resident threads per SM of the fill kernels; the
    states of XORWOW and MRG32k3a are one per thread of SM count x threads_per_sm."""
    block: int = BLOCK
    threads_per_sm: int = THREADS_PER_SM

    def __post_init__(self):
        if not (32 <= self.block <= 1024 and self.block % 32 == 0):
            raise ValueError(f"block must be a multiple of 32 from 32 to 1024, got {self.block}")
        if not (self.block <= self.threads_per_sm <= 2048 and self.threads_per_sm % self.block == 0):
            raise ValueError(f"threads_per_sm must be a multiple of block ({self.block}) up to 2048, "
                             f"got {self.threads_per_sm}")

    @property
    def blocks_per_sm(self):
        return self.threads_per_sm // self.block


def _check_generator(kind):
    if kind not in GENERATORS:
        raise ValueError(f"unknown bit generator {kind!r}: expected one of {', '.join(GENERATORS)}")


def check_output(output, dtype):
    """The dtype `output` writes, or NumPy's errors: ValueError for an unknown
    output, TypeError for a dtype it does not write."""
    if output not in OUTPUTS:
        raise ValueError(f"unknown bulk output {output!r}: expected one of {', '.join(OUTPUTS)}")
    dtype = numpy.dtype(dtype)
    if dtype not in _OUTPUT_DTYPES[output]:  # dtype objects: .name is a Python property, ~3 us a fill
        raise TypeError(f"Unsupported dtype {dtype.name!r} for {output}: expected "
                        + " or ".join(OUTPUTS[output]))
    return dtype


def _bounds(shape):
    """The launch bounds of a fill with `shape` (seeds have none)."""
    return {} if shape is None else {"max_threads": shape.block, "min_blocks": shape.blocks_per_sm}


def _fill_args(kind, output, dtype, replayed=False):
    """The row and type arguments of a fill; `replayed`: Philox's offset is
    read from device memory as well (a capture's counter, Note [Replayed host
    state] in cuda/_captures.py)."""
    _check_generator(kind)
    return ("bulk_fill", (kind + ("@replayed" if replayed else ""), check_output(output, dtype).name, output))


def _seed_args(kind):
    _check_generator(kind)
    if kind not in _STATEFUL:
        raise ValueError(f"{kind} is counter-based: it has no per-thread state to seed")
    return ("bulk_seed", (kind,))


def fill_source(kind, output, dtype, shape=LaunchShape()):
    """(kernel name, CUDA source) the engine writes for the kernel that writes
    `output` in `dtype` from `kind` (Note [Device templates] in
    cpp/kernels/device_templates.hpp)."""
    row, args = _fill_args(kind, output, dtype)
    return _core._device_template_source(row, list(args), **_bounds(shape))


def seed_source(kind):
    """(kernel name, CUDA source) of the kernel that seeds the per-thread states of `kind`."""
    row, args = _seed_args(kind)
    return _core._device_template_source(row, list(args))


@functools.lru_cache(maxsize=None)
def _kernel(row, args, shape):
    """The engine's kernel of `row` with `args` (a tuple) and `shape`'s launch
    bounds; cached here because a fill's host time is a few microseconds."""
    return _core._device_template_kernel(row, list(args), **_bounds(shape))


@functools.lru_cache(maxsize=None)
def _residency(device):
    """(SM count, resident threads per SM) of `device`."""
    props = _core.device_properties(device)
    return props["multiProcessorCount"], props["maxThreadsPerMultiProcessor"]


def grid_threads(device, shape):
    """Threads of one wave of `shape` on `device`: SM count x threads per SM,
    fewer per SM where the device holds fewer (whole blocks)."""
    sms, per_sm = _residency(device)
    return sms * (min(shape.threads_per_sm, per_sm) // shape.block * shape.block)


def chunks(n, dtype):
    """Chunks (16-byte vectors, each four words of the generator) of n elements of dtype."""
    width = CHUNK_BYTES // numpy.dtype(dtype).itemsize
    return -(-n // width)


class BulkStream:
    """The bulk streams of one bit generator: `kind` (a key of GENERATORS)
    seeded with `seed` (0 <= seed < 2**64). States are allocated and seeded
    on the first fill, on the device then current."""

    def __init__(self, kind, seed, shape=LaunchShape()):
        _check_generator(kind)
        if not 0 <= seed <= _MASK64:
            raise ValueError(f"seed must be in [0, 2**64), got {seed}")
        self.kind, self.seed, self.shape = kind, int(seed), shape
        self._state = None  # XORWOW, MRG32k3a: uint32 (STATE_WORDS, threads) on self._device
        self._device = None
        self._offset = 0  # Philox4x32_10: the first chunk counter of the next fill

    @property
    def threads(self):
        """Threads of the fill grid: one wave of the current device (for
        XORWOW and MRG32k3a, fixed when their states are made)."""
        if self._state is not None:
            return self._state.shape[1]
        return grid_threads(_core.get_device(), self.shape)

    def _states_here(self):
        """The per-thread states on the current device: seeded on first use,
        moved (through the host) when another device is current."""
        device = _core.get_device()
        if self._state is None:
            self._seed_states(device)
        elif self._device != device:
            with Device(self._device):
                words = self._state.get()
            self._state, self._device = _creation.asarray(words), device
        return self._state

    def _seed_states(self, device):
        threads = self.threads
        self._state = _from_shape.empty((STATE_WORDS, threads), numpy.uint32)
        self._device = device
        _kernel(*_seed_args(self.kind), None)((-(-threads // self.shape.block),), (self.shape.block,),
                              (self._state, numpy.uint64(self.seed), threads))

    def fill(self, out, output, shift=0.0, scale=1.0):
        """Writes `output` ("uniform", "normal", "lognormal": shift + scale * x,
        exp of it for "lognormal"; "raw": words) into `out`, a C-contiguous
        array of the dtype the output writes, and advances the stream."""
        dtype = check_output(output, out.dtype)
        if not out.flags.c_contiguous:
            raise ValueError("bulk streams write C-contiguous arrays only")
        n = out.size
        if n == 0:
            return out
        count = chunks(n, dtype)
        replayed = None
        if self.kind in _STATEFUL:
            if _captures.current() is not None:
                # Their replays did not continue the eager stream on an H200 (2026-11-27):
                # refused until they do, rather than drawing numbers that may repeat.
                raise CUDARuntimeError(
                    f"{self.kind} draws cannot be recorded in a CUDA graph yet: use a "
                    "Generator(gpuarray.random.Philox4x32_10(seed)), whose replays draw new numbers")
            state, offset = self._states_here(), 0
        else:
            replayed = _replayed.counter(self, "_offset")
            if replayed is None:
                state, offset = None, self._offset
                self._offset = (self._offset + count) & _MASK64
            else:
                state, offset = replayed.base, replayed.take(count)
        threads = self.threads
        grid = -(-min(count, threads) // self.shape.block)
        _kernel(*_fill_args(self.kind, output, dtype, replayed is not None), self.shape)(
            (grid,), (self.shape.block,),
            (state, numpy.uint64(self.seed), numpy.uint64(offset), threads, out, n, float(shift), float(scale)))
        return out


__all__ = ["BulkStream", "LaunchShape", "fill_source", "seed_source", "chunks", "check_output"]
