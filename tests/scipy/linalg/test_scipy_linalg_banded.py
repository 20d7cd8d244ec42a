# SPDX-License-Identifier: BSD-3-Clause
"""solve_banded, solveh_banded, cholesky_banded and cho_solve_banded against
scipy.linalg: band storage read as LAPACK reads it (corners ignored),
dtypes, batches and errors."""
import numpy
import pytest

scipy_linalg = pytest.importorskip("scipy.linalg")

import gpuarray.scipy.linalg as gl  # noqa: E402
from scipy_linalg_cases import assert_close, device, draw, gpu, raises_like, tolerance  # noqa: E402

pytestmark = gpu
DTYPES = [numpy.float32, numpy.float64, numpy.complex64, numpy.complex128, numpy.int8, numpy.int64]


def _band_storage(a, lower, upper):
    """LAPACK's band storage of a (..., m, m): ab[upper + i - j, j] = a[i, j]."""
    m = a.shape[-1]
    ab = numpy.zeros(a.shape[:-2] + (lower + upper + 1, m), dtype=a.dtype)
    for i in range(m):
        for j in range(max(0, i - lower), min(m, i + upper + 1)):
            ab[..., upper + i - j, j] = a[..., i, j]
    return ab


def _tolerance(dtype):
    return 10 * tolerance(numpy.float64 if numpy.dtype(dtype) == numpy.int64 else dtype)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("l_and_u", [(1, 2), (1, 1), (0, 0), (2, 0), (3, 1)])
@pytest.mark.parametrize("shape, bshape", [((6, 6), (6,)), ((6, 6), (6, 2)), ((3, 6, 6), (3, 6, 2)),
                                           ((3, 6, 6), (6, 1))])
def test_solve_banded(dtype, l_and_u, shape, bshape):
    n = shape[-1]
    a = draw(shape, dtype) + (10 * n if numpy.dtype(dtype).kind == "i" else n) * numpy.eye(n, dtype=dtype)
    ab = _band_storage(a.astype(dtype), *l_and_u)
    ab[..., 0, 0] = 77  # a corner outside the band: not read
    b = draw(bshape, dtype, seed=1)
    expected = scipy_linalg.solve_banded(l_and_u, ab, b)
    assert_close(gl.solve_banded(l_and_u, device(ab), b), expected, _tolerance(dtype))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("k", [0, 1, 2])
@pytest.mark.parametrize("lower", [False, True])
def test_hermitian_banded(dtype, k, lower):
    h = draw((6, 6), numpy.complex128 if numpy.dtype(dtype).kind == "c" else numpy.float64)
    h = h @ h.conj().T * (numpy.abs(numpy.subtract.outer(numpy.arange(6), numpy.arange(6))) <= k) + 20 * numpy.eye(6)
    h = h.astype(dtype) if numpy.dtype(dtype).kind != "i" else numpy.rint(h).astype(dtype)
    ab = _band_storage(numpy.tril(h), k, 0) if lower else _band_storage(numpy.triu(h), 0, k)
    b = draw((6, 2), dtype, seed=2)
    tol = _tolerance(dtype)
    assert_close(gl.solveh_banded(ab, b, lower=lower), scipy_linalg.solveh_banded(ab, b, lower=lower), tol)
    assert_close(gl.solveh_banded(ab, b[:, 0], lower=lower), scipy_linalg.solveh_banded(ab, b[:, 0], lower=lower),
                 tol)
    cb = scipy_linalg.cholesky_banded(ab, lower=lower)
    assert_close(gl.cholesky_banded(device(ab), lower=lower), cb, tol)
    assert_close(gl.cho_solve_banded((cb, lower), b), scipy_linalg.cho_solve_banded((cb, lower), b), tol)


@pytest.mark.parametrize("call", [
    lambda m: m.solve_banded((1, 1), numpy.ones((2, 3)), numpy.ones(3)),
    lambda m: m.solve_banded((1, 1), numpy.ones((3, 3)), numpy.ones(4)),
    lambda m: m.solve_banded((1, 1), numpy.zeros((3, 3)), numpy.ones(3)),
    lambda m: m.solve_banded((0, 1), numpy.array([[0, 1.0], [0, 1]]), numpy.ones(2)),
    lambda m: m.solve_banded((0, 0), numpy.array([[1.0, numpy.nan]]), numpy.ones(2)),
    lambda m: m.solveh_banded(numpy.array([[0, 1.0], [1, -1]]), numpy.ones(2)),
    lambda m: m.solveh_banded(numpy.array([[0, 0, 1.0], [0, 1, 1], [1, 1, -1]]), numpy.ones(3)),
    lambda m: m.cholesky_banded(numpy.array([[0, 1.0], [1, -1]])),
    lambda m: m.cho_solve_banded((numpy.ones((2, 3)), False), numpy.ones(2)),
])
def test_errors_are_scipys(call):
    raises_like(lambda: call(gl), lambda: call(scipy_linalg))


def test_small_and_empty():
    for args in [((0, 0), numpy.array([[2.0]]), numpy.array([4.0])),
                 ((1, 1), numpy.ones((3, 3)), numpy.ones((3, 0)))]:
        assert_close(gl.solve_banded(*args), scipy_linalg.solve_banded(*args), 0)
    assert_close(gl.cholesky_banded(numpy.ones((2, 0))), scipy_linalg.cholesky_banded(numpy.ones((2, 0))), 0)
