# SPDX-License-Identifier: BSD-3-Clause
"""Run gpuarray.scipy.fft and gpuarray.scipy.fftpack with NumPy in place of the
device, to check their algebra (twiddles, reorderings, packed formats,
multipliers, SciPy's argument rules) against SciPy on a machine without a GPU.

Each module of the two packages takes the array functions it calls from the
module that defines them (docs/architecture.md), so replacing those names in
the module is enough: gpuarray's functions have NumPy's semantics, and the
device-only steps (the unscaled C2R of _r2r.py, the factor cache) get NumPy
equivalents here. A name left out would hand a NumPy array to a gpuarray
function, which refuses it: a test using the stand-in then fails loudly
rather than silently testing less. What this cannot check is the device
itself: the GPU tests (test_scipy_fft_gpu.py) run the same comparisons there."""
import numpy

from gpuarray.scipy.fft import _arguments, _basic, _basic_nd, _fftlog, _helper, _hermitian_nd, _r2r, _realtransforms
from gpuarray.scipy.fftpack import _basic as _fftpack_basic
from gpuarray.scipy.fftpack import _helper as _fftpack_helper
from gpuarray.scipy.fftpack import _packed, _pseudo_diffs, convolve


def _negative(a, out=None):
    # NumPy 2.4's negative() writes wrong values for some strided float32 views
    # into a strided out= (seen with a (3, 1) view of stride -8 into a column):
    # the assignment of -a is the same operation without that loop.
    if out is None:
        return numpy.negative(a)
    out[...] = -a
    return out


def _irfft_last_unscaled(z, n):
    return numpy.fft.irfft(z, n, axis=-1, norm="forward")


def _resized(a, axis, n):
    size = a.shape[axis]
    if size >= n:
        return numpy.moveaxis(numpy.moveaxis(a, axis, -1)[..., :n], -1, axis), False
    shape = list(a.shape)
    shape[axis] = n
    padded = numpy.zeros(shape, a.dtype)
    numpy.moveaxis(padded, axis, -1)[..., :size] = numpy.moveaxis(a, axis, -1)
    return padded, True


def _no_cache(key, make):
    return make()


REPLACEMENTS = [
    (_arguments, "asarray", numpy.asarray),
    (_basic, "_numpy_fft", numpy.fft.fft), (_basic, "_numpy_ifft", numpy.fft.ifft),
    (_basic, "_numpy_rfft", numpy.fft.rfft), (_basic, "_numpy_irfft", numpy.fft.irfft),
    (_basic, "_numpy_hfft", numpy.fft.hfft), (_basic, "_numpy_ihfft", numpy.fft.ihfft),
    (_basic_nd, "_numpy_fftn", numpy.fft.fftn), (_basic_nd, "_numpy_ifftn", numpy.fft.ifftn),
    (_basic_nd, "_numpy_rfftn", numpy.fft.rfftn), (_basic_nd, "_numpy_irfftn", numpy.fft.irfftn),
    (_hermitian_nd, "_numpy_rfftn", numpy.fft.rfftn), (_hermitian_nd, "_numpy_irfftn", numpy.fft.irfftn),
    (_hermitian_nd, "conjugate", numpy.conjugate),
    (_helper, "_numpy_fftfreq", numpy.fft.fftfreq), (_helper, "_numpy_rfftfreq", numpy.fft.rfftfreq),
    (_helper, "_numpy_fftshift", numpy.fft.fftshift), (_helper, "_numpy_ifftshift", numpy.fft.ifftshift),
    (_r2r, "empty", numpy.empty), (_r2r, "zeros", numpy.zeros), (_r2r, "moveaxis", numpy.moveaxis),
    (_r2r, "arange", numpy.arange), (_r2r, "cos", numpy.cos), (_r2r, "sin", numpy.sin),
    (_r2r, "multiply", numpy.multiply), (_r2r, "negative", _negative),
    (_r2r, "_numpy_rfft", numpy.fft.rfft), (_r2r, "_numpy_fft", numpy.fft.fft),
    (_r2r, "_irfft_last_unscaled", _irfft_last_unscaled), (_r2r, "cached_factors", _no_cache),
    (_realtransforms, "empty", numpy.empty),
    (_fftlog, "asarray", numpy.asarray), (_fftlog, "arange", numpy.arange), (_fftlog, "flip", numpy.flip),
    (_fftlog, "conjugate", numpy.conjugate), (_fftlog, "exp", numpy.exp),
    (_fftpack_basic, "empty", numpy.empty), (_fftpack_basic, "moveaxis", numpy.moveaxis),
    (_fftpack_basic, "multiply", numpy.multiply), (_fftpack_basic, "ascontiguousarray", numpy.ascontiguousarray),
    (_fftpack_basic, "_numpy_rfft", numpy.fft.rfft), (_fftpack_basic, "_resized", _resized),
    (_fftpack_basic, "_irfft_last_unscaled", _irfft_last_unscaled),
    (_fftpack_helper, "asarray", numpy.asarray), (_fftpack_helper, "_numpy_fftfreq", numpy.fft.fftfreq),
    (_packed, "empty", numpy.empty),
    (_pseudo_diffs, "asarray", numpy.asarray), (_pseudo_diffs, "_numpy_fft", numpy.fft.fft),
    (_pseudo_diffs, "_numpy_ifft", numpy.fft.ifft), (_pseudo_diffs, "_numpy_rfft", numpy.fft.rfft),
    (_pseudo_diffs, "cached_factors", _no_cache), (_pseudo_diffs, "_irfft_last_unscaled", _irfft_last_unscaled),
    (convolve, "asarray", numpy.asarray), (convolve, "empty", numpy.empty), (convolve, "_numpy_rfft", numpy.fft.rfft),
    (convolve, "_irfft_last_unscaled", _irfft_last_unscaled),
]


def use_numpy(monkeypatch):
    """Replace the device operations of both packages with NumPy's for this test."""
    for module, name, replacement in REPLACEMENTS:
        assert hasattr(module, name), f"{module.__name__} has no {name}: update REPLACEMENTS"
        monkeypatch.setattr(module, name, replacement)
