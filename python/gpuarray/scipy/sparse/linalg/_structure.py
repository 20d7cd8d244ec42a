# SPDX-License-Identifier: BSD-3-Clause
"""Structural questions about a sparse matrix's stored entries (explicit
zeros count, as SciPy's): is_sptriangular and spbandwidth. Each is one
reduction over the entries' (row, column) gaps on the device and a read
of its two numbers."""
import warnings

import numpy

from gpuarray.scipy.sparse import _array_ops as xp
from gpuarray.scipy.sparse import _kernels
from gpuarray.scipy.sparse._registry import SparseEfficiencyWarning, container, is_host_sparse, issparse

__all__ = ["is_sptriangular", "spbandwidth"]


def _gaps(A, function):
    """column - row of every stored entry of A (device int64), and A on the device."""
    if is_host_sparse(A) and A.format in ("csr", "csc", "coo", "dia"):
        A = container(A.format, is_array=True)(A)
    if not (issparse(A) and A.format in ("csr", "csc", "coo", "dia")):
        needs = "sparse and not BSR format" if function == "is_sptriangular" else "sparse format not LIL and BSR"
        warnings.warn(f"{function} needs {needs}. Converting to CSR.", SparseEfficiencyWarning, stacklevel=3)
        A = container("csr", is_array=True)(A)
    if A.format == "dia":
        return None, A
    if A.format == "coo":
        rows, cols = A.row, A.col
    else:
        majors = _kernels.expand_indptr(A.indptr, A.indices.shape[0])
        rows, cols = (majors, A.indices) if A.format == "csr" else (A.indices, majors)
    return cols.astype(numpy.int64) - rows.astype(numpy.int64), A


def _extremes(gaps):
    """(min, max) of the gaps on the host, (0, 0) without entries."""
    if gaps.shape[0] == 0:
        return 0, 0
    both = xp.asnumpy(xp.stack([xp.min(gaps), xp.max(gaps)]))
    return int(both[0]), int(both[1])


def is_sptriangular(A):
    """Whether the stored entries of A lie in its lower and in its upper triangle (SciPy's is_sptriangular).

    Parameters
    ----------
    A : sparse array or matrix
        The matrix (other inputs are converted to CSR with a SparseEfficiencyWarning).

    Returns
    -------
    lower, upper : bool
        Both True for a diagonal (or empty) matrix.

    Notes
    -----
    Structural: explicit zeros count, as SciPy's.

    See Also
    --------
    scipy.sparse.linalg.is_sptriangular, spbandwidth, spsolve_triangular

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> from gpuarray.scipy.sparse.linalg import is_sptriangular
    >>> is_sptriangular(sparse.csr_array([[1.0, 0.0], [2.0, 3.0]]))
    (True, False)
    """
    gaps, A = _gaps(A, "is_sptriangular")
    if gaps is None:   # DIA: the stored offsets
        offsets = xp.asnumpy(A.offsets)
        return bool((offsets <= 0).all()), bool((offsets >= 0).all())   # True, True without offsets
    low, high = _extremes(gaps)
    return high <= 0, low >= 0


def spbandwidth(A):
    """The lower and upper bandwidths of A's stored entries (SciPy's spbandwidth).

    Parameters
    ----------
    A : sparse array or matrix
        The matrix (other inputs are converted to CSR with a SparseEfficiencyWarning).

    Returns
    -------
    below, above : int
        How far below and above the diagonal the stored entries reach.

    Notes
    -----
    Structural: explicit zeros count, and a DIA matrix answers from its stored offsets, as
    SciPy's. A matrix without entries gives (0, 0) (SciPy 1.17 raises ValueError from an
    empty reduction there).

    See Also
    --------
    scipy.sparse.linalg.spbandwidth, is_sptriangular

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> from gpuarray.scipy.sparse.linalg import spbandwidth
    >>> spbandwidth(sparse.csr_array([[1.0, 0.0, 7.0], [2.0, 3.0, 0.0]]))
    (1, 2)
    """
    gaps, A = _gaps(A, "spbandwidth")
    if gaps is None:
        offsets = xp.asnumpy(A.offsets)
        if offsets.size == 0:
            return 0, 0
        return max(0, -int(offsets.min())), max(0, int(offsets.max()))
    low, high = _extremes(gaps)
    return max(-low, 0), max(high, 0)
