# SPDX-License-Identifier: BSD-3-Clause
"""Second-order sections and zero-phase filtering: sosfilt, sosfilt_zi,
filtfilt and sosfiltfilt, with SciPy's edge extensions (odd, even,
constant) and steady-state initial conditions.

sosfilt runs the sections in turn, each a 2nd-order lfilter on the device
(Note [Block-parallel recurrence]: a section's direct form is well
conditioned, so blocks of 1024 samples always serve). filtfilt's 'gust'
method (Gustafsson's initial conditions, a least-squares solve per signal)
is SciPy's own on the host, the data read back and the result uploaded."""
import operator

import numpy

from gpuarray.scipy.signal import _array_ops as xp
from gpuarray.scipy.signal._host_scipy import scipy_signal, to_host
from gpuarray.scipy.signal._lfilter import filter_batched, host_lfilter_zi, lfilter

__all__ = ["sosfilt", "sosfilt_zi", "filtfilt", "sosfiltfilt"]


def _axis_slice(a, start=None, stop=None, step=None, axis=-1):
    index = [slice(None)] * a.ndim
    index[axis] = slice(start, stop, step)
    return a[tuple(index)]


def _extended(x, padtype, padlen, axis, ntaps):
    """SciPy's (edge, extension) of x: `edge` samples added at each end by
    odd or even reflection about the end samples, or their constant."""
    if padtype not in ("even", "odd", "constant", None):
        raise ValueError(f"Unknown value '{padtype}' given to padtype. padtype must be 'even', 'odd', "
                         "'constant', or None.")
    if padtype is None:
        padlen = 0
    edge = ntaps * 3 if padlen is None else padlen
    if x.shape[axis] <= edge:
        raise ValueError(f"The length of the input vector x must be greater than padlen, which is {edge}.")
    if padtype is None or edge <= 0:
        return edge, x
    axis %= x.ndim
    first = _axis_slice(x, 0, 1, axis=axis)
    last = _axis_slice(x, -1, None, axis=axis)
    if padtype == "constant":
        left = xp.broadcast_to(first, first.shape[:axis] + (edge,) + first.shape[axis + 1:])
        right = xp.broadcast_to(last, last.shape[:axis] + (edge,) + last.shape[axis + 1:])
    else:
        left = _axis_slice(x, edge, 0, -1, axis=axis)
        right = _axis_slice(x, -2, -(edge + 2), -1, axis=axis)
        if padtype == "odd":
            left = 2 * first - left
            right = 2 * last - right
    return edge, xp.concatenate([left, x, right], axis=axis)


def _validated_sos(sos):
    sos = numpy.asarray(to_host(sos))
    if sos.ndim < 2:
        sos = sos.reshape((1,) * (2 - sos.ndim) + sos.shape)
    if sos.ndim != 2:
        raise ValueError("sos array must be 2D")
    if sos.shape[1] != 6:
        raise ValueError("sos array must be shape (n_sections, 6)")
    if not numpy.all(sos[:, 3] == 1):
        raise ValueError("sos[:, 3] should be all ones")
    return sos


def sosfilt(sos, x, axis=-1, zi=None):
    """Filter data along one dimension using cascaded second-order sections.

    Parameters
    ----------
    sos : array_like
        Array of second-order filter coefficients, shape ``(n_sections, 6)``
        (``sos[:, 3]`` all ones).
    x : array_like
        The input array.
    axis : int, optional
        The axis along which to filter (default -1).
    zi : array_like, optional
        Initial conditions, shape ``(n_sections, ..., 2, ...)`` with the 2
        at `axis`.

    Returns
    -------
    y : ndarray
        The filtered output, on the device.
    zf : ndarray, optional
        The final conditions, when `zi` is given.

    Raises
    ------
    ValueError
        For a badly shaped `sos` or `zi`, or 0-d `x`.
    NotImplementedError
        For integer-only input, as SciPy.

    Notes
    -----
    Each section is a 2nd-order `lfilter` on the device (block-parallel
    recursion); the sections run one after the other.

    See Also
    --------
    sosfilt_zi, sosfiltfilt, lfilter

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> sos = [[1.0, 0.0, 0.0, 1.0, -0.5, 0.0]]
    >>> signal.sosfilt(sos, xp.ones(4)).tolist()
    [1.0, 1.5, 1.75, 1.875]
    >>> signal.sosfilt(sos + sos, xp.ones(2)).tolist()
    [1.0, 2.0]
    """
    x = xp.asarray(x)
    if x.ndim == 0:
        raise ValueError("x must be at least 1-D")
    sos = _validated_sos(sos)
    sections = sos.shape[0]
    given_axis = axis = operator.index(axis)
    if not -x.ndim <= axis < x.ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {x.ndim}")
    axis %= x.ndim
    zi_shape = list(x.shape)
    zi_shape[axis] = 2
    zi_shape = tuple([sections] + zi_shape)
    inputs = [sos, numpy.empty(0, x.dtype)]
    if zi is not None:
        zi = xp.asarray(zi)
        inputs.append(numpy.empty(0, zi.dtype))
    dtype = numpy.result_type(*inputs)
    if dtype.char not in "fdFD":
        raise NotImplementedError(f"input type '{dtype}' not supported")
    if zi is not None and zi.shape != zi_shape:
        raise ValueError(f"Invalid zi shape. With axis={given_axis!r}, an input with shape {x.shape!r}, and an sos "
                         f"array with {sections} sections, zi must have shape {zi_shape!r}, got {zi.shape!r}.")
    moved = xp.moveaxis(x.astype(dtype, copy=False), axis, -1)
    shape = moved.shape
    y = moved.reshape(-1, shape[-1])
    finals = []
    coefficients = sos.astype(dtype)
    for s in range(sections):
        zi2 = None
        if zi is not None:
            zi2 = xp.moveaxis(zi[s].astype(dtype), axis, -1).reshape(-1, 2)
        y, zf = filter_batched(coefficients[s, :3], coefficients[s, 3:], y, zi2, dtype)
        if zi is not None:
            finals.append(xp.moveaxis(zf.reshape(shape[:-1] + (2,)), -1, axis))
    y = xp.moveaxis(y.reshape(shape), -1, axis)
    if zi is None:
        return y
    return y, xp.stack(finals)


def _host_sosfilt_zi(sos):
    sos = numpy.asarray(to_host(sos))
    if sos.ndim != 2 or sos.shape[1] != 6:
        raise ValueError("sos must be shape (n_sections, 6)")
    if sos.dtype.kind in "biu":
        sos = sos.astype(numpy.float64)
    zi = numpy.empty((sos.shape[0], 2), dtype=sos.dtype)
    scale = 1.0
    for s in range(sos.shape[0]):
        b, a = sos[s, :3], sos[s, 3:]
        zi[s] = scale * host_lfilter_zi(b, a)
        scale *= b.sum() / a.sum()  # the section's gain at DC: its step response's steady state
    return zi


def sosfilt_zi(sos):
    """Construct initial conditions for sosfilt for step response steady-state.

    Parameters
    ----------
    sos : array_like
        Array of second-order filter coefficients, shape ``(n_sections, 6)``.

    Returns
    -------
    zi : ndarray
        Initial conditions, shape ``(n_sections, 2)``, on the device.

    Raises
    ------
    ValueError
        If `sos` is not of shape ``(n_sections, 6)``.

    Notes
    -----
    `lfilter_zi` of each section scaled by the DC gain of the sections
    before it, on the host (a few numbers), uploaded.

    See Also
    --------
    sosfilt, lfilter_zi

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.sosfilt_zi([[1.0, 0.0, 0.0, 1.0, -0.5, 0.0]]).tolist()
    [[1.0, 0.0]]
    >>> signal.sosfilt_zi([[1.0, 0.0, 0.0, 1.0, -0.5, 0.0]] * 2).shape
    (2, 2)
    """
    return xp.asarray(_host_sosfilt_zi(sos))


def filtfilt(b, a, x, axis=-1, padtype="odd", padlen=None, method="pad", irlen=None):
    """Apply a digital filter forward and backward to a signal.

    Parameters
    ----------
    b : array_like
        The numerator coefficient vector of the filter.
    a : array_like
        The denominator coefficient vector of the filter.
    x : array_like
        The array of data to be filtered.
    axis : int, optional
        The axis along which to filter (default -1).
    padtype : {'odd', 'even', 'constant', None}, optional
        The extension at both ends before filtering (default 'odd').
    padlen : int or None, optional
        The extension length (default ``3 * max(len(a), len(b))``).
    method : {'pad', 'gust'}, optional
        Edge handling: the padded extension ('pad') or Gustafsson's method.
    irlen : int or None, optional
        For 'gust': the impulse response length considered.

    Returns
    -------
    y : ndarray
        The zero-phase filtered output, same shape as `x`, on the device.

    Raises
    ------
    ValueError
        For an unknown method or padtype, or `x` not longer than the
        extension.

    Notes
    -----
    'pad' runs `lfilter` forward and backward on the device with SciPy's
    steady-state initial conditions. 'gust' is SciPy's on the host (its
    initial conditions come from a least-squares solve per signal): `x` is
    read back and the result uploaded.

    See Also
    --------
    sosfiltfilt, lfilter, lfilter_zi

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> y = signal.filtfilt([0.5, 0.5], [1.0], xp.ones(10))
    >>> xp.asnumpy(y).round(12).tolist() == [1.0] * 10
    True
    >>> signal.filtfilt([1.0], [1.0, -0.5], xp.ones(12)).shape
    (12,)
    """
    if method not in ("pad", "gust"):
        raise ValueError("method must be 'pad' or 'gust'.")
    if method == "gust":
        host = scipy_signal().filtfilt(to_host(b), to_host(a), to_host(xp.asarray(x)), axis=axis, method="gust",
                                       irlen=irlen)
        return xp.asarray(host)
    b = numpy.atleast_1d(numpy.asarray(to_host(b)))
    a = numpy.atleast_1d(numpy.asarray(to_host(a)))
    x = xp.asarray(x)
    edge, ext = _extended(x, padtype, padlen, axis, max(len(a), len(b)))
    zi = host_lfilter_zi(b, a)
    zi_shape = [1] * x.ndim
    zi_shape[axis] = zi.size
    zi = xp.asarray(zi.reshape(zi_shape))
    y, _ = lfilter(b, a, ext, axis=axis, zi=zi * _axis_slice(ext, stop=1, axis=axis))
    y0 = _axis_slice(y, start=-1, axis=axis)
    y, _ = lfilter(b, a, _axis_slice(y, step=-1, axis=axis), axis=axis, zi=zi * y0)
    y = _axis_slice(y, step=-1, axis=axis)
    if edge > 0:
        y = _axis_slice(y, start=edge, stop=-edge, axis=axis)
    return xp.copy(y)


def sosfiltfilt(sos, x, axis=-1, padtype="odd", padlen=None):
    """A forward-backward digital filter using cascaded second-order sections.

    Parameters
    ----------
    sos : array_like
        Array of second-order filter coefficients, shape ``(n_sections, 6)``.
    x : array_like
        The array of data to be filtered.
    axis : int, optional
        The axis along which to filter (default -1).
    padtype : {'odd', 'even', 'constant', None}, optional
        The extension at both ends before filtering (default 'odd').
    padlen : int or None, optional
        The extension length (default from the number of sections, as SciPy).

    Returns
    -------
    y : ndarray
        The zero-phase filtered output, same shape as `x`, on the device.

    Raises
    ------
    ValueError
        For a bad `sos` or padtype, or `x` not longer than the extension.

    See Also
    --------
    filtfilt, sosfilt, sosfilt_zi

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> sos = [[0.5, 0.5, 0.0, 1.0, 0.0, 0.0]]
    >>> xp.asnumpy(signal.sosfiltfilt(sos, xp.ones(10))).round(12).tolist() == [1.0] * 10
    True
    >>> signal.sosfiltfilt(sos, xp.ones((2, 12))).shape
    (2, 12)
    """
    sos = _validated_sos(sos)
    x = xp.asarray(x)
    if x.ndim == 0:
        raise ValueError("x must be at least 1-D")
    sections = sos.shape[0]
    ntaps = 2 * sections + 1 - min(int((sos[:, 2] == 0).sum()), int((sos[:, 5] == 0).sum()))
    edge, ext = _extended(x, padtype, padlen, axis, ntaps)
    zi = _host_sosfilt_zi(sos)
    zi_shape = [1] * x.ndim
    zi_shape[axis] = 2
    zi = xp.asarray(zi.reshape([sections] + zi_shape))
    y, _ = sosfilt(sos, ext, axis=axis, zi=zi * _axis_slice(ext, stop=1, axis=axis))
    y0 = _axis_slice(y, start=-1, axis=axis)
    y, _ = sosfilt(sos, _axis_slice(y, step=-1, axis=axis), axis=axis, zi=zi * y0)
    y = _axis_slice(y, step=-1, axis=axis)
    if edge > 0:
        y = _axis_slice(y, start=edge, stop=-edge, axis=axis)
    return xp.copy(y)
