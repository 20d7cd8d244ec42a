# SPDX-License-Identifier: BSD-3-Clause
"""The generators' host counters as captured kernels see them: a base in
device memory that Graph.launch sets before every replay (Note [Replayed host
state] in cuda/_captures.py)."""
import numpy

from gpuarray import _core
from gpuarray._array_creation import from_shape as _from_shape
from gpuarray.cuda import _captures

_MASK64 = (1 << 64) - 1
_zero_bases = {}  # device -> a uint64 zero: the base of kernels run outside a capture


class ReplayedCounter:
    """The counter `attribute` of `owner` (a host int) for the kernels of one
    capture: they read `base[0]` plus the offset `take` gave them; before each
    replay the base gets the host value, which then advances by all the graph
    takes."""

    __slots__ = ("owner", "attribute", "base", "used")

    def __init__(self, owner, attribute):
        self.owner, self.attribute = owner, attribute
        self.base = _from_shape.empty((1,), numpy.uint64)  # the graph's memory: made during the capture
        self.used = 0

    def take(self, n):
        """The offset from the base of the next `n` counts of this graph."""
        start = self.used
        self.used += n
        return start

    def before_replay(self, stream):
        value = getattr(self.owner, self.attribute)
        if stream is None:
            self.base.fill(value)
        else:
            with stream:
                self.base.fill(value)
        setattr(self.owner, self.attribute, (value + self.used) & _MASK64)


def counter(owner, attribute):
    """The ReplayedCounter of `owner`'s `attribute` in the current capture, or
    None outside a capture."""
    return _captures.replayed_counter((id(owner), attribute), lambda: ReplayedCounter(owner, attribute))


def call_number(bitgen):
    """(base, call) for a distribution kernel: its call number is base[0] +
    call. Outside a capture the host counter advances and base is a zero; in
    a capture the graph's counter gives the offset."""
    replayed = counter(bitgen, "_calls")
    if replayed is None:
        device = _core.get_device()
        base = _zero_bases.get(device)
        if base is None:
            base = _zero_bases[device] = _from_shape.zeros((1,), numpy.uint64)
        return base, bitgen._next_call()
    return replayed.base, replayed.take(1) + 1


__all__ = ["ReplayedCounter", "counter", "call_number"]
