# SPDX-License-Identifier: BSD-3-Clause
"""The bulk streams of gpuarray.random: uniform, normal and log-normal floats
and raw words, written by the kernels of gpuarray/random_bulk.cuh (see Note
[Bulk streams] there). This module owns their launch: the kernel sources, the
grid, the per-thread states of XORWOW and MRG32k3a (pool memory, one set per
bit generator, seeded on the device from the seed) and Philox's counter
offset. Every launch goes on the current stream."""
import dataclasses
import functools

import numpy

from gpuarray import _core
from gpuarray import _creation
from gpuarray.cuda import Device
from gpuarray.cuda.kernel import RawKernel

# The launch shape, from benchmarks/random_bulk_variants.py on an H100
# (2026-11-26): 512 x 1024 wrote float32 normals at 3007 GB/s and float64
# uniforms at 2987 GB/s with XORWOW, against 2820 / 2777 for 256 x 2048; the
# other generators are as fast or faster with it. Half a wave of threads per
# SM leaves each thread more chunks, and the states are half as large.
BLOCK = 512  # threads per block
THREADS_PER_SM = 1024  # resident threads per SM (fewer where the device holds fewer)
CHUNK_BYTES = 16  # one chunk (four 32-bit words of the generator) fills one 16-byte vector
STATE_WORDS = 6  # 32-bit words of one thread's XORWOW or MRG32k3a state

# gpuarray.random's bit generator names -> the header's generator types.
GENERATORS = {"XORWOW": "Xorwow", "MRG32k3a": "Mrg32k3a", "Philox4x32_10": "CounterPhilox"}
_STATEFUL = ("XORWOW", "MRG32k3a")
# output -> (the header's template, the dtypes it writes)
OUTPUTS = {"uniform": ("Uniform", ("float32", "float64")), "normal": ("Normal", ("float32", "float64")),
           "lognormal": ("LogNormal", ("float32", "float64")), "raw": ("Raw", ("uint32", "uint64"))}
_OUTPUT_DTYPES = {output: tuple(numpy.dtype(name) for name in names) for output, (_, names) in OUTPUTS.items()}
_CTYPES = {"float32": "float", "float64": "double", "uint32": "unsigned int", "uint64": "unsigned long long"}
OPTIONS = ("-std=c++17",)  # contractions allowed: shift + scale * x is one fma, exact for (0, 1)
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
                        + " or ".join(OUTPUTS[output][1]))
    return dtype


@functools.lru_cache(maxsize=None)
def fill_source(kind, output, dtype, shape=LaunchShape()):
    """(kernel name, CUDA source) of the kernel that writes `output` in `dtype`
    from `kind` (cached: each launch looks its kernel up by this source)."""
    _check_generator(kind)
    dtype = check_output(output, dtype)
    ctype = _CTYPES[dtype.name]
    name = f"ga_bulk_{kind.lower()}_{output}_{dtype.name}"
    source = (f'#include "gpuarray/random_bulk.cuh"\n'
              f'extern "C" __global__ void __launch_bounds__({shape.block}, {shape.blocks_per_sm})\n'
              f"{name}(unsigned int* state, unsigned long long key, unsigned long long offset, long long threads,\n"
              f"    {ctype}* out, long long n, double shift, double scale) {{\n"
              f"  ga::bulk::fill<ga::bulk::{GENERATORS[kind]}, ga::bulk::{OUTPUTS[output][0]}<{ctype}>>(\n"
              f"      state, key, offset, threads, out, n, shift, scale);\n"
              f"}}\n")
    return name, source


@functools.lru_cache(maxsize=None)
def seed_source(kind):
    """(kernel name, CUDA source) of the kernel that seeds the per-thread states of `kind`."""
    _check_generator(kind)
    if kind not in _STATEFUL:
        raise ValueError(f"{kind} is counter-based: it has no per-thread state to seed")
    name = f"ga_bulk_{kind.lower()}_seed"
    source = (f'#include "gpuarray/random_bulk.cuh"\n'
              f'extern "C" __global__ void {name}(unsigned int* state, unsigned long long seed, long long threads) {{\n'
              f"  ga::bulk::seed<ga::bulk::{GENERATORS[kind]}>(state, seed, threads);\n"
              f"}}\n")
    return name, source


@functools.lru_cache(maxsize=None)
def _kernel(name, source):
    return RawKernel(source, name, options=OPTIONS)


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
            threads = self.threads
            self._state = _creation.empty((STATE_WORDS, threads), numpy.uint32)
            self._device = device
            name, source = seed_source(self.kind)
            _kernel(name, source)((-(-threads // self.shape.block),), (self.shape.block,),
                                  (self._state, numpy.uint64(self.seed), threads))
        elif self._device != device:
            with Device(self._device):
                words = self._state.get()
            self._state, self._device = _creation.asarray(words), device
        return self._state

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
        state = self._states_here() if self.kind in _STATEFUL else None
        threads = self.threads
        name, source = fill_source(self.kind, output, dtype, self.shape)
        grid = -(-min(count, threads) // self.shape.block)
        _kernel(name, source)((grid,), (self.shape.block,),
                              (state, numpy.uint64(self.seed), numpy.uint64(self._offset), threads, out, n,
                               float(shift), float(scale)))
        if state is None:
            self._offset = (self._offset + count) & _MASK64
        return out


__all__ = ["BulkStream", "LaunchShape", "fill_source", "seed_source", "chunks", "check_output"]
