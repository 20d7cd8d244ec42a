# SPDX-License-Identifier: BSD-3-Clause
"""Generator.multivariate_hypergeometric: how many items of each color are
among `nsample` items drawn without replacement from an urn holding colors[i]
items of color i. NumPy's two methods, the same law by two routes:

- 'marginals': one univariate hypergeometric draw per color but the last
  (ga::random::hypergeometric, a distribution kernel over the whole batch),
  color i drawn from what the earlier colors left; the last color takes
  the rest.
- 'count': the sample itself. Each variate sorts sum(colors) random 64-bit
  keys; the items of the nsample smallest keys are a uniform random subset,
  and their colors are counted.

When nsample is more than half of sum(colors), both draw the items left in
the urn instead and subtract (fewer steps of the sampler, fewer items to
count). Arguments are checked on the host, with NumPy's errors in NumPy's
order, before any device work."""
import operator

import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.from_shape import full, zeros
from gpuarray._array_creation.ranges import arange
from gpuarray._array_manipulation.joining import concatenate, stack
from gpuarray._core import ndarray
from gpuarray._sorting_searching.searching import where
from gpuarray._sorting_searching.sorting import argsort, searchsorted
from gpuarray._stats.histograms import bincount
from gpuarray._ufunc.ufuncs import maximum
from gpuarray.random._sampling import raw, sample, shape_of

_INT64_MAX = numpy.iinfo(numpy.int64).max
_COLORS_MESSAGE = ("colors must be a one-dimensional sequence of nonnegative integers not exceeding "
                   f"{_INT64_MAX}.")
_MARGINALS_LIMIT = 10**9  # NumPy's: the univariate sampler's doubles stay exact below it
_COUNT_LIMIT = (1 << 60) - 1  # NumPy's: the bytes of one int64 per item must fit in int64
_COUNT_KEYS = 1 << 24  # keys sorted at once by 'count' (whole variates; at least one)


def _colors(colors):
    """`colors` as a host int64 array, or NumPy's ValueError."""
    values = numpy.asarray(colors.get() if isinstance(colors, ndarray) else colors)
    if values.ndim == 1 and values.size == 0:
        return numpy.zeros(0, numpy.int64)
    if values.ndim != 1 or values.dtype.kind not in "iu" or (values < 0).any() or (values > _INT64_MAX).any():
        raise ValueError(_COLORS_MESSAGE)
    return values.astype(numpy.int64)


def check_arguments(colors, nsample, method):
    """(colors as int64, nsample as int, sum(colors)) after NumPy's checks, in NumPy's order."""
    if method not in ("count", "marginals"):
        raise ValueError('method must be "count" or "marginals".')
    try:
        nsample = operator.index(nsample)
    except TypeError:
        raise ValueError("nsample must be an integer") from None
    if nsample < 0:
        raise ValueError("nsample must be nonnegative.")
    if nsample > _INT64_MAX:
        raise ValueError(f"nsample must not exceed {_INT64_MAX}")
    colors = _colors(colors)
    total = sum(int(c) for c in colors)  # Python ints: the sum may pass int64
    if total > _INT64_MAX:
        raise ValueError(f"sum(colors) must not exceed the maximum value of a 64 bit signed integer ({_INT64_MAX})")
    if method == "count" and total > _COUNT_LIMIT:
        raise ValueError(f"When method is 'count', sum(colors) must not exceed {_COUNT_LIMIT}")
    if method == "marginals" and total >= _MARGINALS_LIMIT:
        raise ValueError(f'When method is "marginals", sum(colors) must be less than {_MARGINALS_LIMIT}.')
    if nsample > total:
        raise ValueError("nsample > sum(colors)")
    return colors, nsample, total


def multivariate_hypergeometric(bitgen, colors, nsample, size, method):
    """The variates, int64 of shape size + (len(colors),)."""
    colors, nsample, total = check_arguments(colors, nsample, method)
    shape = shape_of(size)
    out_shape = shape + colors.shape
    # Drawing the complement: the items left in the urn, then colors - them.
    complement = nsample > total // 2
    draw = total - nsample if complement else nsample
    if draw == 0 or not numpy.prod(out_shape, dtype=numpy.int64):
        drawn = zeros(out_shape, numpy.int64)
    elif method == "marginals":
        drawn = _marginals(bitgen, colors, draw, total, shape)
    else:
        drawn = _count(bitgen, colors, draw, total, shape)
    return asarray(colors) - drawn if complement else drawn


def _marginals(bitgen, colors, draw, total, shape):
    left = total
    remaining = draw  # items still to draw: an int until the first draw, then one per variate
    columns = []
    for good in colors[:-1].tolist():
        left -= good
        if good == 0:
            column = 0
        elif left == 0:  # only this color is left: it takes the rest
            column = remaining
        else:
            scalar = isinstance(remaining, int)
            # The sampler needs nsample >= 1 (with 0 it walks the whole urn
            # and returns garbage): variates with nothing left to draw ask for
            # one item, and the answer is replaced by 0.
            wanted = numpy.int64(remaining) if scalar else maximum(remaining, 1)
            column = sample(bitgen, "ga::random::hypergeometric(rng{args})",
                            [("int64", "ngood", numpy.int64(good)), ("int64", "nbad", numpy.int64(left)),
                             ("int64", "nsample", wanted)], shape, numpy.int64)
            if not scalar:
                column = where(remaining == 0, 0, column)
        columns.append(column)
        remaining = remaining - column
    columns.append(remaining)
    return stack([c if isinstance(c, ndarray) else full(shape, c, numpy.int64) for c in columns], axis=-1)


def _count(bitgen, colors, draw, total, shape):
    k = colors.size
    bounds = asarray(numpy.cumsum(colors))  # item j has color searchsorted(bounds, j, 'right')
    variates = int(numpy.prod(shape, dtype=numpy.int64))
    per_pass = max(1, _COUNT_KEYS // total)
    parts = []
    for start in range(0, variates, per_pass):
        rows = min(per_pass, variates - start)
        picked = argsort(raw(bitgen, (rows, total), numpy.uint64), axis=-1)[:, :draw]
        color = searchsorted(bounds, picked.ravel(), side="right")
        row = (arange(rows * draw, dtype=numpy.int64) // draw) * k
        parts.append(bincount(row + color, minlength=rows * k).reshape(rows, k))
    counts = parts[0] if len(parts) == 1 else concatenate(parts)
    return counts.reshape(shape + (k,))
