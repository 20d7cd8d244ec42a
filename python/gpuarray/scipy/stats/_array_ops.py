# SPDX-License-Identifier: BSD-3-Clause
"""The array operations the statistics are built from, in one namespace.

Every module of gpuarray.scipy.stats reaches gpuarray's array functions
through this one (``from gpuarray.scipy.stats import _array_ops as xp``),
taken from the area modules that define them (never through the `gpuarray`
namespace, docs/architecture.md). The names are NumPy's, so the modules read
as NumPy code. The CPU tests put NumPy's functions of the same names in
their place (tests/scipy/stats/conftest.py, `numpy_stand_in`): the formulas
and the axis and NaN bookkeeping then run on the host and are compared with
SciPy on a machine without a device; the GPU tests run the same comparisons
on device arrays."""
from numpy import inf, nan

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.from_shape import empty, full, full_like, ones, zeros, zeros_like
from gpuarray._array_creation.ranges import arange
from gpuarray._array_creation.transfer import asnumpy
from gpuarray._array_manipulation.axes import expand_dims, moveaxis
from gpuarray._array_manipulation.broadcasting import broadcast_to
from gpuarray._array_manipulation.joining import concatenate, stack
from gpuarray._array_manipulation.shapes import reshape
from gpuarray._core import ndarray
from gpuarray._index_routines.index_tricks import ravel_multi_index, unravel_index
from gpuarray._index_routines.indexing import take, take_along_axis
from gpuarray._index_routines.put import put_along_axis
from gpuarray._math.scans import cumsum
from gpuarray._reduction.arg_extrema import argmax, argmin
from gpuarray._reduction.extrema import max, min
from gpuarray._reduction.moments import mean
from gpuarray._reduction.reductions import all, any, count_nonzero, sum
from gpuarray._sorting_searching.searching import nonzero, where
from gpuarray._sorting_searching.sorting import argsort, lexsort, searchsorted, sort
from gpuarray._stats.averages import cov
from gpuarray._stats.histograms import bincount, digitize
from gpuarray._stats.quantiles import quantile
from gpuarray._ufunc.rounding import around, clip
from gpuarray._ufunc.ufuncs import (
    abs, arctanh, ceil, equal, exp, expm1, floor, isfinite, isnan, log, log1p, logaddexp, logical_and, logical_not,
    logical_or, not_equal, sign, sqrt, square, tanh,
)
from gpuarray.linalg._matmul import matmul

__all__ = [
    "abs", "all", "any", "arange", "arctanh", "argmax", "argmin", "argsort", "around", "asarray", "asnumpy",
    "bincount", "broadcast_to", "ceil", "clip", "concatenate", "count_nonzero", "cov", "cumsum", "digitize",
    "empty", "equal", "exp", "expand_dims", "expm1", "floor", "full", "full_like", "inf", "isfinite", "isnan",
    "lexsort", "log", "log1p", "logaddexp", "logical_and", "logical_not", "logical_or", "matmul", "max", "mean",
    "min", "moveaxis", "nan", "ndarray", "nonzero", "not_equal", "ones", "put_along_axis", "quantile",
    "ravel_multi_index", "reshape", "searchsorted", "sign", "sort", "sqrt", "square", "stack", "sum", "take",
    "take_along_axis", "tanh", "unravel_index", "where", "zeros", "zeros_like",
]
