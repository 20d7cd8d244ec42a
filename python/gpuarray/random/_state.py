# SPDX-License-Identifier: BSD-3-Clause
"""The state of a bit generator, in the two forms NumPy gives it:
BitGenerator.state's dict and RandomState.get_state's legacy tuple.

A state is everything the next draw depends on (Note [Generator state]), so
setting a captured state continues the same stream exactly:
- the 63-bit key `seed`, which keys both the bulk streams and the
  distribution kernels' Philox streams;
- `calls`, the distribution kernels' call counter;
- the bulk stream's position: Philox4x32_10's chunk counter `offset`, or
  the per-thread states of XORWOW and MRG32k3a (uint32, STATE_WORDS x
  threads, copied to the host; empty before the first bulk draw, which seeds
  them from `seed`).

The bulk stream (_bulk.BulkStream) keeps its position in `_offset`,
`_state` and `_device`; this module is the one place outside _bulk.py that
reads and sets them."""
import operator

import numpy

from gpuarray import _core
from gpuarray._array_creation import from_data as _creation
from gpuarray._array_creation.transfer import asnumpy
from gpuarray.random._bulk import STATE_WORDS, BulkStream

_COUNTER_BASED = ("Philox4x32_10",)
_HEADER_WORDS = 6  # seed, calls, offset: two 32-bit words each, low word first
_U32 = (1 << 32) - 1
_SEED_LIMIT = 1 << 63
_U64_LIMIT = 1 << 64


def capture(bitgen):
    """The state dict of `bitgen`: {'bit_generator': its name, 'state': {...}}."""
    stream = bitgen._stream
    state = {"seed": bitgen._seed, "calls": bitgen._calls}
    if bitgen._kind in _COUNTER_BASED:
        state["offset"] = 0 if stream is None else stream._offset
    elif stream is None or stream._state is None:
        state["thread_states"] = numpy.empty((STATE_WORDS, 0), numpy.uint32)
    else:
        # A copy: later draws update the device states in place.
        state["thread_states"] = numpy.array(asnumpy(stream._state), numpy.uint32)
    return {"bit_generator": bitgen._kind, "state": state}


def _integer(value, name, limit):
    """`value` as an int in [0, limit), or ValueError naming the entry."""
    try:
        value = operator.index(value)
    except TypeError:
        raise ValueError(f"state['{name}'] must be an integer") from None
    if not 0 <= value < limit:
        raise ValueError(f"state['{name}'] must be in [0, {limit})")
    return value


def restore(bitgen, value):
    """Sets the state of `bitgen` from a dict `capture` made (for a generator
    of the same kind). Everything is checked before anything changes."""
    if not isinstance(value, dict):
        raise TypeError("state must be a dict")
    kind = bitgen._kind
    if value.get("bit_generator") != kind:
        raise ValueError(f"state must be for a {kind} PRNG")
    state = value.get("state")
    keys = ("seed", "calls", "offset" if kind in _COUNTER_BASED else "thread_states")
    if not isinstance(state, dict) or set(state) != set(keys):
        raise ValueError(f"state['state'] must be a dict with the keys {', '.join(keys)}")
    seed = _integer(state["seed"], "seed", _SEED_LIMIT)
    calls = _integer(state["calls"], "calls", _U64_LIMIT)
    stream = BulkStream(kind, seed)
    if kind in _COUNTER_BASED:
        stream._offset = _integer(state["offset"], "offset", _U64_LIMIT)
    else:
        words = numpy.asarray(state["thread_states"])
        if words.ndim != 2 or words.shape[0] != STATE_WORDS or words.dtype != numpy.uint32:
            raise ValueError(f"state['thread_states'] must be a uint32 array of shape ({STATE_WORDS}, threads)")
        if words.shape[1]:
            stream._state = _creation.asarray(numpy.ascontiguousarray(words))
            stream._device = _core.get_device()
    bitgen._seed, bitgen._calls, bitgen._stream = seed, calls, stream


def _words(value):
    """(low, high) 32-bit words of a 64-bit value."""
    return value & _U32, value >> 32


def to_legacy(value):
    """RandomState.get_state's tuple of a state dict: (name, key, pos,
    has_gauss, cached_gaussian), where key is uint32 [seed, calls, offset
    (two words each, low first), then the per-thread states row by row] and
    pos, has_gauss, cached_gaussian are 0, 0, 0.0 (no Gaussian is cached)."""
    state = value["state"]
    header = [*_words(state["seed"]), *_words(state["calls"]), *_words(state.get("offset", 0))]
    threads = state.get("thread_states", numpy.empty((STATE_WORDS, 0), numpy.uint32))
    key = numpy.concatenate([numpy.array(header, numpy.uint32), threads.reshape(-1)])
    return value["bit_generator"], key, 0, 0, 0.0


def from_legacy(state, kind):
    """The state dict of a legacy tuple (name, key, pos[, has_gauss,
    cached_gaussian]) for a generator of `kind`; NumPy's errors."""
    if len(state) not in (3, 5):
        raise ValueError("a legacy state is (name, key, pos) or (name, key, pos, has_gauss, cached_gaussian)")
    if state[0] != kind:
        raise ValueError(f"set_state can only be used with legacy {kind} state instances.")
    if operator.index(state[2]) != 0:
        raise ValueError("pos must be 0: the key holds the whole position")
    if len(state) == 5:
        check_no_gauss(state[3])
    key = numpy.asarray(state[1])
    if key.ndim != 1 or key.dtype.kind not in "iu" or key.size < _HEADER_WORDS or \
            (key.size - _HEADER_WORDS) % STATE_WORDS or (key.size > _HEADER_WORDS and kind in _COUNTER_BASED):
        raise ValueError(f"the key of a legacy {kind} state is not valid")
    if key.size and (key.min() < 0 or key.max() > _U32):
        raise ValueError(f"the key of a legacy {kind} state holds values outside uint32")
    key = key.astype(numpy.uint64)
    seed, calls, offset = (int(key[i]) | int(key[i + 1]) << 32 for i in range(0, _HEADER_WORDS, 2))
    inner = {"seed": seed, "calls": calls}
    if kind in _COUNTER_BASED:
        inner["offset"] = offset
    elif offset:
        raise ValueError(f"the key of a legacy {kind} state is not valid: {kind} has no offset")
    else:
        inner["thread_states"] = key[_HEADER_WORDS:].astype(numpy.uint32).reshape(STATE_WORDS, -1)
    return {"bit_generator": kind, "state": inner}


def check_no_gauss(has_gauss):
    """The generators cache no Gaussian (Box-Muller uses both values of each
    pair), so a state that holds one cannot be continued exactly."""
    if has_gauss:
        raise ValueError("has_gauss must be 0: gpuarray's generators keep no cached Gaussian")
