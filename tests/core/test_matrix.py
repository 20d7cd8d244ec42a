# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.matrix, asmatrix and bmat against numpy.matrix: construction, the matrix
product and power, .I .H .T .A .A1, reductions that keep two dimensions, indexing
that keeps rows and columns 2-D, bmat's strings and nested lists. Shapes, views
and errors are checked without a device (fake_memory's arrays); values on the GPU."""
import numpy
import pytest

import gpuarray as xp
from fake_memory import fake_array
from gpuarray._matlib import numpy_matrix as _numpy_matrix

gpu = pytest.mark.gpu
# NumPy's matrix and gpuarray's warn at every construction (tested once below).
pytestmark = pytest.mark.filterwarnings("ignore::PendingDeprecationWarning")

# ---- without a device: the views, shapes and errors ------------------------------------


def test_matrix_is_an_ndarray_subclass_viewing_the_memory():
    a, _ = fake_array((3, 4))
    m = xp.asmatrix(a)
    assert isinstance(m, xp.matrix) and isinstance(m, xp.ndarray)
    assert m.shape == (3, 4) and m.base is a and m.data.ptr == a.data.ptr
    assert type(m.A) is xp.ndarray and m.A.shape == (3, 4) and m.A.data.ptr == a.data.ptr
    assert type(m.A1) is xp.ndarray and m.A1.shape == (12,)
    assert xp.asmatrix(m) is m


@pytest.mark.parametrize("index, shape", [(0, (1, 4)), ((slice(None), 1), (3, 1)), ((0, slice(None)), (1, 4)),
                                          (slice(1, None), (2, 4)), ((slice(None), slice(0, 1)), (3, 1)),
                                          ((Ellipsis, 2), (3, 1)), ((slice(None, None, -1),), (3, 4))])
def test_indexing_keeps_two_dimensions_as_numpy(index, shape):
    a, _ = fake_array((3, 4))
    got = xp.asmatrix(a)[index]
    expected = numpy.asmatrix(numpy.zeros((3, 4)))[index]
    assert type(got) is xp.matrix and got.shape == shape == expected.shape


@pytest.mark.parametrize("method, args, shape", [
    ("reshape", (12,), (1, 12)), ("reshape", ((2, 6),), (2, 6)), ("ravel", (), (1, 12)), ("transpose", (), (4, 3)),
    ("squeeze", (), (3, 4))])
def test_shape_methods_return_matrices(method, args, shape):
    a, _ = fake_array((3, 4))
    got = getattr(xp.asmatrix(a), method)(*args)
    assert type(got) is xp.matrix and got.shape == shape
    assert getattr(numpy.asmatrix(numpy.zeros((3, 4))), method)(*args).shape == shape


def test_transposes_and_column_squeeze():
    a, _ = fake_array((3, 1))
    m = xp.asmatrix(a)
    assert m.T.shape == (1, 3) and type(m.T) is xp.matrix
    assert m.squeeze().shape == numpy.asmatrix(numpy.zeros((3, 1))).squeeze().shape == (1, 3)


@pytest.mark.parametrize("shape, expected", [((5,), (1, 5)), ((), (1, 1)), ((0,), (1, 0)), ((2, 0), (2, 0))])
def test_fewer_dimensions_become_a_row(shape, expected):
    a, _ = fake_array(shape)
    assert xp.asmatrix(a).shape == expected == numpy.asmatrix(numpy.zeros(shape)).shape


def test_construction_warns_as_numpy():
    a, _ = fake_array((2, 2))
    with pytest.warns(PendingDeprecationWarning):
        xp.matrix(a, copy=False)


def test_more_than_two_dimensions_are_refused():
    a, _ = fake_array((2, 2, 2))
    with pytest.raises(ValueError, match="matrix must be 2-dimensional"):
        xp.matrix(a, copy=False)
    with pytest.raises(ValueError):
        numpy.matrix(numpy.zeros((2, 2, 2)))


def test_bmat_finds_names_in_the_dictionaries():
    blocks = _numpy_matrix._bmat_blocks("A, B; C D", {"A": 1, "B": 2}, {"C": 3, "D": 4, "A": 0})
    assert blocks == [[1, 2], [3, 4]]
    with pytest.raises(NameError, match="'X' is not defined"):
        xp.bmat("A, X", ldict={"A": 1}, gdict={})


# ---- on the device: values against numpy.matrix ------------------------------------------

DTYPES = [numpy.int32, numpy.int64, numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]


def _pair(dtype=numpy.float64, layout="contiguous"):
    host = (numpy.arange(1, 10).reshape(3, 3) + numpy.eye(3) * 5).astype(dtype)
    if numpy.dtype(dtype).kind == "c":
        host = host + 1j * host.T
    device = xp.asarray(host)
    if layout == "strided":
        host, device = numpy.ascontiguousarray(host[::-1, ::1]), device[::-1, ::1]
    elif layout == "fortran":
        host, device = numpy.asfortranarray(host), xp.asfortranarray(device)
    return xp.asmatrix(device), numpy.asmatrix(host)


def _check(got, expected, rtol=1e-5):
    if isinstance(expected, numpy.matrix):
        assert type(got) is xp.matrix
        host = got.get()
        assert isinstance(host, numpy.matrix)
    else:
        host = got.get() if isinstance(got, xp.ndarray) else got
        assert not isinstance(got, xp.matrix)
    assert numpy.shape(host) == numpy.shape(expected)
    numpy.testing.assert_allclose(numpy.asarray(host), numpy.asarray(expected), rtol=rtol)


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("layout", ["contiguous", "strided", "fortran"])
def test_products_powers_and_attributes(dtype, layout):
    m, h = _pair(dtype, layout)
    _check(m * m, h * h)
    _check(m * 2, h * 2)
    _check(2 * m, 2 * h)
    _check(m * xp.asarray(h.A[:, :1]), h * h.A[:, :1])
    _check(xp.asarray(h.A[:1]) * m, h.A[:1] * h)
    _check(m ** 3, h ** 3)
    _check(m ** 0, h ** 0)
    _check(m + m, h + h)
    _check(m - 1, h - 1)
    _check(m @ m, h @ h)
    _check(-m, -h)
    _check(m.T, h.T)
    _check(m.H, h.H)
    _check(m.A, h.A)
    _check(m.A1, h.A1)
    if numpy.dtype(dtype).kind != "i":
        _check(m.I, h.I, rtol=1e-3)
        _check(m ** -1, h ** -1, rtol=1e-3)


@gpu
def test_inverse_of_a_non_square_matrix_is_the_pseudo_inverse():
    h = numpy.asmatrix(numpy.arange(6.0).reshape(2, 3))
    _check(xp.matrix(xp.asarray(h.A)).I, h.I, rtol=1e-6)


@gpu
@pytest.mark.parametrize("name", ["sum", "prod", "mean", "std", "var", "max", "min", "argmax", "argmin", "ptp",
                                  "any", "all"])
@pytest.mark.parametrize("axis", [None, 0, 1])
def test_reductions(name, axis):
    m, h = _pair(numpy.float64)
    got, expected = getattr(m, name)(axis=axis), getattr(h, name)(axis=axis)
    if axis is None:
        assert isinstance(got, xp.ndarray) and not isinstance(got, xp.matrix) and got.shape == ()
        numpy.testing.assert_allclose(got.get(), expected)
    else:
        _check(got, expected)


@gpu
def test_in_place_product_and_power():
    m, h = _pair(numpy.float64)
    m *= m
    h *= h
    _check(m, h)
    m **= 2
    h **= 2
    _check(m, h)


@gpu
def test_construction_from_strings_lists_and_arrays():
    _check(xp.matrix("1 2; 3 4"), numpy.matrix("1 2; 3 4"))
    _check(xp.matrix([[1, 2], [3, 4]], dtype=numpy.float32), numpy.matrix([[1, 2], [3, 4]], dtype=numpy.float32))
    _check(xp.matrix(xp.arange(3)), numpy.matrix(numpy.arange(3)))
    a = xp.asarray([[1.0, 2.0], [3.0, 4.0]])
    copied = xp.matrix(a)
    copied[0, 0] = 10
    assert float(a[0, 0].get()) == 1.0
    assert repr(xp.matrix("1 2; 3 4")) == repr(numpy.matrix("1 2; 3 4"))
    assert xp.matrix([[1, 2]]).tolist() == [[1, 2]]


@gpu
def test_bmat():
    A = xp.asarray([[1.0, 2.0], [3.0, 4.0]])
    Z = xp.zeros((2, 2))
    hA, hZ = A.get(), numpy.zeros((2, 2))
    got = xp.bmat("A Z; Z A")
    _check(got, numpy.bmat("hA hZ; hZ hA"))
    _check(xp.bmat([[A, Z], [Z, A]]), numpy.bmat([[hA, hZ], [hZ, hA]]))
    _check(xp.bmat([A, Z]), numpy.bmat([hA, hZ]))
    _check(xp.bmat("A, Z", ldict={"A": A}, gdict={"Z": Z}), numpy.bmat("A, Z", ldict={"A": hA}, gdict={"Z": hZ}))


@gpu
def test_functions_on_a_matrix_return_arrays():
    m, h = _pair(numpy.float64)
    total = xp.add(m, 1)
    assert isinstance(total, xp.ndarray)
    numpy.testing.assert_allclose(total.get(), numpy.asarray(h) + 1)


def test_every_operator_returns_a_matrix():
    # `_methods` attaches @ to ndarray after numpy_matrix loads: matrix must still define its own.
    for name in ("__matmul__", "__rmatmul__", "__add__", "__mul__", "__pow__", "__neg__"):
        assert name in vars(xp.matrix), name
