// SPDX-License-Identifier: BSD-3-Clause
// NumPy's sort order on the device, for the elementwise kernels behind
// searchsorted, isin, unique and histograms (python/gpuarray/_sorting_searching/sort_kernels.py):
// binary searches must agree with the order the engine's sort produced.
//
// Real values: NaNs after everything else (a NaN is never less).
// Complex: lexicographic, with NumPy's groups [R + Rj, R + nanj, nan + Rj,
// nan + nanj], each ordered by its non-NaN part (Note [Sort keys] in
// cpp/kernels/sort_keys.hpp).
#pragma once
#include "gpuarray/complex.cuh"

namespace ga {
namespace sort {

template <typename V> __device__ __forceinline__ bool is_nan(const V& a) { return a != a; }
template <typename R> __device__ __forceinline__ bool is_nan(const complex<R>& a) {
  return a.real() != a.real() || a.imag() != a.imag();
}

template <typename V> __device__ __forceinline__ bool less(const V& a, const V& b) {
  return a < b || (b != b && a == a);
}
template <typename R> __device__ __forceinline__ bool less(const complex<R>& a, const complex<R>& b) {
  const bool ar = a.real() != a.real(), ai = a.imag() != a.imag();
  const bool br = b.real() != b.real(), bi = b.imag() != b.imag();
  const int ga = 2 * ar + ai, gb = 2 * br + bi;
  if (ga != gb) return ga < gb;
  if (!ar && a.real() != b.real()) return a.real() < b.real();
  return !ai && a.imag() < b.imag();
}

// The first position of x in `sorted` (right: one past the last), in this
// order. Sorted is an elementwise kernel's raw array (size() and []).
template <class Sorted, typename V>
__device__ long long search(const Sorted& sorted, const V& x, bool right) {
  long long lo = 0, hi = sorted.size();
  while (lo < hi) {
    const long long mid = lo + (hi - lo) / 2;
    if (right ? !less(x, sorted[mid]) : less(sorted[mid], x)) lo = mid + 1; else hi = mid;
  }
  return lo;
}

// Whether x equals an element of `sorted` (==: NaN is in nothing, -0.0 in [0.0]).
template <class Sorted, typename V>
__device__ bool contains(const Sorted& sorted, const V& x) {
  const long long lo = search(sorted, x, false);
  return lo < sorted.size() && sorted[lo] == x;
}

// Whether sorted element i starts a run of equal values; with equal_nan a
// NaN after another NaN starts none (NaNs sort last).
template <class Sorted>
__device__ bool run_starts(const Sorted& s, long long i, bool equal_nan) {
  return i == 0 || (s[i] != s[i - 1] && !(equal_nan && is_nan(s[i]) && is_nan(s[i - 1])));
}

// Whether row i (of `columns` elements, C order) differs from row i - 1:
// unique(axis=...) on rows sorted lexicographically. NaN != NaN, as NumPy's
// row comparison.
template <class Sorted>
__device__ bool row_starts(const Sorted& s, long long i, long long columns) {
  if (i == 0) return true;
  for (long long c = 0; c < columns; ++c)
    if (s[i * columns + c] != s[(i - 1) * columns + c]) return true;
  return false;
}

// histogramdd's bin of x along one axis: searchsorted(edges, x, 'right'),
// one less on the last edge (the last bin is closed): 0 below the first
// edge, len(edges) above the last or NaN.
template <class Sorted, typename V>
__device__ long long bin_index(const Sorted& edges, const V& x) {
  const long long lo = search(edges, x, true), n = edges.size();
  return (lo == n && n > 0 && x == edges[lo - 1]) ? lo - 1 : lo;
}

// histogram's bin of x: i where edges[i] <= x < edges[i + 1], the last bin
// closed; -1 (dropped) outside [edges[0], edges[-1]] and for NaN.
template <class Sorted, typename V>
__device__ long long bin_of(const Sorted& edges, const V& x) {
  long long lo = search(edges, x, true);
  const long long n = edges.size();
  if (lo == n && n > 0 && x == edges[n - 1]) lo = n - 1;
  return (lo >= 1 && lo < n) ? lo - 1 : -1;
}

}  // namespace sort
}  // namespace ga
