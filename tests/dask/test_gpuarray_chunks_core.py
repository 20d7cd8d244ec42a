# SPDX-License-Identifier: BSD-3-Clause
"""Dask arrays with gpuarray chunks: Dask's own CuPy tests
(dask/array/tests/test_cupy_core.py and test_cupy_creation.py) adapted to
gpuarray, plus the issue's entry points (``da.from_array(gpu_array)``,
``map_blocks(xp.asarray)``, ``array.backend: gpuarray``).

Left out of Dask's files: the CuPy-version skips (they test old CuPy releases);
``test_setitem_extended_API_*`` cases that CuPy skips for assigning lists,
ranges or Dask arrays to a CuPy array (gpuarray refuses the same, as CuPy;
the 1-d list values are kept, moved to the device first);
``test_store_kwargs`` (the store target is written in place through NumPy's
``__setitem__`` protocol of a host array in Dask's scheduler: the same path as
the kept ``test_setitem_*``); ``test_asanyarray``'s CuPy/NumPy cross product
(kept for gpuarray/NumPy below)."""
import numpy as np
import pytest

pytest.importorskip("dask.array")

import dask  # noqa: E402
import dask.array as da  # noqa: E402
from dask import config  # noqa: E402
from dask.array.numpy_compat import AxisError  # noqa: E402
from dask.sizeof import sizeof  # noqa: E402

import gpuarray  # noqa: E402
from dask_test_support import assert_eq, check_gpuarray_backed  # noqa: E402

pytestmark = pytest.mark.gpu

functions = [
    lambda x: x,
    lambda x: da.expm1(x),
    lambda x: 2 * x,
    lambda x: x / 2,
    lambda x: x**2,
    lambda x: x + x,
    lambda x: x * x,
    lambda x: x[0],
    lambda x: x[:, 1],
    lambda x: x[:1, None, 1:3],
    lambda x: x.T,
    lambda x: da.transpose(x, (1, 2, 0)),
    lambda x: x.sum(),
    lambda x: da.empty_like(x),
    lambda x: da.ones_like(x),
    lambda x: da.zeros_like(x),
    lambda x: da.full_like(x, 5),
    lambda x: x.mean(),
    lambda x: x.moment(order=0),
    lambda x: x.moment(order=2),
    lambda x: x.std(),
    lambda x: x.var(),
    pytest.param(lambda x: x.dot(np.arange(x.shape[-1])),
                 marks=pytest.mark.xfail(reason="gpuarray.dot(numpy array) refuses host data, as CuPy")),
    pytest.param(lambda x: x.dot(np.eye(x.shape[-1])),
                 marks=pytest.mark.xfail(reason="gpuarray.dot(numpy array) refuses host data, as CuPy")),
    pytest.param(lambda x: da.tensordot(x, np.ones(x.shape[:2]), axes=[(0, 1), (0, 1)]),
                 marks=pytest.mark.xfail(reason="gpuarray.tensordot(numpy array) refuses host data, as CuPy")),
    lambda x: x.sum(axis=0),
    lambda x: x.max(axis=0),
    lambda x: x.sum(axis=(1, 2)),
    lambda x: x.astype(np.complex128),
    lambda x: x.map_blocks(lambda x: x * 2),
    lambda x: x.round(1),
    lambda x: x.reshape((x.shape[0] * x.shape[1], x.shape[2])),
    lambda x: (x.rechunk(x.shape)).reshape((x.shape[1], x.shape[0], x.shape[2])),
    lambda x: x.reshape((x.shape[0], x.shape[1], x.shape[2] / 2, x.shape[2] / 2)),
    lambda x: abs(x),
    lambda x: x > 0.5,
    lambda x: x.rechunk((4, 4, 4)),
    lambda x: x.rechunk((2, 2, 1)),
    lambda x: da.einsum("ijk,ijk", x, x),
    lambda x: np.isneginf(x),
    lambda x: np.isposinf(x),
    lambda x: np.isreal(x),
    lambda x: np.iscomplex(x),
    lambda x: np.real(x),
    lambda x: np.imag(x),
    lambda x: np.exp(x),
    lambda x: np.fix(x),
    lambda x: np.i0(x.reshape((24,))),
    lambda x: np.sinc(x),
    lambda x: np.nan_to_num(x),
    lambda x: np.max(x),
    lambda x: np.min(x),
    lambda x: np.prod(x),
    lambda x: np.any(x),
    lambda x: np.all(x),
    lambda x: np.nansum(x),
    lambda x: np.nanprod(x),
    lambda x: np.nanmin(x),
    lambda x: np.nanmax(x),
    lambda x: np.angle(x),
    lambda x: np.angle(x, True),
]


@pytest.mark.parametrize("func", functions)
def test_basic(func):
    n = np.random.default_rng(0).random((2, 3, 4))
    dg = da.from_array(gpuarray.asarray(n), chunks=(1, 2, 2), asarray=False)
    dn = da.from_array(n, chunks=(1, 2, 2))
    dgg = func(dg)
    dnn = func(dn)
    assert type(dgg._meta) is gpuarray.ndarray
    if next(iter(dgg.dask.keys()))[0].startswith("empty"):
        # empty_like's values are undefined: only the types can be checked
        check_gpuarray_backed(dgg)
    else:
        assert_eq(dgg, dnn, check_type=False)
        check_gpuarray_backed(dgg)


def test_from_array_meta_and_chunks_are_gpuarray():
    a = gpuarray.arange(24, dtype=np.float32).reshape(4, 6)
    x = da.from_array(a, chunks=(2, 3))
    assert type(x._meta) is gpuarray.ndarray and x._meta.shape == (0, 0) and x._meta.dtype == np.float32
    blocks = [x.blocks[i, j].compute() for i in range(2) for j in range(2)]
    assert all(type(b) is gpuarray.ndarray and b.shape == (2, 3) for b in blocks)
    assert_eq(x, np.arange(24, dtype=np.float32).reshape(4, 6))


def test_from_array_is_not_changed_by_later_writes():
    a = gpuarray.zeros(6)
    x = da.from_array(a, chunks=3)
    a[:] = 1  # Dask copied the array (from_array copies arrays with .copy)
    assert_eq(x, np.zeros(6))
    assert da.from_array(a, chunks=3).name != x.name  # the token follows the contents


def test_map_blocks_asarray_moves_numpy_chunks_to_the_device():
    n = np.arange(20.0).reshape(4, 5)
    x = da.from_array(n, chunks=2).map_blocks(gpuarray.asarray)
    assert type(x._meta) is gpuarray.ndarray
    assert_eq(x, n)
    assert_eq((x + x.T[:5, :4].T).sum(), (n + n).sum())


def test_backend_config_creates_gpuarray_chunks():
    with config.set({"array.backend": "gpuarray"}):
        for x, expected in [(da.ones((5, 4), chunks=2), np.ones((5, 4))),
                            (da.zeros((5, 4), chunks=2, dtype="i4"), np.zeros((5, 4), "i4")),
                            (da.full((5, 4), 3.5, chunks=2), np.full((5, 4), 3.5)),
                            (da.arange(10, chunks=3), np.arange(10)),
                            (da.arange(1, 2, 0.25, chunks=3), np.arange(1, 2, 0.25))]:
            assert_eq(x, expected)
        check_gpuarray_backed(da.empty((5, 4), chunks=2))


@pytest.mark.parametrize("dtype", ["f4", "f8"])
def test_sizeof(dtype):
    c = gpuarray.asarray(np.random.default_rng().random((2, 3, 4), dtype=dtype))
    assert sizeof(c) == c.nbytes


@pytest.mark.parametrize("arr", ["numpy", "gpuarray", "dask", "dask-gpuarray"])
@pytest.mark.parametrize("like", ["gpuarray", "dask-gpuarray"])
def test_asanyarray(arr, like):
    make = {"numpy": lambda: np.arange(5), "gpuarray": lambda: gpuarray.arange(5),
            "dask": lambda: da.arange(5), "dask-gpuarray": lambda: da.from_array(gpuarray.arange(5))}
    a = da.utils.asanyarray_safe(make[arr](), like=make[like]())
    assert type(a) is type(make[like]())


@pytest.mark.parametrize("chunks", [5, 2])
def test_gpuarray_asarray_computes_a_dask_array(chunks):
    # numpy.asarray computes a Dask array; gpuarray's does too (asanyarray_safe relies on it).
    n = np.arange(10.0).reshape(2, 5)
    for x in (da.from_array(gpuarray.asarray(n), chunks=chunks), da.from_array(n, chunks=chunks)):
        a = gpuarray.asarray(x, dtype=np.float32)
        assert type(a) is gpuarray.ndarray and a.dtype == np.float32
        np.testing.assert_array_equal(gpuarray.asnumpy(a), n)


def test_vindex():
    x_np = np.arange(56).reshape((7, 8))
    d_np = da.from_array(x_np, chunks=(3, 4))
    d_g = da.from_array(gpuarray.asarray(x_np), chunks=(3, 4))
    res_np = da.core._vindex(d_np, [0, 1, 6, 0], [0, 1, 0, 7])
    res_g = da.core._vindex(d_g, [0, 1, 6, 0], [0, 1, 0, 7])
    assert type(res_g._meta) is gpuarray.ndarray
    assert_eq(res_np, res_g, check_type=False)
    check_gpuarray_backed(res_g)


def test_view():
    x = np.arange(56).reshape((7, 8))
    d = da.from_array(gpuarray.asarray(x), chunks=(2, 3))
    for dtype, expected in [(None, x.view()), ("i4", x.view("i4")), ("i2", x.view("i2"))]:
        result = d.view() if dtype is None else d.view(dtype)
        assert_eq(result, expected)
    assert all(isinstance(s, int) for s in d.shape)

    x = np.arange(8, dtype="i1")
    d = da.from_array(gpuarray.asarray(x), chunks=(4,))
    assert_eq(d.view("i4"), x.view("i4"))
    with pytest.raises(ValueError):
        da.from_array(gpuarray.asarray(x), chunks=(3,)).view("i4")
    with pytest.raises(ValueError):
        d.view("i4", order="asdf")


def test_view_fortran():
    x = np.asfortranarray(np.arange(64).reshape((8, 8)))
    d = da.from_array(gpuarray.asfortranarray(gpuarray.asarray(x)), chunks=(2, 3))
    assert_eq(d.view("i4", order="F"), x.T.view("i4").T)
    assert_eq(d.view("i2", order="F"), x.T.view("i2").T)


def test_getter():
    result = da.core.getter(gpuarray.arange(5), (None, slice(None, None)))
    assert type(result) is gpuarray.ndarray
    assert_eq(result, np.arange(5)[None, :])


def test_setitem_1d():
    x = np.arange(10)
    dx = da.from_array(gpuarray.asarray(x), chunks=-1)
    x[x > 6] = -1
    x[x % 2 == 0] = -2
    x[[2, 3],] = -3
    dx[dx > 6] = -1
    dx[dx % 2 == 0] = -2
    dx[da.from_array(gpuarray.asarray([2, 3]))] = -3
    assert_eq(dx, x)


def test_setitem_2d():
    x = np.arange(24).reshape((4, 6))
    dx = da.from_array(gpuarray.asarray(x), chunks=(2, 2))
    x[x > 6] = -1
    x[x % 2 == 0] = -2
    dx[dx > 6] = -1
    dx[dx % 2 == 0] = -2
    assert_eq(dx, x)


def test_setitem_extended_API_0d():
    x = np.array(9)
    dx = da.from_array(gpuarray.asarray(x))
    x[()] = -1
    dx[()] = -1
    assert_eq(dx, x)
    x[...] = -11
    dx[...] = -11
    assert_eq(dx, x)


@pytest.mark.parametrize("index, value", [
    (Ellipsis, -1),
    (slice(2, 8, 2), -2),
    (slice(8, None, 2), -3),
    (slice(8, None, 2), [-30]),
    (slice(1, None, -2), -4),
    (slice(1, None, -2), [-40]),
    (slice(3, None), np.array(-5)),
    (slice(-3, None, -2), -6),
    (slice(-3, None, -2), [-6, -7, -8, -9]),  # x[-3::-2] is x[[7, 5, 3, 1]]
    (slice(3, None, 2), [10, 11, 12, 13]),
    (slice(-4, None, -2), [14, 15, 16, 17]),
    (slice(None), 9),
])
def test_setitem_extended_API_1d(index, value):
    x = np.arange(10)
    dx = da.from_array(gpuarray.asarray(x), chunks=(3, 3, 4))
    x[index] = value
    dx[index] = gpuarray.asarray(value) if isinstance(value, (list, np.ndarray)) else value
    assert_eq(dx, x)


def test_setitem_on_read_only_blocks():
    # Outputs of broadcast_trick-style functions (empty_like, ones_like) are read-only views.
    dx = da.empty_like(gpuarray.array(()), shape=(4, 6), dtype=float, chunks=(2, 2))
    dx[0] = 99
    assert_eq(dx[0, 0], np.array(99.0))
    dx[0:2] = 88
    assert_eq(dx[0, 0], np.array(88.0))


def test_setitem_errs():
    x = da.ones_like(gpuarray.array(()), shape=(4, 4), chunks=(2, 2))
    with pytest.raises(ValueError):
        x[x > 1] = x
    with pytest.raises(ValueError):
        x[:, 0] = gpuarray.asarray([2, 3, 4])
    with pytest.raises(ValueError):
        x[0, :] = gpuarray.asarray([1, 2, 3, 4, 5])
    with pytest.raises(NotImplementedError):
        x[gpuarray.array(True)] = 5
    y = da.from_array(gpuarray.array(1))
    with pytest.raises(IndexError):
        y[:] = 2
    dx = da.from_array(gpuarray.arange(12).reshape((3, 4)), chunks=(2, 2))
    with pytest.raises(ValueError):
        dx[...] = gpuarray.arange(24).reshape((2, 1, 3, 4))


@pytest.mark.parametrize("xp", [np, da])
@pytest.mark.parametrize("orig_arr", [np.array, da.array])
@pytest.mark.parametrize("array_func", ["array", "asarray", "asanyarray"])
def test_array_like(xp, orig_arr, array_func):
    xp_a = getattr(xp, array_func)(orig_arr([1, 2, 3]), like=da.from_array(gpuarray.array(())))
    assert isinstance(xp_a, da.Array)
    assert isinstance(xp_a._meta, gpuarray.ndarray)
    assert_eq(xp_a, np.array([1, 2, 3]))


# test_cupy_creation.py


def test_diag():
    v = np.arange(11)
    dv = da.from_array(gpuarray.asarray(v), chunks=(4,), asarray=False)
    assert_eq(da.diag(dv), np.diag(v))
    assert_eq(da.diag(dv + dv + 3), np.diag(v + v + 3))
    x = np.arange(64).reshape((8, 8))
    assert_eq(da.diag(da.from_array(gpuarray.asarray(x), chunks=(4, 4), asarray=False)), np.diag(x))


def test_diagonal():
    with pytest.raises(ValueError):
        da.diagonal(gpuarray.arange(11))
    v2 = gpuarray.arange(4).reshape((2, 2))
    with pytest.raises(ValueError):
        da.diagonal(v2, axis1=0, axis2=0)
    with pytest.raises(AxisError):
        da.diagonal(v2, axis1=-4)
    with pytest.raises(AxisError):
        da.diagonal(v2, axis2=-4)
    n = np.arange(4 * 5 * 6).reshape((4, 5, 6))
    v = da.from_array(gpuarray.asarray(n), chunks=2, asarray=False)
    assert_eq(da.diagonal(v), np.diagonal(n))
    # An empty diagonal: Dask makes its chunks with numpy.empty unless the meta is a CuPy
    # array (dask/array/creation.py names CuPy), so they are NumPy arrays (docs/dask.md).
    for offset in (10, -10):
        empty = da.diagonal(v, offset=offset)
        assert type(empty._meta) is gpuarray.ndarray
        assert_eq(empty, np.diagonal(n, offset=offset), check_type=False)
    with pytest.raises(ValueError):
        da.diagonal(v, axis1=-2)
    assert_eq(da.diagonal(v, axis1=-1), np.diagonal(n, axis1=-1))
    assert_eq(da.diagonal(v, offset=1, axis1=-1), np.diagonal(n, offset=1, axis1=-1))
    n = np.arange(2 * 3 * 4 * 5 * 6).reshape((2, 3, 4, 5, 6))
    v = da.from_array(gpuarray.asarray(n), chunks=(1, (1, 2), (1, 2, 1), (2, 1, 2), (5, 1)), asarray=False)
    assert_eq(da.diagonal(v), np.diagonal(n))
    assert_eq(da.diagonal(v, offset=2, axis1=3, axis2=1), np.diagonal(n, offset=2, axis1=3, axis2=1))
    assert_eq(da.diagonal(v, offset=-2, axis1=3, axis2=1), np.diagonal(n, offset=-2, axis1=3, axis2=1))
    assert_eq(da.diagonal(v, offset=-2, axis1=3, axis2=4), np.diagonal(n, offset=-2, axis1=3, axis2=4))
    assert_eq(da.diagonal(v, 1), np.diagonal(n, 1))
    assert_eq(da.diagonal(v, -1), np.diagonal(n, -1))
    assert_eq(da.diagonal(v, 1, 2, 1), np.diagonal(n, 1, 2, 1))


@pytest.mark.parametrize("shape, chunks, pad_width, mode, kwargs", [
    ((10,), (3,), 1, "constant", {}),
    ((10,), (3,), 2, "constant", {"constant_values": -1}),
    ((10,), (3,), ((2, 3)), "constant", {"constant_values": (-1, -2)}),
    ((10, 11), (4, 5), ((1, 4), (2, 3)), "constant", {"constant_values": ((-1, -2), (2, 1))}),
    ((10,), (3,), 3, "edge", {}),
    ((10,), (3,), 3, "linear_ramp", {}),
    ((10,), (3,), 3, "linear_ramp", {"end_values": 0}),
    ((10, 11), (4, 5), ((1, 4), (2, 3)), "linear_ramp", {"end_values": ((-1, -2), (4, 3))}),
    ((10, 11), (4, 5), ((1, 4), (2, 3)), "reflect", {}),
    ((10, 11), (4, 5), ((1, 4), (2, 3)), "symmetric", {}),
    ((10, 11), (4, 5), ((1, 4), (2, 3)), "wrap", {}),
    ((10,), (3,), ((2, 3)), "maximum", {"stat_length": (1, 2)}),
    ((10, 11), (4, 5), ((1, 4), (2, 3)), "mean", {"stat_length": ((3, 4), (2, 1))}),
    ((10,), (3,), ((2, 3)), "minimum", {"stat_length": (2, 3)}),
    ((10,), (3,), 1, "empty", {}),
])
def test_pad(shape, chunks, pad_width, mode, kwargs):
    np_a = np.random.default_rng().random(shape)
    da_a = da.from_array(gpuarray.asarray(np_a), chunks=chunks)
    np_r = np.pad(np_a, pad_width, mode, **kwargs)
    da_r = da.pad(da_a, pad_width, mode, **kwargs)
    check_gpuarray_backed(da_r)
    if mode == "empty":  # undefined values in the padding
        assert_eq(np_r[pad_width:-pad_width], da_r[pad_width:-pad_width], check_type=False)
    else:
        assert_eq(np_r, da_r, check_type=False)


@pytest.mark.parametrize("xp", [np, da])
@pytest.mark.parametrize("N, M, k, dtype, chunks", [
    (3, None, 0, float, "auto"),
    (4, None, 0, float, "auto"),
    (3, 4, 0, bool, "auto"),
    (3, None, 1, int, "auto"),
    (3, None, -1, int, "auto"),
    (3, None, 2, int, 1),
    (6, 8, -2, int, (3, 4)),
    (6, 8, 0, int, (3, "auto")),
])
def test_tri_like(xp, N, M, k, dtype, chunks):
    args = [N, M, k, dtype] + ([chunks] if xp is da else [])
    xp_a = xp.tri(*args, like=da.from_array(gpuarray.array(())))
    assert_eq(xp_a, np.tri(N, M, k, dtype))


def test_to_backend_gpuarray():
    with config.set({"array.backend": "numpy"}):
        x = da.from_array(gpuarray.arange(11), chunks=(4,))
        assert isinstance(x._meta, gpuarray.ndarray)
        assert isinstance(x.to_backend()._meta, np.ndarray)  # the configured backend: numpy
        back = x.to_backend("numpy").to_backend("gpuarray")
        assert isinstance(back._meta, gpuarray.ndarray)
        assert x.to_backend("gpuarray") is x
        with config.set({"array.backend": "gpuarray"}):
            assert isinstance(x.to_backend("numpy")._meta, np.ndarray)
            assert isinstance(x.to_backend()._meta, gpuarray.ndarray)
    assert_eq(x.to_backend("numpy"), np.arange(11), check_type=False)
    assert_eq(back, np.arange(11))


def test_to_backend_cupy_shares_memory():
    cupy = pytest.importorskip("cupy")
    x = da.from_array(gpuarray.arange(11.0), chunks=(4,))
    y = x.to_backend("cupy")
    assert isinstance(y._meta, cupy.ndarray)
    np.testing.assert_array_equal(cupy.asnumpy(y.compute()), np.arange(11.0))


def test_threaded_and_synchronous_schedulers():
    x = da.from_array(gpuarray.arange(12.0), chunks=4) * 2
    assert_eq(x.compute(scheduler="threads"), np.arange(12.0) * 2)
    assert dask.compute(x.sum(), scheduler="sync")[0] == 132.0
