// SPDX-License-Identifier: BSD-3-Clause
// Exponential integrals of real argument: exp1 = E1, expi = Ei and expn =
// E_n, by their power series near zero, the continued fraction of E_n
// beyond 1 (Abramowitz and Stegun 5.1.22) and the asymptotic series of Ei
// beyond 50.
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

// E_n(x) = int_1^inf exp(-x t) / t^n dt for integer n >= 0 (n truncated, as SciPy's float loops).
GA_SF_OUTLINE double expn(double n, double x) {
  if (n != n || x != x) return n + x;
  n = trunc(n);
  if (n < 0 || x < 0) return detail::nan();
  if (x == 0) return n <= 1 ? detail::inf() : 1.0 / (n - 1.0);
  if (isinf(x)) return 0.0;
  if (n == 0) return exp(-x) / x;
  if (x > 1.0) {  // e^-x / (x + n - n / (x + n + 2 - 2 (n + 1) / (x + n + 4 - ...)))
    const double tiny = 1e-300;
    double b = x + n, c = 1.0 / tiny, d = 1.0 / b, h = d;
    for (int i = 1; i < 2000; ++i) {
      const double an = -i * (n - 1.0 + i);
      b += 2.0;
      d = 1.0 / (an * d + b);
      c = b + an / c;
      const double delta = c * d;
      h *= delta;
      if (fabs(delta - 1.0) < 1e-16) break;
    }
    return h * exp(-x);
  }
  // E_n(x) = (-x)^(n-1) / (n-1)! (psi(n) - log x) - sum_{k != n-1} (-x)^k / ((k - n + 1) k!)
  const int m = static_cast<int>(n) - 1;
  double psi = -detail::kEuler;
  for (int k = 1; k <= m; ++k) psi += 1.0 / k;
  double sum = m != 0 ? 1.0 / m : -log(x) + psi;  // the k = 0 term (the log term when n = 1)
  double power = 1.0;  // (-x)^k / k!
  for (int k = 1; k < 200; ++k) {
    power *= -x / k;
    double add;
    if (k == m)
      add = power * (psi - log(x));
    else
      add = -power / (k - m);
    sum += add;
    if (fabs(add) < 1e-17 * fabs(sum) && k > m) break;
  }
  return sum;
}

}  // namespace special
}  // namespace ga
