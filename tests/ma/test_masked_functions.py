# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.ma's functions beyond the class against numpy.ma's: creation, shape and
ordering functions, questions (allequal, allclose, count_masked, ...), and what
gpuarray.ma refuses before device work."""
import numpy
import pytest

import gpuarray as xp
import masked_support
from masked_support import assert_masked_equal

backend = masked_support.backend  # the fixture


def _sample(asarray):
    values = numpy.array([[3.0, -1.0, 2.0], [0.5, 7.0, -4.0]])
    mask = numpy.array([[0, 1, 0], [0, 0, 1]], bool)
    return xp.ma.array(asarray(values), mask=asarray(mask)), numpy.ma.array(values, mask=mask)


@pytest.mark.parametrize("name, args", [("ravel", ()), ("reshape", ((3, 2),)), ("transpose", ()),
                                        ("swapaxes", (0, 1)), ("squeeze", ()), ("repeat", (2,)),
                                        ("diagonal", ()), ("take", ([0, 2],)), ("copy", ())])
def test_method_functions(backend, name, args):
    ours, theirs = _sample(backend)
    assert_masked_equal(getattr(xp.ma, name)(ours, *args), getattr(numpy.ma, name)(theirs, *args))


@pytest.mark.parametrize("axis", [-1, 0, None])
@pytest.mark.parametrize("endwith", [True, False])
def test_sort_and_argsort_put_masked_elements_last_or_first(backend, axis, endwith):
    ours, theirs = _sample(backend)
    assert_masked_equal(xp.ma.sort(ours, axis=axis, endwith=endwith),
                        numpy.ma.sort(theirs, axis=axis, endwith=endwith))
    got = xp.ma.argsort(ours, axis=axis, endwith=endwith)
    numpy.testing.assert_array_equal(getattr(got, "get", lambda: got)(),
                                     numpy.ma.argsort(theirs, axis=axis, endwith=endwith))


def test_shape_helpers(backend):
    ours, theirs = _sample(backend)
    assert_masked_equal(xp.ma.expand_dims(ours, 1), numpy.ma.expand_dims(theirs, 1))
    assert_masked_equal(xp.ma.clip(ours, 0, 2), numpy.ma.clip(theirs, 0, 2))
    for n in (1, 2, 3):
        for sample in (ours[0, 0], ours[0], ours):
            host = sample.get()
            assert_masked_equal(getattr(xp.ma, f"atleast_{n}d")(sample), getattr(numpy.ma, f"atleast_{n}d")(host))
    assert xp.ma.shape(ours) == numpy.ma.shape(theirs) and xp.ma.size(ours) == numpy.ma.size(theirs)
    assert xp.ma.size(ours, 1) == numpy.ma.size(theirs, 1) and xp.ma.ndim(ours) == numpy.ma.ndim(theirs)


def test_creation(backend):
    for name in ("zeros", "ones"):
        assert_masked_equal(getattr(xp.ma, name)((2, 3), dtype=numpy.int16), getattr(numpy.ma, name)((2, 3),
                                                                                                    dtype=numpy.int16))
        assert_masked_equal(getattr(xp.ma, name + "_like")(_sample(backend)[0]),
                            getattr(numpy.ma, name + "_like")(_sample(backend)[1]))
    assert_masked_equal(xp.ma.arange(5), numpy.ma.arange(5))
    assert xp.ma.empty(4).shape == (4,) and xp.ma.getmask(xp.ma.empty(4)) is xp.ma.nomask
    assert_masked_equal(xp.ma.masked_all((2, 2), dtype=numpy.int32), numpy.ma.masked_all((2, 2), dtype=numpy.int32))
    assert_masked_equal(xp.ma.masked_all_like(_sample(backend)[0]), numpy.ma.masked_all_like(_sample(backend)[1]))


def test_questions(backend):
    ours, theirs = _sample(backend)
    other = numpy.array([[3.0, 9.0, 2.0], [0.5, 7.0, 1.0]])
    for fill_value in (True, False):
        assert xp.ma.allequal(ours, backend(other), fill_value) == numpy.ma.allequal(theirs, other, fill_value)
    for masked_equal in (True, False):
        assert xp.ma.allclose(ours, backend(other + 1e-9), masked_equal) == numpy.ma.allclose(theirs, other + 1e-9,
                                                                                                masked_equal)
    assert not xp.ma.allclose(ours, backend(other + 1))
    count = xp.ma.count_masked(ours, axis=0)
    numpy.testing.assert_array_equal(getattr(count, "get", lambda: count)(), numpy.ma.count_masked(theirs, axis=0))
    assert xp.ma.count_masked(xp.ma.array(backend(other))) == 0
    assert xp.ma.isMaskedArray(ours) and xp.ma.isMA(ours) and not xp.ma.isarray(backend(other))
    assert_masked_equal(xp.ma.sometrue(ours > 2, axis=1), numpy.ma.sometrue(theirs > 2, axis=1))
    assert_masked_equal(xp.ma.alltrue(ours > -5, axis=0), numpy.ma.alltrue(theirs > -5, axis=0))
    a, b = xp.ma.array(backend(other), fill_value=3.0), xp.ma.array(backend(other), fill_value=3.0)
    assert xp.ma.common_fill_value(a, b) == 3.0
    xp.ma.set_fill_value(b, 4.0)
    assert xp.ma.common_fill_value(a, b) is None and b.fill_value == 4.0


def test_masked_is_numpys_constant():
    assert xp.ma.masked is numpy.ma.masked and xp.ma.nomask is numpy.ma.nomask
    assert xp.ma.MaskError is numpy.ma.MaskError and xp.ma.masked_singleton is numpy.ma.masked


def test_gpuarray_ma_loads_on_first_use():
    import subprocess
    import sys
    code = "import sys, gpuarray; assert 'gpuarray.ma' not in sys.modules; gpuarray.ma; print('gpuarray.ma' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True"


def test_conversion_to_numpy_is_refused(backend):
    ours, _ = _sample(backend)
    with pytest.raises(TypeError, match="get()"):
        ours.__array__()


@pytest.mark.parametrize("call", [
    lambda a: xp.ma.power(a, 2, 3),
    lambda a: a.sum(out=a),
    lambda a: xp.ma.median(a, out=a),
    lambda a: xp.ma.dot(a, a, out=a),
    lambda a: xp.ma.where(a > 0, a),
    lambda a: xp.ma.argsort(a, order="x"),
    lambda a: xp.ma.make_mask([1, 0], dtype=numpy.int8),
], ids=["power-third", "sum-out", "median-out", "dot-out", "where-one-of-x-y", "argsort-order", "mask-dtype"])
def test_refused_arguments(backend, call):
    ours, _ = _sample(backend)
    with pytest.raises((TypeError, ValueError, xp.ma.MaskError)):
        call(ours)
