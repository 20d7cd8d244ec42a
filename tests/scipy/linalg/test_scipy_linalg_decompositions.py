# SPDX-License-Identifier: BSD-3-Clause
"""qr, rq, qr_multiply, the SVD family, lstsq, pinv, pinvh, norm and the
matrix properties against scipy.linalg: values (factors up to their phases),
dtypes, batches, empty inputs and errors."""
import warnings

import numpy
import pytest

scipy_linalg = pytest.importorskip("scipy.linalg")

import gpuarray as xp  # noqa: E402
import gpuarray.scipy.linalg as gl  # noqa: E402
from scipy_linalg_cases import (since_scipy_1_18, LAPACK_DTYPES, assert_close, device, draw, gpu, hermitian, host,  # noqa: E402
                                raises_like, tolerance)

pytestmark = gpu
DTYPES = LAPACK_DTYPES + [numpy.int8, numpy.int64, numpy.float16]
SHAPES = [(5, 3), (3, 5), (4, 4), (2, 3, 4, 3)]


def _conj_t(x):
    return numpy.swapaxes(numpy.conj(x), -1, -2)


def _full_rank(a):
    s = numpy.linalg.svd(numpy.asarray(a, dtype=complex), compute_uv=False)
    return bool((s.min(axis=-1) > 1e-6 * s.max(axis=-1)).all())


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", SHAPES)
def test_qr(dtype, shape):
    a = draw(shape, dtype)
    modes = ["full", "qr", "economic", "r"] + (["raw"] if len(shape) == 2 else [])
    for mode in modes:
        ours, expected = gl.qr(device(a), mode=mode), scipy_linalg.qr(a, mode=mode)
        expected = (expected,) if mode == "r" and not isinstance(expected, (tuple, list)) else expected
        assert isinstance(ours, tuple) and len(ours) == len(expected)
        if mode == "raw":
            assert_close(ours[0][0], expected[0][0], tolerance(dtype))
            assert_close(ours[0][1], expected[0][1], tolerance(dtype))
            assert_close(ours[1], expected[1], tolerance(dtype))
        else:
            for o, e in zip(ours, expected):
                assert_close(o, e, 10 * tolerance(dtype))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("mode", ["full", "economic", "r"])
def test_rq(dtype, shape, mode):
    a = draw(shape, dtype)
    ours, expected = host(gl.rq(device(a), mode=mode)), scipy_linalg.rq(a, mode=mode)
    if mode == "r":
        ours, expected = (ours,), (expected,)
    for o, e in zip(ours, expected):
        assert o.shape == e.shape and o.dtype == e.dtype
    r = ours[0]
    assert numpy.allclose(numpy.tril(r, r.shape[-1] - r.shape[-2] - 1), 0)
    if numpy.dtype(dtype).kind in "fc":  # unique up to phases where the trailing block is nonsingular
        assert_close(numpy.abs(r), numpy.abs(expected[0]), 10 * tolerance(dtype))
    if mode != "r":
        q = ours[1]
        assert_close(r @ q, expected[0] @ expected[1], 10 * tolerance(dtype))
        eye = numpy.broadcast_to(numpy.eye(q.shape[-2], dtype=q.dtype), q.shape[:-1] + (q.shape[-2],))
        assert_close(q @ _conj_t(q), eye, 10 * tolerance(dtype))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(5, 3), (3, 5), (4, 4)])
@pytest.mark.parametrize("conjugate", [False, True])
def test_qr_multiply(dtype, shape, conjugate):
    a = draw(shape, dtype)
    m, n = shape
    k = min(m, n)
    for mode, cshape in [("left", (k, 2)), ("left", (k,)), ("right", (2, m)), ("right", (m,))]:
        c = draw(cshape, dtype, seed=7)
        ours = gl.qr_multiply(a, c, mode=mode, conjugate=conjugate)
        expected = scipy_linalg.qr_multiply(a, c, mode=mode, conjugate=conjugate)
        assert_close(ours[0], expected[0], 10 * tolerance(dtype))
        assert_close(ours[1], expected[1], 10 * tolerance(dtype))
    if m > n:
        c = draw((m, 2), dtype, seed=8)
        ours = gl.qr_multiply(a, c, mode="left", overwrite_c=True)
        expected = scipy_linalg.qr_multiply(a, c.copy(), mode="left", overwrite_c=True)  # SciPy overwrites c
        assert_close(ours[0], expected[0], 10 * tolerance(dtype))


@pytest.mark.parametrize("shape", [(0, 3), (2, 0)])
@pytest.mark.parametrize("mode", ["full", "economic", "r", "raw"])
def test_qr_empty_is_in_the_lapack_dtype(shape, mode):
    """SciPy 1.18 gives an empty integer matrix's factors in float64 (1.17 kept int64)."""
    a = numpy.ones(shape, dtype=numpy.int64)
    flat = lambda r: [x for item in r for x in (item if isinstance(item, tuple) else (item,))]  # noqa: E731
    for o, e in zip(flat(gl.qr(a, mode=mode)), flat(scipy_linalg.qr(a.astype(numpy.float64), mode=mode))):
        assert_close(o, e, 0) if mode == "full" else None
        assert host(o).shape == e.shape and host(o).dtype == numpy.float64


def test_qr_lwork_is_deprecated():
    a = draw((4, 3), numpy.float64)
    with pytest.warns(DeprecationWarning, match="`lwork` keyword is deprecated"):
        q, r = gl.qr(device(a), lwork=10)
    assert_close(q @ r, a, 1e-12)
    with pytest.raises(ValueError, match="lwork should be None, -1 or > M, got 4"):
        gl.qr(a, lwork=4)


@pytest.mark.parametrize("call", [
    pytest.param(lambda m: m.qr(numpy.ones(3)), marks=since_scipy_1_18("the batched routines' error texts")),
    lambda m: m.rq(numpy.ones(3)),
    lambda m: m.qr(numpy.array([[1.0, numpy.nan]])),
    lambda m: m.qr_multiply(numpy.ones((4, 3)), numpy.ones(3)),
    lambda m: m.qr_multiply(numpy.ones((4, 3)), numpy.ones((4, 5)), mode="left"),
    lambda m: m.qr_multiply(numpy.ones((4, 3)), [1.0, numpy.inf, 1.0], mode="left"),
    pytest.param(lambda m: m.svd(numpy.ones(3)), marks=since_scipy_1_18("the batched routines' error texts")),
    lambda m: m.svd(numpy.array([[numpy.inf]])),
    lambda m: m.diagsvd(numpy.array([1, 2]), 3, 4),
    lambda m: m.lstsq(numpy.eye(2), numpy.ones(3)),
    lambda m: m.lstsq(numpy.eye(2), [1.0, numpy.nan]),
    lambda m: m.pinvh(numpy.ones((2, 3))),
    lambda m: m.orthogonal_procrustes(numpy.ones((2, 3)), numpy.ones((3, 2))),
    lambda m: m.subspace_angles(numpy.ones((3, 2)), numpy.ones((4, 2))),
    lambda m: m.norm([1.0, numpy.inf]),
    lambda m: m.issymmetric(numpy.ones(3)),
    lambda m: m.ishermitian(numpy.ones((2, 3))),
    pytest.param(lambda m: m.bandwidth(numpy.ones(3)), marks=since_scipy_1_18("the batched routines' error texts")),
])
def test_errors_are_scipys(call):
    raises_like(lambda: call(gl), lambda: call(scipy_linalg))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", SHAPES)
def test_svd_family(dtype, shape):
    a = draw(shape, dtype)
    for full in (True, False):
        u, s, vh = host(gl.svd(device(a), full_matrices=full))
        eu, es, evh = scipy_linalg.svd(a, full_matrices=full)
        assert (u.shape, u.dtype, vh.shape, vh.dtype) == (eu.shape, eu.dtype, evh.shape, evh.dtype)
        assert_close(s, es, tolerance(dtype))
        k = es.shape[-1]
        assert_close((u[..., :k] * s[..., None, :]) @ vh[..., :k, :], (eu[..., :k] * es[..., None, :]) @ evh[..., :k, :],
                     10 * tolerance(dtype))
    assert_close(gl.svd(a, compute_uv=False, lapack_driver="gesvd"), scipy_linalg.svd(a, compute_uv=False),
                 tolerance(dtype))
    assert_close(gl.svdvals(a), scipy_linalg.svdvals(a), tolerance(dtype))
    for side in ("right", "left"):
        u, p = gl.polar(a, side)
        eu, ep = scipy_linalg.polar(a, side)
        assert_close(p, ep, 10 * tolerance(dtype))
        if _full_rank(a):
            assert_close(u, eu, 10 * tolerance(dtype))
    b = draw(shape, dtype, seed=9)
    r, scale = gl.orthogonal_procrustes(a, b)
    er, escale = scipy_linalg.orthogonal_procrustes(a, b)
    assert_close(scale, numpy.asarray(escale), 10 * tolerance(dtype))
    if shape[-2] >= shape[-1] and _full_rank(a):
        assert_close(r, er, 100 * tolerance(dtype))


@pytest.mark.parametrize("a", [numpy.ones((2, 3)), numpy.ones((4, 2)), numpy.outer(numpy.arange(5.0), [1, 2, 3, 4, 5]),
                               numpy.eye(3), numpy.ones((3, 2, 3))])
def test_orth_and_null_space_span_scipys(a):
    for ours, expected in ((gl.orth(a), scipy_linalg.orth(a)), (gl.null_space(a), scipy_linalg.null_space(a))):
        ours = host(ours)
        assert ours.shape == expected.shape
        assert_close(ours @ _conj_t(ours), expected @ _conj_t(expected), 1e-10)


def test_orth_of_a_stack_with_different_ranks_raises():
    with pytest.raises(ValueError, match="different ranks"):
        gl.orth(numpy.stack([numpy.eye(3), numpy.diag([1.0, 1.0, 0.0])]))


@pytest.mark.parametrize("A, B", [(numpy.ones((6, 2)) + numpy.eye(6, 2), numpy.eye(6)[:, :3]),
                                  (draw((5, 2), numpy.float64), draw((5, 3), numpy.float64, seed=1)),
                                  (draw((5, 3), numpy.complex128), draw((5, 1), numpy.complex128, seed=1)),
                                  (numpy.array([[1.0, 0], [0, 1], [0, 0]]), numpy.array([[1.0], [1], [0]]))])
def test_subspace_angles(A, B):
    assert_close(gl.subspace_angles(A, B), scipy_linalg.subspace_angles(A, B), 1e-10)


@pytest.mark.parametrize("s, M, N", [([1, 2, 3], 3, 4), ([1, 2, 3], 4, 3), (numpy.ones((2, 3), numpy.float32), 3, 5)])
def test_diagsvd(s, M, N):
    assert_close(gl.diagsvd(numpy.asarray(s), M, N), scipy_linalg.diagsvd(s, M, N), 0)


@pytest.mark.parametrize("shape, full", [((0, 3), True), ((3, 0), False), ((2, 0, 3), True)])
def test_svd_empty(shape, full):
    for o, e in zip(gl.svd(numpy.ones(shape), full_matrices=full), scipy_linalg.svd(numpy.ones(shape),
                                                                                   full_matrices=full)):
        assert_close(o, e, 0)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape, bshape", [((6, 3), (6,)), ((6, 3), (6, 2)), ((3, 6), (3,)), ((4, 4), (4, 1)),
                                           ((2, 6, 3), (2, 6, 1)), ((2, 6, 3), (6,))])
@since_scipy_1_18("lstsq's residues (x's dtype)")
def test_lstsq(dtype, shape, bshape):
    a, b = draw(shape, dtype), draw(bshape, dtype, seed=3)
    for driver in (None, "gelss", "gelsy"):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            x, res, rank, s = scipy_linalg.lstsq(a, b, lapack_driver=driver)
        ox, ores, orank, os_ = gl.lstsq(device(a), b, lapack_driver=driver)
        assert_close(ox, x, 100 * tolerance(dtype))
        assert_close(ores, numpy.asarray(res), 1000 * tolerance(dtype))
        assert numpy.array_equal(numpy.asarray(orank), numpy.asarray(rank))
        if driver == "gelsy":
            assert os_ is None
        else:
            assert_close(os_, s, tolerance(dtype))


@since_scipy_1_18("lstsq's residues (NaN for a rank-deficient matrix)")
def test_lstsq_rank_deficient_and_empty():
    a = numpy.ones((4, 3))
    a[:, 2] = a[:, 0]
    x, res, rank, s = scipy_linalg.lstsq(a, numpy.arange(4.0))
    ox, ores, orank, os_ = gl.lstsq(a, numpy.arange(4.0))
    assert_close(ox, x, 1e-10)
    assert_close(ores, numpy.asarray(res), 1e-10)
    assert orank == rank
    for args in [(numpy.ones((0, 3)), numpy.ones(0)), (numpy.ones((3, 0)), numpy.ones(3)),
                 (numpy.ones((3, 0)), numpy.ones((3, 2)))]:
        for o, e in zip(gl.lstsq(*args), scipy_linalg.lstsq(*args)):
            assert_close(o, numpy.asarray(e), 1e-15)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(5, 3), (3, 5), (4, 4), (2, 3, 4)])
def test_pinv(dtype, shape):
    a = draw(shape, dtype)
    assert_close(gl.pinv(device(a)), scipy_linalg.pinv(a), 100 * tolerance(dtype))
    assert_close(gl.pinv(a, atol=0.5, rtol=0.1), scipy_linalg.pinv(a, atol=0.5, rtol=0.1), 100 * tolerance(dtype))
    if len(shape) == 2:
        assert gl.pinv(a, return_rank=True)[1] == scipy_linalg.pinv(a, return_rank=True)[1]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("lower", [True, False])
def test_pinvh(dtype, lower):
    h = hermitian((2, 4, 4), dtype)
    part = numpy.tril if lower else numpy.triu
    assert_close(gl.pinvh(part(h), lower=lower), scipy_linalg.pinvh(part(h), lower=lower), 100 * tolerance(dtype))
    single = numpy.array([[1.0, 1.0], [1.0, 1.0]])
    ours, rank = gl.pinvh(single, return_rank=True)
    expected, erank = scipy_linalg.pinvh(single, return_rank=True)
    assert_close(ours, expected, 1e-12)
    assert rank == erank


@pytest.mark.parametrize("a, orders", [(draw((3, 3), numpy.float64), [None, "fro", "nuc", 1, -1, 2, -2, numpy.inf]),
                                       (draw((4,), numpy.float32), [None, 0, 1, 2, numpy.inf, -numpy.inf, 3]),
                                       (draw((2, 3, 3), numpy.complex64), [None]),
                                       (numpy.arange(6).reshape(2, 3), [None, 1, "fro"])])
def test_norm(a, orders):
    for order in orders:
        expected = numpy.asarray(scipy_linalg.norm(a, order)).astype(numpy.linalg.norm(a, order).dtype)
        assert_close(gl.norm(xp.asarray(a), order), expected, 1e-6)
    assert_close(gl.norm(a, axis=-1, keepdims=True), scipy_linalg.norm(a, axis=-1, keepdims=True), 1e-6)


@pytest.mark.parametrize("a", [numpy.ones((2, 2, 2)), numpy.ones((0, 0)), numpy.array([[1, 2], [2, 1]], numpy.int8),
                               numpy.array([[1, 2j], [-2j, 1]]), numpy.array([[1.0, 1], [1 + 1e-9, 1]]),
                               numpy.array([[1j, 0], [0, 1]]), numpy.array([[1, numpy.nan], [numpy.nan, 1]]),
                               numpy.array([[numpy.nan, 1], [1, 1]]), numpy.array([[1, numpy.inf], [numpy.inf, 2]]),
                               numpy.array([[1, 0, 0], [0, 1, 5], [3, 0, 1]]), numpy.ones((3, 4))])
def test_matrix_properties(a):
    for name in ("issymmetric", "ishermitian", "bandwidth"):
        try:
            expected = getattr(scipy_linalg, name)(a)
        except ValueError:
            raises_like(lambda: getattr(gl, name)(a), lambda: getattr(scipy_linalg, name)(a))
            continue
        ours = host(getattr(gl, name)(a))
        assert numpy.array_equal(numpy.asarray(ours, dtype=object).astype(float),
                                 numpy.asarray(expected, dtype=object).astype(float)), (name, ours, expected)


def test_symmetry_tolerances():
    a = numpy.array([[1.0, 1], [1 + 1e-9, 1]])
    for name in ("issymmetric", "ishermitian"):
        for kw in ({"atol": 1e-8}, {"rtol": 1e-8}, {"atol": 1e-12}):
            assert getattr(gl, name)(a, **kw) == getattr(scipy_linalg, name)(a, **kw)
