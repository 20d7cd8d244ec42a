# SPDX-License-Identifier: BSD-3-Clause
"""What the Python layer keeps about a stream capture in progress: checks to
run after a replay and counters that advance on every replay (Note [Replayed
host state]).

Note [Replayed host state]
Two kinds of host state do not survive being recorded into a graph:
- Checks that read the device. A LAPACK info (a singular matrix, no
  convergence) is read back after the call in eager code; in a capture
  nothing has run yet. So the routine hands the check to the capture
  (`defer_check`), the info array stays alive with the graph (its memory is
  the graph's, rewritten by every replay), and Graph.check_errors() runs
  the checks after a replay: the same exception, one synchronization.
- Counters a kernel takes by value. A Philox offset or a distribution
  kernel's call number would be frozen into the graph, so every replay
  would draw the same numbers. In a capture those kernels read a base from
  device memory and add their offset within the graph; before each replay
  Graph.launch writes the host counter into the base and advances the host
  counter by what the graph consumes (`replayed_counter`), as PyTorch does
  with its Philox offsets. Eager draws after a replay continue after it.
Captures begun through gpuarray's Stream.begin_capture are the ones known
here; work captured by other means (another library capturing the stream)
meets the eager code and its clear refusal to read back."""
import threading

from gpuarray import _core

_records = {}  # stream pointer -> CaptureRecord, for every thread's captures
_lock = threading.Lock()


class CaptureRecord:
    """The checks and counters of one capture, handed to its Graph."""

    __slots__ = ("checks", "counters")

    def __init__(self):
        self.checks = []  # callables that raise when the last replay failed
        self.counters = {}  # key -> an object with before_replay(stream)


def begin(stream_ptr):
    with _lock:
        _records[stream_ptr] = CaptureRecord()


def end(stream_ptr):
    """The record of the capture of `stream_ptr`, no longer current (an empty one
    for a capture not begun here)."""
    with _lock:
        return _records.pop(stream_ptr, None) or CaptureRecord()


def current():
    """The record of the capture of the current stream, or None when it is not
    being captured (one dict lookup when nothing is)."""
    if not _records:
        return None
    return _records.get(_core.current_stream_ptr(_core.get_device()))


def defer_check(check):
    """Runs `check` (a callable raising the routine's error) now, or after the
    replay when the current stream is being captured."""
    record = current()
    if record is None:
        check()
    else:
        record.checks.append(check)


def replayed_counter(key, make):
    """The counter of the current capture for `key` (made by `make()` on first
    use; it has before_replay(stream)), or None outside a capture."""
    record = current()
    if record is None:
        return None
    counter = record.counters.get(key)
    if counter is None:
        counter = record.counters[key] = make()
    return counter
