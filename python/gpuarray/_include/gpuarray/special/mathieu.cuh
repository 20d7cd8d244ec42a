// SPDX-License-Identifier: BSD-3-Clause
// The characteristic values of Mathieu's equation y'' + (a - 2q cos 2x) y = 0
// (scipy.special.mathieu_a for the even solutions ce_m, mathieu_b for the
// odd se_m): eigenvalues of the truncated symmetric tridiagonal matrices of
// the Fourier-coefficient recurrences (DLMF 28.4): diagonal (2k)^2 with the
// first off-diagonal sqrt(2) q for a_2n; 1 + q, 9, 25, ... for a_2n+1;
// 1 - q, 9, 25, ... for b_2n+1; 4, 16, 36, ... for b_2n+2; off-diagonals q.
// The value is the n-th smallest eigenvalue, found by bisection on the Sturm
// count (the signs of the LDL^T pivots) to the ulp. The matrices are cut
// where (2k)^2 far exceeds |q| (n + 30 + 2 sqrt|q| rows), where the
// coefficients have decayed past double precision.
#pragma once
#include "gpuarray/special/common.cuh"

namespace ga {
namespace special {
namespace detail {

// the k-th diagonal entry of matrix `kind` (0: a_2n, 1: a_2n+1, 2: b_2n+1, 3: b_2n+2)
GA_SF double mathieu_diagonal(int kind, int k, double q) {
  const double j = kind == 0 ? 2.0 * k : kind == 3 ? 2.0 * k + 2.0 : 2.0 * k + 1.0;
  double d = j * j;
  if (k == 0 && kind == 1) d += q;
  if (k == 0 && kind == 2) d -= q;
  return d;
}

// the number of eigenvalues below x
GA_SF int mathieu_sturm_count(int kind, int size, double q, double x) {
  int count = 0;
  double pivot = 1.0;
  for (int k = 0; k < size; ++k) {
    const double off = k == 0 ? 0.0 : (kind == 0 && k == 1 ? kSqrt2 * q : q);
    pivot = mathieu_diagonal(kind, k, q) - x - (k == 0 ? 0.0 : off * off / pivot);
    if (pivot == 0) pivot = -1e-300;  // x an eigenvalue of the leading block: count it as below
    if (pivot < 0) ++count;
  }
  return count;
}

// the index-th smallest eigenvalue (index >= 0) of matrix `kind`
GA_SF_OUTLINE double mathieu_eigenvalue(int kind, int index, double q) {
  const double root_q = sqrt(fabs(q));
  const int size = index + 30 + static_cast<int>(2.0 * root_q);
  // Gershgorin: every eigenvalue within 2 sqrt(2) |q| of a diagonal entry
  double lo = -2.0 * kSqrt2 * fabs(q) - fabs(q), hi = 0.0;
  for (int k = 0; k < size; ++k) hi = fmax(hi, mathieu_diagonal(kind, k, q));
  hi += 2.0 * kSqrt2 * fabs(q) + fabs(q) + 1.0;
  lo = fmin(lo, mathieu_diagonal(kind, 0, q) - 2.0 * kSqrt2 * fabs(q) - 1.0);
  for (int i = 0; i < 2100; ++i) {
    const double mid = 0.5 * (lo + hi);
    if (mid <= lo || mid >= hi) break;
    if (mathieu_sturm_count(kind, size, q, mid) > index) hi = mid; else lo = mid;
  }
  return 0.5 * (lo + hi);
}

}  // namespace detail

GA_SF double mathieu_a(double m, double q) {
  if (m != m || q != q) return m + q;
  if (m < 0 || !detail::is_int(m) || isinf(q) || m > 1e6) return detail::nan();
  if (q == 0) return m * m;
  const int n = static_cast<int>(m);
  return detail::mathieu_eigenvalue(n % 2, n / 2, q);
}

GA_SF double mathieu_b(double m, double q) {
  if (m != m || q != q) return m + q;
  if (m < 1 || !detail::is_int(m) || isinf(q) || m > 1e6) return detail::nan();
  if (q == 0) return m * m;
  const int n = static_cast<int>(m);
  return n % 2 ? detail::mathieu_eigenvalue(2, (n - 1) / 2, q) : detail::mathieu_eigenvalue(3, (n - 2) / 2, q);
}

}  // namespace special
}  // namespace ga
