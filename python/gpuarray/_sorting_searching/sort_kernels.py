# SPDX-License-Identifier: BSD-3-Clause
"""The elementwise kernels behind searching, sets and histograms: binary
searches in NumPy's sort order, gathers and scatters, flags of sorted runs
and atomic bin counts. Each is an ElementwiseKernel whose operation calls a
function of gpuarray/sort_search.cuh (compiled once per dtype and cached like
every elementwise kernel); the functions in sorting.py, _set_routines/ and
_stats/histograms.py compose them. The sort itself is the C++ engine (cpp/kernels/sort.hpp)."""
from gpuarray._user_kernels.elementwise_kernel import ElementwiseKernel

_SEARCH = '#include "gpuarray/sort_search.cuh"'

# searchsorted: y is the first position of x in `sorted` (side='left') or one
# past the last (side='right'), in NumPy's order.
_searchsorted = ElementwiseKernel("raw T sorted, T x, bool right", "int64 y",
                                  "y = ga::sort::search(sorted, x, right)", "ga_searchsorted", preamble=_SEARCH)

# isin: whether x equals an element of `sorted`.
_contains = ElementwiseKernel("raw T sorted, T x, bool invert", "bool y",
                              "y = ga::sort::contains(sorted, x) != invert", "ga_contains", preamble=_SEARCH)

# Starts of runs of equal values in a sorted 1-D array.
_run_starts = ElementwiseKernel("raw T s, bool equal_nan", "bool start",
                                "start = ga::sort::run_starts(s, i, equal_nan)", "ga_run_starts", preamble=_SEARCH)

# Rows (of `columns` elements, C order) that differ from the row before.
_row_starts = ElementwiseKernel("raw T s, int64 columns", "bool start",
                                "start = ga::sort::row_starts(s, i, columns)", "ga_row_starts", preamble=_SEARCH)

_gather = ElementwiseKernel("raw T src, int64 index", "T y", "y = src[index]", "ga_gather")
_scatter = ElementwiseKernel("int64 index, T value", "raw T dst", "dst[index] = value", "ga_scatter")

# Atomic bin counts: k < 0 is dropped (an outlier).
_count = ElementwiseKernel("int64 k", "raw uint64 counts", "if (k >= 0) atomicAdd(&counts[k], 1ull)", "ga_count")
_count_weighted = ElementwiseKernel("int64 k, float64 w", "raw float64 sums", "if (k >= 0) atomicAdd(&sums[k], w)",
                                    "ga_count_weighted")

# The bin of x for histogramdd (along one axis) and for histogram.
_bin_index = ElementwiseKernel("raw T sorted, T x", "int64 y", "y = ga::sort::bin_index(sorted, x)", "ga_bin_index",
                               preamble=_SEARCH)
_bin_of = ElementwiseKernel("raw T sorted, T x", "int64 y", "y = ga::sort::bin_of(sorted, x)", "ga_bin_of",
                            preamble=_SEARCH)
