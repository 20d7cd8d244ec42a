# SPDX-License-Identifier: BSD-3-Clause
"""The discrete Fourier transforms of numpy.fft that are not one C++ call.

fft/ifft/rfft (and ihfft) without out= are whole in C++ (cpp/libs/fft_call.cpp,
Note [FFT call path]). Here: the N-d transforms, irfft/hfft and out=. NumPy 2
is the spec: dtypes (float32/float16 -> complex64, float64, integers and bool
-> complex128; irfft/hfft of float16 give float16), ``n``/``s`` truncating or
zero-padding, ``axes`` in any order (repeats transform again), ``norm`` and
``out``, and the argument errors in NumPy's order and words. Each call maps its
axes onto as few cuFFT executions as possible (up to three axes per plan, the
rest of the array a batch); the layout work, the plan cache and the launch are
C++ (cpp/libs/fft.cpp)."""
import math
import operator
import os
import sys
import warnings

import numpy

from gpuarray._array_creation.from_data import ascontiguousarray
from gpuarray._array_creation.from_shape import empty, zeros
from gpuarray._core import ndarray
from gpuarray._ufunc.ufuncs import conjugate

_NORMS = (None, "backward", "ortho", "forward")
_SWAP_DIRECTION = {None: "forward", "backward": "forward", "ortho": "ortho", "forward": "backward"}
_MAX_RANK = 3  # cuFFT plans transform at most three axes at once
_libs_fft = None
_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep


def _engine():
    # _base/libs.py maps cuFFT and friends: loaded on the first transform, not at import.
    global _libs_fft
    if _libs_fft is None:
        from gpuarray._base import libs as _libs
        _libs_fft = _libs.fft
    return _libs_fft


def _check_norm(norm, inverse=False):
    """NumPy's check; the inverse transforms word it as NumPy's _swap_direction does."""
    if norm not in _NORMS:
        sep = ", " if inverse else ","
        raise ValueError(f'Invalid norm value {norm}; should be "backward"{sep}"ortho" or "forward".')


def _complex_dtype(dtype):
    """The complex dtype a c2c transform of `dtype` computes in (NumPy 2's rules)."""
    if dtype.kind == "c":
        return dtype
    if dtype.kind not in "biuf":
        raise TypeError("ufunc 'fft' not supported for the input types, and the inputs could not be "
                        "safely coerced to any supported types according to the casting rule ''safe''")
    return numpy.dtype(numpy.complex64 if dtype in (numpy.float16, numpy.float32) else numpy.complex128)


def _real_dtype(dtype, name):
    if dtype.kind not in "biuf":
        raise TypeError(f"ufunc '{name}' not supported for the input types, and the inputs could not be "
                        f"safely coerced to any supported types according to the casting rule ''safe''")
    return numpy.dtype(numpy.float32 if dtype in (numpy.float16, numpy.float32) else numpy.float64)


def _resized(a, axis, n):
    """`a` cropped (a view) or zero-padded (a new array) to `n` points along `axis`;
    the flag says whether the result is a new array the caller may clobber."""
    size = a.shape[axis]
    if size == n:
        return a, False
    index = [slice(None)] * a.ndim
    if size > n:
        index[axis] = slice(0, n)
        return a[tuple(index)], False
    shape = list(a.shape)
    shape[axis] = n
    padded = zeros(shape, a.dtype)
    index[axis] = slice(0, size)
    padded[tuple(index)] = a
    return padded, True


def _scale(norm, n, forward):
    """The factor applied after the unnormalized cuFFT result (None for 1)."""
    if norm is None or norm == "backward":
        return None if forward else 1.0 / n
    if norm == "ortho":
        return 1.0 / math.sqrt(n)
    return 1.0 / n if forward else None


def _normalize(x, norm, n, forward):
    factor = _scale(norm, n, forward)
    if factor is not None and x.size:
        _engine().scale(x, factor)
    return x


def _permutation(ndim, last):
    """The axes of an ndim array with `last` moved to the end, in that order."""
    rest = [i for i in range(ndim) if i not in last]
    return rest + list(last)


def _run(src, dst, axes, kind, forward, scratch=False):
    """One cuFFT execution of `src` into `dst` over `axes` (≤ 3, distinct): both are
    viewed with those axes last, the rest a batch (strided views, no copies here)."""
    perm = tuple(_permutation(src.ndim, axes))
    src, dst = src.transpose(perm), dst.transpose(perm)
    try:
        _engine().execute(src, dst, len(axes), kind, forward, scratch)
    except RuntimeError as error:
        # Some strided layouts plan but fail to execute (CUFFT_INVALID_VALUE, seen
        # for real transforms of a transposed 3-d view on an H200): C-ordered copies.
        if "CUFFT_INVALID_VALUE" not in str(error):
            raise
        packed = empty(dst.shape, dst.dtype)
        _engine().execute(ascontiguousarray(src), packed, len(axes), kind, forward, True)
        dst[...] = packed


def _chunks(axes):
    """`axes` split into groups of at most three, the last group first, as NumPy
    transforms the last axis first."""
    return [axes[max(0, i - _MAX_RANK):i] for i in range(len(axes), 0, -_MAX_RANK)]


def _check_out(out, shape, dtype, name):
    """NumPy's checks of `out`, made before any device work: the result's shape (looked
    at first, as NumPy does, whatever `out` is), a device array, and the result's dtype
    taken by a same_kind cast, as the output of NumPy's ufunc `name`."""
    if out is None:
        return
    if getattr(out, "shape", None) is not None and tuple(out.shape) != tuple(shape):
        raise ValueError("output array has wrong shape.")
    if not isinstance(out, ndarray):
        raise TypeError("out must be a gpuarray.ndarray")
    if not numpy.can_cast(dtype, out.dtype, "same_kind"):
        raise TypeError(f"Cannot cast ufunc '{name}' output from {dtype!r} to {out.dtype!r} with casting rule "
                        f"'same_kind'")


def _output(out, shape, dtype, name):
    """An array for the result: `out` itself when it can take cuFFT's output directly."""
    _check_out(out, shape, dtype, name)
    if out is None or out.dtype != dtype:
        return empty(shape, dtype)
    return out


def _final_shape(shape, sizes, axes, last=None):
    """The result's shape: each axis takes the size of its first mention in `axes` (the
    transforms run last to first); `last`, when given, replaces the last axis' length."""
    shape = list(shape)
    for ax, n in reversed(list(zip(axes, sizes))):
        shape[ax] = n
    if last is not None:
        shape[axes[-1]] = last
    return shape


def _finish(result, out):
    if out is None or out is result:
        return result
    out[...] = result
    return out


def _deprecated(message):
    """A DeprecationWarning attributed to the caller's line outside gpuarray.fft (NumPy's
    stacklevel=3 points into numpy.fft itself for fftn and fft2)."""
    frame, level = sys._getframe(0), 1
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(_PACKAGE_DIR):
        frame, level = frame.f_back, level + 1
    warnings.warn(message, DeprecationWarning, stacklevel=level)


def _cook_nd_args(a, s, axes, invreal=False):
    """NumPy's argument rules for the N-d transforms: (sizes, axes), both lists. Uses
    only a.shape, so it runs (and is tested) without a device."""
    shapeless = s is None
    if s is None:
        # numpy.take words the out-of-range axis as NumPy's fftn does.
        s = list(a.shape) if axes is None else numpy.take(a.shape, axes).tolist()
    s = list(s)
    if axes is None:
        if not shapeless:
            # The opening words are NumPy's, so that filters written for NumPy's warning match.
            _deprecated("`axes` should not be `None` if `s` is not `None` (Deprecated in NumPy 2.0). NumPy will "
                        "raise an error here, and take `s[i]` as the length along `axes[i]`; pass `axes` "
                        "explicitly (range(-len(s), 0) keeps today's meaning).")
        axes = list(range(-len(s), 0))
    axes = list(axes)
    if len(s) != len(axes):
        raise ValueError("Shape and axes have different lengths.")
    if invreal and shapeless:
        s[-1] = (a.shape[axes[-1]] - 1) * 2
    if any(n is None for n in s):
        _deprecated("Passing an array containing `None` values to `s` is deprecated in NumPy 2.0 and will become "
                    "an error. Give the 1-D transform's default `n` for that axis instead, or leave `s` out to "
                    "take the defaults along every axis.")
        # As NumPy, a None is the 1-D transform's default n for that axis.
        last = len(s) - 1
        s = [n if n is not None else (a.shape[ax] - 1) * 2 if invreal and i == last else a.shape[ax]
             for i, (n, ax) in enumerate(zip(s, axes))]
    s = [a.shape[ax] if n == -1 else n for n, ax in zip(s, axes)]
    return s, axes


def _check_arguments(sizes, axes, ndim, norm, inverse=False):
    """NumPy's checks of one transform's arguments, in its order (the sizes, the norm, the
    axes): the axes made non-negative. Uses no device."""
    for n in sizes:
        if operator.index(n) < 1:
            raise ValueError(f"Invalid number of FFT data points ({n}) specified.")
    _check_norm(norm, inverse)
    return [_axis(ax, ndim) for ax in axes]


def _axis(axis, ndim):
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        raise numpy.exceptions.AxisError(axis, ndim)
    return axis % ndim


def _c2c(a, sizes, axes, forward, norm, out, checked=False):
    axes = _check_arguments(sizes, axes, a.ndim, norm, inverse=not forward)
    if not checked:
        _check_out(out, _final_shape(a.shape, sizes, axes), _complex_dtype(a.dtype), "fft" if forward else "ifft")
    if len(set(axes)) != len(axes):
        # A repeated axis is transformed again: one axis at a time, last first, as NumPy.
        for i in range(len(axes) - 1, -1, -1):
            a = _c2c(a, sizes[i:i + 1], axes[i:i + 1], forward, norm, out if i == 0 else None, True)
        return a
    dtype = _complex_dtype(a.dtype)
    if a.dtype != dtype:
        a = a.astype(dtype)
    for ax, n in zip(axes, sizes):
        a, _ = _resized(a, ax, n)
    if not axes:
        return a
    groups = _chunks(axes)
    for i, group in enumerate(groups):
        last = i == len(groups) - 1
        dst = _output(out, a.shape, dtype, "fft" if forward else "ifft") if last else empty(a.shape, dtype)
        _run(a, dst, group, _engine().Kind.C2C, forward)
        a = dst
    _normalize(a, norm, math.prod(sizes), forward)
    return _finish(a, out)


def _r2c(a, sizes, axes, norm, out):
    axes = _check_arguments(sizes, axes, a.ndim, norm)
    ax, n = axes[-1], sizes[-1]
    name = "rfft_n_even" if n % 2 == 0 else "rfft_n_odd"
    real = _real_dtype(a.dtype, name)
    complex_dtype = _complex_dtype(real)
    _check_out(out, _final_shape(_final_shape(a.shape, sizes[-1:], axes[-1:], n // 2 + 1), sizes[:-1], axes[:-1]),
               complex_dtype, name)
    if a.dtype != real:
        a = a.astype(real)
    if len(set(axes)) != len(axes):
        # The real axis first, then the rest as c2c (which handles the repeats).
        half = _r2c(a, sizes[-1:], axes[-1:], norm, None)
        return _c2c(half, sizes[:-1], axes[:-1], True, norm, out, True)
    for axis, size in zip(axes, sizes):
        a, _ = _resized(a, axis, size)
    shape = list(a.shape)
    shape[ax] = n // 2 + 1
    groups = _chunks(axes)
    for i, group in enumerate(groups):
        last = i == len(groups) - 1
        dst = (_output(out, shape, complex_dtype, "rfft_n_even" if n % 2 == 0 else "rfft_n_odd") if last
               else empty(shape, complex_dtype))
        kind = _engine().Kind.R2C if i == 0 else _engine().Kind.C2C
        _run(a, dst, group, kind, True)
        a = dst
    _normalize(a, norm, math.prod(sizes), True)
    return _finish(a, out)


def _c2r(a, sizes, axes, norm, out, conj=False):
    axes = _check_arguments(sizes, axes, a.ndim, norm, inverse=True)
    if out is not None and a.dtype != numpy.float16:
        real_out = numpy.dtype(numpy.float32 if _complex_dtype(a.dtype) == numpy.complex64 else numpy.float64)
        # Checked before the leading axes' c2c runs (NumPy checks it only at the end).
        _check_out(out, _final_shape(a.shape, sizes, axes, sizes[-1]), real_out, "irfft")
    fresh = False
    if len(axes) > 1:
        # NumPy's order: ifft over the leading axes, then irfft over the last. One
        # multi-axis C2R plan would treat the imaginary parts of non-Hermitian input
        # differently from NumPy.
        a = _c2c(a, sizes[:-1], axes[:-1], False, norm, None)
        fresh = True
    ax, n = axes[-1], sizes[-1]
    complex_dtype = _complex_dtype(a.dtype)
    real = numpy.dtype(numpy.float32 if complex_dtype == numpy.complex64 else numpy.float64)
    final = numpy.dtype(numpy.float16) if a.dtype == numpy.float16 else real
    if a.dtype != complex_dtype:
        a, fresh = a.astype(complex_dtype), True
    a, padded = _resized(a, ax, n // 2 + 1)
    # C2R overwrites its input, and NumPy ignores the imaginary parts of the DC
    # and Nyquist terms: both are done on a copy of ours.
    work = a if fresh or padded else a.copy()
    if conj:
        conjugate(work, out=work)
    index = [slice(None)] * work.ndim
    index[ax] = 0
    work.imag[tuple(index)] = 0
    if n % 2 == 0:
        index[ax] = n // 2
        work.imag[tuple(index)] = 0
    shape = list(work.shape)
    shape[ax] = n
    dst = _output(out if final == real else None, shape, real, "irfft")
    _run(work, dst, [ax], _engine().Kind.C2R, False, scratch=True)
    _normalize(dst, norm, n, False)
    if final != real and out is None:
        return dst.astype(final)
    return _finish(dst, out)
