# SPDX-License-Identifier: BSD-3-Clause
"""expm, expm_frechet and the trigonometric and hyperbolic matrix functions
against scipy.linalg, and expm's error against a 40-digit reference
(mpmath): within a small factor of SciPy's own error."""
import numpy
import pytest

scipy_linalg = pytest.importorskip("scipy.linalg")

import gpuarray as xp  # noqa: E402
import gpuarray.scipy.linalg as gl  # noqa: E402
from scipy_linalg_cases import LAPACK_DTYPES, assert_close, draw, gpu, host, raises_like  # noqa: E402

pytestmark = gpu


def _exact_expm(a):
    """exp(a) to 40 digits (mpmath), rounded to float64/complex128."""
    mpmath = pytest.importorskip("mpmath")
    a = numpy.asarray(a)
    if a.ndim > 2:
        return numpy.stack([_exact_expm(x) for x in a])
    with mpmath.workdps(40):
        m = mpmath.expm(mpmath.matrix(a.astype(complex).tolist()))
        out = numpy.array([[complex(m[i, j]) for j in range(a.shape[1])] for i in range(a.shape[0])])
    return out if numpy.iscomplexobj(a) else out.real


def _relative_error(x, reference):
    return float(numpy.linalg.norm(numpy.asarray(x) - reference) / numpy.linalg.norm(reference))


@pytest.mark.parametrize("dtype", LAPACK_DTYPES + [numpy.int64, numpy.float16])
@pytest.mark.parametrize("scale", [1e-3, 0.1, 1.0, 5.0, 30.0])
@pytest.mark.parametrize("shape", [(5, 5), (3, 6, 6), (2, 2), (1, 1)])
def test_expm_within_a_small_factor_of_scipys_error(dtype, scale, shape):
    a = draw(shape, dtype, seed=int(scale * 10), scale=scale)
    ours, expected = host(gl.expm(xp.asarray(a))), scipy_linalg.expm(a)
    assert ours.dtype == expected.dtype and ours.shape == expected.shape
    exact = _exact_expm(a.astype(numpy.complex128 if numpy.dtype(dtype).kind == "c" else numpy.float64))
    single = ours.dtype.char in "fFe"
    if numpy.abs(exact).max() > numpy.finfo(ours.dtype).max / 100:
        pytest.skip("exp(A) overflows the dtype")
    floor = 4 * numpy.finfo(numpy.float32 if single else numpy.float64).eps
    assert _relative_error(ours, exact) <= 4 * max(_relative_error(expected, exact), floor)


@pytest.mark.parametrize("a", [
    numpy.triu(draw((6, 6), numpy.float64, scale=5)), numpy.tril(draw((6, 6), numpy.float64, scale=5)),
    numpy.diag(draw((5,), numpy.float64, scale=3)), numpy.array([[1.0, 1e6], [0.0, 1.0]]),
    numpy.array([[-1.0, 1e4], [0.0, -2.0]]), numpy.triu(numpy.ones((5, 5)), 1) * 3,
    numpy.array([[0.0, 1.0], [-1.0, 0.0]]) * 50, numpy.triu(draw((2, 6, 6), numpy.complex128, scale=4)),
    numpy.zeros((3, 3)), numpy.array([[1e-10, 1.0], [0.0, 1e-10]]), draw((8, 8), numpy.float64) * 100,
    numpy.array([[-49.0, 24.0], [-64.0, 31.0]])])
def test_expm_hard_cases(a):
    exact = _exact_expm(a)
    ours = host(gl.expm(a))
    assert _relative_error(ours, exact) <= 4 * max(_relative_error(scipy_linalg.expm(a), exact), 1e-15)


@pytest.mark.parametrize("a", [numpy.array(2.0), numpy.array([3.0]), numpy.array([[3]], numpy.float16),
                               numpy.ones((0, 0), numpy.int64), numpy.array([[2 + 1j]], numpy.complex64),
                               numpy.ones((2, 0, 0))])
def test_expm_small_shapes(a):
    # exp of a 1 x 1 matrix in the matrix's precision: a float32 ulp may differ from SciPy's.
    rtol = {numpy.float16: 1e-3, numpy.complex64: 1e-6}.get(a.dtype.type, 1e-12)
    assert_close(gl.expm(a), scipy_linalg.expm(a), rtol)


@pytest.mark.parametrize("a", [numpy.ones(3), numpy.ones((2, 3))])
def test_expm_errors(a):
    raises_like(lambda: gl.expm(a), lambda: scipy_linalg.expm(a))


@pytest.mark.parametrize("name", ["cosm", "sinm", "tanm", "coshm", "sinhm", "tanhm"])
@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64, numpy.complex128, numpy.int64])
def test_trigonometric_and_hyperbolic(name, dtype):
    a = draw((4, 4), dtype, scale=0.3)
    expected = getattr(scipy_linalg, name)(a)
    ours = getattr(gl, name)(xp.asarray(a))
    assert_close(ours, expected, 1e-4 if numpy.dtype(dtype) == numpy.float32 else 1e-9)


@pytest.mark.parametrize("name", ["cosm", "sinm", "tanm", "coshm", "sinhm", "tanhm"])
def test_trigonometric_errors(name):
    raises_like(lambda: getattr(gl, name)(numpy.ones((2, 3))), lambda: getattr(scipy_linalg, name)(numpy.ones((2, 3))))


def test_identities():
    a = draw((5, 5), numpy.float64, scale=0.5)
    c, s = host(gl.cosm(a)), host(gl.sinm(a))
    assert numpy.allclose(c @ c + s @ s, numpy.eye(5))
    ch, sh = host(gl.coshm(a)), host(gl.sinhm(a))
    assert numpy.allclose(ch @ ch - sh @ sh, numpy.eye(5))


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64, numpy.complex128])
@pytest.mark.parametrize("method", [None, "SPS", "blockEnlarge"])
def test_expm_frechet(dtype, method):
    a, e = draw((4, 4), dtype), draw((4, 4), dtype, seed=1)
    tol = 1e-4 if dtype == numpy.float32 else 1e-9
    ours, expected = gl.expm_frechet(a, e, method=method), scipy_linalg.expm_frechet(a, e, method=method)
    assert_close(ours[0], expected[0], tol, check_dtype=False)
    assert_close(ours[1], expected[1], tol, check_dtype=False)
    assert_close(gl.expm_frechet(a, e, compute_expm=False), scipy_linalg.expm_frechet(a, e, compute_expm=False), tol,
                 check_dtype=False)


@pytest.mark.parametrize("args", [(numpy.ones((2, 3)), numpy.ones((2, 3))), (numpy.eye(2), numpy.eye(3)),
                                  (numpy.eye(2), numpy.eye(2), "x"), (numpy.eye(2), [[numpy.nan, 0], [0, 0]])])
def test_expm_frechet_errors(args):
    raises_like(lambda: gl.expm_frechet(*args), lambda: scipy_linalg.expm_frechet(*args))
