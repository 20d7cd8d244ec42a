# SPDX-License-Identifier: BSD-3-Clause
"""scipy.sparse.linalg on the GPU: LinearOperator and aslinearoperator, norm
and onenormest, the Krylov solvers (cg, cgs, bicg, bicgstab, gmres, gcrotmk,
minres, qmr, tfqmr), lsqr and lsmr, eigs, eigsh and svds, spsolve_triangular,
expm_multiply, matrix_power, inv and expm, on device arrays
(docs/scipy_sparse.md)."""
from gpuarray.scipy.sparse.linalg._bicg import bicg, tfqmr
from gpuarray.scipy.sparse.linalg._interface import LinearOperator, aslinearoperator
from gpuarray.scipy.sparse.linalg._iterative import bicgstab, cg, cgs, gmres, minres
from gpuarray.scipy.sparse.linalg._krylov_schur import ArpackError, ArpackNoConvergence
from gpuarray.scipy.sparse.linalg._eigsh import eigsh
from gpuarray.scipy.sparse.linalg._eigs import eigs
from gpuarray.scipy.sparse.linalg._structure import is_sptriangular, spbandwidth
from gpuarray.scipy.sparse.linalg._svds import svds
from gpuarray.scipy.sparse.linalg._triangular import spsolve_triangular
from gpuarray.scipy.sparse.linalg._expm_multiply import expm_multiply
from gpuarray.scipy.sparse.linalg._gcrotmk import gcrotmk
from gpuarray.scipy.sparse.linalg._lsmr import lsmr
from gpuarray.scipy.sparse.linalg._lsqr import lsqr
from gpuarray.scipy.sparse.linalg._matfuncs import expm, inv, matrix_power
from gpuarray.scipy.sparse.linalg._qmr import qmr
from gpuarray.scipy.sparse.linalg._norm import norm
from gpuarray.scipy.sparse.linalg._onenormest import onenormest

__all__ = ["ArpackError", "ArpackNoConvergence", "LinearOperator", "aslinearoperator", "bicg", "bicgstab", "cg",
           "cgs", "eigs", "eigsh", "expm", "expm_multiply", "gcrotmk", "gmres", "inv", "is_sptriangular", "lsmr",
           "lsqr", "matrix_power", "minres", "norm", "onenormest", "qmr", "spbandwidth", "spsolve_triangular",
           "svds", "tfqmr"]
