# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.scipy.fftpack: scipy.fftpack (SciPy's legacy FFT module) on the
GPU, with fftpack's signatures and conventions (docs/scipy_fft.md): the FFTs
(rfft and irfft in FFTPACK's packed real format), the cosine and sine
transforms with fftpack's inverses, the pseudo-differential operators, the
helpers, and the `convolve` submodule.

Left out: SciPy's deprecated module aliases (scipy.fftpack.basic, helper,
pseudo_diffs, realtransforms) and the private `_cache` argument of the
pseudo-differential operators (their factors are cached per device
instead). Importing this package imports neither SciPy nor CUDA libraries."""
import importlib

from gpuarray.scipy.fftpack._basic import fft, fft2, fftn, ifft, ifft2, ifftn, irfft, rfft
from gpuarray.scipy.fftpack._helper import fftfreq, fftshift, ifftshift, next_fast_len, rfftfreq
from gpuarray.scipy.fftpack._hyperbolic_diffs import cc_diff, cs_diff, sc_diff, ss_diff
from gpuarray.scipy.fftpack._pseudo_diffs import diff, hilbert, ihilbert, itilbert, shift, tilbert
from gpuarray.scipy.fftpack._realtransforms import dct, dctn, dst, dstn, idct, idctn, idst, idstn

# scipy.fftpack.__all__, in its order.
__all__ = ["fft", "ifft", "fftn", "ifftn", "rfft", "irfft", "fft2", "ifft2", "diff", "tilbert", "itilbert", "hilbert",
           "ihilbert", "sc_diff", "cs_diff", "cc_diff", "ss_diff", "shift", "fftfreq", "rfftfreq", "fftshift",
           "ifftshift", "next_fast_len", "dct", "idct", "dst", "idst", "dctn", "idctn", "dstn", "idstn"]


def __getattr__(name):
    # The submodule scipy.fftpack.convolve, loaded on first use.
    if name == "convolve":
        return importlib.import_module("gpuarray.scipy.fftpack.convolve")  # also binds the attribute
    raise AttributeError(f"module 'gpuarray.scipy.fftpack' has no attribute {name!r}")
