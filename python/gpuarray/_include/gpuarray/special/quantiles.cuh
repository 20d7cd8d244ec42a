// SPDX-License-Identifier: BSD-3-Clause
// Inverses of the incomplete gamma and beta functions (gammaincinv,
// gammainccinv, betaincinv, betainccinv) and the quantile functions over
// them (chdtri, pdtri, bdtri, nbdtri, fdtri, stdtrit), and ndtri_exp. Each
// inverse starts from a classical approximation (Wilson-Hilferty for the
// gamma function, Abramowitz and Stegun 26.5.22 for the beta function, the
// leading terms near 0 otherwise) and takes steps inside a bracket that
// every evaluation narrows: Newton's method on the logarithm
// of the probability (nearly linear in the log of the root where the probability is tiny),
// bisecting geometrically when a step leaves the bracket.
// The equation solved is the one of the smaller probability (P or Q), so
// that the target carries no rounding of 1 - p.
#pragma once
#include "gpuarray/special/beta.cuh"
#include "gpuarray/special/distributions.cuh"
#include "gpuarray/special/error.cuh"
#include "gpuarray/special/gamma.cuh"

namespace ga {
namespace special {
namespace detail {

// The next iterate inside the bracket [lo, hi] (the root lies there): `next`
// if it does, else the bracket's geometric middle (the roots span hundreds
// of decades), its middle near the top, or a jump up while hi is infinite.
GA_SF double keep_in_bracket(double next, double x, double lo, double hi) {
  if (next > lo && next < hi) return next;
  if (isinf(hi)) return 4.0 * x + 1.0;
  if (lo > 0 && hi > 4.0 * lo) return sqrt(lo) * sqrt(hi);
  if (lo == 0) return hi / 16.0;
  return 0.5 * (lo + hi);
}

// u with P(a, u) = p (lower) or Q(a, u) = q (upper): Newton's method on
// log P in log u below (P ~ u^a / Gamma(a+1) there, so nearly linear) and
// on log Q in u above (log Q ~ -u), from Wilson-Hilferty's approximation.
GA_SF_OUTLINE double gamma_inverse(double a, double p, double q) {
  const bool lower = p <= q;
  const double z = lower ? ndtri(p) : -ndtri(q);  // the standard normal quantile of p
  double x = -1.0;
  if (a > 1.0) {
    const double s = 1.0 / (9.0 * a);
    const double c = 1.0 - s + z * sqrt(s);
    x = a * c * c * c;
  }
  if (!(x > 0) || isinf(x)) x = lower ? pow(p * tgamma(a + 1.0), 1.0 / a) : a - log(q);
  if (!(x > 0) || isinf(x)) x = a;
  const double target = log(lower ? p : q);
  double lo = 0.0, hi = inf();
  for (int i = 0; i < 300; ++i) {
    const double density = gamma_power_factor(a, x) * a / x;  // x^(a-1) e^-x / Gamma(a)
    double next;
    if (lower) {  // g(t) = log P(a, e^t) - log p, increasing; g' = x P'(x) / P
      const double value = gammainc(a, x);
      const double g = log(value) - target;
      if (g == 0) return x;
      if (g > 0) hi = x; else lo = x;
      next = exp(log(x) - g / (x * density / value));
    } else {  // g(x) = log q - log Q(a, x), increasing; g' = Q'(x) / Q
      const double value = gammaincc(a, x);
      const double g = target - log(value);
      if (g == 0) return x;
      if (g > 0) hi = x; else lo = x;
      next = x - g / (density / value);
    }
    next = keep_in_bracket(next, x, lo, hi);
    if (fabs(next - x) <= 2e-16 * x || hi < 1e-305) return next;
    x = next;
  }
  return x;
}

// x in (0, 1/2] with I_x(a, b) = p (lower) or 1 - I_x(a, b) = q (upper),
// p + q = 1: Newton's method on the log of the smaller probability in
// log x, from Abramowitz and Stegun 26.5.22 (a, b >= 1) or I's leading term
// x^a / (a B) near 0.
GA_SF_OUTLINE double beta_inverse_small(double a, double b, double p, double q) {
  const bool lower = p <= q;
  double x = -1.0;
  if (a >= 1.0 && b >= 1.0) {
    const double yp = lower ? -ndtri(p) : ndtri(q);  // the upper normal quantile of p
    const double lambda = (yp * yp - 3.0) / 6.0;
    const double h = 2.0 / (1.0 / (2.0 * a - 1.0) + 1.0 / (2.0 * b - 1.0));
    const double w = yp * sqrt(h + lambda) / h -
                     (1.0 / (2.0 * b - 1.0) - 1.0 / (2.0 * a - 1.0)) * (lambda + 5.0 / 6.0 - 2.0 / (3.0 * h));
    x = a / (a + b * exp(2.0 * w));
  }
  if (!(x > 0 && x <= 0.5)) x = exp((log(p) + log(a) + betaln(a, b)) / a);
  if (!(x > 0 && x <= 0.5)) x = 0.25;
  const double target = log(lower ? p : q);
  double lo = 0.0, hi = 0.5;
  for (int i = 0; i < 300; ++i) {
    const double y = 1.0 - x;
    const double value = incbeta(a, b, x, y, !lower);
    const double g = lower ? log(value) - target : target - log(value);  // increasing in x
    if (g == 0) return x;
    if (g > 0) hi = x; else lo = x;
    const double slope = x * (beta_power_factor(a, b, x, y) / (x * y)) / value;  // |d log value / d log x|
    const double next = keep_in_bracket(exp(log(x) - g / slope), x, lo, hi);
    if (fabs(next - x) <= 2e-16 * x || hi < 1e-305) return next;
    x = next;
  }
  return x;
}

// x and 1 - x with I_x(a, b) = p, p + q = 1: solved for x when the root is
// at most 1/2 (I_(1/2)(a, b) >= p), else for 1 - x through
// 1 - I_x(a, b) = I_(1-x)(b, a), so that a root near 0 or near 1 keeps its digits.
GA_SF void beta_inverse_pair(double a, double b, double p, double q, double& x, double& y) {
  const bool root_below_half = p <= q ? incbeta(a, b, 0.5, 0.5, false) >= p : incbeta(a, b, 0.5, 0.5, true) <= q;
  if (root_below_half) {
    x = beta_inverse_small(a, b, p, q);
    y = 1.0 - x;
  } else {
    y = beta_inverse_small(b, a, q, p);
    x = 1.0 - y;
  }
}

GA_SF double beta_inverse(double a, double b, double p, double q) {
  double x, y;
  beta_inverse_pair(a, b, p, q, x, y);
  return x;
}

GA_SF bool probability_off(double p) { return !(p >= 0 && p <= 1); }

}  // namespace detail

GA_SF double gammaincinv(double a, double p) {
  if (a != a || p != p) return a + p;
  if (!(a >= 0) || isinf(a) || detail::probability_off(p)) return detail::nan();
  if (a == 0) return p == 0 ? 0.0 : p == 1 ? detail::inf() : detail::nan();
  if (p == 0) return 0.0;
  if (p == 1) return detail::inf();
  return detail::gamma_inverse(a, p, 1.0 - p);
}
GA_SF double gammainccinv(double a, double q) {
  if (a != a || q != q) return a + q;
  if (!(a >= 0) || isinf(a) || detail::probability_off(q)) return detail::nan();
  if (a == 0) return q == 0 ? detail::inf() : q == 1 ? 0.0 : detail::nan();
  if (q == 0) return detail::inf();
  if (q == 1) return 0.0;
  return detail::gamma_inverse(a, 1.0 - q, q);
}

GA_SF double betaincinv(double a, double b, double p) {
  if (a != a || b != b || p != p) return a + b + p;
  if (!(a > 0 && b > 0) || isinf(a) || isinf(b) || detail::probability_off(p)) return detail::nan();
  if (p == 0) return 0.0;
  if (p == 1) return 1.0;
  return detail::beta_inverse(a, b, p, 1.0 - p);
}
GA_SF double betainccinv(double a, double b, double q) {
  if (a != a || b != b || q != q) return a + b + q;
  if (!(a > 0 && b > 0) || isinf(a) || isinf(b) || detail::probability_off(q)) return detail::nan();
  if (q == 0) return 1.0;
  if (q == 1) return 0.0;
  return detail::beta_inverse(a, b, 1.0 - q, q);
}

// The chi-square quantile of the upper tail: x with chdtrc(v, x) = y.
GA_SF double chdtri(double v, double y) {
  if (v != v || y != y) return v + y;
  if (!(v >= 0) || detail::probability_off(y)) return detail::nan();
  if (v == 0) return y == 0 ? detail::inf() : 0.0;  // SciPy's values
  return 2.0 * gammainccinv(0.5 * v, y);
}

// The Poisson mean m with pdtr(k, m) = y.
GA_SF double pdtri(double k, double y) {
  if (k != k || y != y) return k + y;
  k = floor(k);
  if (k < 0 || !(y >= 0 && y < 1)) return detail::nan();  // SciPy's NaN at y = 1 too
  return gammainccinv(k + 1.0, y);
}

// The binomial p with bdtr(k, n, p) = y: 1 - I_p(k + 1, n - k) = y.
GA_SF double bdtri(double k, double n, double y) {
  if (k != k || n != n || y != y) return k + n + y;
  k = floor(k);
  n = trunc(n);
  if (k < 0 || k >= n) return detail::nan();
  return betainccinv(k + 1.0, n - k, y);
}

// The negative binomial p with nbdtr(k, n, p) = y: I_p(n, k + 1) = y.
GA_SF double nbdtri(double k, double n, double y) {
  if (k != k || n != n || y != y) return k + n + y;
  k = floor(k);
  n = floor(n);
  if (k < 0) return detail::nan();
  if (y == 0 || y == 1) return y;  // SciPy's, before n is checked
  if (n <= 0) return detail::nan();
  return betaincinv(n, k + 1.0, y);
}

// The F quantile: x with fdtr(dfn, dfd, x) = y through w = dfn x / (dfd + dfn x)
// and 1 - w, both from the inverse's own side.
GA_SF double fdtri(double dfn, double dfd, double y) {
  if (dfn != dfn || dfd != dfd || y != y) return dfn + dfd + y;
  if (!(dfn > 0 && dfd > 0) || detail::probability_off(y)) return detail::nan();
  if (y == 0) return 0.0;
  if (y == 1) return detail::inf();
  double w, v;
  detail::beta_inverse_pair(0.5 * dfn, 0.5 * dfd, y, 1.0 - y, w, v);
  return dfd * w / (dfn * v);
}

// Student's t quantile: t with stdtr(df, t) = p (SciPy's inf at p = 0 and p = 1).
GA_SF double stdtrit(double df, double p) {
  if (df != df || p != p) return df + p;
  if (!(df > 0) || detail::probability_off(p)) return detail::nan();
  if (p == 0 || p == 1) return detail::inf();
  if (isinf(df)) return ndtri(p);
  if (p == 0.5) return 0.0;
  if (p > 0.5) return -stdtrit(df, 1.0 - p);
  // 2p = I_x(df/2, 1/2), x = df / (df + t^2): t^2 = df (1 - x) / x
  const double two_p = 2.0 * p;
  // x below 1e-280: its leading term x^a / (a B(a, 1/2)) = 2p in logs (x itself would underflow)
  const double log_x = (log(two_p) + log(0.5 * df) + betaln(0.5 * df, 0.5)) / (0.5 * df);
  if (log_x < -645.0) return -sqrt(df) * exp(-0.5 * log_x);
  double x, v;
  detail::beta_inverse_pair(0.5 * df, 0.5, two_p, 1.0 - two_p, x, v);
  return -sqrt(df * v / x);
}

// ndtri(exp(y)) without exp's underflow: Newton's method on log_ndtr below y = -700.
GA_SF double ndtri_exp(double y) {
  if (y != y) return y;
  if (y > 0) return detail::nan();
  if (y == 0) return detail::inf();
  if (y == -detail::inf()) return -detail::inf();
  if (y > -0.6931471805599453) return -ndtri(-expm1(y));  // exp(y) > 1/2: its complement exactly
  if (y > -700.0) return ndtri(exp(y));
  // log_ndtr(x) ~ -x^2/2 - log(-x sqrt(2 pi)) for x -> -inf
  double x = -sqrt(-2.0 * y - log(-2.0 * y) - log(2.0 * detail::kPi));
  for (int i = 0; i < 20; ++i) {
    const double l = log_ndtr(x);
    // d log_ndtr / dx = phi(x) / Phi(x) = sqrt(2/pi) / erfcx(-x / sqrt(2)), x < -1
    const double slope = sqrt(2.0 / detail::kPi) / erfcx(-x / detail::kSqrt2);
    const double step = (l - y) / slope;
    x -= step;
    if (fabs(step) <= 1e-16 * fabs(x)) break;
  }
  return x;
}

}  // namespace special
}  // namespace ga
