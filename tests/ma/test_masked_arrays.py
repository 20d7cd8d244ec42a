# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.ma against numpy.ma: construction, masks, fill values, ufuncs with their
domains, operators, comparisons, reductions, indexing and shapes, over dtypes,
layouts (contiguous, strided, reversed, transposed, 0-d, empty) and masks (none,
partial, all). Each test runs on NumPy standing in for the device and on the device."""
import numpy
import pytest

import gpuarray as xp
import masked_support
from masked_support import assert_masked_equal

backend = masked_support.backend  # the fixture

DTYPES = [numpy.bool_, numpy.int8, numpy.int32, numpy.int64, numpy.uint8, numpy.float16, numpy.float32,
          numpy.float64, numpy.complex64, numpy.complex128]
NUMERIC = [d for d in DTYPES if d is not numpy.bool_]
LAYOUTS = ["contiguous", "strided", "reversed", "transposed", "0-d", "empty"]
MASKS = ["nomask", "partial", "all"]


def _values(dtype):
    base = numpy.arange(-5, 19).reshape(4, 6)
    if dtype is numpy.bool_:
        return (base % 3 == 0)
    if numpy.dtype(dtype).kind == "u":
        return (base + 5).astype(dtype)
    if numpy.dtype(dtype).kind == "c":
        return (base + 0.5j * base[::-1]).astype(dtype)
    if numpy.dtype(dtype).kind == "f":
        return (base / 2).astype(dtype)
    return base.astype(dtype)


def _mask(kind):
    if kind == "nomask":
        return numpy.ma.nomask
    if kind == "all":
        return numpy.ones((4, 6), bool)
    return (numpy.arange(24).reshape(4, 6) % 5 == 1)


def _layout(a, layout):
    return {"contiguous": lambda: a, "strided": lambda: a[::2, ::3], "reversed": lambda: a[::-1, ::-2],
            "transposed": lambda: a.T, "0-d": lambda: a[1, 2], "empty": lambda: a[:0, 1:3]}[layout]()


def pair(asarray, dtype=numpy.float64, layout="contiguous", mask="partial"):
    """(ours, numpy.ma's): the same masked array on both sides, its layout made by the
    same indexing of a 4x6 array."""
    values, m = _values(dtype), _mask(mask)
    theirs = numpy.ma.array(values, mask=m)
    ours = xp.ma.array(asarray(values), mask=m if m is numpy.ma.nomask else asarray(m))
    if layout == "0-d":
        return ours[1, 2], numpy.ma.array(values[1, 2], mask=numpy.ma.getmaskarray(theirs)[1, 2]) \
            if mask != "nomask" else numpy.ma.array(values[1, 2])
    return _layout(ours, layout), _layout(theirs, layout)


# ---- construction, masks, fill values ----------------------------------------------------


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("mask", MASKS)
def test_construction_and_get(backend, dtype, mask):
    ours, theirs = pair(backend, dtype, mask=mask)
    host = ours.get()
    assert isinstance(host, numpy.ma.MaskedArray)
    assert_masked_equal(ours, theirs)
    assert host.fill_value == theirs.fill_value
    assert repr(ours) == repr(theirs)
    assert (xp.ma.getmask(ours) is xp.ma.nomask) == (mask == "nomask")


def test_array_arguments(backend):
    data = backend(numpy.arange(6.0).reshape(2, 3))
    a = xp.ma.array(data, mask=True)
    assert_masked_equal(a, numpy.ma.array(numpy.arange(6.0).reshape(2, 3), mask=True))
    b = xp.ma.array(data, mask=[1, 0, 0, 0, 0, 1])  # the data's size: reshaped
    assert_masked_equal(b, numpy.ma.array(numpy.arange(6.0).reshape(2, 3), mask=[[1, 0, 0], [0, 0, 1]]))
    c = xp.ma.array(b, mask=[[0, 1, 0], [0, 0, 0]])  # keep_mask: the union
    assert_masked_equal(c, numpy.ma.array(b.get(), mask=[[0, 1, 0], [0, 0, 0]]))
    d = xp.ma.array(b, mask=[[0, 1, 0], [0, 0, 0]], keep_mask=False)
    assert_masked_equal(d, numpy.ma.array(b.get(), mask=[[0, 1, 0], [0, 0, 0]], keep_mask=False))
    e = xp.ma.array([1, numpy.ma.masked, 3])
    assert_masked_equal(e, numpy.ma.array([1, numpy.ma.masked, 3]))
    f = xp.ma.array(data, dtype=numpy.float32, fill_value=-1, ndmin=3)
    assert f.shape == (1, 2, 3) and f.dtype == numpy.float32 and f.fill_value == -1
    assert f.fill_value.dtype == numpy.float32
    g = xp.ma.array(data, copy=True)
    g[0, 0] = 100
    assert float(xp.ma.getdata(data)[0, 0]) == 0.0
    h = xp.ma.masked_array(numpy.ma.array([1, 2], mask=[0, 1], fill_value=7))  # host masked input
    assert_masked_equal(h, numpy.ma.array([1, 2], mask=[0, 1]))
    assert h.fill_value == 7


def test_mask_size_mismatch_raises_mask_error(backend):
    with pytest.raises(xp.ma.MaskError, match="data size is 3, mask size is 2"):
        xp.ma.array(backend(numpy.arange(3)), mask=[0, 1])


@pytest.mark.parametrize("dtype", DTYPES)
def test_fill_values(backend, dtype):
    ours, theirs = pair(backend, dtype)
    assert xp.ma.default_fill_value(ours) == numpy.ma.default_fill_value(theirs)
    assert xp.ma.minimum_fill_value(ours) == numpy.ma.minimum_fill_value(theirs)
    assert xp.ma.maximum_fill_value(ours) == numpy.ma.maximum_fill_value(theirs)
    numpy.testing.assert_array_equal(xp.ma.filled(ours).get() if hasattr(xp.ma.filled(ours), "get")
                                     else xp.ma.filled(ours), theirs.filled())
    filled = ours.filled(1)
    numpy.testing.assert_array_equal(getattr(filled, "get", lambda: filled)(), theirs.filled(1))


def test_fill_value_that_does_not_fit_raises_type_error(backend):
    a = xp.ma.array(backend(numpy.arange(3, dtype=numpy.int8)))
    with pytest.raises(TypeError):
        a.fill_value = 1000
    with pytest.raises(TypeError):
        xp.ma.array(backend(numpy.arange(3.0)), fill_value="x")


@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("mask", MASKS)
def test_compressed_and_count(backend, layout, mask):
    ours, theirs = pair(backend, numpy.float32, layout, mask)
    compressed = ours.compressed()
    numpy.testing.assert_array_equal(getattr(compressed, "get", lambda: compressed)(), theirs.compressed())
    count = ours.count()
    assert int(getattr(count, "get", lambda: count)()) == theirs.count()
    if ours.ndim:
        assert_masked_equal(ours.count(axis=0), theirs.count(axis=0), check_dtype=False)


def test_mask_helpers(backend):
    m = xp.ma.make_mask([0, 1, 2])
    numpy.testing.assert_array_equal(getattr(m, "get", lambda: m)(), [False, True, True])
    assert xp.ma.make_mask([0, 0]) is xp.ma.nomask
    assert xp.ma.make_mask(xp.ma.nomask) is xp.ma.nomask
    assert xp.ma.is_mask(m) and not xp.ma.is_mask(backend(numpy.arange(2)))
    union = xp.ma.mask_or(backend(numpy.array([True, False])), backend(numpy.array([False, False])))
    numpy.testing.assert_array_equal(getattr(union, "get", lambda: union)(), [True, False])
    assert xp.ma.mask_or(xp.ma.nomask, xp.ma.nomask) is xp.ma.nomask
    a = xp.ma.array(backend(numpy.arange(3)), mask=[0, 1, 0])
    assert xp.ma.is_masked(a) and not xp.ma.is_masked(xp.ma.array(backend(numpy.arange(3))))
    assert not xp.ma.is_masked(xp.ma.array(backend(numpy.arange(3)), mask=[0, 0, 0]))
    none = xp.ma.getmaskarray(xp.ma.array(backend(numpy.arange(3))))
    numpy.testing.assert_array_equal(getattr(none, "get", lambda: none)(), [False] * 3)
    with pytest.raises(TypeError):
        xp.ma.make_mask([1, 0], dtype=[("a", bool)])


# ---- ufuncs, domains, operators -------------------------------------------------------------

UNARY = ["sqrt", "log", "log2", "log10", "exp", "sin", "cos", "tan", "arcsin", "arccos", "arctanh", "arccosh",
         "negative", "absolute", "floor", "ceil", "logical_not", "conjugate"]


@pytest.mark.parametrize("name", UNARY)
@pytest.mark.parametrize("dtype", [numpy.int32, numpy.float32, numpy.float64, numpy.complex128])
@pytest.mark.parametrize("layout", ["contiguous", "reversed", "0-d", "empty"])
def test_unary_ufuncs_mask_their_domain(backend, name, dtype, layout):
    if numpy.dtype(dtype).kind == "c" and name in ("floor", "ceil", "arctanh", "arccosh"):
        pytest.skip("not defined for complex in NumPy either")
    ours, theirs = pair(backend, dtype, layout)
    with numpy.errstate(all="ignore"):
        expected = getattr(numpy.ma, name)(theirs)
    assert_masked_equal(getattr(xp.ma, name)(ours), expected, rtol=1e-4)


BINARY = ["add", "subtract", "multiply", "divide", "true_divide", "floor_divide", "remainder", "fmod", "hypot",
          "arctan2", "equal", "less", "greater_equal", "logical_and", "bitwise_and"]


@pytest.mark.parametrize("name", BINARY)
@pytest.mark.parametrize("dtype", [numpy.int64, numpy.uint8, numpy.float32, numpy.float64])
@pytest.mark.parametrize("other_mask", ["nomask", "partial"])
def test_binary_ufuncs_mask_their_domain(backend, name, dtype, other_mask):
    if name == "bitwise_and" and numpy.dtype(dtype).kind == "f":
        pytest.skip("integers only")
    ours, theirs = pair(backend, dtype)
    other_values = (numpy.arange(24).reshape(4, 6) % 4).astype(dtype)  # zeros: division's domain
    other_m = numpy.ma.nomask if other_mask == "nomask" else numpy.arange(24).reshape(4, 6) % 7 == 0
    ours_b = xp.ma.array(backend(other_values), mask=other_m if other_m is numpy.ma.nomask else backend(other_m))
    theirs_b = numpy.ma.array(other_values, mask=other_m)
    with numpy.errstate(all="ignore"):
        expected = getattr(numpy.ma, name)(theirs, theirs_b)
    assert_masked_equal(getattr(xp.ma, name)(ours, ours_b), expected)
    # with a plain array and a scalar on either side
    with numpy.errstate(all="ignore"):
        expected = getattr(numpy.ma, name)(theirs, other_values)
    assert_masked_equal(getattr(xp.ma, name)(ours, backend(other_values)), expected)


@pytest.mark.parametrize("op", ["__add__", "__radd__", "__sub__", "__rsub__", "__mul__", "__rmul__",
                                "__truediv__", "__rtruediv__", "__floordiv__", "__rfloordiv__", "__mod__",
                                "__pow__", "__rpow__", "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"])
@pytest.mark.parametrize("dtype", [numpy.int32, numpy.float64, numpy.complex64])
@pytest.mark.parametrize("layout", ["contiguous", "strided", "0-d"])
def test_operators(backend, op, dtype, layout):
    kind = numpy.dtype(dtype).kind
    if kind == "c" and op in ("__floordiv__", "__rfloordiv__", "__mod__", "__lt__", "__le__", "__gt__", "__ge__"):
        pytest.skip("not defined for complex")
    if kind == "i" and op in ("__pow__", "__rpow__"):
        pytest.skip("negative integer powers raise in NumPy")
    ours, theirs = pair(backend, dtype, layout)
    for other in (2, theirs):
        ours_other = ours if other is theirs else other
        with numpy.errstate(all="ignore"):
            expected = getattr(theirs, op)(other)
        assert_masked_equal(getattr(ours, op)(ours_other), expected, rtol=1e-4)


def test_comparison_of_masked_elements(backend):
    a = xp.ma.array(backend(numpy.array([1, 2, 3])), mask=[0, 1, 1])
    b = xp.ma.array(backend(numpy.array([1, 5, 3])), mask=[0, 1, 0])
    ha, hb = a.get(), b.get()
    assert_masked_equal(a == b, ha == hb)
    assert_masked_equal(a != b, ha != hb)
    numpy.testing.assert_array_equal(numpy.asarray((a == b).get().data), numpy.asarray((ha == hb).data))
    assert_masked_equal(a == xp.ma.masked, ha == numpy.ma.masked)


@pytest.mark.parametrize("op", ["__iadd__", "__isub__", "__imul__", "__itruediv__", "__ipow__"])
def test_inplace_operators_keep_masked_data(backend, op):
    ours, theirs = pair(backend, numpy.float64)
    other_values = numpy.arange(24.0).reshape(4, 6) % 3
    other_m = numpy.arange(24).reshape(4, 6) % 7 == 0
    with numpy.errstate(all="ignore"):
        getattr(theirs, op)(numpy.ma.array(other_values, mask=other_m))
    getattr(ours, op)(xp.ma.array(backend(other_values), mask=backend(other_m)))
    assert_masked_equal(ours, theirs)


def test_power_masks_invalid_results(backend):
    a = xp.ma.array(backend(numpy.array([-1.0, 4.0, 0.0])))
    with numpy.errstate(all="ignore"):
        expected = numpy.ma.power(numpy.ma.array([-1.0, 4.0, 0.0]), [0.5, 0.5, -1.0])
    assert_masked_equal(xp.ma.power(a, backend(numpy.array([0.5, 0.5, -1.0]))), expected)
    with pytest.raises(xp.ma.MaskError):
        xp.ma.power(a, 2, 3)


def test_ufunc_methods(backend):
    ours, theirs = pair(backend, numpy.float64)
    assert_masked_equal(xp.ma.add.reduce(ours, axis=1), numpy.ma.add.reduce(theirs, axis=1))
    assert_masked_equal(xp.ma.multiply.reduce(ours), numpy.ma.multiply.reduce(theirs))
    assert_masked_equal(xp.ma.add.outer(ours[0], ours[1]), numpy.ma.add.outer(theirs[0], theirs[1]))
    with pytest.raises(TypeError, match="out= and where="):
        xp.ma.add(ours, ours, out=ours)


# ---- reductions ------------------------------------------------------------------------------

REDUCTIONS = ["sum", "prod", "mean", "var", "std", "min", "max", "argmin", "argmax", "any", "all", "ptp"]


@pytest.mark.parametrize("name", REDUCTIONS)
@pytest.mark.parametrize("dtype", [numpy.bool_, numpy.int32, numpy.uint8, numpy.float16, numpy.float32,
                                   numpy.float64, numpy.complex128])
@pytest.mark.parametrize("mask", MASKS)
@pytest.mark.parametrize("axis", [None, 0, -1])
def test_reductions(backend, name, dtype, mask, axis):
    if numpy.dtype(dtype).kind == "c" and name in ("min", "max", "argmin", "argmax", "ptp"):
        pytest.skip("complex ordering")
    if dtype is numpy.bool_ and name in ("ptp", "var", "std"):
        pytest.skip("NumPy refuses booleans here")
    ours, theirs = pair(backend, dtype, "strided", mask)
    with numpy.errstate(all="ignore"):
        expected = getattr(theirs, name)(axis=axis)
    assert_masked_equal(getattr(ours, name)(axis=axis), expected, check_dtype=name not in ("argmin", "argmax"),
                        rtol=5e-3 if dtype is numpy.float16 else None)
    assert_masked_equal(getattr(xp.ma, name)(ours, axis=axis), expected, check_dtype=name not in ("argmin", "argmax"),
                        rtol=5e-3 if dtype is numpy.float16 else None)


@pytest.mark.parametrize("name", ["sum", "mean", "min", "max", "any", "all", "var", "count"])
def test_reductions_keepdims(backend, name):
    ours, theirs = pair(backend, numpy.float64)
    assert_masked_equal(getattr(ours, name)(axis=1, keepdims=True), getattr(theirs, name)(axis=1, keepdims=True),
                        check_dtype=name != "count")


@pytest.mark.parametrize("name", ["cumsum", "cumprod"])
@pytest.mark.parametrize("axis", [None, 0, 1])
@pytest.mark.parametrize("mask", MASKS)
def test_scans_keep_the_mask(backend, name, axis, mask):
    ours, theirs = pair(backend, numpy.float64, "contiguous", mask)
    assert_masked_equal(getattr(ours, name)(axis=axis), getattr(theirs, name)(axis=axis), rtol=1e-9)


@pytest.mark.parametrize("mask", MASKS)
@pytest.mark.parametrize("axis", [None, 0, 1])
@pytest.mark.parametrize("dtype", [numpy.int32, numpy.float32, numpy.float64])
def test_median(backend, mask, axis, dtype):
    ours, theirs = pair(backend, dtype, "contiguous", mask)
    with numpy.errstate(all="ignore"):
        expected = numpy.ma.median(theirs, axis=axis)
    assert_masked_equal(xp.ma.median(ours, axis=axis), expected)
    assert_masked_equal(xp.ma.median(ours, axis=axis, keepdims=True),
                        numpy.ma.median(theirs, axis=axis, keepdims=True))


@pytest.mark.parametrize("axis", [None, 0, 1])
@pytest.mark.parametrize("weighted", [False, True])
def test_average(backend, axis, weighted):
    ours, theirs = pair(backend, numpy.float64)
    weights = numpy.arange(1.0, 25.0).reshape(4, 6) if weighted else None
    expected, scale = numpy.ma.average(theirs, axis=axis, weights=weights, returned=True)
    got, got_scale = xp.ma.average(ours, axis=axis, weights=None if weights is None else backend(weights),
                                   returned=True)
    assert_masked_equal(got, expected)
    assert_masked_equal(got_scale, scale, check_dtype=False)
    one_d = numpy.arange(1.0, 7.0)
    assert_masked_equal(xp.ma.average(ours, axis=1, weights=backend(one_d)),
                        numpy.ma.average(theirs, axis=1, weights=one_d))
    with pytest.raises(TypeError, match="Axis must be specified"):
        xp.ma.average(ours, weights=backend(one_d))
    with pytest.raises(ValueError, match="Length of weights"):
        xp.ma.average(ours, axis=0, weights=backend(one_d))


@pytest.mark.parametrize("strict", [False, True])
@pytest.mark.parametrize("mask", MASKS)
def test_dot(backend, strict, mask):
    ours, theirs = pair(backend, numpy.float64, "contiguous", mask)
    assert_masked_equal(xp.ma.dot(ours, ours.T, strict=strict), numpy.ma.dot(theirs, theirs.T, strict=strict))
    assert_masked_equal(ours.dot(ours[0]), theirs.dot(theirs[0]))


# ---- indexing and shapes ------------------------------------------------------------------------


@pytest.mark.parametrize("index", [0, (1, 2), slice(1, 3), (slice(None), 2), (Ellipsis, slice(None, None, -1)),
                                   [0, 2], (numpy.array([True, False, True, False]),)])
@pytest.mark.parametrize("mask", MASKS)
def test_getitem(backend, index, mask):
    ours, theirs = pair(backend, numpy.int32, mask=mask)
    device_index = tuple(backend(i) if isinstance(i, numpy.ndarray) else i for i in index) \
        if isinstance(index, tuple) else index
    assert_masked_equal(ours[device_index], theirs[index])


@pytest.mark.parametrize("hard", [False, True])
@pytest.mark.parametrize("mask", MASKS)
def test_setitem(backend, hard, mask):
    ours, theirs = pair(backend, numpy.float64, mask=mask)
    if hard:
        ours.harden_mask()
        theirs.harden_mask()
    ours[0] = 100.0
    theirs[0] = 100.0
    ours[1, 2] = xp.ma.masked
    theirs[1, 2] = numpy.ma.masked
    value = numpy.ma.array([7.0] * 6, mask=[0, 1, 0, 0, 0, 0])
    ours[2] = xp.ma.array(backend(value.data), mask=backend(value.mask))
    theirs[2] = value
    ours[3, ::2] = backend(numpy.array([1.0, 2.0, 3.0]))
    theirs[3, ::2] = [1.0, 2.0, 3.0]
    assert_masked_equal(ours, theirs)


def test_views_share_their_mask(backend):
    ours, theirs = pair(backend, numpy.int64)
    view, host_view = ours[:2], theirs[:2]
    view[0, 0] = xp.ma.masked
    host_view[0, 0] = numpy.ma.masked
    assert_masked_equal(ours, theirs)


@pytest.mark.parametrize("mask", MASKS)
def test_shapes(backend, mask):
    ours, theirs = pair(backend, numpy.float32, mask=mask)
    assert_masked_equal(ours.reshape(6, 4), theirs.reshape(6, 4))
    assert_masked_equal(ours.reshape((3, 8)), theirs.reshape((3, 8)))
    assert_masked_equal(ours.ravel(), theirs.ravel())
    assert_masked_equal(ours.flatten(), theirs.flatten())
    assert_masked_equal(ours.T, theirs.T)
    assert_masked_equal(ours.transpose(1, 0), theirs.transpose(1, 0))
    assert_masked_equal(ours.swapaxes(0, 1), theirs.swapaxes(0, 1))
    assert_masked_equal(ours[:1].squeeze(), theirs[:1].squeeze())
    assert_masked_equal(ours.copy(), theirs.copy())
    assert_masked_equal(ours.astype(numpy.int16), theirs.astype(numpy.int16))
    assert_masked_equal(xp.ma.concatenate([ours, ours[:1]]), numpy.ma.concatenate([theirs, theirs[:1]]))
    assert_masked_equal(xp.ma.concatenate([ours, ours], axis=1), numpy.ma.concatenate([theirs, theirs], axis=1))
    assert_masked_equal(xp.ma.stack([ours, ours], axis=1), numpy.ma.stack([theirs, theirs], axis=1))
    assert_masked_equal(xp.ma.vstack([ours[0], ours[1]]), numpy.ma.vstack([theirs[0], theirs[1]]))
    assert_masked_equal(xp.ma.hstack([ours[0], ours[1]]), numpy.ma.hstack([theirs[0], theirs[1]]))
    assert len(ours) == 4 and ours.shape == (4, 6) and ours.ndim == 2 and ours.size == 24


def test_concatenate_of_plain_and_masked(backend):
    a = xp.ma.array(backend(numpy.arange(3)), mask=[0, 1, 0])
    assert_masked_equal(xp.ma.concatenate([a, backend(numpy.arange(2))]),
                        numpy.ma.concatenate([a.get(), numpy.arange(2)]))


# ---- masking functions ---------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", [numpy.int32, numpy.float32, numpy.float64])
def test_masked_by_value(backend, dtype):
    values = _values(dtype)
    d = backend(values)
    for name in ("masked_equal", "masked_not_equal", "masked_greater", "masked_greater_equal", "masked_less",
                 "masked_less_equal"):
        expected = getattr(numpy.ma, name)(values, 3)
        got = getattr(xp.ma, name)(d, 3)
        assert_masked_equal(got, expected)
        assert got.fill_value == expected.fill_value
    assert_masked_equal(xp.ma.masked_inside(d, 4, -2), numpy.ma.masked_inside(values, 4, -2))
    assert_masked_equal(xp.ma.masked_outside(d, -2, 4), numpy.ma.masked_outside(values, -2, 4))
    assert_masked_equal(xp.ma.masked_values(d, 1.5), numpy.ma.masked_values(values, 1.5))
    assert_masked_equal(xp.ma.masked_where(d > 2, d), numpy.ma.masked_where(values > 2, values))
    already = xp.ma.array(d, mask=backend(_mask("partial")))
    assert_masked_equal(xp.ma.masked_where(d > 2, already),
                        numpy.ma.masked_where(values > 2, numpy.ma.array(values, mask=_mask("partial"))))


def test_masked_where_shape_mismatch_raises_index_error(backend):
    with pytest.raises(IndexError, match="Inconsistent shape"):
        xp.ma.masked_where(backend(numpy.array([True, False])), backend(numpy.arange(3)))


def test_masked_invalid_and_fix_invalid(backend):
    values = numpy.array([1.0, numpy.nan, numpy.inf, -numpy.inf, 2.0])
    assert_masked_equal(xp.ma.masked_invalid(backend(values)), numpy.ma.masked_invalid(values))
    fixed, expected = xp.ma.fix_invalid(backend(values)), numpy.ma.fix_invalid(values)
    assert_masked_equal(fixed, expected)
    numpy.testing.assert_array_equal(fixed.get().data, expected.data)
    assert_masked_equal(xp.ma.masked_invalid(backend(numpy.arange(3))), numpy.ma.masked_invalid(numpy.arange(3)))


def test_where_and_apply_along_axis(backend):
    ours, theirs = pair(backend, numpy.float64)
    assert_masked_equal(xp.ma.where(ours > 2, ours, 0.0), numpy.ma.where(theirs > 2, theirs, 0.0))
    assert_masked_equal(xp.ma.apply_along_axis(lambda r: r.sum(), 1, ours),
                        numpy.ma.apply_along_axis(lambda r: r.sum(), 1, theirs))
    assert_masked_equal(xp.ma.apply_along_axis(lambda r: r * 2, 0, ours),
                        numpy.ma.apply_along_axis(lambda r: r * 2, 0, theirs))
