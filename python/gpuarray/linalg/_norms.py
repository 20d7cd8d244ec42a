# SPDX-License-Identifier: BSD-3-Clause
"""Norms and the numbers read from singular values: norm, vector_norm,
matrix_norm, cond, matrix_rank."""
import numpy
from numpy.lib.array_utils import normalize_axis_tuple
from numpy.linalg import LinAlgError

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_manipulation.axes import expand_dims, moveaxis
from gpuarray._sorting_searching.searching import where
from gpuarray._ufunc.ufuncs import absolute, isnan, sqrt
from gpuarray.linalg._lapack import check_stack, lapack_dtype, real_dtype
from gpuarray.linalg._solve import inverse_and_info
from gpuarray.linalg._svd import svdvals

__all__ = ["cond", "matrix_norm", "matrix_rank", "norm", "vector_norm"]


def _vector_norm(x, ord, axis, keepdims):
    a = absolute(x)
    if ord is None or ord == 2:
        return sqrt((a * a).sum(axis=axis, keepdims=keepdims))
    if ord == numpy.inf:
        return a.max(axis=axis, keepdims=keepdims)
    if ord == -numpy.inf:
        return a.min(axis=axis, keepdims=keepdims)
    if ord == 0:
        return (x != 0).astype(a.dtype).sum(axis=axis, keepdims=keepdims)
    if ord == 1:
        return a.sum(axis=axis, keepdims=keepdims)
    if isinstance(ord, str):
        raise ValueError(f"Invalid norm order '{ord}' for vectors")
    return ((a ** ord).sum(axis=axis, keepdims=keepdims)) ** (1.0 / ord)


def _matrix_norm(x, ord, axes, keepdims):
    r, c = axes
    if ord in ("fro", "f", None):
        a = absolute(x)
        result = sqrt((a * a).sum(axis=axes))
    elif ord == "nuc" or ord in (2, -2):
        s = svdvals(moveaxis(x, axes, (-2, -1)))
        result = s.sum(axis=-1) if ord == "nuc" else (s.max(axis=-1) if ord == 2 else s.min(axis=-1))
    elif ord in (1, -1):
        col = absolute(x).sum(axis=r)
        result = col.max(axis=c - 1 if c > r else c) if ord == 1 else col.min(axis=c - 1 if c > r else c)
    elif ord in (numpy.inf, -numpy.inf):
        row = absolute(x).sum(axis=c)
        axis = r - 1 if r > c else r
        result = row.max(axis=axis) if ord == numpy.inf else row.min(axis=axis)
    else:
        raise ValueError("Invalid norm order for matrices.")
    if keepdims:
        for ax in sorted(axes):
            result = expand_dims(result, ax)
    return result


def norm(x, ord=None, axis=None, keepdims=False):
    """Matrix or vector norm.

    With `axis` an integer (or `x` 1-D) a vector norm over that axis; with
    `axis` a pair of axes (or `x` 2-D) a matrix norm over them; with `axis`
    and `ord` both None the 2-norm of ``x.ravel()``, whatever `x`'s shape.

    Parameters
    ----------
    x : array_like
        Input; integers and bool are converted to float64 first.
    ord : {int, float, inf, -inf, 'fro', 'nuc'}, optional
        Order of the norm, as NumPy's: for vectors any number (``sum(abs(x)
        ** ord) ** (1 / ord)``), inf (max abs), -inf (min abs), 0 (count of
        non-zeros); for matrices 'fro' (default), 'nuc' (sum of singular
        values), 1/-1 (max/min column sum of abs), 2/-2 (largest/smallest
        singular value), inf/-inf (max/min row sum of abs).
    axis : {None, int, 2-tuple of ints}, optional
        The axis or pair of axes to take the norm over.
    keepdims : bool, optional
        Keep the reduced axes as size-1 axes (default False).

    Returns
    -------
    n : ndarray
        The norms, of the real dtype matching `x`'s; a 0-d device array
        when all axes are reduced (NumPy returns a scalar there).

    Raises
    ------
    ValueError
        For an `ord` that is not defined for vectors (a string) or for
        matrices, duplicate axes, more than two axes, or `axis` None with
        `ord` given and `x` neither 1-D nor 2-D.
    numpy.linalg.LinAlgError
        From `svdvals`, for ord 2, -2 or 'nuc' on a matrix holding NaN.

    Notes
    -----
    Element-wise kernels and reductions on the device; nothing is read back.
    ord 2, -2 and 'nuc' compute singular values (`svdvals`, cuSOLVER, Note
    [SVD drivers]) and wait for the device to read its ``info``. Sums run in
    another order than NumPy's, so results may differ in the last bits;
    the 2-norm is ``sqrt(sum(abs(x)**2))`` without NumPy's scaling against
    overflow.

    See Also
    --------
    vector_norm, matrix_norm, cond

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.linalg.norm(xp.array([3., 4.]))
    array(5.)
    >>> x = xp.array([[1., -2.], [3., 4.]])
    >>> xp.linalg.norm(x).round(6)
    array(5.477226)
    >>> xp.linalg.norm(x, xp.inf)
    array(7.)
    >>> xp.linalg.norm(x, axis=1).round(6)
    array([2.236068, 5.      ])
    """
    x = asarray(x)
    if x.dtype.kind in "biu":
        x = x.astype(numpy.float64)
    if axis is None:
        if ord is None:
            a = absolute(x).ravel()
            result = sqrt((a * a).sum())
            return result.reshape((1,) * x.ndim) if keepdims else result
        if x.ndim == 1:
            axis = (0,)
        elif x.ndim == 2:
            axis = (0, 1)
        else:
            raise ValueError("Improper number of dimensions to norm.")
    axis = (axis,) if numpy.ndim(axis) == 0 else tuple(axis)
    axis = tuple(ax % x.ndim for ax in axis)
    if len(axis) == 1:
        return _vector_norm(x, ord, axis[0], keepdims)
    if len(axis) == 2:
        if axis[0] == axis[1]:
            raise ValueError("Duplicate axes given.")
        return _matrix_norm(x, ord, axis, keepdims)
    raise ValueError("Improper number of dimensions to norm.")


def vector_norm(x, /, *, axis=None, keepdims=False, ord=2):
    """Vector norm over one axis, several axes, or all of them.

    Parameters
    ----------
    x : array_like
        Input.
    axis : {None, int, tuple of ints}, optional
        The axis to take the norm over; None (default) takes it over all
        elements, as over ``x.ravel()``.
    keepdims : bool, optional
        Keep the reduced axes as size-1 axes (default False).
    ord : {int, float, inf, -inf}, optional
        Order of the norm (default 2): ``sum(abs(x) ** ord) ** (1 / ord)``,
        inf for the max abs, -inf for the min abs, 0 for the count of
        non-zeros.

    Returns
    -------
    out : ndarray
        The norms, of the real dtype matching `x`'s (float64 for integers);
        a 0-d device array when every axis is reduced.

    Raises
    ------
    ValueError
        If `ord` is a string, or `axis` repeats an axis.
    numpy.exceptions.AxisError
        If an axis is out of range.

    Notes
    -----
    Element-wise kernels and one reduction on the device; nothing is read
    back. Summation order differs from NumPy's, so results may differ in the
    last bits. A tuple of axes takes one vector norm over all of them, as
    NumPy's.

    See Also
    --------
    norm, matrix_norm

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.linalg.vector_norm(xp.array([3., -4.]))
    array(5.)
    >>> xp.linalg.vector_norm(xp.array([3., -4.]), ord=xp.inf)
    array(4.)
    >>> xp.linalg.vector_norm(xp.array([[1., -2.], [3., 4.]]), axis=0).round(6)
    array([3.162278, 4.472136])
    >>> xp.linalg.vector_norm(xp.array([[3., 0.], [0., -4.]]), axis=(0, 1))
    array(5.)
    """
    x = asarray(x)
    if axis is None:
        result = norm(x.ravel(), ord=ord)
        return result.reshape((1,) * x.ndim) if keepdims else result
    if numpy.ndim(axis) == 0:
        return norm(x, ord=ord, axis=axis, keepdims=keepdims)
    # A tuple of axes: one vector norm over all of them (norm would take a
    # pair of axes for a matrix norm).
    axes = normalize_axis_tuple(axis, x.ndim)
    if x.dtype.kind in "biu":
        x = x.astype(numpy.float64)
    return _vector_norm(x, ord, axes, keepdims)


def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    """Matrix norm of each matrix (the last two axes).

    Parameters
    ----------
    x : array_like
        Matrices, shape ``(..., M, N)``.
    keepdims : bool, optional
        Keep the last two axes as size-1 axes (default False).
    ord : {'fro', 'nuc', 1, -1, 2, -2, inf, -inf}, optional
        Order of the norm (default 'fro'), as for `norm` on matrices.

    Returns
    -------
    out : ndarray
        The norms, shape ``x.shape[:-2]``, of the real dtype matching `x`'s;
        0-d for a single matrix.

    Raises
    ------
    ValueError
        If `ord` is not a matrix norm order, or `x` has fewer than two
        dimensions.
    numpy.linalg.LinAlgError
        From `svdvals`, for ord 2, -2 or 'nuc' on a matrix holding NaN.

    Notes
    -----
    ``norm(x, ord=ord, axis=(-2, -1), keepdims=keepdims)``: element-wise
    kernels and reductions on the device, except ord 2, -2 and 'nuc', which
    compute singular values with cuSOLVER (Note [SVD drivers]) and wait for
    the device to read its ``info``.

    See Also
    --------
    norm, vector_norm, svdvals, cond

    Examples
    --------
    >>> import gpuarray as xp
    >>> x = xp.array([[1., -2.], [3., 4.]])
    >>> xp.linalg.matrix_norm(x).round(6)
    array(5.477226)
    >>> xp.linalg.matrix_norm(x, ord=1)
    array(6.)
    >>> xp.linalg.matrix_norm(xp.stack([xp.eye(3), xp.eye(3)]), ord="nuc").round(6)
    array([3., 3.])
    """
    return norm(x, ord=ord, axis=(-2, -1), keepdims=keepdims)


def cond(x, p=None):
    """Condition number of a matrix, or of each matrix of a stack.

    Parameters
    ----------
    x : array_like
        Matrices, shape ``(..., M, N)``; square unless `p` is None, 2 or -2.
    p : {None, 1, -1, 2, -2, inf, -inf, 'fro', 'nuc'}, optional
        Order of the norm: None (default) and 2 give the ratio of the
        largest to the smallest singular value, -2 its inverse; the others
        ``norm(x, p) * norm(inv(x), p)``.

    Returns
    -------
    c : ndarray
        The condition numbers, shape ``x.shape[:-2]``, of the real dtype
        matching `x`'s; 0-d for a single matrix. inf for a singular matrix;
        NaN only where `x` itself holds NaN.

    Raises
    ------
    numpy.linalg.LinAlgError
        If the matrices are empty, `x` has fewer than two dimensions, or
        they are not square for a `p` that needs the inverse; from `svdvals`
        ("SVD did not converge") for p None, 2 or -2 on a matrix holding NaN.
    ValueError
        If `p` is not a matrix norm order.

    Notes
    -----
    For p None, 2 and -2 the singular values come from `svdvals`
    (cuSOLVER, Note [SVD drivers]), whose ``info`` is read on the host. For
    the other orders the inverse is computed as `inv` computes it (the
    Gauss-Jordan kernel, cuBLAS batched or cuSOLVER LU) without raising
    for a singular matrix: its ``info`` stays on the device and marks the
    result inf, as NumPy's. NumPy 2 gives inf for a singular matrix as
    well; a matrix holding an infinity gives inf.

    See Also
    --------
    norm, svdvals, inv, matrix_rank

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1., 0.], [0., 2.]])
    >>> xp.linalg.cond(a).round(6)
    array(2.)
    >>> xp.linalg.cond(a, "fro").round(6)
    array(2.5)
    >>> xp.linalg.cond(a, 1).round(6)
    array(2.)
    """
    x = asarray(x)
    check_stack(x, square=p not in (None, 2, -2))
    if x.size == 0 and x.shape[-2] * x.shape[-1] == 0:
        raise LinAlgError("cond is not defined on empty arrays")
    if p is None or p in (2, -2):
        s = svdvals(x)
        r = s[..., 0] / s[..., -1] if p != -2 else s[..., -1] / s[..., 0]
    else:
        inverse, info = inverse_and_info(x)
        r = norm(x, p, axis=(-2, -1)) * norm(inverse, p, axis=(-2, -1))
        r = where(info[:r.size].reshape(r.shape) > 0, numpy.inf, r)
        r = r.astype(real_dtype(lapack_dtype(x.dtype)), copy=False)
    return where(isnan(r) & ~isnan(x).any(axis=(-2, -1)), numpy.inf, r)


def matrix_rank(A, tol=None, hermitian=False, *, rtol=None):
    """Rank of a matrix, or of each matrix of a stack, by the SVD.

    The number of singular values greater than a tolerance.

    Parameters
    ----------
    A : array_like
        Matrices, shape ``(..., M, N)``; a 0-d or 1-D `A` has rank 1 unless
        all its elements are zero (then 0).
    tol : float or array_like, optional
        Absolute threshold on the singular values, broadcast over the stack.
        Default: ``rtol * S.max()``.
    hermitian : bool, optional
        Accepted for NumPy compatibility and ignored: the general SVD runs.
    rtol : float or array_like, optional
        Relative threshold, used when `tol` is None. Default
        ``max(M, N) * eps`` of the singular values' dtype.

    Returns
    -------
    rank : ndarray
        The ranks, shape ``A.shape[:-2]``, an integer device array (0-d for
        a single matrix; NumPy returns a scalar).

    Raises
    ------
    numpy.linalg.LinAlgError
        From `svdvals` ("SVD did not converge") for a matrix holding NaN.

    Notes
    -----
    Singular values by `svdvals` (cuSOLVER, Note [SVD drivers]), which
    reads cuSOLVER's ``info`` on the host; the comparison and count run on
    the device. For a 0-d or 1-D `A`, whether any element is non-zero is
    read back to the host. Singular values near the threshold may fall on
    the other side of it than NumPy's.

    See Also
    --------
    svdvals, cond, pinv

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.linalg.matrix_rank(xp.eye(3))
    array(3)
    >>> xp.linalg.matrix_rank(xp.array([[1., 2.], [2., 4.]]))
    array(1)
    """
    A = asarray(A)
    if A.ndim < 2:
        return asarray(int((A != 0).any().get()))
    s = svdvals(A)
    if tol is None:
        if rtol is None:
            rtol = max(A.shape[-2:]) * numpy.finfo(s.dtype).eps
        else:
            rtol = expand_dims(asarray(rtol), -1)
        tol = s.max(axis=-1, keepdims=True) * rtol
    else:
        tol = expand_dims(asarray(tol), -1)
    return (s > tol).sum(axis=-1)
