# SPDX-License-Identifier: BSD-3-Clause
"""Shannon entropy, relative entropy and the differential entropy of a
sample: entropy and differential_entropy, with scipy.stats' signatures.

entropy normalizes the distributions and sums SciPy's ``entr`` or
``rel_entr`` terms, written here as elementwise `where`s on the device;
differential_entropy sorts each slice and applies one of the m-spacing
estimators (Vasicek, van Es, Ebrahimi, Correa) with array operations."""
import math

import numpy

from gpuarray.scipy.stats import _array_ops as xp
from gpuarray.scipy.stats._axis_nan_policy import device_array, float_dtype, reduce_along_axis

__all__ = ["entropy", "differential_entropy"]


def _check_base(base):
    if base is not None and base <= 0:
        raise ValueError("`base` must be a positive number or `None`.")


def _entr(p):
    """SciPy's entr: -p log p for p > 0, 0 at 0, -inf below, NaN for NaN."""
    safe = xp.where(p > 0, p, 1)
    edge = xp.where(p == 0, 0.0, xp.where(p < 0, -xp.inf, xp.nan)).astype(p.dtype)
    return xp.where(p > 0, -p * xp.log(safe), edge)


def _rel_entr(p, q):
    """SciPy's rel_entr: p log(p/q) for p, q > 0, 0 for p = 0 <= q, inf otherwise, NaN for NaN."""
    both = xp.logical_and(p > 0, q > 0)
    ratio = xp.where(both, p, 1) / xp.where(both, q, 1)
    edge = xp.where(xp.logical_and(p == 0, q >= 0), 0.0, xp.inf).astype(p.dtype)
    value = xp.where(both, p * xp.log(ratio), edge)
    return xp.where(xp.logical_or(xp.isnan(p), xp.isnan(q)), xp.nan, value).astype(p.dtype)


def _entropy_core(base):
    def core(pk, qk=None):
        dtype = numpy.result_type(pk.dtype, qk.dtype) if qk is not None else pk.dtype
        pk = pk.astype(dtype)
        pk = pk / xp.sum(pk, axis=-1, keepdims=True)
        if qk is None:
            s = xp.sum(_entr(pk), axis=-1)
        else:
            qk = qk.astype(dtype)
            qk = qk / xp.sum(qk, axis=-1, keepdims=True)
            s = xp.sum(_rel_entr(pk, qk), axis=-1)
        return (s / math.log(base) if base is not None else s,)
    return core


def entropy(pk, qk=None, base=None, axis=0, *, nan_policy="propagate", keepdims=False):
    """Shannon entropy of a distribution, or its relative entropy to another.

    Parameters
    ----------
    pk : array_like
        The distribution (normalized along `axis` here; need not sum to 1).
    qk : array_like, optional
        The distribution to compare with (normalized too), broadcast against
        `pk`: the result is then the Kullback-Leibler divergence
        ``sum(pk * log(pk / qk))``.
    base : float, optional
        The logarithm's base; e (nats) by default.
    axis : int, tuple of ints or None, optional
        Axis along which the entropy is computed (default 0); None uses every element.
    nan_policy : {'propagate', 'omit', 'raise'}, optional
        'propagate': a slice holding a NaN gives NaN; 'omit': NaNs are left out
        (pairwise with `qk`); 'raise': a NaN raises ValueError.
    keepdims : bool, optional
        If True, the reduced axes are left in the result with length 1.

    Returns
    -------
    S : ndarray
        The entropy, a device array (0-d for one slice) in the inputs'
        floating dtype (float64 for integers).

    Raises
    ------
    ValueError
        If `base` is not positive, or `nan_policy` is not one of the three (or
        'raise' with a NaN).

    Notes
    -----
    Sums and elementwise operations on the device (SciPy's ``entr`` and
    ``rel_entr`` are written with `where`, gpuarray.scipy.special not being
    there yet).

    See Also
    --------
    differential_entropy, scipy.stats.entropy

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> float(stats.entropy(xp.asarray([0.5, 0.5]), base=2))
    1.0
    >>> round(float(stats.entropy(xp.asarray([9 / 10, 1 / 10]), qk=xp.asarray([0.5, 0.5]))), 6)
    0.368064
    """
    _check_base(base)
    samples = [device_array(pk)] if qk is None else [device_array(pk), device_array(qk)]
    if samples[0].dtype.kind not in "fc":
        samples[0] = samples[0].astype(float_dtype(*(s.dtype for s in samples)))
    return reduce_along_axis(_entropy_core(base), samples, axis=axis, nan_policy=nan_policy, keepdims=keepdims,
                             paired=True, too_small=-1)[0]


def _window(n, window_length):
    return math.floor(math.sqrt(n) + 0.5) if window_length is None else window_length


def _padded(x, m):
    """`x` with m copies of its first and last values added at each end of the last axis."""
    shape = x.shape[:-1] + (m,)
    return xp.concatenate([xp.broadcast_to(x[..., :1], shape), x, xp.broadcast_to(x[..., -1:], shape)], axis=-1)


def _vasicek(x, m):
    n = x.shape[-1]
    padded = _padded(x, m)
    return xp.mean(xp.log(n / (2 * m) * (padded[..., 2 * m:] - padded[..., :-2 * m])), axis=-1)


def _van_es(x, m):
    n = x.shape[-1]
    term = 1 / (n - m) * xp.sum(xp.log((n + 1) / m * (x[..., m:] - x[..., :-m])), axis=-1)
    harmonic = float(numpy.sum(1 / numpy.arange(m, n + 1, dtype=x.dtype)))
    return term + harmonic + math.log(m) - math.log(n + 1)


def _ebrahimi(x, m):
    n = x.shape[-1]
    padded = _padded(x, m)
    i = numpy.arange(1, n + 1, dtype=numpy.float64)
    ci = numpy.where(i <= m, 1 + (i - 1) / m, 2.0)
    ci = numpy.where(i >= n - m + 1, 1 + (n - i) / m, ci).astype(x.dtype)
    differences = padded[..., 2 * m:] - padded[..., :-2 * m]
    return xp.mean(xp.log(n * differences / (xp.asarray(ci) * m)), axis=-1)


def _correa(x, m):
    n = x.shape[-1]
    padded = _padded(x, m)
    offsets = numpy.arange(-m, m + 1)[:, None]
    window = xp.take(padded, xp.asarray(numpy.arange(1, n + 1) + offsets + m - 1), axis=-1)  # (..., 2m+1, n)
    centered = window - xp.mean(window, axis=-2, keepdims=True)
    num = xp.sum(centered * xp.asarray(offsets.astype(x.dtype)), axis=-2)
    den = n * xp.sum(centered * centered, axis=-2)
    return -xp.mean(xp.log(num / den), axis=-1)


_ESTIMATORS = {"vasicek": _vasicek, "van es": _van_es, "correa": _correa, "ebrahimi": _ebrahimi}


def _differential_entropy_core(window_length, base, method):
    def core(values):
        x = values.astype(float_dtype(values.dtype))
        n = x.shape[-1]
        m = _window(n, window_length)
        if not 2 <= 2 * m < n:
            raise ValueError(f"Window length ({m}) must be positive and less than half the sample size ({n}).")
        chosen = method
        if method == "auto":
            chosen = "van es" if n <= 10 else "ebrahimi" if n <= 1000 else "vasicek"
        res = _ESTIMATORS[chosen](xp.sort(x, axis=-1), m)
        if base is not None:
            res = res / math.log(base)
        return (res.astype(x.dtype),)
    return core


def differential_entropy(values, *, window_length=None, base=None, axis=0, method="auto", nan_policy="propagate",
                         keepdims=False):
    """Differential entropy of a continuous distribution estimated from a sample.

    Parameters
    ----------
    values : array_like
        The sample (device array, or anything `gpuarray.asarray` accepts).
    window_length : int, optional
        The m of the m-spacing estimators; ``round(sqrt(n))`` by default. It
        must satisfy ``2 <= 2 * m < n``.
    base : float, optional
        The logarithm's base; e (nats) by default.
    axis : int, tuple of ints or None, optional
        Axis along which the entropy is estimated (default 0); None uses every element.
    method : {'vasicek', 'van es', 'ebrahimi', 'correa', 'auto'}, optional
        The estimator; 'auto' (default) picks van Es for n <= 10, Ebrahimi for
        n <= 1000 and Vasicek beyond.
    nan_policy : {'propagate', 'omit', 'raise'}, optional
        'propagate': a slice holding a NaN gives NaN; 'omit': NaNs are left out;
        'raise': a NaN raises ValueError.
    keepdims : bool, optional
        If True, the reduced axes are left in the result with length 1.

    Returns
    -------
    entropy : ndarray
        The estimate, a device array (0-d for one slice) in the sample's
        floating dtype.

    Raises
    ------
    ValueError
        If `method` is unknown, `base` not positive, `nan_policy` not one of the
        three (or 'raise' with a NaN), or the window does not fit a
        multidimensional sample without NaNs (SciPy's rule; a one-dimensional
        one gives NaN with SmallSampleWarning instead).

    Notes
    -----
    One sort per slice and the estimator's spacings on the device. The van
    Es estimator's harmonic sum is a number computed on the host.

    See Also
    --------
    entropy, scipy.stats.differential_entropy

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> values = xp.asarray([0.2, 1.1, 1.3, 2.0, 2.4, 3.1, 3.3, 4.6, 5.0, 5.2, 6.8, 7.7])
    >>> round(float(stats.differential_entropy(values)), 6)
    2.065846
    >>> round(float(stats.differential_entropy(values, method="vasicek")), 6)
    1.852357
    """
    _check_base(base)
    method = method.lower()
    if method not in ("vasicek", "van es", "correa", "ebrahimi", "auto"):
        raise ValueError("`method` must be one of {'vasicek', 'van es', 'correa', 'ebrahimi', 'auto'}")

    def too_small(lengths):
        n = lengths[0]
        return not 2 <= 2 * _window(n, window_length) < n

    return reduce_along_axis(_differential_entropy_core(window_length, base, method), [values], axis=axis,
                             nan_policy=nan_policy, keepdims=keepdims, too_small=too_small,
                             core_checks_size=True)[0]
