# SPDX-License-Identifier: BSD-3-Clause
"""Array manipulation (NumPy's reference: "Array manipulation routines"): views
with other axes (`axes`), shapes (`shapes`), broadcasting, joining, stacking,
block, splitting, rearranging and copyto (docs/joining.md, docs/ndarray.md).

Tiling and adding or removing elements build on sort and scan: they are the
later area `_array_editing`."""
