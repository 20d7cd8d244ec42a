# SPDX-License-Identifier: BSD-3-Clause
"""Balancing a square matrix before its eigenvalues are computed: the
diagonal similarity of LAPACK's gebal (scaling only, no permutations).

Note [Balancing companion matrices]: LAPACK's geev, which NumPy's eigvals
calls, balances first; a companion matrix, whose last column holds the
coefficient ratios, can have entries 1e-16 to 1e16 apart, and without
balancing its eigenvalues (the roots) lose up to all their digits (roots
spread over 1e-8..1e8: relative errors ~1e3 unbalanced, ~1e-13 balanced,
measured with LAPACK's unbalanced Schur solver). gpuarray's eigvals runs
cuSOLVER's geev, which is not documented to balance, so the polynomial
root finders balance here. The scale factors are powers of two, so the
balanced matrix has exactly the same eigenvalues; they are found on the host
by gebal's sequential sweeps over a copy of the matrix (polynomial degrees
are small, and the sweeps are inherently serial), then applied on the
device. The root finders' other shared step is NumPy's dtype rule for the
roots found (real_if_imag_zero)."""
import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.transfer import asnumpy

__all__ = ["balanced", "real_if_imag_zero"]

_MAX_SWEEPS = 100
_MAX_EXPONENT = 500  # scale factors stay within 2**±500: no overflow of float64 entries


def balancing_scales(a):
    """Powers of two `d` such that ``a * d[None, :] / d[:, None]`` has rows
    and columns of comparable 2-norms (off the diagonal), for a host matrix."""
    a = numpy.abs(numpy.asarray(a)).astype(numpy.float64)
    n = a.shape[0]
    exponents = numpy.zeros(n, numpy.int64)
    off_diagonal = ~numpy.eye(n, dtype=bool)
    a = numpy.where(off_diagonal, a, 0.0)
    for _ in range(_MAX_SWEEPS):
        changed = False
        for i in range(n):
            column, row = numpy.linalg.norm(a[:, i]), numpy.linalg.norm(a[i, :])
            if column == 0 or row == 0 or not numpy.isfinite(column + row):
                continue
            step = int(numpy.round(0.5 * numpy.log2(row / column)))
            step = max(-_MAX_EXPONENT - exponents[i], min(_MAX_EXPONENT - exponents[i], step))
            f = 2.0 ** step
            if step != 0 and column * f + row / f < 0.95 * (column + row):
                a[:, i] *= f
                a[i, :] /= f
                exponents[i] += step
                changed = True
        if not changed:
            break
    return numpy.ldexp(1.0, exponents)


def balanced(matrix):
    """The device matrix `matrix`, balanced by a similarity with powers of
    two (same eigenvalues); the matrix is read back to find the scales."""
    scales = balancing_scales(asnumpy(matrix))
    ratio = asarray((scales[None, :] / scales[:, None]).astype(matrix.real.dtype if matrix.dtype.kind == "c"
                                                                else matrix.dtype))
    return matrix * ratio


def real_if_imag_zero(roots, companion):
    """`roots`, the eigenvalues of `companion`, as NumPy's root finders
    (roots, polyroots) give them: real, of the matrix's dtype, when the
    matrix is real and no root has an imaginary part; complex otherwise.
    NumPy 2.5's eigvals is always complex and those functions turn such
    results back to real; 2.4's eigvals did it itself. Deciding reads one
    bool back to the host."""
    if companion.dtype.kind == "c" or roots.dtype.kind != "c" or bool((roots.imag != 0).any()):
        return roots
    return roots.real.astype(companion.dtype)
