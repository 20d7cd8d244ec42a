# SPDX-License-Identifier: BSD-3-Clause
"""Array creation (NumPy's reference: "Array creation routines"): from existing
data (`from_data`, with `nested_sequences` for lists of device arrays), from a
shape or value (`from_shape`), numerical ranges (`ranges`) and copies from
device to host (`transfer`: asnumpy, and the bodies of ndarray.get and set).

Building matrices (diag, tri, vander, ...) uses `where` and `cumprod` and so is
the later area `_matrix_building`."""
