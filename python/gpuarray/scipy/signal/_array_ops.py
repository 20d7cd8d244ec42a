# SPDX-License-Identifier: BSD-3-Clause
"""The array operations gpuarray.scipy.signal is built from, in one namespace.

Every module of the package reaches gpuarray's array functions through this
one (``from gpuarray.scipy.signal import _array_ops as xp``), taken from the
area modules that define them (never through the `gpuarray` namespace,
docs/architecture.md), so the modules read as NumPy code."""
from numpy import pi

from gpuarray._array_creation.from_data import asarray, ascontiguousarray, copy
from gpuarray._array_creation.from_shape import empty, full, ones, ones_like, zeros, zeros_like
from gpuarray._array_creation.ranges import arange, linspace
from gpuarray._array_creation.transfer import asnumpy
from gpuarray._array_editing.tiling import tile
from gpuarray._array_manipulation.axes import expand_dims, moveaxis, squeeze, swapaxes
from gpuarray._array_manipulation.broadcasting import broadcast_to
from gpuarray._array_manipulation.joining import concatenate, stack
from gpuarray._array_manipulation.rearranging import flip, roll
from gpuarray._array_manipulation.shapes import reshape
from gpuarray._array_padding.padding import pad
from gpuarray._core import ndarray
from gpuarray._index_routines.indexing import take, take_along_axis
from gpuarray._math.calculus import unwrap
from gpuarray._math.complex_numbers import angle, imag, iscomplexobj, real
from gpuarray._math.differences import diff
from gpuarray._math.scans import cumsum
from gpuarray._math.special_functions import i0
from gpuarray._math.special_values import sinc
from gpuarray._reduction.arg_extrema import argmax, argmin
from gpuarray._reduction.extrema import max, min
from gpuarray._reduction.moments import mean
from gpuarray._reduction.reductions import all, any, prod, sum
from gpuarray._sorting_searching.searching import nonzero, where
from gpuarray._sorting_searching.sorting import argsort, sort
from gpuarray._stats.medians import median
from gpuarray._ufunc.rounding import around, clip
from gpuarray._ufunc.ufuncs import (
    abs, absolute, add, arctan2, conjugate, cos, cosh, exp, floor, greater, isfinite, isinf, isnan, less, log, log10,
    maximum, minimum, multiply, sin, sqrt, square, subtract,
)
from gpuarray.linalg._matmul import matmul
from gpuarray.scipy.fft._basic import fft, ifft, irfft, rfft
from gpuarray.scipy.fft._basic_nd import fftn, ifftn, irfftn, rfftn



def strided(x, shape, strides):
    """A view of x's memory with the given shape and byte strides (NumPy's
    as_strided); the caller keeps every element inside x."""
    return x._view(tuple(shape), tuple(strides))


def segments(x, length, step):
    """Read-only view of x's last axis as overlapping segments: shape
    x.shape[:-1] + (count, length), segment i starting at i * step (NumPy's
    sliding_window_view(x, length, axis=-1)[..., ::step, :])."""
    count = (x.shape[-1] - length) // step + 1
    shape = tuple(x.shape[:-1]) + (count, length)
    strides = tuple(x.strides[:-1]) + (x.strides[-1] * step, x.strides[-1])
    return strided(x, shape, strides)


__all__ = [
    "abs", "absolute", "add", "all", "angle", "any", "arange", "arctan2", "argmax", "argmin", "argsort", "around",
    "asarray", "ascontiguousarray", "asnumpy", "broadcast_to", "clip", "concatenate", "conjugate", "copy", "cos",
    "cosh", "cumsum", "diff", "empty", "exp", "expand_dims", "fft", "fftn", "flip", "floor", "full", "greater", "i0",
    "ifft", "ifftn", "imag", "irfft", "irfftn", "iscomplexobj", "isfinite", "isinf", "isnan", "less", "linspace",
    "log", "log10", "matmul", "max", "maximum", "mean", "median", "min", "minimum", "moveaxis", "multiply", "ndarray",
    "nonzero", "ones", "ones_like", "pad", "pi", "prod", "real", "reshape", "rfft", "rfftn", "roll", "segments",
    "sin", "sinc", "sort", "sqrt", "square", "squeeze", "stack", "strided", "subtract", "sum", "swapaxes", "take",
    "take_along_axis", "tile", "unwrap", "where", "zeros", "zeros_like",
]
