# SPDX-License-Identifier: BSD-3-Clause
"""Accuracy on hard inputs (issue 28): Hilbert matrices, graded diagonals and
spectra. Each routine's backward error, measured on the host in extended
precision, must stay within a small factor of SciPy's on the same input (or
of the dtype's rounding unit where SciPy's is smaller)."""
import fractions
import warnings

import numpy
import pytest

scipy_linalg = pytest.importorskip("scipy.linalg")

import gpuarray.scipy.linalg as gl  # noqa: E402
from scipy_linalg_cases import gpu, host  # noqa: E402

pytestmark = gpu
FACTOR = 10  # ours <= FACTOR * max(SciPy's, eps)


def _wide(x):
    x = numpy.asarray(x)
    return x.astype(numpy.clongdouble if x.dtype.kind == "c" else numpy.longdouble)


def _eps(dtype):
    return float(numpy.finfo(numpy.dtype(dtype)).eps)


def _solve_backward_error(a, x, b):
    """||b - a x|| / (||a|| ||x|| + ||b||), max norms, in extended precision."""
    a, x, b = _wide(a), _wide(x), _wide(b)
    r = b - a @ x
    norm = lambda v: float(numpy.abs(v).max())  # noqa: E731
    return norm(r) / (norm(a) * norm(x) + norm(b))


def _within(ours, theirs, dtype):
    return ours <= FACTOR * max(theirs, _eps(dtype))


def _graded(n, decades, dtype, seed=0, lower=False):
    """A triangular matrix with diagonal 1 ... 10^-decades and O(1) entries off it."""
    rng = numpy.random.default_rng(seed)
    t = numpy.triu(rng.uniform(-0.5, 0.5, (n, n)), 1) + numpy.diag(numpy.logspace(0, -decades, n))
    return (t.T if lower else t).astype(dtype)


@pytest.mark.parametrize("dtype, n", [(numpy.float64, 6), (numpy.float64, 10), (numpy.float64, 13),
                                      (numpy.float32, 4), (numpy.float32, 7)])
@pytest.mark.parametrize("assume_a", [None, "pos", "sym"])
def test_solve_hilbert(dtype, n, assume_a):
    a = scipy_linalg.hilbert(n).astype(dtype)
    b = a @ numpy.ones(n, dtype=dtype)
    ours = host(gl.solve(a, b, assume_a=assume_a))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            theirs = scipy_linalg.solve(a, b, assume_a=assume_a)
        except numpy.linalg.LinAlgError:
            # SciPy 1.18 with some LAPACKs calls Hilbert(13) singular in the Cholesky
            # path (rcond 3e-19); the general LU solve is then the reference.
            theirs = scipy_linalg.solve(a, b)
    assert _within(_solve_backward_error(a, ours, b), _solve_backward_error(a, theirs, b), dtype)


@pytest.mark.parametrize("dtype, n", [(numpy.float64, 10), (numpy.float32, 6)])
def test_lu_and_cho_solve_hilbert(dtype, n):
    a = scipy_linalg.hilbert(n).astype(dtype)
    b = numpy.linspace(-1, 1, n).astype(dtype)
    pairs = [(host(gl.lu_solve(gl.lu_factor(a), b)), scipy_linalg.lu_solve(scipy_linalg.lu_factor(a), b)),
             (host(gl.cho_solve(gl.cho_factor(a), b)), scipy_linalg.cho_solve(scipy_linalg.cho_factor(a), b))]
    for ours, theirs in pairs:
        assert _within(_solve_backward_error(a, ours, b), _solve_backward_error(a, theirs, b), dtype)


@pytest.mark.parametrize("dtype, decades", [(numpy.float64, 12), (numpy.float32, 6), (numpy.complex128, 12)])
@pytest.mark.parametrize("lower", [False, True])
@pytest.mark.parametrize("trans", [0, 1, 2])
def test_solve_triangular_graded(dtype, decades, lower, trans):
    t = _graded(12, decades, dtype, lower=lower)
    b = numpy.ones((12, 2), dtype=dtype)
    ours = host(gl.solve_triangular(t, b, trans=trans, lower=lower))
    theirs = scipy_linalg.solve_triangular(t, b, trans=trans, lower=lower)
    op = {0: t, 1: t.T, 2: t.conj().T}[trans]
    assert _within(_solve_backward_error(op, ours, b), _solve_backward_error(op, theirs, b), dtype)


@pytest.mark.parametrize("dtype, n", [(numpy.float64, 8), (numpy.float64, 11), (numpy.float32, 5)])
def test_inv_hilbert(dtype, n):
    a = scipy_linalg.hilbert(n).astype(dtype)

    def error(x):
        return float(numpy.abs(_wide(a) @ _wide(x) - numpy.eye(n)).max()
                     / (numpy.abs(a).max() * numpy.abs(_wide(x)).max()))
    assert _within(error(host(gl.inv(a))), error(scipy_linalg.inv(a)), dtype)
    for structure in ("pos", "sym"):
        assert _within(error(host(gl.inv(a, assume_a=structure))), error(scipy_linalg.inv(a, assume_a=structure)),
                       dtype)


@pytest.mark.parametrize("dtype", [numpy.float64, numpy.float32])
def test_lstsq_graded_columns(dtype):
    rng = numpy.random.default_rng(1)
    a = (rng.standard_normal((40, 8)) * numpy.logspace(0, -6, 8)).astype(dtype)
    b = rng.standard_normal(40).astype(dtype)

    def normal_equations_error(x):
        r = _wide(b) - _wide(a) @ _wide(x)
        return float(numpy.abs(_wide(a).T @ r).max() / (numpy.abs(a).max() ** 2 * numpy.abs(_wide(x)).max() * 40))
    ours, theirs = host(gl.lstsq(a, b)[0]), scipy_linalg.lstsq(a, b)[0]
    assert _within(normal_equations_error(ours), normal_equations_error(theirs), dtype)


@pytest.mark.parametrize("dtype", [numpy.float64, numpy.float32, numpy.complex128])
def test_eigh_graded_spectrum(dtype):
    rng = numpy.random.default_rng(2)
    q = numpy.linalg.qr(rng.standard_normal((20, 20)) + (1j * rng.standard_normal((20, 20))
                                                          if numpy.dtype(dtype).kind == "c" else 0))[0]
    a = ((q * numpy.logspace(0, -10, 20)) @ q.conj().T).astype(dtype)

    def error(w, v):
        return float(numpy.abs(_wide(a) @ _wide(v) - _wide(v) * _wide(w)).max() / numpy.abs(a).max())
    assert _within(error(*host(gl.eigh(a))), error(*scipy_linalg.eigh(a)), dtype)
    b = (numpy.diag(numpy.logspace(0, -4, 20)) + 0 * a).astype(dtype)
    w, v = host(gl.eigh(a, b))
    ew, ev = scipy_linalg.eigh(a, b)

    def generalized_error(w, v):
        return float(numpy.abs(_wide(a) @ _wide(v) - _wide(b) @ _wide(v) * _wide(w)).max()
                     / (numpy.abs(a).max() * numpy.abs(_wide(v)).max()))
    assert generalized_error(w, v) <= 100 * max(generalized_error(ew, ev), _eps(dtype))


@pytest.mark.parametrize("dtype", [numpy.float64, numpy.float32])
def test_svd_graded(dtype):
    rng = numpy.random.default_rng(3)
    u = numpy.linalg.qr(rng.standard_normal((30, 30)))[0]
    v = numpy.linalg.qr(rng.standard_normal((20, 20)))[0]
    s = numpy.logspace(0, -12, 20)
    a = (u[:, :20] * s @ v.T).astype(dtype)
    ours, theirs = host(gl.svdvals(a)), scipy_linalg.svdvals(a)
    exact = numpy.linalg.svd(a.astype(numpy.float64), compute_uv=False)
    assert numpy.abs(ours - exact).max() <= FACTOR * max(numpy.abs(theirs - exact).max(), _eps(dtype))


def _exact_hilbert_det(n):
    """det(hilbert(n)) in rational arithmetic (elimination without pivoting is exact)."""
    m = [[fractions.Fraction(1, i + j + 1) for j in range(n)] for i in range(n)]
    det = fractions.Fraction(1)
    for k in range(n):
        det *= m[k][k]
        for i in range(k + 1, n):
            f = m[i][k] / m[k][k]
            m[i] = [m[i][j] - f * m[k][j] for j in range(n)]
    return float(det)


def test_det_of_hilbert_is_as_accurate_as_scipys():
    """Both determinants err by about cond(H) * eps relative (1.6e-5 for SciPy at n = 10,
    1.3e-4 for cuSOLVER's LU on an H100): compared with the exact value, not each other."""
    for n in (5, 8, 10):
        a = scipy_linalg.hilbert(n)
        exact = _exact_hilbert_det(n)
        ours, theirs = float(host(gl.det(a))), float(scipy_linalg.det(a))
        assert abs(ours - exact) <= FACTOR * max(abs(theirs - exact), _eps(numpy.float64) * abs(exact))
