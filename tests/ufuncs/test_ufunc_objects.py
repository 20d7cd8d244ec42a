# SPDX-License-Identifier: BSD-3-Clause
"""The ufunc objects without a GPU: their attributes are NumPy's, and a call's
arguments are checked (count, keywords, out twice) as NumPy checks them,
before anything touches the device."""
import numpy
import pytest

import gpuarray
from gpuarray import _core
from fake_memory import fake_array


@pytest.mark.parametrize("name", ["add", "sin", "divmod", "frexp", "isnan"])
def test_attributes_are_numpys(name):
    u, ref = getattr(gpuarray, name), getattr(numpy, name)
    assert isinstance(u, gpuarray.ufunc) and isinstance(u, _core.ufunc)
    assert (u.__name__, u.nin, u.nout, u.nargs) == (ref.__name__, ref.nin, ref.nout, ref.nargs)
    assert repr(u) == f"<ufunc '{name}'>"


def test_the_call_is_the_c_base_s():
    assert "__call__" not in vars(gpuarray.ufunc)
    with pytest.raises(KeyError, match="no ufunc named 'nope'"):
        _core.ufunc("nope")


@pytest.mark.parametrize("args, match", [
    ((), r"add\(\) takes from 2 to 3 positional arguments but 0 were given"),
    ((1,), r"add\(\) takes from 2 to 3 positional arguments but 1 were given"),
    ((1, 2, 3, 4), r"add\(\) takes from 2 to 3 positional arguments but 4 were given"),
])
def test_positional_count(args, match):
    with pytest.raises(TypeError, match=match):
        gpuarray.add(*args)
    with pytest.raises(TypeError):
        numpy.add(*args)


def test_keywords():
    with pytest.raises(TypeError, match="'order2' is an invalid keyword to ufunc 'add'"):
        gpuarray.add(1, 2, order2="K")
    with pytest.raises(TypeError, match="cannot specify 'out' as both a positional and keyword argument"):
        gpuarray.add(1, 2, 3, out=4)
    with pytest.raises(TypeError, match="sin\\(\\) takes from 1 to 2 positional arguments but 3 were given"):
        gpuarray.sin(1, 2, 3)
    with pytest.raises(TypeError, match="unsupported operand type numpy.ndarray"):
        gpuarray.sin(numpy.ones(3))


@pytest.mark.parametrize("scalar", [3, 1.5, 1j, True, numpy.int64(3), numpy.float64(1.5), numpy.complex128(1j),
                                    numpy.float32(2), numpy.int8(1), numpy.bool_(True)], ids=repr)
@pytest.mark.parametrize("dtype", ["i1", "u2", "f2", "f4", "c8"])
def test_numpy_scalars_are_strong_operands(dtype, scalar):
    """NEP 50: only Python int, float and complex are weak. numpy.float64 and
    numpy.complex128 subclass Python's float and complex but are strong:
    float32 * numpy.float64(1.5) is float64. The result dtype is read from
    the cast error a bool `out` gives, raised before any device work."""
    with pytest.raises(TypeError) as numpy_error:
        numpy.multiply(numpy.ones(3, dtype), scalar, out=numpy.empty(3, "?"))
    with pytest.raises(TypeError) as error:
        gpuarray.multiply(fake_array((3,), dtype)[0], scalar, out=fake_array((3,), "?")[0])
    assert str(error.value) == str(numpy_error.value)
