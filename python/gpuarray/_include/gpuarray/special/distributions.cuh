// SPDX-License-Identifier: BSD-3-Clause
// Distribution functions of scipy.special over the incomplete gamma and beta
// functions: binomial (bdtr, bdtrc), negative binomial (nbdtr, nbdtrc), F
// (fdtr, fdtrc), Student's t (stdtr), Poisson (pdtr, pdtrc), chi-square
// (chdtr, chdtrc) and gamma (gdtr, gdtrc). Each passes both x and 1 - x
// where it can form the latter exactly (p and 1 - p of the binomial are
// given, so I_(1-p) takes y = p), and takes SciPy's values off the domain.
#pragma once
#include "gpuarray/special/beta.cuh"
#include "gpuarray/special/error.cuh"
#include "gpuarray/special/gamma.cuh"

namespace ga {
namespace special {

// P(X <= k) for X ~ Binomial(n, p): I_(1-p)(n - k, k + 1); k truncated toward -inf.
GA_SF double bdtr(double k, double n, double p) {
  if (k != k || n != n || p != p) return k + n + p;
  if (p < 0 || p > 1) return detail::nan();
  k = floor(k);
  n = trunc(n);  // SciPy truncates a non-integer n
  if (k < 0 || n < k) return detail::nan();
  if (k == n) return 1.0;
  return detail::incbeta(n - k, k + 1.0, 1.0 - p, p, false);
}
GA_SF double bdtrc(double k, double n, double p) {
  if (k != k || n != n || p != p) return k + n + p;
  if (p < 0 || p > 1) return detail::nan();
  k = floor(k);
  n = trunc(n);
  if (k < 0) return 1.0;
  if (n < k) return detail::nan();
  if (k == n) return 0.0;
  return detail::incbeta(k + 1.0, n - k, p, 1.0 - p, false);
}

// P(X <= k) for the number of failures before the n-th success: I_p(n, k + 1).
GA_SF double nbdtr(double k, double n, double p) {
  if (k != k || n != n || p != p) return k + n + p;
  k = floor(k);
  n = floor(n);
  if (p < 0 || p > 1 || k < 0 || n <= 0) return detail::nan();
  return detail::incbeta(n, k + 1.0, p, 1.0 - p, false);
}
GA_SF double nbdtrc(double k, double n, double p) {
  if (k != k || n != n || p != p) return k + n + p;
  k = floor(k);
  n = floor(n);
  if (p < 0 || p > 1 || k < 0 || n <= 0) return detail::nan();
  return detail::incbeta(k + 1.0, n, 1.0 - p, p, false);
}

// The F distribution function: I_w(dfn/2, dfd/2), w = dfn x / (dfd + dfn x).
GA_SF double fdtr(double dfn, double dfd, double x) {
  if (dfn != dfn || dfd != dfd || x != x) return dfn + dfd + x;
  if (dfn <= 0 || dfd <= 0 || x < 0) return detail::nan();
  if (isinf(x)) return 1.0;
  const double denominator = dfd + dfn * x;
  return detail::incbeta(0.5 * dfn, 0.5 * dfd, dfn * x / denominator, dfd / denominator, false);
}
GA_SF double fdtrc(double dfn, double dfd, double x) {
  if (dfn != dfn || dfd != dfd || x != x) return dfn + dfd + x;
  if (dfn <= 0 || dfd <= 0 || x < 0) return detail::nan();
  if (isinf(x)) return 0.0;
  const double denominator = dfd + dfn * x;
  return detail::incbeta(0.5 * dfn, 0.5 * dfd, dfn * x / denominator, dfd / denominator, true);
}

// Student's t distribution function: 1/2 I_(df/(df+t^2))(df/2, 1/2) below 0; the normal's for df = inf.
GA_SF double stdtr(double df, double t) {
  if (df != df || t != t) return df + t;
  if (df <= 0) return detail::nan();
  if (isinf(df)) return ndtr(t);
  if (isinf(t)) return t > 0 ? 1.0 : 0.0;
  if (t == 0) return 0.5;
  const double at = fabs(t);
  double x, y;  // df / (df + t^2) and its complement, without t^2's overflow
  if (at > 1e150) {
    x = df / at / at;
    y = 1.0;
  } else {
    const double t2 = t * t, denominator = df + t2;
    x = df / denominator;
    y = t2 / denominator;
  }
  const double tail = 0.5 * detail::incbeta(0.5 * df, 0.5, x, y, false);
  return t < 0 ? tail : 1.0 - tail;
}

// P(X <= k) for X ~ Poisson(m): Q(k + 1, m); k truncated toward -inf.
GA_SF double pdtr(double k, double m) {
  if (k != k || m != m) return k + m;
  if (k < 0 || m < 0) return detail::nan();
  if (m == 0 || isinf(k)) return 1.0;
  return gammaincc(floor(k) + 1.0, m);
}
GA_SF double pdtrc(double k, double m) {
  if (k != k || m != m) return k + m;
  if (k < 0 || m < 0) return detail::nan();
  if (m == 0 || isinf(k)) return 0.0;
  return gammainc(floor(k) + 1.0, m);
}

// The chi-square distribution function with v degrees of freedom: P(v/2, x/2).
GA_SF double chdtr(double v, double x) {
  if (v != v || x != x) return v + x;
  if (x < 0 || v < 0) return detail::nan();
  return gammainc(0.5 * v, 0.5 * x);
}
GA_SF double chdtrc(double v, double x) {
  if (v != v || x != x) return v + x;
  if (x < 0 || v < 0) return detail::nan();
  return gammaincc(0.5 * v, 0.5 * x);
}

// The gamma distribution function of rate a and shape b: P(b, a x).
GA_SF double gdtr(double a, double b, double x) {
  if (a != a || b != b || x != x) return a + b + x;
  if (x < 0 || a < 0 || b < 0) return detail::nan();
  return gammainc(b, a * x);
}
GA_SF double gdtrc(double a, double b, double x) {
  if (a != a || b != b || x != x) return a + b + x;
  if (x < 0 || a < 0 || b < 0) return detail::nan();
  return gammaincc(b, a * x);
}

// The Kolmogorov distribution's survival function P(sqrt(n) D_n > y) as n -> inf:
// 2 sum_k (-1)^(k-1) exp(-2 k^2 y^2) from y = 1 on, else 1 minus the
// distribution function's theta series sqrt(2 pi)/y sum_k exp(-(2k-1)^2 pi^2 / (8 y^2)).
GA_SF double kolmogorov(double y) {
  if (y != y) return y;
  if (y <= 0) return 1.0;
  if (isinf(y)) return 0.0;
  if (y >= 1.0) {
    double sum = 0.0, sign = 1.0;
    for (int k = 1; k < 50; ++k) {
      const double term = exp(-2.0 * k * k * y * y);
      sum += sign * term;
      sign = -sign;
      if (term < 1e-17 * sum) break;
    }
    return 2.0 * sum;
  }
  const double w = detail::kPi * detail::kPi / (8.0 * y * y);
  double sum = 0.0;
  for (int k = 1; k < 50; ++k) {
    const double term = exp(-(2.0 * k - 1) * (2.0 * k - 1) * w);
    sum += term;
    if (term < 1e-17 * sum) break;
  }
  return 1.0 - sqrt(2.0 * detail::kPi) / y * sum;
}

}  // namespace special
}  // namespace ga
