# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.scipy.fft and gpuarray.scipy.fftpack against SciPy without a device:
the names and signatures, what importing loads, the host-only helpers
(next_fast_len, prev_fast_len, workers), and every argument error, raised
with SciPy's exception type before any device work.

Errors are compared side by side (as tests/fft/test_fft_warnings.py does for
numpy.fft): each case runs in SciPy on a NumPy array and here on a device
array (one at a made-up address without a GPU, tests/fake_memory.py); where
SciPy raises, gpuarray raises the same type (or a subclass: NumPy's
AxisError is an IndexError); where SciPy accepts the call, gpuarray gets as
far as the device."""
import inspect
import os
import re
import subprocess
import sys

import numpy
import pytest
import scipy.fft
import scipy.fftpack
import scipy.fftpack.convolve

import gpuarray
from gpu_presence import HAVE_GPU
from fake_memory import fake_array
from gpuarray.scipy import fft as gfft
from gpuarray.scipy import fftpack as gfftpack

ACCEPTED = "accepted"


def device_array(shape, dtype):
    """Ones on a GPU; elsewhere an array at a made-up address, which no accepted call
    may reach the device with."""
    if HAVE_GPU:
        return gpuarray.ones(shape, dtype)
    return fake_array(shape, dtype)[0]


def outcome(call):
    try:
        call()
    except gpuarray.cuda.CUDARuntimeError:
        assert not HAVE_GPU
        return ACCEPTED
    except Exception as error:  # noqa: BLE001 (the exception is the result)
        return error
    return ACCEPTED


def same_outcome(expected, actual):
    if expected is ACCEPTED or actual is ACCEPTED:
        assert actual is expected, (expected, actual)
    else:
        assert isinstance(actual, type(expected)), (expected, actual)


# ---- names, signatures, imports

@pytest.mark.parametrize("name", scipy.fft.__all__)
def test_scipy_fft_names_and_signatures(name):
    assert str(inspect.signature(getattr(gfft, name))) == str(inspect.signature(getattr(scipy.fft, name)))


def test_scipy_fft_all_is_scipys():
    assert gfft.__all__ == scipy.fft.__all__


@pytest.mark.parametrize("name", scipy.fftpack.__all__)
def test_fftpack_names_and_signatures(name):
    ours, theirs = inspect.signature(getattr(gfftpack, name)), inspect.signature(getattr(scipy.fftpack, name))
    # SciPy's private per-thread `_cache` argument is left out (docs/scipy_fft.md).
    theirs = theirs.replace(parameters=[p for p in theirs.parameters.values() if p.name != "_cache"])
    assert str(ours) == str(theirs)


@pytest.mark.parametrize("name", ["convolve", "convolve_z", "init_convolution_kernel", "destroy_convolve_cache"])
def test_fftpack_convolve_signatures(name):
    theirs = inspect.signature(getattr(scipy.fftpack.convolve, name))
    assert str(inspect.signature(getattr(gfftpack.convolve, name))) == str(theirs)


def test_fftpack_all_is_scipys():
    assert gfftpack.__all__ == scipy.fftpack.__all__


def test_imports_load_neither_scipy_nor_the_subpackage():
    code = ("import sys, gpuarray\n"
            "print('gpuarray.scipy' in sys.modules)\n"
            "import gpuarray.scipy\n"
            "print('gpuarray.scipy.fft' in sys.modules)\n"
            "from gpuarray.scipy import fft, fftpack\n"
            "print(any(m == 'scipy' or m.startswith('scipy.') for m in sys.modules))\n"
            "maps = open('/proc/self/maps').read()\n"
            "print('libcufft' in maps)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False", "False", "False"]


def test_lazy_subpackages():
    import gpuarray.scipy as gscipy
    assert gscipy.fft is gfft and gscipy.fftpack is gfftpack
    assert {"fft", "fftpack"} <= set(dir(gscipy))
    with pytest.raises(AttributeError, match="has no attribute 'linalg_nope'"):
        gscipy.linalg_nope


def test_backend_protocol_attributes():
    assert gfft.__ua_domain__ == "numpy.scipy.fft"
    assert callable(gfft.__ua_function__) and callable(gfft.__ua_convert__)


# ---- host-only helpers

FAST_LENGTH_TARGETS = (list(range(0, 2500)) + [93059, 10**6 + 1, 2**24 - 3, 2**31 + 7, 3**25 + 1, 10**15 + 37,
                                                2**60 - 1, 2**60 + 1, (2**64 - 1) // 11, (2**64 - 1) // 11 + 1])


@pytest.mark.parametrize("real", [False, True])
@pytest.mark.parametrize("name", ["next_fast_len", "prev_fast_len"])
def test_fast_lengths_are_scipys(name, real):
    ours, theirs = getattr(gfft, name), getattr(scipy.fft, name)
    for target in FAST_LENGTH_TARGETS:
        assert ours(target, real) == theirs(target, real), target
        assert ours(target, real=real) == theirs(target, real=real), target


@pytest.mark.parametrize("target", [-1, -(2**62), 2**62, 2**63, -(2**63) - 1, 2**80, 2.5, "3", None, 1.0])
@pytest.mark.parametrize("name", ["next_fast_len", "prev_fast_len"])
def test_fast_length_errors(name, target):
    with pytest.raises(Exception) as expected:
        getattr(scipy.fft, name).__wrapped__(target)  # past SciPy's lru_cache, which mixes 1.0 and 1
    with pytest.raises(type(expected.value), match=re.escape(str(expected.value))):
        getattr(gfft, name)(target)


def test_fast_lengths_take_numpy_integers_and_bools():
    assert gfft.next_fast_len(numpy.int64(13)) == 14 and gfft.next_fast_len(True) == 1
    assert gfft.next_fast_len(13, real="yes") == 15  # SciPy reads `real` by truth


def test_fftpack_next_fast_len_is_five_smooth():
    for target in list(range(0, 1200)) + [93059, 2**40 + 1]:
        assert gfftpack.next_fast_len(target) == scipy.fftpack.next_fast_len(target)


def test_workers_context():
    assert gfft.get_workers() == 1
    with gfft.set_workers(4):
        assert gfft.get_workers() == 4
        with gfft.set_workers(-1):
            assert gfft.get_workers() == os.cpu_count()
        assert gfft.get_workers() == 4
    assert gfft.get_workers() == 1


@pytest.mark.parametrize("workers", [0, -10**6, 2.5, "2"])
def test_set_workers_errors(workers):
    with pytest.raises(Exception) as expected:
        with scipy.fft.set_workers(workers):
            pass
    with pytest.raises(type(expected.value)):
        with gfft.set_workers(workers):
            pass
    assert gfft.get_workers() == 1


def test_workers_are_per_thread():
    import threading
    seen = []
    with gfft.set_workers(3):
        thread = threading.Thread(target=lambda: seen.append(gfft.get_workers()))
        thread.start()
        thread.join()
    assert seen == [1]


@pytest.mark.gpu
@pytest.mark.parametrize("d", [1.0, 0.25])
@pytest.mark.parametrize("n", [0, 1, 8, 9])
def test_fftpack_rfftfreq_values(n, d):
    numpy.testing.assert_array_equal(gfftpack.rfftfreq(n, d).get(), scipy.fftpack.rfftfreq(n, d))


@pytest.mark.parametrize("n", [-1, 2.0])
def test_fftpack_rfftfreq_errors(n):
    with pytest.raises(Exception) as expected:
        scipy.fftpack.rfftfreq(n)
    with pytest.raises(type(expected.value), match=str(expected.value).split(".")[0]):
        gfftpack.rfftfreq(n)


def test_fhtoffset_is_scipys():
    for dln, mu, initial, bias in [(0.1, 2.0, 0.5, 0.0), (0.05, 0.0, 0.0, 0.0), (0.3, -0.5, 1.0, 0.7),
                                   (0.01, 1.5, -2.0, -1.0)]:
        assert gfft.fhtoffset(dln, mu, initial, bias) == scipy.fft.fhtoffset(dln, mu, initial, bias)


# ---- argument errors, side by side with SciPy

ONE_D = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"]
ND = ["fftn", "ifftn", "rfftn", "irfftn", "hfftn", "ihfftn", "fft2", "ifft2", "rfft2", "irfft2", "hfft2", "ihfft2"]
REAL_INPUT = ("rfft", "ihfft", "rfftn", "ihfftn", "rfft2", "ihfft2")
ONE_D_CASES = [
    {}, dict(n=8), dict(n=1), dict(n=0), dict(n=-1), dict(n=-3), dict(n=2.0), dict(n=True), dict(n=numpy.int64(5)),
    dict(axis=0), dict(axis=2), dict(axis=-3), dict(axis=1.0), dict(norm="bad"), dict(norm="ortho"),
    dict(norm="forward"), dict(norm="backward"), dict(n=0, norm="bad"), dict(axis=2, norm="bad"), dict(n=4, axis=2),
    dict(n=0, axis=5), dict(workers=0), dict(workers=-1), dict(workers=4), dict(workers=-(10**6)),
    dict(workers=2.5), dict(norm="bad", workers=0), dict(overwrite_x=True),
]
ND_CASES = [
    {}, dict(s=(4, 6)), dict(s=(3, 5), axes=(0, 1)), dict(s=(4,), axes=(0, 1)), dict(s=(4, 6, 2)),
    dict(s=(4, 6, 2, 2)), dict(axes=(0, 0)), dict(axes=(1, -1)), dict(axes=(0, 2)), dict(axes=(-3,)),
    dict(s=(0, 4), axes=(0, 1)), dict(s=(-1, 4), axes=(0, 1)), dict(s=(-2, 4), axes=(0, 1)), dict(axes=()),
    dict(s=(), axes=()), dict(s=(3, 3), axes=()), dict(axes=(), norm="bad"), dict(s=[4.0, 6], axes=(0, 1)),
    dict(axes=[0.0]), dict(s=3), dict(axes=0), dict(norm="bad"), dict(norm="ortho"), dict(workers=0),
    dict(s=(4, 1), axes=(0, 1)), dict(s=(4, 2), axes=(0, 1)),
]


@pytest.mark.parametrize("kwargs", ONE_D_CASES, ids=[str(c) for c in ONE_D_CASES])
@pytest.mark.parametrize("name", ONE_D)
def test_one_d_errors_are_scipys(name, kwargs):
    dtype = "f8" if name in REAL_INPUT else "c16"
    expected = outcome(lambda: getattr(scipy.fft, name)(numpy.ones((4, 6), dtype), **kwargs))
    actual = outcome(lambda: getattr(gfft, name)(device_array((4, 6), dtype), **kwargs))
    same_outcome(expected, actual)


@pytest.mark.parametrize("kwargs", ND_CASES, ids=[str(c) for c in ND_CASES])
@pytest.mark.parametrize("name", ND)
def test_nd_errors_are_scipys(name, kwargs):
    dtype = "f8" if name in REAL_INPUT else "c16"
    expected = outcome(lambda: getattr(scipy.fft, name)(numpy.ones((4, 6), dtype), **kwargs))
    actual = outcome(lambda: getattr(gfft, name)(device_array((4, 6), dtype), **kwargs))
    same_outcome(expected, actual)


@pytest.mark.parametrize("shape", [(), (0,), (3, 0), (1,), (3, 1)])
@pytest.mark.parametrize("name", ONE_D + ["fftn", "rfftn", "irfftn", "hfftn", "dct", "idst", "dctn", "idstn"])
def test_degenerate_shapes_are_scipys(name, shape):
    """0-d input, empty axes, and the length-1 axis that irfft refuses and
    irfftn takes (SciPy's one output point)."""
    dtype = "f8" if name in REAL_INPUT or name[:2] in ("dc", "ds", "id") else "c16"
    expected = outcome(lambda: getattr(scipy.fft, name)(numpy.ones(shape, dtype)))
    actual = outcome(lambda: getattr(gfft, name)(device_array(shape, dtype)))
    same_outcome(expected, actual)


@pytest.mark.parametrize("shape", [(), (0,), (3, 0), (1,)])
@pytest.mark.parametrize("name", ["fft", "rfft", "irfft", "fftn", "dct", "idct", "dstn"])
def test_fftpack_degenerate_shapes_are_scipys(name, shape):
    expected = outcome(lambda: getattr(scipy.fftpack, name)(numpy.ones(shape)))
    actual = outcome(lambda: getattr(gfftpack, name)(device_array(shape, "f8")))
    same_outcome(expected, actual)


@pytest.mark.parametrize("name", ["rfft", "ihfft", "rfftn", "ihfftn", "rfft2", "ihfft2"])
def test_real_transforms_refuse_complex(name):
    with pytest.raises(TypeError, match="x must be a real sequence"):
        getattr(gfft, name)(device_array((4, 6), "c8"))


@pytest.mark.parametrize("name", ONE_D + ND + ["dct"])
def test_plan_must_be_none(name):
    if name == "dct":
        assert "plan" not in inspect.signature(gfft.dct).parameters
        return
    with pytest.raises(ValueError, match="plan=<object"):
        getattr(gfft, name)(device_array((4, 6), "c16"), plan=object())
    with pytest.raises(ValueError, match="pass plan=None"):
        getattr(gfft, name)(device_array((4, 6), "c16"), plan="a plan")


def test_norm_message_is_scipys():
    with pytest.raises(ValueError) as expected:
        scipy.fft.fft(numpy.ones(4), norm="bad")
    with pytest.raises(ValueError) as actual:
        gfft.fft(device_array(4, "f8"), norm="bad")
    assert str(actual.value) == str(expected.value)


@pytest.mark.parametrize("name", ["fftn", "ifftn", "fft2", "dctn", "idstn"])
def test_no_axes_returns_x_itself(name):
    x = device_array((4, 6), "f4")
    assert getattr(gfft, name)(x, axes=()) is x


REAL_TRANSFORM_CASES = [
    {}, dict(type=1), dict(type=4), dict(type=5), dict(type=0), dict(type="2"), dict(type=2.0), dict(type=True),
    dict(type=numpy.int8(3)), dict(n=1, type=1), dict(n=1, type=2), dict(n=0), dict(n=-1), dict(n=2.5),
    dict(axis=2), dict(axis=-3), dict(norm="bad"), dict(type=7, norm="bad"), dict(type=7, n=0),
    dict(type=7, axis=5), dict(type="a", axis=5), dict(workers=0), dict(type=7, workers=0),
    dict(orthogonalize=True), dict(orthogonalize=False, norm="ortho"), dict(orthogonalize=3), dict(norm="forward"),
]
REAL_TRANSFORM_ND_CASES = [
    {}, dict(type=1), dict(type=5), dict(type=7, axes=()), dict(s=(2, 3)), dict(s=(2,), axes=(0, 1)),
    dict(s=(1, 3), type=1), dict(axes=(0, 0)), dict(axes=(0, 5)), dict(s=(0, 3)), dict(s=(2, 3), axes=[]),
    dict(norm="bad"), dict(axes=(), norm="bad"), dict(workers=0), dict(orthogonalize=True),
]


@pytest.mark.parametrize("kwargs", REAL_TRANSFORM_CASES, ids=[str(c) for c in REAL_TRANSFORM_CASES])
@pytest.mark.parametrize("name", ["dct", "idct", "dst", "idst"])
@pytest.mark.parametrize("dtype", ["f4", "c16"])
def test_real_transform_errors_are_scipys(name, kwargs, dtype):
    expected = outcome(lambda: getattr(scipy.fft, name)(numpy.ones((4, 6), dtype), **kwargs))
    actual = outcome(lambda: getattr(gfft, name)(device_array((4, 6), dtype), **kwargs))
    same_outcome(expected, actual)


@pytest.mark.parametrize("kwargs", REAL_TRANSFORM_ND_CASES, ids=[str(c) for c in REAL_TRANSFORM_ND_CASES])
@pytest.mark.parametrize("name", ["dctn", "idctn", "dstn", "idstn"])
def test_real_transform_nd_errors_are_scipys(name, kwargs):
    expected = outcome(lambda: getattr(scipy.fft, name)(numpy.ones((4, 6)), **kwargs))
    actual = outcome(lambda: getattr(gfft, name)(device_array((4, 6), "f8"), **kwargs))
    same_outcome(expected, actual)


def test_real_transform_messages():
    x = device_array((4, 6), "f8")
    with pytest.raises(ValueError, match="^invalid DCT type$"):
        gfft.dct(x, type=5)
    with pytest.raises(ValueError, match="^invalid DST type$"):
        gfft.idst(x, type=0)
    with pytest.raises(RuntimeError, match="^zero-length FFT requested"):
        gfft.dct(x, type=1, n=1)
    with pytest.raises(ValueError, match=r"^invalid number of data points \(0\) specified$"):
        gfft.dct(x, n=0)
    with pytest.raises(TypeError, match="orthogonalize must be None or a bool"):
        gfft.dct(x, orthogonalize="yes")


FFTPACK_CASES = [
    ("fft", {}), ("fft", dict(n=0)), ("fft", dict(axis=2)), ("ifft", dict(n=-1)), ("rfft", {}), ("rfft", dict(n=0)),
    ("rfft", dict(axis=3)), ("irfft", {}), ("irfft", dict(n=0)), ("irfft", dict(n=9)), ("fftn", dict(shape=(2,))),
    ("fftn", dict(shape=(2, 3))), ("fftn", dict(shape=(2,), axes=(0,))), ("ifftn", dict(axes=(0, 0))),
    ("fft2", dict(shape=(5, 5))), ("ifft2", dict(axes=(0, 3))), ("dct", dict(type=5)), ("idct", dict(type=5)),
    ("idct", dict(type=[1])), ("dst", dict(norm="bad")), ("idst", dict(type=0)), ("dctn", dict(shape=(2,))),
    ("idctn", dict(type=5)), ("dstn", dict(shape=(2, 3), type=1)), ("idstn", dict(axes=(0, 0))),
    ("dct", dict(type=1, n=1)), ("dct", dict(norm="ortho")), ("idct", dict(norm="forward")),
]


@pytest.mark.parametrize("name, kwargs", FFTPACK_CASES, ids=[f"{n}-{k}" for n, k in FFTPACK_CASES])
def test_fftpack_errors_are_scipys(name, kwargs):
    expected = outcome(lambda: getattr(scipy.fftpack, name)(numpy.ones((4, 6)), **kwargs))
    actual = outcome(lambda: getattr(gfftpack, name)(device_array((4, 6), "f8"), **kwargs))
    same_outcome(expected, actual)


@pytest.mark.parametrize("name", ["rfft", "irfft"])
def test_fftpack_packed_transforms_refuse_complex(name):
    with pytest.raises(TypeError, match="x must be a real sequence"):
        getattr(gfftpack, name)(device_array((4, 6), "c16"))


PSEUDO_DIFFS = [("diff", ()), ("tilbert", (0.5,)), ("itilbert", (0.5,)), ("hilbert", ()), ("ihilbert", ()),
                ("cs_diff", (0.5, 1.0)), ("sc_diff", (0.5, 1.0)), ("ss_diff", (0.5, 1.0)), ("cc_diff", (0.5, 1.0)),
                ("shift", (0.3,))]


@pytest.mark.parametrize("shape", [(), (0,), (2, 3), (0, 3)])
@pytest.mark.parametrize("name, args", PSEUDO_DIFFS, ids=[n for n, _ in PSEUDO_DIFFS])
def test_pseudo_diff_shape_errors_are_scipys(name, args, shape):
    expected = outcome(lambda: getattr(scipy.fftpack, name)(numpy.ones(shape), *args))
    actual = outcome(lambda: getattr(gfftpack, name)(device_array(shape, "f8"), *args))
    same_outcome(expected, actual)


PSEUDO_DIFF_ERRORS = [
    lambda m: m.diff(numpy.ones(4), order=0.5), lambda m: m.diff(numpy.ones(4), order=numpy.float64(2.0)),
    lambda m: m.diff(numpy.ones(4), period=0), lambda m: m.tilbert(numpy.ones(4), 0.5, period=0),
    lambda m: m.ss_diff(numpy.ones(4), 1.0, 0), lambda m: m.cs_diff(numpy.ones(4), 1.0, 2.0, period=0),
    lambda m: m.shift(numpy.ones(4), 1.0, period=0),
]


@pytest.mark.parametrize("call", PSEUDO_DIFF_ERRORS, ids=[f"case{i}" for i in range(len(PSEUDO_DIFF_ERRORS))])
def test_pseudo_diff_argument_errors_are_scipys(call):
    expected = outcome(lambda: call(scipy.fftpack))
    assert expected is not ACCEPTED
    with pytest.raises(type(expected)):
        call(gfftpack)


def test_diff_of_order_zero_is_the_input():
    x = device_array(5, "f4")
    assert gfftpack.diff(x, order=0) is x


CONVOLVE_ERRORS = [
    lambda c: c.convolve(numpy.ones(4), numpy.ones(3)), lambda c: c.convolve(numpy.ones((2, 2)), numpy.ones(2)),
    lambda c: c.convolve(numpy.ones(4), numpy.ones((4, 1))),
    lambda c: c.convolve_z(numpy.ones(4), numpy.ones(4), numpy.ones(3)),
    lambda c: c.init_convolution_kernel(-1, lambda k: k), lambda c: c.init_convolution_kernel(0, lambda k: k),
    lambda c: c.init_convolution_kernel(3, lambda k: k, d=1.5),
    lambda c: c.init_convolution_kernel(4, lambda k: "a"),
    lambda c: c.init_convolution_kernel(4, lambda k: k, kernel_func_extra_args=[1]),
]


@pytest.mark.parametrize("call", CONVOLVE_ERRORS, ids=[f"case{i}" for i in range(len(CONVOLVE_ERRORS))])
def test_convolve_errors_are_scipys(call):
    expected = outcome(lambda: call(scipy.fftpack.convolve))
    assert expected is not ACCEPTED
    with pytest.raises(type(expected)):
        call(gfftpack.convolve)


def test_destroy_convolve_cache_does_nothing():
    assert gfftpack.convolve.destroy_convolve_cache() is None
