# SPDX-License-Identifier: BSD-3-Clause
"""Means and central moments along the last axis, computed so that an
offset does not cost digits.

Note [Refined mean]: a variance-like statistic of data far from zero
(``1e8 + noise``) loses digits in a one-pass formula (``E[x^2] - E[x]^2``)
and, less, in the two-pass formula ``E[(x - m)^2]``: the mean ``m`` is off
by the rounding of the sum and by its own representation (``1e8`` has an
ulp of 1.5e-8), and that error moves odd moments (``m3 - 3 * delta * m2``).
Here the deviations are taken in two steps, ``d = x - m`` (exact or nearly,
the values being close to ``m``) and then ``d - mean(d)``: the correction
``mean(d)`` is small and keeps its digits, so the deviations are accurate to
``eps`` times their own size, whatever the offset. One more pass over the
data. SciPy centers once; its results at large offsets are the less accurate
of the two, and the tests compare with SciPy on shifted data, where SciPy is
exact."""
import warnings

import numpy

from gpuarray.scipy.stats import _array_ops as xp
from gpuarray.scipy.stats._axis_nan_policy import float_dtype

__all__ = ["as_float", "refined_mean", "mean_parts", "deviations", "central_moment", "warn_precision_loss"]


def as_float(a, dtype=None):
    """`a` in the floating dtype SciPy computes in (`dtype` if given)."""
    dtype = float_dtype(a.dtype) if dtype is None else numpy.dtype(dtype)
    return a if a.dtype == dtype else a.astype(dtype)


def refined_mean(a):
    """The mean along the last axis, kept as a length-1 axis, refined once (Note [Refined mean])."""
    return deviations(a)[0]


def mean_parts(a):
    """(m, c, deviations): the mean along the last axis as ``m + c`` (both kept as a
    length-1 axis; m the plain mean, c the small correction of Note [Refined mean])
    and the deviations from it. A difference of means taken as ``(m1 - m2) + (c1 - c2)``
    keeps the digits that ``m1 + c1`` would round away at a large offset."""
    m = xp.mean(a, axis=-1, keepdims=True)
    d = a - m
    c = xp.mean(d, axis=-1, keepdims=True)
    return m, c, d - c


def deviations(a, center=None):
    """(the center, kept as a length-1 axis, and the deviations ``a - center``): the
    refined mean of the last axis and deviations from it taken in two steps (Note
    [Refined mean]), unless `center` is given."""
    if center is not None:
        return center, a - center
    m, c, d = mean_parts(a)
    return m + c, d


def central_moment(d, order):
    """The mean of ``d**order`` along the last axis for an integer order >= 1,
    the power taken by repeated squaring as SciPy takes it."""
    steps = [order]
    while steps[-1] > 2:
        steps.append(steps[-1] // 2)
    s = d if steps[-1] == 1 else d * d
    for k in reversed(steps[:-1]):
        s = s * s
        if k % 2:
            s = s * d
    return xp.mean(s, axis=-1)


def warn_precision_loss(mean, d):
    """SciPy's warning when the deviations are within rounding of the mean: the
    data are nearly identical and the moments may be unreliable (one read back)."""
    if d.shape[-1] <= 1 or d.size == 0:
        return
    eps = float(numpy.finfo(mean.dtype).eps) * 10
    spread = xp.max(xp.abs(d), axis=-1, keepdims=True)
    if bool(xp.any(spread < eps * xp.abs(mean))):
        warnings.warn("Precision loss occurred in moment calculation due to catastrophic cancellation. "
                      "This occurs when the data are nearly identical. Results may be unreliable.",
                      RuntimeWarning, stacklevel=4)
