# SPDX-License-Identifier: BSD-3-Clause
"""NumPy's element iterators over device arrays: broadcast and ndenumerate (ndindex is
NumPy's own object, re-exported by index_tricks.py: it yields shapes' indices, no data).

Both yield host values, as NumPy's do. Each pass copies every device array to the host
once, then steps through the host copies; a Python loop over elements is still far
slower than an array operation, on a GPU more than anywhere."""
import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_manipulation.broadcasting import broadcast_to
from gpuarray._core import ndarray
from gpuarray._index_routines.flatiter import flatiter

__all__ = ["broadcast", "ndenumerate"]

_MAX_ARGS = 64  # NumPy's limit (NPY_MAXARGS)


class broadcast:
    """Produce an object that mimics broadcasting, as NumPy's ``numpy.broadcast``.

    Parameters
    ----------
    *args : array_like or broadcast
        Up to 64 inputs: device arrays, scalars or host data (copied to the
        device when `iters` is first read), or broadcast objects, whose
        inputs count one by one.
    **kwargs
        None are accepted: any raises ValueError, as NumPy's.

    Attributes
    ----------
    shape, ndim, nd, size : tuple, int, int, int
        The broadcast result's shape, dimension count (`nd` is NumPy's old
        name), and element count.
    numiter : int
        The number of inputs.
    index : int
        The flat position of the next tuple iteration yields.
    iters : tuple of flatiter
        One flat iterator per input over its broadcast view; their `index`
        follows the broadcast's.

    Raises
    ------
    ValueError
        If the inputs do not broadcast together (NumPy's message), there
        are more than 64 of them, or keyword arguments are given.

    Notes
    -----
    The shape comes from the shapes alone, without device work. Iteration
    yields tuples of NumPy scalars, as NumPy's: the first step copies each
    device input (not its broadcast expansion) to the host once, a
    synchronization, and the rest read those copies, so writes made during
    a pass are not seen; `reset` starts a new pass, which copies again.

    See Also
    --------
    broadcast_arrays, broadcast_to, broadcast_shapes, flatiter

    Examples
    --------
    >>> import gpuarray as xp
    >>> x = xp.array([[1], [2], [3]])
    >>> y = xp.array([4, 5, 6])
    >>> b = xp.broadcast(x, y)
    >>> b.shape, b.size, b.numiter
    ((3, 3), 9, 2)
    >>> [int(u) * int(v) for u, v in b][:4]
    [4, 5, 6, 8]
    >>> b.index
    9
    >>> b.reset(); b.index
    0
    """

    def __init__(self, *args, **kwargs):
        if kwargs:
            raise ValueError("keyword arguments not accepted.")
        inputs = []
        for arg in args:
            inputs.extend(arg._inputs if isinstance(arg, broadcast) else [arg])
        if len(inputs) > _MAX_ARGS:
            raise ValueError(f"Need at least 0 and at most {_MAX_ARGS} array objects.")
        self._inputs = [x if isinstance(x, ndarray) else numpy.asarray(x) for x in inputs]
        # Zero-stride host stand-ins of each shape: NumPy's own broadcast decides the shape
        # and words its errors, and neither reads data nor allocates.
        self._shape = numpy.broadcast(*(numpy.broadcast_to(numpy.zeros((), bool), x.shape)
                                        for x in self._inputs)).shape
        self._index = 0
        self._iters = None
        self._host = None

    shape = property(lambda self: self._shape)
    ndim = property(lambda self: len(self._shape))
    nd = ndim
    numiter = property(lambda self: len(self._inputs))
    size = property(lambda self: int(numpy.prod(self._shape, dtype=numpy.int64)))
    index = property(lambda self: self._index)

    @property
    def iters(self):
        if self._iters is None:
            arrays = [asarray(x) for x in self._inputs]
            self._iters = tuple(flatiter._over(broadcast_to(a, self._shape), base=a) for a in arrays)
            for it in self._iters:
                it._index = self._index
        return self._iters

    def reset(self):
        """Reset the broadcast result's iterator(s).

        Returns
        -------
        None

        Notes
        -----
        The next step copies the device inputs to the host again.

        See Also
        --------
        broadcast

        Examples
        --------
        >>> import gpuarray as xp
        >>> b = xp.broadcast(xp.arange(3), 1)
        >>> next(b), b.index
        ((np.int64(0), np.int64(1)), 1)
        >>> b.reset(); b.index
        0
        """
        self._index, self._host = 0, None
        for it in self._iters or ():
            it._reset()

    def __iter__(self):
        return self

    def __next__(self):
        if self._index >= self.size:
            raise StopIteration
        if self._host is None:
            hosts = [x._download() if isinstance(x, ndarray) else x for x in self._inputs]
            self._host = numpy.broadcast(*(numpy.broadcast_to(h, self._shape) for h in hosts))
            for _ in range(self._index):  # continue where a previous pass stopped
                next(self._host)
        values = next(self._host)
        self._index += 1
        for it in self._iters or ():
            it._index = self._index
        return values


broadcast.__module__ = "gpuarray"


class ndenumerate:
    """Multidimensional index iterator: pairs of array coordinates and values.

    Parameters
    ----------
    arr : array_like
        The array to walk in C order; host data is copied to the device.

    Attributes
    ----------
    iter : flatiter
        The flat iterator over `arr` that supplies the values.

    Notes
    -----
    The values are NumPy scalars, as NumPy's ndenumerate yields: the first
    step copies the whole array to the host once (a synchronization) and
    the others read that copy (see `flatiter`).

    See Also
    --------
    ndindex, flatiter

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1, 2], [3, 4]])
    >>> for index, x in xp.ndenumerate(a):
    ...     print(index, int(x))
    (0, 0) 1
    (0, 1) 2
    (1, 0) 3
    (1, 1) 4
    """

    def __init__(self, arr):
        self.iter = flatiter._over(asarray(arr))

    def __next__(self):
        return self.iter.coords, next(self.iter)

    def __iter__(self):
        return self


ndenumerate.__module__ = "gpuarray"
