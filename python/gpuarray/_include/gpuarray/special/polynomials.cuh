// SPDX-License-Identifier: BSD-3-Clause
// Hermite polynomials of integer degree: eval_hermitenorm, the probabilists'
// He_n, by its three-term recurrence He_(k+1) = x He_k - k He_(k-1) in plain
// IEEE arithmetic (so an overflowing recurrence ends in inf or NaN exactly
// where SciPy's does), and eval_hermite, the physicists' H_n(x) =
// 2^(n/2) He_n(sqrt(2) x). NaN for n < 0.
#pragma once
#include "gpuarray/special/common.cuh"

namespace ga {
namespace special {

GA_SF double eval_hermitenorm(double n, double x) {
  if (n != n || x != x) return n + x;
  if (n < 0) return detail::nan();
  if (n == 0) return 1.0;
  double previous = 1.0, current = x;
  for (long long k = 1; k < static_cast<long long>(n); ++k) {
    const double next = x * current - static_cast<double>(k) * previous;
    previous = current;
    current = next;
  }
  return current;
}

GA_SF double eval_hermite(double n, double x) {
  if (n != n || x != x) return n + x;
  if (n < 0) return detail::nan();
  return exp2(0.5 * n) * eval_hermitenorm(n, detail::kSqrt2 * x);
}

}  // namespace special
}  // namespace ga
