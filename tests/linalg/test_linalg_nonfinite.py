# SPDX-License-Identifier: BSD-3-Clause
"""NaN and infinities in gpuarray.linalg's input (Note [Non-finite input],
docs/linalg.md "Non-finite input"). Marked `gpu`: every routine x (NaN, +inf,
-inf) x the four LAPACK dtypes x each size path (the small-inverse kernel, cuBLAS's
batched LU, cuSOLVER's getrf with the one-vector solve or getrs, each SVD
driver), for one matrix and for a batch in which one matrix is spoiled: that
matrix's results are NaN or NumPy's LinAlgError is raised, the other matrices
equal NumPy's; values in the triangle cholesky and eigh do not read change
nothing; matmul and a non-finite right-hand side propagate as in NumPy. Without
a GPU: the NumPy behaviour that the table records where it does not depend on
the position of the bad value."""
import functools

import numpy as np
import pytest

import gpuarray as ga
from gpuarray.linalg._nonfinite import NOT_FINITE

gpu = pytest.mark.gpu
DTYPES = [np.float32, np.float64, np.complex64, np.complex128]
VALUES = [np.nan, np.inf, -np.inf]
TOL = {np.float32: 2e-3, np.float64: 1e-9, np.complex64: 2e-3, np.complex128: 1e-9}
BAD = 1  # the spoiled matrix of a batch

SVD_ERROR = "SVD did not converge"
EIGH_ERROR = "Eigenvalues did not converge"
LSTSQ_ERROR = "SVD did not converge in Linear Least Squares"


def sample(shape, dtype, seed=0, kind="general"):
    """Well-conditioned host matrices: diagonally dominant ("general"),
    Hermitian positive definite ("spd"), or plain normal samples ("plain")."""
    rng = np.random.default_rng(seed)
    host = rng.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        host = host + 1j * rng.standard_normal(shape)
    m, n = shape[-2:]
    if kind == "spd":
        host = host @ np.conj(np.swapaxes(host, -1, -2)) / n + np.eye(n)
    elif kind == "general":
        host = host + 2 * np.sqrt(n) * np.eye(m, n)
    return host.astype(dtype)


def spoil(host, value, batch, position=None):
    """A copy of `host` with `value` in matrix BAD (the only one when not
    batched) at `position`, by default one in the lower triangle."""
    host = host.copy()
    m, n = host.shape[-2:]
    index = position or (m // 2, n // 3)
    host[(BAD,) + index if batch else index] = value
    return host


def rhs(xp, a, columns):
    """One right-hand side for every matrix of `a`: a vector (columns None;
    NumPy 2 reads only a 1-D b as one) or an M x columns matrix."""
    shape = a.shape[-2:-1] if columns is None else (a.shape[-2], columns)
    return xp.asarray(sample(shape + (1,), a.dtype, 7, "plain")[..., 0])


def kind_of(value):
    return "nan" if np.isnan(value) else "inf"


# Expected results for a spoiled matrix: "NaN" (every float result), a
# LinAlgError message, or ("value", v) for one scalar result.
NAN = {"nan": "NaN", "inf": "NaN"}
SVD = {"nan": SVD_ERROR, "inf": "NaN"}
EIGH = {"nan": EIGH_ERROR, "inf": "NaN"}
EIG = {"nan": NOT_FINITE, "inf": NOT_FINITE}


def small_inverse_side(dtype):
    """The largest side of the Gauss-Jordan kernel: 64, 53 for complex128."""
    return 53 if dtype == np.complex128 else 64


def inverse_shapes(dtype):
    s = small_inverse_side(dtype)
    return [(4, 4), (s, s), (s + 1, s + 1), (3, 8, 8), (3, s, s), (3, s + 1, s + 1), (3, 128, 128), (3, 129, 129)]


SQUARE = [(4, 4), (3, 4, 4), (40, 40)]
SVD_SHAPES = [(6, 4), (4, 6), (63, 63), (64, 64), (70, 64), (64, 70), (3, 8, 5), (3, 32, 32), (3, 33, 33)]

# name: (call(xp, a), matrices, how results compare, expected for a spoiled matrix, shapes or shapes(dtype))
ROUTINES = {
    "inv": (lambda xp, a: xp.linalg.inv(a), "general", "values", NAN, inverse_shapes),
    "solve_vector": (lambda xp, a: xp.linalg.solve(a, rhs(xp, a, None)), "general", "values", NAN,
                     [(4, 4), (3, 4, 4), (3, 128, 128), (3, 129, 129), (200, 200)]),
    "solve": (lambda xp, a: xp.linalg.solve(a, rhs(xp, a, 2)), "general", "values", NAN,
              [(4, 4), (3, 4, 4), (3, 128, 128), (3, 129, 129), (200, 200)]),
    "det": (lambda xp, a: xp.linalg.det(a), "general", "values", NAN,
            [(4, 4), (129, 129), (3, 4, 4), (3, 128, 128), (3, 129, 129)]),
    "slogdet": (lambda xp, a: tuple(xp.linalg.slogdet(a)), "general", "values", NAN,
                [(4, 4), (129, 129), (3, 4, 4), (3, 128, 128), (3, 129, 129)]),
    "cholesky": (lambda xp, a: xp.linalg.cholesky(a), "spd", "values", NAN, SQUARE + [(3, 40, 40)]),
    "cholesky_upper": (lambda xp, a: xp.linalg.cholesky(a.mT, upper=True), "spd", "values", NAN, SQUARE),
    "qr": (lambda xp, a: tuple(xp.linalg.qr(a)), "plain", "qr", NAN, [(4, 4), (6, 4), (4, 6), (3, 5, 5), (3, 6, 4)]),
    "qr_r": (lambda xp, a: xp.linalg.qr(a, mode="r"), "plain", "abs", NAN, [(6, 4), (3, 5, 5)]),
    "qr_raw": (lambda xp, a: tuple(xp.linalg.qr(a, mode="raw")), "plain", "shape", NAN, [(6, 4), (3, 5, 5)]),
    "eig": (lambda xp, a: tuple(xp.linalg.eig(a)), "plain", "none", EIG, SQUARE),
    "eigvals": (lambda xp, a: xp.linalg.eigvals(a), "plain", "none", EIG, SQUARE),
    "eigh": (lambda xp, a: tuple(xp.linalg.eigh(a)), "spd", "eigh", EIGH, SQUARE + [(3, 40, 40)]),
    "eigh_upper": (lambda xp, a: tuple(xp.linalg.eigh(a.mT, UPLO="U")), "spd", "eigh", EIGH, SQUARE),
    "eigvalsh": (lambda xp, a: xp.linalg.eigvalsh(a), "spd", "values", EIGH, SQUARE + [(3, 40, 40)]),
    "svd": (lambda xp, a: tuple(xp.linalg.svd(a, full_matrices=False)), "plain", "svd", SVD, SVD_SHAPES),
    "svd_full": (lambda xp, a: tuple(xp.linalg.svd(a)), "plain", "svd", SVD, [(6, 4), (3, 5, 8), (70, 64)]),
    "svdvals": (lambda xp, a: xp.linalg.svdvals(a), "plain", "values", SVD, SVD_SHAPES),
    "svd_values": (lambda xp, a: xp.linalg.svd(a, compute_uv=False), "plain", "values", SVD, [(6, 4), (3, 8, 8)]),
    "pinv": (lambda xp, a: xp.linalg.pinv(a), "general", "values", SVD, [(4, 4), (6, 4), (3, 4, 4), (64, 64)]),
    "cond": (lambda xp, a: xp.linalg.cond(a), "general", "values", {"nan": SVD_ERROR, "inf": ("value", np.inf)},
             [(4, 4), (6, 4), (3, 4, 4), (64, 64)]),
    "cond_-2": (lambda xp, a: xp.linalg.cond(a, -2), "general", "values",
                {"nan": SVD_ERROR, "inf": ("value", np.inf)}, [(4, 4), (3, 4, 4)]),
    "cond_1": (lambda xp, a: xp.linalg.cond(a, 1), "general", "values", {"nan": "NaN", "inf": ("value", np.inf)},
               [(4, 4), (3, 4, 4), (70, 70), (3, 70, 70)]),
    "cond_fro": (lambda xp, a: xp.linalg.cond(a, "fro"), "general", "values",
                 {"nan": "NaN", "inf": ("value", np.inf)}, [(4, 4), (3, 4, 4)]),
    "matrix_rank": (lambda xp, a: xp.linalg.matrix_rank(a), "general", "values",
                    {"nan": SVD_ERROR, "inf": ("value", 0)}, [(4, 4), (6, 4), (3, 4, 4), (64, 64)]),
    "norm_2": (lambda xp, a: xp.linalg.norm(a, 2, axis=(-2, -1)), "plain", "values", SVD, [(4, 4), (3, 6, 4)]),
    "norm_-2": (lambda xp, a: xp.linalg.norm(a, -2, axis=(-2, -1)), "plain", "values", SVD, [(4, 4), (3, 4, 4)]),
    "norm_nuc": (lambda xp, a: xp.linalg.matrix_norm(a, ord="nuc"), "plain", "values", SVD, [(4, 4), (3, 4, 6)]),
    "lstsq": (lambda xp, a: lstsq(xp, a), "general", "values", {"nan": LSTSQ_ERROR, "inf": LSTSQ_ERROR},
              [(6, 4), (4, 6), (70, 64)]),
    "tensorinv": (lambda xp, a: xp.linalg.tensorinv(a.reshape(4, 2, 2), ind=1), "general", "values", NAN, [(4, 4)]),
    "tensorsolve": (lambda xp, a: xp.linalg.tensorsolve(a.reshape(2, 2, 4), rhs(xp, a, None).reshape(2, 2)),
                    "general", "values", NAN, [(4, 4)]),
    "matrix_power_-1": (lambda xp, a: xp.linalg.matrix_power(a, -1), "general", "values", NAN,
                        [(4, 4), (3, 4, 4), (70, 70)]),
}


def lstsq(xp, a):
    x, residuals, rank, s = xp.linalg.lstsq(a, rhs(xp, a, 2))
    return x, residuals, s


def cases():
    for name, (_, _, _, _, shapes) in ROUTINES.items():
        for dtype in DTYPES:
            for shape in shapes(dtype) if callable(shapes) else shapes:
                yield pytest.param(name, dtype, shape, id=f"{name}-{np.dtype(dtype).name}-{'x'.join(map(str, shape))}")


def host(x):
    return x.get() if isinstance(x, ga.ndarray) else np.asarray(x)


def as_tuple(result):
    return tuple(result) if isinstance(result, tuple) else (result,)


def close(actual, expected, dtype):
    """Within tolerance where NumPy's value is finite; non-finite where it is not (a determinant
    that overflows comes out inf in NumPy and, for complex, NaN from the product of the pivots)."""
    actual, expected = host(actual), np.asarray(expected)
    assert actual.shape == expected.shape
    finite = np.isfinite(expected)
    np.testing.assert_array_equal(np.isfinite(actual), finite)
    scale = max(1.0, float(np.abs(expected[finite]).max(initial=0)))
    np.testing.assert_allclose(actual[finite], expected[finite], rtol=TOL[dtype] * 10, atol=TOL[dtype] * 10 * scale)


def compare(how, call, actual, good, dtype):
    """gpuarray's results for the unspoiled matrices `good` against NumPy's."""
    if how == "none":
        return
    expected = as_tuple(call(np, good))
    if how == "values":
        for x, e in zip(actual, expected):
            close(x, e, dtype)
    elif how == "abs":
        close(np.abs(actual[0]), np.abs(expected[0]), dtype)
    elif how == "shape":
        assert [x.shape for x in actual] == [e.shape for e in expected]
    elif how == "qr":  # Q R = a, |R| as NumPy's
        close(actual[0] @ actual[1], good, dtype)
        close(np.abs(actual[1]), np.abs(expected[1]), dtype)
    elif how == "svd":  # singular values as NumPy's, U S Vh = a
        u, s, vh = actual
        close(s, expected[1], dtype)
        p = s.shape[-1]
        close((u[..., :p] * s[..., None, :]) @ vh[..., :p, :], good, dtype)
    elif how == "eigh":  # eigenvalues as NumPy's, V diag(w) V^H = a
        w, v = actual
        close(w, expected[0], dtype)
        close((v * w[..., None, :]) @ np.conj(np.swapaxes(v, -1, -2)), expected[1] * expected[0][..., None, :]
              @ np.conj(np.swapaxes(expected[1], -1, -2)), dtype)


def check_spoiled(results, expected, triangular=False):
    """The spoiled matrix's results (each a host array) are what `expected`
    says; a triangular result (cholesky) keeps its zero triangle."""
    if expected == "NaN":
        for x in results:
            if x.dtype.kind in "fc":
                assert (np.isnan(x) | ((x == 0) & triangular)).all(), x
                assert np.isnan(np.diagonal(x, axis1=-2, axis2=-1)).all() if triangular else True, x
    else:
        assert np.all(results[0] == expected[1]), results[0]


@gpu
@pytest.mark.parametrize("value", VALUES, ids=["nan", "inf", "-inf"])
@pytest.mark.parametrize("name,dtype,shape", list(cases()))
def test_spoiled_matrix(name, dtype, shape, value):
    """One matrix with one NaN or infinity, alone or among good ones."""
    call, kind, how, policy, _ = ROUTINES[name]
    batch = len(shape) == 3
    clean = sample(shape, dtype, 1, kind)
    spoiled = spoil(clean, value, batch)
    expected = policy[kind_of(value)]
    if isinstance(expected, str) and expected != "NaN":
        with pytest.raises(np.linalg.LinAlgError, match=f"^{expected}$"):
            call(ga, ga.asarray(spoiled))
        return
    results = [host(x) for x in as_tuple(call(ga, ga.asarray(spoiled)))]
    triangular = name.startswith("cholesky")
    if not batch:
        check_spoiled(results, expected, triangular)
        return
    check_spoiled([x[BAD] for x in results], expected, triangular)
    good = np.delete(clean, BAD, axis=0)
    compare(how, call, [np.delete(x, BAD, axis=0) for x in results], good, dtype)


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("value", VALUES, ids=["nan", "inf", "-inf"])
@pytest.mark.parametrize("n", [2457, 2458])
def test_solve_one_vector_each_side_of_the_row_swap_kernel(n, value, dtype):
    """complex128 past 2457 rows solves by getrs, below by trsv and the swap kernel."""
    if dtype != np.complex128:
        pytest.skip("the limit is complex128's; the other dtypes meet it at larger sides")
    a = spoil(sample((2, n, n), dtype, 2), value, True)
    x = ga.linalg.solve(ga.asarray(a), ga.asarray(sample((n, 1), dtype, 3, "plain")[:, 0])).get()
    assert np.isnan(x[BAD]).all()
    close(x[0], good_solution(n, dtype), dtype)


@functools.lru_cache(maxsize=None)
def good_solution(n, dtype):
    return np.linalg.solve(sample((2, n, n), dtype, 2)[0], sample((n, 1), dtype, 3, "plain")[:, 0])


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", ["cholesky", "cholesky_upper", "eigh", "eigh_upper", "eigvalsh"])
@pytest.mark.parametrize("value", VALUES, ids=["nan", "inf", "-inf"])
def test_values_in_the_unread_triangle_change_nothing(name, value, dtype):
    """cholesky and eigh read one triangle; as in NumPy, the other may hold anything."""
    call, kind, how, _, _ = ROUTINES[name]
    clean = sample((3, 6, 6), dtype, 4, kind)
    # Above the diagonal of a: the "upper" variants are called on a.mT, so they too read a's lower triangle.
    a = spoil(clean, value, True, (1, 4))
    results = [host(x) for x in as_tuple(call(ga, ga.asarray(a)))]
    compare(how, call, results, clean, dtype)


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("value", VALUES, ids=["nan", "inf", "-inf"])
@pytest.mark.parametrize("shape,columns", [((4, 4), None), ((4, 4), 3), ((3, 4, 4), 2), ((3, 129, 129), 1),
                                           ((200, 200), None)])
def test_solve_non_finite_right_hand_side(shape, columns, value, dtype):
    """A bad value in b spoils its own column of x, as in NumPy; a stays good."""
    a = sample(shape, dtype, 5)
    b = host(rhs(np, a, columns)).copy()
    b[(Ellipsis, 1) if columns is None else (Ellipsis, 1, columns - 1)] = value
    got = ga.linalg.solve(ga.asarray(a), ga.asarray(b)).get()
    expected = np.linalg.solve(a, b)
    np.testing.assert_array_equal(np.isfinite(got), np.isfinite(expected))
    finite = np.isfinite(expected)
    np.testing.assert_allclose(got[finite], expected[finite], rtol=TOL[dtype] * 10,
                               atol=TOL[dtype] * 10 * max(1.0, float(np.abs(expected[finite]).max(initial=0))))


def non_finite(x):
    """Per element: whether it is NaN or infinite (a complex one in either part)."""
    return ~np.isfinite(x)


def classes(x):
    """Per element: which of NaN, +inf, -inf, finite (real and imaginary parts apart)."""
    parts = (x.real, x.imag) if x.dtype.kind == "c" else (x,)
    return np.stack([np.select([np.isnan(p), p == np.inf, p == -np.inf], [0, 1, 2], 3) for p in parts])


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("value", VALUES, ids=["nan", "inf", "-inf"])
@pytest.mark.parametrize("operand", [0, 1])
@pytest.mark.parametrize("sa,sb", [((5,), (5,)), ((5,), (5, 3)), ((4, 5), (5,)), ((4, 5), (5, 3)),
                                   ((2, 4, 5), (2, 5, 3)), ((2, 4, 5), (5, 3)), ((300, 200), (200, 100))])
def test_matmul_propagates(sa, sb, operand, value, dtype):
    """matmul has no masking: NaN and infinities reach the products NumPy's
    do, with NumPy's kind (NaN, +inf or -inf) in every element."""
    ops = [sample(sa + (1,), dtype, 8, "plain")[..., 0], sample(sb + (1,), dtype, 9, "plain")[..., 0]]
    ops[operand][(0,) * ops[operand].ndim] = value
    got = (ga.asarray(ops[0]) @ ga.asarray(ops[1])).get()
    with np.errstate(invalid="ignore"):
        expected = ops[0] @ ops[1]
    # An infinity times a complex number gives NaN or infinite parts by the
    # order of the BLAS's operations (cuBLAS and OpenBLAS differ): for complex
    # infinities only where the products are non-finite must agree.
    if np.dtype(dtype).kind == "c" and not np.isnan(value):
        np.testing.assert_array_equal(non_finite(got), non_finite(expected))
    else:
        np.testing.assert_array_equal(classes(got), classes(expected))
    finite = np.isfinite(expected)
    np.testing.assert_allclose(got[finite], expected[finite], rtol=TOL[dtype] * 10, atol=TOL[dtype] * 100)


@gpu
@pytest.mark.parametrize("value", VALUES, ids=["nan", "inf", "-inf"])
def test_matrix_power_propagates(value):
    a = sample((3, 6, 6), np.float64, 10, "plain")
    a[1, 2, 3] = value
    with np.errstate(invalid="ignore"):
        expected = np.linalg.matrix_power(a, 3)
    got = ga.linalg.matrix_power(ga.asarray(a), 3).get()
    # inf - inf arises in both, in sums of different order: NaN or inf per element may differ.
    np.testing.assert_array_equal(non_finite(got), non_finite(expected))
    if np.isnan(value):
        np.testing.assert_array_equal(classes(got), classes(expected))
    np.testing.assert_array_equal(ga.linalg.matrix_power(ga.asarray(a), 0).get(), np.linalg.matrix_power(a, 0))


# NumPy's side of the table, where its behaviour does not depend on the
# position of the bad value (run on the host: no GPU needed).
NUMPY_CASES = [
    ("eig", "nan", NOT_FINITE), ("eig", "inf", NOT_FINITE), ("eigvals", "nan", NOT_FINITE),
    ("eigvals", "inf", NOT_FINITE), ("svdvals", "nan", SVD_ERROR), ("svd", "nan", SVD_ERROR),
    ("pinv", "nan", SVD_ERROR), ("cond", "nan", SVD_ERROR), ("matrix_rank", "nan", SVD_ERROR),
    ("norm_2", "nan", SVD_ERROR), ("eigvalsh", "nan", EIGH_ERROR), ("lstsq", "nan", LSTSQ_ERROR),
    ("svdvals", "inf", "NaN"), ("norm_nuc", "inf", "NaN"), ("cond", "inf", ("value", np.inf)),
    ("matrix_rank", "inf", ("value", 0)), ("cond_1", "nan", "NaN"), ("cond_1", "inf", ("value", np.inf)),
    ("inv", "nan", "some NaN"), ("solve", "nan", "some NaN"), ("det", "nan", "NaN"), ("qr", "nan", "some NaN"),
    ("qr", "inf", "some NaN"), ("cholesky", "nan", "some NaN"),
]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("n", [4, 40])
@pytest.mark.parametrize("name,kind,expected", NUMPY_CASES)
def test_numpy_behaviour_in_the_table(name, kind, expected, n, dtype):
    call, matrices, _, _, _ = ROUTINES[name]
    shape = (n + 2, n) if name == "lstsq" else (n, n)
    a = sample(shape, dtype, 1, matrices)
    for position in [(0, 0), (n // 2, 1), (n - 1, n - 1), (n - 1, 0)]:
        spoiled = spoil(a, np.nan if kind == "nan" else np.inf, False, position)
        with np.errstate(all="ignore"):
            if isinstance(expected, str) and expected not in ("NaN", "some NaN"):
                with pytest.raises(np.linalg.LinAlgError, match=f"^{expected}$"):
                    call(np, spoiled)
                continue
            results = [np.asarray(x) for x in as_tuple(call(np, spoiled))]
        if expected == "some NaN":
            assert any(np.isnan(x).any() for x in results)
        else:
            check_spoiled(results, expected)
