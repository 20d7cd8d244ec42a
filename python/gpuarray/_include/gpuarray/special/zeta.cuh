// SPDX-License-Identifier: BSD-3-Clause
// The Riemann and Hurwitz zeta functions and zetac = zeta - 1: the
// Euler-Maclaurin formula after nine terms of the sum (twelve Bernoulli
// corrections), Riemann's functional equation for negative arguments, and
// zetac(s) = zeta(s, 2) above 1 so that nothing cancels; and spence, the
// dilogarithm Li2(1 - z), by the series in u = -log(1 - x) with Bernoulli
// coefficients after the reflection and inversion formulas bring x into [-1, 1/2].
#pragma once
#include "gpuarray/special/common.cuh"

namespace ga {
namespace special {
namespace detail {

// B_2j / (2j)!, j = 1..12.
constexpr double kBernoulliOverFactorial[12] = {
    1.0 / 12,           -1.0 / 720,          1.0 / 30240,          -1.0 / 1209600,
    1.0 / 47900160,     -691.0 / 1307674368000.0, 1.0 / 74724249600.0, -3617.0 / 10670622842880000.0,
    43867.0 / 5109094217170944000.0, -174611.0 / 802857662698291200000.0,
    77683.0 / 14101100039391805440000.0, -236364091.0 / 1693824136731743669452800000.0};

// zeta(s, q) for q > 0, s != 1, by Euler-Maclaurin.
GA_SF_OUTLINE double hurwitz_em(double s, double q) {
  const int n = 9;
  double sum = 0.0;
  for (int k = 0; k < n; ++k) sum += pow(q + k, -s);
  const double a = q + n;
  const double a_s = pow(a, -s);
  sum += a * a_s / (s - 1.0) + 0.5 * a_s;
  double rising = s, power = a_s / a;  // s (s+1) ... (s+2j-2), a^(-s-2j+1)
  for (int j = 0; j < 12; ++j) {
    const double add = kBernoulliOverFactorial[j] * rising * power;
    sum += add;
    if (fabs(add) < 1e-17 * fabs(sum)) break;
    rising *= (s + 2 * j + 1) * (s + 2 * j + 2);
    power /= a * a;
  }
  return sum;
}

}  // namespace detail

// zeta(x, q) = sum_k (k + q)^-x, x > 1 (x = 1 gives inf, x < 1 NaN, as SciPy).
GA_SF double zeta(double x, double q) {
  if (x != x || q != q) return x + q;
  if (x == 1.0) return detail::inf();
  if (x < 1.0) return detail::nan();
  if (x == detail::inf()) return q == 1.0 ? 1.0 : (q < 1.0 ? detail::inf() : detail::nan());  // SciPy's values
  if (q <= 0) {
    if (q == floor(q)) return detail::inf();
    if (x != floor(x)) return detail::nan();  // negative bases to non-integer powers
    double head = 0.0;
    while (q < 0) {  // the terms (k + q)^-x with k + q < 0, then zeta(x, q + k)
      head += pow(q, -x);
      q += 1.0;
    }
    return head + detail::hurwitz_em(x, q);
  }
  return detail::hurwitz_em(x, q);
}

// The Riemann zeta function, every real argument.
GA_SF double riemann_zeta(double x) {
  if (x != x) return x;
  if (x == 1.0) return detail::inf();
  if (x == detail::inf()) return 1.0;
  if (x >= -1.0) return detail::hurwitz_em(x, 1.0);  // Euler-Maclaurin continues zeta there
  if (x == -detail::inf()) return detail::nan();
  // zeta(x) = 2 (2 pi)^(x-1) sin(pi x / 2) Gamma(1 - x) zeta(1 - x)
  const double s = detail::sin_pi(0.5 * x);
  if (s == 0.0) return 0.0;
  const double z = detail::hurwitz_em(1.0 - x, 1.0);
  if (x > -170.0) return 2.0 * pow(2.0 * detail::kPi, x - 1.0) * s * tgamma(1.0 - x) * z;
  return s * z * exp(log(2.0) + (x - 1.0) * log(2.0 * detail::kPi) + lgamma(1.0 - x));
}

GA_SF double zetac(double x) {
  if (x != x) return x;
  if (x == detail::inf()) return 0.0;
  if (x == -detail::inf()) return detail::nan();
  if (x > 1.0) return detail::hurwitz_em(x, 2.0);
  return riemann_zeta(x) - 1.0;
}

namespace detail {

// Li2(x) for -1 <= x <= 1/2 given u = -log(1 - x): u - u^2/4 + sum_j B_2j u^(2j+1) / (2j+1)!.
GA_SF double dilog_series(double u) {
  double sum = u - 0.25 * u * u, power = u;
  for (int j = 0; j < 12; ++j) {
    power *= u * u;
    const double add = kBernoulliOverFactorial[j] * power / (2 * j + 3);
    sum += add;
    if (fabs(add) < 1e-17 * fabs(sum)) break;
  }
  return sum;
}

}  // namespace detail

// Spence's function, integral from 1 to z of log(t) / (1 - t): Li2(1 - z), z >= 0.
GA_SF double spence(double z) {
  if (z != z) return z;
  if (z < 0 || isinf(z)) return detail::nan();
  if (z == 1) return 0.0;
  const double pi2_6 = detail::kPi * detail::kPi / 6.0;
  if (z >= 0.5 && z <= 2.0) return detail::dilog_series(-log(z));  // x = 1 - z in [-1, 1/2]
  if (z < 0.5) {  // Li2(x) = pi^2/6 - log(x) log(1 - x) - Li2(1 - x), 1 - x = z
    const double li2_z = z == 0 ? 0.0 : detail::dilog_series(-log1p(-z));
    return pi2_6 - (z == 0 ? 0.0 : log1p(-z) * log(z)) - li2_z;
  }
  // z > 2, x = 1 - z < -1: Li2(x) = -pi^2/6 - log(-x)^2 / 2 - Li2(1/x), 1/x in (-1, 0)
  const double l = log(z - 1.0);
  return -pi2_6 - 0.5 * l * l - detail::dilog_series(-log1p(1.0 / (z - 1.0)));
}

}  // namespace special
}  // namespace ga
