# SPDX-License-Identifier: BSD-3-Clause
"""matmul and the @ operator (NumPy's "Linear algebra: matrix and vector
products"): floating and complex products go to cuBLAS (see _gemm), integer
and bool products to a tiled kernel (_int_matmul.py). The other matrix
products are _products.py's; the argument checks they share,
_product_checks.py's."""
import numpy

from gpuarray import _core
from gpuarray._array_creation.from_data import asarray, ascontiguousarray
from gpuarray._array_creation.from_shape import empty
from gpuarray._array_manipulation.broadcasting import broadcast_to
from gpuarray.cuda.device import get_device_id
from gpuarray.linalg._int_matmul import int_matmul
from gpuarray.linalg._product_checks import check_order, gufunc_dtype, gufunc_out_array, gufunc_out_shape

__all__ = ["matmul"]


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
    here = get_device_id()
    for x in (a, b, out):   # cuBLAS reads them from the current device (Note [Arrays of another device])
        if x.data.device_id != here:
            _core._require_access(x.data.device_id, "matmul")
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
