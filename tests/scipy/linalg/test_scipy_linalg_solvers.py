# SPDX-License-Identifier: BSD-3-Clause
"""solve (every assume_a), inv, det, solve_triangular, lu, lu_factor,
lu_solve, cholesky, cho_factor and cho_solve against scipy.linalg: values,
dtypes, batches, layouts, empty inputs, check_finite and SciPy's errors."""
import warnings

import numpy
import pytest

scipy_linalg = pytest.importorskip("scipy.linalg")

import gpuarray as xp  # noqa: E402
import gpuarray.scipy.linalg as gl  # noqa: E402
from scipy_linalg_cases import (since_scipy_1_18, CONVERTED_DTYPES, LAPACK_DTYPES, assert_close, device, draw, gpu, host,  # noqa: E402
                                hermitian_positive_definite, raises_like, tolerance, well_conditioned)

pytestmark = gpu
DTYPES = LAPACK_DTYPES + [numpy.int8, numpy.int64, numpy.float16]
STRUCTURES = [None, "gen", "diagonal", "tridiagonal", "banded", "upper triangular", "lower triangular", "pos", "sym",
              "her"]


def _matrix_for(structure, shape, dtype, seed=0):
    if structure in ("pos", "her", "sym"):
        a = hermitian_positive_definite(shape, dtype, seed)
        if structure == "sym" and numpy.dtype(dtype).kind == "c":
            a = (a + numpy.swapaxes(a, -1, -2)).astype(dtype)
        return a
    return well_conditioned(shape, dtype, seed)


def _scipy(call):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # SciPy's LinAlgWarning for ill-conditioned input
        return call()


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("structure", STRUCTURES)
@pytest.mark.parametrize("shape, bshape", [((5, 5), (5,)), ((5, 5), (5, 2)), ((3, 4, 4), (4,)), ((3, 4, 4), (3, 4, 3)),
                                           ((2, 1, 3, 3), (4, 3, 2)), ((40, 3, 3), (3,))])
def test_solve(dtype, structure, shape, bshape):
    a = _matrix_for(structure, shape, dtype)
    b = draw(bshape, dtype, seed=1)
    for lower in (False, True):
        for transposed in (False, True):
            if transposed and numpy.dtype(dtype).kind == "c":
                raises_like(lambda: gl.solve(a, b, assume_a=structure, transposed=True),
                            lambda: scipy_linalg.solve(a, b, assume_a=structure, transposed=True))
                continue
            expected = _scipy(lambda: scipy_linalg.solve(a, b, lower=lower, assume_a=structure, transposed=transposed))
            ours = gl.solve(device(a), b, lower=lower, assume_a=structure, transposed=transposed)
            assert_close(ours, expected, 10 * tolerance(dtype))


def test_solve_reads_only_the_named_triangle():
    a = hermitian_positive_definite((4, 4), numpy.complex128)
    garbage = a.copy()
    garbage[numpy.tril_indices(4, -1)] = 99 + 7j
    garbage[numpy.diag_indices(4)] += 5j  # hesv ignores the diagonal's imaginary part
    for structure in ("pos", "her"):
        assert_close(gl.solve(garbage, numpy.ones(4), assume_a=structure),
                     _scipy(lambda: scipy_linalg.solve(garbage, numpy.ones(4), assume_a=structure)), 1e-10)


@pytest.mark.parametrize("layout", ["transposed", "reversed", "strided"])
def test_solve_layouts(layout):
    base = well_conditioned((8, 8), numpy.float64)
    view = {"transposed": lambda x: x.T, "reversed": lambda x: x[::-1, ::-1], "strided": lambda x: x[::2, ::2]}[layout]
    a, b = view(base), numpy.arange(view(base).shape[0], dtype=numpy.float64)
    assert_close(gl.solve(view(xp.asarray(base)), b), scipy_linalg.solve(a, b), 1e-10)
    assert_close(gl.lu_factor(view(xp.asarray(base)))[0], scipy_linalg.lu_factor(a)[0], 1e-10)


def test_solve_scalar_matrix():
    assert_close(gl.solve(numpy.array([[2.0]]), numpy.ones(5)), scipy_linalg.solve(numpy.array([[2.0]]), numpy.ones(5)),
                 0)
    raises_like(lambda: gl.solve(numpy.array([[0.0]]), numpy.ones(5)),
                lambda: scipy_linalg.solve(numpy.array([[0.0]]), numpy.ones(5)))


@pytest.mark.parametrize("a, b", [(numpy.ones((0, 0)), numpy.ones(0)), (numpy.ones((2, 2), numpy.float32),
                                                                         numpy.ones((2, 0), numpy.float32)),
                                  (numpy.ones((3, 0, 0)), numpy.ones((3, 0, 2)))])
def test_solve_empty(a, b):
    assert_close(gl.solve(a, b), scipy_linalg.solve(a, b), 0)


SINGULAR = numpy.array([[1.0, 2.0], [2.0, 4.0]])


@pytest.mark.parametrize("call", [
    lambda m: m.solve(SINGULAR, numpy.ones(2)),
    lambda m: m.solve(numpy.stack([numpy.eye(2), SINGULAR]), numpy.ones(2)),
    lambda m: m.solve(numpy.diag([1.0, 0.0]), numpy.ones(2), assume_a="diagonal"),
    lambda m: m.solve(numpy.diag([1.0, 0.0]), numpy.ones(2), assume_a="upper triangular"),
    lambda m: m.solve(numpy.array([[1.0, 2.0], [2.0, 1.0]]), numpy.ones(2), assume_a="pos"),
    lambda m: m.solve(SINGULAR, numpy.ones(2), assume_a="sym"),
    lambda m: m.inv(SINGULAR),
    lambda m: m.inv(numpy.stack([SINGULAR, numpy.eye(2)])),
    lambda m: m.inv(numpy.diag([1.0, 0.0]), assume_a="diagonal"),
    lambda m: m.inv(numpy.array([[1.0, 2.0], [2.0, 1.0]]), assume_a="pos"),
    lambda m: m.inv(numpy.array([[1.0, 2.0], [0.0, 0.0]]), assume_a="upper triangular"),
])
def test_singular_matrices_raise_scipys_error(call):
    error = raises_like(lambda: call(gl), lambda: call(scipy_linalg), prefix_only=True)
    assert str(error).startswith("A singular matrix detected")


def test_singular_error_names_every_singular_position():
    stack = numpy.stack([numpy.eye(2), SINGULAR, numpy.eye(2), SINGULAR])
    with pytest.raises(numpy.linalg.LinAlgError, match=r"slice\(s\) \[1, 3\] are singular"):
        gl.solve(stack, numpy.ones(2))


@pytest.mark.parametrize("call", [
    lambda m: m.solve(numpy.ones((2, 2)), numpy.ones(3)),
    lambda m: m.solve(numpy.ones(3), numpy.ones(3)),
    lambda m: m.solve(numpy.eye(2), [1.0, numpy.nan]),
    lambda m: m.solve(numpy.array([[numpy.inf, 0], [0, 1.0]]), numpy.ones(2)),
    lambda m: m.inv(numpy.ones((2, 3))),
    lambda m: m.inv(numpy.ones(3)),
    lambda m: m.inv(numpy.array([[numpy.nan]])),
    lambda m: m.det(numpy.ones((2, 3))),
    lambda m: m.det(numpy.ones(3)),
    lambda m: m.det(numpy.array([[numpy.inf]])),
    lambda m: m.solve_triangular(numpy.ones((3, 2)), numpy.ones(3)),
    lambda m: m.solve_triangular(numpy.eye(3), numpy.ones(2)),
    lambda m: m.solve_triangular(numpy.diag([1.0, 0.0, 1.0]), numpy.ones(3)),
    lambda m: m.lu(numpy.ones(3)),
    lambda m: m.lu_factor(numpy.array([[1.0, numpy.nan], [0, 1]])),
    lambda m: m.lu_solve(m.lu_factor(numpy.eye(3)), numpy.ones(2)),
    lambda m: m.lu_solve(m.lu_factor(numpy.eye(3)), [1.0, numpy.inf, 1.0]),
    pytest.param(lambda m: m.cholesky(numpy.ones((2, 3))), marks=since_scipy_1_18("the batched Cholesky's error texts")),
    pytest.param(lambda m: m.cholesky(numpy.array([[1.0, 2.0], [2.0, 1.0]])), marks=since_scipy_1_18("the batched Cholesky's error texts")),
    pytest.param(lambda m: m.cholesky(numpy.diag([1.0, -1.0, 1.0]), lower=True), marks=since_scipy_1_18("the batched Cholesky's error texts")),
    lambda m: m.cho_factor(numpy.array([[numpy.nan]])),
    lambda m: m.cho_solve((numpy.ones((2, 3)), False), numpy.ones(2)),
    lambda m: m.cho_solve((numpy.eye(2), False), numpy.ones(3)),
])
def test_errors_are_scipys(call):
    raises_like(lambda: call(gl), lambda: call(scipy_linalg))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(5, 5), (3, 4, 4), (60, 3, 3), (1, 1), (2, 1, 1)])
def test_inv_and_det(dtype, shape):
    a = well_conditioned(shape, dtype)
    assert_close(gl.inv(device(a)), _scipy(lambda: scipy_linalg.inv(a)), 10 * tolerance(dtype))
    assert_close(gl.det(a), numpy.asarray(scipy_linalg.det(a)), 10 * tolerance(dtype))
    for structure in ("upper triangular", "lower triangular", "diagonal"):
        assert_close(gl.inv(a, assume_a=structure), _scipy(lambda: scipy_linalg.inv(a, assume_a=structure)),
                     10 * tolerance(dtype))
    spd = hermitian_positive_definite(shape, dtype)
    for structure in ("pos", "sym", "her"):
        for lower in (False, True):
            assert_close(gl.inv(spd, assume_a=structure, lower=lower),
                         _scipy(lambda: scipy_linalg.inv(spd, assume_a=structure, lower=lower)), 10 * tolerance(dtype))


@pytest.mark.parametrize("a", [numpy.ones((0, 0)), numpy.ones((2, 0, 0)), numpy.ones((0, 0), numpy.int8),
                               numpy.array([[3]], numpy.float32), numpy.array([[2 + 1j]], numpy.complex64)])
def test_det_and_inv_edge_shapes(a):
    assert_close(gl.det(a), numpy.asarray(scipy_linalg.det(a)), 1e-6)
    assert_close(gl.inv(a), scipy_linalg.inv(a), 1e-6)


def test_det_of_singular_and_large_float32():
    assert_close(gl.det(SINGULAR), numpy.asarray(scipy_linalg.det(SINGULAR)), 1e-12)
    # The float32 product of the diagonal overflows. SciPy 1.17 multiplied in
    # float64 and gave 1e60; 1.18 multiplies in float32, gives inf and then
    # promotes. gpuarray keeps the finite, correct value (docs/scipy_linalg.md).
    big = numpy.diag([1e30, 1e30]).astype(numpy.float32)
    assert_close(gl.det(big), numpy.asarray(numpy.float64(numpy.float32(1e30)) ** 2), 1e-6)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("lower", [False, True])
@pytest.mark.parametrize("trans", [0, 1, 2, "N", "T", "C"])
@pytest.mark.parametrize("unit_diagonal", [False, True])
def test_solve_triangular(dtype, lower, trans, unit_diagonal):
    a = well_conditioned((6, 6), dtype)
    b = draw((6, 3), dtype, seed=2)
    expected = scipy_linalg.solve_triangular(a, b, trans=trans, lower=lower, unit_diagonal=unit_diagonal)
    ours = gl.solve_triangular(device(a), device(b), trans=trans, lower=lower, unit_diagonal=unit_diagonal)
    assert_close(ours, expected, 10 * tolerance(dtype))


@pytest.mark.parametrize("ashape, bshape", [((2, 3, 4, 4), (3, 4, 2)), ((4, 4), (5, 4, 3)), ((2, 4, 4), (4,)),
                                            ((200, 3, 3), (3,)), ((4, 4), (4, 0)), ((0, 0), (0,))])
def test_solve_triangular_batches(ashape, bshape):
    a, b = well_conditioned(ashape, numpy.float64), draw(bshape, numpy.float64)
    for lower in (False, True):
        assert_close(gl.solve_triangular(a, b, lower=lower), scipy_linalg.solve_triangular(a, b, lower=lower), 1e-10)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(5, 5), (7, 4), (4, 7), (3, 5, 5), (2, 3, 6, 4), (200, 3, 3), (2, 4, 6), (1, 1),
                                   (3, 1, 1), (0, 3), (2, 0, 0)])
def test_lu_family(dtype, shape):
    a = draw(shape, dtype, scale=3)
    for options in ({}, {"p_indices": True}, {"permute_l": True}):
        for ours, expected in zip(gl.lu(device(a), **options), scipy_linalg.lu(a, **options)):
            assert_close(ours, expected, tolerance(dtype))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = scipy_linalg.lu_factor(a)
        ours = gl.lu_factor(a)
    assert_close(ours[0], expected[0], tolerance(dtype))
    assert_close(ours[1], expected[1], 0)
    if shape[-1] == shape[-2] and a.size:
        a = well_conditioned(shape, dtype)
        b = draw(shape[:-1] + (2,), dtype, seed=3)
        for trans in (0, 1, 2):
            assert_close(gl.lu_solve(gl.lu_factor(a), b, trans=trans),
                         scipy_linalg.lu_solve(scipy_linalg.lu_factor(a), b, trans=trans), 10 * tolerance(dtype))


def test_lu_factor_of_a_vector_is_scipys_column():
    for a in (numpy.array([1.0, 2.0, 3.0]), numpy.array(4.0)):
        for ours, expected in zip(gl.lu_factor(a), scipy_linalg.lu_factor(a)):
            assert_close(ours, expected, 1e-15)


def test_lu_factor_warns_for_a_singular_matrix():
    with pytest.warns(gl.LinAlgWarning, match="Diagonal number 1 is exactly zero. Singular matrix."):
        gl.lu_factor(numpy.array([[0.0, 1.0], [0.0, 1.0]]))


@pytest.mark.filterwarnings("ignore:Diagonal number")
def test_lu_of_tall_matrix_with_zero_columns():
    a = numpy.zeros((6, 3))
    a[:, 0] = numpy.arange(6.0) - 2
    p, l_, u = host(gl.lu(a))
    assert numpy.allclose(p @ l_ @ u, a)
    assert_close(gl.lu_factor(a)[1], scipy_linalg.lu_factor(a)[1], 0)


def test_lu_solve_clips_pivots_out_of_range():
    lu, piv = scipy_linalg.lu_factor(numpy.eye(3))
    x = gl.lu_solve((lu, numpy.array([5, -2, 2])), numpy.arange(3.0))
    assert numpy.isfinite(host(x)).all()


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(4, 4), (3, 5, 5), (1, 1)])
@pytest.mark.parametrize("lower", [False, True])
def test_cholesky_family(dtype, shape, lower):
    a = hermitian_positive_definite(shape, dtype)
    assert_close(gl.cholesky(device(a), lower=lower), scipy_linalg.cholesky(a, lower=lower), 10 * tolerance(dtype))
    c, low = gl.cho_factor(a, lower=lower)
    expected, _ = scipy_linalg.cho_factor(a, lower=lower)
    assert low == lower
    part = numpy.tril if lower else numpy.triu
    assert_close(part(host(c)), part(expected), 10 * tolerance(dtype))
    b = draw(shape[:-1] + (3,), dtype, seed=4)
    assert_close(gl.cho_solve((c, low), b), scipy_linalg.cho_solve((expected, low), b), 100 * tolerance(dtype))
    vector = draw(shape[-1:], dtype, seed=5)
    assert_close(gl.cho_solve((c, low), vector), scipy_linalg.cho_solve((expected, low), vector),
                 100 * tolerance(dtype))


def test_cholesky_reads_one_triangle_and_promotes_vectors():
    a = hermitian_positive_definite((3, 3), numpy.float64)
    assert_close(gl.cholesky(numpy.triu(a) + 50 * numpy.tril(numpy.ones((3, 3)), -1)), scipy_linalg.cholesky(a), 1e-12)
    assert_close(gl.cholesky(numpy.array([4.0])), scipy_linalg.cholesky(numpy.array([4.0])), 0)
    assert_close(gl.cholesky(numpy.ones((0, 0), numpy.int8)), scipy_linalg.cholesky(numpy.ones((0, 0), numpy.int8)), 0)


@pytest.mark.parametrize("dtype", CONVERTED_DTYPES[:3])
def test_converted_dtypes_follow_scipy(dtype):
    a = well_conditioned((3, 3), dtype)
    assert gl.solve(a, a[0]).dtype == scipy_linalg.solve(a, a[0]).dtype
    assert gl.inv(a).dtype == scipy_linalg.inv(a).dtype
    assert gl.det(a).dtype == numpy.asarray(scipy_linalg.det(a)).dtype
    assert gl.lu(a)[1].dtype == scipy_linalg.lu(a)[1].dtype
    assert gl.solve_triangular(a, a[0]).dtype == scipy_linalg.solve_triangular(a, a[0]).dtype


def test_check_finite_false_gives_nan_for_the_bad_matrix_only():
    a = numpy.stack([numpy.eye(3), numpy.eye(3)])
    a[1, 0, 1] = numpy.nan
    lu = host(gl.lu_factor(a, check_finite=False)[0])
    assert numpy.isnan(lu[1]).all() and numpy.array_equal(lu[0], numpy.eye(3))
    x = host(gl.solve(a, numpy.ones(3), check_finite=False))
    assert numpy.isnan(x[1]).all() and numpy.allclose(x[0], 1)
