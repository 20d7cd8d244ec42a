# SPDX-License-Identifier: BSD-3-Clause
"""NumPy's iterators over device arrays (issue 25): flatiter (``a.flat``), broadcast,
ndenumerate and ndindex, against NumPy's over dtypes and layouts. Shapes, errors and
the iterator bookkeeping run without a GPU (fake_memory's arrays, never read)."""
import warnings

import numpy
import pytest

import gpuarray
from fake_memory import fake_array
from gpuarray import testing

gpu = pytest.mark.gpu

DTYPES = [numpy.bool_, numpy.int8, numpy.uint16, numpy.int64, numpy.float16, numpy.float32, numpy.complex128]
LAYOUTS = ["contiguous", "fortran", "transposed", "reversed", "strided", "0-d", "empty", "broadcast"]
DTYPE_IDS = [numpy.dtype(d).name for d in DTYPES]


def sample(xp, dtype, layout):
    a = xp.asarray(testing.exact_sample((4, 6), dtype))
    return {"contiguous": a, "fortran": xp.asfortranarray(a), "transposed": a.T, "reversed": a[::-1, ::-2],
            "strided": a[::2, 1::3], "0-d": a[1, 2, ...], "empty": a[:0],
            "broadcast": xp.broadcast_to(a[1], (3, 6))}[layout]


def writable(xp, dtype, layout):
    """(the array written through a view, the view) for each layout that can be written."""
    base = xp.asarray(testing.exact_sample((4, 6), dtype))
    if layout == "fortran":
        base = xp.asfortranarray(base)
    view = {"contiguous": base, "fortran": base, "transposed": base.T, "reversed": base[::-1, ::-2],
            "strided": base[::2, 1::3], "0-d": base[1, 2, ...], "empty": base[:0]}[layout]
    return base, view


# ---- flatiter: reading

KEYS = {"int": 3, "negative": -1, "numpy int": numpy.int64(2), "slice": slice(1, 5), "step": slice(None, None, -3),
        "empty slice": slice(3, 3), "ellipsis": Ellipsis, "empty tuple": (), "tuple of one": (slice(2, None),),
        "list": [0, 2, -1], "2-d indices": numpy.array([[0, 1], [3, 2]]), "empty list": []}


@gpu
@pytest.mark.parametrize("key", KEYS.values(), ids=KEYS.keys())
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
@testing.numpy_gpuarray_equal()
def test_flat_getitem(xp, dtype, layout, key):
    a = sample(xp, dtype, layout)
    if xp is gpuarray and isinstance(key, numpy.ndarray):
        key = xp.asarray(key)
    r = a.flat[key]
    if isinstance(r, gpuarray.ndarray) and r.size:
        # flat indexing always copies, as NumPy's
        assert not gpuarray.shares_memory(r, a)
    return r


@gpu
@pytest.mark.parametrize("layout", LAYOUTS)
@testing.numpy_gpuarray_equal()
def test_flat_boolean_mask(xp, layout):
    a = sample(xp, numpy.float32, layout)
    mask = numpy.arange(a.size) % 3 == 1
    return a.flat[mask], a.flat[xp.asarray(mask)]


@gpu
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
@testing.numpy_gpuarray_equal(check_strides=True)
def test_flat_copy_and_comparisons(xp, dtype, layout):
    a = sample(xp, dtype, layout)
    fl = a.flat
    results = [fl.copy(), fl == a.flat.copy(), fl != 1]
    if numpy.dtype(dtype).kind != "c":
        results += [fl < 2, fl <= 2, fl > 2, fl >= 2]
    return results


@gpu
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
def test_flat_iteration_matches_numpy(dtype, layout):
    a = sample(gpuarray, dtype, layout)
    host = sample(numpy, dtype, layout)
    mine, theirs = a.flat, host.flat
    assert (mine.index, mine.coords) == (theirs.index, theirs.coords)
    got, expected = [], []
    for x, y in zip(mine, theirs):
        got.append(x)
        expected.append(y)
        assert (mine.index, mine.coords) == (theirs.index, theirs.coords)
    assert len(got) == len(expected) == host.size
    assert all(type(x) is type(y) for x, y in zip(got, expected))
    numpy.testing.assert_array_equal(numpy.array(got, dtype), numpy.array(expected, dtype))
    assert list(mine) == list(theirs) == []  # exhausted
    assert (mine.index, mine.coords) == (theirs.index, theirs.coords)


@gpu
def test_flat_iteration_copies_to_the_host_once(monkeypatch):
    a = gpuarray.arange(10.0).reshape(2, 5).T
    download, calls = gpuarray.ndarray._download, []

    def counted(self):
        calls.append(self.shape)
        return download(self)

    monkeypatch.setattr(gpuarray.ndarray, "_download", counted)
    values = [float(x) for x in a.flat]
    assert len(calls) == 1
    list(gpuarray.ndenumerate(a))
    assert len(calls) == 2
    list(gpuarray.broadcast(a, gpuarray.arange(2.0), 3.0))
    assert len(calls) == 4  # one per device input, none for the host scalar
    monkeypatch.undo()
    assert values == a.get().ravel().tolist()


@gpu
def test_flat_index_resets_and_rereads_after_indexing():
    a = gpuarray.arange(6)
    h = numpy.arange(6)
    fl, hl = a.flat, h.flat
    next(fl), next(fl), next(hl), next(hl)
    fl[4], hl[4]
    assert fl.index == hl.index == 0
    fl[0] = 10
    hl[0] = 10
    assert int(next(fl)) == int(next(hl)) == 10  # the write is seen: indexing dropped the host copy


# ---- flatiter: writing

SET_KEYS = {"int": 3, "negative": -2, "slice": slice(1, 5), "step": slice(None, None, -3), "ellipsis": Ellipsis,
            "list": [0, 2, 5], "repeated-free array": numpy.array([[1, 4], [0, 3]]), "empty": []}
VALUES = {"scalar": 7, "one": [9], "fewer": [1, 2], "more": list(range(30)), "float": 2.5, "empty values": []}


@gpu
@pytest.mark.parametrize("value", VALUES.values(), ids=VALUES.keys())
@pytest.mark.parametrize("key", SET_KEYS.values(), ids=SET_KEYS.keys())
@pytest.mark.parametrize("layout", ["contiguous", "fortran", "transposed", "reversed", "strided", "0-d"])
@pytest.mark.parametrize("dtype", [numpy.int16, numpy.float32, numpy.complex64], ids=["int16", "float32", "complex64"])
@testing.numpy_gpuarray_equal()
def test_flat_setitem(xp, dtype, layout, key, value):
    base, view = writable(xp, dtype, layout)
    if view.size <= 5 and key is not Ellipsis and not isinstance(key, int):
        key = slice(None)
    if xp is gpuarray and isinstance(value, list) and value:
        value = xp.asarray(value)
    view.flat[key] = value
    return base


@gpu
@testing.numpy_gpuarray_equal()
def test_flat_setitem_with_a_mask_and_the_attribute(xp):
    a = xp.arange(12).reshape(3, 4).T
    a.flat[xp.asarray(numpy.arange(12) % 5 == 0)] = xp.asarray([-1, -2])
    a.flat = [7, 8, 9]
    b = xp.zeros((2, 3))
    b.flat = 4
    return a, b


@gpu
@pytest.mark.parametrize("key", [10, -11, [0, 11]], ids=str)
@testing.numpy_gpuarray_equal()
def test_flat_out_of_bounds(xp, key):
    a = xp.arange(10)
    return a.flat[key]


@gpu
@testing.numpy_gpuarray_equal()
def test_flat_read_only(xp):
    a = xp.broadcast_to(xp.arange(3), (2, 3))
    a.flat[0] = 1


# ---- flatiter: no device work

def test_flatiter_type_and_attributes():
    a, _ = fake_array((2, 3))
    fl = a.flat
    assert type(fl) is gpuarray.flatiter and fl.base is a and len(fl) == 6
    assert fl.index == 0 and fl.coords == (0, 0) and iter(fl) is fl
    with pytest.raises(TypeError, match="cannot create"):
        gpuarray.flatiter(a)
    with pytest.raises(TypeError, match="Cannot delete"):
        del fl[0]
    with pytest.raises(TypeError, match="Implicit conversion"):
        numpy.asarray(fl)
    with pytest.raises(TypeError):
        hash(fl)


@pytest.mark.parametrize("shape", [(2, 3), (4,), (), (2, 0), (0, 3), (3, 1, 2)], ids=str)
def test_flat_coords_as_numpys(shape):
    a, _ = fake_array(shape)
    h = numpy.zeros(shape).flat
    fl = a.flat
    for index in range(h.base.size + 1):
        fl._index = index
        for _ in range(index - h.index):
            next(h)
        assert (fl.index, fl.coords) == (h.index, h.coords)


BAD_KEYS = {"float": 1.0, "bool": True, "None": None, "string": "a", "2 indices": (0, 1), "float array": [1.5],
            "0-d mask": numpy.array(True), "short mask": numpy.array([True, False]),
            "2-d mask": numpy.ones((2, 3), bool), "out of bounds": 6, "negative out of bounds": -7}
NUMPY_ONLY_WARNS = {"float", "bool", "float array", "0-d mask"}  # deprecated in NumPy 2.4; gpuarray refuses them


@pytest.mark.parametrize("name", BAD_KEYS)
def test_flat_bad_keys_raise_numpys_index_error_before_device_work(name):
    key = BAD_KEYS[name]
    a, _ = fake_array((2, 3))
    with pytest.raises(IndexError) as mine:
        a.flat[key]
    with pytest.raises(IndexError):
        a.flat[key] = 0
    if name not in NUMPY_ONLY_WARNS:
        with pytest.raises(IndexError) as theirs:
            numpy.zeros((2, 3)).flat[key]
        assert str(mine.value) == str(theirs.value)


def test_flat_setitem_refuses_read_only_before_device_work():
    a, _ = fake_array((2, 3), readonly=True)
    with pytest.raises(ValueError, match="underlying array is read-only"):
        a.flat[0] = 1
    with pytest.raises(ValueError, match="read-only"):
        a.flat = 1


SINGLE_ITEM_VALUES = {"one": [9], "fewer": (1, 2), "empty": [], "host 1-element": numpy.array([9]),
                      "host 1x1": numpy.array([[9]])}


@pytest.mark.parametrize("key", [3, -2, (3,), numpy.array(3), numpy.int64(3)], ids=repr)
@pytest.mark.parametrize("name", SINGLE_ITEM_VALUES)
def test_flat_setitem_of_one_position_refuses_sequences_before_device_work(name, key):
    value = SINGLE_ITEM_VALUES[name]
    a, _ = fake_array((2, 3))
    with pytest.raises(ValueError) as mine:
        a.flat[key] = value
    with pytest.raises(ValueError) as theirs:
        numpy.zeros((2, 3)).flat[key] = value
    assert str(mine.value) == str(theirs.value)


@gpu
@pytest.mark.parametrize("value", [7 + 0j, None, 70000, 1e40, 2.5, numpy.array(9), numpy.complex64(3 + 1j), "5"],
                         ids=repr)
@pytest.mark.parametrize("dtype", [numpy.int16, numpy.float32, numpy.complex64, numpy.bool_],
                         ids=["int16", "float32", "complex64", "bool"])
@testing.numpy_gpuarray_equal()
def test_flat_setitem_of_one_position_converts_the_value_as_numpy(xp, dtype, value):
    a = xp.zeros(6, dtype)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", (numpy.exceptions.ComplexWarning, RuntimeWarning))
        a.flat[3] = value
        a.flat[numpy.array(-1)] = value
    return a


@gpu
@testing.numpy_gpuarray_equal()
def test_flat_setitem_with_a_device_0d_key_and_value(xp):
    a = xp.arange(6).reshape(2, 3).T
    a.flat[xp.asarray(4)] = xp.asarray(-5)
    return a


# ---- broadcast

@pytest.mark.parametrize("shapes", [[(3, 1), (3,)], [(2, 1, 4), (5, 1), ()], [], [(0, 3), (1,)], [(4,)], [()]],
                         ids=str)
def test_broadcast_attributes_as_numpys(shapes):
    arrays = [fake_array(s)[0] for s in shapes]
    mine, theirs = gpuarray.broadcast(*arrays), numpy.broadcast(*[numpy.zeros(s) for s in shapes])
    for name in ("shape", "ndim", "nd", "numiter", "size", "index"):
        assert getattr(mine, name) == getattr(theirs, name), name
    assert iter(mine) is mine
    assert len(mine.iters) == len(theirs.iters)
    for it, a in zip(mine.iters, arrays):
        assert type(it) is gpuarray.flatiter and it.base is a and it._array.shape == mine.shape


def test_broadcast_of_broadcasts_and_host_values():
    x, _ = fake_array((3, 1))
    b = gpuarray.broadcast(x, [1, 2])
    c = gpuarray.broadcast(b, 1.0)
    assert c.numiter == 3 and c.shape == (3, 2)
    assert gpuarray.broadcast(*[1] * 64).numiter == 64


@pytest.mark.parametrize("args, kwargs", [(((2,), (3,)), {}), (((1,),) * 65, {}), ((), {"x": 1})], ids=str)
def test_broadcast_errors_as_numpys(args, kwargs):
    with pytest.raises(ValueError) as theirs:
        numpy.broadcast(*[numpy.zeros(s) for s in args], **kwargs)
    with pytest.raises(ValueError) as mine:
        gpuarray.broadcast(*[fake_array(s)[0] for s in args], **kwargs)
    assert str(mine.value) == str(theirs.value)


@gpu
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
def test_broadcast_iteration_matches_numpy(dtype, layout):
    a, h = sample(gpuarray, dtype, layout), sample(numpy, dtype, layout)
    other = testing.exact_sample((1,) * a.ndim, numpy.int16)
    mine, theirs = gpuarray.broadcast(a, gpuarray.asarray(other), 2.5), numpy.broadcast(h, other, 2.5)
    got, expected = [], []
    if theirs.size:
        got.append(next(mine))
        expected.append(next(theirs))
        assert mine.index == theirs.index == 1
        assert [it.index for it in mine.iters] == [it.index for it in theirs.iters] == [1, 1, 1]
    got += list(mine)
    expected += list(theirs)
    assert len(got) == len(expected) == theirs.size and mine.index == theirs.index
    for g, e in zip(got, expected):
        assert len(g) == 3 and all(type(x) is type(y) and (x == y or x != x) for x, y in zip(g, e))
    mine.reset(), theirs.reset()
    assert mine.index == theirs.index == 0 and all(it.index == 0 for it in mine.iters)
    assert len(list(mine)) == theirs.size


@gpu
def test_broadcast_iters_read_the_broadcast_view():
    x, y = gpuarray.asarray([[1], [2], [3]]), gpuarray.asarray([4, 5, 6])
    b = gpuarray.broadcast(x, y)
    hx, hy = numpy.broadcast(x.get(), y.get()).iters
    assert len(b.iters[0]) == len(hx) == 9
    numpy.testing.assert_array_equal(b.iters[0].copy().get(), hx.copy())  # the input's elements, as NumPy's
    numpy.testing.assert_array_equal(b.iters[1][4:7].get(), hy[4:7])  # indexing reads the broadcast view
    assert int(b.iters[0][5]) == hx[5]


# ---- ndenumerate, ndindex

@gpu
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
def test_ndenumerate_matches_numpy(dtype, layout):
    a, h = sample(gpuarray, dtype, layout), sample(numpy, dtype, layout)
    mine, theirs = list(gpuarray.ndenumerate(a)), list(numpy.ndenumerate(h))
    assert [i for i, _ in mine] == [i for i, _ in theirs]
    assert all(type(x) is type(y) for (_, x), (_, y) in zip(mine, theirs))
    numpy.testing.assert_array_equal(numpy.array([x for _, x in mine], dtype),
                                     numpy.array([y for _, y in theirs], dtype))


@gpu
def test_ndenumerate_takes_host_data():
    assert [(i, int(x)) for i, x in gpuarray.ndenumerate([[1, 2]])] == [((0, 0), 1), ((0, 1), 2)]


def test_ndenumerate_iter_is_a_flatiter():
    a, _ = fake_array((2, 2))
    e = gpuarray.ndenumerate(a)
    assert type(e.iter) is gpuarray.flatiter and e.iter.base is a and iter(e) is e


def test_ndindex_is_numpys():
    assert gpuarray.ndindex is numpy.ndindex
    assert list(gpuarray.ndindex(2, 1)) == [(0, 0), (1, 0)]
