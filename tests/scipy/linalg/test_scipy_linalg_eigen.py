# SPDX-License-Identifier: BSD-3-Clause
"""eigh and eigvalsh (standard and generalized, subsets), eig and eigvals
(right and left vectors, SciPy's dtype rule) against scipy.linalg."""
import numpy
import pytest

scipy_linalg = pytest.importorskip("scipy.linalg")

import gpuarray as xp  # noqa: E402
import gpuarray.scipy.linalg as gl  # noqa: E402
from scipy_linalg_cases import (since_scipy_1_18, LAPACK_DTYPES, assert_close, draw, gpu, hermitian,  # noqa: E402
                                hermitian_positive_definite, host, raises_like, tolerance)

pytestmark = gpu
DTYPES = LAPACK_DTYPES + [numpy.int8, numpy.int64]


def _conj_t(x):
    return numpy.swapaxes(numpy.conj(x), -1, -2)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(4, 4), (2, 3, 3), (1, 1)])
@pytest.mark.parametrize("lower", [True, False])
def test_eigh_standard(dtype, shape, lower):
    h = hermitian(shape, dtype)
    part = numpy.tril if lower else numpy.triu
    w, v = host(gl.eigh(xp.asarray(part(h)), lower=lower))
    ew, ev = scipy_linalg.eigh(h, lower=lower)
    assert_close(w, ew, 10 * tolerance(dtype))
    assert v.dtype == ev.dtype and v.shape == ev.shape
    assert_close(h @ v, v * w[..., None, :], 100 * tolerance(dtype), check_dtype=False)
    assert_close(gl.eigvalsh(part(h), lower=lower), scipy_linalg.eigvalsh(h, lower=lower), 10 * tolerance(dtype))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(4, 4), (2, 3, 3)])
@pytest.mark.parametrize("lower", [True, False])
@pytest.mark.parametrize("kind", [1, 2, 3])
def test_eigh_generalized(dtype, shape, lower, kind):
    a = hermitian(shape, dtype)
    b = hermitian_positive_definite(shape, dtype, seed=5)
    part = numpy.tril if lower else numpy.triu
    w, v = host(gl.eigh(part(a), part(b), lower=lower, type=kind))
    ew, ev = scipy_linalg.eigh(a, b, lower=lower, type=kind)
    assert_close(w, ew, 100 * tolerance(dtype))
    assert v.dtype == ev.dtype and v.shape == ev.shape
    assert_close(gl.eigvalsh(part(a), part(b), lower=lower, type=kind), ew, 100 * tolerance(dtype))
    wide = numpy.complex128 if v.dtype.kind == "c" else numpy.float64
    a, b, v, w = a.astype(wide), b.astype(wide), v.astype(wide), w.astype(numpy.float64)
    lhs = {1: a @ v, 2: a @ b @ v, 3: b @ a @ v}[kind]
    rhs = (b @ v if kind == 1 else v) * w[..., None, :]
    assert_close(lhs, rhs, 1000 * tolerance(dtype))
    gram = _conj_t(v) @ (b if kind in (1, 2) else numpy.linalg.inv(b)) @ v  # LAPACK's normalization
    assert_close(gram, numpy.broadcast_to(numpy.eye(shape[-1], dtype=wide), gram.shape), 1000 * tolerance(dtype))


@pytest.mark.parametrize("subset", [{"subset_by_index": [1, 2]}, {"subset_by_index": (0, 0)},
                                    {"subset_by_value": [-1, 2]}, {"subset_by_value": [-numpy.inf, 0]},
                                    {"subset_by_value": [100, numpy.inf]}])
def test_eigh_subsets(subset):
    h = hermitian((5, 5), numpy.float64)
    assert_close(gl.eigh(h, eigvals_only=True, **subset), scipy_linalg.eigh(h, eigvals_only=True, **subset), 1e-10)
    w, v = host(gl.eigh(h, **subset))
    ew, ev = scipy_linalg.eigh(h, **subset)
    assert v.shape == ev.shape
    assert_close(numpy.abs(_conj_t(v) @ ev), numpy.eye(ew.size), 1e-8, check_dtype=False)


def test_eigh_value_subset_over_a_stack():
    # the same count at different positions: each matrix's own run
    h = numpy.stack([numpy.diag([1.0, 2.0, 3.0]), numpy.diag([0.0, 1.5, 2.0])])
    assert_close(gl.eigvalsh(h, subset_by_value=[0.5, 2.2]), numpy.array([[1.0, 2.0], [1.5, 2.0]]), 0)
    w, v = host(gl.eigh(h, subset_by_value=[0.5, 2.2]))
    assert numpy.allclose(h @ v, v * w[:, None, :])
    with pytest.raises(ValueError, match="different numbers of eigenvalues"):
        gl.eigvalsh(h, subset_by_value=[1.2, 2.7])


@pytest.mark.parametrize("call", [
    lambda m: m.eigh(numpy.ones((2, 3))),
    lambda m: m.eigh(numpy.eye(3), numpy.eye(2)),
    lambda m: m.eigh(numpy.eye(3), numpy.ones((3, 2))),
    lambda m: m.eigh(numpy.eye(3), subset_by_index=[2, 1]),
    lambda m: m.eigh(numpy.eye(3), subset_by_index=[0, 3]),
    lambda m: m.eigh(numpy.eye(3), numpy.diag([1.0, -1.0, 1.0])),
    lambda m: m.eigh(numpy.array([[1.0, numpy.nan], [numpy.nan, 1.0]])),
    pytest.param(lambda m: m.eig(numpy.ones((2, 3))), marks=since_scipy_1_18("the batched eig's error texts")),
    lambda m: m.eig(numpy.array([[1.0, numpy.inf], [1.0, 1.0]])),
    pytest.param(lambda m: m.eigvals(numpy.ones(3)), marks=since_scipy_1_18("the batched eig's error texts")),
])
def test_errors_are_scipys(call):
    raises_like(lambda: call(gl), lambda: call(scipy_linalg))


@pytest.mark.parametrize("dtype", [numpy.float64, numpy.complex64, numpy.int32])
def test_empty(dtype):
    for ours, expected in ((gl.eig(numpy.ones((0, 0), dtype), left=True),
                            scipy_linalg.eig(numpy.ones((0, 0), dtype), left=True)),
                           (gl.eigh(numpy.ones((0, 0), dtype)), scipy_linalg.eigh(numpy.ones((0, 0), dtype)))):
        for o, e in zip(ours, expected):
            assert_close(o, e, 0)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(4, 4), (2, 3, 3), (1, 1)])
def test_eig(dtype, shape):
    a = draw(shape, dtype)
    w, vl, vr = host(gl.eig(xp.asarray(a), left=True))
    ew, evl, evr = scipy_linalg.eig(a, left=True)
    assert (w.dtype, vl.dtype, vr.dtype) == (ew.dtype, evl.dtype, evr.dtype)
    assert_close(numpy.sort_complex(w), numpy.sort_complex(ew), 10 * tolerance(dtype))
    assert_close(a @ vr, vr * w[..., None, :], 100 * tolerance(dtype), check_dtype=False)
    assert_close(_conj_t(vl) @ a, w[..., :, None] * _conj_t(vl), 100 * tolerance(dtype), check_dtype=False)
    assert_close(numpy.linalg.norm(vl, axis=-2), numpy.ones(w.shape), 10 * tolerance(dtype), check_dtype=False)
    assert_close(numpy.sort_complex(host(gl.eigvals(a))), numpy.sort_complex(scipy_linalg.eigvals(a)),
                 10 * tolerance(dtype))
    ours, expected = gl.eig(a, left=False, right=False), scipy_linalg.eig(a, left=False, right=False)
    assert host(ours).dtype == expected.dtype
    homogeneous = host(gl.eigvals(a, homogeneous_eigvals=True))
    assert homogeneous.shape == scipy_linalg.eigvals(a, homogeneous_eigvals=True).shape
    assert numpy.array_equal(homogeneous[..., 1, :], numpy.ones(w.shape))


def test_left_vectors_are_scipys_up_to_order():
    a = draw((6, 6), numpy.complex128, seed=3)
    w, vl, vr = host(gl.eig(a, left=True))
    ew, evl, evr = scipy_linalg.eig(a, left=True)
    for j, value in enumerate(ew):  # LAPACK's normalization: unit norm, largest entry real
        i = int(numpy.argmin(numpy.abs(w - value)))
        assert_close(vl[:, i], evl[:, j], 1e-8)


def test_real_matrix_with_complex_pairs():
    a = numpy.array([[0.0, -1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 2.0]])
    w, vl, vr = host(gl.eig(a, left=True))
    assert vr.dtype == numpy.complex128 and vl.dtype == numpy.complex128
    assert numpy.allclose(a @ vr, vr * w) and numpy.allclose(_conj_t(vl) @ a, w[:, None] * _conj_t(vl))


def test_left_vectors_of_a_defective_matrix():
    # geev's right vectors of a Jordan block are (nearly) parallel: their inverse is
    # singular (LinAlgError naming the cause) or huge, and then still gives the left vector.
    a = numpy.array([[1.0, 1.0], [0.0, 1.0]])
    try:
        w, vl, vr = host(gl.eig(a, left=True))
    except numpy.linalg.LinAlgError as error:
        assert "defective" in str(error)
        return
    assert numpy.allclose(_conj_t(vl) @ a, w[:, None] * _conj_t(vl), atol=1e-6)
