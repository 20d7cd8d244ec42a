# SPDX-License-Identifier: BSD-3-Clause
"""SciPy's sparse construction functions: identities and diagonal
matrices, Kronecker products and sums (block stacking is `_blocks.py`,
random matrices `_random.py`). A result is a ``*_array`` when any sparse input is one (or for
the ``*_array`` functions), else a ``*_matrix``, as in SciPy."""
import warnings

import numpy

from gpuarray.scipy.sparse import _array_ops as xp
from gpuarray.scipy.sparse import _sputils
from gpuarray.scipy.sparse._registry import container, is_host_sparse, issparse

__all__ = ["eye", "eye_array", "identity", "diags", "diags_array", "spdiags", "kron", "kronsum"]


_DEFAULT_DTYPE = numpy._NoValue


def _as_sparse(block, is_array=True):
    """A block as one of ours (uploading SciPy's, converting dense ones)."""
    if issparse(block):
        return block
    return container("coo", is_array=is_array)(block)


def _any_array(blocks):
    return any(issparse(b) and b._is_array or (is_host_sparse(b) and "array" in type(b).__name__)
               for b in blocks)


def eye_array(m, n=None, *, k=0, dtype=float, format=None):
    """The m x n sparse array with ones on diagonal `k` (SciPy's eye_array).

    Parameters
    ----------
    m, n : int
        Rows and columns (n defaults to m).
    k : int, optional
        The diagonal: 0 the main one, positive above, negative below.
    dtype : dtype, optional
        The data type (float64).
    format : str, optional
        The format of the result (DIA when None).

    Returns
    -------
    sparse array

    See Also
    --------
    scipy.sparse.eye_array, eye, identity

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> sparse.eye_array(2, 3, k=1).toarray().get()
    array([[0., 1., 0.],
           [0., 0., 1.]])
    """
    return _eye(m, n, k, dtype, format, True)


def eye(m, n=None, k=0, dtype=float, format=None):
    """The m x n sparse matrix with ones on diagonal `k` (SciPy's eye; eye_array gives an array).

    Parameters
    ----------
    m, n : int
        Rows and columns (n defaults to m).
    k : int, optional
        The diagonal.
    dtype : dtype, optional
        The data type (float64).
    format : str, optional
        The format of the result (DIA when None).

    Returns
    -------
    sparse matrix

    See Also
    --------
    scipy.sparse.eye, eye_array

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> sparse.eye(3, format="csr").nnz
    3
    """
    return _eye(m, n, k, dtype, format, False)


def _eye(m, n, k, dtype, format, is_array):
    n = m if n is None else n
    m, n = _sputils.check_shape((m, n))
    dtype = _sputils.check_dtype(dtype)
    # SciPy's eye is diags of a row of ones: an offset outside the shape raises as there.
    ones = xp.ones(max(0, min(m + k, n)), dtype=dtype)
    return _diags([ones], [k], (m, n), format, dtype, is_array)


def identity(n, dtype="d", format=None):
    """The n x n identity as a sparse matrix (SciPy's identity).

    Parameters
    ----------
    n : int
        Rows and columns.
    dtype : dtype, optional
        The data type (float64).
    format : str, optional
        The format of the result (DIA when None).

    Returns
    -------
    sparse matrix

    See Also
    --------
    scipy.sparse.identity, eye

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> sparse.identity(2).diagonal().get()
    array([1., 1.])
    """
    return _eye(n, n, 0, dtype, format, False)


def diags_array(diagonals, /, *, offsets=0, shape=None, format=None, dtype=_DEFAULT_DTYPE):
    """The sparse array with the given diagonals (SciPy's diags_array).

    Parameters
    ----------
    diagonals : sequence of array_like
        One 1-D array per diagonal (host or device); a length-1 diagonal is broadcast.
    offsets : int or sequence of int, optional
        The diagonals' positions (0 main, positive above).
    shape : tuple of int, optional
        The shape (square, just large enough, when None).
    format : str, optional
        The result's format (DIA when None).
    dtype : dtype, optional
        The data type. None keeps the diagonals' type; left out, integer diagonals give
        float64 with SciPy's FutureWarning (SciPy 1.17's default).

    Returns
    -------
    sparse array

    Raises
    ------
    ValueError
        As many diagonals as offsets not given, an offset outside the shape, or a diagonal
        whose length does not fit.

    See Also
    --------
    scipy.sparse.diags_array, diags, spdiags

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> sparse.diags_array([[1.0, 2.0], [3.0]], offsets=[0, 1]).toarray().get()
    array([[1., 3.],
           [0., 2.]])
    """
    return _diags(diagonals, offsets, shape, format, dtype, True)


def diags(diagonals, offsets=0, shape=None, format=None, dtype=_DEFAULT_DTYPE):
    """The sparse matrix with the given diagonals (SciPy's diags; diags_array gives an array).

    Parameters
    ----------
    diagonals : sequence of array_like
        One 1-D array per diagonal.
    offsets : int or sequence of int, optional
        The diagonals' positions.
    shape : tuple of int, optional
        The shape.
    format : str, optional
        The result's format (DIA when None).
    dtype : dtype, optional
        The data type.

    Returns
    -------
    sparse matrix

    See Also
    --------
    scipy.sparse.diags, diags_array

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> sparse.diags([1.0, 2.0]).toarray().get()
    array([[1., 0.],
           [0., 2.]])
    """
    return _diags(diagonals, offsets, shape, format, dtype, False)


def _diags(diagonals, offsets, shape, format, dtype, is_array):
    if _sputils.isscalarlike(offsets):
        if len(diagonals) == 0 or _sputils.isscalarlike(diagonals[0]):
            diagonals = [diagonals]
        else:
            raise ValueError("Different number of diagonals and offsets.")
    diagonals = [xp.reshape(xp.asarray(d), (-1,)) for d in diagonals]
    offsets = [int(o) for o in numpy.atleast_1d(xp.asnumpy(offsets) if isinstance(offsets, xp.ndarray) else offsets)]
    if len(diagonals) != len(offsets):
        raise ValueError("Different number of diagonals and offsets.")
    if shape is None:
        size = diagonals[0].shape[0] + abs(offsets[0])
        shape = (size, size)
    m, n = _sputils.check_shape(shape)
    given = numpy.result_type(*[d.dtype for d in diagonals])
    if dtype is _DEFAULT_DTYPE:
        # SciPy 1.17's default: numpy.common_type (integers become float64), with its FutureWarning.
        dtype = numpy.dtype(numpy.common_type(*[numpy.zeros(0, d.dtype) for d in diagonals]))
        if dtype != given:
            warnings.warn(f"Input has data type {given}, but the output has been cast to {dtype}.  In the future, "
                          "the output data type will match the input. To avoid this warning, set the `dtype` "
                          "parameter to `None` to have the output dtype match the input, or set it to the desired "
                          "output data type.", FutureWarning, stacklevel=3)
    elif dtype is None:
        dtype = given
    dtype = _sputils.check_dtype(dtype)
    width = max(0, max(min(m + offset, n - offset) + max(0, offset) for offset in offsets))
    data = xp.zeros((len(offsets), width), dtype=dtype)
    smallest = min(m, n)
    for j, (diagonal, offset) in enumerate(zip(diagonals, offsets)):
        k = max(0, offset)
        length = min(m + offset, n - offset, smallest)
        if length < 0:
            raise ValueError(f"Offset {offset} (index {j}) out of bounds")
        if diagonal.shape[0] < length and diagonal.shape[0] != 1:
            raise ValueError(f"Diagonal length (index {j}: {diagonal.shape[0]} at offset {offset}) does not agree "
                             f"with array size ({m}, {n}).")
        if length:
            values = diagonal[:length] if diagonal.shape[0] != 1 else diagonal
            data[j, k:k + length] = values.astype(dtype)
    index_dtype = _sputils.index_dtype(maxval=max(m, n))
    dia_class = container("dia", is_array=is_array)
    if len(set(offsets)) != len(offsets):
        raise ValueError("offset array contains duplicate values")
    return dia_class._from_arrays(data, xp.asarray(offsets, dtype=index_dtype), (m, n)).asformat(format)


def spdiags(data, diags, m=None, n=None, format=None):
    """The sparse matrix whose row k of `data` lies on diagonal diags[k] (SciPy's spdiags:
    data[k, j] goes to column j).

    Parameters
    ----------
    data : array_like
        The diagonals, one per row.
    diags : int or sequence of int
        Their offsets.
    m, n : int, optional
        The shape (``m`` may be the shape tuple; square from data's width when both are None).
    format : str, optional
        The result's format (DIA when None).

    Returns
    -------
    sparse matrix

    See Also
    --------
    scipy.sparse.spdiags, diags

    Examples
    --------
    >>> import gpuarray as xp
    >>> import numpy as np
    >>> from gpuarray.scipy import sparse
    >>> sparse.spdiags(np.array([[1.0, 2.0, 3.0]]), 0, 3, 3).diagonal().get()
    array([1., 2., 3.])
    """
    data = xp.asarray(data)
    if m is None and n is None:
        m = n = data.shape[-1]
    elif n is None:
        m, n = m
    dia = container("dia", is_array=False)
    return dia((data, xp.asarray(numpy.atleast_1d(diags))), shape=(m, n)).asformat(format)


def kron(A, B, format=None):
    """The Kronecker product of two sparse (or dense) matrices (SciPy's kron).

    Parameters
    ----------
    A, B : sparse or array_like
        The factors.
    format : str, optional
        The result's format (COO when None: SciPy gives BSR, a format gpuarray lacks).

    Returns
    -------
    sparse array or matrix
        An array when A or B is a sparse array.

    See Also
    --------
    scipy.sparse.kron, kronsum

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> sparse.kron(sparse.eye_array(2), sparse.csr_array([[1.0, 2.0]])).toarray().get()
    array([[1., 2., 0., 0.],
           [0., 0., 1., 2.]])
    """
    is_array = _any_array([A, B])
    a = _as_sparse(A, is_array).tocoo()
    b = _as_sparse(B, is_array).tocoo()
    shape = (a.shape[0] * b.shape[0], a.shape[1] * b.shape[1])
    index_dtype = _sputils.index_dtype(maxval=max(max(shape), a.nnz * b.nnz))
    rows = (xp.reshape(a.row.astype(numpy.int64) * b.shape[0], (-1, 1)) +
            xp.reshape(b.row.astype(numpy.int64), (1, -1)))
    cols = (xp.reshape(a.col.astype(numpy.int64) * b.shape[1], (-1, 1)) +
            xp.reshape(b.col.astype(numpy.int64), (1, -1)))
    dtype = _sputils.upcast(a.dtype, b.dtype)
    data = xp.reshape(a.data.astype(dtype), (-1, 1)) * xp.reshape(b.data.astype(dtype), (1, -1))
    result = container("coo", is_array=is_array)._from_arrays(
        xp.reshape(data, (-1,)), xp.reshape(rows, (-1,)).astype(index_dtype),
        xp.reshape(cols, (-1,)).astype(index_dtype), shape)
    return result.asformat(format)


def kronsum(A, B, format=None):
    """The Kronecker sum kron(I_n, A) + kron(B, I_m) of square A (m x m) and B (n x n).

    Parameters
    ----------
    A, B : sparse or array_like
        Square matrices.
    format : str, optional
        The result's format (CSR when None).

    Returns
    -------
    sparse array or matrix

    Raises
    ------
    ValueError
        A or B not square.

    See Also
    --------
    scipy.sparse.kronsum, kron

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> sparse.kronsum(sparse.eye_array(2), sparse.eye_array(2)).diagonal().get()
    array([2., 2., 2., 2.])
    """
    is_array = _any_array([A, B])
    a, b = _as_sparse(A, is_array), _as_sparse(B, is_array)
    if a.shape[0] != a.shape[1]:
        raise ValueError("A is not square")
    if b.shape[0] != b.shape[1]:
        raise ValueError("B is not square")
    dtype = _sputils.upcast(a.dtype, b.dtype)
    left = kron(_eye(b.shape[0], None, 0, dtype, "coo", is_array), a)
    right = kron(b, _eye(a.shape[0], None, 0, dtype, "coo", is_array))
    return (left + right).asformat(format)
