# SPDX-License-Identifier: BSD-3-Clause
"""CuPy's user kernels on the engine: `ElementwiseKernel` and `ReductionKernel`.

Imports the base layer only; the areas above launch their one-line device-header
kernels through it."""
