# SPDX-License-Identifier: BSD-3-Clause
"""Logic functions (NumPy's reference: "Logic functions") beyond the ufuncs:
isclose, allclose, array_equal, array_equiv (`comparisons`); isposinf, isneginf,
real_if_close, asarray_chkfinite (`array_contents`)."""
