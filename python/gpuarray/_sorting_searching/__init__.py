# SPDX-License-Identifier: BSD-3-Clause
"""Sorting and searching (NumPy's reference: "Sorting, searching, and counting"):
sort, argsort, partition, lexsort, searchsorted (`sorting`), where, nonzero,
flatnonzero, argwhere, extract (`searching`) and the sort-order kernels that
the sorting-based areas share (`sort_kernels`; docs/sorting.md).

argmax, argmin and count_nonzero are reductions (`_reduction`)."""
