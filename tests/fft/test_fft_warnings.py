# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.fft's warnings and argument errors side by side with NumPy 2's
numpy.fft, for every public function: the DeprecationWarnings (`s` holding
None, `s` without `axes` for the N-d transforms), mismatched `s` and `axes`,
a bad `norm`, sizes below 1, out-of-range and repeated axes, a wrong `out`.
Each case must give the same warnings (category, and the opening words,
which filters match on) and either NumPy's exception type or, where NumPy
accepts the call, get as far as the device.

The checks come before any device work, so without a GPU the arrays lie at
a made-up address (tests/fake_memory.py) and an accepted call stops at the
device with CUDARuntimeError; with a GPU the arrays are real and it runs."""
import warnings

import numpy
import pytest

import gpuarray
from gpu_presence import HAVE_GPU
from fake_memory import fake_array

ND = ["fftn", "ifftn", "rfftn", "irfftn", "fft2", "ifft2", "rfft2", "irfft2"]
ONE_D = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"]
REAL_INPUT = ("rfft", "ihfft", "rfftn", "rfft2")
# The opening words of NumPy 2's two DeprecationWarnings.
PHRASES = ["`axes` should not be `None` if `s` is not `None`",
           "Passing an array containing `None` values to `s` is deprecated"]
ACCEPTED = "accepted"

ND_CASES = [
    {}, dict(s=(4, 6)), dict(s=(4, 6), axes=None), dict(s=(3, 5), axes=(0, 1)), dict(s=(None, 6), axes=(0, 1)),
    dict(s=(None, None), axes=(0, 1)), dict(s=(None, 6)), dict(s=(4, None)), dict(s=(None,), axes=(0, 1)),
    dict(s=(4,), axes=(0, 1)), dict(s=(4, 6, 2)), dict(s=(4, 6, 2), axes=None), dict(s=(4, 6), axes=(0,)),
    dict(axes=(0, 0)), dict(axes=(1, 1)), dict(s=(4, 4), axes=(1, 1)), dict(s=(0, 4), axes=(0, 1)),
    dict(s=(4, -2), axes=(0, 1)), dict(s=(-1, 4), axes=(0, 1)), dict(s=(None, 0), axes=(0, 1)),
    dict(axes=(0, 2)), dict(axes=(0, -3)), dict(s=(4, 6), axes=(0, 2)), dict(norm="bad"), dict(norm="ortho"),
    dict(s=(4, 6), norm="bad"), dict(s=(None, 6), axes=(0, 1), norm="bad"), dict(s=(0, 6), norm="bad"),
    dict(axes=()), dict(s=(), axes=()), dict(s=[4.0, 6], axes=(0, 1)), dict(s=(4,), axes=0),
]
ONE_D_CASES = [
    {}, dict(n=8), dict(n=3), dict(n=0), dict(n=-1), dict(n=None), dict(n=4.0), dict(n=numpy.int64(4)),
    dict(axis=0), dict(axis=2), dict(axis=-3), dict(norm="bad"), dict(norm=None), dict(norm="forward"),
    dict(n=0, norm="bad"), dict(axis=2, norm="bad"), dict(n=4, axis=2),
]


def device_array(shape, dtype):
    """A real array on a GPU; elsewhere one at a made-up address, which no call may
    reach the device with (a GPU would run a transform on that address)."""
    if HAVE_GPU:
        return gpuarray.ones(shape, dtype)
    return fake_array(shape, dtype)[0]


def run(call):
    """(warnings as (category, phrase or message), ACCEPTED or the exception class)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            call()
            result = ACCEPTED
        except gpuarray.cuda.CUDARuntimeError:
            assert not HAVE_GPU
            result = ACCEPTED
        except Exception as error:  # noqa: BLE001 (the class is the result)
            result = TypeError if isinstance(error, TypeError) else type(error)
    found = []
    for w in caught:
        message = str(w.message)
        phrase = next((p for p in PHRASES if message.startswith(p)), message)
        found.append((w.category, phrase))
    return found, result


def compare(name, shape, kwargs):
    dtype = "f8" if name in REAL_INPUT else "c16"
    expected = run(lambda: getattr(numpy.fft, name)(numpy.ones(shape, dtype), **kwargs))
    actual = run(lambda: getattr(gpuarray.fft, name)(device_array(shape, dtype), **kwargs))
    assert actual == expected


@pytest.mark.parametrize("kwargs", ND_CASES, ids=repr)
@pytest.mark.parametrize("name", ND)
def test_nd_transforms(name, kwargs):
    compare(name, (4, 6), kwargs)


@pytest.mark.parametrize("kwargs", ONE_D_CASES, ids=repr)
@pytest.mark.parametrize("name", ONE_D)
def test_1d_transforms(name, kwargs):
    compare(name, (4, 6), kwargs)


@pytest.mark.parametrize("name", ["fftn", "ifftn", "rfftn", "irfftn"])
def test_deprecations_side_by_side(name):
    """pytest.warns on both, for the two deprecations and both at once."""
    dtype = "f8" if name in REAL_INPUT else "c16"
    host, device = numpy.ones((4, 6), dtype), device_array((4, 6), dtype)
    for module, a in ((numpy.fft, host), (gpuarray.fft, device)):
        with pytest.warns(DeprecationWarning, match="`axes` should not be `None`"):
            run_quietly(getattr(module, name), a, s=(4, 6))
        with pytest.warns(DeprecationWarning, match="containing `None` values to `s`"):
            run_quietly(getattr(module, name), a, s=(None, 6), axes=(0, 1))
        with pytest.warns(DeprecationWarning) as both:
            run_quietly(getattr(module, name), a, s=(None, 6))
        assert [str(w.message)[:20] for w in both] == ["`axes` should not be", "Passing an array cont"[:20]]


def run_quietly(function, a, **kwargs):
    """`function(a, **kwargs)`, where reaching a device that is not there counts as done."""
    try:
        function(a, **kwargs)
    except gpuarray.cuda.CUDARuntimeError:
        assert not HAVE_GPU


@pytest.mark.parametrize("name", ["fftn", "fft2", "rfftn", "irfft2"])
def test_warning_points_at_the_callers_line(name):
    """stacklevel: the warning names this file, however deep inside gpuarray.fft it is raised."""
    dtype = "f8" if name in REAL_INPUT else "c16"
    with pytest.warns(DeprecationWarning) as caught:
        run_quietly(getattr(gpuarray.fft, name), device_array((4, 6), dtype), s=(None, 6), axes=None)
    assert {w.filename for w in caught} == {__file__}


@pytest.mark.parametrize("name,shape,kwargs", [
    ("fftn", (4, 6), dict(s=(4, 6), axes=(0, 1))), ("ifftn", (4, 6), dict(axes=(1, 1))),
    ("rfftn", (4, 6), dict(s=(4, 6), axes=(0, 1))), ("irfftn", (4, 6), dict(s=(4, 6), axes=(0, 1))),
    ("fft2", (4, 6), {}), ("rfft2", (4, 6), {}), ("fft", (4, 6), {}), ("ifft", (4, 6), dict(n=8)),
    ("rfft", (4, 6), {}), ("irfft", (4, 6), {}), ("ihfft", (4, 6), {}),
])
@pytest.mark.parametrize("out_shape", [(3,), (4, 7), (5, 6)])
def test_wrong_out_shape(name, shape, kwargs, out_shape):
    """A wrong shape is NumPy's ValueError, whatever `out` is (a NumPy array
    too), found before any device work (irfftn's included, whose leading
    axes NumPy transforms before it looks at `out`). NumPy's words where it
    checks the transformed axis; it leaves the other axes to its ufunc,
    whose words differ. (NumPy's hfft, ifft2 and irfft2 drop `out`; gpuarray's
    honour it, so they are not compared here.)"""
    dtype = "f8" if name in REAL_INPUT else "c16"
    result = getattr(numpy.fft, name)(numpy.ones(shape, dtype), **kwargs)
    host_out = numpy.empty(out_shape, result.dtype)
    with pytest.raises(ValueError) as expected:
        getattr(numpy.fft, name)(numpy.ones(shape, dtype), out=host_out, **kwargs)
    for out in (host_out, device_array(out_shape, result.dtype)):
        with pytest.raises(ValueError) as actual:
            getattr(gpuarray.fft, name)(device_array(shape, dtype), out=out, **kwargs)
        if "wrong shape" in str(expected.value):
            assert str(actual.value) == str(expected.value)


@pytest.mark.parametrize("name,shape,kwargs,out_dtype", [
    ("fft", (4, 6), {}, "f8"), ("fftn", (4, 6), dict(axes=(0, 1)), "f8"), ("rfftn", (4, 6), dict(axes=(0, 1)), "f4"),
    ("irfftn", (4, 6), dict(axes=(0, 1)), "i8"), ("ifft2", (4, 6), {}, "c8"),
])
def test_wrong_out_dtype_before_device_work(name, shape, kwargs, out_dtype):
    """An `out` that cannot take the result by a same_kind cast: TypeError,
    as NumPy's UFuncTypeError, before any device work."""
    dtype = "f8" if name in REAL_INPUT else "c16"
    result = getattr(numpy.fft, name)(numpy.ones(shape, dtype), **kwargs)
    expected = run(lambda: getattr(numpy.fft, name)(numpy.ones(shape, dtype), out=numpy.empty(result.shape, out_dtype),
                                                    **kwargs))[1]
    out = device_array(result.shape, out_dtype)
    if expected is ACCEPTED:  # c16 into c8 is same_kind: it must reach the device (and run there, on a GPU)
        assert run(lambda: getattr(gpuarray.fft, name)(device_array(shape, dtype), out=out, **kwargs))[1] is ACCEPTED
    else:
        with pytest.raises(expected):
            getattr(gpuarray.fft, name)(device_array(shape, dtype), out=out, **kwargs)


@pytest.mark.parametrize("call", [
    lambda xp: xp.fft.fftfreq(0), lambda xp: xp.fft.fftfreq(4.5), lambda xp: xp.fft.fftfreq(-3),
    lambda xp: xp.fft.rfftfreq(0), lambda xp: xp.fft.rfftfreq(4, d=0), lambda xp: xp.fft.fftfreq(4, d=0),
    lambda xp: xp.fft.rfftfreq("4"),
])
def test_frequency_helpers(call):
    """fftfreq and rfftfreq are NumPy's own numbers: the same warnings and errors."""
    assert run(lambda: call(gpuarray)) == run(lambda: call(numpy))
