# SPDX-License-Identifier: BSD-3-Clause
"""dtype promotion and casting (cpp/core/promotion.hpp, gpuarray._base.dtypes) against NumPy 2.

The C++ tables are checked for every dtype pair and casting; the Python
functions on arrays that borrow a fake device address (never dereferenced),
so nothing here needs a GPU except min_scalar_type of a 0-d array."""
import itertools

import numpy
import pytest

import gpuarray
from gpuarray import _core, cuda

DTYPES = [numpy.dtype(c) for c in "?bhilBHILefdFD"]
CASTINGS = ["no", "equiv", "safe", "same_kind", "unsafe"]
# The Python type _core._result_type takes for a weak scalar, and a value of it for NumPy.
WEAK = {int: 1, float: 1.0, complex: 1j}


def fake_array(shape, dtype):
    mem = cuda.UnownedMemory(1 << 20, 1 << 20, None, 0)
    return gpuarray.ndarray(shape, dtype, memptr=cuda.MemoryPointer(mem, 0))


def error_of(fn, *args):
    try:
        fn(*args)
    except Exception as e:  # compared by the caller
        return type(e), str(e)
    return None


def core_result_type(*operands):
    """_core._result_type, with operands written as numpy.result_type takes them."""
    weak = {type(v): t for t, v in WEAK.items()}
    return _core._result_type([weak.get(type(o), o) for o in operands])


def test_promote_types_every_pair():
    wrong = [(a, b) for a in DTYPES for b in DTYPES if _core._promote_types(a, b) != numpy.promote_types(a, b)]
    assert not wrong


def test_can_cast_every_pair_and_casting():
    wrong = [(a, b, c) for a in DTYPES for b in DTYPES for c in CASTINGS
             if _core._can_cast(a, b, c) != numpy.can_cast(a, b, c)]
    assert not wrong


def test_can_cast_bad_casting_matches_numpy():
    expected = error_of(numpy.can_cast, numpy.int8, numpy.int8, "bogus")
    assert expected is not None
    assert error_of(_core._can_cast, numpy.int8, numpy.int8, "bogus") == expected


def test_result_type_dtype_with_each_weak_scalar():
    wrong = [(d, v) for d in DTYPES for v in WEAK.values() for ops in [(d, v), (v, d)]
             if core_result_type(*ops) != numpy.result_type(*ops)]
    assert not wrong


def test_result_type_every_pair():
    wrong = [(a, b) for a in DTYPES for b in DTYPES if core_result_type(a, b) != numpy.result_type(a, b)]
    assert not wrong


def test_result_type_triples_with_weak_scalars():
    weak = list(WEAK.values())
    cases = [(a, b, v) for a in DTYPES for b in DTYPES for v in weak]
    cases += [(d, v, w) for d in DTYPES for v in weak for w in weak]
    wrong = [ops for ops in cases for perm in itertools.permutations(ops)
             if core_result_type(*perm) != numpy.result_type(*perm)]
    assert not wrong


@pytest.mark.parametrize("n", [1, 2, 3])
def test_result_type_only_weak_scalars(n):
    for ops in itertools.product(WEAK.values(), repeat=n):
        assert core_result_type(*ops) == numpy.result_type(*ops), ops


def test_result_type_python_bool_is_strong():
    for ops in [(bool, int), (bool, float), (bool, numpy.int8), (bool, complex, numpy.float16)]:
        host = [True if o is bool else WEAK.get(o, o) for o in ops]
        assert _core._result_type(list(ops)) == numpy.result_type(*host), ops


def test_result_type_needs_an_operand():
    expected = error_of(numpy.result_type)
    assert expected is not None
    assert error_of(_core._result_type, []) == expected


def integer_edges():
    values = {0, 1, -1, 2**63 - 1, 2**63, 2**64 - 1, 2**64, -2**63, -2**63 - 1, -2**64 + 1, 2**100, -2**100}
    for d in DTYPES:
        if d.kind in "iu":
            info = numpy.iinfo(d)
            values |= {info.min - 1, info.min, info.max, info.max + 1}
    return sorted(values)


@pytest.mark.parametrize("dtype", DTYPES, ids=str)
def test_python_int_fits_matches_numpy_asarray(dtype):
    wrong = []
    for v in integer_edges():
        with numpy.errstate(over="ignore"):  # float16 takes 2**100 as inf, with a warning
            expected = error_of(numpy.asarray, v, dtype)
        if error_of(_core._check_python_int, v, dtype) != expected:
            wrong.append((v, expected))
    assert not wrong


# The Python functions on gpuarray arrays, against NumPy on host arrays of the same dtype and shape.

@pytest.mark.parametrize("shape", [(), (3,)], ids=["0d", "1d"])
def test_result_type_of_arrays(shape):
    for a, b in itertools.product(DTYPES, repeat=2):
        for other in (b, fake_array(shape, b), *WEAK.values()):
            host_other = numpy.empty(shape, b) if isinstance(other, gpuarray.ndarray) else other
            assert gpuarray.result_type(fake_array(shape, a), other) == \
                numpy.result_type(numpy.empty(shape, a), host_other), (a, other)


def test_result_type_0d_array_is_strong():
    # Were the 0-d float64 array a Python scalar, float32 would win.
    assert gpuarray.result_type(fake_array((3,), numpy.float32), fake_array((), numpy.float64)) == numpy.float64


def test_can_cast_from_array():
    for a, b, c in itertools.product(DTYPES, DTYPES, CASTINGS):
        assert gpuarray.can_cast(fake_array((2,), a), b, c) == numpy.can_cast(numpy.empty(2, a), b, c)
    assert error_of(gpuarray.can_cast, 1, numpy.int8) == error_of(numpy.can_cast, 1, numpy.int8)


def test_common_type_of_arrays():
    for a, b in itertools.product(DTYPES, repeat=2):
        host = (numpy.empty(2, a), numpy.empty(2, b))
        expected = error_of(numpy.common_type, *host)  # bool arrays raise TypeError
        assert error_of(gpuarray.common_type, fake_array((2,), a), fake_array((2,), b)) == expected
        if expected is None:
            assert gpuarray.common_type(fake_array((2,), a), host[1]) is numpy.common_type(*host)


def test_min_scalar_type_of_nd_array_is_its_dtype():
    for d in DTYPES:
        assert gpuarray.min_scalar_type(fake_array((1,), d)) == numpy.min_scalar_type(numpy.zeros(1, d)) == d
    assert gpuarray.min_scalar_type(300) == numpy.min_scalar_type(300)


@pytest.mark.gpu
@pytest.mark.parametrize("value", [300, -1, 1e300, 1.0, 1 + 1j])
def test_min_scalar_type_of_0d_array_reads_its_value(value):
    host = numpy.asarray(value)
    assert gpuarray.min_scalar_type(gpuarray.asarray(host)) == numpy.min_scalar_type(host)


def test_type_information_takes_array_dtypes():
    a = fake_array((2,), numpy.float32)
    assert gpuarray.finfo(a.dtype).eps == numpy.finfo(numpy.float32).eps
    assert gpuarray.iinfo(numpy.uint16).max == 65535
    assert gpuarray.issubdtype(a.dtype, gpuarray.floating)
    assert gpuarray.isdtype(a.dtype, "real floating")
    assert gpuarray.promote_types(a.dtype, gpuarray.half) == numpy.float32


def test_dtype_names_are_numpys():
    from gpuarray._base import dtypes as _dtypes
    wrapped = {"result_type", "can_cast", "min_scalar_type", "common_type", "finfo"}  # they take gpuarray arrays
    for name in set(_dtypes.__all__) - wrapped:
        assert getattr(gpuarray, name) is getattr(numpy, name), name
    assert gpuarray.int_ is numpy.int64 and gpuarray.csingle is numpy.complex64


SCALAR_VALUES = [0, 1, -1, 127, 128, 255, 256, -129, 2**31, 2**63 - 1, 2**63, 2**64 - 1, 2**64, -2**63, 10**30,
                 2.5, -0.0, 3.7, 1e300, float("nan"), float("inf"), 1 + 2j, True, False]


@pytest.mark.parametrize("value", SCALAR_VALUES, ids=repr)
def test_kernel_scalars_convert_as_numpy_asarray(value):
    """Scalars become kernel parameters with numpy.asarray(value, dtype)'s bytes and errors."""
    for char in "?bhilBHILefdFD":
        try:
            with numpy.errstate(all="ignore"):
                expected = numpy.asarray(value, dtype=char).tobytes()
        except Exception as exc:  # the same type must come from gpuarray
            with pytest.raises(type(exc)):
                _core._scalar_arg_bytes(value, char)
            continue
        assert _core._scalar_arg_bytes(value, char) == expected, char
