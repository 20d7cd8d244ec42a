# SPDX-License-Identifier: BSD-3-Clause
"""scipy.sparse on the GPU: the CSR, CSC, COO and DIA formats as SciPy's
``*_array`` and ``*_matrix`` classes over device arrays, their methods and
operators, the construction functions, and sparse.linalg's operators,
norms and iterative solvers. SciPy's behaviour is the specification;
docs/scipy_sparse.md lists what is here and where it differs. The kernels
that cuSPARSE will take over are gathered in `_kernels.py`."""
from gpuarray.scipy.sparse._coo import coo_array, coo_matrix
from gpuarray.scipy.sparse._csc import csc_array, csc_matrix
from gpuarray.scipy.sparse._csr import csr_array, csr_matrix
from gpuarray.scipy.sparse._dia import dia_array, dia_matrix
from gpuarray.scipy.sparse._registry import SparseEfficiencyWarning, SparseWarning, issparse
from gpuarray.scipy.sparse._matrix import spmatrix
from gpuarray.scipy.sparse._blocks import block_diag, bmat, hstack, vstack
from gpuarray.scipy.sparse._construct import diags, diags_array, eye, eye_array, identity, kron, kronsum, spdiags
from gpuarray.scipy.sparse._random import rand, random, random_array
from gpuarray.scipy.sparse._extract import find, tril, triu
from gpuarray.scipy.sparse._predicates import (
    isspmatrix, isspmatrix_coo, isspmatrix_csc, isspmatrix_csr, isspmatrix_dia,
)
from gpuarray.scipy.sparse._npz import load_npz, save_npz
from gpuarray.scipy.sparse import csgraph, linalg

__all__ = [
    "coo_array", "coo_matrix", "csc_array", "csc_matrix", "csr_array", "csr_matrix", "dia_array", "dia_matrix",
    "spmatrix", "SparseEfficiencyWarning", "SparseWarning", "issparse", "isspmatrix", "isspmatrix_coo",
    "isspmatrix_csc", "isspmatrix_csr", "isspmatrix_dia", "block_diag", "bmat", "diags", "diags_array", "eye",
    "eye_array", "hstack", "identity", "kron", "kronsum", "rand", "random", "random_array", "spdiags", "vstack",
    "find", "tril", "triu", "load_npz", "save_npz", "csgraph", "linalg",
]
