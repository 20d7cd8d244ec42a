# SPDX-License-Identifier: BSD-3-Clause
"""scipy.sparse.csgraph on the GPU: connected_components (docs/scipy_sparse.md)."""
from gpuarray.scipy.sparse.csgraph._components import connected_components

__all__ = ["connected_components"]
