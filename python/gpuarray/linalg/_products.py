# SPDX-License-Identifier: BSD-3-Clause
"""Matrix and vector products (NumPy's "Linear algebra: matrix and vector
products") that are matrix products: matmul and the @ operator, dot, vdot,
inner, tensordot, matrix_power, and matrix_transpose. einsum, built on
matmul, is _einsum.py's; outer, kron, cross and vecdot, broadcast
multiplies, are _elementwise_products.py's; the argument checks all of them
share, _product_checks.py's.

Floating and complex products go to cuBLAS (see _gemm); integer and bool
products to a tiled kernel (gpuarray/linalg/_int_matmul.py)."""
import math

import numpy
from numpy.linalg import LinAlgError

from gpuarray._array_creation.from_data import asarray, ascontiguousarray
from gpuarray._array_creation.from_shape import empty
from gpuarray._array_manipulation.broadcasting import broadcast_to
from gpuarray._core import ndarray
from gpuarray._matrix_building.matrices import eye
from gpuarray._ufunc.ufuncs import conj, multiply
from gpuarray.linalg._int_matmul import int_matmul
from gpuarray.linalg._product_checks import check_order, dot_out, gufunc_dtype, gufunc_out_array, gufunc_out_shape
from gpuarray.linalg._solve import inv

__all__ = ["matmul", "dot", "vdot", "inner", "tensordot", "matrix_power", "matrix_transpose"]

_BLAS_TYPES = "efdFDE"
_MATMUL_SIGNATURE = "(n?,k),(k,m?)->(n?,m?)"


def _matrix_layout(x):
    """(op, ld) describing the trailing r x c matrix of `x` for cuBLAS, which
    reads column-major: 'N' when rows are contiguous (so cuBLAS sees x^T),
    'T' when columns are; None when neither (then the caller copies)."""
    r, c = x.shape[-2:]
    isz = x.itemsize
    sr, sc = x.strides[-2:]
    if (c == 1 or sc == isz) and (r == 1 or (sr > 0 and sr % isz == 0 and sr // isz >= c)):
        return "N", max(c, 1) if r == 1 else sr // isz
    if (r == 1 or sr == isz) and (c == 1 or (sc > 0 and sc % isz == 0 and sc // isz >= r)):
        return "T", max(r, 1) if c == 1 else sc // isz
    return None


def _batch_stride(x):
    """One element stride that walks every batch matrix of `x` (0 for a
    broadcast), or None when the batch dimensions do not collapse."""
    dims = [(n, s) for n, s in zip(x.shape[:-2], x.strides[:-2]) if n != 1]
    if not dims:
        return 0
    if all(s == 0 for _, s in dims):
        return 0
    inner_n, inner_s = dims[-1]
    expect = inner_s * inner_n
    for n, s in reversed(dims[:-1]):
        if s != expect:
            return None
        expect *= n
    if inner_s < 0 or inner_s % x.itemsize:
        return None
    return inner_s // x.itemsize


def _gemm_operand(x):
    layout = _matrix_layout(x)
    stride = _batch_stride(x)
    if layout is None or stride is None:
        x = ascontiguousarray(x)
        layout, stride = _matrix_layout(x), _batch_stride(x)
    return x, layout, stride


def _gemm(a, b, out, batch, dtype):
    """out = a @ b for (*batch, m, k) and (*batch, k, n) operands (broadcast
    views allowed, k > 0) into a C-contiguous (*batch, m, n) `out`, through
    one strided-batched cuBLAS call. Row-major C is column-major C^T = b^T a^T,
    so b goes first."""
    from gpuarray._base import libs as _libs
    m, k = a.shape[-2:]
    n = b.shape[-1]
    a, (opa, lda), sa = _gemm_operand(a)
    b, (opb, ldb), sb = _gemm_operand(b)
    nbatch = int(numpy.prod(batch, dtype=numpy.int64))
    _libs.gemm(dtype.char, n, m, k, b.data.ptr, ldb, sb, opb, a.data.ptr, lda, sa, opa,
               out.data.ptr, n, m * n, nbatch)


def matmul(x1, x2, /, out=None, *, dtype=None, casting="same_kind", order="K", subok=True):
    """Matrix product of two arrays, with NumPy's broadcasting of stacks.

    The last two axes of each operand are the matrices; the axes before them
    are batch axes and broadcast against each other. A 1-D first operand is
    taken as a row vector and a 1-D second operand as a column vector, and
    that axis is removed from the result again. This is also the ``@``
    operator of device arrays (``a @= b`` writes into `a`).

    Parameters
    ----------
    x1, x2 : array_like
        Operands, at least 1-D each; host data is copied to the device first.
        The last axis of `x1` must match the second-to-last of `x2` (the
        only axis of a 1-D `x2`).
    out : ndarray or tuple of one ndarray, optional
        Device array to write the result into, in any layout. Its last axes
        must be the result's matrix (or vector) axes and its leading axes
        those the batch axes broadcast to (NumPy's gufunc rule), and the
        result's dtype must cast to its dtype under `casting`.
    dtype : data-type, optional
        The dtype the product is computed in and returned as: the operands
        are cast to it first (each under `casting`), so an integer product
        wraps in it. Default: the operands' common type.
    casting : {'no', 'equiv', 'safe', 'same_kind', 'unsafe'}, optional
        The rule the casts of the operands to the computation's dtype and of
        the result to `out`'s dtype must follow. Default 'same_kind'.
    order : {'K', 'C', 'F', 'A'}, optional
        Checked as NumPy checks it and not used: the result is always
        C-contiguous.
    subok : bool, optional
        Accepted for NumPy compatibility and not used.

    Returns
    -------
    y : ndarray
        The product, of shape ``batch + (n, m)`` with the 1-D axes removed;
        a 0-d device array when both operands are 1-D (NumPy returns a
        scalar there). `out` if it was given.

    Raises
    ------
    ValueError
        If an operand is 0-d, the core dimensions do not match, the batch
        axes do not broadcast, `out` has the wrong shape or is read-only, or
        `casting` or `order` is not one of NumPy's words.
    TypeError
        If `out` is not a device array, or a cast breaks `casting` (NumPy
        raises its UFuncTypeError, a subclass of TypeError).

    Notes
    -----
    Floating and complex products (float16, float32, float64, complex64,
    complex128) are one strided-batched cuBLAS gemm call for the whole stack;
    operands whose matrices or batch axes cuBLAS cannot walk by strides
    (transposed and broadcast views can be walked) are copied to C order
    first. Summation order differs from NumPy's, so floating results may
    differ in the last bits. Integer and bool products run in gpuarray's own
    tiled kernel and wrap on overflow as NumPy's do. An empty inner dimension
    gives zeros.

    Every argument is checked before any device work. With `out`, the
    product is computed into a new array and then copied into `out`, so
    `out` may overlap the operands. NumPy's gufunc keywords `signature`,
    `axes` and `axis` are not accepted.

    See Also
    --------
    dot, vdot, vecdot, tensordot, einsum, matrix_transpose

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[1, 2], [3, 4]])
    >>> b = xp.array([[5, 6], [7, 8]])
    >>> xp.matmul(a, b)
    array([[19, 22],
           [43, 50]])
    >>> a @ xp.array([1, -1])
    array([-1, -1])
    >>> xp.matmul(xp.ones((4, 2, 3)), xp.ones((3, 5))).shape
    (4, 2, 5)
    >>> xp.matmul(a, b, dtype=xp.float64)
    array([[19., 22.],
           [43., 50.]])
    >>> int(xp.array([1, 2, 3]) @ xp.array([4, 5, 6]))
    32
    """
    # NumPy's order: the words, the dtypes (input and output casts), then shapes.
    check_order(order)
    a, b = asarray(x1), asarray(x2)
    compute = gufunc_dtype("matmul", (a.dtype, b.dtype), dtype, casting)
    out = gufunc_out_array("matmul", out, compute, casting)
    for i, x in enumerate((a, b)):
        if x.ndim == 0:
            raise ValueError(f"matmul: Input operand {i} does not have enough dimensions (has 0, gufunc core "
                             f"with signature {_MATMUL_SIGNATURE} requires 1)")
    a1, b1 = a.ndim == 1, b.ndim == 1
    if a1:
        a = a[None, :]
    if b1:
        b = b[:, None]
    if a.shape[-1] != b.shape[-2]:
        raise ValueError(f"matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
                         f"{_MATMUL_SIGNATURE} (size {b.shape[-2]} is different from {a.shape[-1]})")
    batch = tuple(numpy.broadcast_shapes(a.shape[:-2], b.shape[:-2]))
    core = (() if a1 else (a.shape[-2],)) + (() if b1 else (b.shape[-1],))
    gufunc_out_shape("matmul", _MATMUL_SIGNATURE, out, batch, core)
    # NumPy runs the loop of `compute` (the dtype= argument when given): the
    # operands are cast to it first, an integer product wraps in it.
    a = a.astype(compute, copy=False)
    b = b.astype(compute, copy=False)
    a = broadcast_to(a, batch + a.shape[-2:])
    b = broadcast_to(b, batch + b.shape[-2:])
    result = empty(batch + (a.shape[-2], b.shape[-1]), dtype=compute)
    if result.size and a.shape[-1] == 0:
        result.fill(0)
    elif result.size:
        (_gemm if compute.char in _BLAS_TYPES else int_matmul)(a, b, result, batch, compute)
    if a1:
        result = result[..., 0, :]
    if b1:
        result = result[..., 0]
    if out is not None:
        out[...] = result
        return out
    return result


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


def matrix_power(a, n):
    """Raise a square matrix (or each of a stack) to an integer power.

    Parameters
    ----------
    a : array_like
        Array of shape ``(..., M, M)``; host data is copied to the device
        first.
    n : int
        The exponent. 0 gives identity matrices of `a`'s dtype; a negative
        `n` raises the inverse of `a` to ``-n``.

    Returns
    -------
    y : ndarray
        Of `a`'s shape; the dtype of `a` for ``n >= 0``, that of the inverse
        (floating) for ``n < 0``.

    Raises
    ------
    numpy.linalg.LinAlgError
        If `a` has fewer than two dimensions or its matrices are not square,
        or, for ``n < 0``, a matrix is singular.
    TypeError
        If `n` is not an integer.

    Notes
    -----
    Repeated squaring: about ``2 * log2(n)`` calls of `matmul` over the whole
    stack (cuBLAS for floating and complex types, gpuarray's integer kernel,
    which wraps on overflow as NumPy does, otherwise). For ``n < 0``,
    `linalg.inv` reads its singularity check back to the host, which waits
    for the device. Floating results may differ from NumPy's in the last
    bits.

    See Also
    --------
    matmul, linalg.inv

    Examples
    --------
    >>> import gpuarray as xp
    >>> i = xp.array([[0, 1], [-1, 0]])
    >>> xp.linalg.matrix_power(i, 3)
    array([[ 0, -1],
           [ 1,  0]])
    >>> xp.linalg.matrix_power(i, 0)
    array([[1, 0],
           [0, 1]])
    >>> xp.linalg.matrix_power(xp.array([[1, 1], [0, 1]]), 5)
    array([[1, 5],
           [0, 1]])
    >>> xp.linalg.matrix_power(xp.array([[2.0, 0.0], [0.0, 4.0]]), -2)
    array([[0.25  , 0.    ],
           [0.    , 0.0625]])
    """
    a = asarray(a)
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise LinAlgError(f"{a.ndim}-dimensional array given. Array must be at least two-dimensional"
                          if a.ndim < 2 else "Last 2 dimensions of the array must be square")
    if int(n) != n:
        raise TypeError("exponent must be an integer")
    n = int(n)
    if n == 0:
        return broadcast_to(eye(a.shape[-1], dtype=a.dtype), a.shape).copy()
    if n < 0:
        a, n = inv(a), -n
    result = None
    base = a
    while n:
        if n & 1:
            result = base if result is None else matmul(result, base)
        n >>= 1
        if n:
            base = matmul(base, base)
    return result


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

