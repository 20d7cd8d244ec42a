# SPDX-License-Identifier: BSD-3-Clause
"""correlate1d, convolve1d, correlate and convolve: weighted sums over a
neighbourhood in SciPy's boundary modes (Note [Linear filters on array
operations] in _linear_core.py)."""
from gpuarray.scipy.ndimage._linear_core import correlate_axes, correlate_axis
from gpuarray.scipy.ndimage._support import (
    as_array, check_axes, check_axis, check_origin, expand_footprint, expand_origin, filter_mode, finish, host,
    output_array, to_device, work_dtype,
)

__all__ = ["correlate1d", "convolve1d", "correlate", "convolve"]


def _weights_1d(weights):
    weights = host(weights)
    if weights.ndim != 1 or weights.shape[0] < 1:
        raise RuntimeError("no filter weights given")
    return weights


def _filter1d(input, weights, axis, output, mode, cval, origin, convolution):
    x = as_array(input)
    weights = _weights_1d(weights)
    axis = check_axis(axis, x.ndim)
    mode = filter_mode(mode)
    complex_weights = weights.dtype.kind == "c"
    dtype, out = output_array(output, x, complex_output=complex_weights or x.dtype.kind == "c")
    if convolution:
        weights = weights[::-1]
        origin = -origin
        if not len(weights) & 1:
            origin -= 1
    elif complex_weights:
        weights = weights.conj()  # as numpy.correlate: conjugate the weights, not the input
    origin = check_origin(origin, len(weights))
    work = work_dtype(x.dtype, dtype, complex_weights)
    result = correlate_axis(to_device(x).astype(work), weights.astype(work), axis, origin, mode, cval)
    return finish(result, dtype, out)


def correlate1d(input, weights, axis=-1, output=None, mode="reflect", cval=0.0, origin=0):
    """Calculate a 1-D correlation along the given axis.

    ``output[i] = sum_j weights[j] * input[i + j - (len(weights) // 2 + origin)]``
    along `axis`, the input extended past its edges by `mode`.

    Parameters
    ----------
    input : array_like
        The input array.
    weights : array_like
        1-D sequence of numbers (complex weights are conjugated, as
        numpy.correlate does).
    axis : int, optional
        The axis of `input` along which to calculate. Default is -1.
    output : ndarray or dtype, optional
        The array in which to place the output, or the dtype of the
        returned array. By default an array of the input's dtype (complex
        if the input or the weights are) is created.
    mode : {'reflect', 'constant', 'nearest', 'mirror', 'wrap', 'grid-constant', 'grid-mirror', 'grid-wrap'}, optional
        How the input is extended past its edges: 'reflect' (d c b a | a b c d
        | d c b a), 'constant' (k k k k | a b c d | k k k k, k = cval),
        'nearest' (a a a a | a b c d | d d d d), 'mirror' (d c b | a b c d | c b a),
        'wrap' (a b c d | a b c d | a b c d). The 'grid-' names are
        synonyms of 'wrap', 'constant' and 'reflect' here. Default 'reflect'.
    cval : scalar, optional
        Value to fill past edges of input if `mode` is 'constant'. Default 0.0.
    origin : int, optional
        Shifts the filter's centre; 0 (default) centres it.

    Returns
    -------
    output : ndarray
        The result (`output` itself when an array was given).

    Raises
    ------
    RuntimeError
        For empty or non-1-D weights, an unknown mode, or an `output` of the
        wrong shape (or not complex where the result is).
    ValueError
        For an origin outside the weights.

    Notes
    -----
    As SciPy's, the sum is computed in float64 (complex128 for complex
    operands) and cast to the output's dtype (truncated for integers).
    Nothing is compiled for new weights.

    See Also
    --------
    scipy.ndimage.correlate1d, convolve1d, correlate

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> ndimage.correlate1d(xp.asarray([2, 8, 0, 4, 1, 9, 9, 0]), weights=[1, 3]).tolist()
    [8, 26, 8, 12, 7, 28, 36, 9]
    """
    return _filter1d(input, weights, axis, output, mode, cval, origin, False)


def convolve1d(input, weights, axis=-1, output=None, mode="reflect", cval=0.0, origin=0):
    """Calculate a 1-D convolution along the given axis.

    The correlation with the reversed weights (`origin` mirrored with them).

    Parameters
    ----------
    input : array_like
        The input array.
    weights : array_like
        1-D sequence of numbers.
    axis : int, optional
        The axis of `input` along which to calculate. Default is -1.
    output : ndarray or dtype, optional
        The array in which to place the output, or the dtype of the
        returned array. By default an array of the input's dtype (complex
        if the input or the weights are) is created.
    mode : {'reflect', 'constant', 'nearest', 'mirror', 'wrap', 'grid-constant', 'grid-mirror', 'grid-wrap'}, optional
        How the input is extended past its edges (see correlate1d).
    cval : scalar, optional
        Value to fill past edges of input if `mode` is 'constant'. Default 0.0.
    origin : int, optional
        Shifts the filter's centre; 0 (default) centres it.

    Returns
    -------
    output : ndarray
        The result (`output` itself when an array was given).

    Raises
    ------
    RuntimeError
        For empty or non-1-D weights, an unknown mode or a wrong `output`.
    ValueError
        For an origin outside the weights.

    See Also
    --------
    scipy.ndimage.convolve1d, correlate1d, convolve

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> ndimage.convolve1d(xp.asarray([2, 8, 0, 4, 1, 9, 9, 0]), weights=[1, 3]).tolist()
    [14, 24, 4, 13, 12, 36, 27, 0]
    """
    return _filter1d(input, weights, axis, output, mode, cval, origin, True)


def _filter_nd(input, weights, output, mode, cval, origin, axes, convolution):
    x = as_array(input)
    weights = host(weights)
    axes = check_axes(axes, x.ndim)
    if not isinstance(mode, str) and hasattr(mode, "__iter__"):
        raise RuntimeError("A sequence of modes is not supported")
    weights = expand_footprint(x.ndim, axes, weights, "weights")
    origins = expand_origin(x.ndim, axes, origin)
    shape = [n for n in weights.shape if n > 0]
    if len(shape) != x.ndim:
        raise RuntimeError(f"weights.ndim ({len(shape)}) must match len(axes) ({len(axes)})")
    complex_weights = weights.dtype.kind == "c"
    if convolution:
        weights = weights[tuple(slice(None, None, -1) for _ in shape)]
        origins = [-o - (0 if s & 1 else 1) for o, s in zip(origins, shape)]
    elif complex_weights:
        weights = weights.conj()  # as numpy.correlate: conjugate the weights, not the input
    for o, s in zip(origins, shape):
        if not -(s // 2) <= o <= (s - 1) // 2:
            raise ValueError("Invalid origin; origin must satisfy -(weights.shape[k] // 2) <= origin[k] <= "
                             "(weights.shape[k]-1) // 2")
    mode = filter_mode(mode)
    dtype, out = output_array(output, x, complex_output=complex_weights or x.dtype.kind == "c")
    work = work_dtype(x.dtype, dtype, complex_weights)
    result = correlate_axes(to_device(x).astype(work), weights.astype(work), tuple(range(x.ndim)), origins, mode, cval)
    return finish(result, dtype, out)


def correlate(input, weights, output=None, mode="reflect", cval=0.0, origin=0, *, axes=None):
    """Multidimensional correlation.

    Each output is the sum of the weights times the input values under
    them, the weights' centre (shifted by `origin`) over that output.

    Parameters
    ----------
    input : array_like
        The input array.
    weights : array_like
        Array of weights, one axis per filtered axis (complex weights are
        conjugated).
    output : ndarray or dtype, optional
        The array in which to place the output, or the dtype of the
        returned array. By default the input's dtype (complex if the input
        or the weights are).
    mode : {'reflect', 'constant', 'nearest', 'mirror', 'wrap', 'grid-constant', 'grid-mirror', 'grid-wrap'}, optional
        How the input is extended past its edges (see correlate1d).
    cval : scalar, optional
        Value to fill past edges of input if `mode` is 'constant'. Default 0.0.
    origin : int or sequence, optional
        Shifts the filter's centre, one value or one per axis. Default 0.
    axes : tuple of int or None, optional
        The axes to filter (weights.ndim of them). Default: every axis.

    Returns
    -------
    result : ndarray
        The result (`output` itself when an array was given).

    Raises
    ------
    RuntimeError
        If weights.ndim differs from the number of axes, or for an unknown
        mode or a wrong `output`.
    ValueError
        For bad axes or origins.

    Notes
    -----
    Computed in float64 (complex128) as SciPy; weights of magnitude at most
    DBL_EPSILON are skipped, as SciPy's footprint of the weights does.

    See Also
    --------
    scipy.ndimage.correlate, convolve, correlate1d

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> a = xp.arange(25).reshape(5, 5)
    >>> ndimage.correlate(a, xp.ones((2, 2)), mode="nearest").tolist()[0]
    [0, 2, 6, 10, 14]
    """
    return _filter_nd(input, weights, output, mode, cval, origin, axes, False)


def convolve(input, weights, output=None, mode="reflect", cval=0.0, origin=0, *, axes=None):
    """Multidimensional convolution.

    The correlation with the weights reversed along every axis (and
    `origin` mirrored with them).

    Parameters
    ----------
    input : array_like
        The input array.
    weights : array_like
        Array of weights, one axis per filtered axis.
    output : ndarray or dtype, optional
        The array in which to place the output, or the dtype of the
        returned array. By default the input's dtype (complex if the input
        or the weights are).
    mode : {'reflect', 'constant', 'nearest', 'mirror', 'wrap', 'grid-constant', 'grid-mirror', 'grid-wrap'}, optional
        How the input is extended past its edges (see correlate1d).
    cval : scalar, optional
        Value to fill past edges of input if `mode` is 'constant'. Default 0.0.
    origin : int or sequence, optional
        Shifts the filter's centre, one value or one per axis. Default 0.
    axes : tuple of int or None, optional
        The axes to filter (weights.ndim of them). Default: every axis.

    Returns
    -------
    result : ndarray
        The result (`output` itself when an array was given).

    Raises
    ------
    RuntimeError
        If weights.ndim differs from the number of axes, or for an unknown
        mode or a wrong `output`.
    ValueError
        For bad axes or origins.

    See Also
    --------
    scipy.ndimage.convolve, correlate, convolve1d

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> a = xp.asarray([[1, 2, 0, 0], [5, 3, 0, 4], [0, 0, 0, 7], [9, 3, 0, 0]])
    >>> k = xp.asarray([[1, 1, 1], [1, 1, 0], [1, 0, 0]])
    >>> ndimage.convolve(a, k, mode="constant", cval=0.0).tolist()
    [[11, 10, 7, 4], [10, 3, 11, 11], [15, 12, 14, 7], [12, 3, 7, 0]]
    """
    return _filter_nd(input, weights, output, mode, cval, origin, axes, True)
