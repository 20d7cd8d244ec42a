// SPDX-License-Identifier: BSD-3-Clause
// The Struve functions H_v(x) and L_v(x) of real order (scipy.special.struve,
// modstruve), for real x.
//
// Method (x > 0; x < 0 by the parity (-1)^(v+1) for integer v, NaN otherwise):
// * the power series (DLMF 11.2.1-2)
//     H_v(x) = sum_k (-1)^k (x/2)^(2k+v+1) / (Gamma(k+3/2) Gamma(k+v+3/2)),
//   and L_v the same without the signs: for L everywhere but far out (its terms
//   are positive once k + v + 3/2 > 0), for H where x < 4 or x < v (the
//   alternating terms then cancel at most e^x-fold at x = 4, and where x < v
//   H_v is small against Y_v, so the forms below would cancel instead);
// * H_v = Y_v + R_v with Y_v from bessel_real.cuh and, for v > -1/2 (DLMF 11.5.2),
//     R_v(x) = 2 (x/2)^v / (sqrt(pi) Gamma(v + 1/2)) int_0^inf e^(-x t) (1 + t^2)^(v - 1/2) dt,
//   the integral (s = x t) by the trapezoidal rule after s = exp(u - e^-u), which
//   makes both ends decay double-exponentially (Takahasi and Mori's DE rule);
//   for v <= -1/2 the recurrence H_(v-1) = (2v/x) H_v - H_(v+1) + (x/2)^v / (sqrt(pi) Gamma(v + 3/2))
//   (DLMF 11.4.23) down from two orders in (-1/2, 3/2];
// * x >= max(40, 3|v|): the large-x expansions (DLMF 11.6.1-2)
//     H_v - Y_v ~ (1/pi) sum_k Gamma(k + 1/2) (x/2)^(v-2k-1) / Gamma(v + 1/2 - k),
//     L_v - I_(-v) ~ -(1/pi) sum_k (-1)^k Gamma(k + 1/2) (x/2)^(v-2k-1) / Gamma(v + 1/2 - k).
#pragma once

#include "gpuarray/special/bessel.cuh"
#include "gpuarray/special/bessel_real.cuh"
#include "gpuarray/special/gamma.cuh"

namespace ga {
namespace special {
namespace detail {

// The series, alternating (H) or not (L); terms from their logarithms where 1/Gamma(k + v + 3/2) is not 0.
GA_SF_OUTLINE double struve_series(double v, double x, bool alternating) {
  const double lx = log(0.5 * x), q = 0.25 * x * x;
  double sum = 0.0, term = 0.0;
  for (int k = 0; k < 10000; ++k) {
    const double b = k + v + 1.5;
    if (term == 0.0) {
      if (b <= 0 && b == floor(b)) continue;  // 1/Gamma(b) = 0: this term vanishes
      term = gammasgn(b) * exp((2.0 * k + v + 1.0) * lx - lgamma(k + 1.5) - lgamma(b));
      if (alternating && (k & 1)) term = -term;
    } else {
      term *= (alternating ? -q : q) / ((k + 0.5) * (b - 1.0));  // the ratio of the k-th term to the last
    }
    sum += term;
    if (fabs(term) <= 1e-17 * fabs(sum) && k > v) break;
    if (isinf(sum)) break;
  }
  return sum;
}

// sum_k s^k Gamma(k + 1/2) (x/2)^(v-2k-1) / Gamma(v + 1/2 - k) / pi, s = 1 (H) or -1 (L), to the smallest term.
GA_SF_OUTLINE double struve_asymptotic(double v, double x, double s) {
  const double a = v + 0.5;
  if (a <= 0 && a == floor(a)) return 0.0;  // every 1/Gamma(v + 1/2 - k) is 0
  double term = gammasgn(a) * exp(lgamma(0.5) + (v - 1.0) * log(0.5 * x) - lgamma(a)) / kPi;
  double sum = term;
  const double q = 4.0 / (x * x);
  for (int k = 0; k < 500; ++k) {
    const double next = term * s * (k + 0.5) * (v - 0.5 - k) * q;
    if (fabs(next) >= fabs(term) || next == 0) break;
    term = next;
    sum += term;
    if (fabs(term) <= 1e-17 * fabs(sum)) break;
  }
  return sum;
}

// R_v(x) for v > -1/2 (see the file's comment).
GA_SF_OUTLINE double struve_h_minus_y(double v, double x) {
  const double p = v - 0.5, h = 1.0 / 16;
  double sum = 0.0;
  for (int i = -96; i <= 80; ++i) {  // u in [-6, 5]: s from e^-409 to e^5 and the integrand below e^-140 there
    const double u = i * h, e = exp(-u), s = exp(u - e);
    const double r = s / x;
    sum += s * (1.0 + e) * exp(-s + p * log1p(r * r));
  }
  const double integral = sum * h / x;
  return 2.0 * gammasgn(v + 0.5) * exp(v * log(0.5 * x) - lgamma(v + 0.5)) / kSqrtPi * integral;
}

// 4 <= x <= v + 1/2: Bessel's series H_v(x) = sqrt(x / (2 pi)) sum_k (x/2)^k / (k! (k + 1/2)) J_(k+v+1/2)(x)
// (DLMF 11.4.19), every term positive while the orders stay below J's first zero (v + 1/2 >= x): there the
// power series and Y_v + R_v both cancel (1e-9 at v = 150, x = 120). The J's by Miller's backward
// recurrence from far above, normalized by J_(v+1/2)(x) itself.
GA_SF_OUTLINE double struve_h_bessel_series(double v, double x) {
  const double mu = v + 0.5;
  const int top = static_cast<int>(x) + 60;
  const double half = 0.5 * x;
  // c_k = (x/2)^k / (k! (k + 1/2)), downward: c_(k-1) = c_k k / (x/2) (k + 1/2) / (k - 1/2)
  double ck = exp(top * log(half) - lgamma(top + 1.0)) / (top + 0.5);
  double above = 0.0, current = 1e-280, sum = 0.0;
  for (int k = top; k >= 0; --k) {
    sum += ck * current;
    if (k == 0) break;
    const double below = 2.0 * (mu + k) / x * current - above;  // J_(mu+k-1)
    above = current;
    current = below;
    ck *= k / half * (k + 0.5) / (k - 0.5);
    if (fabs(current) > 1e200) {
      current *= 1e-200;
      above *= 1e-200;
      sum *= 1e-200;
    }
  }
  return sqrt(x / (2.0 * kPi)) * sum * (jv(mu, x) / current);
}

GA_SF double struve_h_positive(double v, double x);

GA_SF_OUTLINE double struve_h_recurrence(double v, double x) {
  // two orders a, a + 1 with a in (-1/2, 1/2], then H_(b-1) = (2b/x) H_b - H_(b+1) + (x/2)^b / (sqrt(pi) Gamma(b + 3/2))
  const int steps = static_cast<int>(ceil(-0.5 - v)) + 1;
  double a = v + steps;
  double upper = yv(a + 1.0, x) + struve_h_minus_y(a + 1.0, x), current = yv(a, x) + struve_h_minus_y(a, x);
  for (int i = 0; i < steps; ++i) {
    const double b = a;
    const double source = rgamma(b + 1.5) == 0 ? 0.0 : gammasgn(b + 1.5) * exp(b * log(0.5 * x) - lgamma(b + 1.5)) / kSqrtPi;
    const double below = 2.0 * b / x * current - upper + source;
    upper = current;
    current = below;
    a -= 1.0;
  }
  return current;
}

GA_SF double struve_h_positive(double v, double x) {
  // H_-(n+1/2) = Y_-(n+1/2) (DLMF 11.4.4 with 11.4.3): no recurrence, which would cancel near the zeros
  if (v + 0.5 <= 0 && v + 0.5 == floor(v + 0.5)) return yv(v, x);
  if (x < 4.0) return struve_series(v, x, true);
  if (x <= v + 0.5) return struve_h_bessel_series(v, x);
  if (x >= 40.0 && x >= 3.0 * fabs(v)) return yv(v, x) + struve_asymptotic(v, x, 1.0);
  if (v > -0.5) return yv(v, x) + struve_h_minus_y(v, x);
  return struve_h_recurrence(v, x);
}

GA_SF double struve_l_positive(double v, double x) {
  if (x >= 40.0 && x >= 3.0 * fabs(v)) return iv(-v, x) - struve_asymptotic(v, x, -1.0);
  return struve_series(v, x, false);
}

// SciPy's special values and the parity, around either positive-x function.
GA_SF double struve_real(double v, double x, bool modified) {
  if (x != x) return x;
  if (x == 0 && !(v >= -1)) {  // SciPy's: 0 for a NaN order, NaN for -inf
    if (v != v) return 0.0;
    if (v == -inf()) return nan();
  }
  if (v != v) return v;
  const bool integer = v == floor(v);
  if (isinf(v)) return (x == 0 || (x > 0 && !isinf(x) && (v > 0 || modified))) ? 0.0 : nan();
  if (isinf(x)) {  // SciPy's: inf for v >= 1 (with the parity for x = -inf), else NaN
    if (v < 1) return nan();
    if (x > 0) return inf();
    return integer ? (fmod(v, 2.0) == 0 ? -inf() : inf()) : nan();
  }
  if (x == 0) {
    if (v > -1) return 0.0;
    if (v == -1) return 0.6366197723675813;  // 2/pi rounded as SciPy's
    const double b = v + 1.5;  // the first term (x/2)^(v+1) / (Gamma(3/2) Gamma(v + 3/2))
    if (b <= 0 && b == floor(b)) return b == 0 ? inf() : nan();
    return gammasgn(b) * inf();
  }
  if (x < 0) {
    if (!integer) return nan();
    const double value = modified ? struve_l_positive(v, -x) : struve_h_positive(v, -x);
    return fmod(fabs(v), 2.0) == 1.0 ? value : -value;  // (-1)^(v+1)
  }
  return modified ? struve_l_positive(v, x) : struve_h_positive(v, x);
}

}  // namespace detail

GA_SF double struve(double v, double x) { return detail::struve_real(v, x, false); }
GA_SF double modstruve(double v, double x) { return detail::struve_real(v, x, true); }

}  // namespace special
}  // namespace ga
