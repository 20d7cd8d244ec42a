# SPDX-License-Identifier: BSD-3-Clause
"""Bit generators: XORWOW (the default, as CuPy's), Philox4x32_10 and MRG32k3a.

Each holds a seed and feeds two kinds of kernels:
- the bulk streams (uniform, normal, log-normal, raw words) of
  gpuarray/random_bulk.cuh, launched by _bulk.BulkStream, which this object
  creates on the first draw (Note [Bulk streams] in the header);
- the distribution kernels, through the seed and a call counter: they draw
  from counter-based Philox streams keyed by (seed, call, element)
  (Note [Counter-based streams] in _include/gpuarray/random.cuh).
Both are functions of the seed alone, so the same seed gives the same numbers
on the same GPU and version, and two objects never share state."""
import os

import numpy

from gpuarray.random._bulk import BulkStream
from gpuarray.random._sampling import raw, shape_of

# Seeds are kept below 2**63: they travel to kernels as 64-bit integers.
_SEED_MASK = (1 << 63) - 1


def _seed_value(seed):
    """An integer seed from None (fresh entropy), an int, or anything
    numpy.random.SeedSequence takes (arrays of ints are hashed)."""
    if seed is None:
        return int.from_bytes(os.urandom(8), "little") & _SEED_MASK
    if isinstance(seed, (int, numpy.integer)) and not isinstance(seed, bool):
        seed = int(seed)
        if seed < 0:
            raise ValueError("Seed must be between 0 and 2**32 - 1" if seed >= -(1 << 31)
                             else "Seed must be non-negative")
        if seed <= _SEED_MASK:
            return seed
    words = numpy.random.SeedSequence(seed).generate_state(2, numpy.uint64)
    return int(words[0]) & _SEED_MASK


class BitGenerator:
    """The base of the bit generators; `seed` as numpy.random.default_rng takes it."""

    _kind = None

    def __init__(self, seed=None):
        self._seed = _seed_value(seed)
        self._calls = 0
        self._stream = None

    def _reseed(self, seed):
        self._seed = _seed_value(seed)
        self._calls = 0
        self._stream = None

    def _bulk(self):
        """The bulk streams of this generator (made on the first draw)."""
        if self._stream is None:
            self._stream = BulkStream(self._kind, self._seed)
        return self._stream

    def _next_call(self):
        """The call number of the next distribution kernel: its elements draw
        streams no earlier call used."""
        self._calls += 1
        return self._calls

    def random_raw(self, size=None, output=True):
        """Raw 32-bit words (uint32) of the generator, as CuPy's."""
        out = raw(self, shape_of(size), numpy.uint32)
        return out if output else None

    def __repr__(self):
        return f"{type(self).__name__}()"


class XORWOW(BitGenerator):
    """Marsaglia's xorwow, one state per thread of the fill grid; the default."""
    _kind = "XORWOW"


class Philox4x32_10(BitGenerator):
    """Philox4x32-10, counter-based: the numbers do not depend on the launch."""
    _kind = "Philox4x32_10"


class MRG32k3a(BitGenerator):
    """L'Ecuyer's MRG32k3a, one state per thread of the fill grid."""
    _kind = "MRG32k3a"


__all__ = ["BitGenerator", "XORWOW", "Philox4x32_10", "MRG32k3a"]
