# SPDX-License-Identifier: BSD-3-Clause
"""The elementwise kernels behind searching, sets and histograms: binary
searches in NumPy's sort order, gathers and scatters, flags of sorted runs
and atomic bin counts. Each is an ElementwiseKernel (compiled once per dtype
and cached like every elementwise kernel); the functions in _sorting, _sets
and _histograms compose them. The sort itself is the C++ engine
(cpp/kernels/sort.hpp)."""
from gpuarray._elementwise_kernel import ElementwiseKernel

# NumPy's `<` of its sorts: NaNs after everything else (a NaN is never less),
# so that binary searches agree with the order sort produced.
_LESS_REAL = """
template <typename V> __device__ __forceinline__ bool ga_sort_less(const V& a, const V& b) {
  return a < b || (b != b && a == a);
}
template <typename V> __device__ __forceinline__ bool ga_sort_isnan(const V& a) { return a != a; }
"""
# Complex: lexicographic, with NumPy's groups [R + Rj, R + nanj, nan + Rj,
# nan + nanj], each ordered by its non-NaN part (see Note [Sort keys]).
_LESS_COMPLEX = """
template <typename V> __device__ __forceinline__ bool ga_sort_less(const V& a, const V& b) {
  const bool ar = a.real() != a.real(), ai = a.imag() != a.imag();
  const bool br = b.real() != b.real(), bi = b.imag() != b.imag();
  const int ga = 2 * ar + ai, gb = 2 * br + bi;
  if (ga != gb) return ga < gb;
  if (!ar && a.real() != b.real()) return a.real() < b.real();
  return !ai && a.imag() < b.imag();
}
template <typename V> __device__ __forceinline__ bool ga_sort_isnan(const V& a) {
  return a.real() != a.real() || a.imag() != a.imag();
}
"""

_SEARCH = """
long long lo = 0, hi = sorted.size();
while (lo < hi) {
  const long long mid = lo + (hi - lo) / 2;
  if (right ? !ga_sort_less(x, sorted[mid]) : ga_sort_less(sorted[mid], x)) lo = mid + 1; else hi = mid;
}
"""


def _pair(make):
    """(kernel for real dtypes, kernel for complex ones): the comparison differs."""
    return make(_LESS_REAL, "real"), make(_LESS_COMPLEX, "complex")


# searchsorted: y is the first position of x in `sorted` (side='left') or one
# past the last (side='right'), in NumPy's order.
_searchsorted = _pair(lambda less, kind: ElementwiseKernel(
    "raw T sorted, T x, bool right", "int64 y", _SEARCH + "y = lo;", f"ga_searchsorted_{kind}", preamble=less))

# isin: whether x equals an element of `sorted` (== : NaN is in nothing, -0.0 in [0.0]).
_contains = _pair(lambda less, kind: ElementwiseKernel(
    "raw T sorted, T x, bool invert", "bool y",
    "const bool right = false;\n" + _SEARCH + "y = (lo < sorted.size() && sorted[lo] == x) != invert;",
    f"ga_contains_{kind}", preamble=less))

# Starts of runs of equal values in a sorted 1-D array; with equal_nan a NaN
# (complex: a NaN part) starts no run after another one (NaNs sort last).
_run_starts = _pair(lambda less, kind: ElementwiseKernel(
    "raw T s, bool equal_nan", "bool start",
    "start = i == 0 || (s[i] != s[i - 1] && !(equal_nan && ga_sort_isnan(s[i]) && ga_sort_isnan(s[i - 1])))",
    f"ga_run_starts_{kind}", preamble=less))

# Rows (of `columns` elements, C order) that differ from the row before:
# unique(axis=...) on rows sorted lexicographically. NaN != NaN, as NumPy's
# row comparison.
_row_starts = ElementwiseKernel(
    "raw T s, int64 columns", "bool start",
    """start = i == 0;
    for (long long c = 0; !start && c < columns; ++c) start = s[i * columns + c] != s[(i - 1) * columns + c];""",
    "ga_row_starts")

_gather = ElementwiseKernel("raw T src, int64 index", "T y", "y = src[index]", "ga_gather")
_scatter = ElementwiseKernel("int64 index, T value", "raw T dst", "dst[index] = value", "ga_scatter")

# Atomic bin counts: k < 0 is dropped (an outlier).
_count = ElementwiseKernel("int64 k", "raw uint64 counts", "if (k >= 0) atomicAdd(&counts[k], 1ull)", "ga_count")
_count_weighted = ElementwiseKernel("int64 k, float64 w", "raw float64 sums", "if (k >= 0) atomicAdd(&sums[k], w)",
                                    "ga_count_weighted")

# histogramdd's bin of x along one axis: NumPy's searchsorted(edges, x, 'right'),
# one less on the last edge (the last bin is closed): 0 below the first edge,
# len(edges) above the last or NaN.
_bin_index = ElementwiseKernel(
    "raw T sorted, T x", "int64 y",
    "const bool right = true;\n" + _SEARCH + "y = (lo == sorted.size() && sorted.size() > 0 && x == sorted[lo - 1]) "
    "? lo - 1 : lo;", "ga_bin_index", preamble=_LESS_REAL)

# histogram's bin of x: i where edges[i] <= x < edges[i + 1], the last bin
# closed; -1 (dropped) outside [edges[0], edges[-1]] and for NaN.
_bin_of = ElementwiseKernel(
    "raw T sorted, T x", "int64 y",
    "const bool right = true;\n" + _SEARCH + "const long long n = sorted.size();\n"
    "if (lo == n && n > 0 && x == sorted[n - 1]) lo = n - 1;\n"
    "y = (lo >= 1 && lo < n) ? lo - 1 : -1;", "ga_bin_of", preamble=_LESS_REAL)


def kernel_for(pair, dtype):
    """The kernel of `pair` for arrays of `dtype`."""
    return pair[1] if dtype.kind == "c" else pair[0]
