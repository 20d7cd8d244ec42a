# SPDX-License-Identifier: BSD-3-Clause
"""The array operations gpuarray.scipy.ndimage is built from, in one namespace.

Every module of the package reaches gpuarray's array functions through this
one (``from gpuarray.scipy.ndimage import _array_ops as xp``), taken from
the area modules that define them (never through the `gpuarray` namespace,
docs/architecture.md), so the modules read as NumPy code and the CPU tests
can put NumPy's functions in their place (tests/scipy/ndimage/conftest.py)."""
from gpuarray._reduction.arg_extrema import argmax, argmin
from gpuarray._math.complex_numbers import imag, iscomplexobj, real
from gpuarray._core import ndarray
from gpuarray._array_creation.from_data import asarray, ascontiguousarray, copy
from gpuarray._stats.histograms import bincount
from gpuarray._array_creation.from_shape import empty, full, ones, zeros, zeros_like
from gpuarray._reduction.extrema import max, min
from gpuarray._index_routines.indexing import take
from gpuarray._array_manipulation.joining import concatenate, stack
from gpuarray._array_manipulation.axes import moveaxis
from gpuarray._array_padding.padding import pad
from gpuarray._array_creation.ranges import arange
from gpuarray._reduction.reductions import any, sum
from gpuarray._math.scans import cumsum
from gpuarray._sorting_searching.searching import nonzero, where
from gpuarray._sorting_searching.sorting import argsort, searchsorted, sort
from gpuarray._array_creation.transfer import asnumpy
from gpuarray.linalg._matmul import matmul
from gpuarray.scipy.special._ufuncs import UFUNCS as _SPECIAL
from gpuarray._ufunc.ufuncs import (
    add, cos, equal, exp, floor, hypot, isnan, less, logical_and, logical_not, logical_or, maximum, minimum,
    multiply, not_equal, sin, sqrt, subtract, trunc,
)


j1 = _SPECIAL["j1"]


def strided(x, shape, strides):
    """A view of x's memory with the given shape and byte strides (NumPy's
    as_strided); the caller keeps every element inside x."""
    return x._view(tuple(shape), tuple(strides))


__all__ = [
    "add", "any", "arange", "argmax", "argmin", "argsort", "asarray", "ascontiguousarray", "asnumpy", "bincount",
    "concatenate", "copy", "cos", "cumsum", "empty", "equal", "exp", "floor", "full", "hypot", "imag",
    "iscomplexobj", "isnan", "j1", "less", "logical_and", "logical_not", "logical_or", "matmul", "max", "maximum",
    "min", "minimum", "moveaxis", "multiply", "ndarray", "nonzero", "not_equal", "ones", "pad", "real", "searchsorted", "sin",
    "sort", "sqrt", "stack", "strided", "subtract", "sum", "take", "trunc", "where", "zeros", "zeros_like",
]
