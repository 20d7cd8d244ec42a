# SPDX-License-Identifier: BSD-3-Clause
"""The two ways gpuarray.scipy.signal convolves, and the cost model that
picks between them.

Direct (``direct_convolve``): one pass over the output per tap of the
smaller operand, ``out[window] += tap * shifted input``, only over the
output region the mode keeps; each output is the plain sum of its products,
so its error is that of its own terms. 1-D pairs go to gpuarray.convolve
instead, a tiled kernel that sums each output in one thread (Note [Direct
correlation] in gpuarray/_math/correlation.py).

FFT (``fft_convolve``): real or complex transforms of both operands at a
7-smooth length (cuFFT's fast radices) along the convolved axes, multiplied,
transformed back and cut to the mode's region. Its rounding error is about
eps times the norms of the operands at every output, so outputs much
smaller than those norms lose digits.

Note [Convolution cost model]: the times of both paths are linear models in
the work they do, with constants estimated for an H100 from its launch
overhead, memory bandwidth and cuFFT's rate (not yet fitted to timings:
benchmarks/cases/signal.py times both paths for that): the tap loop costs a fixed host/launch time per
tap plus memory traffic per output and tap; the tiled 1-D kernel costs its
multiply-adds at an assumed rate; an FFT convolution costs three
transforms of the padded size plus the product, each transform a fixed time
plus ``N log2 N`` work. SciPy's constants were fitted to a CPU and would
choose the FFT far too late on a GPU (every tap of the direct loop is a
kernel launch)."""
import itertools
import math
import operator

import numpy

from gpuarray._math import correlation as _correlation
from gpuarray.scipy.signal import _array_ops as xp

__all__ = ["normalized_axes", "inputs_swap_needed", "centered", "apply_mode", "fast_length", "fft_convolve",
           "direct_convolve", "direct_seconds", "fft_seconds", "check_mode", "reverse_and_conj"]

MODES = ("full", "same", "valid")


def check_mode(mode, message="Acceptable mode flags are 'valid', 'same', or 'full'."):
    """SciPy's ValueError for a mode that is none of the three."""
    if not isinstance(mode, str) or mode not in MODES:
        raise ValueError(message)


def reverse_and_conj(x):
    """x reversed along every axis, conjugated if complex (convolve's kernel for correlate)."""
    reversed_ = x[(slice(None, None, -1),) * x.ndim]
    return xp.conjugate(reversed_) if x.dtype.kind == "c" else reversed_


def normalized_axes(ndim, axes):
    """SciPy's axes argument as a list of non-negative ints (all axes for None)."""
    if axes is None:
        return list(range(ndim))
    axes = [operator.index(a) for a in numpy.atleast_1d(numpy.asarray(axes, dtype=object)).tolist()]
    out = []
    for a in axes:
        if not -ndim <= a < ndim:
            raise ValueError("axes exceeds dimensionality of input")
        out.append(a % ndim)
    if len(set(out)) != len(out):
        raise ValueError("all axes must be unique")
    return out


def inputs_swap_needed(mode, shape1, shape2, axes=None):
    """Whether 'valid' needs the operands swapped (in2 larger in every axis),
    with SciPy's ValueError when neither is at least as large as the other."""
    if mode != "valid" or not shape1:
        return False
    axes = range(len(shape1)) if axes is None else axes
    ok1 = all(shape1[i] >= shape2[i] for i in axes)
    ok2 = all(shape2[i] >= shape1[i] for i in axes)
    if not (ok1 or ok2):
        raise ValueError("For 'valid' mode, one must be at least as large as the other in every dimension")
    return not ok1


def centered(arr, newshape):
    """The centre `newshape` part of arr (SciPy's rounding: the extra sample goes to the end)."""
    index = tuple(slice((n - m) // 2, (n - m) // 2 + m) for n, m in zip(arr.shape, newshape))
    return arr[index]


def apply_mode(full, s1, s2, mode, axes):
    """The part of a full convolution `mode` keeps, as a fresh array."""
    if mode == "full":
        return xp.copy(full)
    if mode == "same":
        return xp.copy(centered(full, s1))
    if mode == "valid":
        shape = [full.shape[a] if a not in axes else s1[a] - s2[a] + 1 for a in range(full.ndim)]
        return xp.copy(centered(full, shape))
    raise ValueError("acceptable mode flags are 'valid', 'same', or 'full'")


def fast_length(n):
    """The least 7-smooth length >= n: cuFFT's fast radices are 2, 3, 5 and 7."""
    if n <= 8:
        return n
    best = 1 << (n - 1).bit_length()
    p7 = 1
    while p7 < best:
        p5 = p7
        while p5 < best:
            p3 = p5
            while p3 < best:
                m = p3 * (1 << max(0, (-(-n // p3) - 1).bit_length()))
                best = min(best, m)
                p3 *= 3
            p5 *= 5
        p7 *= 7
    return best


def fft_convolve(in1, in2, axes, shape):
    """The convolution of in1 and in2 along `axes`, `shape` long (the full
    length, s1 + s2 - 1, on those axes), by transforms at 7-smooth lengths;
    the other axes broadcast."""
    if not axes:
        return in1 * in2
    lengths = [fast_length(shape[a]) for a in axes]
    if in1.dtype.kind == "c" or in2.dtype.kind == "c":
        product = xp.fftn(in1, lengths, axes=axes) * xp.fftn(in2, lengths, axes=axes)
        full = xp.ifftn(product, lengths, axes=axes)
    else:
        product = xp.rfftn(in1, lengths, axes=axes) * xp.rfftn(in2, lengths, axes=axes)
        full = xp.irfftn(product, lengths, axes=axes)
    return full[tuple(slice(0, n) for n in shape)]


def _region(s1, s2, mode):
    """(start, length) per axis of the output `mode` keeps, as indices of the full convolution."""
    full = [a + b - 1 for a, b in zip(s1, s2)]
    if mode == "full":
        return [0] * len(full), full
    if mode == "same":
        return [(f - a) // 2 for f, a in zip(full, s1)], list(s1)
    return [b - 1 for b in s2], [a - b + 1 for a, b in zip(s1, s2)]


def direct_convolve(in1, in2, mode):
    """The convolution of in1 and in2 (same ndim, every axis convolved) over
    the region `mode` keeps, summed directly, in their common dtype. For
    'valid', in1 must be at least as large as in2 in every axis."""
    dtype = numpy.result_type(in1.dtype, in2.dtype)
    if in1.ndim == 1:
        full = _correlation.convolve(in1.astype(dtype, copy=False), in2.astype(dtype, copy=False), "full")
        if mode == "valid":
            return full[in2.shape[0] - 1:in1.shape[0]]
        return xp.copy(centered(full, in1.shape)) if mode == "same" else full
    start, length = _region(in1.shape, in2.shape, mode)
    out = xp.zeros(tuple(length), dtype=dtype)
    if 0 in length:
        return out
    # The loop runs over the taps of the smaller operand: out[n] = sum_k a[k] b[n - k] is symmetric in a and b.
    volume, taps = (in1, in2) if in2.size <= in1.size else (in2, in1)
    volume = volume.astype(dtype, copy=False)
    taps = taps.astype(dtype, copy=False)
    sv = volume.shape
    for k in itertools.product(*(range(n) for n in taps.shape)):
        out_index, in_index = [], []
        for kk, st, ln, n in zip(k, start, length, sv):
            lo, hi = max(st, kk), min(st + ln, kk + n)
            if lo >= hi:
                break
            out_index.append(slice(lo - st, hi - st))
            in_index.append(slice(lo - kk, hi - kk))
        else:
            window = out[tuple(out_index)]
            xp.add(window, xp.multiply(volume[tuple(in_index)], taps[k]), out=window)
    return out


# Note [Convolution cost model]: seconds, estimated for an H100 (see the module docstring).
_TAP_SECONDS = 2.5e-5  # host and launch time of one tap of the direct loop (two kernels)
_TAP_BYTE_SECONDS = 1.0 / 1.5e12  # memory traffic of a tap: ~5 itemsizes per output at ~1.5 TB/s
_MAC_SECONDS_1D = 1.0 / 4e11  # multiply-adds of the tiled 1-D kernel
_CALL_SECONDS_1D = 2e-5
_FFT_CALL_SECONDS = 5e-5  # one transform's plan lookup, launches and the host work around them
_FFT_POINT_SECONDS = 1.0 / 4e11  # per point and log2 of the length, complex64 (double for complex128)


def direct_seconds(s1, s2, itemsize, mode):
    """Modelled time of the direct path for a convolution of shapes s1 and s2."""
    start, length = _region(s1, s2, mode)
    outputs = math.prod(length)
    if len(s1) == 1:
        return _CALL_SECONDS_1D + (s1[0] + s2[0] - 1) * min(s1[0], s2[0]) * _MAC_SECONDS_1D * itemsize / 4
    taps = min(math.prod(s1), math.prod(s2))
    return taps * (_TAP_SECONDS + 5 * outputs * itemsize * _TAP_BYTE_SECONDS)


def fft_seconds(s1, s2, itemsize, complex_):
    """Modelled time of the FFT path: three transforms of the padded size and a product."""
    points = math.prod(fast_length(a + b - 1) for a, b in zip(s1, s2))
    work = points * max(math.log2(max(points, 2)), 1.0) * (itemsize / 4 if complex_ else itemsize / 8)
    return 3 * _FFT_CALL_SECONDS + 3 * work * _FFT_POINT_SECONDS + points * 3 * 8 * _TAP_BYTE_SECONDS
