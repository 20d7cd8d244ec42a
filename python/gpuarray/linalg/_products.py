# SPDX-License-Identifier: BSD-3-Clause
"""Matrix and vector products (NumPy's "Linear algebra: matrix and vector
products") built on matmul (_matmul.py): dot, vdot, inner, tensordot, and
matrix_transpose. matrix_power and multi_dot, products of several matrices,
are _matrix_chains.py's; einsum, built on matmul, is _einsum.py's; outer,
kron, cross and vecdot, broadcast multiplies, are _elementwise_products.py's;
the argument checks all of them share, _product_checks.py's."""
import math

import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._core import ndarray
from gpuarray._ufunc.ufuncs import conj, multiply
from gpuarray.linalg._matmul import matmul
from gpuarray.linalg._product_checks import dot_out

__all__ = ["dot", "vdot", "inner", "tensordot", "matrix_transpose"]


def _as_pair(x1, x2):
    return asarray(x1), asarray(x2)


def tensordot(a, b, axes=2):
    """Sum of products over chosen axes of two arrays.

    Parameters
    ----------
    a, b : array_like
        Operands; host data is copied to the device first.
    axes : int or (sequence of ints, sequence of ints), optional
        An integer N sums over the last N axes of `a` and the first N axes
        of `b`, in order (0, or as in NumPy a negative N, gives the outer
        product). A pair names the axes of `a` and those of `b` that are
        summed, matched in order; each entry may be a single int. Default 2.

    Returns
    -------
    y : ndarray
        The free axes of `a` followed by the free axes of `b`, in the
        operands' common dtype. Zeros where a summed axis has length 0.

    Raises
    ------
    ValueError
        If the two axis lists differ in length, name an axis twice, or
        paired axes differ in length.
    IndexError
        If an axis is out of range (NumPy's exception here).

    Notes
    -----
    Both operands are transposed so that the summed axes come last in `a`
    and first in `b`, reshaped to matrices (a copy when the transposed view
    cannot be reshaped in place) and multiplied with one `matmul`, so
    floating results follow its cuBLAS summation order and may differ from
    NumPy's in the last bits. NumPy's tensordot takes no `out`; neither
    does this one.

    See Also
    --------
    dot, matmul, inner, outer, einsum

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(24).reshape(2, 3, 4)
    >>> b = xp.arange(12).reshape(3, 4)
    >>> xp.tensordot(a, b)
    array([ 506, 1298])
    >>> xp.tensordot(a, b, axes=([1, 2], [0, 1]))
    array([ 506, 1298])
    >>> xp.tensordot(a, xp.array([1, 0, -1]), axes=([1], [0]))
    array([[-8, -8, -8, -8],
           [-8, -8, -8, -8]])
    >>> xp.tensordot(xp.array([1, 2]), xp.array([3, 4]), axes=0)
    array([[3, 4],
           [6, 8]])
    """
    axes_a, axes_b = _tensordot_axes(axes)
    a, b = _as_pair(a, b)
    # NumPy's checks and their order: an axis out of range is an IndexError.
    if len(axes_a) != len(axes_b) or any(a.shape[i] != b.shape[j] for i, j in zip(axes_a, axes_b)):
        raise ValueError("shape-mismatch for sum")
    axes_a = [i + a.ndim if i < 0 else i for i in axes_a]
    axes_b = [j + b.ndim if j < 0 else j for j in axes_b]
    free_a = [i for i in range(a.ndim) if i not in axes_a]
    free_b = [j for j in range(b.ndim) if j not in axes_b]
    # Explicit products, not -1: a summed or free length of 0 leaves the
    # other one undetermined (the result is then zeros, or empty).
    k = math.prod(a.shape[i] for i in axes_a)
    a2 = a.transpose(free_a + axes_a).reshape(math.prod(a.shape[i] for i in free_a), k)
    b2 = b.transpose(axes_b + free_b).reshape(k, math.prod(b.shape[j] for j in free_b))
    return matmul(a2, b2).reshape(tuple(a.shape[i] for i in free_a) + tuple(b.shape[j] for j in free_b))


def _tensordot_axes(axes):
    """tensordot's `axes` as two lists, read as NumPy reads them: an integer N
    is the last N axes of `a` and the first N of `b` (a negative N, an empty
    range, gives the outer product); a repeated axis is an error."""
    try:
        iter(axes)
    except TypeError:
        return list(range(-axes, 0)), list(range(axes))
    axes_a, axes_b = axes
    axes_a = list(axes_a) if numpy.ndim(axes_a) else [axes_a]
    axes_b = list(axes_b) if numpy.ndim(axes_b) else [axes_b]
    if len(set(axes_a)) != len(axes_a) or len(set(axes_b)) != len(axes_b):
        raise ValueError("duplicate axes are not allowed in tensordot")
    return axes_a, axes_b


def dot(a, b, out=None):
    """Dot product of two arrays, by NumPy's rules for each dimensionality.

    Scalars (0-d) are multiplied elementwise; two 1-D arrays give their inner
    product; a 2-D or 1-D `a` with a 2-D `b` is a matrix product; an N-D `a`
    with a 1-D `b` sums over the last axis of both; otherwise the sum runs
    over the last axis of `a` and the second-to-last axis of `b`, and the
    result has all other axes of `a` followed by those of `b` (unlike
    `matmul`, which broadcasts the stacks).

    Parameters
    ----------
    a, b : array_like
        Operands; host data is copied to the device first.
    out : ndarray, optional
        Device array to write the result into. As in NumPy it must be
        writeable, C-contiguous, and of exactly the result's shape and
        dtype; where an operand is 0-d and the result is not float32/64 or
        complex64/128, NumPy hands the work to `multiply`, and `out` follows
        a ufunc's rules instead (any layout, a ``'same_kind'`` cast).

    Returns
    -------
    y : ndarray
        The product, in the operands' common dtype; a 0-d device array where
        NumPy returns a scalar (two 1-D operands, or two scalars). `out` if
        it was given.

    Raises
    ------
    ValueError
        If the summed axes differ in length, or `out` is not acceptable
        (dtype, number of dimensions, layout, read-only) or has the wrong
        shape; NumPy's words.
    TypeError
        If `out` is not a device array.

    Notes
    -----
    The 1-D and 2-D cases are `matmul` (cuBLAS for floating and complex
    types, gpuarray's integer kernel otherwise), the N-D case `tensordot`;
    floating results may differ from NumPy's in the last bits. `out` is
    checked before any device work; the product is computed into a new
    array and then copied into it.

    See Also
    --------
    matmul, vdot, inner, tensordot, einsum

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1, 0], [2, 1]])
    >>> b = xp.array([[4, 1], [2, 2]])
    >>> xp.dot(a, b)
    array([[ 4,  1],
           [10,  4]])
    >>> int(xp.dot(xp.array([1, 2, 3]), xp.array([4, 5, 6])))
    32
    >>> xp.dot(xp.array([1, 2]), 3)
    array([3, 6])
    >>> xp.dot(xp.ones((2, 3, 4)), xp.ones((5, 4, 6))).shape
    (2, 3, 5, 6)
    """
    a, b = _as_pair(a, b)
    if out is not None and not isinstance(out, ndarray):
        raise TypeError("'out' must be an array")
    dtype = numpy.result_type(a.dtype, b.dtype)  # 0-d operands are arrays here: no weak scalars
    if a.ndim == 0 or b.ndim == 0:
        if dtype.char not in "fdFD":
            # NumPy's dot hands these to multiply, with a ufunc's rules for out.
            return multiply(a, b, out=out)
        dot_out(out, numpy.broadcast_shapes(a.shape, b.shape), dtype)
        return _into(multiply(a, b), out)
    summed = max(b.ndim - 2, 0)  # the axis of b summed against a's last
    if a.shape[-1] != b.shape[summed]:
        raise ValueError(f"shapes {a.shape} and {b.shape} not aligned: {a.shape[-1]} (dim {a.ndim - 1}) "
                         f"!= {b.shape[summed]} (dim {summed})")
    dot_out(out, a.shape[:-1] + b.shape[:summed] + b.shape[summed + 1:], dtype)
    if b.ndim <= 2:  # matmul's broadcasting of a's leading axes is dot's rule here
        result = matmul(a, b)
    else:
        result = tensordot(a, b, axes=([a.ndim - 1], [summed]))
    return _into(result, out)


def _into(result, out):
    if out is None:
        return result
    out[...] = result
    return out


def vdot(a, b, /):
    """Dot product of two arrays flattened, with the first one conjugated.

    Parameters
    ----------
    a, b : array_like
        Operands with the same number of elements, of any shapes; they are
        flattened in C order. Host data is copied to the device first.

    Returns
    -------
    y : ndarray
        ``sum(conj(a.ravel()) * b.ravel())`` as a 0-d device array (NumPy
        returns a scalar).

    Raises
    ------
    ValueError
        If `a` and `b` have different numbers of elements.

    Notes
    -----
    The product is a 1-D `matmul` (cuBLAS for floating and complex types),
    so floating results may differ from NumPy's in the last bits. Flattening
    copies operands that are not contiguous, and a complex `a` is conjugated
    into a new array.

    See Also
    --------
    dot, vecdot, inner, matmul

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([1 + 2j, 3 + 4j])
    >>> b = xp.array([5 + 6j, 7 + 8j])
    >>> complex(xp.vdot(a, b))
    (70-8j)
    >>> complex(xp.vdot(b, a))
    (70+8j)
    >>> int(xp.vdot(xp.array([[1, 4], [5, 6]]), xp.array([[4, 1], [2, 2]])))
    30
    """
    a, b = _as_pair(a, b)
    a, b = a.ravel(), b.ravel()
    if a.size != b.size:
        raise ValueError("cannot reshape array: vdot operands have different sizes "
                         f"({a.size} and {b.size})")
    return matmul(conj(a) if a.dtype.kind == "c" else a, b)


def inner(a, b, /):
    """Inner product of two arrays over their last axes.

    Parameters
    ----------
    a, b : array_like
        Operands; their last axes must have the same length unless one is a
        scalar (0-d), which multiplies the other elementwise. Host data is
        copied to the device first.

    Returns
    -------
    y : ndarray
        Of shape ``a.shape[:-1] + b.shape[:-1]``; a 0-d device array for two
        1-D operands (NumPy returns a scalar there).

    Raises
    ------
    ValueError
        If the last axes of `a` and `b` differ in length.

    Notes
    -----
    Computed as `tensordot` over the two last axes, so through one `matmul`
    (cuBLAS for floating and complex types); floating results may differ
    from NumPy's in the last bits. Complex operands are not conjugated.

    See Also
    --------
    dot, vdot, vecdot, tensordot, outer

    Examples
    --------
    >>> import gpuarray as xp
    >>> int(xp.inner(xp.array([1, 2, 3]), xp.array([0, 1, 0])))
    2
    >>> a = xp.arange(24).reshape(2, 3, 4)
    >>> xp.inner(a, xp.arange(4))
    array([[ 14,  38,  62],
           [ 86, 110, 134]])
    >>> xp.inner(xp.array([[1, 2], [3, 4]]), xp.array([[1, 0], [1, 1]]))
    array([[1, 3],
           [3, 7]])
    """
    a, b = _as_pair(a, b)
    if a.ndim == 0 or b.ndim == 0:
        return multiply(a, b)
    if a.shape[-1] != b.shape[-1]:
        raise ValueError(f"shapes {a.shape} and {b.shape} not aligned: {a.shape[-1]} (dim {a.ndim - 1}) "
                         f"!= {b.shape[-1]} (dim {b.ndim - 1})")
    return tensordot(a, b, axes=([a.ndim - 1], [b.ndim - 1]))


def matrix_transpose(x, /):
    """Transpose each matrix of a stack: swap the last two axes.

    Parameters
    ----------
    x : array_like
        Array with at least two dimensions; host data is copied to the
        device first.

    Returns
    -------
    y : ndarray
        A view of `x` (no copy) of shape ``x.shape[:-2] + (N, M)``, the same
        as ``x.mT``.

    Raises
    ------
    ValueError
        If `x` has fewer than two dimensions.

    See Also
    --------
    transpose, swapaxes, moveaxis

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.matrix_transpose(xp.array([[1, 2, 3], [4, 5, 6]]))
    array([[1, 4],
           [2, 5],
           [3, 6]])
    >>> xp.matrix_transpose(xp.zeros((2, 3, 4))).shape
    (2, 4, 3)
    """
    x = asarray(x)
    if x.ndim < 2:
        raise ValueError(f"Input array must be at least 2-dimensional, but it is {x.ndim}")
    return x.mT
