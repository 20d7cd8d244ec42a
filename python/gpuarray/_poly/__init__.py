# SPDX-License-Identifier: BSD-3-Clause
"""NumPy's legacy polynomial functions (NumPy's reference: "Polynomials",
"Poly1d"): polyval and the arithmetic (`polynomials`), polyfit, roots and poly,
which solve with linalg (`polynomial_linalg`), and poly1d over device
coefficients (`poly1d`). The `numpy.polynomial` package is `gpuarray.polynomial`."""
