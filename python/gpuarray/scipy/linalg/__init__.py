# SPDX-License-Identifier: BSD-3-Clause
"""scipy.linalg on the GPU: SciPy's signatures (check_finite, overwrite_*,
lower, trans, assume_a, ...), errors and batch rules, on cuSOLVER and cuBLAS
through gpuarray.linalg and the bindings. docs/scipy_linalg.md lists the
names present and those left out, with why.

Importing this package loads no CUDA library: cuSOLVER and cuBLAS come with
the first routine that needs them."""
from gpuarray.scipy.linalg._banded import cho_solve_banded, cholesky_banded, solve_banded, solveh_banded
from gpuarray.scipy.linalg._cholesky import cho_factor, cho_solve, cholesky
from gpuarray.scipy.linalg._eigen import eig, eigh, eigvals, eigvalsh
from gpuarray.scipy.linalg._expm import expm, expm_frechet
from gpuarray.scipy.linalg._least_squares import lstsq, pinv, pinvh
from gpuarray.scipy.linalg._lu import lu, lu_factor, lu_solve
from gpuarray.scipy.linalg._matrix_properties import bandwidth, ishermitian, issymmetric, norm
from gpuarray.scipy.linalg._matrix_trig import cosm, coshm, sinhm, sinm, tanhm, tanm
from gpuarray.scipy.linalg._named_matrices import dft, hadamard, helmert, hilbert, invhilbert, invpascal, pascal
from gpuarray.scipy.linalg._qr import qr, qr_multiply, rq
from gpuarray.scipy.linalg._solve import det, inv, solve
from gpuarray.scipy.linalg._structured_matrices import (block_diag, circulant, companion, convolution_matrix, fiedler,
                                                       fiedler_companion, hankel, khatri_rao, leslie, toeplitz)
from gpuarray.scipy.linalg._svd import (diagsvd, null_space, orth, orthogonal_procrustes, polar, subspace_angles, svd,
                                        svdvals)
from gpuarray.scipy.linalg._triangular import solve_triangular
from gpuarray.scipy.linalg._validation import LinAlgError, LinAlgWarning

__all__ = ["LinAlgError", "LinAlgWarning", "bandwidth", "block_diag", "cho_factor", "cho_solve", "cho_solve_banded",
           "cholesky", "cholesky_banded", "circulant", "companion", "convolution_matrix", "coshm", "cosm", "det",
           "dft", "diagsvd", "eig", "eigh", "eigvals", "eigvalsh", "expm", "expm_frechet", "fiedler",
           "fiedler_companion", "hadamard", "hankel", "helmert", "hilbert", "inv", "invhilbert", "invpascal",
           "ishermitian", "issymmetric", "khatri_rao", "leslie", "lstsq", "lu", "lu_factor", "lu_solve", "norm",
           "null_space", "orth", "orthogonal_procrustes", "pascal", "pinv", "pinvh", "polar", "qr", "qr_multiply",
           "rq", "sinhm", "sinm", "solve", "solve_banded", "solve_triangular", "solveh_banded", "subspace_angles",
           "svd", "svdvals", "tanhm", "tanm", "toeplitz"]
