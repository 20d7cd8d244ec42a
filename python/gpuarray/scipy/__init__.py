# SPDX-License-Identifier: BSD-3-Clause
"""SciPy on the GPU: subpackages with SciPy's names, signatures and results,
computed on gpuarray device arrays."""
