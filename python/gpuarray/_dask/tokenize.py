# SPDX-License-Identifier: BSD-3-Clause
"""``ndarray.__dask_tokenize__``: a deterministic token from an array's contents,
hashed on the device (Note [Tokens of device arrays]). Imports no Dask.

Note [Tokens of device arrays]: Dask names a task by a token of its inputs
and reuses results (and merges graphs) whose names are equal, so two arrays
may share a token only if they hold the same values. Dask tokenizes NumPy
arrays by hashing their bytes; gpuarray does the same on the device. A token
from the data pointer, shape and strides would be cheaper but wrong: an array
written in place between two ``da.from_array`` calls would keep its token, and
Dask would hand back the old values; gpuarray keeps no write counter that
could tell. Hashing costs a few elementwise passes and two reductions over
the array's bytes (no copy to the host), done in blocks of at most
``BLOCK_WORDS`` 64-bit words so that the temporaries stay small; the token is
the same in every process and on every device.

The hash: the bytes in C order, padded with zeros to whole 64-bit words; each
word, XORed with its index times an odd constant, goes through MurmurHash3's
64-bit finalizer (a bijection that spreads every input bit over the output);
the token holds the wrapping sums of those values and of a second, differently
seeded finalizer pass, so 128 bits. It is not a cryptographic hash; Dask's
own for NumPy arrays (xxhash) is not either. The dtype, shape and byte count
are in the token too, so the zero padding cannot make two arrays equal.
"""
import numpy

from gpuarray._array_creation.from_data import ascontiguousarray
from gpuarray._array_creation.from_shape import zeros
from gpuarray._array_creation.ranges import arange
from gpuarray._array_manipulation.joining import concatenate
from gpuarray._reduction.reductions import sum as _sum
from gpuarray._ufunc.ufuncs import bitwise_xor, multiply, right_shift

BLOCK_WORDS = 1 << 24  # 128 MiB of words per pass: three temporaries of this size at most
# NumPy uint64 scalars, not Python ints: every operand of the hash is then uint64 outright
# (a weak Python int above 2**63 is also uint64 under NEP 50, but says so less plainly).
_INDEX_MULTIPLIER = numpy.uint64(0x9E3779B97F4A7C15)  # odd: index -> index * M is a bijection mod 2**64
_SECOND_SEED = numpy.uint64(0xC2B2AE3D27D4EB4F)
_MIX1 = numpy.uint64(0xFF51AFD7ED558CCD)  # MurmurHash3 fmix64 constants
_MIX2 = numpy.uint64(0xC4CEB9FE1A85EC53)
_SHIFT = numpy.uint64(33)

__all__ = []


def _fmix64(x):
    """MurmurHash3's 64-bit finalizer, elementwise over a uint64 array (wrapping)."""
    x = bitwise_xor(x, right_shift(x, _SHIFT))
    x = multiply(x, _MIX1)
    x = bitwise_xor(x, right_shift(x, _SHIFT))
    x = multiply(x, _MIX2)
    return bitwise_xor(x, right_shift(x, _SHIFT))


def _words(a):
    """The array's bytes in C order as a 1-D uint64 array, zero-padded to whole words."""
    flat = ascontiguousarray(a).reshape(-1).view(numpy.uint8)
    pad = -flat.size % 8
    if pad:
        flat = concatenate((flat, zeros(pad, numpy.uint8)))
    return flat.view(numpy.uint64)


def content_digest(a):
    """Two 64-bit integers hashing the bytes of `a` in C order, computed on the device.

    Parameters
    ----------
    a : gpuarray.ndarray
        Any array (any layout; a strided one is hashed as its C-ordered copy).

    Returns
    -------
    tuple of int
        ``(h1, h2)``, each in ``[0, 2**64)``; ``(0, 0)`` for an empty array.

    Notes
    -----
    Equal bytes give equal digests in every process and on every device; the
    cost is a few passes over the array on the device and one small copy back
    (Note [Tokens of device arrays]).
    """
    if a.size == 0:
        return 0, 0
    words = _words(a)
    h1 = h2 = 0
    for start in range(0, words.size, BLOCK_WORDS):
        block = words[start:start + BLOCK_WORDS]
        index = arange(start, start + block.size, dtype=numpy.uint64)
        mixed = _fmix64(bitwise_xor(block, multiply(index, _INDEX_MULTIPLIER)))
        h1 += int(_sum(mixed, dtype=numpy.uint64))
        h2 += int(_sum(_fmix64(bitwise_xor(mixed, _SECOND_SEED)), dtype=numpy.uint64))
    return h1 % (1 << 64), h2 % (1 << 64)


def _dask_tokenize(self):
    """Dask's token of the array: its type, dtype, shape and a hash of its contents
    (Note [Tokens of device arrays])."""
    return ("gpuarray.ndarray", self.dtype.str, self.dtype.name, tuple(self.shape), self.nbytes, *content_digest(self))
