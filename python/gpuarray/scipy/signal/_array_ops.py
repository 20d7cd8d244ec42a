# SPDX-License-Identifier: BSD-3-Clause
"""The array operations gpuarray.scipy.signal is built from, in one namespace.

Every module of the package reaches gpuarray's array functions through this
one (``from gpuarray.scipy.signal import _array_ops as xp``), taken from the
area modules that define them (never through the `gpuarray` namespace,
docs/architecture.md), so the modules read as NumPy code."""
from numpy import pi

from gpuarray._arg_extrema import argmax, argmin
from gpuarray._broadcasting import broadcast_to
from gpuarray._calculus import unwrap
from gpuarray._complex_numbers import angle, imag, iscomplexobj, real
from gpuarray._core import ndarray
from gpuarray._creation import asarray, ascontiguousarray, copy
from gpuarray._from_shape import empty, full, ones, ones_like, zeros, zeros_like
from gpuarray._differences import diff
from gpuarray._extrema import max, min
from gpuarray._indexing import take, take_along_axis
from gpuarray._joining import concatenate, stack
from gpuarray._medians import median
from gpuarray._manipulation import expand_dims, moveaxis, squeeze, swapaxes
from gpuarray._math_functions import around, clip
from gpuarray._moments import mean
from gpuarray._padding import pad
from gpuarray._ranges import arange, linspace
from gpuarray._rearranging import flip, roll
from gpuarray._reductions import all, any, prod, sum
from gpuarray._scans import cumsum
from gpuarray._searching import nonzero, where
from gpuarray._shapes import reshape
from gpuarray._sorting import argsort, sort
from gpuarray._special_functions import i0
from gpuarray._special_values import sinc
from gpuarray._tiling import tile
from gpuarray._transfer import asnumpy
from gpuarray._ufuncs import (
    abs, absolute, add, arctan2, conjugate, cos, cosh, exp, floor, greater, isfinite, isinf, isnan, less, log, log10,
    maximum, minimum, multiply, sin, sqrt, square, subtract,
)
from gpuarray.linalg._products import matmul
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
