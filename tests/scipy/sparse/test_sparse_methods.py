# SPDX-License-Identifier: BSD-3-Clause
"""Methods and elementwise operators of the sparse formats against
scipy.sparse: ufunc methods, power, arithmetic with scalars, dense and
sparse operands, maximum/minimum, comparisons, reductions with axes,
argmax/argmin with implicit zeros, diagonal/setdiag, indexing and reshape.
Each test runs on the host with NumPy standing in for gpuarray (CPU) and on
a device (gpu)."""
import warnings

import numpy as np
import pytest
import scipy.sparse

from sparse_helpers import FORMATS, assert_dense_equal, dense_of, host_matrix, with_duplicates
from gpuarray.scipy import sparse
from gpuarray.scipy.sparse._data import UFUNC_METHODS

REAL = [np.float64, np.float32]
VALUE_DTYPES = [np.float64, np.float32, np.complex128, np.complex64]


def pair(format, dtype=np.float64, seed=0, kind="array", shape=(6, 7), density=0.4):
    """(SciPy's, ours) of one random matrix."""
    h = host_matrix(shape=shape, dtype=dtype, seed=seed, format=format, density=density)
    if kind == "matrix":
        h = getattr(scipy.sparse, f"{format}_matrix")(h)
    return h, getattr(sparse, f"{format}_{kind}")(h)


def quiet(f, *args):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        return f(*args)


@pytest.mark.parametrize("format", FORMATS)
@pytest.mark.parametrize("name", UFUNC_METHODS)
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex128])
def test_ufunc_methods(backend, format, name, dtype):
    if dtype == np.complex128 and name in ("floor", "ceil", "trunc", "deg2rad", "rad2deg", "arctan2"):
        pytest.skip("NumPy has no complex loop for it")
    h, a = pair(format, dtype)
    h = h * 0.5
    a = a * 0.5
    expected = quiet(getattr(h, name))
    actual = quiet(getattr(a, name))
    assert actual.format == expected.format
    assert_dense_equal(dense_of(actual, backend), expected)


@pytest.mark.parametrize("format", FORMATS)
@pytest.mark.parametrize("dtype", VALUE_DTYPES)
def test_abs_neg_power(backend, format, dtype):
    h, a = pair(format, dtype)
    assert_dense_equal(dense_of(abs(a), backend), abs(h))
    assert_dense_equal(dense_of(-a, backend), -h)
    assert_dense_equal(dense_of(a.power(3), backend), h.power(3))
    assert_dense_equal(dense_of(a.power(2, dtype=np.complex128), backend), h.power(2, dtype=np.complex128))
    assert_dense_equal(dense_of(a ** 2, backend), h ** 2)
    with pytest.raises(NotImplementedError, match="zero power"):
        a.power(0)
    with pytest.raises(NotImplementedError, match="negating a boolean"):
        -sparse.csr_array(host_matrix(dtype=np.bool_))


@pytest.mark.parametrize("format", FORMATS)
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex64, np.int32, np.bool_])
@pytest.mark.parametrize("scalar", [2, 2.5, -1.5j, np.float32(3)])
def test_scalar_products_and_division(backend, format, dtype, scalar):
    h, a = pair(format, dtype)
    for ours, theirs in ((a * scalar, h * scalar), (scalar * a, scalar * h), (a.multiply(scalar), h.multiply(scalar))):
        assert ours.format == theirs.format
        assert_dense_equal(dense_of(ours, backend), theirs)
    if dtype != np.bool_:
        assert_dense_equal(dense_of(quiet(lambda: a / scalar), backend), quiet(lambda: h / scalar))


@pytest.mark.parametrize("format", FORMATS)
def test_scalar_addition_rules(backend, format):
    h, a = pair(format)
    assert_dense_equal(dense_of(a + 0, backend), h + 0)
    assert_dense_equal(dense_of(a - 0, backend), h - 0)
    for f in (lambda m: m + 1, lambda m: m - 1.5):
        with pytest.raises(NotImplementedError):
            f(h)
        with pytest.raises(NotImplementedError):
            f(a)


@pytest.mark.parametrize("fa", FORMATS)
@pytest.mark.parametrize("fb", ["csr", "coo"])
@pytest.mark.parametrize("dtypes", [(np.float64, np.float64), (np.float32, np.complex64), (np.int32, np.float32),
                                    (np.bool_, np.bool_)])
def test_sparse_sparse_elementwise(backend, fa, fb, dtypes):
    ha, a = pair(fa, dtypes[0], seed=1)
    hb, b = pair(fb, dtypes[1], seed=2)
    ops = [("+", lambda x, y: x + y), ("multiply", lambda x, y: x.multiply(y)),
           ("maximum", lambda x, y: x.maximum(y)), ("minimum", lambda x, y: x.minimum(y)),
           ("!=", lambda x, y: x != y), ("<", lambda x, y: x < y), (">", lambda x, y: x > y)]
    if dtypes[0] != np.bool_:
        ops.append(("-", lambda x, y: x - y))
    for name, op in ops:
        expected, actual = quiet(op, ha, hb), quiet(op, a, b)
        assert actual.format == expected.format, name
        assert actual.nnz == expected.nnz, name
        assert_dense_equal(dense_of(actual, backend), expected)


def test_sparse_with_duplicates_on_both_sides(backend):
    hd = with_duplicates(host_matrix(format="coo", seed=3))
    hb = host_matrix(format="coo", seed=4)
    a = sparse.coo_array(hd)
    b = sparse.coo_array(with_duplicates(hb))
    assert_dense_equal(dense_of(a + b, backend), hd + hb, rtol=1e-12)
    assert_dense_equal(dense_of(a.multiply(b), backend), hd.multiply(hb), rtol=1e-12)


@pytest.mark.parametrize("format", FORMATS)
def test_dense_operands(backend, format):
    h, a = pair(format, np.float64)
    d = np.random.default_rng(5).standard_normal(h.shape)
    dd = backend.put(d)
    assert_dense_equal(backend.get(a + dd), h + d)
    assert_dense_equal(backend.get(a - dd), h - d)
    assert_dense_equal(backend.get(dd - a if False else a.__rsub__(dd)), d - h)
    assert_dense_equal(dense_of(a.multiply(dd), backend), h.multiply(d))
    assert a.multiply(dd).format == h.multiply(d).format
    row = d[:1]
    assert_dense_equal(dense_of(a.multiply(backend.put(row)), backend), h.multiply(row))
    assert_dense_equal(backend.get(a.maximum(dd)), h.maximum(d))
    assert_dense_equal(backend.get(quiet(lambda: a / dd)), quiet(lambda: h / d))
    assert_dense_equal(backend.get(a < dd), h < d)
    with pytest.raises(ValueError):
        a + backend.put(np.ones((2, 2)))


@pytest.mark.parametrize("format", FORMATS)
@pytest.mark.parametrize("scalar", [0.3, -0.3, 0, np.nan])
def test_scalar_comparisons_and_extrema(backend, format, scalar):
    h, a = pair(format)
    for op in (lambda m: m > scalar, lambda m: m < scalar, lambda m: m != scalar, lambda m: m == scalar,
               lambda m: m >= scalar, lambda m: m <= scalar):
        expected, actual = quiet(op, h), quiet(op, a)
        assert_dense_equal(dense_of(actual, backend), expected)
    for op in (lambda m: m.maximum(scalar), lambda m: m.minimum(scalar)):
        expected, actual = quiet(op, h), quiet(op, a)
        assert_dense_equal(dense_of(actual, backend), expected)


def test_sparse_comparisons_that_densify_warn(backend):
    h, a = pair("csr")
    hb, b = pair("csr", seed=7)
    with pytest.warns(sparse.SparseEfficiencyWarning):
        result = a == b
    assert_dense_equal(dense_of(result, backend), quiet(lambda: h == hb))
    with pytest.raises(ValueError, match="inconsistent shapes"):
        a != sparse.csr_array(host_matrix(shape=(2, 2)))


@pytest.mark.parametrize("format", FORMATS)
@pytest.mark.parametrize("kind", ["array", "matrix"])
@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex128, np.int32, np.bool_])
@pytest.mark.parametrize("axis", [None, 0, 1, -1])
def test_sum_and_mean(backend, format, kind, dtype, axis):
    h, a = pair(format, dtype, kind=kind)
    for name in ("sum", "mean"):
        expected = getattr(h, name)(axis=axis)
        actual = backend.get(getattr(a, name)(axis=axis))
        assert_dense_equal(actual, np.asarray(expected), rtol=1e-5 if dtype in (np.float32, np.complex64) else 1e-12)
    assert_dense_equal(backend.get(a.sum(axis=axis, dtype=np.float64)), np.asarray(h.sum(axis=axis, dtype=np.float64)),
                       rtol=1e-6 if dtype in (np.float32, np.complex64) else 1e-12)


@pytest.mark.parametrize("format", FORMATS)
@pytest.mark.parametrize("kind", ["array", "matrix"])
@pytest.mark.parametrize("case", ["random", "negative", "full", "dups"])
@pytest.mark.parametrize("axis", [None, 0, 1])
def test_max_min_argmax_argmin(backend, format, kind, case, axis):
    h = host_matrix(shape=(5, 6), density=0.5, format="coo", seed=11)
    if case == "negative":
        h = -abs(h)
    elif case == "full":
        h = scipy.sparse.coo_array(np.random.default_rng(2).standard_normal((5, 6)))
    elif case == "dups":
        h = with_duplicates(h)
    h = h.asformat(format)
    if kind == "matrix":
        h = getattr(scipy.sparse, f"{format}_matrix")(h)
    a = getattr(sparse, f"{format}_{kind}")(h)
    if format == "dia":
        h = h.tocsr()  # SciPy's DIA has no max/min/argmax/argmin; ours compare with its CSR form
    for name in ("max", "min"):
        expected, actual = getattr(h, name)(axis=axis), getattr(a, name)(axis=axis)
        if axis is None:
            np.testing.assert_allclose(backend.get(actual), expected)
        else:
            assert actual.shape == expected.shape and actual.format == expected.format
            assert_dense_equal(dense_of(actual, backend), expected)
        for explicit in (False, True):
            e = getattr(h, name)(axis=axis, explicit=explicit)
            r = getattr(a, name)(axis=axis, explicit=explicit)
            assert_dense_equal(dense_of(r, backend), e.toarray() if hasattr(e, "toarray") else np.asarray(e))
    for name in ("argmax", "argmin"):
        for explicit in (False, True):
            if explicit and axis is None and h.nnz == 0:
                continue
            expected = np.asarray(getattr(h, name)(axis=axis, explicit=explicit))
            actual = backend.get(getattr(a, name)(axis=axis, explicit=explicit))
            np.testing.assert_array_equal(actual, expected)
            assert actual.shape == expected.shape


def test_reductions_of_empty_matrices_raise_as_scipy(backend):
    a = sparse.csr_array((0, 3))
    with pytest.raises(ValueError, match="zero-size array"):
        a.max()
    with pytest.raises(ValueError, match="Cannot apply argmax to an empty matrix"):
        a.argmax()
    z = sparse.csr_array((3, 4))
    assert backend.get(z.max()) == 0 and backend.get(z.argmin()) == 0
    np.testing.assert_array_equal(backend.get(z.argmax(axis=0)), np.zeros(4))


@pytest.mark.parametrize("format", FORMATS)
@pytest.mark.parametrize("k", [0, 1, -2, 6, -5, 9])
@pytest.mark.parametrize("shape", [(6, 7), (7, 4)])
def test_diagonal_and_setdiag(backend, format, k, shape):
    h, a = pair(format, shape=shape)
    assert_dense_equal(backend.get(a.diagonal(k)), h.diagonal(k))
    if not -shape[0] < k < shape[1]:
        with pytest.raises(ValueError, match="k exceeds"):
            a.setdiag(1.0, k)
        return
    for values in (2.5, np.arange(1.0, 3.0), np.arange(1.0, 20.0)):
        hc, ac = h.copy().tocsr().asformat(format), a.copy()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            hc.setdiag(values, k)
        ac.setdiag(backend.put(values) if np.ndim(values) else values, k)
        assert ac.format == format
        assert_dense_equal(dense_of(ac, backend), hc)
    assert np.allclose(backend.get(a.trace(1)), h.trace(1))


@pytest.mark.parametrize("format", ["csr", "csc", "coo"])
@pytest.mark.parametrize("kind", ["array", "matrix"])
@pytest.mark.parametrize("key", [
    (1, 2), (0, 0), (-1, -2), (slice(1, 4),), (slice(None), slice(2, 6)), (slice(None, None, -1), slice(0, 7, 2)),
    ([0, 2, 2, 5],), (slice(None), [6, 0, 3]), ([1, 3], [2, 5]), (np.array([True, False, True, False, True, True]),),
    (slice(1, 5), [0, 4]), (2,), (slice(None), 3), (2, slice(1, 5)), (np.array([[0], [3]]), [1, 2, 6]),
])
def test_getitem(backend, format, kind, key):
    h, a = pair(format, kind=kind)
    href = h.tocsr()
    expected = href[key] if len(key) > 1 else href[key[0]]
    actual = a[key] if len(key) > 1 else a[key[0]]
    if hasattr(expected, "toarray"):
        assert actual.shape == expected.shape
        assert_dense_equal(dense_of(actual, backend), expected)
    else:
        assert_dense_equal(backend.get(actual), np.asarray(expected))


def test_getitem_errors(backend):
    a = sparse.csr_array(host_matrix())
    with pytest.raises(IndexError):
        a[6, 0]
    with pytest.raises(IndexError):
        a[[0, 9]]
    with pytest.raises(IndexError):
        a[1, 2, 3]
    with pytest.raises(TypeError, match="not subscriptable"):
        a.todia()[0]


@pytest.mark.parametrize("format", FORMATS)
@pytest.mark.parametrize("kind", ["array", "matrix"])
@pytest.mark.parametrize("shape, order", [((7, 6), "C"), ((3, 14), "C"), ((14, -1), "F"), ((42, 1), "C")])
def test_reshape(backend, format, kind, shape, order):
    h, a = pair(format, kind=kind)
    expected = h.reshape(shape, order=order)
    actual = a.reshape(shape, order=order)
    assert actual.format == expected.format and actual.shape == expected.shape
    assert_dense_equal(dense_of(actual, backend), expected)
    with pytest.raises(ValueError):
        a.reshape((5, 5))


def test_reshape_to_1d_array(backend):
    h, a = pair("csr")
    expected = h.reshape(42)
    actual = a.reshape(42)
    assert actual.shape == (42,) and actual.ndim == 1
    assert_dense_equal(dense_of(actual, backend), expected)


@pytest.mark.parametrize("format", FORMATS)
def test_nonzero(backend, format):
    h, a = pair(format)
    r, c = a.nonzero()
    hr, hc = h.tocsr().nonzero()
    order = np.lexsort((hc, hr))
    np.testing.assert_array_equal(backend.get(r), hr[order])
    np.testing.assert_array_equal(backend.get(c), hc[order])


@pytest.mark.parametrize("format", ["csr", "csc", "coo"])
@pytest.mark.parametrize("kind", ["array", "matrix"])
@pytest.mark.parametrize("key, values", [
    ((1, 2), 5.0), ((0, 0), 0.0), ((-1, -1), 2.5), (([0, 2], [1, 1]), [7.0, 8.0]), ((1,), 3.0),
    ((slice(None), 0), np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])),
    ((slice(0, 2), slice(1, 3)), [[9.0, 9.0], [9.0, 9.0]]),
    (([0, 0], [3, 3]), [1.0, 2.0]), ((np.array([[0], [4]]), [2, 5]), 1.5), ((slice(None, None, 2), [1, 6]), -1.0),
])
def test_setitem(backend, format, kind, key, values):
    h, a = pair(format, kind=kind)
    h = h.tocsr()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        h[key if len(key) > 1 else key[0]] = values
        a[key if len(key) > 1 else key[0]] = backend.put(values) if np.ndim(values) else values
    assert a.format == format
    assert_dense_equal(dense_of(a, backend), h)
    a.sum_duplicates()
    h.sum_duplicates()
    assert a.nnz == h.nnz


def test_setitem_errors_and_warning(backend):
    h, a = pair("csr")
    with pytest.warns(sparse.SparseEfficiencyWarning):
        a[0, 6] = 1.0 if h[0, 6] == 0 else 0.0
    with pytest.raises(ValueError, match="shape mismatch"):
        a[0:2, 0:2] = backend.put(np.ones(3))
    with pytest.raises(IndexError):
        a[9, 0] = 1.0
    with pytest.raises(TypeError, match="item assignment"):
        a.todia()[0, 0] = 1.0


@pytest.mark.parametrize("format", ["csr", "csc", "coo", "dia"])
@pytest.mark.parametrize("shape", [(3, 4), (8, 9), (6, 2), (0, 0)])
def test_resize(backend, format, shape):
    h, a = pair(format)
    h = h.copy()
    h.resize(shape)
    a.resize(shape)
    assert a.shape == h.shape and a.format == format
    assert_dense_equal(dense_of(a, backend), h)
    a.resize(*shape)
    assert a.shape == shape
