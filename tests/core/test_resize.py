# SPDX-License-Identifier: BSD-3-Clause
"""ndarray.resize in place, as NumPy's: the values and layouts on the GPU, and the
reference check (refcheck) without one: which call forms pass, which references
refuse, on this interpreter and on a Python 3.12 one where there is one
(Note [Resize reference check] in gpuarray/_methods/resize.py)."""
import pathlib
import subprocess
import sys

import numpy
import pytest

import gpuarray
from fake_memory import fake_array
from gpuarray import testing
from gpuarray._methods import reference_count as _reference_count
from gpuarray._methods import resize as _resize

gpu = pytest.mark.gpu
REFERENCE_COUNT = pathlib.Path(gpuarray.__file__).parent / "_methods" / "reference_count.py"
PYTHON312 = pathlib.Path("/work/py312/bin/python")
needs_adopt = pytest.mark.skipif(not hasattr(gpuarray.ndarray, "_adopt"),
                                 reason="the engine predates ndarray._adopt (cpp/bindings/ndarray.cpp): rebuild it")


class Allocated(Exception):
    """Raised instead of allocating: the reference check passed."""


@pytest.fixture
def check_only(monkeypatch):
    """resize up to its allocation: reaching it means the reference check passed."""
    def allocate(shape, dtype, order):
        raise Allocated
    monkeypatch.setattr(_resize, "_allocate", allocate)


# ---- the reference check, without a device --------------------------------------------------

def test_refcheck_passes_the_call_forms_numpy_passes(check_only):
    a, _ = fake_array((6,))
    with pytest.raises(Allocated):
        a.resize(7)
    with pytest.raises(Allocated):
        a.resize((7,))
    with pytest.raises(Allocated):
        a.resize(*(7,))
    with pytest.raises(Allocated):
        a.resize(7, refcheck=True)
    with pytest.raises(Allocated):
        a.resize(7, **{"refcheck": True})
    resize = a.resize
    with pytest.raises(Allocated):
        resize(7)


def test_refcheck_refuses_other_references(check_only):
    a, _ = fake_array((6,))
    view = a[1:]
    with pytest.raises(ValueError, match="refcheck=False"):
        a.resize(3)
    with pytest.raises(ValueError, match="refcheck=False"):
        a.resize(*(3,))  # the bound method the call keeps is not taken for the view
    with pytest.raises(Allocated):
        a.resize(3, refcheck=False)
    del view
    other = a
    with pytest.raises(ValueError, match="references or is referenced"):
        a.resize(3)
    resize = a.resize
    with pytest.raises(ValueError, match="references or is referenced"):
        resize(3)
    del other, resize
    held = [a]
    with pytest.raises(ValueError, match="references or is referenced"):
        a.resize(3)
    del held
    with pytest.raises(Allocated):
        a.resize(3)


def test_the_baseline_is_a_plain_call_on_a_new_array():
    # Both reads of the count happen in a method attached to ndarray, in a statement of
    # their own: a plain call on an array held by one name reads what the baseline reads.
    baseline = _reference_count.plain_call_references(_resize._probe)
    a, _ = fake_array((6,))
    count = a._count_own_references(3)  # not inside the assert: its rewriting keeps the bound method
    assert count == baseline


@pytest.mark.parametrize("make, message", [
    (lambda: fake_array((6,))[0][1:], "does not own its data"),
    (lambda: fake_array((3, 2), strides=(16, 4))[0], "single-segment"),
], ids=["view", "gaps"])
def test_resize_refuses_what_numpy_refuses_before_device_work(make, message):
    with pytest.raises(ValueError, match=message):
        make().resize(4, refcheck=False)


def test_resize_shape_errors_before_device_work():
    a, _ = fake_array((6,))
    with pytest.raises(ValueError, match="negative dimensions"):
        a.resize((-1, 2), refcheck=False)
    with pytest.raises(TypeError):
        a.resize(2.5, refcheck=False)
    assert a.resize() is None and a.resize(None) is None and a.shape == (6,)


@needs_adopt
def test_same_size_changes_only_the_shape_without_a_check():
    a, _ = fake_array((6,))
    view = a[1:]
    pointer = a.data.ptr
    a.resize((2, 3))  # NumPy checks no references when the size stays
    assert a.shape == (2, 3) and a.data.ptr == pointer and a.base is None and view.base is a


# The counting logic, run on a Python class as on ndarray (the same attached functions and
# call forms), in a child interpreter: this one, and Python 3.12 where the machine has one.
_SCRIPT = """
import importlib.util, sys
spec = importlib.util.spec_from_file_location("reference_count", sys.argv[1])
rc = importlib.util.module_from_spec(spec)
spec.loader.exec_module(rc)

def resize(self, *new_shape, refcheck=True):
    count = sys.getrefcount(self)
    return rc.other_references(self, count, rc.plain_call_references(Array), resize)

class Array:
    pass

Array.resize = resize
Array._count_own_references = rc.count_own_references

def check():
    a = Array()
    results = [a.resize(3), a.resize(*(3,)), a.resize(3, refcheck=True)]
    f = a.resize
    results.append(f(3))
    del f
    b = a
    results.append(a.resize(3))
    del b
    held = [a]
    results.append(a.resize(3))
    return results

print(check())
"""
EXPECTED = "[0, 0, 0, 0, 1, 1]"


@pytest.mark.parametrize("python", [pytest.param(sys.executable, id="this-python"),
                                    pytest.param(str(PYTHON312), id="python3.12")])
def test_counting_on_each_interpreter(python):
    if not pathlib.Path(python).exists():
        pytest.skip(f"no {python} on this machine")
    out = subprocess.run([python, "-c", _SCRIPT, str(REFERENCE_COUNT)], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == EXPECTED, (python, out.stdout, out.stderr)


# ---- values and layouts, on the device ----------------------------------------------------------

@gpu
@needs_adopt
@pytest.mark.parametrize("new_shape", [(2, 3), (7,), (2, 2), (0,), (3, 0, 2), (12,), (1, 1, 1, 6)], ids=str)
@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("dtype", [numpy.bool_, numpy.int8, numpy.float16, numpy.int64, numpy.complex128],
                         ids=lambda d: numpy.dtype(d).name)
@testing.numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_resize(xp, dtype, order, new_shape):
    a = xp.asarray(testing.exact_sample((2, 3), dtype), order=order)
    assert a.resize(new_shape, refcheck=False) is None
    b = xp.asarray(testing.exact_sample((2, 3), dtype), order=order)
    b.resize(*new_shape)
    c = xp.asarray(testing.exact_sample((2, 3), dtype), order=order)
    c.resize(new_shape)
    c.resize(new_shape[::-1])  # a resized array owns its data and resizes again
    return a, b, c


@gpu
@needs_adopt
@pytest.mark.parametrize("order", ["C", "F"])
@testing.numpy_gpuarray_equal(check_strides=True)
def test_resize_to_0d(xp, order):
    # Flags not compared: NumPy's 0-d result keeps the other order's contiguity False
    # (C_CONTIGUOUS after a Fortran array), where gpuarray's is both, as every 0-d array.
    a = xp.asarray(testing.exact_sample((2, 3), numpy.float32), order=order)
    a.resize(())
    b = xp.asarray(testing.exact_sample((2, 3), numpy.int16), order=order)
    b.resize((), refcheck=False)
    assert a.flags.owndata and b.flags.owndata
    return a, b


@gpu
@needs_adopt
@testing.numpy_gpuarray_equal(check_flags=True)
def test_resize_refcheck_accepts_the_call_forms_numpy_accepts(xp):
    a = xp.arange(4.0)
    a.resize(*(2, 3))
    resize = a.resize
    resize(7)
    del resize
    a.resize(**{"refcheck": True})
    a.resize(3, refcheck=True)
    a.resize((3, 1))
    return a


@gpu
@needs_adopt
def test_resize_keeps_the_object_and_read_only_flag():
    a = gpuarray.arange(4)
    ident = id(a)
    a.resize(6)
    assert id(a) == ident and a.shape == (6,) and a.flags.owndata
    numpy.testing.assert_array_equal(a.get(), [0, 1, 2, 3, 0, 0])
    a[5] = 9
    assert int(a[5].get()) == 9
    a.flags.writeable = False
    a.resize(8)
    assert not a.flags.writeable
    numpy.testing.assert_array_equal(a.get(), [0, 1, 2, 3, 0, 9, 0, 0])
