# SPDX-License-Identifier: BSD-3-Clause
"""The construction and extraction functions against scipy.sparse: eye,
identity, diags/diags_array, spdiags, kron, kronsum, hstack, vstack, bmat,
block_diag, tril, triu, find, random/random_array/rand and save/load_npz:
results, formats, kinds and SciPy's errors. Each test runs on the host with
NumPy standing in for gpuarray (CPU) and on a device (gpu)."""
import io
import warnings

import numpy as np
import pytest
import scipy.sparse

from sparse_helpers import FORMATS, assert_dense_equal, dense_of, host_matrix, with_duplicates
from gpuarray.scipy import sparse

OUT_FORMATS = [None, "csr", "csc", "coo", "dia"]


def same(actual, expected, backend, check_format=True):
    if check_format:
        assert actual.format == expected.format, (actual.format, expected.format)
    assert type(actual).__name__.endswith("_array") == type(expected).__name__.endswith("_array"), \
        (type(actual), type(expected))
    assert_dense_equal(dense_of(actual, backend), expected)


@pytest.mark.parametrize("m, n, k", [(4, None, 0), (3, 5, 1), (5, 3, -2), (3, 3, 2), (0, 0, 0)])
@pytest.mark.parametrize("format", OUT_FORMATS)
@pytest.mark.parametrize("dtype", [np.float64, np.complex64, np.int32, np.bool_])
def test_eye_identity(backend, m, n, k, format, dtype):
    same(sparse.eye(m, n, k=k, dtype=dtype, format=format),
         scipy.sparse.eye(m, n, k=k, dtype=dtype, format=format), backend)
    same(sparse.eye_array(m, n, k=k, dtype=dtype, format=format),
         scipy.sparse.eye_array(m, n, k=k, dtype=dtype, format=format), backend)
    same(sparse.identity(m, dtype=dtype, format=format), scipy.sparse.identity(m, dtype=dtype, format=format),
         backend)


@pytest.mark.parametrize("diagonals, offsets, shape", [
    ([[1.0, 2.0, 3.0]], [0], None), ([[1.0, 2.0], [3.0, 4.0, 5.0], [6.0]], [1, 0, -2], None),
    ([[1.0, 2.0], [3.0]], [0, 1], (2, 4)), ([[7.0]], [1], (3, 3)), ([[1.0, 2.0, 3.0, 4.0]], [0], (3, 5)),
    ([1.0, 2.0, 3.0], 0, None), ([[1 + 1j, 2.0]], [-1], (3, 2)),
])
@pytest.mark.parametrize("format", OUT_FORMATS)
def test_diags(backend, diagonals, offsets, shape, format):
    theirs = scipy.sparse.diags_array(diagonals, offsets=offsets, shape=shape, format=format)
    ours = sparse.diags_array(diagonals, offsets=offsets, shape=shape, format=format)
    same(ours, theirs, backend)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        same(sparse.diags(diagonals, offsets, shape=shape, format=format),
             scipy.sparse.diags(diagonals, offsets, shape=shape, format=format), backend)


def test_diags_dtypes_and_errors(backend):
    with pytest.warns(FutureWarning):
        theirs = scipy.sparse.diags_array([1, 2])
    with pytest.warns(FutureWarning):
        ours = sparse.diags_array([1, 2])
    same(ours, theirs, backend)
    same(sparse.diags_array([1, 2], dtype=None), scipy.sparse.diags_array([1, 2], dtype=None), backend)
    for m, n, k in [(3, 3, 4), (2, 3, -3)]:
        with pytest.raises(ValueError, match="out of bounds"):
            scipy.sparse.eye(m, n, k=k)
        with pytest.raises(ValueError, match="out of bounds"):
            sparse.eye(m, n, k=k)
    with pytest.raises(ValueError, match="Different number"):
        sparse.diags_array([[1.0, 2.0]], offsets=0)
    for args, kwargs, message in [(([[1.0], [2.0]],), {"offsets": [0]}, "Different number of diagonals"),
                                  (([[1.0, 2.0]],), {"offsets": [5], "shape": (2, 2)}, "out of bounds"),
                                  (([[1.0, 2.0]],), {"offsets": [0], "shape": (3, 3)}, "does not agree")]:
        with pytest.raises(ValueError, match=message):
            scipy.sparse.diags_array(*args, **kwargs)
        with pytest.raises(ValueError, match=message):
            sparse.diags_array(*args, **kwargs)
    device_diag = backend.put(np.arange(1.0, 4.0))
    same(sparse.diags_array([device_diag], offsets=[0]),
         scipy.sparse.diags_array([np.arange(1.0, 4.0)], offsets=[0]), backend)


@pytest.mark.parametrize("format", OUT_FORMATS)
def test_spdiags(backend, format):
    data = np.arange(1.0, 13.0).reshape(3, 4)
    same(sparse.spdiags(data, [0, -1, 2], 4, 4, format=format),
         scipy.sparse.spdiags(data, [0, -1, 2], 4, 4, format=format), backend)
    same(sparse.spdiags(backend.put(data), [0, -1, 2], (3, 5)), scipy.sparse.spdiags(data, [0, -1, 2], (3, 5)),
         backend)


@pytest.mark.parametrize("fa", FORMATS)
@pytest.mark.parametrize("kinds", [("array", "array"), ("matrix", "matrix"), ("matrix", "array")])
def test_kron_kronsum(backend, fa, kinds):
    ha = host_matrix(shape=(3, 4), format=fa, seed=1)
    hb = host_matrix(shape=(2, 3), dtype=np.complex64, format="csr", seed=2)
    ha = ha if kinds[0] == "array" else getattr(scipy.sparse, f"{fa}_matrix")(ha)
    hb = hb if kinds[1] == "array" else scipy.sparse.csr_matrix(hb)
    a = getattr(sparse, f"{fa}_{kinds[0]}")(ha)
    b = getattr(sparse, f"csr_{kinds[1]}")(hb)
    same(sparse.kron(a, b), scipy.sparse.kron(ha, hb), backend, check_format=False)
    assert sparse.kron(a, b).format == "coo"
    same(sparse.kron(a, b, format="csr"), scipy.sparse.kron(ha, hb, format="csr"), backend)
    same(sparse.kron(a, b.toarray()), scipy.sparse.kron(ha, hb.toarray()), backend, check_format=False)
    sa, sb = ha.tocsr()[:3, :3], hb.tocsr()[:2, :2]
    same(sparse.kronsum(a.tocsr()[:3, :3], b[:2, :2]), scipy.sparse.kronsum(sa, sb), backend)
    with pytest.raises(ValueError, match="square"):
        sparse.kronsum(a, a)


@pytest.mark.parametrize("format", OUT_FORMATS)
@pytest.mark.parametrize("block_format", ["csr", "csc", "coo"])
@pytest.mark.parametrize("kind", ["array", "matrix"])
def test_stacking(backend, format, block_format, kind):
    hs = [host_matrix(shape=(3, 4), format=block_format, seed=s) for s in range(3)]
    if kind == "matrix":
        hs = [getattr(scipy.sparse, f"{block_format}_matrix")(h) for h in hs]
    ours = [getattr(sparse, f"{block_format}_{kind}")(h) for h in hs]
    same(sparse.hstack(ours, format=format), scipy.sparse.hstack(hs, format=format), backend)
    same(sparse.vstack(ours, format=format), scipy.sparse.vstack(hs, format=format), backend)
    same(sparse.vstack(ours, format=format, dtype=np.complex64),
         scipy.sparse.vstack(hs, format=format, dtype=np.complex64), backend)
    grid_h = [[hs[0], None], [hs[1], hs[2]]]
    grid = [[ours[0], None], [ours[1], ours[2]]]
    same(sparse.bmat(grid, format=format), scipy.sparse.bmat(grid_h, format=format), backend)
    same(sparse.block_diag(ours, format=format), scipy.sparse.block_diag(hs, format=format), backend)


def test_stacking_errors_and_dense_blocks(backend):
    a = sparse.csr_array(host_matrix(shape=(3, 4)))
    b = sparse.csr_array(host_matrix(shape=(2, 4)))
    with pytest.raises(ValueError, match="incompatible row dimensions"):
        sparse.hstack([a, b])
    with pytest.raises(ValueError, match="incompatible column dimensions"):
        sparse.vstack([a, a.T])
    with pytest.raises(ValueError, match="all None"):
        sparse.bmat([[a, None], [None, None]])
    dense = np.arange(4.0).reshape(2, 2)
    same(sparse.block_diag([dense, 3.0, sparse.csr_array(dense)]),
         scipy.sparse.block_diag([dense, 3.0, scipy.sparse.csr_array(dense)]), backend)


@pytest.mark.parametrize("format", FORMATS)
@pytest.mark.parametrize("k", [0, 1, -2])
@pytest.mark.parametrize("out", [None, "csr"])
def test_tril_triu(backend, format, k, out):
    h = host_matrix(shape=(5, 6), density=0.6, format=format)
    a = sparse.csr_array(h).asformat(format)
    same(sparse.tril(a, k=k, format=out), scipy.sparse.tril(h, k=k, format=out), backend)
    same(sparse.triu(a, k=k, format=out), scipy.sparse.triu(h, k=k, format=out), backend)
    m = scipy.sparse.csr_matrix(h)
    same(sparse.tril(sparse.csr_matrix(m), k=k), scipy.sparse.tril(m, k=k), backend)


@pytest.mark.parametrize("format", FORMATS)
def test_find(backend, format):
    h = with_duplicates(host_matrix(shape=(5, 6), format="coo")).asformat(format)
    a = sparse.coo_array(with_duplicates(host_matrix(shape=(5, 6), format="coo"))).asformat(format)
    r, c, v = sparse.find(a)
    hr, hc, hv = scipy.sparse.find(h)
    np.testing.assert_array_equal(backend.get(r), hr)
    np.testing.assert_array_equal(backend.get(c), hc)
    np.testing.assert_allclose(backend.get(v), hv, rtol=1e-12)


@pytest.mark.parametrize("format", ["coo", "csr", "csc", "dia"])
def test_random_matches_scipy_for_a_seed(backend, format):
    theirs = scipy.sparse.random_array((20, 30), density=0.1, format=format, rng=np.random.default_rng(4))
    ours = sparse.random_array((20, 30), density=0.1, format=format, rng=np.random.default_rng(4))
    same(ours, theirs, backend)
    same(sparse.random(5, 7, density=0.3, format=format, rng=3),
         scipy.sparse.random(5, 7, density=0.3, format=format, rng=3), backend)
    same(sparse.rand(5, 7, density=0.3, format=format, rng=3),
         scipy.sparse.rand(5, 7, density=0.3, format=format, rng=3), backend)


@pytest.mark.parametrize("format", FORMATS)
@pytest.mark.parametrize("kind", ["array", "matrix"])
def test_save_load_npz(backend, format, kind, tmp_path):
    h = getattr(scipy.sparse, f"{format}_{kind}")(host_matrix(format=format))
    a = getattr(sparse, f"{format}_{kind}")(h)
    path = tmp_path / "m.npz"
    sparse.save_npz(path, a)
    same(sparse.load_npz(path), h, backend)
    theirs = scipy.sparse.load_npz(path)
    assert type(theirs) is type(h)
    buffer = io.BytesIO()
    scipy.sparse.save_npz(buffer, h, compressed=False)
    buffer.seek(0)
    same(sparse.load_npz(buffer), h, backend)
    with pytest.raises(TypeError):
        sparse.save_npz(io.BytesIO(), h)
