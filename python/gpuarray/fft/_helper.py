# SPDX-License-Identifier: BSD-3-Clause
"""Sample frequencies and spectrum shifts (numpy.fft's helpers)."""
import numpy

__all__ = ["fftfreq", "rfftfreq", "fftshift", "ifftshift"]


def fftfreq(n, d=1.0):
    """The DFT sample frequencies ``[0, 1, ..., -1] / (d*n)``, float64."""
    import gpuarray
    # n values are a few kB at most in practice: computed on the host, one copy.
    return gpuarray.asarray(numpy.fft.fftfreq(n, d))


def rfftfreq(n, d=1.0):
    """The sample frequencies of rfft's output, ``[0, 1, ..., n//2] / (d*n)``, float64."""
    import gpuarray
    return gpuarray.asarray(numpy.fft.rfftfreq(n, d))


def _shifts(x, axes, sign):
    if axes is None:
        axes = tuple(range(x.ndim))
        return [sign * (dim // 2) for dim in x.shape], axes
    if isinstance(axes, (int, numpy.integer)):
        return sign * (x.shape[axes] // 2), axes
    return [sign * (x.shape[ax] // 2) for ax in axes], axes


def fftshift(x, axes=None):
    """`x` with the zero-frequency term moved to the centre of `axes` (all by default)."""
    import gpuarray
    x = gpuarray.asarray(x)
    shift, axes = _shifts(x, axes, 1)
    return gpuarray.roll(x, shift, axes)


def ifftshift(x, axes=None):
    """The inverse of fftshift (they differ for odd lengths)."""
    import gpuarray
    x = gpuarray.asarray(x)
    shift, axes = _shifts(x, axes, -1)
    return gpuarray.roll(x, shift, axes)
