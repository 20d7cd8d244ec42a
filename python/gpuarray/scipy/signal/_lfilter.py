# SPDX-License-Identifier: BSD-3-Clause
"""lfilter, lfiltic and lfilter_zi: rational (IIR/FIR) filtering along an
axis in SciPy's direct form II transposed, with initial and final states.

The filter splits into its numerator, a short FIR applied by one pass per
tap (plus the initial state, which enters as an extra input sequence at the
start), and the recursion through the denominator, solved block-parallel
(Note [Block-parallel recurrence] in _linear_recurrence.py). The final
state comes from the last max(len(a), len(b)) - 1 inputs and outputs. The
coefficients stay on the host: they are few, and the recursion's tables are
built from them there. lfiltic and lfilter_zi are small host computations
(a few coefficients), uploaded."""
import operator

import numpy

from gpuarray.scipy.signal import _array_ops as xp
from gpuarray.scipy.signal._host_scipy import to_host
from gpuarray.scipy.signal._linear_recurrence import recursive_filter

__all__ = ["lfilter", "lfiltic", "lfilter_zi"]


def _coefficients(b, a):
    b = numpy.atleast_1d(numpy.asarray(to_host(b)))
    a = numpy.atleast_1d(numpy.asarray(to_host(a)))
    if not (b.ndim == 1 and b.size > 0):
        raise ValueError(f"Parameter b is not a non-empty 1d array, since {b.shape=}!")
    if not (a.ndim == 1 and a.size > 0):
        raise ValueError(f"Parameter a is not a non-empty 1d array, since {a.shape=}!")
    return b, a


def _expanded_zi(zi, x_shape, axis, order, fir):
    """zi at its full shape (SciPy expands singleton dimensions off the filter axis)."""
    expected = list(x_shape)
    expected[axis] = order
    if zi.ndim != len(x_shape):
        if fir:
            raise ValueError(f"Dimensions of parameters x and zi must match, but x.ndim={len(x_shape)}, "
                             f"zi.ndim={zi.ndim}!")
        raise ValueError("object of too small depth for desired array")
    for k, (have, want) in enumerate(zip(zi.shape, expected)):
        if have != want and (k == axis or have != 1):
            if fir:
                raise ValueError(f"Unexpected shape for parameter zi: expected {tuple(expected)}, found "
                                 f"{zi.shape}.")
            raise ValueError(f"Unexpected shape for zi:  expected ({','.join(map(str, expected))}), found "
                             f"({','.join(map(str, zi.shape))}).")
    return xp.broadcast_to(zi, tuple(expected))


def filter_batched(b, a, x2, zi2, dtype):
    """(y, zf) of the normalized filter b/a (host, a[0] = 1, equal lengths K + 1)
    over x2 (device, (batch, N)) with initial state zi2 ((batch, K) or None)."""
    batch, n = x2.shape
    order = b.shape[0] - 1
    v = xp.zeros((batch, n), dtype=dtype)
    for k in range(min(order + 1, n)):
        if b[k] != 0:
            window = v[:, k:]
            xp.add(window, x2[:, :n - k] * b[k].astype(dtype), out=window)
    if zi2 is not None and order and n:
        head = v[:, :min(order, n)]
        xp.add(head, zi2[:, :min(order, n)], out=head)
    y = recursive_filter(v, a, dtype)
    if zi2 is None:
        return y, None
    # zf[i] = sum_j (b[i+1+j] x[n-1-j] - a[i+1+j] y[n-1-j]) over the samples there are, plus zi[i+n] if i + n < K
    depth = min(order, n)
    lag = numpy.arange(depth)[:, None] + numpy.arange(order)[None, :] + 1  # [j, i] -> coefficient i + 1 + j
    inside = lag <= order
    take = numpy.where(inside, lag, 0)
    bmat = numpy.where(inside, b[take], 0).astype(dtype)
    amat = numpy.where(inside, a[take], 0).astype(dtype)
    zf = xp.zeros((batch, order), dtype=dtype)
    if depth:
        x_tail = x2[:, n - depth:][:, ::-1]
        y_tail = y[:, n - depth:][:, ::-1]
        zf = xp.matmul(x_tail, xp.asarray(bmat)) - xp.matmul(y_tail, xp.asarray(amat))
    if n < order:
        zf[:, :order - n] = zf[:, :order - n] + zi2[:, n:]
    return y, zf


def lfilter(b, a, x, axis=-1, zi=None):
    """Filter data along one-dimension with an IIR or FIR filter.

    Parameters
    ----------
    b : array_like
        The numerator coefficient vector (1-D).
    a : array_like
        The denominator coefficient vector (1-D); ``a[0]`` must be nonzero.
    x : array_like
        The input array (host data is copied to the device).
    axis : int, optional
        The axis along which to filter (default -1).
    zi : array_like, optional
        Initial conditions of the filter delays, of length
        ``max(len(a), len(b)) - 1`` along `axis` (other dimensions may be 1).

    Returns
    -------
    y : ndarray
        The filtered output, on the device.
    zf : ndarray, optional
        The final filter delay values, when `zi` is given.

    Raises
    ------
    ValueError
        For empty or non-1-D coefficients, ``a[0] == 0`` or a badly shaped
        `zi`, with SciPy's messages.
    NotImplementedError
        For a result dtype SciPy does not filter (integers alone).

    Notes
    -----
    Direct form II transposed, as SciPy. The recursion is computed in blocks
    of up to 1024 samples by matrix products (Note [Block-parallel
    recurrence]), not sample by sample, so rounding differs from SciPy's
    (about as large for well-conditioned filters; use second-order sections,
    `sosfilt`, for high orders, as SciPy advises). A direct form too
    ill-conditioned for blocks runs sample by sample, slowly.

    See Also
    --------
    lfiltic, lfilter_zi, filtfilt, sosfilt

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.lfilter([1.0], [1.0, -0.5], xp.ones(4)).tolist()
    [1.0, 1.5, 1.75, 1.875]
    >>> y, zf = signal.lfilter([0.5, 0.5], [1.0], xp.array([1.0, 2.0, 3.0]), zi=[0.0])
    >>> y.tolist(), zf.tolist()
    ([0.5, 1.5, 2.5], [1.5])
    """
    b, a = _coefficients(b, a)
    x = xp.asarray(x)
    if x.ndim == 0:
        raise ValueError("x must be at least 1-D")
    axis = operator.index(axis)
    if not -x.ndim <= axis < x.ndim:
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {x.ndim}")
    axis %= x.ndim
    fir = a.shape[0] == 1
    inputs = [b, a, numpy.empty(0, x.dtype)]
    if zi is not None:
        zi = xp.asarray(zi)
        inputs.append(numpy.empty(0, zi.dtype))
    dtype = numpy.result_type(*inputs)
    if dtype.char not in "fdFD":
        if fir:
            raise NotImplementedError(f"Parameter's dtypes produced result type '{dtype}', which is not supported!")
        raise NotImplementedError(f"input type '{dtype}' not supported\n")
    if a[0] == 0 and not fir:
        raise ValueError("BUG: filter coefficient a[0] == 0 not supported yet")
    order = max(a.shape[0], b.shape[0]) - 1
    b = numpy.concatenate([b, numpy.zeros(order + 1 - b.shape[0])]).astype(dtype) / dtype.type(a[0])
    a = numpy.concatenate([a, numpy.zeros(order + 1 - a.shape[0])]).astype(dtype) / dtype.type(a[0])
    zi_full = None if zi is None else _expanded_zi(zi, x.shape, axis, order, fir)
    moved = xp.moveaxis(x.astype(dtype, copy=False), axis, -1)
    shape = moved.shape
    x2 = moved.reshape(-1, shape[-1])
    zi2 = None
    if zi_full is not None:
        zi2 = xp.moveaxis(zi_full.astype(dtype), axis, -1).reshape(-1, order)
    y, zf = filter_batched(b, a, x2, zi2, dtype)
    y = xp.moveaxis(y.reshape(shape), -1, axis)
    if zi is None:
        return y
    zf = xp.moveaxis(zf.reshape(shape[:-1] + (order,)), -1, axis)
    return y, zf


def lfiltic(b, a, y, x=None):
    """Construct initial conditions for lfilter given input and output vectors.

    Parameters
    ----------
    b : array_like
        Linear filter term coefficients in numerator.
    a : array_like
        Linear filter term coefficients in denominator.
    y : array_like
        Initial conditions: past outputs, newest first (``y[-1], y[-2], ...``).
    x : array_like, optional
        Past inputs, newest first; zeros if not given.

    Returns
    -------
    zi : ndarray
        The state vector ``zi`` for `lfilter`, on the device.

    Raises
    ------
    ValueError
        For coefficients that are not 1-D, no `a`, or ``a[0] == 0``.

    Notes
    -----
    A few coefficient products, computed on the host and uploaded.

    See Also
    --------
    lfilter, lfilter_zi

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.lfiltic([1.0], [1.0, -0.5], [2.0]).tolist()
    [1.0]
    >>> signal.lfiltic([0.5, 0.5], [1.0], [0.0], [4.0]).tolist()
    [2.0]
    """
    a = numpy.atleast_1d(numpy.asarray(to_host(a)))
    b = numpy.atleast_1d(numpy.asarray(to_host(b)))
    if a.ndim > 1:
        raise ValueError("Filter coefficients `a` must be 1-D.")
    if b.ndim > 1:
        raise ValueError("Filter coefficients `b` must be 1-D.")
    n, m = a.shape[0] - 1, b.shape[0] - 1
    if n < 0:
        raise ValueError("There must be at least one `a` coefficient.")
    y = numpy.asarray(to_host(y))
    parts = [b, a, y] if x is None else [b, a, y, numpy.asarray(to_host(x))]
    dtype = numpy.result_type(*parts)
    if dtype.kind in "biu":
        dtype = numpy.dtype(numpy.float64)
    past_x = numpy.zeros(m, dtype) if x is None else numpy.asarray(to_host(x)).astype(dtype).reshape(-1)
    if past_x.size < m:
        past_x = numpy.concatenate([past_x, numpy.zeros(m - past_x.size, dtype)])
    past_y = y.astype(dtype).reshape(-1)
    if past_y.size < n:
        past_y = numpy.concatenate([past_y, numpy.zeros(n - past_y.size, dtype)])
    zi = numpy.zeros(max(m, n), dtype=dtype)
    for k in range(m):
        zi[k] = numpy.sum(b[k + 1:] * past_x[:m - k])
    for k in range(n):
        zi[k] -= numpy.sum(a[k + 1:] * past_y[:n - k])
    if a[0] != 1.0:
        if a[0] == 0.0:
            raise ValueError("First `a` filter coefficient must be non-zero.")
        zi /= a[0]
    return xp.asarray(zi)


def lfilter_zi(b, a):
    """Construct initial conditions for lfilter for step response steady-state.

    Parameters
    ----------
    b : array_like
        Numerator coefficients (1-D).
    a : array_like
        Denominator coefficients (1-D); leading zeros are dropped.

    Returns
    -------
    zi : ndarray
        The state ``zi`` that makes the response to a unit step constant
        from the start, on the device.

    Raises
    ------
    ValueError
        For coefficients that are not 1-D or an all-zero `a`.

    Notes
    -----
    Solves ``(I - A) zi = B`` for the companion matrix A of `a`, a
    (len - 1)-square system, on the host, and uploads the result.

    See Also
    --------
    lfilter, lfiltic, filtfilt

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.lfilter_zi([1.0], [1.0, -0.5]).tolist()
    [1.0]
    >>> signal.lfilter_zi([0.5, 0.5], [1.0]).tolist()
    [0.5]
    """
    return xp.asarray(host_lfilter_zi(b, a))


def host_lfilter_zi(b, a):
    """lfilter_zi as a NumPy array (for sosfilt_zi and filtfilt)."""
    b = numpy.atleast_1d(numpy.asarray(to_host(b)))
    if b.ndim != 1:
        raise ValueError("Numerator b must be 1-D.")
    a = numpy.atleast_1d(numpy.asarray(to_host(a)))
    if a.ndim != 1:
        raise ValueError("Denominator a must be 1-D.")
    while a.shape[0] > 1 and a[0] == 0.0:
        a = a[1:]
    if a.size < 1:
        raise ValueError("There must be at least one nonzero `a` coefficient.")
    if a[0] != 1.0:
        b = b / a[0]
        a = a / a[0]
    n = max(a.shape[0], b.shape[0])
    a = numpy.concatenate([a, numpy.zeros(n - a.shape[0], dtype=a.dtype)])
    b = numpy.concatenate([b, numpy.zeros(n - b.shape[0], dtype=b.dtype)])
    dtype = numpy.result_type(a, b)
    if n == 1:
        return numpy.zeros(0, dtype=dtype)
    companion = numpy.zeros((n - 1, n - 1), dtype=numpy.result_type(a, numpy.float64))
    companion[0, :] = -a[1:] / a[0]
    companion[numpy.arange(1, n - 1), numpy.arange(n - 2)] = 1.0
    i_minus_a = (numpy.eye(n - 1) - companion.T).astype(dtype)
    rhs = b[1:] - a[1:] * b[0]
    return numpy.linalg.solve(i_minus_a, rhs)
