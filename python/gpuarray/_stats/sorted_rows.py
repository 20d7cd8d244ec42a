# SPDX-License-Identifier: BSD-3-Clause
"""The rows that order statistics read (median, the quantiles and their
nan-variants): the reduced axes moved last and merged into one, so that a
sort along the last axis orders each slice (NaNs sort last); the kernel that
gathers elements at given positions of each row; counts of the elements
that are not NaN per row; and the result put back in keepdims' shape or
written into out=."""
import math
import warnings

from numpy.lib.array_utils import normalize_axis_tuple

from gpuarray._core import ndarray
from gpuarray._reduction.reductions import any as _any, count_nonzero
from gpuarray._ufunc.ufuncs import isnan, logical_not
from gpuarray._user_kernels.elementwise_kernel import ElementwiseKernel

__all__ = []


# Element k[i] of row r of the C-contiguous rows `s` (n elements each), where
# r = (i / inner) % rows: inner = 1 when the rows are the trailing dimensions
# of the output (one gather for every q), inner = n to permute each row.
_take_rows = ElementwiseKernel(
    "raw T s, int64 k, int64 rows, int64 n, int64 inner", "T y", "y = s[(i / inner % rows) * n + k]",
    "ga_take_rows")


def _rows(a, axis):
    """`a` with the axes reduced over (all for None) moved last and merged into one,
    and the shape keepdims gives."""
    axes = tuple(range(a.ndim)) if axis is None else normalize_axis_tuple(axis, a.ndim)
    rest = tuple(ax for ax in range(a.ndim) if ax not in axes)
    n = math.prod(a.shape[ax] for ax in axes)
    rows = a.transpose(rest + axes).reshape(tuple(a.shape[ax] for ax in rest) + (n,))
    kept = tuple(1 if ax in axes else a.shape[ax] for ax in range(a.ndim))
    return rows, kept


def _finish(result, lead, kept, keepdims, out):
    """The result in keepdims' shape when asked (after q's dimensions `lead`), written into `out` if given."""
    if keepdims:
        result = result.reshape(lead + kept)
    if out is None:
        return result
    if not isinstance(out, ndarray):
        raise TypeError(f"out must be a gpuarray.ndarray, got {type(out).__name__}")
    if out.shape != result.shape:
        raise ValueError(f"non-broadcastable output operand with shape {out.shape} doesn't match the "
                         f"result shape {result.shape}")
    out[...] = result
    return out


def _warn_all_nan(count):
    if count.size and bool(_any(count == 0)):
        warnings.warn("All-NaN slice encountered", RuntimeWarning, stacklevel=4)


def _non_nan_count(s):
    return count_nonzero(logical_not(isnan(s)), axis=-1)
