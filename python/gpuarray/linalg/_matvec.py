# SPDX-License-Identifier: BSD-3-Clause
"""matvec and vecmat, NumPy 2.2's matrix-vector gufuncs, as matmul calls on
the vector seen as a one-column (or one-row) matrix: the same cuBLAS or
integer kernel, the same dtypes and broadcasting of the batch axes."""
import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._ufunc.ufuncs import conjugate
from gpuarray.linalg._product_checks import check_order, gufunc_dtype, gufunc_out_array, gufunc_out_shape
from gpuarray.linalg._matmul import matmul

__all__ = ["matvec", "vecmat"]


def _checked(name, signature, operands, needs, sizes, out, shapes, dtype, casting, order):
    """NumPy's gufunc errors, all before any device work: too few dimensions,
    core sizes that differ, batch axes that do not broadcast, the casts and
    `out`. `shapes` is (x1's batch axes, x2's batch axes, the result's core
    axes). Returns `out` (the array when a 1-tuple was given)."""
    # NumPy's order: the words, the dtypes (input and output casts), then shapes.
    check_order(order)
    loop_dtype = gufunc_dtype(name, [a.dtype for a in operands], dtype, casting)
    out = gufunc_out_array(name, out, loop_dtype, casting)
    for k, (a, n) in enumerate(zip(operands, needs)):
        if a.ndim < n:
            raise ValueError(f"{name}: Input operand {k} does not have enough dimensions (has {a.ndim}, gufunc "
                             f"core with signature {signature} requires {n})")
    first, second = sizes
    if first != second:
        raise ValueError(f"{name}: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
                         f"{signature} (size {second} is different from {first})")
    gufunc_out_shape(name, signature, out, numpy.broadcast_shapes(*shapes[:-1]), shapes[-1])
    return out


def matvec(x1, x2, /, out=None, *, dtype=None, casting="same_kind", order="K", subok=True):
    """Matrix-vector dot product of two arrays.

    ``out[..., i] = sum_j x1[..., i, j] * x2[..., j]``, with the stack axes
    broadcast.

    Parameters
    ----------
    x1 : array_like, shape (..., m, n)
        The matrices (host data is copied to the device first).
    x2 : array_like, shape (..., n)
        The vectors (not conjugated).
    out : ndarray, optional
        A device array of the broadcast shape ``(..., m)`` to hold the result.
    dtype : data-type, optional
        The result's dtype (and, when floating or complex, the computation's).
    casting, order, subok
        NumPy's gufunc options, accepted as `matmul` accepts them.

    Returns
    -------
    y : ndarray, shape (..., m)
        The products; `out` if given.

    Raises
    ------
    ValueError
        If `x1` has fewer than 2 dimensions, `x2` fewer than 1, their ``n``
        differ, the stack axes do not broadcast, or `out` does not fit
        (NumPy's gufunc rules, checked before any device work).
    TypeError
        If `out` is not a device array or a cast breaks `casting`.

    Notes
    -----
    ``matmul(x1, x2[..., None])[..., 0]``: one cuBLAS batched product for
    floating and complex types (summation order differs from NumPy's, so
    results may differ in the last bits), gpuarray's integer kernel
    otherwise.

    See Also
    --------
    vecmat, matmul, vecdot

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    >>> xp.matvec(a, xp.array([1.0, 0.0, -1.0]))
    array([-2., -2.])
    >>> xp.matvec(a, xp.array([[1.0, 1.0, 1.0], [0.0, 1.0, 0.0]])).shape
    (2, 2)
    """
    x1, x2 = asarray(x1), asarray(x2)
    out = _checked("matvec", "(m,n),(n)->(m)", (x1, x2), (2, 1),
                   (x1.shape[-1] if x1.ndim >= 2 else None, x2.shape[-1] if x2.ndim else None),
                   out, (x1.shape[:-2], x2.shape[:-1], x1.shape[-2:-1]), dtype, casting, order)
    result = matmul(x1, x2[..., None], dtype=dtype, casting=casting, order=order, subok=subok,
                    out=None if out is None else out[..., None])
    return out if out is not None else result[..., 0]


def vecmat(x1, x2, /, out=None, *, dtype=None, casting="same_kind", order="K", subok=True):
    """Vector-matrix dot product of two arrays, with the vector conjugated.

    ``out[..., j] = sum_i conj(x1[..., i]) * x2[..., i, j]``, with the stack
    axes broadcast.

    Parameters
    ----------
    x1 : array_like, shape (..., n)
        The vectors, conjugated when complex (host data is copied to the
        device first).
    x2 : array_like, shape (..., n, m)
        The matrices.
    out : ndarray, optional
        A device array of the broadcast shape ``(..., m)`` to hold the result.
    dtype : data-type, optional
        The result's dtype (and, when floating or complex, the computation's).
    casting, order, subok
        NumPy's gufunc options, accepted as `matmul` accepts them.

    Returns
    -------
    y : ndarray, shape (..., m)
        The products; `out` if given.

    Raises
    ------
    ValueError
        If `x1` has fewer than 1 dimension, `x2` fewer than 2, their ``n``
        differ, the stack axes do not broadcast, or `out` does not fit
        (NumPy's gufunc rules, checked before any device work).
    TypeError
        If `out` is not a device array or a cast breaks `casting`.

    Notes
    -----
    ``matmul(conj(x1)[..., None, :], x2)[..., 0, :]``: a conjugated copy of
    complex `x1`, then one matmul.

    See Also
    --------
    matvec, matmul, vecdot

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.vecmat(xp.array([1.0, 2.0]), xp.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))
    array([ 9., 12., 15.])
    >>> xp.vecmat(xp.array([1j, 2.0]), xp.ones((2, 2)))
    array([2.-1.j, 2.-1.j])
    """
    x1, x2 = asarray(x1), asarray(x2)
    out = _checked("vecmat", "(n),(n,m)->(m)", (x1, x2), (1, 2),
                   (x1.shape[-1] if x1.ndim else None, x2.shape[-2] if x2.ndim >= 2 else None),
                   out, (x1.shape[:-1], x2.shape[:-2], x2.shape[-1:]), dtype, casting, order)
    if x1.dtype.kind == "c":
        x1 = conjugate(x1)
    result = matmul(x1[..., None, :], x2, dtype=dtype, casting=casting, order=order, subok=subok,
                    out=None if out is None else out[..., None, :])
    return out if out is not None else result[..., 0, :]
