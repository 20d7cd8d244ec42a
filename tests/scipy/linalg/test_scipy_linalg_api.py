# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.scipy.linalg's API against SciPy's, without a device: the names
(each one SciPy's, each SciPy name on docs/scipy_linalg.md), the signatures,
the argument errors raised before any device work, and the host-side logic
(LAPACK dtype rules, exact binomial matrices, expm's constants)."""
import inspect
import math
import pathlib
import re

import numpy
import pytest

scipy_linalg = pytest.importorskip("scipy.linalg")

import gpuarray.scipy.linalg as gl  # noqa: E402
from gpuarray.scipy.linalg import _expm, _named_matrices, _triangular, _validation  # noqa: E402
from scipy_linalg_cases import SCIPY_1_18  # noqa: E402

DOC = pathlib.Path(__file__).resolve().parents[3] / "docs" / "scipy_linalg.md"
FUNCTIONS = [name for name in gl.__all__ if inspect.isfunction(getattr(gl, name))]


def test_every_name_is_scipys():
    assert set(gl.__all__) <= set(scipy_linalg.__all__)
    assert gl.LinAlgError is numpy.linalg.LinAlgError
    assert issubclass(gl.LinAlgWarning, RuntimeWarning)


# Signatures SciPy 1.18 changed: eigvals gained overwrite_b, qr's lwork became a
# deprecated keyword whose default is a sentinel.
CHANGED_IN_1_18 = {"eigvals", "qr"}


def _same_default(ours, theirs):
    """Equal defaults; two sentinels (NumPy's _NoValue and SciPy's own) count as one."""
    sentinel = lambda v: type(v) in (object, type(numpy._NoValue))  # noqa: E731
    return (sentinel(ours) and sentinel(theirs)) or ours == theirs


@pytest.mark.parametrize("name", FUNCTIONS)
def test_signature_is_scipys(name):
    if name in CHANGED_IN_1_18 and not SCIPY_1_18:
        pytest.skip(f"gpuarray follows SciPy 1.18's signature of {name}; this host has an older SciPy")
    ours = inspect.signature(getattr(gl, name)).parameters
    theirs = inspect.signature(getattr(scipy_linalg, name)).parameters
    assert list(ours) == list(theirs)
    for p in ours:
        assert ours[p].kind == theirs[p].kind, p
        assert _same_default(ours[p].default, theirs[p].default), p


def _documented_names():
    """The names in backquotes in the first column of docs/scipy_linalg.md's tables."""
    names = set()
    for line in DOC.read_text().splitlines():
        if line.startswith("| `"):
            names |= set(re.findall(r"`(\w+)`", line.split("|")[1]))
    return names


def test_docs_page_accounts_for_every_scipy_name():
    documented = _documented_names()
    assert set(gl.__all__) <= documented
    missing = [n for n in scipy_linalg.__all__ if n not in documented]
    assert not missing, f"docs/scipy_linalg.md says nothing of {missing}"


def test_docs_page_counts_what_is_there():
    count = int(re.search(r"offers (\d+) of SciPy", DOC.read_text()).group(1))
    assert count == len(gl.__all__)


# Errors for the arguments alone, raised here before any array reaches the
# device (on a machine without one, device work would raise CUDARuntimeError
# instead). (name, args, kwargs, error, message, SciPy raises it too).
A = numpy.eye(3)
ARGUMENT_ERRORS = [
    ("solve", (A, A[0]), dict(assume_a="foo"), ValueError, "foo is not a recognized matrix structure", True),
    ("inv", (A,), dict(assume_a="tridiagonal"), ValueError, "not a recognized matrix structure", False),
    ("solve_triangular", (A, A[0]), dict(trans=3), ValueError, "trans must be", False),
    ("solve_triangular", (A, A[0]), dict(trans="X"), ValueError, "trans must be", False),
    ("lu_solve", ((A, numpy.arange(3)), A[0]), dict(trans=3), ValueError, "trans must be 0, 1 or 2", False),
    ("lu_solve", ((A, numpy.arange(3)), A[0]), dict(trans="T"), ValueError, "trans must be 0, 1 or 2", False),
    ("qr", (A,), dict(mode="x"), ValueError, "Mode argument should be one of ['full', 'qr', 'r', 'raw', 'economic']",
     SCIPY_1_18),
    ("qr", (A,), dict(lwork=2), ValueError, "lwork should be None, -1 or > M, got 2", SCIPY_1_18),
    ("qr", (A,), dict(pivoting=True), NotImplementedError, "geqp3", False),
    ("rq", (A,), dict(mode="raw"), ValueError, "Mode argument should be one of ['full', 'r', 'economic']", True),
    ("qr_multiply", (A, A), dict(mode="x"), ValueError, "Mode argument can only be 'left' or 'right' but not 'x'",
     True),
    ("qr_multiply", (A, A), dict(pivoting=True), NotImplementedError, "geqp3", False),
    ("svd", (A,), dict(lapack_driver="x"), ValueError, 'lapack_driver must be "gesdd" or "gesvd", not "x"', True),
    ("svd", (A,), dict(lapack_driver=1), TypeError, "lapack_driver must be a string", True),
    ("null_space", (A,), dict(lapack_driver="x"), ValueError, "lapack_driver must be", True),
    ("lstsq", (A, A[0]), dict(lapack_driver="x"), ValueError, 'LAPACK driver "x" is not found', True),
    ("pinv", (A,), dict(atol=-1), ValueError, "atol and rtol values must be positive.", True),
    ("pinvh", (A,), dict(rtol=-1), ValueError, "atol and rtol values must be positive.", True),
    ("eigh", (A,), dict(driver="xx"), ValueError,
     '"xx" is unknown. Possible values are "None", "ev", "evd", "evr", "evx", "gv", "gvd", "gvx".', True),
    ("eigh", (A,), dict(driver="gv"), ValueError, "gv requires input b array", True),
    ("eigh", (A, A), dict(driver="evd"), ValueError, '"evd" does not accept input b array', True),
    ("eigh", (A,), dict(driver="evd", subset_by_index=[0, 1]), ValueError, "cannot compute subsets", True),
    ("eigh", (A, A), dict(type=4), ValueError, '"type" keyword only accepts 1, 2, and 3.', True),
    ("eigh", (A,), dict(subset_by_index=[0, 1], subset_by_value=[0, 1]), ValueError,
     "Either index or value subset can be requested.", True),
    ("eigh", (A,), dict(subset_by_value=[2, 1]), ValueError, "Requested eigenvalue bounds are not valid", True),
    ("eigvalsh", (A,), dict(subset_by_value=[1, 1]), ValueError, "Requested eigenvalue bounds are not valid", True),
    ("eig", (A, A), {}, NotImplementedError, "ggev", False),
    ("eigvals", (A, A), {}, NotImplementedError, "ggev", False),
    ("polar", (A,), dict(side="x"), ValueError, "`side` must be either 'right' or 'left'", True),
    ("expm_frechet", (A, A), dict(method="x"), ValueError, "Unknown implementation x", True),
    ("hadamard", (3,), {}, ValueError, "n must be a positive integer, and n must be a power of 2", SCIPY_1_18),
    ("hadamard", (0,), {}, ValueError, "power of 2", True),
    ("pascal", (3,), dict(kind="x"), ValueError, "kind must be 'symmetric', 'lower', or 'upper'", True),
    ("pascal", (35,), {}, ValueError, "past uint64", False),
    ("invpascal", (3,), dict(kind="x"), ValueError, "'kind' must be 'symmetric', 'lower' or 'upper'.", True),
    ("invpascal", (40,), {}, ValueError, "past int64", False),
    ("invhilbert", (15,), dict(exact=True), ValueError, "past int64", False),
    ("dft", (3,), dict(scale="x"), ValueError, "scale must be None, 'sqrtn', or 'n'; 'x' is not valid.", True),
    ("convolution_matrix", ([1], 0), {}, ValueError, "n must be a positive integer.", True),
    ("convolution_matrix", ([1], 2), dict(mode="x"), ValueError, "'mode' argument must be one of", True),
]


@pytest.mark.parametrize("name, args, kwargs, error, message, scipy_too", ARGUMENT_ERRORS,
                         ids=[f"{e[0]}-{i}" for i, e in enumerate(ARGUMENT_ERRORS)])
def test_argument_errors_come_before_device_work(name, args, kwargs, error, message, scipy_too):
    with pytest.raises(error, match=re.escape(message)):
        getattr(gl, name)(*args, **kwargs)
    if scipy_too:
        with pytest.raises(error, match=re.escape(message)):
            getattr(scipy_linalg, name)(*args, **kwargs)


DTYPES = [numpy.bool_, numpy.int8, numpy.uint8, numpy.int16, numpy.uint16, numpy.int32, numpy.uint32, numpy.int64,
          numpy.uint64, numpy.float16, numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]


@pytest.mark.parametrize("first", DTYPES)
@pytest.mark.parametrize("second", [None, numpy.float32, numpy.float64, numpy.complex64, numpy.int32])
def test_blas_dtype_is_find_best_blas_type(first, second):
    arrays = [numpy.zeros(1, first)] + ([] if second is None else [numpy.zeros(1, second)])
    expected = scipy_linalg.blas.find_best_blas_type(arrays)[1]
    assert _validation.blas_dtype(first, second) == expected


@pytest.mark.parametrize("first", DTYPES)
@pytest.mark.parametrize("second", [numpy.float32, numpy.float64, numpy.complex64, numpy.int8])
def test_solve_dtype_is_scipys(first, second):
    if numpy.dtype(first).kind == "b" and numpy.dtype(second).kind == "b":
        pytest.skip("bool matrices")
    a = numpy.eye(2, dtype=first) * 2
    b = numpy.ones(2, dtype=second)
    assert _validation.cdsz_dtype(a.dtype, b.dtype) == scipy_linalg.solve(a, b).dtype


@pytest.mark.parametrize("trans, code", [(0, 0), (1, 1), (2, 2), ("N", 0), ("T", 1), ("C", 2), (True, 1), (False, 0)])
def test_trans_codes(trans, code):
    assert _triangular.trans_code(trans) == code


@pytest.mark.parametrize("n", [0, 1, 2, 5, 14])
def test_invhilbert_entries_are_scipys_exact(n):
    expected = scipy_linalg.invhilbert(n, exact=True)
    assert numpy.array_equal(_named_matrices.invhilbert_entries(n).astype(numpy.int64), expected)


@pytest.mark.parametrize("n", [0, 1, 4, 20, 34])
@pytest.mark.parametrize("kind", ["symmetric", "lower", "upper"])
def test_pascal_entries_are_scipys_exact(n, kind):
    assert numpy.array_equal(_named_matrices.pascal_entries(n, kind).astype(numpy.uint64),
                             scipy_linalg.pascal(n, kind, exact=True))
    assert numpy.array_equal(_named_matrices.invpascal_entries(n, kind).astype(numpy.int64),
                             scipy_linalg.invpascal(n, kind, exact=True))


def test_pade_error_coefficients():
    # 1 / |c_(2m+1)| = (2m)! (2m+1)! / (m!)^2, the values of the 2005 expm paper
    for m, expected in [(3, 100800.0), (5, 10059033600.0), (7, 4487938430976000.0)]:
        assert _expm._ERROR_COEFFICIENT[m] == expected
        assert expected == math.factorial(2 * m) * math.factorial(2 * m + 1) / math.factorial(m) ** 2
