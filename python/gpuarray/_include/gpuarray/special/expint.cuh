// SPDX-License-Identifier: BSD-3-Clause
// Exponential integrals of real argument: exp1 = E1 and expi = Ei, by their
// power series near zero, the continued fraction of E1 beyond 1 and the
// asymptotic series of Ei beyond 50.
#pragma once
#include "gpuarray/special/common.cuh"

namespace ga {
namespace special {

GA_SF double exp1(double x) {
  if (x != x) return x;
  if (x < 0) return detail::nan();
  if (x == 0) return detail::inf();
  if (x <= 1.0) {  // -euler - log x + sum_k (-1)^(k+1) x^k / (k k!)
    double term = 1.0, sum = 0.0;
    for (int k = 1; k < 40; ++k) {
      term *= -x / k;
      const double add = -term / k;
      sum += add;
      if (fabs(add) < 1e-17 * fabs(sum)) break;
    }
    return -detail::kEuler - log(x) + sum;
  }
  if (x > 745.0) return 0.0;
  // e^-x / (x + 1 - 1/(x + 3 - 4/(x + 5 - 9/(x + 7 - ...)))) by modified Lentz
  const double tiny = 1e-300;
  double b = x + 1.0, c = 1.0 / tiny, d = 1.0 / b, h = d;
  for (int i = 1; i < 1000; ++i) {
    const double an = -static_cast<double>(i) * i;
    b += 2.0;
    d = 1.0 / (an * d + b);
    c = b + an / c;
    const double delta = c * d;
    h *= delta;
    if (fabs(delta - 1.0) < 1e-16) break;
  }
  return h * exp(-x);
}

GA_SF double expi(double x) {
  if (x != x) return x;
  if (x < 0) return -exp1(-x);
  if (x == 0) return -detail::inf();
  if (x <= 50.0) {  // euler + log x + sum_k x^k / (k k!)
    double term = 1.0, sum = 0.0;
    for (int k = 1; k < 200; ++k) {
      term *= x / k;
      const double add = term / k;
      sum += add;
      if (add < 1e-17 * sum) break;
    }
    return detail::kEuler + log(x) + sum;
  }
  if (x > 720.0) return detail::inf();
  double term = 1.0, sum = 1.0;  // e^x / x sum_k k! / x^k
  for (int k = 1; k < 60; ++k) {
    const double next = term * k / x;
    if (next > term) break;
    term = next;
    sum += term;
    if (term < 1e-17 * sum) break;
  }
  return exp(x) / x * sum;
}

}  // namespace special
}  // namespace ga
