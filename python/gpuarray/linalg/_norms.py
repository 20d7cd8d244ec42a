# SPDX-License-Identifier: BSD-3-Clause
"""Norms and the routines built from the factorizations: cond, matrix_rank,
pinv, lstsq, tensorinv, tensorsolve, multi_dot."""
import numpy
from numpy.linalg import LinAlgError

from gpuarray._creation import asarray, empty, zeros
from gpuarray._manipulation import expand_dims, moveaxis
from gpuarray._searching import where
from gpuarray._ufuncs import absolute, conj, isnan, sqrt
from gpuarray.linalg._decompositions import svd, svdvals
from gpuarray.linalg._lapack import check_stack, lapack_dtype, real_dtype
from gpuarray.linalg._products import matmul
from gpuarray.linalg._solve import inv, inverse_and_info, solve


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
    """NumPy's norm: vector norms over one axis, matrix norms over two."""
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
    x = asarray(x)
    if axis is None:
        result = norm(x.ravel(), ord=ord)
        return result.reshape((1,) * x.ndim) if keepdims else result
    return norm(x, ord=ord, axis=axis, keepdims=keepdims)


def matrix_norm(x, /, *, keepdims=False, ord="fro"):
    return norm(x, ord=ord, axis=(-2, -1), keepdims=keepdims)


def cond(x, p=None):
    """NumPy's cond: a singular matrix's condition number is inf (NaN only
    where x itself holds NaN)."""
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


def pinv(a, rcond=None, hermitian=False, *, rtol=numpy._NoValue):
    """Pseudo-inverse from the reduced SVD, NumPy's cutoff rules."""
    a = asarray(a)
    if rcond is None:
        if rtol is numpy._NoValue:
            rcond = 1e-15
        elif rtol is None:
            rcond = max(a.shape[-2:]) * numpy.finfo(lapack_dtype(a.dtype)).eps
        else:
            rcond = rtol
    elif rtol is not numpy._NoValue:
        raise ValueError("`rtol` and `rcond` can't be both set.")
    if a.size == 0:  # NumPy keeps the dtype here, integers too
        return empty(a.shape[:-2] + (a.shape[-1], a.shape[-2]), dtype=a.dtype)
    u, s, vh = svd(a, full_matrices=False)
    cutoff = expand_dims(asarray(rcond), -1) * s.max(axis=-1, keepdims=True)
    s_inv = where(s > cutoff, 1 / where(s > cutoff, s, 1), 0).astype(s.dtype)
    vt = conj(vh) if vh.dtype.kind == "c" else vh
    ut = conj(u) if u.dtype.kind == "c" else u
    return matmul(vt.mT * s_inv[..., None, :], ut.mT)


def lstsq(a, b, rcond=None):
    """NumPy's lstsq, through the reduced SVD as LAPACK's gelsd: singular
    values s[i] <= rcond * s[0] count as zero (rcond < 0: machine
    precision). Returns (x, residuals, rank, s); residuals are the squared
    norms of b - a @ x per column, empty unless rank == N < M."""
    a, b = asarray(a), asarray(b)
    vector = b.ndim == 1
    bm = b[:, None] if vector else b
    for x in (a, bm):
        if x.ndim != 2:
            raise LinAlgError(f"{x.ndim}-dimensional array given. Array must be two-dimensional")
    m, n = a.shape
    if bm.shape[0] != m:
        raise LinAlgError("Incompatible dimensions")
    dtype = lapack_dtype(numpy.result_type(a.dtype, bm.dtype))
    rdtype = real_dtype(dtype)
    eps = numpy.finfo(rdtype).eps
    if rcond is None:
        rcond = eps * max(m, n)
    elif rcond < 0:
        rcond = eps
    a, bm = a.astype(dtype, copy=False), bm.astype(dtype, copy=False)
    k = bm.shape[1]
    if a.size == 0:
        s = empty((min(m, n),), dtype=rdtype)
        rank = 0
        x = zeros((n, k), dtype=dtype)
    else:
        try:
            u, s, vh = svd(a, full_matrices=False)
        except LinAlgError:
            raise LinAlgError("SVD did not converge in Linear Least Squares") from None
        kept = s > rcond * s[0]
        # NaN singular values: `a` holds an infinity (Note [Non-finite input]), where
        # LAPACK's gelsd fails as it does on a NaN; read with the rank.
        rank = int(where(isnan(s[0]), -1, kept.sum()).get())
        if rank < 0:
            raise LinAlgError("SVD did not converge in Linear Least Squares")
        s_inv = where(kept, 1 / where(kept, s, 1), 0).astype(rdtype)
        uh = conj(u.mT) if dtype.kind == "c" else u.mT
        v = conj(vh.mT) if dtype.kind == "c" else vh.mT
        x = v @ ((uh @ bm) * s_inv[:, None])
    if rank == n and m > n:
        r = absolute(bm - a @ x)
        residuals = (r * r).sum(axis=0).astype(rdtype, copy=False)
    else:
        residuals = empty((0,), dtype=rdtype)
    return (x[:, 0] if vector else x), residuals, numpy.int32(rank), s


def tensorinv(a, ind=2):
    a = asarray(a)
    if ind <= 0:
        raise ValueError("Invalid ind argument.")
    out_shape = a.shape[ind:] + a.shape[:ind]
    prod = int(numpy.prod(a.shape[:ind], dtype=numpy.int64))
    return inv(a.reshape(prod, -1)).reshape(out_shape)


def tensorsolve(a, b, axes=None):
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


def multi_dot(arrays, *, out=None):
    """Chained matmul, in the cheapest order (NumPy's dynamic program) for
    three or more matrices; 1-D first and last operands act as row/column."""
    arrays = [asarray(x) for x in arrays]
    if len(arrays) < 2:
        raise ValueError("Expecting at least two arrays.")
    first_1d, last_1d = arrays[0].ndim == 1, arrays[-1].ndim == 1
    if first_1d:
        arrays[0] = arrays[0][None, :]
    if last_1d:
        arrays[-1] = arrays[-1][:, None]
    for x in arrays:
        if x.ndim != 2:
            raise ValueError(f"{x.ndim}-dimensional array given. Array must be two-dimensional")
    dims = [x.shape[0] for x in arrays] + [arrays[-1].shape[1]]
    n = len(arrays)
    cost = [[0] * n for _ in range(n)]
    split = [[0] * n for _ in range(n)]
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            cost[i][j] = float("inf")
            for k in range(i, j):
                c = cost[i][k] + cost[k + 1][j] + dims[i] * dims[k + 1] * dims[j + 1]
                if c < cost[i][j]:
                    cost[i][j], split[i][j] = c, k

    def chain(i, j):
        if i == j:
            return arrays[i]
        return matmul(chain(i, split[i][j]), chain(split[i][j] + 1, j))
    result = chain(0, n - 1)
    if first_1d:
        result = result[0]
    if last_1d:
        result = result[..., 0]
    if out is not None:
        out[...] = result
        return out
    return result
