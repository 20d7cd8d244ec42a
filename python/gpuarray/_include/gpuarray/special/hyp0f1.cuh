// SPDX-License-Identifier: BSD-3-Clause
// The confluent hypergeometric limit function 0F1(; v; z) = sum_k z^k / ((v)_k k!)
// for real v and z (scipy.special.hyp0f1's real loops).
//
// Method: the power series where its terms do not cancel (z > 0 with a moderate
// z, or |z| small against v + 1, where the terms fall from the first); else the
// Bessel forms (DLMF 10.16.9 and 10.39.9):
//   0F1(; v; z) = Gamma(v) z^((1-v)/2) I_(v-1)(2 sqrt z)          for z > 0,
//   0F1(; v; z) = Gamma(v) |z|^((1-v)/2) J_(v-1)(2 sqrt |z|)      for z < 0,
// with Gamma(v), the power and e^(2 sqrt z) (I's scaling) summed as logarithms.
#pragma once

#include "gpuarray/special/bessel.cuh"
#include "gpuarray/special/bessel_real.cuh"
#include "gpuarray/special/gamma.cuh"

namespace ga {
namespace special {

GA_SF double hyp0f1(double v, double z) {
  if (z != z || isinf(z) || v == -detail::inf()) return detail::nan();
  if (v <= 0 && v == floor(v)) return detail::nan();  // the poles of (v)_k: SciPy's NaN
  if (z == 0) return 1.0;
  if (v != v) return v;
  if (isinf(v)) return 1.0;
  const double az = fabs(z);
  const bool series = az <= 1.0 || (z > 0 && v > 0 && z <= 1e3) || (z < 0 && v > 0 && az < 0.5 * (v + 1.0));
  if (series) {
    double term = 1.0, sum = 1.0;
    for (int k = 0; k < 100000; ++k) {
      term *= z / ((v + k) * (k + 1.0));
      sum += term;
      if (fabs(term) <= 1e-17 * fabs(sum) || isinf(sum)) break;
    }
    return sum;
  }
  const double root = 2.0 * sqrt(az);
  const double sign = gammasgn(v);
  const double log_scale = lgamma(v) + 0.5 * (1.0 - v) * log(az);
  if (z > 0) return sign * exp(log_scale + root) * ive(v - 1.0, root);
  return sign * exp(log_scale) * jv(v - 1.0, root);
}

}  // namespace special
}  // namespace ga
