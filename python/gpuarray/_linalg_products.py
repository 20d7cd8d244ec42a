# SPDX-License-Identifier: BSD-3-Clause
"""Matrix and vector products (NumPy's "Linear algebra: matrix and vector
products"): matmul and the @ operator, dot, vdot, inner, outer, tensordot,
einsum, kron, cross, matrix_power, vecdot, matrix_transpose.

Floating and complex products go to cuBLAS (see _gemm); integer and bool
products to a tiled kernel (gpuarray/_int_matmul.py)."""
import numpy

from gpuarray._core import ndarray
from gpuarray._int_matmul import int_matmul

__all__ = ["matmul", "dot", "vdot", "inner", "outer", "tensordot", "einsum", "kron", "cross", "matrix_power",
           "vecdot", "matrix_transpose"]

_BLAS_TYPES = "efdFD"


def _xp():
    import gpuarray
    return gpuarray


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
        x = _xp().ascontiguousarray(x)
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
    """NumPy's matmul: stacks of matrices, broadcast batch dimensions, 1-D
    operands promoted to a row (first) or column (second) and removed again."""
    xp = _xp()
    a, b = xp.asarray(x1), xp.asarray(x2)
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
    a = xp.broadcast_to(a, batch + a.shape[-2:])
    b = xp.broadcast_to(b, batch + b.shape[-2:])
    result = xp.empty(batch + (a.shape[-2], b.shape[-1]), dtype=compute)
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


def _rmatmul(self, other):
    return matmul(other, self)


def _imatmul(self, other):
    return matmul(self, other, out=self)


ndarray.__matmul__ = lambda self, other: matmul(self, other)
ndarray.__rmatmul__ = _rmatmul
ndarray.__imatmul__ = _imatmul


def _as_pair(x1, x2):
    xp = _xp()
    return xp.asarray(x1), xp.asarray(x2)


def tensordot(a, b, axes=2):
    """Sum over the named axes of a and b: both sides are transposed so the
    contraction is one (M, K) @ (K, N) product."""
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
    """NumPy's dot: a product for 0-d, inner product for 1-D, matmul for 2-D,
    and a sum over a's last and b's second-to-last axis otherwise."""
    xp = _xp()
    a, b = _as_pair(a, b)
    if a.ndim == 0 or b.ndim == 0:
        result = xp.multiply(a, b)
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
    """Dot product of the flattened arrays, the first conjugated."""
    xp = _xp()
    a, b = _as_pair(a, b)
    a, b = a.ravel(), b.ravel()
    if a.size != b.size:
        raise ValueError("cannot reshape array: vdot operands have different sizes "
                         f"({a.size} and {b.size})")
    return matmul(xp.conj(a) if a.dtype.kind == "c" else a, b)


def inner(a, b, /):
    """Sum over the last axes of a and b."""
    xp = _xp()
    a, b = _as_pair(a, b)
    if a.ndim == 0 or b.ndim == 0:
        return xp.multiply(a, b)
    if a.shape[-1] != b.shape[-1]:
        raise ValueError(f"shapes {a.shape} and {b.shape} not aligned: {a.shape[-1]} (dim {a.ndim - 1}) "
                         f"!= {b.shape[-1]} (dim {b.ndim - 1})")
    return tensordot(a, b, axes=([a.ndim - 1], [b.ndim - 1]))


def outer(a, b, out=None):
    """a.ravel()[:, None] * b.ravel()[None, :]."""
    xp = _xp()
    a, b = _as_pair(a, b)
    return xp.multiply(a.ravel()[:, None], b.ravel()[None, :], out=out)


def kron(a, b):
    """Kronecker product: interleave a's and b's axes, multiply, merge pairs."""
    xp = _xp()
    a, b = _as_pair(a, b)
    nd = max(a.ndim, b.ndim)
    a = a.reshape((1,) * (nd - a.ndim) + a.shape)
    b = b.reshape((1,) * (nd - b.ndim) + b.shape)
    a_il = a.reshape(tuple(x for n in a.shape for x in (n, 1)))
    b_il = b.reshape(tuple(x for n in b.shape for x in (1, n)))
    return xp.multiply(a_il, b_il).reshape(tuple(p * q for p, q in zip(a.shape, b.shape)))


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """Cross product of 2- or 3-element vectors along the named axes."""
    xp = _xp()
    a, b = _as_pair(a, b)
    if axis is not None:
        axisa = axisb = axisc = axis
    a = xp.moveaxis(a, axisa, -1)
    b = xp.moveaxis(b, axisb, -1)
    if a.shape[-1] not in (2, 3) or b.shape[-1] not in (2, 3):
        raise ValueError("incompatible dimensions for cross product\n(dimension must be 2 or 3)")
    dtype = numpy.result_type(a.dtype, b.dtype)
    a, b = a.astype(dtype, copy=False), b.astype(dtype, copy=False)
    zero = xp.zeros((), dtype=dtype)
    a0, a1 = a[..., 0], a[..., 1]
    b0, b1 = b[..., 0], b[..., 1]
    a2 = a[..., 2] if a.shape[-1] == 3 else zero
    b2 = b[..., 2] if b.shape[-1] == 3 else zero
    z = a0 * b1 - a1 * b0
    if a.shape[-1] == 2 and b.shape[-1] == 2:
        return z
    c = xp.stack(xp.broadcast_arrays(a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, z), axis=-1)
    return xp.moveaxis(c, -1, axisc)


def matrix_power(a, n):
    """a @ a @ ... (n times) by repeated squaring; n < 0 inverts first."""
    xp = _xp()
    a = xp.asarray(a)
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        from numpy.linalg import LinAlgError
        raise LinAlgError(f"{a.ndim}-dimensional array given. Array must be at least two-dimensional"
                          if a.ndim < 2 else "Last 2 dimensions of the array must be square")
    if int(n) != n:
        raise TypeError("exponent must be an integer")
    n = int(n)
    if n == 0:
        return xp.broadcast_to(xp.eye(a.shape[-1], dtype=a.dtype), a.shape).copy()
    if n < 0:
        from gpuarray.linalg import inv
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
    """sum(conj(x1) * x2) over `axis` (the first vector conjugated)."""
    xp = _xp()
    a, b = _as_pair(x1, x2)
    if a.dtype.kind == "c":
        a = xp.conj(a)
    if a.shape[axis] != b.shape[axis]:
        raise ValueError(f"vecdot: Input operand 1 has a mismatch in its core dimension 0, with gufunc "
                         f"signature (n),(n)->() (size {b.shape[axis]} is different from {a.shape[axis]})")
    return xp.multiply(a, b).sum(axis=axis)


def matrix_transpose(x, /):
    """Swaps the last two axes (a view)."""
    x = _xp().asarray(x)
    if x.ndim < 2:
        raise ValueError(f"Input array must be at least 2-dimensional, but it is {x.ndim}")
    return x.mT


from gpuarray._einsum import einsum  # noqa: E402  (einsum builds on matmul above)
