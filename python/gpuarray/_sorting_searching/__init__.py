# SPDX-License-Identifier: BSD-3-Clause
"""Sorting and searching (NumPy's reference: "Sorting, searching, and counting"):
sort, argsort, partition, lexsort, searchsorted (`sorting`), where, nonzero,
argwhere, count_nonzero (`searching`) and the sort-order kernels they share
(`sort_kernels`; docs/sorting.md).

argmax and argmin are reductions (`_reduction.arg_extrema`)."""
