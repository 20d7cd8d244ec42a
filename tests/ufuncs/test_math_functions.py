# SPDX-License-Identifier: BSD-3-Clause
"""NumPy's elementwise compositions of ufuncs (python/gpuarray/_ufunc/rounding.py,
_math/special_values.py, _math/complex_numbers.py, _logic/comparisons.py) against NumPy: fix,
round/around and ndarray.round, clip and ndarray.clip, sinc, nan_to_num, real,
imag, angle, isclose, allclose, array_equal and array_equiv, for every dtype,
in several layouts, with special values and NumPy's errors. Tests marked `gpu`
run each body with xp=numpy and xp=gpuarray (testing.numpy_gpuarray_equal); the
others check what raises or answers before the device is touched."""
import numpy
import pytest

import gpuarray
from gpuarray._logic import comparisons as _comparisons
from gpuarray._math import complex_numbers as _complex_numbers
from gpuarray._math import special_values as _special_values
from gpuarray._ufunc import rounding as _math_functions
from gpuarray.testing import DTYPES, numpy_gpuarray_equal

gpu = pytest.mark.gpu

FLOATS = [0.0, -0.0, 0.5, -0.5, 1.5, -2.5, 2.675, 0.125, 1e-3, 123.456, -7.25, 3.0,
          numpy.nan, numpy.inf, -numpy.inf, 1e30, 1e-30, 0.3, 2.0, -1.0, 1e5, 0.1, 99.5, -0.05]
INTS = [0, 1, -1, 5, -5, 15, -15, 25, -25, 35, -35, 99, -99, 7, 12, 45, -45, 55, 65, -65, 75, 85, 95, -95]
# Finite and moderate (no overflow in complex64 sinh(pi x)): complex sin and division
# agree with NumPy's there up to rounding.
MODERATE = [0.0, -0.0, 0.5, -0.5, 1.5, -2.5, 2.675, 0.125, 1e-3, 12.3456, -7.25, 3.0,
            1e-30, 0.3, 2.0, -1.0, 0.1, 9.95, -0.05, 0.75, 4.0, -3.0, 12.5, 1.0]
# Tolerance for sinc and angle, by the lowest precision among their results.
TOL = {"e": 4e-3, "f": 4e-6, "d": 1e-12}
ERRORS = (TypeError, ValueError, OverflowError, FloatingPointError)


def values(dtype, floats=FLOATS):
    """A 4x6 host array of `dtype` with edge values: signed zeros, halves,
    NaN and infinities for floats (complex: the list reversed as imaginary parts),
    small integers whose multiples of 10 and 100 still fit int8, alternating bools."""
    dtype = numpy.dtype(dtype)
    if dtype.kind == "b":
        return numpy.arange(24).reshape(4, 6) % 3 == 0
    if dtype.kind in "iu":
        ints = numpy.array(INTS)
        return (ints if dtype.kind == "i" else abs(ints)).astype(dtype).reshape(4, 6)
    with numpy.errstate(over="ignore"):  # 1e30 and 1e5 are inf in float16
        v = numpy.array(floats)
        return (v + 1j * v[::-1] if dtype.kind == "c" else v).astype(dtype).reshape(4, 6)


def attempt(xp, fn, *args, **kwargs):
    """fn's result as an array (NumPy's scalars as 0-d arrays, which gpuarray returns), or the
    kind of exception it raised (NumPy's UFuncTypeError is a TypeError)."""
    try:
        return xp.asarray(fn(*args, **kwargs))
    except ERRORS as exc:
        return "raised " + next(e.__name__ for e in ERRORS if isinstance(exc, e))


def layouts(xp, dtype):
    """Moderate values contiguous, every other column, both axes reversed, transposed,
    broadcast (stride 0), 0-d and empty."""
    a = xp.asarray(values(dtype, MODERATE))
    return [a, a[:, ::2], a[::-1, ::-1], a.T, xp.broadcast_to(a[1:2], (3, 6)), a[1:2, 2:3].reshape(()), a[:0]]


# ---- every dtype -------------------------------------------------------------------

@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@numpy_gpuarray_equal()
def test_fix_round_real_imag(xp, dtype):
    """Bit for bit: NumPy's multiply-rint-divide order; integers with negative decimals
    through float64 and back; bool rounds to float16 with decimals=0 and raises otherwise;
    complex rounds both parts and has no fix."""
    a = xp.asarray(values(dtype))
    out = [attempt(xp, xp.round, a, d) for d in (0, 1, 2, -1, -2)]
    return out + [attempt(xp, xp.around, a, 3), attempt(xp, a.round), attempt(xp, a.round, -1),
                  attempt(xp, xp.fix, a), xp.real(a), xp.imag(a)]


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@numpy_gpuarray_equal()
def test_clip(xp, dtype):
    """Result dtypes with Python-scalar bounds (weak), Python ints beyond an integer
    dtype dropped (or NumPy's OverflowError when they bound the other side), NaN
    propagation, complex bounds, no bounds (positive: bool raises)."""
    a = xp.asarray(values(dtype))
    bounds = [(-20, 40), (None, 10), (0, None), (2.5, 30.5), (-1000, 1000), (300, None), (1 + 1j, 50), (None, None)]
    out = [attempt(xp, xp.clip, a, lo, hi) for lo, hi in bounds]
    return out + [attempt(xp, xp.clip, a, min=-5, max=7), attempt(xp, a.clip, 3), attempt(xp, a.clip, max=3),
                  attempt(xp, xp.clip, a, 1, 5, dtype=numpy.float64)]


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@numpy_gpuarray_equal()
def test_nan_to_num(xp, dtype):
    """Defaults (the dtype's finite extremes), given replacements, each part of complex
    numbers, a complex replacement (TypeError for floats), copy=False in place."""
    host = values(dtype)
    a, b = xp.array(host), xp.array(host)  # two arrays (numpy.asarray would give host twice)
    in_place = xp.nan_to_num(b, copy=False)
    return [xp.nan_to_num(a), xp.nan_to_num(a, nan=-1, posinf=1e4, neginf=-5.5),
            xp.nan_to_num(a, posinf=numpy.float64(7)), attempt(xp, xp.nan_to_num, a, nan=1j),
            a, in_place, b, xp.asarray(in_place is b)]


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
def test_sinc_and_angle(dtype):
    """Within a few ulp (CUDA's sin and atan2); 1 at zero, NaN at infinities."""
    tol = TOL[numpy.angle(numpy.zeros(1, dtype)).dtype.char]

    @numpy_gpuarray_equal(rtol=tol, atol=tol)
    def body(xp):
        a = xp.asarray(values(dtype, MODERATE if numpy.dtype(dtype).kind == "c" else FLOATS))
        return [xp.sinc(a), xp.angle(a), xp.angle(a, deg=True), xp.angle(values(dtype)[0, 3], True)]

    body()


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@numpy_gpuarray_equal()
def test_isclose_and_whole_array_comparisons(xp, dtype):
    """isclose's result dtype comes from b (made inexact); a is left as it is; infinities
    are close only to themselves; tolerances may be arrays; allclose, array_equal and
    array_equiv return Python bools."""
    host = values(dtype)
    if host.dtype.kind in "fc":
        near = host * numpy.resize([1, 1 + 4e-6, 1 + 3e-5, 1 - 2e-6, 1 + 0.2], host.shape).astype(host.dtype)
    else:
        near = host ^ (numpy.arange(24).reshape(4, 6) % 4 == 1).astype(host.dtype)  # some differ by one
    x, y = xp.asarray(host), xp.asarray(near)
    closes = [xp.isclose(x, y), xp.isclose(y, x), xp.isclose(x, y, rtol=0.1, atol=2), xp.isclose(x, y, equal_nan=True),
              xp.isclose(x, x, equal_nan=True), xp.isclose(x, 1), xp.isclose(x, 1.5), xp.isclose(99, y),
              xp.isclose(x, numpy.float32(1.5)), xp.isclose(numpy.float16(1), y), xp.isclose(x, numpy.inf),
              xp.isclose(x[0], y, atol=xp.asarray(numpy.linspace(0, 3, 6)), rtol=xp.asarray(numpy.float32(0.01)))]
    bools = [xp.allclose(x, y), xp.allclose(x, x), xp.allclose(x, x, equal_nan=True), xp.allclose(x, 1, atol=100),
             xp.array_equal(x, y), xp.array_equal(x, x), xp.array_equal(x, x, equal_nan=True),
             xp.array_equal(x, x.copy(), equal_nan=True), xp.array_equal(x, x[:2]), xp.array_equal(x[:0], y[:0]),
             xp.array_equiv(x, x[:1]), xp.array_equiv(x[:1], xp.broadcast_to(x[:1], (4, 6))),
             xp.array_equiv(x, x[:, :1]), xp.array_equiv(x, x[0])]
    return closes + bools + [type(b).__name__ for b in bools]


# ---- layouts, out=, scalars ------------------------------------------------------------

@gpu
@pytest.mark.parametrize("dtype", [numpy.float64, numpy.int32, numpy.complex128])
@numpy_gpuarray_equal(rtol=1e-12, atol=1e-12)
def test_layouts_zero_d_and_empty(xp, dtype):
    out = []
    for v in layouts(xp, dtype):
        out += [xp.fix(v)] if v.dtype.kind != "c" else []  # NumPy has no complex trunc
        out += [xp.round(v, 1), xp.round(v, -1), xp.clip(v, -2, 3), xp.sinc(v),
                xp.nan_to_num(v), xp.real(v), xp.imag(v), xp.angle(v), xp.isclose(v, v),
                xp.asarray(xp.array_equal(v, v.copy(), equal_nan=True))]
    return out


@gpu
@numpy_gpuarray_equal()
def test_array_bounds_broadcast_and_nan_bounds(xp):
    a = xp.asarray(values(numpy.float32))
    lo = xp.asarray(numpy.linspace(-3, 2, 6))
    hi = xp.asarray(numpy.array([[5], [0.25], [numpy.nan], [9]], numpy.float16))
    ints = xp.asarray(values(numpy.int16))
    return [xp.clip(a, lo, hi), xp.clip(a[:, :1], lo, hi), xp.clip(a, None, hi), a.clip(lo),
            xp.clip(a, numpy.nan, 1), xp.clip(a, 0, numpy.nan), xp.clip(ints, numpy.float32(-2.5), 3),
            xp.clip(ints, -2.5, numpy.float32(3)), xp.clip(ints, xp.asarray(numpy.uint8(4)), 30),
            xp.clip(xp.asarray(values(numpy.bool_)), False, True)]


@gpu
@numpy_gpuarray_equal()
def test_out_where_and_casting(xp):
    a = xp.asarray(values(numpy.float64))
    c = xp.asarray(values(numpy.complex64))
    i = xp.asarray(values(numpy.int16))
    results = [xp.zeros((4, 6)), xp.zeros((4, 6), numpy.float32), xp.zeros((4, 12))[:, ::2],
               xp.zeros((4, 6), numpy.complex128), xp.zeros((4, 6), numpy.int32), xp.zeros((4, 6), numpy.int16),
               xp.zeros((4, 6)), xp.zeros((6, 4)).T, xp.zeros((4, 6), numpy.int32), xp.zeros((4, 6))]
    r = iter(results)
    mask = xp.asarray(numpy.arange(24).reshape(4, 6) % 2 == 0)
    calls = [attempt(xp, xp.round, a, 1, out=next(r)), attempt(xp, xp.round, a, -1, out=next(r)),
             attempt(xp, a.round, 2, next(r)), attempt(xp, xp.round, c, 1, out=next(r)),
             attempt(xp, xp.round, i, 1, out=next(r)), attempt(xp, xp.round, i, -1, out=next(r)),
             attempt(xp, xp.fix, a, out=next(r)), attempt(xp, xp.clip, a, -1, 2, out=next(r)),
             attempt(xp, xp.clip, a, -1, 2, out=next(r)), attempt(xp, xp.clip, a, -1, 2, out=next(r), where=mask),
             attempt(xp, xp.clip, xp.asarray(values(numpy.float64, MODERATE)), -1, 2,  # NaN has no int value
                     out=xp.zeros((4, 6), numpy.int32), casting="unsafe"),
             attempt(xp, xp.round, a, 1, out=xp.zeros(5)), attempt(xp, xp.round, c, 1, out=xp.zeros((4, 6))),
             attempt(xp, xp.round, a, 1.5)]
    return calls + results


SCALARS = [0, 7, -2.5, numpy.nan, 1.5 - 2.5j, True, numpy.float32(2.5), numpy.int8(-7), numpy.float16(0),
           numpy.uint64(13)]


@gpu
@numpy_gpuarray_equal()
def test_scalar_arguments(xp):
    """Python and NumPy scalars where NumPy takes them: arrays of NumPy's dtype for them."""
    out = []
    for s in SCALARS:
        out += [attempt(xp, xp.fix, s), attempt(xp, xp.round, s), attempt(xp, xp.around, s, -1),
                attempt(xp, xp.clip, s, 1, 3), attempt(xp, xp.clip, s, numpy.float32(1), 3),
                attempt(xp, xp.nan_to_num, s), attempt(xp, xp.real, s), attempt(xp, xp.imag, s),
                attempt(xp, xp.isclose, s, 2.5), attempt(xp, xp.isclose, 2, s, equal_nan=True)]
        out += [xp.allclose(s, s), xp.array_equal(s, 7), xp.array_equiv(s, s)]
    return out + [xp.asarray(xp.isclose(1, 1 + 1e-9)), xp.asarray(xp.isclose(numpy.inf, numpy.inf)),
                  xp.asarray(xp.isclose(numpy.nan, numpy.nan, equal_nan=True))]


@gpu
@numpy_gpuarray_equal(rtol=1e-6, atol=1e-6)  # float32 within a few ulp
def test_scalar_sinc_and_angle(xp):
    return [xp.asarray(f(s)) for s in SCALARS for f in (xp.sinc, xp.angle)]


@gpu
@numpy_gpuarray_equal()
def test_isclose_keeps_python_tolerances_weak(xp):
    """With Python scalars for b and the tolerances, NumPy computes the tolerance in Python
    and compares in a's float32: 2**-20 is within an atol just below it (which float32
    rounds up to 2**-20); a float64 tolerance (a 0-d device array) would say no."""
    x = xp.asarray(numpy.float32(1) + numpy.float32(2**-20) * numpy.arange(-3, 4, dtype=numpy.float32))
    return [xp.isclose(x, 1.0, rtol=0, atol=9.5367431e-07), xp.isclose(x, 1.0, rtol=1e-7, atol=9.4367431e-07),
            xp.isclose(1.0, x, rtol=0, atol=9.5367431e-07), xp.isclose(x, 1.0)]


@gpu
def test_invalid_tolerance_warns():
    a = gpuarray.asarray(numpy.arange(3.0))
    with pytest.warns(RuntimeWarning, match="rtol or atol"):
        gpuarray.isclose(a, a, atol=numpy.inf)


# ---- no device: what raises or answers before any data moves ---------------------------

def test_exports_and_methods():
    for name in ["fix", "around", "round", "clip", "sinc", "nan_to_num", "real", "imag", "angle", "isclose", "allclose",
                 "array_equal", "array_equiv"]:
        assert callable(getattr(gpuarray, name)) and any(
            name in m.__all__ for m in (_math_functions, _special_values, _complex_numbers, _comparisons))
    assert callable(gpuarray.ndarray.clip) and callable(gpuarray.ndarray.round)


@pytest.mark.parametrize("call", [
    lambda xp: xp.clip(1, 2),
    lambda xp: xp.clip(1, a_min=2),
    lambda xp: xp.clip(1, a_max=2, max=3),
    lambda xp: xp.clip(1, 2, 3, min=1),
    lambda xp: xp.clip(1, None, 3, max=1),
])
def test_clip_argument_errors_match_numpy(call):
    with pytest.raises(Exception) as expected:
        call(numpy)
    with pytest.raises(expected.type):
        call(gpuarray)


@pytest.mark.parametrize("value", [1 + 2j, 3, -2.5, True, numpy.complex64(1 - 3j), numpy.float32(2), numpy.int8(-1)])
def test_real_and_imag_of_scalars_are_numpys(value):
    for name in ("real", "imag"):
        expected, got = getattr(numpy, name)(value), getattr(gpuarray, name)(value)
        assert type(got) is type(expected) and got == expected


@pytest.mark.parametrize("bad", [numpy.arange(3.0), [1.0, 2.0], (1, 2), "1", None])
@pytest.mark.parametrize("call", [
    lambda b: gpuarray.fix(b), lambda b: gpuarray.round(b), lambda b: gpuarray.around(b, 1),
    lambda b: gpuarray.clip(b, 1, 2), lambda b: gpuarray.sinc(b), lambda b: gpuarray.nan_to_num(b),
    lambda b: gpuarray.real(b), lambda b: gpuarray.imag(b), lambda b: gpuarray.angle(b),
    lambda b: gpuarray.isclose(b, 1.0), lambda b: gpuarray.isclose(1.0, b), lambda b: gpuarray.isclose(1.0, 1.0, b),
    lambda b: gpuarray.allclose(b, 1.0), lambda b: gpuarray.array_equal(b, 1.0), lambda b: gpuarray.array_equal(1, b),
    lambda b: gpuarray.array_equiv(b, 1.0),
])
def test_numpy_arrays_and_other_objects_raise_type_error(call, bad):
    """Nothing is uploaded implicitly (gpuarray's rule for ufuncs)."""
    with pytest.raises(TypeError):
        call(bad)


def test_invalid_tolerance_follows_numpy_seterr():
    with numpy.errstate(invalid="raise"):
        for args in [(1.0, 1.0, numpy.nan), (1.0, 1.0, 1e-5, numpy.inf)]:
            with pytest.raises(FloatingPointError):
                numpy.isclose(*args)
            with pytest.raises(FloatingPointError, match="rtol or atol"):
                gpuarray.isclose(*args)


@pytest.mark.parametrize("dtype", DTYPES)
def test_iscomplexobj_and_isrealobj_read_the_dtype(dtype):
    """No device work: the dtype answers, for arrays (also through NumPy's own function),
    scalars and host sequences."""
    from fake_memory import fake_array
    a, _ = fake_array((3,), dtype)
    expected = numpy.dtype(dtype).kind == "c"
    assert gpuarray.iscomplexobj(a) is expected and numpy.iscomplexobj(a) is expected
    assert gpuarray.isrealobj(a) is (not expected) and numpy.isrealobj(a) is (not expected)
    scalar = numpy.zeros((), dtype)[()]
    assert gpuarray.iscomplexobj(scalar) == numpy.iscomplexobj(scalar)
    assert gpuarray.iscomplexobj([1, 2j]) and gpuarray.isrealobj(3.0)


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@numpy_gpuarray_equal()
def test_iscomplex_and_isreal(xp, dtype):
    a = xp.asarray(values(dtype))
    return [xp.iscomplex(a), xp.isreal(a), xp.iscomplex(a[::-2]), xp.isreal(a[:0])]
