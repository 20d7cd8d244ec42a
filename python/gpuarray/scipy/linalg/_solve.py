# SPDX-License-Identifier: BSD-3-Clause
"""solve, inv and det with SciPy's structures (assume_a) and errors.

Note [Structures and the routines behind them]
SciPy picks a LAPACK driver per structure; here each structure reads what
SciPy's reads and is solved by a routine the bindings have:
- 'general' (and None, 'banded', 'tridiagonal'): LU with partial pivoting
  (getrf/getrs). SciPy's None first detects the structure; every structure
  it could detect is solved by LU within rounding of its dedicated driver
  (LU of a triangular or diagonal matrix pivots nowhere and is the matrix
  itself), so no detection pass runs. 'tridiagonal' keeps the three
  diagonals, SciPy's gtsv being partial-pivoting LU of them; 'banded' uses
  the whole matrix, as SciPy's gbsv does with the detected bandwidths. Both
  cost a dense LU (O(n^3)): the bindings have no banded solver.
- 'sym' / 'her': the matrix is rebuilt from the triangle `lower` names (the
  diagonal's imaginary part dropped for 'her', as hesv) and solved by LU:
  SciPy's Bunch-Kaufman sysv/hesv is not bound; LU is as backward stable.
- 'pos': Cholesky (potrf) of the triangle, then two triangular solves.
- 'diagonal': b / diag(a).
- 'upper triangular' / 'lower triangular': one triangular solve.
A singular matrix (an exact zero pivot, a zero on a triangular or diagonal
matrix's diagonal, potrf failing) raises SciPy's "A singular matrix
detected" naming the batch positions; that needs one read of an int per
matrix. SciPy's LinAlgWarning for ill-conditioned matrices needs a
condition estimate (LAPACK's gecon), which the bindings lack: not emitted."""
import numpy
from numpy.linalg import LinAlgError

from gpuarray._array_creation.from_shape import empty, ones
from gpuarray._array_creation.ranges import arange
from gpuarray._array_manipulation.axes import atleast_1d, atleast_2d
from gpuarray._array_manipulation.broadcasting import broadcast_to
from gpuarray._index_routines.index_tricks import diagonal
from gpuarray._math.complex_numbers import real
from gpuarray._matrix_building.matrices import eye, tril, triu
from gpuarray._ufunc.ufuncs import conj
from gpuarray.linalg import inv as inverse_numpy_rule
from gpuarray.scipy.linalg import _lu_core
from gpuarray.scipy.linalg._cholesky import cholesky_solve, potrf_factor
from gpuarray.scipy.linalg._triangular import effective_triangle, solve_with_triangle
from gpuarray.scipy.linalg._validation import (batch_size, blas_dtype, cdsz_dtype, clear_flagged, fill_nan,
                                              singular_slices_error, validated, without_nonfinite)

__all__ = ["det", "inv", "solve"]

_SOLVE_STRUCTURES = {None: "general", "general": "general", "gen": "general", "diagonal": "diagonal",
                     "tridiagonal": "tridiagonal", "banded": "general", "upper triangular": "upper",
                     "lower triangular": "lower", "pos": "pos", "positive definite": "pos", "sym": "sym",
                     "symmetric": "sym", "her": "her", "hermitian": "her"}
_INV_STRUCTURES = {None: "general", "general": "general", "gen": "general", "diagonal": "diagonal",
                   "upper triangular": "upper", "lower triangular": "lower", "pos": "pos", "sym": "sym",
                   "her": "her"}


def _structure(table, assume_a):
    try:
        return table[assume_a]
    except (KeyError, TypeError):
        raise ValueError(f"{assume_a} is not a recognized matrix structure") from None


def from_triangle(a, lower, hermitian):
    """The symmetric (Hermitian) matrices whose triangle `lower` names is
    a's; for Hermitian ones the diagonal's imaginary part is dropped."""
    t = tril(a, -1) if lower else triu(a, 1)
    other = conj(t).mT if hermitian and a.dtype.kind == "c" else t.mT
    d = diagonal(a, 0, -2, -1)
    if hermitian and a.dtype.kind == "c":
        d = real(d).astype(a.dtype)
    return t + other + d[..., None] * eye(a.shape[-1], dtype=a.dtype)


def _raise_singular(singular):
    singular = numpy.asarray(singular)
    if singular.any():
        raise singular_slices_error(singular)


def _zero_on_diagonal(a):
    """Host bools over the batch: a zero on the diagonal (one read)."""
    return (diagonal(a, 0, -2, -1) == 0).any(axis=-1).get()


def lu_solve_general(a, b, dtype, transposed):
    """x with a x = b (a^T x = b), a (..., n, n) and b (..., n, k) of the
    same batch; host singular flags per matrix. The C-order copy of a holds
    a^T column-major: factored as is and solved transposed, no transposing
    copy is made (and `transposed` solves it untransposed)."""
    n, nbatch = a.shape[-1], batch_size(a.shape)
    buf, bad = without_nonfinite(a, dtype)
    x = _lu_core.column_major(b, dtype)
    pivots, info = _lu_core.factor(buf, n, nbatch)
    _lu_core.solve_factored(buf, pivots, x, not transposed, n, nbatch)
    fill_nan(bad, x)
    info = clear_flagged(info, bad).get()[:nbatch].reshape(a.shape[:-2])
    return x.mT, info > 0


def solve(a, b, lower=False, overwrite_a=False, overwrite_b=False, check_finite=True, assume_a=None,
          transposed=False):
    """Solve ``a @ x = b`` for `x`, `a` square, with SciPy's structures.

    Parameters
    ----------
    a : array_like
        Square matrices, shape ``(..., N, N)``.
    b : array_like
        Right-hand sides, shape ``(N,)`` or ``(..., N, K)``; batch axes
        broadcast against those of `a`.
    lower : bool, optional
        For 'sym', 'her' and 'pos': read the lower triangle of `a` (default
        False: the upper one); ignored otherwise.
    overwrite_a : bool, optional
        Accepted for SciPy compatibility; `a` is never overwritten.
    overwrite_b : bool, optional
        Accepted for SciPy compatibility; `b` is never overwritten.
    check_finite : bool, optional
        Raise ValueError if `a` or `b` holds NaN or an infinity (default
        True).
    assume_a : str, optional
        The structure of `a`: 'general' ('gen'), 'diagonal', 'tridiagonal',
        'banded', 'upper triangular', 'lower triangular', 'symmetric'
        ('sym'), 'hermitian' ('her'), 'positive definite' ('pos'), or None
        (default) for a general matrix.
    transposed : bool, optional
        Solve ``a^T x = b`` (real `a` only, as SciPy).

    Returns
    -------
    x : ndarray
        The solutions, of `b`'s shape with the broadcast batch axes, in
        SciPy's solve dtype (integers give float64; 32-bit floats float32).

    Raises
    ------
    numpy.linalg.LinAlgError
        "A singular matrix detected: slice(s) [...] are singular." naming
        the batch positions whose matrix is exactly singular (or not
        positive definite for 'pos').
    ValueError
        If `a` is not square, the shapes do not match, `assume_a` is not
        one of the above, or `check_finite` finds a NaN or an infinity.
    NotImplementedError
        If `transposed` is True for complex `a`, as in SciPy.

    Notes
    -----
    Each structure's routine is listed in Note [Structures and the
    routines behind them] (``scipy/linalg/_solve.py``): LU (cuSOLVER's
    ``getrf``/``getrs``, cuBLAS's batched ones for stacks of sides up to
    128) for general, symmetric, Hermitian, banded and tridiagonal
    matrices, Cholesky for positive definite ones, a triangular solve for
    triangular ones. SciPy's None detects the structure first; gpuarray
    solves by LU, equal within rounding. One int per matrix is read back to
    raise for singular matrices, so the call waits for the device. No
    LinAlgWarning is emitted for ill-conditioned matrices (no condition
    estimator is bound). With ``check_finite=False`` a matrix holding NaN
    or an infinity gives NaN for its solutions.

    See Also
    --------
    solve_triangular, lu_solve, cho_solve, gpuarray.linalg.solve

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import solve
    >>> a = xp.array([[3., 2., 0.], [1., -1., 0.], [0., 5., 1.]])
    >>> solve(a, xp.array([2., 4., -1.])).round(6)
    array([ 2., -2.,  9.])
    >>> spd = xp.array([[4., 1.], [1., 3.]])
    >>> solve(spd, xp.array([1., 2.]), assume_a='pos').round(6)
    array([0.090909, 0.636364])
    """
    structure = _structure(_SOLVE_STRUCTURES, assume_a)
    a, b = validated(a, b, check_finite=check_finite)
    a, b = atleast_2d(a), atleast_1d(b)
    dtype = cdsz_dtype(a.dtype, b.dtype)
    if a.shape[-1] != a.shape[-2]:
        raise ValueError(f"Expected square matrix, got a1.shape={a.shape}")
    if dtype.kind == "c" and transposed:
        raise NotImplementedError("scipy.linalg.solve can currently not solve a^T x = b or a^H x = b for complex "
                                  "matrices.")
    vector = b.ndim == 1
    bm = b[:, None] if vector else b
    n = a.shape[-1]
    scalar = a.size == 1
    if bm.shape[-2] != n and not scalar:
        raise ValueError(f"incompatible shapes: a1.shape={a.shape} and b1.shape={bm.shape}")
    batch = tuple(numpy.broadcast_shapes(a.shape[:-2], bm.shape[:-2]))
    a = broadcast_to(a, batch + a.shape[-2:])
    bm = broadcast_to(bm, batch + bm.shape[-2:])
    if a.size == 0 or bm.size == 0:
        x = empty(bm.shape, dtype=dtype)
        return x[..., 0] if vector else x
    if scalar:
        if bool((a == 0).any().get()):
            raise LinAlgError("A singular matrix detected.")
        x = bm.astype(dtype) / a.astype(dtype)
        return x[..., 0] if vector else x
    x = _solve_structured(a, bm, dtype, structure, bool(lower), bool(transposed))
    return x[..., 0] if vector else x


def _solve_structured(a, b, dtype, structure, lower, transposed):
    if structure == "diagonal":
        _raise_singular(_zero_on_diagonal(a))
        return b.astype(dtype) / diagonal(a, 0, -2, -1).astype(dtype)[..., None]
    if structure in ("upper", "lower"):
        _raise_singular(_zero_on_diagonal(a))
        e, e_lower = effective_triangle(a, 1 if transposed else 0, structure == "lower")
        return solve_with_triangle(e, e_lower, False, b, dtype)
    if structure == "pos":
        c, info = potrf_factor(a, lower, dtype)
        _raise_singular(info.reshape(a.shape[:-2]) != 0)
        return cholesky_solve(c, lower, b, dtype)
    if structure in ("sym", "her"):
        a = from_triangle(a, lower, structure == "her")
        transposed = False  # symmetric: its own transpose
    elif structure == "tridiagonal":
        a = triu(tril(a, 1), -1)
    x, singular = lu_solve_general(a, b, dtype, transposed)
    _raise_singular(singular)
    return x


def inv(a, overwrite_a=False, check_finite=True, *, assume_a=None, lower=False):
    """Compute the inverse of a matrix, or of each matrix of a stack.

    Parameters
    ----------
    a : array_like
        Square matrices, shape ``(..., M, M)``.
    overwrite_a : bool, optional
        Accepted for SciPy compatibility; `a` is never overwritten.
    check_finite : bool, optional
        Raise ValueError if `a` holds NaN or an infinity (default True).
    assume_a : str, optional
        'general' ('gen'), 'diagonal', 'upper triangular', 'lower
        triangular', 'pos', 'sym', 'her', or None (default): a general
        matrix. With 'diagonal' the diagonal is inverted and the other
        entries are returned as they are, as SciPy does.
    lower : bool, optional
        For 'sym', 'her' and 'pos': read the lower triangle (default False:
        the upper one).

    Returns
    -------
    ainv : ndarray
        The inverses, of `a`'s shape, in the LAPACK dtype of `a` (SciPy's
        rule).

    Raises
    ------
    numpy.linalg.LinAlgError
        "A singular matrix detected: slice(s) [...] are singular."
    ValueError
        If `a` has fewer than two dimensions, is not square, `assume_a` is
        not one of the above (SciPy raises KeyError), or `check_finite`
        finds a NaN or an infinity.

    Notes
    -----
    General, symmetric and Hermitian matrices are inverted by
    `gpuarray.linalg.inv` (Gauss-Jordan for sides up to 64, batched LU up
    to 128, cuSOLVER's LU otherwise); when it finds a singular matrix the
    LU info of each matrix is computed to name them. Triangular matrices
    are solved against the identity (Note [Triangular solves through
    getrs]), positive definite ones through Cholesky. Singularity is read
    back to the host, so the call waits for the device; no LinAlgWarning
    is emitted for ill-conditioned matrices.

    See Also
    --------
    solve, pinv, gpuarray.linalg.inv

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import inv
    >>> inv(xp.array([[1., 2.], [3., 4.]])).round(6)
    array([[-2. ,  1. ],
           [ 1.5, -0.5]])
    >>> inv(xp.array([[2., 1.], [0., 4.]]), assume_a='upper triangular')
    array([[ 0.5  , -0.125],
           [ 0.   ,  0.25 ]])
    """
    structure = _structure(_INV_STRUCTURES, assume_a)
    a = validated(a, check_finite=check_finite)
    if a.ndim < 2:
        raise ValueError(f"Expected at least ndim=2, got a1.ndim={a.ndim}")
    if a.shape[-1] != a.shape[-2]:
        raise ValueError(f"Expected square matrix, got a1.shape={a.shape}")
    dtype = blas_dtype(a.dtype)
    if a.size == 0:
        return empty(a.shape, dtype=dtype)
    n = a.shape[-1]
    if structure == "diagonal":
        _raise_singular(_zero_on_diagonal(a))
        # SciPy inverts the diagonal in a copy of `a` and leaves the rest as it was.
        result = a.astype(dtype, order="C", copy=True)
        d = diagonal(result, 0, -2, -1)
        result[..., arange(n), arange(n)] = d ** -1
        return result
    identity = broadcast_to(eye(n, dtype=dtype), a.shape)
    if structure in ("upper", "lower", "pos"):
        return _solve_structured(a, identity, dtype, structure, bool(lower), False)
    if structure in ("sym", "her"):
        a = from_triangle(a, bool(lower), structure == "her")
    a = a.astype(dtype, copy=False)
    try:
        return inverse_numpy_rule(a)
    except LinAlgError:
        _, singular = lu_solve_general(a, identity, dtype, False)
        _raise_singular(singular)
        raise


def det(a, overwrite_a=False, check_finite=True):
    """Compute the determinant of a matrix, or of each matrix of a stack.

    Parameters
    ----------
    a : array_like
        Square matrices, shape ``(..., M, M)``.
    overwrite_a : bool, optional
        Accepted for SciPy compatibility; `a` is never overwritten.
    check_finite : bool, optional
        Raise ValueError if `a` holds NaN or an infinity (default True).

    Returns
    -------
    det : ndarray
        The determinants, shape ``a.shape[:-2]`` (0-d for one matrix, where
        SciPy returns a NumPy scalar), float64 or complex128 for every input
        dtype, as SciPy.

    Raises
    ------
    ValueError
        If `a` has fewer than two dimensions or is not square, or
        `check_finite` finds a NaN or an infinity.

    Notes
    -----
    LU in the LAPACK dtype of `a` (cuSOLVER's ``getrf``, cuBLAS's batched
    LU for stacks of sides up to 128), then the product of U's diagonal in
    float64/complex128 times the parity of the row swaps, as SciPy does so
    that float32 input does not overflow. Nothing is read back. A singular
    matrix gives 0 (or a value that rounding left near it).

    See Also
    --------
    gpuarray.linalg.slogdet, inv

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import det
    >>> det(xp.array([[1., 2.], [3., 4.]])).round(6)
    array(-2.)
    >>> det(xp.array([[[1., 2.], [3., 4.]], [[2., 0.], [0., 3.]]])).round(6)
    array([-2.,  6.])
    """
    a = validated(a, check_finite=check_finite)
    if a.ndim < 2:
        raise ValueError("The input array must be at least two-dimensional.")
    if a.shape[-1] != a.shape[-2]:
        raise ValueError(f"Last 2 dimensions of the array must be square but received shape {a.shape}.")
    dtype = blas_dtype(a.dtype)
    wide = numpy.dtype(numpy.complex128 if dtype.kind == "c" else numpy.float64)
    n, nbatch = a.shape[-1], batch_size(a.shape)
    if min(a.shape) == 0:
        return ones(a.shape[:-2], dtype=wide)
    if n == 1:
        return a[..., 0, 0].astype(dtype).astype(wide)
    buf, bad = without_nonfinite(a, dtype)  # holds a^T: det(a^T) = det(a)
    pivots, _ = _lu_core.factor(buf, n, nbatch)
    swaps = (pivots != arange(1, n + 1, dtype=pivots.dtype)).sum(axis=-1)
    parity = 1 - 2 * (swaps % 2)
    result = diagonal(buf, 0, -2, -1).astype(wide).prod(axis=-1) * parity
    fill_nan(bad, result)
    return result.reshape(a.shape[:-2])
