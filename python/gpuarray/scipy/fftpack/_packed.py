# SPDX-License-Identifier: BSD-3-Clause
"""FFTPACK's packed format of a real signal's spectrum, on the device.

Note [FFTPACK packed format]: n real numbers hold the n//2 + 1 complex terms
of rfft(x), whose first (and, for even n, last) terms are real:
``[y0, Re y1, Im y1, Re y2, Im y2, ..., Re y(n/2)]`` for even n and
``[..., Re y((n-1)/2), Im y((n-1)/2)]`` for odd n. Packing and unpacking are
strided copies along the last axis; everything else is cuFFT's R2C and
C2R."""
import numpy

from gpuarray._array_creation.from_shape import empty


def _pairs(n):
    """The number of complex terms stored as (re, im) pairs."""
    return (n - 1) // 2


def pack(spectrum, n, out):
    """The half spectrum (..., n//2 + 1) written into `out` (..., n) in packed order."""
    p = _pairs(n)
    out[..., :1] = spectrum.real[..., :1]
    out[..., 1:2 * p + 1:2] = spectrum.real[..., 1:p + 1]
    out[..., 2:2 * p + 2:2] = spectrum.imag[..., 1:p + 1]
    if n % 2 == 0 and n > 1:
        out[..., n - 1:] = spectrum.real[..., n // 2:]
    return out


def unpack(packed):
    """The half spectrum (..., n//2 + 1) held by `packed` (..., n), as a new
    complex array whose zero (and even-n Nyquist) terms have no imaginary part."""
    n = packed.shape[-1]
    p = _pairs(n)
    dtype = numpy.dtype(numpy.complex64 if packed.dtype == numpy.float32 else numpy.complex128)
    spectrum = empty(packed.shape[:-1] + (n // 2 + 1,), dtype)
    spectrum.real[..., :1] = packed[..., :1]
    spectrum.imag[..., :1] = 0
    spectrum.real[..., 1:p + 1] = packed[..., 1:2 * p + 1:2]
    spectrum.imag[..., 1:p + 1] = packed[..., 2:2 * p + 2:2]
    if n % 2 == 0 and n > 1:
        spectrum.real[..., n // 2:] = packed[..., n - 1:]
        spectrum.imag[..., n // 2:] = 0
    return spectrum


def swap_pairs(packed):
    """A copy of `packed` (1-D) with the (re, im) of each pair exchanged; the
    real-only terms stay in place."""
    n = packed.shape[-1]
    p = _pairs(n)
    swapped = packed.copy()
    swapped[1:2 * p + 1:2] = packed[2:2 * p + 2:2]
    swapped[2:2 * p + 2:2] = packed[1:2 * p + 1:2]
    return swapped
