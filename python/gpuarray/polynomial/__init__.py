# SPDX-License-Identifier: BSD-3-Clause
"""numpy.polynomial on device arrays: the power series module
(`gpuarray.polynomial.polynomial`) and its utilities
(`gpuarray.polynomial.polyutils`), as CuPy offers them and more: every
function of numpy.polynomial.polynomial. The convenience classes
(Polynomial, Chebyshev, ...) and the other bases are not offered yet.

Loaded on first use of ``gpuarray.polynomial`` (see gpuarray/__init__.py)."""
from gpuarray.polynomial import polynomial, polyutils

__all__ = ["polynomial", "polyutils"]
