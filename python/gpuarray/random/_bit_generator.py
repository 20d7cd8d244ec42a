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
import numpy
from numpy.random.bit_generator import ISeedSequence, ISpawnableSeedSequence

from gpuarray.random import _state
from gpuarray.random._bulk import BulkStream
from gpuarray.random._sampling import raw, shape_of

# Seeds are kept below 2**63: they travel to kernels as 64-bit integers.
_SEED_MASK = (1 << 63) - 1


def seed_sequence(seed):
    """`seed` as a SeedSequence (Note [Seeding]): itself when it is one, else
    numpy.random.SeedSequence(seed), which draws fresh entropy for None and
    hashes ints and arrays of ints."""
    if isinstance(seed, ISeedSequence):
        return seed
    if isinstance(seed, (int, numpy.integer)) and not isinstance(seed, bool) and seed < 0:
        # CuPy's and RandomState's messages (SeedSequence's is "expected non-negative integer").
        raise ValueError("Seed must be between 0 and 2**32 - 1" if seed >= -(1 << 31) else "Seed must be non-negative")
    return numpy.random.SeedSequence(seed)


def key_of(seed_seq):
    """The 63-bit key of the generator streams: the first 64-bit word of the
    sequence's state, top bit cleared."""
    return int(seed_seq.generate_state(1, numpy.uint64)[0]) & _SEED_MASK


# Note [Seeding]: every seed goes through a SeedSequence, as in NumPy: an int
# n, SeedSequence(n) and default_rng(n) give the same stream, and spawn()
# hands each child a SeedSequence child, whose key is an unrelated 63-bit hash.
# The streams are functions of that key (Note [Two sources] in docs/random.md):
# keys that differ give independent streams. They are not NumPy's numbers:
# NumPy feeds the same SeedSequence to other generators (PCG64, ...).


class BitGenerator:
    """The base of gpuarray's bit generators (numpy.random.BitGenerator's API).

    Parameters
    ----------
    seed : None, int, array_like of ints or SeedSequence, optional
        As numpy.random.default_rng takes it: None draws fresh entropy from
        the operating system; anything else goes through
        numpy.random.SeedSequence, so an int n and SeedSequence(n) give the
        same stream.

    Notes
    -----
    The same seed gives the same numbers on the same GPU and version, never
    NumPy's numbers (docs/random.md, "Seeding and streams").
    """

    _kind = None

    def __init__(self, seed=None):
        self._reseed(seed)

    def _reseed(self, seed):
        self._seed_seq = seed_sequence(seed)
        self._seed = key_of(self._seed_seq)
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

    @property
    def seed_seq(self):
        """The SeedSequence this generator was seeded from (as NumPy's)."""
        return self._seed_seq

    @property
    def state(self):
        """The generator's state: a dict {'bit_generator': name, 'state': {...}}.

        'state' holds 'seed' (the 63-bit key), 'calls' (the distribution
        kernels' call counter) and the bulk stream's position: 'offset' for
        Philox4x32_10, 'thread_states' (uint32, 6 x threads, a host copy of
        the per-thread states) for XORWOW and MRG32k3a. Setting a state this
        property returned continues that stream exactly, on any device.

        Raises
        ------
        TypeError
            When set to anything but a dict.
        ValueError
            When set to the state of another kind of generator, or to a
            malformed one.

        Notes
        -----
        Reading the state of XORWOW or MRG32k3a after a draw copies the
        per-thread states to the host (about 3 MB on an H100) and waits for
        the device.

        Examples
        --------
        >>> import gpuarray as xp
        >>> bg = xp.random.Philox4x32_10(7)
        >>> saved = bg.state
        >>> a = bg.random_raw(4)
        >>> bg.state = saved
        >>> bool((bg.random_raw(4) == a).all())
        True
        """
        return _state.capture(self)

    @state.setter
    def state(self, value):
        _state.restore(self, value)

    def spawn(self, n_children):
        """New bit generators of this kind, seeded from children of seed_seq.

        Parameters
        ----------
        n_children : int
            How many to make.

        Returns
        -------
        list of BitGenerator
            `n_children` generators of this generator's type, each seeded
            from the next child of `seed_seq` (SeedSequence.spawn): their
            streams are independent of this one's and of each other's, and
            calling spawn again gives new ones.

        Raises
        ------
        TypeError
            When seed_seq cannot spawn (a SeedSequence that is not an
            ISpawnableSeedSequence).

        See Also
        --------
        Generator.spawn, numpy.random.SeedSequence.spawn

        Examples
        --------
        >>> import gpuarray as xp
        >>> children = xp.random.XORWOW(5).spawn(2)
        >>> [type(c).__name__ for c in children]
        ['XORWOW', 'XORWOW']
        """
        if not isinstance(self._seed_seq, ISpawnableSeedSequence):
            raise TypeError("The underlying SeedSequence does not implement spawning.")
        return [type(self)(seed=child) for child in self._seed_seq.spawn(n_children)]

    def random_raw(self, size=None, output=True):
        """Raw 32-bit words of the generator's bulk stream, as CuPy's.

        Parameters
        ----------
        size : int or tuple of ints, optional
            Output shape; default (None): a 0-d array.
        output : bool, optional
            False draws the words (advancing the stream) and returns None.

        Returns
        -------
        out : gpuarray.ndarray or None
            uint32 words.

        Examples
        --------
        >>> import gpuarray as xp
        >>> xp.random.XORWOW(1).random_raw(3).dtype
        dtype('uint32')
        """
        out = raw(self, shape_of(size), numpy.uint32)
        return out if output else None

    # Pickling (and copy.deepcopy) goes through the state: the copy continues
    # the same stream, and draws of one do not move the other.
    def __getstate__(self):
        return {"seed_seq": self._seed_seq, "state": self.state}

    def __setstate__(self, pickled):
        self._seed_seq, self._stream = pickled["seed_seq"], None
        self.state = pickled["state"]

    def __repr__(self):
        return f"{type(self).__name__}()"


class XORWOW(BitGenerator):
    """Marsaglia's xorwow, one state per thread of the fill grid; the default."""
    _kind = "XORWOW"


class Philox4x32_10(BitGenerator):
    """Philox4x32-10, counter-based: the numbers do not depend on the launch."""
    _kind = "Philox4x32_10"


# CuPy's name for it (cupy.random.Philox4x3210). numpy.random.Philox is
# Philox4x64-10, another generator: gpuarray has no Philox of that name.
Philox4x3210 = Philox4x32_10


class MRG32k3a(BitGenerator):
    """L'Ecuyer's MRG32k3a, one state per thread of the fill grid."""
    _kind = "MRG32k3a"


__all__ = ["BitGenerator", "XORWOW", "Philox4x32_10", "Philox4x3210", "MRG32k3a"]
