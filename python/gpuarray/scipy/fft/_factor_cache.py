# SPDX-License-Identifier: BSD-3-Clause
"""Device arrays of transform factors (the DCT/DST twiddles, fftpack's
pseudo-differential multipliers), kept between calls.

Note [Factor cache]: a DCT of 2^24 points reads (2^23 + 1) complex factors;
making them is half a dozen kernels over that length (cos and sin in
float64), as much work as the transform itself. They depend only on the
length, dtype, kind and scale, so they are kept per device, least recently
used first out, within a count and a byte budget (an array larger than the
budget is made for each call and not kept). A new entry is made on the
current stream, which is then synchronized once, so that a later call on
another stream never reads it half-written."""
import collections
import threading

from gpuarray._core import get_device
from gpuarray.cuda.stream import get_current_stream

MAX_ENTRIES = 64
MAX_BYTES = 256 * 2**20

_entries = collections.OrderedDict()
_lock = threading.Lock()


def cached_factors(key, make):
    """The array `make()` returns for `key` on the current device, from the cache
    when it is there."""
    full_key = (get_device(),) + tuple(key)
    with _lock:
        value = _entries.get(full_key)
        if value is not None:
            _entries.move_to_end(full_key)
            return value
    value = make()
    get_current_stream().synchronize()
    if value.nbytes > MAX_BYTES:
        return value
    with _lock:
        _entries[full_key] = value
        while len(_entries) > MAX_ENTRIES or sum(v.nbytes for v in _entries.values()) > MAX_BYTES:
            _entries.popitem(last=False)
    return value


def clear():
    """Drop every kept array (their memory goes back to the pool)."""
    with _lock:
        _entries.clear()
