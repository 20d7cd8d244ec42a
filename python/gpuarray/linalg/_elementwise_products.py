# SPDX-License-Identifier: BSD-3-Clause
"""The products of NumPy's "matrix and vector products" that are broadcast
elementwise multiplies rather than matrix products: outer, kron, cross and
vecdot (a multiply and a sum). No cuBLAS here; matmul and its relatives are
_products.py's."""
import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.from_shape import zeros
from gpuarray._array_manipulation.axes import moveaxis
from gpuarray._array_manipulation.broadcasting import broadcast_arrays
from gpuarray._array_manipulation.joining import stack
from gpuarray._ufunc.ufuncs import conj, multiply
from gpuarray.linalg._product_checks import gufunc_out_array, gufunc_out_shape

__all__ = ["outer", "kron", "cross", "vecdot"]


def _as_pair(x1, x2):
    return asarray(x1), asarray(x2)


def outer(a, b, out=None):
    """Outer product of two vectors.

    ``out[i, j] = a.ravel()[i] * b.ravel()[j]``.

    Parameters
    ----------
    a, b : array_like
        Operands; arrays of more than one dimension are flattened. Host data
        is copied to the device first.
    out : ndarray, optional
        Device array to write the result into, under `multiply`'s rules:
        any layout, of shape ``(a.size, b.size)`` (or one that shape
        broadcasts to), taking the result's dtype by a ``'same_kind'`` cast.
        It is checked before the operands are flattened.

    Returns
    -------
    y : ndarray
        Of shape ``(a.size, b.size)``; `out` if it was given.

    Notes
    -----
    One broadcast `multiply` of ``a.ravel()[:, None]`` and
    ``b.ravel()[None, :]``, so no product is summed and the values are those
    NumPy gives; flattening copies operands that are not contiguous.

    See Also
    --------
    inner, tensordot, kron, multiply

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.outer(xp.array([1, 2, 3]), xp.array([1, 10]))
    array([[ 1, 10],
           [ 2, 20],
           [ 3, 30]])
    >>> xp.outer(xp.array([[1, 2], [3, 4]]), xp.array([1, -1]))
    array([[ 1, -1],
           [ 2, -2],
           [ 3, -3],
           [ 4, -4]])
    """
    a, b = _as_pair(a, b)
    if out is not None:
        # multiply's own checks of `out`, made before the flattening copies.
        checked = gufunc_out_array("multiply", out, numpy.result_type(a.dtype, b.dtype), "same_kind")
        gufunc_out_shape("multiply", "", checked, numpy.broadcast_shapes((a.size, 1), (1, b.size)), ())
    return multiply(a.ravel()[:, None], b.ravel()[None, :], out=out)


def kron(a, b):
    """Kronecker product of two arrays.

    The result is the block array in which each element of `a` scales a
    full copy of `b`. The operand with fewer dimensions is given leading
    axes of length 1 first.

    Parameters
    ----------
    a, b : array_like
        Operands; host data is copied to the device first.

    Returns
    -------
    y : ndarray
        Of shape ``a.shape[i] * b.shape[i]`` along each axis (after the
        padding with length-1 axes).

    Notes
    -----
    One broadcast `multiply` of `a` and `b` reshaped with their axes
    interleaved, then a reshape of that contiguous result; no product is
    summed, so the values are those NumPy gives.

    See Also
    --------
    outer, tensordot, multiply

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.kron(xp.array([1, 10, 100]), xp.array([5, 6, 7]))
    array([  5,   6,   7,  50,  60,  70, 500, 600, 700])
    >>> xp.kron(xp.array([[1, 0], [0, 2]]), xp.array([[1, 2], [3, 4]]))
    array([[1, 2, 0, 0],
           [3, 4, 0, 0],
           [0, 0, 2, 4],
           [0, 0, 6, 8]])
    >>> xp.kron(xp.ones((2, 3, 4)), xp.ones((5, 6))).shape
    (2, 15, 24)
    """
    a, b = _as_pair(a, b)
    nd = max(a.ndim, b.ndim)
    a = a.reshape((1,) * (nd - a.ndim) + a.shape)
    b = b.reshape((1,) * (nd - b.ndim) + b.shape)
    a_il = a.reshape(tuple(x for n in a.shape for x in (n, 1)))
    b_il = b.reshape(tuple(x for n in b.shape for x in (1, n)))
    return multiply(a_il, b_il).reshape(tuple(p * q for p, q in zip(a.shape, b.shape)))


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """Cross product of two (arrays of) 3-element or 2-element vectors.

    Parameters
    ----------
    a, b : array_like
        The vectors, along `axisa` of `a` and `axisb` of `b` (each of length
        2 or 3; a 2-element vector has a zero third component); the other
        axes broadcast. Host data is copied to the device first.
    axisa : int, optional
        Axis of `a` holding the vectors. Default -1.
    axisb : int, optional
        Axis of `b` holding the vectors. Default -1.
    axisc : int, optional
        Axis of the result holding the vectors; not used when both inputs
        are 2-element vectors. Default -1.
    axis : int, optional
        If given, overrides `axisa`, `axisb` and `axisc`.

    Returns
    -------
    c : ndarray
        The cross products, in the operands' common dtype. When both vectors
        have 2 elements, only the z component is returned, with the vector
        axis removed.

    Raises
    ------
    ValueError
        If a vector axis has a length other than 2 or 3.
    numpy.exceptions.AxisError
        If `axisa`, `axisb`, `axisc` or `axis` is out of range.

    Notes
    -----
    Built from elementwise multiplies and subtractions on the device and a
    `stack` of the three components. NumPy 2 deprecates 2-element vectors
    and warns; here they are accepted without a warning.

    See Also
    --------
    inner, outer, moveaxis

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.cross(xp.array([1, 2, 3]), xp.array([4, 5, 6]))
    array([-3,  6, -3])
    >>> xp.cross(xp.array([[1, 0, 0], [0, 1, 0]]), xp.array([0, 0, 1]))
    array([[ 0, -1,  0],
           [ 1,  0,  0]])
    >>> v = xp.array([[1, 0], [0, 1], [0, 0]])  # vectors as columns
    >>> xp.cross(v, xp.array([0, 0, 1]), axisa=0)
    array([[ 0, -1,  0],
           [ 1,  0,  0]])
    >>> xp.cross(v, xp.array([0, 0, 1]), axisa=0, axisc=0)
    array([[ 0,  1],
           [-1,  0],
           [ 0,  0]])
    """
    a, b = _as_pair(a, b)
    if axis is not None:
        axisa = axisb = axisc = axis
    a = moveaxis(a, axisa, -1)
    b = moveaxis(b, axisb, -1)
    if a.shape[-1] not in (2, 3) or b.shape[-1] not in (2, 3):
        raise ValueError("incompatible dimensions for cross product\n(dimension must be 2 or 3)")
    dtype = numpy.result_type(a.dtype, b.dtype)
    a, b = a.astype(dtype, copy=False), b.astype(dtype, copy=False)
    zero = zeros((), dtype=dtype)
    a0, a1 = a[..., 0], a[..., 1]
    b0, b1 = b[..., 0], b[..., 1]
    a2 = a[..., 2] if a.shape[-1] == 3 else zero
    b2 = b[..., 2] if b.shape[-1] == 3 else zero
    z = a0 * b1 - a1 * b0
    if a.shape[-1] == 2 and b.shape[-1] == 2:
        return z
    c = stack(broadcast_arrays(a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, z), axis=-1)
    return moveaxis(c, -1, axisc)


def vecdot(x1, x2, /, *, axis=-1):
    """Vector dot product along an axis, with the first vector conjugated.

    ``sum(conj(x1) * x2, axis=axis)``, broadcasting the other axes.

    Parameters
    ----------
    x1, x2 : array_like
        Operands; the lengths along `axis` must match and the other axes
        broadcast. Host data is copied to the device first.
    axis : int, optional
        The axis (of each operand) along which the products are summed.
        Default -1.

    Returns
    -------
    y : ndarray
        The broadcast shape without `axis`; a 0-d device array for two 1-D
        operands (NumPy returns a scalar there).

    Raises
    ------
    ValueError
        If `x1` and `x2` differ in length along `axis`.
    IndexError
        If `axis` is out of range for an operand (NumPy raises AxisError).

    Notes
    -----
    An elementwise `multiply` (with a conjugated copy of a complex `x1`)
    followed by a `sum` reduction, not a cuBLAS call; the full product is a
    temporary array. Summation order differs from NumPy's, so floating
    results may differ in the last bits. NumPy's ufunc keywords (`out`,
    `dtype`, `casting`, `keepdims`, ...) are not accepted.

    See Also
    --------
    vdot, inner, matmul, linalg.vector_norm

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.vecdot(xp.array([[1, 2, 3], [4, 5, 6]]), xp.array([1, 0, -1]))
    array([-2, -2])
    >>> xp.vecdot(xp.array([[1, 2], [3, 4]]), xp.array([[1, 1], [0, 1]]), axis=0)
    array([1, 6])
    >>> complex(xp.vecdot(xp.array([1j, 2]), xp.array([1j, 3])))
    (7+0j)
    """
    a, b = _as_pair(x1, x2)
    if a.dtype.kind == "c":
        a = conj(a)
    if a.shape[axis] != b.shape[axis]:
        raise ValueError(f"vecdot: Input operand 1 has a mismatch in its core dimension 0, with gufunc "
                         f"signature (n),(n)->() (size {b.shape[axis]} is different from {a.shape[axis]})")
    return multiply(a, b).sum(axis=axis)
