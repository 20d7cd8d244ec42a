# SPDX-License-Identifier: BSD-3-Clause
"""`graphed`: a function captured into a CUDA graph once per argument
signature and replayed on later calls, with static input and output buffers,
as PyTorch's ``make_graphed_callables`` works.

Note [Graphed functions]: the first call with a new signature (the shapes,
dtypes and strides of the array arguments and the values of the others) runs
the function `warmup` times on copies of the arguments, so that its kernels
are compiled and its library handles, plans and workspaces exist before
anything is recorded, then captures one call on a side stream. Every call
copies its array arguments into those copies (the graph's static inputs) and
replays the graph on the current stream. The result is the captured call's
own output arrays: the same objects at every call, overwritten by the next
one, so a caller that keeps a result across calls copies it."""
import functools

from gpuarray._core import ndarray
from gpuarray.cuda.stream import Stream, get_current_stream

__all__ = ["graphed"]


def _signature(args, kwargs):
    def one(value):
        if isinstance(value, ndarray):
            return ("array", value.shape, value.dtype.str, value.strides, value.device.id)
        try:
            hash(value)
        except TypeError:
            raise TypeError(f"graphed: argument {value!r} is neither a gpuarray array nor hashable; its value "
                            "decides what is captured, so it must be hashable") from None
        return ("value", type(value), value)
    return tuple(one(a) for a in args) + tuple((k, one(v)) for k, v in sorted(kwargs.items()))


class _Captured:
    __slots__ = ("args", "kwargs", "output", "graph")

    def __init__(self, fn, args, kwargs, warmup):
        copy = lambda v: v.copy() if isinstance(v, ndarray) else v  # noqa: E731
        self.args = [copy(a) for a in args]
        self.kwargs = {k: copy(v) for k, v in kwargs.items()}
        for _ in range(warmup):
            fn(*self.args, **self.kwargs)
        current = get_current_stream()
        side = Stream(non_blocking=True)
        side.wait_event(current.record())
        side.begin_capture()
        try:
            with side:
                self.output = fn(*self.args, **self.kwargs)
        except BaseException:
            try:
                side.end_capture()  # the capture is over; its error, if any, is not the cause
            except Exception:
                pass
            raise
        self.graph = side.end_capture()

    def refill(self, args, kwargs):
        for static, value in zip(self.args, args):
            if isinstance(static, ndarray) and value is not static:
                static[...] = value
        for key, value in kwargs.items():
            static = self.kwargs[key]
            if isinstance(static, ndarray) and value is not static:
                static[...] = value


def graphed(fn=None, *, warmup=1):
    """Decorator: `fn` captured into a CUDA graph per argument signature and
    replayed (Note [Graphed functions]).

    Parameters
    ----------
    fn : callable, optional
        A function of gpuarray arrays (and hashable other arguments) whose work
        can be captured: no value read back to the host inside.
    warmup : int, optional
        Eager calls before the capture of a new signature (default 1), which
        compile kernels and create library plans and workspaces.

    Returns
    -------
    wrapper : callable
        Takes `fn`'s arguments; returns the captured call's outputs, the same
        arrays at every call with the same signature, refilled by each call.
        ``wrapper.graphs`` maps each signature to its `Graph`.

    Raises
    ------
    TypeError
        For an argument that is neither an array nor hashable.
    CUDARuntimeError
        When `fn` does something a graph cannot record (it is named).

    See Also
    --------
    Stream.begin_capture, Graph

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.cuda import graphed
    >>> @graphed
    ... def step(x, y):
    ...     return (x * 2 + y).sum()
    >>> a, b = xp.arange(4.0), xp.ones(4)
    >>> float(step(a, b))
    16.0
    >>> float(step(a + 1, b))
    24.0
    """
    if fn is None:
        return functools.partial(graphed, warmup=warmup)
    if not isinstance(warmup, int) or warmup < 0:
        raise ValueError(f"warmup must be a non-negative int, not {warmup!r}")
    captured = {}

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        key = _signature(args, kwargs)
        entry = captured.get(key)
        if entry is None:
            entry = captured[key] = _Captured(fn, args, kwargs, warmup)
        else:
            entry.refill(args, kwargs)
        entry.graph.launch()
        return entry.output

    wrapper.graphs = _GraphsView(captured)
    return wrapper


class _GraphsView:
    """Read-only {signature: Graph} of a graphed function."""

    __slots__ = ("_captured",)

    def __init__(self, captured):
        self._captured = captured

    def __len__(self):
        return len(self._captured)

    def __iter__(self):
        return iter(self._captured)

    def __getitem__(self, key):
        return self._captured[key].graph

    def items(self):
        return [(k, v.graph) for k, v in self._captured.items()]
