# SPDX-License-Identifier: BSD-3-Clause
"""What scipy.linalg checks before it computes: finite input (check_finite),
the LAPACK dtype an input is computed in, shapes; and the masking that keeps
non-finite matrices away from cuSOLVER when check_finite is False."""
import numpy
from numpy.linalg import LinAlgError

from gpuarray._array_manipulation.copying import copyto
from gpuarray._array_creation.from_data import asarray
from gpuarray._sorting_searching.searching import where
from gpuarray._base.signatures import EXCEPTION_SIGNATURE
from gpuarray._ufunc.ufuncs import isfinite, logical_and, logical_not

__all__ = ["LinAlgError", "LinAlgWarning"]

NOT_FINITE = "array must not contain infs or NaNs"  # numpy.asarray_chkfinite's message, which SciPy raises


class LinAlgWarning(RuntimeWarning):
    """Warns of a result that may be inaccurate (an ill-conditioned matrix),
    as scipy.linalg.LinAlgWarning. gpuarray.scipy.linalg does not estimate
    condition numbers, so it does not emit it (docs/scipy_linalg.md)."""

    __signature__ = EXCEPTION_SIGNATURE  # inspect cannot read BaseException's C __init__


# SciPy's find_best_blas_type: a score per dtype char; the highest wins, and
# a complex64 meeting a float64 gives complex128.
_SCORE = {**{c: 1 for c in "?bBhHef"}, **{c: 2 for c in "iIlLqQdg"}, "F": 3, "D": 4, "G": 4}
_BY_SCORE = {1: numpy.dtype(numpy.float32), 2: numpy.dtype(numpy.float64), 3: numpy.dtype(numpy.complex64),
             4: numpy.dtype(numpy.complex128)}


def blas_dtype(*dtypes):
    """The LAPACK dtype SciPy computes `dtypes` in (find_best_blas_type):
    bool, 8- and 16-bit integers and float16 in float32, wider integers in
    float64; complex64 with float64 or wider integers in complex128; a dtype
    SciPy does not score (bfloat16, say) in float64, as SciPy's fallback."""
    scores = [_SCORE.get(numpy.dtype(d).char, 2) for d in dtypes if d is not None]
    best = max(scores)
    if best == 3 and 2 in scores:
        best = 4
    return _BY_SCORE[best]


def cdsz_dtype(*dtypes):
    """The dtype scipy.linalg.solve computes in (its _ensure_dtype_cdsz):
    any integer or bool in float64; floats and complexes of at most 32 bits
    (64 for complex) in float32/complex64, wider ones in float64/complex128."""
    dtype = numpy.result_type(*[d for d in dtypes if d is not None])
    if dtype.kind not in "fc":
        return numpy.dtype(numpy.float64)
    if dtype.kind == "c":
        return numpy.dtype(numpy.complex64 if dtype.itemsize <= 8 else numpy.complex128)
    return numpy.dtype(numpy.float32 if dtype.itemsize <= 4 else numpy.float64)


def real_dtype(dtype):
    return numpy.dtype(numpy.dtype(dtype).char.lower())


def validated(*arrays, check_finite=True):
    """The arrays as device arrays (None stays None); with `check_finite`,
    ValueError("array must not contain infs or NaNs") when a float or complex
    one holds NaN or an infinity, as SciPy's asarray_chkfinite. The check is
    one reduction per array and one read for all of them."""
    out = [None if x is None else asarray(x) for x in arrays]
    if check_finite:
        flags = [isfinite(x).all() for x in out if x is not None and x.dtype.kind in "fc" and x.size]
        if flags:
            every = flags[0]
            for flag in flags[1:]:
                every = logical_and(every, flag)
            if not bool(every.get()):
                raise ValueError(NOT_FINITE)
    return out[0] if len(out) == 1 else out


def check_square(a, message=None):
    """ValueError unless the last two axes of `a` (at least two) are square."""
    if a.ndim < 2:
        raise ValueError(message or f"Expected at least ndim=2, got a1.ndim={a.ndim}")
    if a.shape[-1] != a.shape[-2]:
        raise ValueError(message or f"Expected square matrix, got a1.shape={a.shape}")


def check_matrix(a, name="a"):
    """ValueError unless `a` has at least two dimensions."""
    if a.ndim < 2:
        raise ValueError(f"Input array {name} should be at least 2-D, got {a.ndim}-D")


def singular_slices_error(singular):
    """SciPy's LinAlgError for the batch positions `singular` (host bools,
    shape of the batch): its message names the flat slice indices."""
    flat = numpy.flatnonzero(numpy.asarray(singular).reshape(-1))
    return LinAlgError(f"A singular matrix detected: slice(s) {flat.tolist()} are singular.")


def nonfinite_matrices(a):
    """Device bools over the batch of `a` (..., M, N): True where a matrix
    holds NaN or an infinity."""
    return logical_not(isfinite(a).all(axis=(-2, -1)))


def without_nonfinite(a, dtype):
    """(C-contiguous copy of `a` in `dtype` whose non-finite matrices are
    zeroed, their flags). With check_finite=False SciPy leaves the outcome to
    LAPACK; here cuSOLVER never meets such a matrix (its LU can leave pivots
    out of range, gpuarray.linalg's Note [Non-finite input]) and the results
    of that matrix are NaN (fill_nan)."""
    bad = nonfinite_matrices(a) if a.dtype.kind in "fc" else None
    if bad is None:
        return a.astype(dtype, order="C", copy=True), None
    clean = where(bad[..., None, None], dtype.type(0), a).astype(dtype, order="C", copy=False)
    return clean, bad


def fill_nan(bad, *arrays):
    """NaN over the matrices `bad` flags, in each float or complex array
    whose leading axes are the batch's; in place."""
    if bad is None or bad.size == 0:
        return
    for x in arrays:
        if x is not None and x.dtype.kind in "fc" and x.size:
            mask = bad.reshape(bad.shape + (1,) * (x.ndim - bad.ndim))
            copyto(x, complex(numpy.nan, numpy.nan) if x.dtype.kind == "c" else numpy.nan, where=mask)


def clear_flagged(info, bad):
    """Zeroes the LAPACK info of the matrices `bad` flags (their results are
    NaN, not an error); info is flat over the batch."""
    if bad is not None and bad.size:
        copyto(info[:bad.size], 0, where=bad.reshape(-1))
    return info


def batch_size(shape):
    return int(numpy.prod(shape[:-2], dtype=numpy.int64))
