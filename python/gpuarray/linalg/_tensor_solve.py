# SPDX-License-Identifier: BSD-3-Clause
"""tensorinv and tensorsolve: inv and solve of an N-dimensional array reshaped
to a matrix."""
import numpy
from numpy.linalg import LinAlgError

from gpuarray._array_creation.from_data import asarray
from gpuarray.linalg._solve import inv, solve

__all__ = ["tensorinv", "tensorsolve"]


def tensorinv(a, ind=2):
    """Inverse of an N-dimensional array with respect to `tensordot`.

    Parameters
    ----------
    a : array_like
        The tensor; the product of its first `ind` axes must equal that of
        the others (it reshapes to a square matrix).
    ind : int, optional
        Number of leading axes that form the first "row" index (default 2).

    Returns
    -------
    b : ndarray
        Shape ``a.shape[ind:] + a.shape[:ind]``, with
        ``tensordot(b, a, ind)`` the identity over `a`'s leading axes.

    Raises
    ------
    ValueError
        If `ind` is not positive, or `a`'s size is not a multiple of the
        product of its first `ind` axes.
    numpy.linalg.LinAlgError
        If the reshaped matrix is not square, or is singular (from `inv`).

    Notes
    -----
    `inv` of the ``(prod(a.shape[:ind]), -1)`` reshape (Gauss-Jordan
    kernel or cuSOLVER LU), whose ``info`` is read on the host.

    See Also
    --------
    tensorsolve, tensordot, inv

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.eye(24).reshape(4, 6, 8, 3)
    >>> ainv = xp.linalg.tensorinv(a)
    >>> ainv.shape
    (8, 3, 4, 6)
    >>> xp.allclose(xp.tensordot(ainv, a, 2), xp.eye(24).reshape(8, 3, 8, 3))
    True
    """
    a = asarray(a)
    if ind <= 0:
        raise ValueError("Invalid ind argument.")
    out_shape = a.shape[ind:] + a.shape[:ind]
    prod = int(numpy.prod(a.shape[:ind], dtype=numpy.int64))
    return inv(a.reshape(prod, -1)).reshape(out_shape)


def tensorsolve(a, b, axes=None):
    """Solve the tensor equation ``tensordot(a, x, axes=x.ndim) == b`` for x.

    Parameters
    ----------
    a : array_like
        Coefficient tensor, shape ``b.shape + x.shape``.
    b : array_like
        Right-hand side tensor.
    axes : tuple of ints, optional
        Axes of `a` to move to the end (in this order) before solving.

    Returns
    -------
    x : ndarray
        Shape ``a.shape[b.ndim:]`` (after `axes` moved).

    Raises
    ------
    numpy.linalg.LinAlgError
        If ``prod(a.shape[b.ndim:]) != prod(a.shape[:b.ndim])``, or from
        `solve` if the matrix is singular.

    Notes
    -----
    `solve` on the reshaped square matrix (cuSOLVER or cuBLAS LU), which
    reads the factorization's ``info`` on the host.

    See Also
    --------
    tensorinv, tensordot, solve

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.eye(6).reshape(6, 2, 3)
    >>> b = xp.ones(6)
    >>> x = xp.linalg.tensorsolve(a, b)
    >>> x.shape
    (2, 3)
    >>> xp.allclose(xp.tensordot(a, x, axes=2), b)
    True
    """
    a, b = asarray(a), asarray(b)
    if axes is not None:
        order = [i for i in range(a.ndim) if i not in [ax % a.ndim for ax in axes]]
        a = a.transpose(order + [ax % a.ndim for ax in axes])
    x_shape = a.shape[b.ndim:]
    prod = int(numpy.prod(x_shape, dtype=numpy.int64))
    if int(numpy.prod(a.shape[:b.ndim], dtype=numpy.int64)) != prod:
        raise LinAlgError("Input arrays must satisfy the requirement prod(a.shape[b.ndim:]) == "
                          "prod(a.shape[:b.ndim])")
    return solve(a.reshape(-1, prod), b.ravel()).reshape(x_shape)
