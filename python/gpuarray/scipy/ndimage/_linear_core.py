# SPDX-License-Identifier: BSD-3-Clause
"""The shared core of the linear filters: correlation of a work-type array
with host weights along one axis or over several, in SciPy's boundary modes.

Note [Linear filters on array operations]: the input, already in the work
type (float64 or complex128, as SciPy's C computes), is extended along each
filtered axis by the boundary mode (one gather of precomputed host indices,
or concatenated cval blocks), and the output is the sum over taps of weight
times a shifted view of the extended array: one fused multiply-add pass per
tap, taps in order. Nothing is compiled per weight, size or sigma (the
weights are scalars of existing elementwise kernels). On the device the 1-D
correlation of float32 and float64 runs as one kernel
(gpuarray/ndimage/filters.cuh, _kernels.py) with the same sum. 1-D correlations run
the taps of one axis; the N-D correlation skips taps whose weight is at most
DBL_EPSILON in magnitude, as SciPy's footprint of the weights does."""
import numpy

from gpuarray.scipy.ndimage import _array_ops as xp
from gpuarray.scipy.ndimage import _kernels
from gpuarray.scipy.ndimage._support import extend, window

_EPSILON = numpy.finfo(numpy.float64).eps


def _scalar(weight, dtype):
    """A host weight as the Python number the elementwise kernels take."""
    return complex(weight) if numpy.dtype(dtype).kind == "c" else float(numpy.real(weight))


def correlate_axis(x, weights, axis, origin, mode, cval):
    """sum_j weights[j] * x[i + j - (len(weights) // 2 + origin)] along `axis`,
    x extended by `mode`; x is in the work type, weights a 1-D host array."""
    size = len(weights)
    length = x.shape[axis]
    if x.size == 0:
        return xp.copy(x)
    before = size // 2 + origin
    fast = _kernels.correlate1d(x, weights, axis, before, mode, cval)
    if fast is not None:
        return fast
    padded = extend(x, axis, before, size - 1 - before, mode, cval)
    out = None
    for j, w in enumerate(weights):
        term = window(padded, axis, j, length)
        w = _scalar(w, x.dtype)
        out = term * w if out is None else out + term * w
    return out


def correlate_axes(x, weights, axes, origins, mode, cval):
    """The N-D correlation of x (work type) with host `weights` over `axes`
    (weights.shape[k] taps along axes[k]), taps of weight <= DBL_EPSILON skipped."""
    if x.size == 0:
        return xp.copy(x)
    padded = x
    for k, axis in enumerate(axes):
        size = weights.shape[k]
        before = size // 2 + origins[k]
        padded = extend(padded, axis, before, size - 1 - before, mode, cval)
    out = None
    for position in zip(*numpy.nonzero(numpy.abs(weights) > _EPSILON)):
        key = [slice(None)] * x.ndim
        for k, axis in enumerate(axes):
            key[axis] = slice(position[k], position[k] + x.shape[axis])
        term = padded[tuple(key)] * _scalar(weights[position], x.dtype)
        out = term if out is None else out + term
    if out is None:
        return xp.zeros_like(x)
    return out
