# SPDX-License-Identifier: BSD-3-Clause
"""Mathematical functions (NumPy's reference: "Mathematical functions") that are
more than one ufunc: sinc and nan_to_num (`special_values`), complex-number
helpers, cumulative sums and products (`scans`, `cumulative`), differences,
calculus (trapezoid, gradient, unwrap), convolve and correlate, i0
(`special_functions`) and interp.

The ufuncs themselves, and round and clip, are `_ufunc`'s."""
