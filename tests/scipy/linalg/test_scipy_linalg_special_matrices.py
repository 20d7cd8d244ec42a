# SPDX-License-Identifier: BSD-3-Clause
"""SciPy's special matrices built on the device, against scipy.linalg's:
values (bit for bit where both round the same way), dtypes, batch shapes,
empty sizes and errors."""
import warnings

import numpy
import pytest

scipy_linalg = pytest.importorskip("scipy.linalg")

import gpuarray.scipy.linalg as gl  # noqa: E402
from scipy_linalg_cases import assert_close, device, gpu, host, raises_like, since_scipy_1_18  # noqa: E402

pytestmark = gpu


@pytest.mark.parametrize("c, r", [
    ([1, 2, 3], None), ([1, 2, 3], [1j, 5]), (numpy.ones((2, 3)), numpy.arange(4)), (5, None), ([1.5], [2, 3]),
    (numpy.ones((2, 1, 3), numpy.float32), numpy.ones((4, 2))), ([], [1, 2]), ([1, 2], []),
    (numpy.arange(6.0).reshape(2, 3) * (1 + 1j), None)])
def test_toeplitz(c, r):
    expected = scipy_linalg.toeplitz(c, r)
    assert_close(gl.toeplitz(numpy.asarray(c), None if r is None else device(numpy.asarray(r))), expected, 0)


@pytest.mark.parametrize("c", [[1, 2, 3], numpy.ones((2, 3)), numpy.arange(12).reshape(2, 2, 3) * 1j, [7],
                               numpy.ones((2, 0)), numpy.arange(5, dtype=numpy.int8)])
def test_circulant(c):
    assert_close(gl.circulant(device(numpy.asarray(c))), scipy_linalg.circulant(c), 0)


@pytest.mark.parametrize("c, r", [([1, 17, 99], None), ([1, 2, 3, 4], [4, 7, 7, 8, 9]), ([1.0], [2j, 3]),
                                  ([], [])])
def test_hankel(c, r):
    expected = scipy_linalg.hankel(c, r)
    assert_close(gl.hankel(device(numpy.asarray(c)), None if r is None else numpy.asarray(r)), expected, 0)


def test_hankel_flattens_with_scipys_future_warning():
    c = numpy.arange(4.0).reshape(2, 2)
    with pytest.warns(FutureWarning, match="Beginning in SciPy 1.19"):
        ours = gl.hankel(c)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        assert_close(ours, scipy_linalg.hankel(c), 0)


@pytest.mark.parametrize("f, s", [([0.1, 2.0, 1.0, 0.1], [0.2, 0.8, 0.7]), (numpy.ones((2, 3)), [4, 5]),
                                  (numpy.ones(3, numpy.float32), numpy.ones(2, numpy.int8)), ([1, 2], [3])])
def test_leslie(f, s):
    assert_close(gl.leslie(numpy.asarray(f), numpy.asarray(s)), scipy_linalg.leslie(f, s), 0)


@pytest.mark.parametrize("f, s", [([1, 2], [1, 2]), ([1], [])])
def test_leslie_errors(f, s):
    raises_like(lambda: gl.leslie(numpy.asarray(f), numpy.asarray(s)), lambda: scipy_linalg.leslie(f, s))


@pytest.mark.parametrize("a", [[1, -10, 31, -30], numpy.array([1, 2, 3], numpy.float32),
                               numpy.array([1, 2, 3], numpy.int8), numpy.array([1, 2, 3], numpy.complex64),
                               numpy.arange(1.0, 13.0).reshape(3, 4), [2, 3]])
def test_companion(a):
    assert_close(gl.companion(device(numpy.asarray(a))), scipy_linalg.companion(a), 1e-6)


@pytest.mark.parametrize("a", [[1], [0, 1, 2], [[1, 2], [0, 3]]])
def test_companion_errors(a):
    raises_like(lambda: gl.companion(numpy.asarray(a)), lambda: scipy_linalg.companion(a))


@pytest.mark.parametrize("a", [[1, 4, 12, 45, 77], [], [3], [[3]], numpy.array([1, 4], numpy.int8),
                               [[1, 4, 2], [0, 0, 1]], [1.5, -2j]])
@since_scipy_1_18("the empty Fiedler matrix (0 x 0)")
def test_fiedler(a):
    assert_close(gl.fiedler(numpy.asarray(a)), scipy_linalg.fiedler(a), 0)


@pytest.mark.parametrize("a", [[1.0, -16.0, 86.0, -176.0, 105.0], [1, 2], [3], numpy.ones((2, 4)),
                               numpy.array([1, 2, 3, 4, 5, 6], numpy.int32), numpy.arange(1, 9.0),
                               numpy.arange(1, 10.0) * (1 + 1j), numpy.ones((2, 3, 6), numpy.float32)])
@since_scipy_1_18("the Fiedler companion of fewer than two coefficients")
def test_fiedler_companion(a):
    assert_close(gl.fiedler_companion(numpy.asarray(a)), scipy_linalg.fiedler_companion(a), 1e-6)


def test_fiedler_companion_leading_zero():
    raises_like(lambda: gl.fiedler_companion(numpy.array([0, 1, 2])),
                lambda: scipy_linalg.fiedler_companion([0, 1, 2]))


@pytest.mark.parametrize("a, n, mode", [([1, 2, 3], 4, "same"), (numpy.ones((2, 3)), 4, "valid"),
                                        ([-1, 4, -2], 5, "same"), ([1, 2], 3, "full"), ([1, 2, 3, 4, 5], 2, "same"),
                                        ([1, 2, 3, 4, 5], 2, "valid"), ([1, 2, 3, 4, 5], 2, "full"),
                                        (numpy.arange(24.0).reshape(2, 3, 4), 6, "same"), ([3], 4, "valid")])
def test_convolution_matrix(a, n, mode):
    assert_close(gl.convolution_matrix(numpy.asarray(a), n, mode), scipy_linalg.convolution_matrix(a, n, mode), 0)


def test_convolution_matrix_empty_kernel():
    raises_like(lambda: gl.convolution_matrix(numpy.asarray([]), 2), lambda: scipy_linalg.convolution_matrix([], 2))


@pytest.mark.parametrize("arrs", [(), ([1, 2], [[3]], numpy.ones((2, 0))), (numpy.ones((2, 1, 1)), [[2]]),
                                  ([[1, 0], [0, 1]], [[3, 4, 5], [6, 7, 8]], [[7]]),
                                  (numpy.ones((2, 2), numpy.float32), numpy.ones((1, 1), numpy.int8)), (3, 4j)])
def test_block_diag(arrs):
    assert_close(gl.block_diag(*[numpy.asarray(a) for a in arrs]), scipy_linalg.block_diag(*arrs), 0)


@pytest.mark.parametrize("a, b", [([[1, 2, 3], [4, 5, 6]], [[3, 4, 5], [6, 7, 8], [2, 3, 9]]),
                                  (numpy.ones((5, 2, 3)), numpy.ones((4, 3))), (numpy.ones((0, 3)), numpy.ones((2, 3)))])
def test_khatri_rao(a, b):
    assert_close(gl.khatri_rao(numpy.asarray(a), device(numpy.asarray(b))), scipy_linalg.khatri_rao(a, b), 0)


@pytest.mark.parametrize("a, b", [([1, 2], [[1, 2]]), ([[1, 2]], [[1, 2, 3]])])
def test_khatri_rao_errors(a, b):
    raises_like(lambda: gl.khatri_rao(numpy.asarray(a), numpy.asarray(b)), lambda: scipy_linalg.khatri_rao(a, b))


@pytest.mark.parametrize("n, dtype", [(1, int), (2, complex), (4, int), (4.0, int), (16, numpy.float32),
                                      (8, numpy.int8), (64, float)])
def test_hadamard(n, dtype):
    ours, expected = host(gl.hadamard(n, dtype)), scipy_linalg.hadamard(n, dtype)
    assert_close(ours, expected, 0)
    if numpy.dtype(dtype).kind == "c":  # SciPy's -H carries -0j
        assert numpy.array_equal(numpy.signbit(ours.imag), numpy.signbit(expected.imag))


@pytest.mark.parametrize("n", [0, 1, 3, 12, 100])
def test_hilbert_is_bitwise_scipys(n):
    assert_close(gl.hilbert(n), scipy_linalg.hilbert(n), 0)


@pytest.mark.parametrize("n", [0, 1, 3, 12, 40])
def test_invhilbert(n):
    assert_close(gl.invhilbert(n), scipy_linalg.invhilbert(n), 1e-14)
    if n <= 14:
        assert_close(gl.invhilbert(n, exact=True), scipy_linalg.invhilbert(n, exact=True), 0)


@pytest.mark.parametrize("n", [0, 1, 4, 10, 34])
@pytest.mark.parametrize("kind", ["symmetric", "lower", "upper"])
def test_pascal_and_inverse(n, kind):
    assert_close(gl.pascal(n, kind), scipy_linalg.pascal(n, kind), 0)
    assert_close(gl.pascal(n, kind, exact=False), scipy_linalg.pascal(n, kind, exact=False), 1e-15)
    assert_close(gl.invpascal(n, kind), scipy_linalg.invpascal(n, kind), 0)
    assert_close(gl.invpascal(n, kind, exact=False), scipy_linalg.invpascal(n, kind, exact=False), 1e-12)


def test_large_pascal_in_floats():
    assert_close(gl.pascal(60, exact=False), scipy_linalg.pascal(60, exact=False), 1e-14)
    assert_close(gl.invpascal(40, exact=False), scipy_linalg.invpascal(40, exact=False), 1e-12)


@pytest.mark.parametrize("n", [1, 2, 3, 7, 50])
@pytest.mark.parametrize("full", [False, True])
def test_helmert(n, full):
    assert_close(gl.helmert(n, full), scipy_linalg.helmert(n, full), 1e-15)


@pytest.mark.parametrize("n", [0, 1, 4, 7, 100, 1000])
@pytest.mark.parametrize("scale", [None, "sqrtn", "n"])
def test_dft(n, scale):
    assert_close(gl.dft(n, scale), scipy_linalg.dft(n, scale), 1e-12)
