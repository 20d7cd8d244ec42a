# SPDX-License-Identifier: BSD-3-Clause
"""Shape and view routines, scalar conversions and iteration, against NumPy.

The layout arithmetic (pure functions of shapes and strides in
gpuarray._array_manipulation's axes, shapes and broadcasting, _base's array_views and
python_conversions) is checked here without a GPU against what NumPy does
with host arrays of the same layouts; every test that needs a device is marked
`gpu` and compares with NumPy through testing.numpy_gpuarray_equal: values,
dtype, shape, strides and flags (OWNDATA tells a copy from a view)."""
import operator
import warnings

import numpy
import pytest
from numpy.lib.stride_tricks import as_strided

import gpuarray
from gpuarray._array_manipulation import axes as _manipulation
from gpuarray._array_manipulation import broadcasting as _broadcasting
from gpuarray._array_manipulation import shapes as _shapes
from gpuarray._base import array_views as _array_views
from gpuarray._base import python_conversions as _python_conversions
from gpuarray.testing import DTYPES, numpy_gpuarray_equal

gpu = pytest.mark.gpu

# One dtype of each kind, cycled through the layout cases below.
KINDS = (numpy.float32, numpy.int16, numpy.complex64, numpy.uint8, numpy.bool_, numpy.float64, numpy.int64,
         numpy.complex128)
LAYOUTS = ("C", "F", "strided", "reversed", "broadcast")
SHAPES = [(0,), (5,), (3, 4), (2, 0, 3), (2, 3, 4), (1, 3, 1)]
CASES = [((), "C", numpy.float64)] + [
    (shape, layout, KINDS[i % len(KINDS)])
    for i, (shape, layout) in enumerate((s, lay) for s in SHAPES for lay in LAYOUTS)]
CASES_2D = [c for c in CASES if len(c[0]) >= 2]


def outcome(fn, *args, **kwargs):
    """fn's result, or its exception as (type, message)."""
    try:
        return fn(*args, **kwargs)
    except Exception as exc:  # compared by the caller
        return type(exc), str(exc)


def host_layouts():
    """Host arrays (int64 0, 1, 2, ... over a base buffer) in many layouts, with their base."""
    out = []
    for shape in [(), (0,), (1,), (5,), (3, 4), (4, 1), (1, 4), (2, 0, 3), (2, 3, 4), (1, 3, 1)]:
        base = numpy.arange(max(1, int(numpy.prod(shape))) * 8).astype(numpy.int64)
        c = base[:int(numpy.prod(shape))].reshape(shape)
        out += [(c, base), (numpy.asfortranarray(c), None)]
        if shape:
            big = base[:int(numpy.prod([2 * n for n in shape]))].reshape([2 * n for n in shape])
            out += [(big[(slice(None, None, 2),) * len(shape)], base), (c[::-1], base),
                    (c[..., ::-1], base), (as_strided(c[..., :1], shape, (0,) * (len(shape) - 1) + c.strides[-1:]),
                                           base)]
        if len(shape) >= 2:
            out += [(c.transpose(), base), (c.swapaxes(0, 1)[::-1], base)]
    return out


# ---- pure layout logic (no GPU) ----

@pytest.mark.parametrize("shapes", [
    (), ((),), ((3,),), ((2, 1), (3,)), ((2, 1), (1, 3), ()), (5, (1,)), ((1, 0), (5, 1)), ((0,), (0, 1)),
    ((4, 3, 2), (2,), (1, 1, 1, 1, 2)), ([2], (1, 1)), (numpy.int64(3), (1,)),
    # errors: the first clash NumPy meets scanning axis by axis, negative extents, non-integers
    ((2,), (3,)), ((2,), (3,), (2,)), ((2, 1), (3,), 4), ((1, 2), (1, 3), (4, 1), (5, 1)),
    ((2,), (1, 3, 1), (4, 3, 5)), ((1, 0), (5, 2)), ((0,), (2,)), ((-1,), (1,)), ((3,), (-1,)),
    ((2.0,), (1,)), (None,), ("ab",), ((1,), 2.5),
])
def test_broadcast_shapes_matches_numpy(shapes):
    expected = outcome(numpy.broadcast_shapes, *shapes)
    got = outcome(gpuarray.broadcast_shapes, *shapes)
    if isinstance(expected, tuple) and expected and isinstance(expected[0], type):
        assert got[0] is expected[0], got  # the exception type; messages where gpuarray writes them
        if expected[0] is ValueError:
            assert got == expected
    else:
        assert got == expected and type(got) is tuple


def test_k_order_and_dense_views_match_numpy():
    """Flattening with order='K': the traversal of the copy, and when it is a view instead
    (random layouts: slices, negative steps, permutations, broadcast and extent-1 axes)."""
    rng = numpy.random.default_rng(0)
    for _ in range(3000):
        nd = int(rng.integers(1, 5))
        shape = tuple(int(n) for n in rng.integers(1, 4, nd))
        base = numpy.arange(int(numpy.prod(shape)) * 2 ** nd).reshape([2 * n for n in shape])
        x = base[tuple(slice(0, n) for n in shape)] if rng.random() < 0.5 else base[
            tuple(slice(None, None, int(rng.choice([1, 2, -1, -2]))) for _ in range(nd))][
            tuple(slice(0, n) for n in shape)]
        x = x.transpose(rng.permutation(nd))
        if rng.random() < 0.4:
            zero = rng.random(nd) < 0.4
            x = as_strided(x, [int(rng.integers(1, 4)) if z else n for z, n in zip(zero, x.shape)],
                           [0 if z else s for z, s in zip(zero, x.strides)])
        order = _shapes._k_order(x.shape, x.strides)
        numpy.testing.assert_array_equal(x.transpose(order).ravel(), x.flatten("K"), err_msg=str(x.strides))
        if not (x.flags.c_contiguous or x.flags.f_contiguous):
            assert _shapes._is_dense(x.shape, x.strides, x.itemsize) == \
                numpy.shares_memory(x.ravel("K"), x), (x.shape, x.strides)


@pytest.mark.parametrize("x,base", host_layouts())
@pytest.mark.parametrize("dtype", [numpy.int8, numpy.int16, numpy.int32, numpy.complex128, numpy.float64])
def test_dtype_view_layout_matches_numpy(x, base, dtype):
    if numpy.dtype(dtype).itemsize == x.itemsize:
        return
    expected = outcome(lambda: x.view(dtype))
    if isinstance(expected, numpy.ndarray):
        expected = [list(expected.shape), list(expected.strides)]
    got = outcome(lambda: list(_array_views._dtype_view_layout(x.shape, x.strides, x.itemsize,
                                                               numpy.dtype(dtype).itemsize)))
    assert got == expected


@pytest.mark.parametrize("x,base", host_layouts())
def test_broadcast_layout_matches_numpy(x, base):
    for target in [x.shape, (3,) + x.shape, tuple(4 if n == 1 else n for n in x.shape), (2, 1) + x.shape,
                   x.shape[1:], (7,) * x.ndim, (0,) + x.shape]:
        expected = outcome(lambda: list(numpy.broadcast_to(x, target).strides))
        assert outcome(_broadcasting._broadcast_layout, x.shape, x.strides, target) == expected


@pytest.mark.parametrize("x,base", [c for c in host_layouts() if c[0].ndim >= 2])
def test_diagonal_layout_matches_numpy(x, base):
    address = x.__array_interface__["data"][0]
    for offset in range(-5, 6):
        for axis1, axis2 in [(0, 1), (1, 0), (0, x.ndim - 1), (x.ndim - 1, 1)]:
            if axis1 == axis2:
                continue
            d = x.diagonal(offset, axis1, axis2)
            start = d.__array_interface__["data"][0] - address
            layout = _array_views._diagonal_layout(x.shape, x.strides, offset, axis1, axis2)
            assert layout == (list(d.shape), list(d.strides), start), (offset, axis1, axis2)


@pytest.mark.parametrize("x,base", [c for c in host_layouts() if c[1] is not None])
def test_item_offset_matches_numpy(x, base):
    """Every form of item()'s arguments, good and bad: the element named (the base holds 0, 1,
    2, ... so an address gives the value) or NumPy's exception and message."""
    address = x.__array_interface__["data"][0] - base.__array_interface__["data"][0]
    last = tuple(n - 1 for n in x.shape)
    forms = [(), (0,), (-1,), (x.size,), (-x.size - 1,), (x.size - 1,), last, (last,), (1.0,), (True,),
             tuple(-n for n in x.shape), tuple(n for n in x.shape), (0,) * (x.ndim + 1), ((0,), 0), ((),)]
    for args in forms:
        expected = outcome(x.item, *args)
        got = outcome(_python_conversions._item_offset, x.shape, x.strides, args)
        if isinstance(got, int):
            got = (address + got) // x.itemsize
        assert got == expected, args


@pytest.mark.parametrize("shape", [(), (1,), (1, 3, 1), (2, 3)])
@pytest.mark.parametrize("axis", [None, 0, -1, 2, 3, (0,), (0, 2), (0, -3), (), [0], True, 0.0, numpy.int8(0)])
def test_squeeze_axes_match_numpy(shape, axis):
    def squeezed_shape():
        drop = _manipulation._squeeze_axes(axis, shape)
        return tuple(n for i, n in enumerate(shape) if i not in drop)

    assert outcome(squeezed_shape) == outcome(lambda: numpy.squeeze(numpy.empty(shape), axis).shape)


def test_module_exports_and_methods():
    for module in (_manipulation, _shapes, _broadcasting):
        for name in module.__all__:
            assert getattr(gpuarray, name) is getattr(module, name)
    for name in ("ravel", "flatten", "squeeze", "swapaxes", "view", "diagonal", "item", "tolist", "real",
                 "imag", "device", "__len__", "__iter__", "__int__", "__float__", "__complex__", "__bool__",
                 "__index__"):
        assert hasattr(gpuarray.ndarray, name), name


# ---- device arrays ----
# A test body may try several cases and return all results: arrays are compared with their
# strides and flags, a case that raises is compared by the exception's name (attempt) or by
# its name and message (outcome_text, where gpuarray writes NumPy's messages itself).

def values(shape, dtype):
    """1, 2, 3, ... in `dtype` (alternating for bool; complex numbers get an imaginary part)."""
    v = numpy.arange(1, int(numpy.prod(shape)) + 1).reshape(shape)
    if numpy.dtype(dtype).kind == "b":
        return v % 2 == 0
    if numpy.dtype(dtype).kind == "c":
        return (v + 1j * (v % 7 - 3)).astype(dtype)
    return v.astype(dtype)


def make(xp, shape, dtype=numpy.float32, layout="C"):
    """The same array for xp=numpy and xp=gpuarray, of `shape` and `dtype`, in a layout: C- or
    F-contiguous, every other element of a larger array, all axes reversed, or broadcast
    (read-only, stride 0) along the first axis."""
    if layout == "strided":
        return make(xp, tuple(2 * n for n in shape), dtype)[(slice(None, None, 2),) * len(shape)]
    if layout == "reversed":
        return make(xp, shape, dtype)[(slice(None, None, -1),) * len(shape)]
    if layout == "broadcast":
        return xp.broadcast_to(make(xp, (1,) + shape[1:], dtype), shape)
    a = xp.asarray(values(shape, dtype))
    return a.copy(order="F") if layout == "F" else a


def attempt(fn, *args, **kwargs):
    """fn's result, or the name of the exception it raised."""
    try:
        return fn(*args, **kwargs)
    except Exception as exc:  # compared with NumPy's by the caller
        return f"raised {type(exc).__name__}"


def outcome_text(fn, *args):
    """fn's result with its Python type's name, or the exception's name and message."""
    try:
        r = fn(*args)
    except Exception as exc:  # compared with NumPy's by the caller
        return f"raised {type(exc).__name__}: {exc}"
    return r, type(r).__name__


@gpu
@pytest.mark.parametrize("shape,layout,dtype", CASES)
@numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_layouts_themselves(xp, shape, layout, dtype):
    return make(xp, shape, dtype, layout)


@gpu
@numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_reshape_and_transpose_functions(xp):
    a = make(xp, (3, 4), numpy.int32)
    return [xp.reshape(a, (4, 3)), xp.reshape(a, -1, order="F"), attempt(xp.reshape, a.T, 12, copy=False),
            xp.reshape(a.T, (2, 6), copy=True), xp.reshape(a[:, ::2], (6,)), xp.transpose(a),
            xp.transpose(a, (1, 0)), attempt(xp.transpose, a, (0, 0)), xp.transpose(a[::-1], [1, 0])]


@gpu
@pytest.mark.parametrize("shape,layout,dtype", CASES)
@numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_ravel_and_flatten(xp, shape, layout, dtype):
    """ravel is a view where NumPy's is (OWNDATA tells), flatten always a copy, in every order."""
    a = make(xp, shape, dtype, layout)
    orders = ["C", "F", "A", "K", "k", None]
    return [xp.ravel(a, order) for order in orders] + [a.ravel()] + [a.flatten(order) for order in orders]


@gpu
@pytest.mark.parametrize("index", [(slice(None), slice(None, None, -1)), (slice(None, None, -1),),
                                   (slice(None, None, 2), slice(1, None))])
@numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_ravel_k_of_permuted_and_sliced_3d(xp, index):
    a = make(xp, (4, 3, 5), numpy.int32)[index].transpose(2, 0, 1)
    return a.ravel("K"), a.flatten("K"), xp.ravel(xp.broadcast_to(a[:1], (2,) + a.shape[1:]), "K")


@gpu
@pytest.mark.parametrize("shape,layout,dtype", CASES_2D)
@numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_swapaxes_and_moveaxis(xp, shape, layout, dtype):
    a = make(xp, shape, dtype, layout)
    out = [attempt(xp.swapaxes, a, *axes) for axes in [(0, 1), (1, 0), (-1, 0), (0, 0), (0, 5)]]
    out += [a.swapaxes(0, -1)]
    moves = [(0, -1), (-1, 0), ((0, 1), (1, 0)), ([1, 0], [0, 1]), ((), ()), (0, 5), ((0, 0), (0, 1))]
    return out + [attempt(xp.moveaxis, a, src, dst) for src, dst in moves]


@gpu
@pytest.mark.parametrize("shape,layout,dtype", CASES + [((1, 1), "C", numpy.int8), ((1,), "reversed", numpy.uint16)])
@numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_squeeze(xp, shape, layout, dtype):
    a = make(xp, shape, dtype, layout)
    assert (xp.squeeze(a) is a) == (1 not in shape)
    axes = [0, -1, (0,), (0, -1), (), 1, (0, 0), 3, [0]]
    return [xp.squeeze(a), a.squeeze()] + [attempt(xp.squeeze, a, axis) for axis in axes] + [
        attempt(a.squeeze, axis=axis) for axis in axes]


@gpu
@pytest.mark.parametrize("shape,layout,dtype", CASES)
@numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_expand_dims(xp, shape, layout, dtype):
    a = make(xp, shape, dtype, layout)
    return [attempt(xp.expand_dims, a, axis) for axis in [0, -1, 1, (0, -1), [1, 0], (0, 0), 9, (2, 0, 1)]]


@gpu
@pytest.mark.parametrize("shape,layout,dtype", CASES)
@numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_broadcast_to(xp, shape, layout, dtype):
    a = make(xp, shape, dtype, layout)
    targets = [shape, (2, 1) + shape, tuple(4 if n == 1 else n for n in shape), shape[1:], (0,) + shape,
               (3,) * len(shape)]
    return [attempt(xp.broadcast_to, a, target) for target in targets]


@gpu
@numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_broadcast_to_shape_arguments(xp):
    a = make(xp, (4,), numpy.uint32)
    return [attempt(xp.broadcast_to, a, shape) for shape in [4, [2, 4], (-1, 4), (2.0, 4), (3, 4), (4, 1), None]]


@gpu
@pytest.mark.filterwarnings("ignore:future versions will not create a writeable array:FutureWarning")
@pytest.mark.parametrize("layout", ["C", "reversed", "broadcast"])
@numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_broadcast_arrays(xp, layout):
    """Arguments of the common shape come back themselves, the others as views (writeable when
    their source is, as NumPy 2 still makes them); always a tuple."""
    out = []
    for shapes in [[], [(2, 3)], [(3, 1), (1, 4)], [(2, 3), (2, 3)], [(2, 1, 4), (3, 1), ()], [(0, 1), (1, 5)],
                   [(2,), (3,)]]:
        arrays = [make(xp, s, numpy.int16, layout if s else "C") for s in shapes]
        r = attempt(xp.broadcast_arrays, *arrays)
        if not isinstance(r, str):
            assert type(r) is tuple and all((x is a) == (a.shape == x.shape) for x, a in zip(r, arrays))
        out.append(r)
    out.append(xp.broadcast_arrays(make(xp, (2, 3)), 5))
    return out


@gpu
@pytest.mark.parametrize("shape,layout,dtype", [c for c in CASES if len(c[0]) <= 3])
@numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_atleast_nd(xp, shape, layout, dtype):
    a = make(xp, shape, dtype, layout)
    out = [xp.atleast_1d(a), xp.atleast_2d(a), xp.atleast_3d(a)]
    assert [r is a for r in out] == [a.ndim >= n for n in (1, 2, 3)]
    return out


@gpu
@numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_atleast_nd_several_arguments(xp):
    args = make(xp, (), numpy.int8), make(xp, (4,), numpy.int8, "reversed"), make(xp, (2, 3), numpy.int8, "F")
    out = [xp.atleast_1d(*args), xp.atleast_2d(*args), xp.atleast_3d(*args)]
    assert all(type(r) is tuple for r in out) and xp.atleast_1d() == () and xp.atleast_3d() == ()
    return out


@gpu
@pytest.mark.parametrize("src", DTYPES)
@numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_view_as_every_dtype(xp, src):
    a = make(xp, (3, 16), src)
    return [a.view(dst) for dst in DTYPES] + [a[:, ::-1].view(a.dtype), a[:, ::2].view(a.dtype)]


@gpu
@pytest.mark.parametrize("shape,layout,dtype", CASES)
@numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_view_layouts(xp, shape, layout, dtype):
    a = make(xp, shape, dtype, layout)
    same_size = numpy.dtype(f"u{a.itemsize}") if a.itemsize <= 8 else numpy.dtype(numpy.complex128)
    return [a.view(), a.view(dtype=same_size)] + [attempt(a.view, dst) for dst in [numpy.int8, numpy.int64,
                                                                                    numpy.complex128]]


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape,layout", [((), "C"), ((0, 3), "C"), ((3, 4), "C"), ((3, 4), "F"),
                                          ((2, 3, 4), "strided"), ((3, 4), "reversed"), ((2, 3), "broadcast")])
@numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_real_and_imag(xp, dtype, shape, layout):
    a = make(xp, shape, dtype, layout)
    return a.real, a.imag


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
def test_real_of_a_real_array_is_itself_and_imag_is_at_half_the_itemsize(dtype):
    a = make(gpuarray, (2, 3), dtype)
    if numpy.dtype(dtype).kind == "c":
        assert a.real.data.ptr == a.data.ptr and a.imag.data.ptr == a.data.ptr + a.itemsize // 2
        assert a.real.base is a and a.imag.base is a
    else:
        assert a.real is a


@gpu
@pytest.mark.parametrize("dtype", [numpy.complex64, numpy.complex128, numpy.float32, numpy.int32, numpy.bool_])
@pytest.mark.parametrize("layout", ["C", "F", "strided"])
@numpy_gpuarray_equal()
def test_set_real_and_imag(xp, dtype, layout):
    """Setting a part writes through (imag of a real array: TypeError; read-only: ValueError)."""
    out = []
    for part in ("real", "imag"):
        for value in (make(xp, (4,), numpy.float64), 7):
            a = make(xp, (3, 4), dtype, layout)
            out.append(attempt(setattr, a, part, value) or a)
        out.append(attempt(setattr, make(xp, (3, 4), dtype, "broadcast"), part, 1))
    return out


@gpu
@pytest.mark.parametrize("shape,layout,dtype", CASES_2D + [((2, 3, 4), "F", numpy.int8)])
@numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_diagonal(xp, shape, layout, dtype):
    a = make(xp, shape, dtype, layout)
    return [a.diagonal()] + [attempt(a.diagonal, offset, *axes) for offset in [-2, 0, 1, 5]
                             for axes in [(0, 1), (-1, 0), (1, 1)]]


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape,layout", [((), "C"), ((1,), "C"), ((1, 1, 1), "strided"), ((3, 4), "C"),
                                          ((3, 4), "F"), ((3, 4), "reversed"), ((2, 3, 2), "strided"),
                                          ((3, 2), "broadcast"), ((0, 2), "C")])
@numpy_gpuarray_equal()
def test_item(xp, dtype, shape, layout):
    """Every form of item's arguments: the value and its Python type, or the error and its message."""
    a = make(xp, shape, dtype, layout)
    size, last = a.size, tuple(n - 1 for n in shape)
    return [outcome_text(a.item, *args) for args in [
        (), (0,), (-1,), (size - 1,), (size,), (-size - 1,), last, (last,), (1.5,), tuple(shape),
        (0,) * (len(shape) + 1)]]


@gpu
@pytest.mark.parametrize("shape,layout,dtype", CASES)
@numpy_gpuarray_equal()
def test_tolist(xp, shape, layout, dtype):
    return repr(make(xp, shape, dtype, layout).tolist())


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(), (1, 1), (2,), (0,)])
@numpy_gpuarray_equal()
def test_scalar_conversions(xp, dtype, shape):
    """NumPy decides which shapes and dtypes convert (and warns as it does); gpuarray must agree."""
    a = make(xp, shape, dtype)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return [outcome_text(convert, a) for convert in (int, float, complex, bool, operator.index)]


@gpu
@pytest.mark.parametrize("value", [numpy.nan, numpy.inf, -2.5])
@numpy_gpuarray_equal()
def test_scalar_conversions_of_special_values(xp, value):
    a = xp.asarray(numpy.array(value))
    return [outcome_text(convert, a) for convert in (int, float, bool)]


@gpu
@pytest.mark.parametrize("shape,layout,dtype", CASES)
@numpy_gpuarray_equal(check_strides=True, check_flags=True)
def test_len_and_iter(xp, shape, layout, dtype):
    a = make(xp, shape, dtype, layout)
    if a.ndim == 0:
        return outcome_text(len, a), attempt(iter, a)
    rows = list(a)
    assert len(rows) == len(a) == shape[0]
    # NumPy yields scalars for a 1-d array, gpuarray 0-d views: compare their values.
    return rows if a.ndim > 1 else [r.item() for r in rows]


@gpu
def test_iteration_over_1d_yields_0d_views():
    a = make(gpuarray, (4,), numpy.int32, "reversed")
    rows = list(a)
    assert [r.shape for r in rows] == [()] * 4 and all(r.base is a.base for r in rows)
    assert [r.item() for r in rows] == [4, 3, 2, 1]


@gpu
def test_device():
    a = make(gpuarray, (2, 3))
    assert isinstance(a.device, gpuarray.cuda.Device)
    assert a.device == gpuarray.cuda.Device(a.data.device_id)
    assert a[::2].device == a.device


@gpu
@numpy_gpuarray_equal()
def test_views_write_through(xp):
    """What NumPy returns as a view is one: writing through it changes the source."""
    a = make(xp, (3, 4), numpy.float32)
    xp.ravel(a)[1] = -1
    xp.ravel(a.T, "K")[2] = -2
    xp.ravel(a.T, "F")[3] = -3
    a.swapaxes(0, 1)[1, 1] = -4
    xp.moveaxis(a, 0, 1)[2, 1] = -5
    xp.expand_dims(a, 1)[2, 0, 0] = -6
    xp.squeeze(xp.expand_dims(a, (0, 2)))[2, 1] = -7
    a.view(numpy.int32)[2, 2] = 0
    next(iter(a))[3] = -8
    xp.atleast_3d(a)[1, 3, 0] = -9
    c = make(xp, (2, 3), numpy.complex128, "strided")
    c.real[0, 0] = 10
    c.imag[1, 2] = 11
    d = make(xp, (2, 3), numpy.complex128)
    d.view(numpy.float64)[1, 0] = 12
    return a, c, d


def _raises_same(body):
    raised = []
    for xp in (numpy, gpuarray):
        with pytest.raises(Exception) as info:
            body(xp)
        raised.append((type(info.value), str(info.value)))
    assert raised[1] == raised[0]


@gpu
@pytest.mark.parametrize("body", [
    lambda xp: xp.ravel(make(xp, (2, 3)), "X"),
    lambda xp: make(xp, (2, 3)).flatten(""),
    lambda xp: make(xp, (2, 3)).ravel(1),
    lambda xp: xp.swapaxes(make(xp, (2, 3)), 0, 5),
    lambda xp: xp.swapaxes(make(xp, (2, 3)), -3, 0),
    lambda xp: xp.moveaxis(make(xp, (2, 3)), [0], [0, 1]),
    lambda xp: xp.moveaxis(make(xp, (2, 3)), 3, 0),
    lambda xp: xp.moveaxis(make(xp, (2, 3)), [0, 0], [0, 1]),
    lambda xp: xp.squeeze(make(xp, (1, 3)), 1),
    lambda xp: xp.squeeze(make(xp, (1, 3)), (0, 0)),
    lambda xp: xp.squeeze(make(xp, (1, 3)), 2),
    lambda xp: xp.squeeze(make(xp, ()), (0,)),
    lambda xp: xp.expand_dims(make(xp, (2, 3)), 3),
    lambda xp: xp.broadcast_to(make(xp, (2, 3)), (3,)),
    lambda xp: xp.broadcast_to(make(xp, (2, 3)), ()),
    lambda xp: xp.broadcast_to(make(xp, (2, 3)), (4, 3)),
    lambda xp: xp.broadcast_to(make(xp, (3,)), (2, 2)),
    lambda xp: xp.broadcast_to(make(xp, (2, 3)), (2, -3)),
    lambda xp: xp.broadcast_arrays(make(xp, (3,)), make(xp, (3,)), make(xp, (2,))),
    lambda xp: make(xp, (), numpy.int32).view(numpy.int16),
    lambda xp: make(xp, (4,), numpy.int32, "strided").view(numpy.int16),
    lambda xp: make(xp, (4, 2), numpy.int32, "F").view(numpy.int64),
    lambda xp: make(xp, (3,), numpy.int32).view(numpy.int64),
    lambda xp: make(xp, (4,), numpy.int32).view("S3"),
    lambda xp: setattr(make(xp, (2,), numpy.float32), "imag", 1),
    lambda xp: setattr(make(xp, (2,), numpy.complex64, "broadcast"), "real", 1),
    lambda xp: make(xp, (3,)).diagonal(),
    lambda xp: make(xp, (2, 3)).diagonal(0, 1, -1),
    lambda xp: make(xp, (2, 3)).diagonal(0, 0, 2),
    lambda xp: make(xp, (2, 3)).diagonal(1.0),
    lambda xp: make(xp, (2, 3)).item(),
    lambda xp: make(xp, (2, 3)).item(6),
    lambda xp: make(xp, (2, 3)).item(0, 3),
    lambda xp: make(xp, (2, 3)).item(0, 1, 2),
    lambda xp: make(xp, (2, 3)).item(True),
    lambda xp: len(make(xp, ())),
    lambda xp: iter(make(xp, ())),
])
def test_errors_match_numpy(body):
    """Errors whose text gpuarray writes itself: NumPy's type and message."""
    _raises_same(body)
