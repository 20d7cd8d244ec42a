// SPDX-License-Identifier: BSD-3-Clause
// scipy.special.binom(n, k), the binomial coefficient of real n and k, and
// powm1(x, y) = x^y - 1. binom takes the product n (n-1) ... (n-k+1) / k!
// for an integer k below 20 (after k -> n - k where that is smaller), the
// beta function 1 / ((n + 1) B(n - k + 1, k + 1)) elsewhere, and the leading
// terms of the asymptotic expansions where n >> |k| (n^k / Gamma(k + 1)) or k >> |n|
// (Gamma(1 + n) sin(pi (k - n)) / (pi k^(n + 1)), from the reflection
// formula); NaN at negative integer n, as SciPy. powm1 takes expm1(y log x)
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
  if (n >= 1e10 * fabs(k) && k != 0) {
    // Gamma(n + 1) / Gamma(n + 1 - k) = n^k exp(k (k + 1) / (2 n) + O(k^3 / n^2))
    if (k + 1.0 <= 0 && detail::is_int(k)) return 0.0;  // 1 / Gamma(k + 1) = 0
    return detail::gamma_sign(k + 1.0) * exp(k * log(n) + k * (k + 1.0) / (2.0 * n) - lgamma(k + 1.0));
  }
  if (k > 1e8 * fabs(n)) {
    // Gamma(1 + n) / (pi |k|^(n+1)) (1 + n / (2k)) sin(pi (k - n)), with k's integer part taken out of the sine
    double num = gamma(1.0 + n) / fabs(k) + gamma(1.0 + n) * n / (2.0 * k * k);
    num /= detail::kPi * pow(fabs(k), n);
    // sin(pi (k - n)) = (-1)^floor(k) sin(pi (k - floor(k) - n)); k > 0 here
    kx = floor(k);
    const double sign = fmod(kx, 2.0) == 0 ? 1.0 : -1.0;
    return num * sign * sin((k - kx - n) * detail::kPi);
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
