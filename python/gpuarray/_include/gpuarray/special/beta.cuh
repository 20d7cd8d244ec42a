// SPDX-License-Identifier: BSD-3-Clause
// The regularized incomplete beta function I_x(a, b) (betainc) and its
// complement (betaincc): the continued fraction of DLMF 8.17.22 by the
// modified Lentz method on the side where it converges fast, the symmetry
// I_x(a, b) = 1 - I_(1-x)(b, a) on the other. The prefactor x^a (1-x)^b / B(a, b)
// goes through Stirling's series for large a and b, so that its large
// exponents cancel before exp (the same device as gamma.cuh's incomplete gamma).
#pragma once
#include "gpuarray/special/common.cuh"
#include "gpuarray/special/gamma.cuh"

namespace ga {
namespace special {
namespace detail {

// x^a y^b / B(a, b), y = 1 - x given separately (exact where the caller has
// it): log x and log y from the smaller of x and y through log1p, so that
// b log(y) does not carry y's rounding times b.
GA_SF_OUTLINE double beta_power_factor(double a, double b, double x, double y) {
  const double lx = x < 0.5 ? log(x) : log1p(-y);
  const double ly = x < 0.5 ? log1p(-x) : log(y);
  if (a >= 10.0 && b >= 10.0) {
    // sqrt(a b / (2 pi s)) (x / x0)^a (y / y0)^b exp(c(s) - c(a) - c(b)), x0 = a / s, y0 = b / s
    // (Stirling's series); near the mode the exponent is a (log1p(t/x0) - t/x0) + b (log1p(-t/y0) + t/y0),
    // t = x - x0, whose linear terms cancel exactly.
    const double s = a + b;
    const double x0 = a / s, y0 = b / s;
    const double t = x < 0.5 ? x - x0 : y0 - y;
    double e;
    if (fabs(t / x0) < 0.5 && fabs(t / y0) < 0.5)
      e = a * log1p_minus(t / x0) + b * log1p_minus(-t / y0);
    else
      e = a * (lx - log(x0)) + b * (ly - log(y0));
    e += stirling_correction(s) - stirling_correction(a) - stirling_correction(b);
    return sqrt(a * b / (2.0 * kPi * s)) * exp(e);
  }
  // pow keeps x^a to an ulp where exp(a log x) carries a log(x) ulps of error (x near 1e-300)
  const double first = x < 0.5 ? pow(x, a) : exp(a * lx), second = x < 0.5 ? exp(b * ly) : pow(y, b);
  const double scale = beta(a, b);
  if (first > 1e-300 && second > 1e-300 && first < 1e300 && second < 1e300 && scale > 1e-300 && scale < 1e300)
    return first * second / scale;  // each factor normal
  return exp(a * lx + b * ly - betaln(a, b));
}

// The continued fraction of I_x(a, b) / (x^a y^b / (a B(a, b))), for x < (a + 1) / (a + b + 2).
GA_SF_OUTLINE double incbeta_fraction(double a, double b, double x) {
  const double tiny = 1e-300;
  const double qab = a + b, qap = a + 1.0, qam = a - 1.0;
  double c = 1.0, d = 1.0 - qab * x / qap;
  if (fabs(d) < tiny) d = tiny;
  d = 1.0 / d;
  double h = d;
  for (int m = 1; m < 20000; ++m) {
    const int m2 = 2 * m;
    double aa = m * (b - m) * x / ((qam + m2) * (a + m2));
    d = 1.0 + aa * d;
    if (fabs(d) < tiny) d = tiny;
    c = 1.0 + aa / c;
    if (fabs(c) < tiny) c = tiny;
    d = 1.0 / d;
    h *= d * c;
    aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
    d = 1.0 + aa * d;
    if (fabs(d) < tiny) d = tiny;
    c = 1.0 + aa / c;
    if (fabs(c) < tiny) c = tiny;
    d = 1.0 / d;
    const double delta = d * c;
    h *= delta;
    if (fabs(delta - 1.0) < 1e-16) break;
  }
  return h;
}

// 1 - I_x(a, b) for small a, where I_x(a, b) is near 1: with
// u = x^a Gamma(a+b) / (Gamma(1+a) Gamma(b)) and the series
// I_x(a, b) = u (1 + a sum_{n>=1} (1-b)(2-b)...(n-b)/n! x^n / (a+n)),
// 1 - I = -expm1(log u) - u a sum, nothing cancelling. Needs b x small
// (the series' terms grow like (1 + x)^b first).
GA_SF_OUTLINE double incbeta_complement_small_a(double a, double b, double x) {
  // log Gamma(a+b) - log Gamma(b) to eps * a: b shifted past 10 by Gamma's recurrence, then Stirling.
  double log_ratio = 0.0, shifted = b;
  while (shifted < 10.0) {
    log_ratio -= log1p(a / shifted);
    shifted += 1.0;
  }
  log_ratio -= lgamma_difference(a, shifted);
  const double log_u = a * log(x) + log_ratio - lgamma1p_small(a);
  double term = 1.0, sum = 0.0;
  for (int n = 1; n < 500; ++n) {
    term *= (n - b) * x / n;
    const double add = term / (a + n);
    sum += add;
    if (fabs(add) < 1e-17 * fabs(sum) || term == 0) break;
  }
  return -expm1(log_u) - exp(log_u) * a * sum;
}

// I_x(a, b) (complement false) or 1 - I_x(a, b) (complement true), y = 1 - x.
GA_SF_OUTLINE double incbeta(double a, double b, double x, double y, bool complement) {
  if (a != a || b != b || x != x || y != y) return nan();
  if (a < 0 || b < 0 || x < 0 || x > 1 || (a == 0 && b == 0)) return nan();
  double lower;  // I_x(a, b) at the edges (SciPy's values)
  if (x == 0) {
    lower = 0.0;
  } else if (y == 0 || a == 0 || isinf(b)) {  // y, not x: x may round to 1 where y = 1 - x does not vanish
    lower = 1.0;
  } else if (b == 0 || isinf(a)) {
    lower = 0.0;
  } else {
    // I_u(p, q) on the side where the fraction converges fast: I_x(a, b), or 1 - I_x(a, b) when flipped.
    const bool flip = x > (a + 1.0) / (a + b + 2.0);
    const double p = flip ? b : a, q = flip ? a : b, u = flip ? y : x, v = flip ? x : y;
    const double tail = beta_power_factor(p, q, u, v) * incbeta_fraction(p, q, u) / p;
    // 1 - tail, without the cancellation when tail is near 1: the other side's
    // fraction where it converges fast too, else the small-p series.
    double rest = 1.0 - tail;
    if (tail > 0.5) {
      if (v < (q + 1.0) / (p + q + 2.0))
        rest = beta_power_factor(q, p, v, u) * incbeta_fraction(q, p, v) / q;
      else if (p < 0.2 && u < 0.5 && q * u < 5.0)
        rest = incbeta_complement_small_a(p, q, u);
    }
    const double below = flip ? rest : tail, above = flip ? tail : rest;  // I_x(a, b) and 1 - I_x(a, b)
    return complement ? above : below;
  }
  return complement ? 1.0 - lower : lower;
}

}  // namespace detail

GA_SF double betainc(double a, double b, double x) { return detail::incbeta(a, b, x, 1.0 - x, false); }
GA_SF double betaincc(double a, double b, double x) { return detail::incbeta(a, b, x, 1.0 - x, true); }

}  // namespace special
}  // namespace ga
