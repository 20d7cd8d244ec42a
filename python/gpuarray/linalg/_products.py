# SPDX-License-Identifier: BSD-3-Clause
"""Matrix and vector products (NumPy's "Linear algebra: matrix and vector
products"): matmul and the @ operator, dot, vdot, inner, outer, tensordot,
kron, cross, matrix_power, vecdot, matrix_transpose (einsum, built on
matmul, is _einsum.py's).

Floating and complex products go to cuBLAS (see _gemm); integer and bool
products to a tiled kernel (gpuarray/_int_matmul.py)."""
import numpy
from numpy.linalg import LinAlgError

from gpuarray._core import ndarray
from gpuarray._creation import asarray, ascontiguousarray, empty, zeros
from gpuarray._int_matmul import int_matmul
from gpuarray._joining import stack
from gpuarray._manipulation import broadcast_arrays, broadcast_to, moveaxis
from gpuarray._matrices import eye
from gpuarray._ufuncs import conj, multiply
from gpuarray.linalg._solve import inv

__all__ = ["matmul", "dot", "vdot", "inner", "outer", "tensordot", "kron", "cross", "matrix_power", "vecdot",
           "matrix_transpose"]

_BLAS_TYPES = "efdFD"


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
    from gpuarray import _libs
    m, k = a.shape[-2:]
    n = b.shape[-1]
    a, (opa, lda), sa = _gemm_operand(a)
    b, (opb, ldb), sb = _gemm_operand(b)
    nbatch = int(numpy.prod(batch, dtype=numpy.int64))
    _libs.gemm(dtype.char, n, m, k, b.data.ptr, ldb, sb, opb, a.data.ptr, lda, sa, opa,
               out.data.ptr, n, m * n, nbatch)


def _check_out(out, shape, dtype):
    if not isinstance(out, ndarray):
        raise TypeError("return arrays must be of ArrayType")
    if out.shape != shape:
        raise ValueError(f"output operand has shape {out.shape}, but the result has shape {shape}")
    if not numpy.can_cast(dtype, out.dtype, "same_kind"):
        raise TypeError(f"Cannot cast ufunc 'matmul' output from {dtype!r} to {out.dtype!r} "
                        "with casting rule 'same_kind'")


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
    out : ndarray, optional
        Device array to write the result into. It must have the result's
        shape, and the result's dtype must cast to its dtype under the
        ``'same_kind'`` rule.
    dtype : data-type, optional
        Dtype of the result. A floating or complex `dtype` is also the type
        the product is computed in (the operands are cast to it first); for
        any other `dtype` the product is computed in the operands' common
        type and then cast.
    casting : str, optional
        Accepted for NumPy compatibility and not used (see Notes).
    order : str, optional
        Accepted for NumPy compatibility and not used: the result is always
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
        axes do not broadcast, or `out` has the wrong shape.
    TypeError
        If `out` is not a device array or the result's dtype cannot be cast
        to its dtype.

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

    With `out`, the product is computed into a new array and then copied
    into `out`, so `out` may overlap the operands. `casting` is not applied:
    a `dtype` of another kind than the operands' (e.g. an integer `dtype`
    for float operands) is cast to without the error NumPy raises. NumPy's
    gufunc keywords `signature`, `axes` and `axis` are not accepted.

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
    a, b = asarray(x1), asarray(x2)
    for i, x in enumerate((a, b)):
        if x.ndim == 0:
            raise ValueError(f"matmul: Input operand {i} does not have enough dimensions (has 0, gufunc core "
                             f"with signature (n?,k),(k,m?)->(n?,m?) requires 1)")
    res_type = numpy.dtype(dtype) if dtype is not None else numpy.result_type(a.dtype, b.dtype)
    a1, b1 = a.ndim == 1, b.ndim == 1
    if a1:
        a = a[None, :]
    if b1:
        b = b[:, None]
    if a.shape[-1] != b.shape[-2]:
        raise ValueError(f"matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature "
                         f"(n?,k),(k,m?)->(n?,m?) (size {b.shape[-2]} is different from {a.shape[-1]})")
    batch = tuple(numpy.broadcast_shapes(a.shape[:-2], b.shape[:-2]))
    compute = res_type if res_type.char in _BLAS_TYPES else numpy.result_type(a.dtype, b.dtype)
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
    result = result.astype(res_type, copy=False)
    if out is not None:
        _check_out(out, result.shape, res_type)
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
        of `b`, in order (0 gives the outer product). A pair names the axes
        of `a` and those of `b` that are summed, matched in order; each entry
        may be a single int. Default 2.

    Returns
    -------
    y : ndarray
        The free axes of `a` followed by the free axes of `b`.

    Raises
    ------
    ValueError
        If `axes` is a negative integer, the two axis lists differ in length,
        an axis is out of range, or paired axes differ in length.

    Notes
    -----
    Both operands are transposed so that the summed axes come last in `a`
    and first in `b`, reshaped to matrices (a copy when the transposed view
    cannot be reshaped in place) and multiplied with one `matmul`, so
    floating results follow its cuBLAS summation order and may differ from
    NumPy's in the last bits.

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
    a, b = _as_pair(a, b)
    try:
        axes_a, axes_b = axes
        axes_a = [axes_a] if numpy.ndim(axes_a) == 0 else list(axes_a)
        axes_b = [axes_b] if numpy.ndim(axes_b) == 0 else list(axes_b)
    except TypeError:
        n = int(axes)
        if n < 0:
            raise ValueError("negative axes not supported")
        axes_a, axes_b = list(range(a.ndim - n, a.ndim)), list(range(n))
    if len(axes_a) != len(axes_b):
        raise ValueError("shape-mismatch for sum")
    axes_a = [ax % a.ndim if a.ndim else ax for ax in axes_a]
    axes_b = [ax % b.ndim if b.ndim else ax for ax in axes_b]
    for i, j in zip(axes_a, axes_b):
        if i >= a.ndim or j >= b.ndim or a.shape[i] != b.shape[j]:
            raise ValueError("shape-mismatch for sum")
    free_a = [i for i in range(a.ndim) if i not in axes_a]
    free_b = [j for j in range(b.ndim) if j not in axes_b]
    k = int(numpy.prod([a.shape[i] for i in axes_a], dtype=numpy.int64))
    out_shape = tuple(a.shape[i] for i in free_a) + tuple(b.shape[j] for j in free_b)
    a2 = a.transpose(free_a + axes_a).reshape(-1, k)
    b2 = b.transpose(axes_b + free_b).reshape(k, -1)
    return matmul(a2, b2).reshape(out_shape)


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
        Device array to write the result into; it must have the result's
        shape, and the result's dtype must cast to its dtype under the
        ``'same_kind'`` rule.

    Returns
    -------
    y : ndarray
        The product; a 0-d device array where NumPy returns a scalar (two 1-D
        operands, or two scalars). `out` if it was given.

    Raises
    ------
    ValueError
        If the summed axes differ in length, or `out` has the wrong shape.
    TypeError
        If `out` is not a device array or the result's dtype cannot be cast
        to its dtype.

    Notes
    -----
    The 1-D and 2-D cases are `matmul` (cuBLAS for floating and complex
    types, gpuarray's integer kernel otherwise), the N-D case `tensordot`;
    floating results may differ from NumPy's in the last bits. NumPy requires
    `out` to be C-contiguous and of exactly the result's dtype; here any
    layout and any dtype reachable by a ``'same_kind'`` cast is accepted, and
    the result is computed first and then copied into `out`.

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
    if a.ndim == 0 or b.ndim == 0:
        result = multiply(a, b)
    elif b.ndim == 1:
        if a.shape[-1] != b.shape[0]:
            raise ValueError(f"shapes {a.shape} and {b.shape} not aligned: {a.shape[-1]} (dim {a.ndim - 1}) "
                             f"!= {b.shape[0]} (dim 0)")
        result = matmul(a, b)
    elif a.ndim <= 2 and b.ndim == 2:
        if a.shape[-1] != b.shape[0]:
            raise ValueError(f"shapes {a.shape} and {b.shape} not aligned: {a.shape[-1]} (dim {a.ndim - 1}) "
                             f"!= {b.shape[0]} (dim 0)")
        result = matmul(a, b)
    else:
        if a.shape[-1] != b.shape[-2]:
            raise ValueError(f"shapes {a.shape} and {b.shape} not aligned: {a.shape[-1]} (dim {a.ndim - 1}) "
                             f"!= {b.shape[-2]} (dim {b.ndim - 2})")
        result = tensordot(a, b, axes=([a.ndim - 1], [b.ndim - 2]))
    if out is not None:
        _check_out(out, result.shape, result.dtype)
        out[...] = result
        return out
    return result


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


def outer(a, b, out=None):
    """Outer product of two vectors.

    ``out[i, j] = a.ravel()[i] * b.ravel()[j]``.

    Parameters
    ----------
    a, b : array_like
        Operands; arrays of more than one dimension are flattened. Host data
        is copied to the device first.
    out : ndarray, optional
        Device array of shape ``(a.size, b.size)`` to write the result into.

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

