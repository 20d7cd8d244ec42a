# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.scipy.fft as a SciPy backend: scipy.fft's multimethods hand device
arrays to gpuarray (and, with coerce, host arrays too), decline nothing they
should run, and leave host arrays to SciPy otherwise; the four backend
functions call SciPy's with "gpuarray" understood.

Without a GPU a call that reaches gpuarray stops at the device
(CUDARuntimeError, on arrays at a made-up address) and one SciPy computes
returns a NumPy array; with a GPU the first returns a device array."""
import numpy
import pytest
import scipy.fft
from scipy._lib.uarray import Dispatchable

import gpuarray
from gpu_presence import HAVE_GPU
from fake_memory import fake_array
from gpuarray.scipy import fft as gfft

MULTIMETHODS = [name for name in scipy.fft.__all__ if type(getattr(scipy.fft, name)).__name__ == "_Function"]
ARGUMENTS = {"fht": (0.1, 0.5), "ifht": (0.1, 0.5)}
REAL_INPUT = ("rfft", "ihfft", "rfft2", "ihfft2", "rfftn", "ihfftn", "dct", "idct", "dst", "idst", "dctn", "idctn",
              "dstn", "idstn", "fht", "ifht")


def device_array(shape, dtype):
    return gpuarray.ones(shape, dtype) if HAVE_GPU else fake_array(shape, dtype)[0]


def reaches_gpuarray(call):
    """Whether `call` ran in gpuarray: a device array back, or (without a GPU) the
    device error that only gpuarray's path can raise."""
    try:
        result = call()
    except gpuarray.cuda.CUDARuntimeError:
        assert not HAVE_GPU
        return True
    return isinstance(result, gpuarray.ndarray)


def test_every_multimethod_has_an_implementation():
    from gpuarray.scipy.fft._backend import _IMPLEMENTATIONS
    assert set(MULTIMETHODS) <= set(_IMPLEMENTATIONS)
    assert len(MULTIMETHODS) == 28


@pytest.mark.parametrize("name", MULTIMETHODS)
def test_device_arrays_run_in_gpuarray(name):
    x = device_array((4, 8), "f8" if name in REAL_INPUT else "c16")
    with scipy.fft.set_backend(gfft):
        assert reaches_gpuarray(lambda: getattr(scipy.fft, name)(x, *ARGUMENTS.get(name, ())))


@pytest.mark.parametrize("name", MULTIMETHODS)
def test_host_arrays_stay_with_scipy(name):
    x = numpy.ones((4, 8), "f8" if name in REAL_INPUT else "c16")
    args = ARGUMENTS.get(name, ())
    with scipy.fft.set_backend(gfft):
        actual = getattr(scipy.fft, name)(x, *args)
    assert isinstance(actual, numpy.ndarray)
    numpy.testing.assert_array_equal(actual, getattr(scipy.fft, name)(x, *args))


@pytest.mark.parametrize("name", ["fft", "rfft", "dct", "idstn", "irfft2"])
def test_coerce_copies_host_arrays_to_the_device(name):
    x = numpy.ones((4, 8), "f8" if name in REAL_INPUT else "c16")
    with scipy.fft.set_backend(gfft, coerce=True):
        assert reaches_gpuarray(lambda: getattr(scipy.fft, name)(x))
    with scipy.fft.set_backend("scipy"), gfft.set_backend("gpuarray", coerce=True):
        assert reaches_gpuarray(lambda: getattr(scipy.fft, name)(x.tolist()))


def test_only_refuses_what_gpuarray_declines():
    with pytest.raises(scipy.fft._backend.ua.BackendNotImplementedError):
        with scipy.fft.set_backend(gfft, only=True):
            scipy.fft.fft(numpy.ones(4))


def test_gpuarray_arguments_and_errors_come_through():
    x = device_array((4, 8), "c16")
    with scipy.fft.set_backend(gfft):
        # SciPy's own backend raises NotImplementedError for a plan; gpuarray says ValueError.
        with pytest.raises(ValueError, match="pass plan=None"):
            scipy.fft.fft(x, plan=object())
        with pytest.raises(ValueError, match="Invalid norm value"):
            scipy.fft.ifftn(x, norm="bad")
        assert reaches_gpuarray(lambda: scipy.fft.fft(x, 8, 0, "ortho", False, 2))
        assert reaches_gpuarray(lambda: scipy.fft.dct(x=x.real.copy() if HAVE_GPU else device_array((4, 8), "f8"),
                                                      type=3, n=5, axis=0, orthogonalize=True))


def test_set_backend_takes_the_gpuarray_name():
    x = device_array((4, 8), "c16")
    with gfft.set_backend("gpuarray"):
        assert reaches_gpuarray(lambda: scipy.fft.fftn(x))
    with gfft.set_backend(gfft, only=True):
        assert reaches_gpuarray(lambda: scipy.fft.ifft(x))
    with pytest.raises(ValueError, match="Unknown backend"):
        gfft.set_backend("cupy")


def test_skip_backend():
    with scipy.fft.set_backend(gfft, coerce=True), gfft.skip_backend("gpuarray"):
        assert isinstance(scipy.fft.fft(numpy.ones(4)), numpy.ndarray)


def test_set_global_backend():
    x = device_array((4, 8), "c16")
    gfft.set_global_backend("gpuarray")
    try:
        assert reaches_gpuarray(lambda: scipy.fft.fft(x))
        # SciPy's own backend was the global one: host arrays now find none, as in SciPy.
        with pytest.raises(scipy.fft._backend.ua.BackendNotImplementedError):
            scipy.fft.fft(numpy.ones(4))
    finally:
        gfft.set_global_backend("scipy", try_last=True)  # SciPy's state at import
    assert isinstance(scipy.fft.fft(numpy.ones(4)), numpy.ndarray)


def test_register_backend_calls_scipys(monkeypatch):
    registered = []
    monkeypatch.setattr(scipy.fft, "register_backend", registered.append)
    gfft.register_backend("gpuarray")
    gfft.register_backend("scipy")
    assert registered == [gfft, "scipy"]


def test_backend_functions_check_the_domain():
    class NotAnFftBackend:
        __ua_domain__ = "numpy.scipy.linalg"
    for function in (gfft.set_backend, gfft.skip_backend, gfft.set_global_backend, gfft.register_backend):
        with pytest.raises(ValueError, match='Backend does not implement "numpy.scipy.fft"'):
            function(NotAnFftBackend())


def test_ua_function_declines_unknown_methods():
    def fftconvolve(*args):
        pass
    assert gfft.__ua_function__(fftconvolve, (), {}) is NotImplemented
    assert gfft.__ua_function__(object(), (), {}) is NotImplemented


def test_ua_convert():
    x = device_array(4, "f8")
    host = numpy.ones(4)
    other = Dispatchable(3, int)
    assert gfft.__ua_convert__([Dispatchable(x, numpy.ndarray), other], False) == [x, 3]
    assert gfft.__ua_convert__([Dispatchable(host, numpy.ndarray)], False) is NotImplemented
    assert gfft.__ua_convert__([Dispatchable(host, numpy.ndarray, coercible=False)], True) is NotImplemented
    assert gfft.__ua_convert__([Dispatchable("text", numpy.ndarray)], True) is NotImplemented
    if HAVE_GPU:
        (converted,) = gfft.__ua_convert__([Dispatchable(host, numpy.ndarray)], True)
        assert isinstance(converted, gpuarray.ndarray)
