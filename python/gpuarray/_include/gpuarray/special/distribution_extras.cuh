// SPDX-License-Identifier: BSD-3-Clause
// More of scipy.special's distribution functions: the noncentral chi-square
// distribution function chndtr (and its complement, for the inverses), the
// one-sided Kolmogorov-Smirnov distribution smirnov, Tukey's lambda
// distribution function tklmbda, and the normal distribution's mean and
// standard deviation from a quantile (nrdtrimn, nrdtrisd).
// chndtr is the Poisson mixture sum_j e^(-nc/2) (nc/2)^j / j! P(df/2 + j, x/2)
// summed outward from the Poisson mode until the weights (log-space, so
// nothing underflows on the way) drop below 1e-17 of the sum. smirnov is the
// Birnbaum-Tingey sum d sum_j C(n, j) (1 - d - j/n)^(n-j) (d + j/n)^(j-1) of
// positive terms, each in logarithms. tklmbda solves the quantile function
// (p^l - (1-p)^l) / l = x for p by bisection safeguarding Newton's method
// (the logistic function at l = 0).
#pragma once
#include "gpuarray/special/error.cuh"
#include "gpuarray/special/gamma.cuh"

namespace ga {
namespace special {
namespace detail {

// P (lower) or Q (upper) of the noncentral chi-square with df degrees of freedom and noncentrality nc at x
GA_SF_OUTLINE double noncentral_chi2(double x, double df, double nc, bool upper) {
  const double y = 0.5 * x, h = 0.5 * nc;
  if (h == 0) return upper ? gammaincc(0.5 * df, y) : gammainc(0.5 * df, y);
  const double mode = floor(h);
  double sum = 0.0;
  // upward from the mode, then downward; log weights: -h + j log h - lgamma(j + 1)
  for (int direction = 0; direction < 2; ++direction) {
    for (double j = direction == 0 ? mode : mode - 1.0; j >= 0; j += direction == 0 ? 1.0 : -1.0) {
      const double weight = exp(-h + j * log(h) - lgamma(j + 1.0));
      const double a = 0.5 * df + j;
      const double term = weight * (upper ? gammaincc(a, y) : gammainc(a, y));
      sum += term;
      // past the mode the weights fall geometrically: stop when one is negligible
      if (weight < 1e-17 * sum || (weight < 1e-300 && j != mode)) break;
      if (direction == 0 && j - mode > 1e7) break;
    }
  }
  return sum;
}

}  // namespace detail

GA_SF double chndtr(double x, double df, double nc) {
  if (x != x || df != df || nc != nc) return x + df + nc;
  if (x >= 0 && df == 0 && nc == 0) return 1.0;  // all mass at 0 (SciPy's value; df = 0 with nc > 0 is NaN)
  if (x < 0 || df <= 0 || nc < 0 || isinf(df) || isinf(nc)) return detail::nan();
  if (isinf(x)) return 1.0;
  return fmin(1.0, detail::noncentral_chi2(x, df, nc, false));
}

// P(D_n^+ >= d), the one-sided Kolmogorov-Smirnov statistic of n samples (n truncated to an integer)
GA_SF_OUTLINE double smirnov(double n, double d) {
  if (n != n || d != d) return n + d;
  n = trunc(n);
  if (n < 1 || d < 0 || d > 1 || isinf(n)) return detail::nan();
  if (d == 0) return 1.0;
  if (d == 1) return 0.0;
  const double last = floor(n * (1.0 - d));
  double sum = 0.0;
  const double lgn = lgamma(n + 1.0);
  for (double j = 0; j <= last; j += 1.0) {
    const double a = 1.0 - d - j / n;  // > 0 but at the last j of an exact n (1 - d)
    if (a <= 0) {
      if (n - j == 0) sum += exp(lgn - lgamma(j + 1.0) + (j - 1.0) * log(d + j / n));
      continue;
    }
    sum += exp(lgn - lgamma(j + 1.0) - lgamma(n - j + 1.0) + (n - j) * log(a) + (j - 1.0) * log(d + j / n));
  }
  return fmin(1.0, d * sum);
}

// 1 - smirnov(n, d): by Abel's identity the rest of the Birnbaum-Tingey sum, j > n (1 - d), whose terms
// alternate in sign (about n d of them): taken where there are one or two (d below 2/n), where 1 - smirnov
// would cancel. Else 1 - smirnov.
GA_SF_OUTLINE double smirnov_complement(double n, double d) {
  n = trunc(n);
  const double first = floor(n * (1.0 - d)) + 1.0;
  if (!(n - first < 2) || d <= 0 || d >= 1) return 1.0 - smirnov(n, d);  // two terms at most: no cancellation
  const double lgn = lgamma(n + 1.0);
  double sum = 0.0;
  for (double j = first; j <= n; j += 1.0) {
    const double a = 1.0 - d - j / n;  // < 0
    const double magnitude = exp(lgn - lgamma(j + 1.0) - lgamma(n - j + 1.0) + (n - j) * log(fabs(a)) +
                                 (j - 1.0) * log(d + j / n));
    sum += fmod(n - j, 2.0) == 0 ? magnitude : -magnitude;
  }
  return d * sum;
}

// Tukey's lambda distribution function at x
GA_SF_OUTLINE double tklmbda(double x, double lmbda) {
  if (x != x || lmbda != lmbda) return x + lmbda;
  if (lmbda == 0) return 1.0 / (1.0 + exp(-x));
  if (lmbda > 0) {  // support [-1/l, 1/l]
    if (x >= 1.0 / lmbda) return 1.0;
    if (x <= -1.0 / lmbda) return 0.0;
  }
  if (isinf(x)) return x > 0 ? 1.0 : 0.0;
  // Q(p) = (p^l - (1-p)^l) / l increases from Q(0) to Q(1); Q(1/2) = 0
  double lo = 0.0, hi = 1.0, p = 0.5;
  for (int i = 0; i < 200; ++i) {
    const double q = (pow(p, lmbda) - pow(1.0 - p, lmbda)) / lmbda;
    if (q == x) return p;
    if (q < x) lo = p; else hi = p;
    const double slope = pow(p, lmbda - 1.0) + pow(1.0 - p, lmbda - 1.0);  // Q'(p)
    double next = p - (q - x) / slope;
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    if (next == p || hi - lo <= 1e-17 * fmax(hi, 1e-300)) return next;
    p = next;
  }
  return p;
}

// The normal mean with ndtr((x - mn) / std) = p, and the standard deviation with ndtr((x - mn) / std) = p.
GA_SF double nrdtrimn(double p, double std, double x) {
  if (p != p || std != std || x != x) return p + std + x;
  if (!(p > 0 && p < 1) || !(std > 0)) return detail::nan();
  return x - std * ndtri(p);
}
GA_SF double nrdtrisd(double mn, double p, double x) {
  if (p != p || mn != mn || x != x) return p + mn + x;
  if (!(p > 0 && p < 1)) return detail::nan();
  if (p == 0.5) return x == mn ? detail::nan() : copysign(detail::inf(), x - mn);  // ndtri(1/2) = 0, of either sign
  return (x - mn) / ndtri(p);
}

}  // namespace special
}  // namespace ga
