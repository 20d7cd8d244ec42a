# SPDX-License-Identifier: BSD-3-Clause
"""spsolve_triangular: A x = b for a sparse triangular A, by level
scheduling on the device.

Note [Level-scheduled triangular solve]: row i of a lower triangular
system can be solved once every x_j with a_ij != 0, j < i, is known. The
rows with no such entry form the first level and are solved together;
solving them lowers the count of unknowns of the rows that use them
(``add.at`` over the transposed pattern), and the rows whose count reaches
zero form the next level (Kahn's topological order). Each level gathers
its rows' entries (a searchsorted over the running lengths, as the SpGEMM
of _kernels.py does), sums the products a_ij x_j per row and divides by
the diagonal. The work is O(nnz) in all, with a few kernels and two host
reads (the level's entry counts) per level; the number of levels is the
length of the longest dependency chain (n for a bidiagonal matrix, whose
solve is then sequential by nature). cuSPARSE's SpSV replaces this when
the seam of _kernels.py gains it. An upper triangular system is the same
with j > i."""
import warnings

import numpy

from gpuarray.scipy.sparse import _array_ops as xp
from gpuarray.scipy.sparse import _kernels
from gpuarray.scipy.sparse._registry import SparseEfficiencyWarning, container, is_host_sparse, issparse

__all__ = ["spsolve_triangular"]


def _gather_segments(indptr, selected):
    """(entries, segment pointer): the positions of the entries of the rows `selected` of a
    compressed pattern, row after row, and where each row's run starts."""
    lengths = (indptr[selected + 1] - indptr[selected]).astype(numpy.int64)
    pointer = xp.concatenate([xp.zeros(1, dtype=numpy.int64), xp.cumsum(lengths)])
    total = int(xp.asnumpy(pointer[-1]))
    positions = xp.arange(total, dtype=numpy.int64)
    owner = xp.searchsorted(pointer[1:], positions, side="right")
    return indptr[selected].astype(numpy.int64)[owner] + positions - pointer[owner], pointer


def _unique(values):
    order = xp.argsort(values, kind="stable")
    ordered = values[order]
    firsts = xp.concatenate([xp.ones(1, dtype=numpy.bool_), xp.not_equal(ordered[1:], ordered[:-1])])
    return ordered[xp.flatnonzero(firsts)]


def spsolve_triangular(A, b, lower=True, overwrite_A=False, overwrite_b=False, unit_diagonal=False):
    """Solves A x = b for a sparse lower or upper triangular A (SciPy's spsolve_triangular).

    Parameters
    ----------
    A : sparse matrix (CSR or CSC)
        The n x n triangular matrix; other formats are converted with a
        SparseEfficiencyWarning, as SciPy.
    b : array_like
        The right-hand side, shape (n,) or (n, k).
    lower : bool, optional
        A is lower (True) or upper triangular.
    overwrite_A, overwrite_b : bool, optional
        Accepted for SciPy's signature (A and b are never changed).
    unit_diagonal : bool, optional
        Take A's diagonal as ones.

    Returns
    -------
    x : device array
        The solution, of b's shape, in the dtype promote(promote(A, float32), b).

    Raises
    ------
    numpy.linalg.LinAlgError
        A zero on the diagonal (SciPy's message).
    ValueError
        A not square, or b of the wrong shape.

    Notes
    -----
    Level-scheduled substitution on the device (Note [Level-scheduled triangular solve]);
    entries in the other triangle are ignored (SciPy's result for them is undefined).

    See Also
    --------
    scipy.sparse.linalg.spsolve_triangular

    Examples
    --------
    >>> import gpuarray as xp
    >>> import numpy as np
    >>> from gpuarray.scipy import sparse
    >>> from gpuarray.scipy.sparse.linalg import spsolve_triangular
    >>> L = sparse.csr_array([[2.0, 0.0, 0.0], [1.0, 4.0, 0.0], [0.0, 1.0, 5.0]])
    >>> spsolve_triangular(L, np.array([2.0, 9.0, 12.0])).get()
    array([1., 2., 2.])
    """
    if is_host_sparse(A):
        A = container(A.format if A.format in ("csr", "csc") else "csr", is_array=True)(A)
    if not (issparse(A) and A.format in ("csr", "csc")):
        warnings.warn("CSC or CSR matrix format is required. Converting to CSC matrix.",
                      SparseEfficiencyWarning, stacklevel=2)
        A = container("csc", is_array=True)(A)
    n, m = A.shape
    if n != m:
        raise ValueError(f"A must be a square matrix but its shape is {A.shape}.")
    b = xp.asarray(b)
    if b.ndim not in (1, 2):
        raise ValueError(f"b must have 1 or 2 dims but its shape is {tuple(b.shape)}.")
    if b.shape[0] != n:
        raise ValueError("The size of the dimensions of A must be equal to the size of the first dimension of b "
                         f"but the shape of A is {A.shape} and the shape of b is {tuple(b.shape)}.")
    dtype = numpy.promote_types(numpy.promote_types(A.dtype, numpy.float32), b.dtype)
    csr = A.tocsr()
    if not csr.has_canonical_format:
        csr = csr.copy()
        csr.sum_duplicates()
    if unit_diagonal:
        diagonal = xp.ones(n, dtype=dtype)
    else:
        diagonal = csr.diagonal().astype(dtype)
        if n and bool(xp.asnumpy(xp.any(xp.equal(diagonal, 0)))):
            raise numpy.linalg.LinAlgError("A is singular: zero entry on diagonal.")
    index_dtype = numpy.int64
    rows = _kernels.expand_indptr(csr.indptr.astype(index_dtype), csr.indices.shape[0])
    cols = csr.indices.astype(index_dtype)
    strict = xp.flatnonzero(xp.less(cols, rows) if lower else xp.greater(cols, rows))
    rows, cols, values = rows[strict], cols[strict], csr.data[strict].astype(dtype)
    everything = xp.arange(n + 1, dtype=index_dtype)
    row_pointer = xp.searchsorted(rows, everything, side="left").astype(index_dtype)
    by_column = xp.argsort(cols, kind="stable")
    dependents = rows[by_column]
    column_pointer = xp.searchsorted(cols[by_column], everything, side="left").astype(index_dtype)
    unknowns = xp.diff(row_pointer)
    tail = tuple(b.shape[1:])
    rhs = b.astype(dtype)
    x = xp.zeros((n,) + tail, dtype=dtype)
    scale = xp.reshape(diagonal, (n,) + (1,) * len(tail))
    level = xp.flatnonzero(xp.equal(unknowns, 0))
    while level.shape[0]:
        entries, pointer = _gather_segments(row_pointer, level)
        known = rhs[level]
        if entries.shape[0]:
            coefficients = xp.reshape(values[entries], (-1,) + (1,) * len(tail))
            known = known - _kernels.segment_sum(coefficients * x[cols[entries]], pointer)
        x[level] = known / scale[level]
        entries, _ = _gather_segments(column_pointer, level)
        if not entries.shape[0]:
            break
        waiting = dependents[entries]
        xp.add.at(unknowns, waiting, -1)
        ready = waiting[xp.flatnonzero(xp.equal(unknowns[waiting], 0))]
        level = _unique(ready) if ready.shape[0] else ready
    return x
