# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.fft: numpy.fft on cuFFT, with CuPy's plan cache (``gpuarray.fft.config``).

Importing this package loads no CUDA library: cuFFT comes with the first
transform (gpuarray._base.libs)."""
from gpuarray.fft import config
from gpuarray.fft._complex import fft, fft2, fftn, ifft, ifft2, ifftn
from gpuarray.fft._helper import fftfreq, fftshift, ifftshift, rfftfreq
from gpuarray.fft._real import hfft, ihfft, irfft, irfft2, irfftn, rfft, rfft2, rfftn

__all__ = ["fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft", "rfft2", "irfft2", "rfftn",
           "irfftn", "hfft", "ihfft", "fftfreq", "rfftfreq", "fftshift", "ifftshift", "config"]
