# SPDX-License-Identifier: BSD-3-Clause
"""Test helpers: run one test body with NumPy and with gpuarray and compare.

    @testing.numpy_gpuarray_equal()
    def test_flip(xp, dtype):
        return xp.arange(6, dtype=dtype)[::-1]

The body runs twice, with ``xp=numpy`` and ``xp=gpuarray``; the results must
agree in type (array or scalar), shape, dtype and values (and strides and
flags when asked). If NumPy raises, gpuarray must raise the same exception
type (or a subclass), and the reverse.

Also numpy.testing's assertions, taking device arrays (_assertions.py):
``xp.testing.assert_allclose(a, b)`` works after ``import gpuarray as xp``."""
import functools
import inspect

import numpy

import gpuarray  # the namespace each test body runs with, beside NumPy
from gpuarray.testing._assertions import *  # noqa: F401,F403

DTYPES = (numpy.bool_, numpy.int8, numpy.int16, numpy.int32, numpy.int64, numpy.uint8, numpy.uint16,
          numpy.uint32, numpy.uint64, numpy.float16, numpy.float32, numpy.float64, numpy.complex64,
          numpy.complex128)
FLOAT_DTYPES = (numpy.float16, numpy.float32, numpy.float64)
COMPLEX_DTYPES = (numpy.complex64, numpy.complex128)
INT_DTYPES = (numpy.int8, numpy.int16, numpy.int32, numpy.int64, numpy.uint8, numpy.uint16, numpy.uint32,
              numpy.uint64)


def exact_sample(shape, dtype, seed=0):
    """Host values every dtype holds exactly: 0..49.5 in halves (bool: some False;
    complex: the reversed values as the imaginary part)."""
    rng = numpy.random.default_rng(seed)
    v = numpy.asarray(rng.integers(0, 100, size=shape) / 2)
    if numpy.dtype(dtype).kind == "c":
        v = v + 1j * v[::-1]
    return v.astype(dtype)


def _run(fn, xp, args, kwargs):
    try:
        return fn(*args, xp=xp, **kwargs), None
    except Exception as exc:  # compared below: both sides must agree
        return None, exc


def _compare(expected, actual, rtol, atol, check_strides, check_flags, where=""):
    if isinstance(expected, (list, tuple)):
        assert isinstance(actual, (list, tuple)) and len(actual) == len(expected), \
            f"{where}: NumPy gave {len(expected)} results, gpuarray gave {actual!r}"
        for i, (e, a) in enumerate(zip(expected, actual)):
            _compare(e, a, rtol, atol, check_strides, check_flags, f"{where}[{i}]")
        return
    if isinstance(expected, numpy.ndarray):
        assert isinstance(actual, gpuarray.ndarray), \
            f"{where}: NumPy gave an ndarray, gpuarray gave {type(actual).__name__}"
        assert actual.shape == expected.shape, f"{where}: shape {actual.shape} != NumPy's {expected.shape}"
        assert actual.dtype == expected.dtype, f"{where}: dtype {actual.dtype} != NumPy's {expected.dtype}"
        if check_strides:
            assert actual.strides == expected.strides, \
                f"{where}: strides {actual.strides} != NumPy's {expected.strides}"
        if check_flags:
            for flag in ("C_CONTIGUOUS", "F_CONTIGUOUS", "OWNDATA", "WRITEABLE"):
                assert actual.flags[flag] == expected.flags[flag], \
                    f"{where}: flags[{flag!r}] is {actual.flags[flag]}, NumPy's is {expected.flags[flag]}"
        host = actual.get()
    else:
        # A 0-d array stands for NumPy's scalar (gpuarray keeps results on the device).
        assert not isinstance(actual, gpuarray.ndarray) or numpy.ndim(expected) == 0, \
            f"{where}: NumPy gave {type(expected).__name__}, gpuarray gave an ndarray"
        host = actual.get() if isinstance(actual, gpuarray.ndarray) else actual
    if (rtol == 0 and atol == 0) or numpy.asarray(expected).dtype.kind in "USO":
        # Text (a name, a repr) is compared exactly: NumPy 2.5's isclose refuses strings.
        numpy.testing.assert_array_equal(host, expected, err_msg=where, strict=False)
    else:
        numpy.testing.assert_allclose(host, expected, rtol=rtol, atol=atol, err_msg=where)


def numpy_gpuarray_equal(rtol=0, atol=0, check_strides=False, check_flags=False):
    """Decorator: run the body with xp=numpy and xp=gpuarray and compare (see module doc)."""
    def decorator(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            expected, np_exc = _run(fn, numpy, args, kwargs)
            actual, ga_exc = _run(fn, gpuarray, args, kwargs)
            if np_exc is not None:
                if ga_exc is None:
                    raise AssertionError(f"NumPy raised {type(np_exc).__name__}({np_exc}) but gpuarray "
                                         f"returned {actual!r}")
                # NumPy's UFuncTypeError is a TypeError; gpuarray raises TypeError with its text.
                expected_type = TypeError if isinstance(np_exc, TypeError) and type(np_exc).__name__.startswith(
                    ("UFuncTypeError", "_UFunc")) else type(np_exc)
                if not isinstance(ga_exc, expected_type):
                    raise AssertionError(f"NumPy raised {type(np_exc).__name__}({np_exc}) but gpuarray raised "
                                         f"{type(ga_exc).__name__}({ga_exc})") from ga_exc
                return
            if ga_exc is not None:
                raise ga_exc
            _compare(expected, actual, rtol, atol, check_strides, check_flags)

        sig = inspect.signature(fn)
        wrapper.__signature__ = sig.replace(parameters=[p for p in sig.parameters.values() if p.name != "xp"])
        return wrapper
    return decorator
