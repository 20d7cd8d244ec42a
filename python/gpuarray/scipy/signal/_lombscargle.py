# SPDX-License-Identifier: BSD-3-Clause
"""lombscargle: the (generalized) Lomb-Scargle periodogram of unevenly
sampled data, on the device.

Every sum over the samples is a matrix product of the weights (or the
weighted data) with the cos/sin table of ``freqs * x``, computed in slabs
of frequencies so the table stays under ~2^26 values. The formulas are the
weighted least-squares fit of ``a cos(w(x - tau)) + b sin(w(x - tau))``
(plus an offset with ``floating_mean``), with tau making the cos and sin
columns orthogonal, as in SciPy."""
import warnings

import numpy

from gpuarray.scipy.signal import _array_ops as xp

__all__ = ["lombscargle"]

_SLAB_VALUES = 1 << 26
_NO_VALUE = object()


def _slab(x, y_weighted, weights, freqs, floating_mean, normalize, n):
    """The periodogram at `freqs` (device, a slab) for column vectors x, w*y, w."""
    phase = x * freqs  # (samples, frequencies)
    cos_t, sin_t = xp.cos(phase), xp.sin(phase)
    w_row = weights.reshape(1, -1)
    y_sum = float(xp.sum(y_weighted))
    cc = xp.matmul(w_row, cos_t * cos_t)
    ss = 1.0 - cc
    cs = xp.matmul(w_row, cos_t * sin_t)
    if floating_mean:
        c, s = xp.matmul(w_row, cos_t), xp.matmul(w_row, sin_t)
        cc, ss, cs = cc - c * c, ss - s * s, cs - c * s
    tau = 0.5 * xp.arctan2(2.0 * cs, cc - ss)
    shifted = phase - tau
    cos_tau, sin_tau = xp.cos(shifted), xp.sin(shifted)
    yw_row = y_weighted.reshape(1, -1)
    yc, ys = xp.matmul(yw_row, cos_tau), xp.matmul(yw_row, sin_tau)
    cc = xp.matmul(w_row, cos_tau * cos_tau)
    ss = 1.0 - cc
    if floating_mean:
        c, s = xp.matmul(w_row, cos_tau), xp.matmul(w_row, sin_tau)
        yc, ys, cc, ss = yc - y_sum * c, ys - y_sum * s, cc - c * c, ss - s * s
    tiny = numpy.finfo(numpy.float64).epsneg
    cc, ss = xp.maximum(cc, tiny), xp.maximum(ss, tiny)
    a, b = yc / cc, ys / ss
    if normalize == "amplitude":
        return ((a + 1j * b) * xp.exp(1j * tau)).reshape(-1)
    power = (2.0 * (a * yc + b * ys)).reshape(-1)
    return power * (n / 4.0) if normalize == "power" else power


def lombscargle(x, y, freqs, *, precenter=_NO_VALUE, normalize=False, weights=None, floating_mean=False):
    """Compute the generalized Lomb-Scargle periodogram.

    Parameters
    ----------
    x : array_like
        Sample times (1-D).
    y : array_like
        Measurement values, as many as `x`.
    freqs : array_like
        Angular frequencies for the output periodogram (1-D).
    precenter : bool, optional
        Deprecated in SciPy 1.17: subtract the mean of `y` first.
    normalize : bool or {'power', 'normalize', 'amplitude'}, optional
        Legacy power units ('power' or False, default), power relative to the
        signal's ('normalize' or True), or the complex best-fit amplitude
        and phase ('amplitude').
    weights : array_like, optional
        Non-negative weights of the samples (default all equal).
    floating_mean : bool, optional
        Fit an offset together with each sinusoid.

    Returns
    -------
    pgram : ndarray
        The periodogram at `freqs` (float64, complex128 for 'amplitude'),
        on the device.

    Raises
    ------
    ValueError
        For inputs that are not 1-D and of equal non-zero length, negative
        or all-zero weights, or an unknown `normalize`.

    Warns
    -----
    DeprecationWarning
        When `precenter` is given (as SciPy 1.17).

    Notes
    -----
    The sums over the samples are matrix products with the cos/sin table
    of ``freqs * x`` (in slabs of frequencies); the weights' check reads two
    numbers back.

    See Also
    --------
    periodogram, welch

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> t = xp.linspace(0.01, 10.0, 200)
    >>> p = signal.lombscargle(t, xp.sin(3.0 * t), xp.array([1.0, 3.0, 5.0]), normalize=True)
    >>> int(xp.argmax(p))
    1
    """
    weights = xp.ones(xp.asarray(y).shape, dtype=numpy.float64) if weights is None else \
        xp.asarray(weights).astype(numpy.float64)
    x = xp.asarray(x).astype(numpy.float64)
    y = xp.asarray(y).astype(numpy.float64)
    freqs = xp.asarray(freqs).astype(numpy.float64)
    if not (x.ndim == 1 and x.size > 0 and x.shape == y.shape == weights.shape):
        raise ValueError("Parameters x, y, weights must be 1-D arrays of equal non-zero length!")
    if not (freqs.ndim == 1 and freqs.size > 0):
        raise ValueError("Parameter freqs must be a 1-D array of non-zero length!")
    total = float(xp.sum(weights))
    if not (bool(xp.all(weights >= 0)) and total > 0):
        raise ValueError("Parameter weights must have only non-negative entries which sum to a positive value!")
    if isinstance(normalize, bool):
        normalize = "normalize" if normalize else "power"
    if normalize not in ("power", "normalize", "amplitude"):
        raise ValueError("Normalize must be: False (or 'power'), True (or 'normalize'), or 'amplitude'.")
    weights = weights * (1.0 / total)
    if precenter is not _NO_VALUE:
        warnings.warn("Use of parameter 'precenter' is deprecated as of SciPy 1.17.0 and will be removed in 1.19.0. "
                      "Please leave 'precenter' unspecified. Passing True to 'precenter' can be exactly substituted "
                      "by passing 'y = (y - y.mean())' into the input. Consider setting `floating_mean` to True "
                      "instead.", DeprecationWarning, stacklevel=2)
        if precenter:
            y = y - xp.mean(y)
    n = x.shape[0]
    column = x.reshape(-1, 1)
    y_weighted = weights * y
    step = max(1, _SLAB_VALUES // n)
    pieces = [_slab(column, y_weighted, weights, freqs[start:start + step].reshape(1, -1), floating_mean, normalize,
                    n) for start in range(0, freqs.shape[0], step)]
    pgram = pieces[0] if len(pieces) == 1 else xp.concatenate(pieces)
    if normalize == "normalize":
        yy = float(xp.sum(y_weighted * y))
        if floating_mean:
            yy -= float(xp.sum(y_weighted)) ** 2
        pgram = pgram * (0.5 / yy)
    return pgram
