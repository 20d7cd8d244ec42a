# SPDX-License-Identifier: BSD-3-Clause
"""SciPy's block stacking of sparse matrices: bmat, hstack, vstack and
block_diag. The blocks' COO entries are shifted by their block's offsets
and concatenated; a result is a ``*_array`` when any block is one."""
import numpy

from gpuarray.scipy.sparse import _array_ops as xp
from gpuarray.scipy.sparse import _sputils
from gpuarray.scipy.sparse._construct import _any_array, _as_sparse
from gpuarray.scipy.sparse._registry import container, is_host_sparse, issparse

__all__ = ["bmat", "hstack", "vstack", "block_diag"]


def bmat(blocks, format=None, dtype=None):
    """The sparse matrix made of a 2-D grid of sparse blocks (None for zero blocks).

    Parameters
    ----------
    blocks : sequence of sequences
        The grid; the blocks of a row share their number of rows, those of a column their
        number of columns.
    format : str, optional
        The result's format (COO when None).
    dtype : dtype, optional
        The data type (the blocks' common type when None).

    Returns
    -------
    sparse array or matrix
        An array when any block is a sparse array.

    Raises
    ------
    ValueError
        Blocks of incompatible shapes, or a block row or column that is all None.

    See Also
    --------
    scipy.sparse.bmat, hstack, vstack, block_diag

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> a = sparse.csr_array([[1.0]])
    >>> sparse.bmat([[a, None], [None, a]]).toarray().get()
    array([[1., 0.],
           [0., 1.]])
    """
    return _block(blocks, format, dtype, None)


def _block(blocks, format, dtype, stacked_format):
    grid = [list(row) for row in blocks]
    if not grid or any(not row for row in grid) or len({len(row) for row in grid}) != 1:
        raise ValueError("blocks must be 2-D")
    flat = [b for row in grid for b in row if b is not None]
    is_array = _any_array(flat)
    grid = [[None if b is None else _as_sparse(b, is_array) for b in row] for row in grid]
    n_rows, n_cols = len(grid), len(grid[0])
    heights, widths = [None] * n_rows, [None] * n_cols
    for i, row in enumerate(grid):
        for j, b in enumerate(row):
            if b is None:
                continue
            if heights[i] is None:
                heights[i] = b.shape[0]
            elif heights[i] != b.shape[0]:
                raise ValueError(f"blocks[{i},:] has incompatible row dimensions. Got blocks[{i},{j}].shape[0] == "
                                 f"{b.shape[0]}, expected {heights[i]}.")
            if widths[j] is None:
                widths[j] = b.shape[1]
            elif widths[j] != b.shape[1]:
                raise ValueError(f"blocks[:,{j}] has incompatible column dimensions. Got blocks[{i},{j}].shape[1] "
                                 f"== {b.shape[1]}, expected {widths[j]}.")
    if any(h is None for h in heights) or any(w is None for w in widths):
        missing = heights.index(None) if None in heights else widths.index(None)
        what = f"blocks[{missing},:]" if None in heights else f"blocks[:,{missing}]"
        raise ValueError(f"{what} is all None: its size cannot be determined")
    row_starts = numpy.concatenate([[0], numpy.cumsum(heights)]).tolist()
    col_starts = numpy.concatenate([[0], numpy.cumsum(widths)]).tolist()
    shape = (row_starts[-1], col_starts[-1])
    present = [(i, j, b) for i, row in enumerate(grid) for j, b in enumerate(row) if b is not None]
    if dtype is None:
        dtype = _sputils.upcast(*[b.dtype for _, _, b in present])
    dtype = _sputils.check_dtype(dtype)
    coos = [(i, j, b.tocoo()) for i, j, b in present]
    total = sum(c.nnz for _, _, c in coos)
    index_dtype = _sputils.index_dtype(maxval=max(max(shape), total))
    rows = xp.concatenate([c.row.astype(numpy.int64) + row_starts[i] for i, j, c in coos])
    cols = xp.concatenate([c.col.astype(numpy.int64) + col_starts[j] for i, j, c in coos])
    data = xp.concatenate([c.data.astype(dtype) for _, _, c in coos])
    result = container("coo", is_array=is_array)._from_arrays(data, rows.astype(index_dtype),
                                                              cols.astype(index_dtype), shape)
    if format is None and stacked_format is not None:
        format = stacked_format
    return result.asformat(format)


def _stack_format(blocks):
    formats = {b.format for b in blocks if b is not None and (issparse(b) or is_host_sparse(b))}
    return formats.pop() if len(formats) == 1 and formats <= {"csr", "csc"} else None


def hstack(blocks, format=None, dtype=None):
    """The sparse matrices side by side (SciPy's hstack).

    Parameters
    ----------
    blocks : sequence of sparse
        Matrices with the same number of rows.
    format : str, optional
        The result's format (that of the blocks when all are CSR or all CSC, else COO).
    dtype : dtype, optional
        The data type.

    Returns
    -------
    sparse array or matrix

    See Also
    --------
    scipy.sparse.hstack, vstack, bmat

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> sparse.hstack([sparse.eye_array(2), sparse.eye_array(2)]).shape
    (2, 4)
    """
    return _block([list(blocks)], format, dtype, _stack_format(blocks))


def vstack(blocks, format=None, dtype=None):
    """The sparse matrices one above another (SciPy's vstack).

    Parameters
    ----------
    blocks : sequence of sparse
        Matrices with the same number of columns.
    format : str, optional
        The result's format (that of the blocks when all are CSR or all CSC, else COO).
    dtype : dtype, optional
        The data type.

    Returns
    -------
    sparse array or matrix

    See Also
    --------
    scipy.sparse.vstack, hstack, bmat

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> sparse.vstack([sparse.eye_array(2), sparse.eye_array(2)]).shape
    (4, 2)
    """
    return _block([[b] for b in blocks], format, dtype, _stack_format(blocks))


def block_diag(mats, format=None, dtype=None):
    """The block-diagonal sparse matrix of the given blocks (SciPy's block_diag).

    Parameters
    ----------
    mats : sequence
        Sparse or dense blocks (a scalar is a 1 x 1 block).
    format : str, optional
        The result's format (COO when None).
    dtype : dtype, optional
        The data type.

    Returns
    -------
    sparse array or matrix
        An array when any block is a sparse array.

    See Also
    --------
    scipy.sparse.block_diag, bmat

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> sparse.block_diag([sparse.eye_array(1), sparse.eye_array(2)]).toarray().get()
    array([[1., 0., 0.],
           [0., 1., 0.],
           [0., 0., 1.]])
    """
    mats = [m if (issparse(m) or is_host_sparse(m)) else xp.reshape(xp.asarray(m), (1, 1))
            if _sputils.isscalarlike(m) else m for m in mats]
    if not mats:
        raise ValueError("block_diag needs at least one block")
    n = len(mats)
    grid = [[mats[i] if i == j else None for j in range(n)] for i in range(n)]
    return _block(grid, format, dtype, None)
