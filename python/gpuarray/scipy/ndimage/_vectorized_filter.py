# SPDX-License-Identifier: BSD-3-Clause
"""scipy.ndimage.vectorized_filter: a vectorized callable over sliding windows.

Note [Vectorized filter by window views]
The input is extended along the filtered axes by `mode` (NumPy's pad names:
SciPy's 'reflect' is pad's 'symmetric', 'mirror' is 'reflect', 'nearest'
is 'edge'), and a strided view gives each output element its window as
the trailing axes: no copy is made until `function` reads the windows.
`function` gets those windows with ``axis=`` the trailing axes (with a
footprint, the footprint's elements gathered into one trailing axis, ``axis
= -1``), as SciPy calls it, and sees device arrays: gpuarray's functions,
or NumPy's through ``__array_function__``. Windows are handed over in
slices of the first axis that hold at most `batch_memory` bytes of window
data, SciPy's bound on what the callable materialises."""
import numbers

import numpy

from gpuarray.scipy.ndimage import _array_ops as xp

_PAD_MODES = {"reflect": "symmetric", "mirror": "reflect", "nearest": "edge", "wrap": "wrap",
              "constant": "constant", "grid-mirror": "reflect", "grid-constant": "constant", "grid-wrap": "wrap",
              "valid": "valid"}


def _integers(value, count, what):
    values = (value,) * count if numpy.ndim(value) == 0 else tuple(value)
    if not all(isinstance(v, (numbers.Integral, numpy.integer)) and not isinstance(v, bool) for v in values):
        raise ValueError(f"All elements of `{what}` must be {'positive ' if what == 'size' else ''}integers.")
    return tuple(int(v) for v in values)


def _windows(extended, size):
    """A view of `extended` whose trailing len(size) axes are each output element's window."""
    n = len(size)
    lead = extended.shape[:extended.ndim - n]
    out = tuple(extended.shape[extended.ndim - n + k] - size[k] + 1 for k in range(n))
    strides = extended.strides
    return xp.strided(extended, lead + out + tuple(size), strides + strides[extended.ndim - n:])


def vectorized_filter(input, function, *, size=None, footprint=None, output=None, mode="reflect", cval=None,
                      origin=None, axes=None, batch_memory=2 ** 30):
    """Filters an array with a vectorized callable applied to the window around each element.

    Parameters
    ----------
    input : array_like
        The input array.
    function : callable
        Called as ``function(windows, axis=axes)`` on an array whose trailing axes are the windows
        (with a `footprint`, one trailing axis of the footprint's elements and ``axis=-1``); it returns
        one value per window (``xp.median``, ``xp.std``, NumPy's functions through
        ``__array_function__``).
    size : int or tuple of int, optional
        The window's shape over `axes`. One of `size` and `footprint` is required.
    footprint : array_like of bool, optional
        The window's shape and the elements of it passed to `function`.
    output : ndarray, optional
        Where to write the result.
    mode : {'reflect', 'constant', 'nearest', 'mirror', 'wrap', 'grid-mirror', 'grid-constant', 'grid-wrap', 'valid'}, optional
        How the input extends past its edges; 'valid' does not extend it, and the output shrinks by
        the window's size less one along each filtered axis.
    cval : scalar, optional
        The value past the edges for 'constant' (0.0 by default; only with 'constant').
    origin : int or tuple of int, optional
        Shifts of the window from the centred position, per filtered axis.
    axes : int or tuple of int, optional
        The filtered axes (all by default).
    batch_memory : int, optional
        The most bytes of window data one call of `function` receives (2**30).

    Returns
    -------
    ndarray
        The filtered array, of the dtype `function` returns.

    Raises
    ------
    ValueError
        For a `function` that is not callable, neither or both of `size` and `footprint`, a `size`
        or `origin` that is not integers, `axes` that do not match the window, an unknown `mode`,
        `cval` with a mode other than 'constant', `origin` with 'valid', or a `batch_memory` too
        small for one slice of windows (SciPy's messages).

    Notes
    -----
    The windows are strided views of the extended input (Note [Vectorized filter by window views]);
    how fast this runs depends on `function`: a reduction such as ``xp.mean`` reads each window
    element once, a sort-based one (``xp.median``) sorts each window.

    See Also
    --------
    generic_filter, median_filter, uniform_filter

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> ndimage.vectorized_filter(xp.array([1.0, 5.0, 2.0, 8.0]), xp.median, size=3)
    array([1., 2., 5., 8.])
    """
    input = xp.asarray(input)
    if not callable(function):
        raise ValueError("`function` must be a callable.")
    if size is None and footprint is None:
        raise ValueError("Either `size` or `footprint` must be provided.")
    if size is not None and footprint is not None:
        raise ValueError("Either `size` or `footprint` may be provided, not both.")
    axes = tuple(range(-input.ndim, 0)) if axes is None else (axes,) if numpy.ndim(axes) == 0 else tuple(axes)
    n_axes = len(axes)
    if n_axes > input.ndim:
        raise ValueError("The length of `axes` may not exceed the dimensionality of `input` (`input.ndim`).")
    mask = None
    if size is not None:
        size = _integers(size, n_axes, "size")
        if not all(s > 0 for s in size):
            raise ValueError("All elements of `size` must be positive integers.")
    else:
        mask = numpy.asarray(xp.asnumpy(footprint) if isinstance(footprint, xp.ndarray) else footprint, bool)
        size = mask.shape
    if len(size) != n_axes:
        raise ValueError("`axes` must be compatible with the dimensionality of the window specified by `size` or "
                         "`footprint`.")
    origin = (0,) * n_axes if origin is None else _integers(origin, n_axes, "origin")
    if len(origin) != n_axes:
        raise ValueError("`origin` must be an integer or tuple of integers with length equal to the number of axes.")
    if mode not in _PAD_MODES:
        raise ValueError(f"`mode` must be one of {set(_PAD_MODES)}.")
    pad_mode = _PAD_MODES[mode]
    if pad_mode == "valid" and any(origin):
        raise ValueError("`mode='valid'` is incompatible with use of `origin`.")
    if cval is not None and pad_mode != "constant":
        raise ValueError("Use of `cval` is compatible only with `mode='constant'`.")
    cval = 0.0 if cval is None else cval
    if not (numpy.ndim(batch_memory) == 0 and isinstance(batch_memory, (numbers.Real, numpy.number))
            and batch_memory > 0):
        raise ValueError("`batch_memory` must be positive number.")

    if input.size == 0:
        return input
    if input.ndim == 0 and size == ():
        return xp.asarray(function(input) if mask is None else function(input[mask]))

    working = tuple(range(-n_axes, 0))
    moved = xp.moveaxis(input, axes, working)
    target = None if output is None else xp.moveaxis(output, axes, working)
    n_batch = moved.ndim - n_axes
    if pad_mode == "valid":
        extended = xp.ascontiguousarray(moved)
    else:
        borders = ((0, 0),) * n_batch + tuple((s // 2 + o, (s - 1) // 2 - o) for s, o in zip(size, origin))
        extra = {"constant_values": cval} if pad_mode == "constant" else {}
        extended = xp.pad(moved, borders, mode=pad_mode, **extra)
    windows = _windows(extended, size)

    def apply(view):
        if mask is None:
            return function(view, axis=working)
        return function(view[(Ellipsis,) + (mask,)], axis=-1)

    if not working:
        result = apply(windows)
    else:
        per_slice = int(numpy.prod(windows.shape[1:], dtype=numpy.int64)) * windows.itemsize
        rows = min(windows.shape[0], int(batch_memory // per_slice))
        if rows < 1:
            raise ValueError("`batch_memory` is insufficient for minimum chunk size.")
        if rows == windows.shape[0]:
            result = apply(windows)
            if target is not None:
                target[...] = result
                result = target
        else:
            result = target
            for start in range(0, windows.shape[0], rows):
                part = apply(windows[start:start + rows])
                if result is None:
                    result = xp.empty(windows.shape[:windows.ndim - n_axes], dtype=part.dtype)
                result[start:start + rows] = part
    return xp.moveaxis(result, working, axes)


__all__ = ["vectorized_filter"]
