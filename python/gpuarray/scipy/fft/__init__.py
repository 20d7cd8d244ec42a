# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.scipy.fft: scipy.fft on the GPU (docs/scipy_fft.md).

Every public name of scipy.fft with SciPy's signatures, argument rules,
dtypes and errors: the complex and real FFTs (cuFFT, through gpuarray.fft),
the DCT and DST of types 1-4 (cuFFT plus array operations), the fast Hankel
transforms, the helpers, `workers` (accepted and ignored: cuFFT uses the
whole GPU) and the backend functions. The module is also a SciPy backend:

    with scipy.fft.set_backend(gpuarray.scipy.fft):
        scipy.fft.dct(device_array)      # runs here, returns a device array

Importing it imports neither SciPy nor any CUDA library; SciPy is imported by
the backend functions and the fast Hankel transforms on first use."""
from gpuarray.scipy.fft import _backend
from gpuarray.scipy.fft._backend import register_backend, set_backend, set_global_backend, skip_backend
from gpuarray.scipy.fft._basic import fft, hfft, ifft, ihfft, irfft, rfft
from gpuarray.scipy.fft._basic_nd import fft2, fftn, ifft2, ifftn, irfft2, irfftn, rfft2, rfftn
from gpuarray.scipy.fft._fast_lengths import next_fast_len, prev_fast_len
from gpuarray.scipy.fft._fftlog import fht, fhtoffset, ifht
from gpuarray.scipy.fft._hermitian_nd import hfft2, hfftn, ihfft2, ihfftn
from gpuarray.scipy.fft._helper import fftfreq, fftshift, ifftshift, rfftfreq
from gpuarray.scipy.fft._realtransforms import dct, dst, idct, idst
from gpuarray.scipy.fft._realtransforms_nd import dctn, dstn, idctn, idstn
from gpuarray.scipy.fft._workers import get_workers, set_workers

# The uarray protocol that makes this module a SciPy backend (_backend.py).
__ua_domain__ = _backend.__ua_domain__
__ua_function__ = _backend.__ua_function__
__ua_convert__ = _backend.__ua_convert__

# scipy.fft.__all__, in its order.
__all__ = ["fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft", "rfft2", "irfft2", "rfftn", "irfftn",
           "hfft", "ihfft", "hfft2", "ihfft2", "hfftn", "ihfftn", "fftfreq", "rfftfreq", "fftshift", "ifftshift",
           "next_fast_len", "prev_fast_len", "dct", "idct", "dst", "idst", "dctn", "idctn", "dstn", "idstn",
           "fht", "ifht", "fhtoffset", "set_backend", "skip_backend", "set_global_backend", "register_backend",
           "get_workers", "set_workers"]
