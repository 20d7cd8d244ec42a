// SPDX-License-Identifier: BSD-3-Clause
// scipy.special.binom(n, k), the binomial coefficient of real n and k, and
// powm1(x, y) = x^y - 1. binom takes the product n (n-1) ... (n-k+1) / k!
// for an integer k below 20 (after k -> n - k where that is smaller),
// Stirling's series where n >> |k| (Gamma(n + 1) / Gamma(n + 1 - k), the
// large logarithms cancelled, over Gamma(k + 1)), the leading term of the
// asymptotic expansion where k >> |n| (Gamma(1 + n) sin(pi (k - n)) /
// (pi k^(n + 1)), from the reflection formula), and the beta function
// 1 / ((n + 1) B(n - k + 1, k + 1)) elsewhere; NaN at negative integer n, as
// SciPy. powm1 takes expm1(y log x)
// where y log x is small, so that x^y - 1 keeps its digits near x = 1 or y = 0.
#pragma once
#include "gpuarray/special/gamma.cuh"

namespace ga {
namespace special {

GA_SF_OUTLINE double binom(double n, double k) {
  if (n != n || k != k) return n + k;
  if (n < 0 && detail::is_int(n)) return detail::nan();
  double kx = floor(k);
  if (k == kx && (fabs(n) > 1e-8 || n == 0)) {
    const double nx = floor(n);
    if (nx == n && kx > 0.5 * nx && nx > 0) kx = nx - kx;
    if (kx >= 0 && kx < 20) {
      double num = 1.0, den = 1.0;
      for (int i = 1; i <= static_cast<int>(kx); ++i) {
        num *= i + n - kx;
        den *= i;
        if (fabs(num) > 1e50) {  // keep the running ratio in range
          num /= den;
          den = 1.0;
        }
      }
      return num / den;
    }
  }
  if (n >= 10.0 && fabs(k) <= 0.05 * n && k != 0) {
    // n >> |k|: Gamma(n + 1) / Gamma(n + 1 - k) from Stirling's series with the large logarithms cancelled
    // (gamma.cuh's lgamma_difference), over Gamma(k + 1)
    if (k + 1.0 <= 0 && detail::is_int(k)) return 0.0;  // 1 / Gamma(k + 1) = 0
    return detail::gamma_sign(k + 1.0) * exp(-detail::lgamma_difference(k, n + 1.0 - k) - lgamma(k + 1.0));
  }
  if (k > 1e8 * fabs(n)) {
    // |Gamma(1 + n)| / (pi k^(n+1)) (1 + n (n + 1) / (2k)) (Gamma(k - n) / Gamma(k + 1) to O(1/k^2)), in
    // logarithms (k^(n+1) alone may overflow), times
    // sign(Gamma(1 + n)) sin(pi (k - n)) = (-1)^floor(k) sin(pi (k - floor(k) - n)); k > 0 here
    const double magnitude = exp(lgamma(1.0 + n) - (n + 1.0) * log(k)) * (1.0 + n * (n + 1.0) / (2.0 * k)) / detail::kPi;
    kx = floor(k);
    const double sign = (fmod(kx, 2.0) == 0 ? 1.0 : -1.0) * detail::gamma_sign(1.0 + n);
    const double s = detail::sin_pi(k - kx - n);  // exactly 0 where k - n is an integer (binom is 0 there)
    return s == 0 ? 0.0 : sign * magnitude * s;
  }
  return 1.0 / (n + 1.0) / beta(1.0 + n - k, 1.0 + k);
}

GA_SF double powm1(double x, double y) {
  if (y == 0 || x == 1) return 0.0;  // even for a NaN other argument, as SciPy
  if (x != x || y != y) return x + y;
  if (x == 0) return y > 0 ? -1.0 : detail::inf();
  if (x > 0) {
    const double l = y * log(x);
    if (fabs(l) < 0.5) return expm1(l);
    return pow(x, y) - 1.0;
  }
  // x < 0: real only for an integer y; an even power is the power of |x|
  if (isinf(y) || !detail::is_int(y)) return detail::nan();
  if (fmod(y, 2.0) == 0) {
    const double l = y * log(-x);
    if (fabs(l) < 0.5) return expm1(l);
  }
  return pow(x, y) - 1.0;
}

}  // namespace special
}  // namespace ga
