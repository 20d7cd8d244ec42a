# SPDX-License-Identifier: BSD-3-Clause
"""Matrices holding NaN or infinity: flagged on the device, their results
overwritten with NaN or NumPy's LinAlgError raised (Note [Non-finite input])."""
import functools
import inspect

import numpy
from numpy.linalg import LinAlgError

from gpuarray._array_manipulation.copying import copyto
from gpuarray._core import CUDARuntimeError
from gpuarray._array_creation.from_data import asarray
from gpuarray._matrix_building.matrices import tri
from gpuarray._sorting_searching.searching import where
from gpuarray.cuda import _captures
from gpuarray._ufunc.ufuncs import isfinite, isnan, logical_not

NOT_FINITE = "Array must not contain infs or NaNs"  # NumPy's eig and eigvals check before factoring

# Note [Non-finite input]
# cuSOLVER's getrf can drop a NaN (its factors come out finite), its pivots
# for such a matrix are not known to stay in range, and what the drivers do
# with infinities follows neither LAPACK's order of operations nor one order
# across our size paths. NumPy's own results for an infinity depend on its
# position (docs/linalg.md, "Non-finite input"). So no routine relies on the
# arithmetic: a matrix holding a NaN or an infinity in what the routine reads
# (one triangle for cholesky and eigh) is flagged on the device before the
# factorization (bad_matrices, one read of the input), and then
# - where NumPy returns NaN (inv, solve, det, slogdet, cholesky, qr; svd,
#   eigh and their relatives for an infinity) all of that matrix's results
#   are NaN (write_nan, one masked pass over each output, on the device);
#   the LU and Cholesky routines factor a zero matrix in its place
#   (zero_bad, in the copy they make anyway) and clear its info;
# - where NumPy raises (eig for any non-finite value, svd and eigh for a
#   NaN) the flags are read on the host before cuSOLVER is called, so its
#   iterative solvers (eig, eigh, svd) never meet a NaN or an infinity:
#   flagged matrices are factored as zeros and their results overwritten.
#   These routines read cuSOLVER's info on the host anyway.
# The other matrices of a batch are computed as always.


def bad_matrices(a, uplo=None):
    """Device bool array over the stack `a` (..., M, N): True where the
    matrix, or its triangle `uplo` ('L' or 'U', the diagonal included), holds
    a NaN or an infinity. One read of `a`."""
    return logical_not(isfinite(a).all(axis=(-2, -1), where=_read_part(a.shape[-1], uplo)))


def _read_part(n, uplo):
    """The where= mask of what a routine reads of an n x n matrix: all of
    it (True), or the triangle `uplo`."""
    if uplo is None:
        return True
    lower = tri(n, dtype=numpy.bool_)
    return lower if uplo == "L" else lower.T


def _over(bad, x):
    """`bad` shaped to broadcast over x, whose leading dimensions are the stack's."""
    return bad.reshape(bad.shape + (1,) * (x.ndim - bad.ndim))


def write_nan(bad, *arrays):
    """Writes NaN (NaN + NaN j for complex) over the matrices `bad` flags in
    each float or complex array of results, in place."""
    for x in arrays:
        if x is not None and x.dtype.kind in "fc" and x.size:
            copyto(x, complex(numpy.nan, numpy.nan) if x.dtype.kind == "c" else numpy.nan, where=_over(bad, x))


def clear_info(info, bad):
    """Zeroes the LAPACK info of flagged matrices: their results are NaN, not an error."""
    if bad.size:
        copyto(info[:bad.size], 0, where=bad.reshape(-1))
    return info


def zero_bad(a, bad, dtype):
    """A new C-contiguous copy of `a` in `dtype` with the flagged matrices
    zeroed, so that no library routine meets their values: the copy the LU
    and Cholesky routines make anyway, at the same cost."""
    return where(_over(bad, a), dtype.type(0), a).astype(dtype, copy=False)


def guard(nan_error=None, inf_error=None, square=False, uplo=None):
    """Decorator of a public routine whose first argument is a stack of
    matrices: NumPy's behaviour for flagged matrices. A matrix with a NaN
    raises LinAlgError(nan_error), one with an infinity (and no NaN)
    LinAlgError(inf_error); where that message is None its results are NaN.
    `uplo` names the parameter that says which triangle the routine reads;
    `square`: the routine takes square matrices only (others get its own
    error). Only routines that raise read the flags on the host, before
    calling cuSOLVER, so that its iterative solvers never meet a NaN or an
    infinity; those routines synchronize to read cuSOLVER's info anyway."""
    raising = nan_error is not None or inf_error is not None

    def decorate(routine):
        signature = inspect.signature(routine)

        @functools.wraps(routine)
        def guarded(a, *args, **kwargs):
            a = asarray(a)
            side = None
            if uplo:
                bound = signature.bind(a, *args, **kwargs)
                bound.apply_defaults()
                side = bound.arguments[uplo]
            if (a.dtype.kind not in "fc" or a.ndim < 2 or a.size == 0 or (square and a.shape[-1] != a.shape[-2])
                    or side not in (None, "L", "U")):
                return routine(a, *args, **kwargs)
            if raising and _captures.current() is not None:
                # Measured on an H200 (2026-11-27): eigvalsh invalidated a capture.
                # These drivers are refused before any work, so the capture stays valid.
                raise CUDARuntimeError(
                    f"numpy.linalg.{routine.__name__} cannot be recorded in a CUDA graph (its cuSOLVER driver "
                    "is not capturable): call it outside the capture")
            bad = bad_matrices(a, side)
            if not raising:
                result = routine(a, *args, **kwargs)
            elif not _any(bad):  # the routine syncs anyway: this read costs no overlap
                return routine(a, *args, **kwargs)
            else:
                _raise_nonfinite(bad, _has_nan(a, side) if nan_error != inf_error else None, nan_error, inf_error)
                # Iterative solvers never see the flagged values (cuSOLVER has hung on NaN
                # elsewhere, pytorch#134334): they factor zeros, then get NaN.
                result = routine(zero_bad(a, bad, a.dtype), *args, **kwargs)
            write_nan(bad, *(result if isinstance(result, tuple) else (result,)))
            return result
        return guarded
    return decorate


def _raise_nonfinite(bad, has_nan, nan_error, inf_error):
    """LinAlgError(nan_error) when a flagged matrix holds a NaN (`has_nan`,
    None when both messages are the same), else LinAlgError(inf_error) for
    an infinity; nothing where the message is None."""
    error = nan_error if has_nan is not None and _any(has_nan) else inf_error
    if error is not None:
        raise LinAlgError(error)


def _any(flags):
    return bool(flags.any().get())


def _has_nan(a, uplo):
    """Whether `a` (what the routine reads of it) holds a NaN, on the device;
    asked only once some matrix is known to be flagged."""
    return isnan(a).any(where=_read_part(a.shape[-1], uplo))
