# SPDX-License-Identifier: BSD-3-Clause
"""The Compressed Sparse Column format: csc_array and csc_matrix."""
from gpuarray.scipy.sparse._compressed import _cs_base
from gpuarray.scipy.sparse._matrix import spmatrix
from gpuarray.scipy.sparse._registry import register

__all__ = ["csc_array", "csc_matrix"]


class _csc_base(_cs_base):
    format = "csc"

    @staticmethod
    def _swap(pair):
        return pair[::-1]

    def tocsc(self, copy=False):
        return self.copy() if copy else self

    def tocsr(self, copy=False):
        return self._to_other_compressed()

    def _transpose_format(self):
        return "csr"


class csc_array(_csc_base):
    """A sparse array in Compressed Sparse Column format (SciPy's csc_array) on the GPU.

    Parameters
    ----------
    arg1 : tuple, array_like or sparse
        ``(data, indices, indptr)`` (indices are row indices, indptr runs over columns),
        ``(data, (row, col))``, a shape ``(M, N)`` for an empty array, a dense array (host or
        device), or a sparse object (ours, or SciPy's: uploaded).
    shape : tuple of int, optional
        The shape; inferred when omitted.
    dtype : dtype, optional
        The data type of the stored values.
    copy : bool, optional
        Copy the given arrays (default False).
    maxprint : int, optional
        Accepted for SciPy's signature (unused: nothing is printed on the device).

    Raises
    ------
    ValueError
        SciPy's: an index pointer of the wrong size or not starting at 0, arrays of different
        lengths, (data, (row, col)) indices out of range for `shape`, unsupported dtypes.

    Notes
    -----
    `get` downloads the array as a scipy.sparse.csc_array. Index arrays are int32 unless an
    input is int64 or a dimension needs it. The products run on `_kernels.py` (array
    operations; the cuSPARSE seam).

    See Also
    --------
    scipy.sparse.csc_array

    Examples
    --------
    >>> import gpuarray as xp
    >>> import numpy as np
    >>> from gpuarray.scipy import sparse
    >>> a = sparse.csc_array((np.array([1.0, 2.0, 3.0]), np.array([0, 2, 1]), np.array([0, 2, 3])),
    ...                      shape=(3, 2))
    >>> (a @ np.ones(2)).get()
    array([1., 3., 2.])
    """


class csc_matrix(spmatrix, _csc_base):
    """A sparse matrix in Compressed Sparse Column format (SciPy's csc_matrix) on the GPU:
    csc_array with matrix semantics (``*`` is the matrix product, reductions keep two
    dimensions).

    Parameters
    ----------
    arg1 : tuple, array_like or sparse
        As for `csc_array`.
    shape : tuple of int, optional
        The shape.
    dtype : dtype, optional
        The data type.
    copy : bool, optional
        Copy the given arrays.
    maxprint : int, optional
        Accepted for SciPy's signature (unused: nothing is printed on the device).

    Notes
    -----
    Matrix semantics: ``*`` is the matrix product, ``**`` the matrix power, and sums, means and
    argmax/argmin along an axis keep two dimensions; `todense` gives a 2-D device array (gpuarray
    has no matrix class).

    See Also
    --------
    scipy.sparse.csc_matrix

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> m = sparse.csc_matrix([[1.0, 0.0], [0.0, 2.0]])
    >>> (m * m).toarray().get()
    array([[1., 0.],
           [0., 4.]])
    """


register("csc", csc_array, csc_matrix)
