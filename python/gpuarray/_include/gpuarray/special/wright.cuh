// SPDX-License-Identifier: BSD-3-Clause
// erfi and the Wright omega function of real arguments.
// erfi(x) = -i erf(ix) = (2/sqrt(pi)) exp(x^2) D(x), D Dawson's integral
// (error.cuh), with x^2's rounding carried into the exponential and the
// exponential split so that erfi overflows only where its value does.
// wrightomega(x), the w with w + log(w) = x: exp(x) below -2, x - log(x)
// above 1 and exp(2(x - 1)/3) between as first guesses, then the
// fourth-order iteration of Fritsch, Shafer and Crowley (CACM 16, 1973) on
// the residual r = x - w - log(w) until it stops moving w.
#pragma once
#include "gpuarray/special/error.cuh"

namespace ga {
namespace special {

GA_SF double erfi(double x) {
  if (x != x) return x;
  if (isinf(x)) return x;
  const double ax = fabs(x);
  const double hi = ax * ax, lo = fma(ax, ax, -hi);
  const double two_over_sqrt_pi = 1.128379167095512573896158903121545172;
  double r;
  if (hi < 700.0) {
    r = two_over_sqrt_pi * exp(hi) * (1.0 + lo) * dawsn(ax);
  } else {
    const double e32 = 78962960182680.69516;  // exp(32)
    r = two_over_sqrt_pi * exp(hi - 32.0) * (1.0 + lo) * dawsn(ax) * e32;
  }
  return x < 0 ? -r : r;
}

GA_SF_OUTLINE double wrightomega(double x) {
  if (x != x) return x;
  if (x == detail::inf()) return x;
  if (x == -detail::inf()) return 0.0;
  if (x < -745.2) return 0.0;
  double w;
  if (x < -2.0) {
    w = exp(x);
    if (x < -40.0) return w * (1.0 - w);  // w = e^x (1 - e^x + ...): the correction is below the ulp's scale
  } else if (x < 1.0) {
    w = exp(2.0 * (x - 1.0) / 3.0);
  } else {
    const double l = log(x);
    w = x - l + l / x;
  }
  for (int i = 0; i < 6; ++i) {
    const double r = x - w - log(w);
    if (r == 0) break;
    const double wp1 = 1.0 + w;
    const double q = 2.0 * wp1 * (wp1 + 2.0 * r / 3.0);
    // past 1e100, q overflows and the fourth-order factor is 1 to the ulp: Newton's step
    const double factor = w > 1e100 ? 1.0 : (q - r) / (q - 2.0 * r);
    const double next = w * (1.0 + r / wp1 * factor);
    if (next == w) break;
    w = next;
  }
  return w;
}

}  // namespace special
}  // namespace ga
