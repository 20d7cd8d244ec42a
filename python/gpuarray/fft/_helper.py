# SPDX-License-Identifier: BSD-3-Clause
"""Sample frequencies and spectrum shifts (numpy.fft's helpers)."""
import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_manipulation.rearranging import roll
from gpuarray._base.device_arg import device_scope

__all__ = ["fftfreq", "rfftfreq", "fftshift", "ifftshift"]


def _frequencies(values, dtype, device, name):
    """`values` (NumPy's float64 result) on `device` as `dtype` (a real floating dtype,
    float64 by default, as the array API's fftfreq takes it)."""
    if dtype is not None:
        dtype = numpy.dtype(dtype)
        if dtype.kind != "f":
            raise ValueError(f"{name}: dtype must be a real floating-point dtype, not {dtype}")
        values = values.astype(dtype)
    # n values are a few kB at most in practice: computed on the host, one copy.
    with device_scope(device, f"{name}()"):
        return asarray(values)


def fftfreq(n, d=1.0, device=None, *, dtype=None):
    """The DFT sample frequencies ``[0, 1, ..., -1] / (d*n)``, float64 unless `dtype` says
    otherwise, on `device` (None: the current device)."""
    return _frequencies(numpy.fft.fftfreq(n, d), dtype, device, "fftfreq")


def rfftfreq(n, d=1.0, device=None, *, dtype=None):
    """The sample frequencies of rfft's output, ``[0, 1, ..., n//2] / (d*n)``."""
    return _frequencies(numpy.fft.rfftfreq(n, d), dtype, device, "rfftfreq")


def _shifts(x, axes, sign):
    if axes is None:
        axes = tuple(range(x.ndim))
        return [sign * (dim // 2) for dim in x.shape], axes
    if isinstance(axes, (int, numpy.integer)):
        return sign * (x.shape[axes] // 2), axes
    return [sign * (x.shape[ax] // 2) for ax in axes], axes


def fftshift(x, axes=None):
    """`x` with the zero-frequency term moved to the centre of `axes` (all by default)."""
    x = asarray(x)
    shift, axes = _shifts(x, axes, 1)
    return roll(x, shift, axes)


def ifftshift(x, axes=None):
    """The inverse of fftshift (they differ for odd lengths)."""
    x = asarray(x)
    shift, axes = _shifts(x, axes, -1)
    return roll(x, shift, axes)
