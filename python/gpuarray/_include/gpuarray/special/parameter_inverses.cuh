// SPDX-License-Identifier: BSD-3-Clause
// The distribution functions solved for a parameter (scipy.special's
// CDFLIB-style inverses): gdtria, gdtrix (closed forms over gammaincinv),
// gdtrib, chdtriv, pdtrik, bdtrik, bdtrin, nbdtrik, nbdtrin, stdtridf,
// btdtria, btdtrib, and kolmogi, smirnovi, chndtrix, chndtridf, chndtrinc.
// Each distribution function is monotone in the parameter;
// the root is bracketed by doubling from a first guess, then found by the
// Illinois variant of regula falsi (in the logarithm of the parameter where
// the bracket spans decades), bisecting when a step stalls, to a relative
// width of a few ulp. The equation solved is F = p or 1 - F = 1 - p,
// whichever probability is smaller, so that the target keeps its digits.
#pragma once
#include "gpuarray/special/beta.cuh"
#include "gpuarray/special/distribution_extras.cuh"
#include "gpuarray/special/distributions.cuh"
#include "gpuarray/special/gamma.cuh"
#include "gpuarray/special/quantiles.cuh"

namespace ga {
namespace special {
namespace detail {

enum ParameterCdf {
  kGammaShape,       // P(t, u), u = a: gdtrib (u = a x), chdtriv (t = v / 2, u = x / 2)
  kPoissonCount,     // Q(t + 1, u): pdtrik, t = k
  kBinomialCount,    // I_(1-p)(n - t, t + 1), u = n, w = p: bdtrik
  kBinomialTrials,   // I_(1-p)(t - k, k + 1), u = k, w = p: bdtrin
  kNegBinomCount,    // I_p(n, t + 1), u = n, w = p: nbdtrik
  kNegBinomTrials,   // I_p(t, k + 1), u = k, w = p: nbdtrin
  kStudentDf,        // stdtr(t, u)
  kBetaA,            // I_w(t, u): btdtria
  kBetaB,            // I_w(u, t): btdtrib
  kKolmogorov,       // kolmogorov(t): kolmogi
  kSmirnov,          // smirnov(u, t): smirnovi
  kNoncentralX,      // chndtr(t, u, w): chndtrix
  kNoncentralDf,     // chndtr(u, t, w): chndtridf
  kNoncentralNc,     // chndtr(u, w, t): chndtrinc
};

// 1 - kolmogorov(y): for y < 1 the theta series sqrt(2 pi) / y sum_k exp(-(2k-1)^2 pi^2 / (8 y^2)) (no cancellation)
GA_SF double kolmogorov_cdf(double y) {
  if (y >= 1.0) return 1.0 - kolmogorov(y);
  if (y <= 0) return 0.0;
  const double c = -kPi * kPi / (8.0 * y * y);
  double sum = 0.0;
  for (int k = 1; k < 20; ++k) {
    const double term = exp(c * (2.0 * k - 1.0) * (2.0 * k - 1.0));
    sum += term;
    if (term < 1e-17 * sum) break;
  }
  return sqrt(2.0 * kPi) / y * sum;
}

// The distribution function (or its complement) at parameter t.
GA_SF_OUTLINE double parameter_cdf(int kind, double t, double u, double w, bool complement) {
  switch (kind) {
    case kGammaShape: return complement ? gammaincc(t, u) : gammainc(t, u);
    case kPoissonCount: return complement ? gammainc(t + 1.0, u) : gammaincc(t + 1.0, u);
    case kBinomialCount: return incbeta(u - t, t + 1.0, 1.0 - w, w, complement);
    case kBinomialTrials: return incbeta(t - u, u + 1.0, 1.0 - w, w, complement);
    case kNegBinomCount: return incbeta(u, t + 1.0, w, 1.0 - w, complement);
    case kNegBinomTrials: return incbeta(t, u + 1.0, w, 1.0 - w, complement);
    case kStudentDf: return complement ? stdtr(t, -u) : stdtr(t, u);
    case kBetaA: return incbeta(t, u, w, 1.0 - w, complement);
    case kBetaB: return incbeta(u, t, w, 1.0 - w, complement);
    case kKolmogorov: return complement ? kolmogorov_cdf(t) : kolmogorov(t);
    case kSmirnov: return complement ? smirnov_complement(u, t) : smirnov(u, t);
    case kNoncentralX: return noncentral_chi2(t, u, w, complement);
    case kNoncentralDf: return noncentral_chi2(u, t, w, complement);
    default: return noncentral_chi2(u, w, t, complement);  // kNoncentralNc
  }
}

// t in [lo, hi] with F(t) = p, F increasing in t when `increasing`; `guess`
// inside. The ends' values are the limits of F there; a p beyond them has no
// root: the end it lies past is returned.
GA_SF_OUTLINE double solve_parameter(int kind, double u, double w, double p, bool increasing, double lo, double hi,
                                     double guess) {
  const bool complement = p > 0.5;
  const double target = complement ? 1.0 - p : p;
  // g(t) = F(t) - p, increasing in t after the sign flip
  auto g = [&](double t) {
    const double value = parameter_cdf(kind, t, u, w, complement);
    const double d = complement ? target - value : value - target;
    return increasing ? d : -d;
  };
  // a root at the lower end (F(lo) = p: a count of 0, say) is returned exactly
  if (lo > 0 || (lo == 0 && kind != kStudentDf && kind != kGammaShape && kind != kBetaA && kind != kBetaB &&
                  kind != kKolmogorov && kind != kNoncentralDf)) {
    if (g(lo) >= 0) return lo;
  }
  double t = guess, gt = g(t);
  if (gt == 0) return t;
  double a, b, ga_, gb;  // the bracket, g(a) < 0 < g(b)
  if (gt < 0) {
    a = t; ga_ = gt;
    b = t; gb = gt;
    for (int i = 0; i < 2100 && gb < 0; ++i) {
      a = b; ga_ = gb;
      b = isinf(hi) ? (b < 1.0 ? b + 1.0 : 2.0 * b) : (b + hi) * 0.5;
      if (b >= hi || (!isinf(hi) && hi - b <= 1e-16 * hi)) return hi;
      gb = g(b);
      if (gb != gb) return nan();
    }
    if (gb < 0) return hi;
  } else {
    b = t; gb = gt;
    a = t; ga_ = gt;
    for (int i = 0; i < 2100 && ga_ > 0; ++i) {
      b = a; gb = ga_;
      a = lo + 0.5 * (a - lo);
      if (a <= lo || a - lo <= fmax(1e-16 * lo, 1e-300)) return lo;
      ga_ = g(a);
      if (ga_ != ga_) return nan();
    }
    if (ga_ > 0) return lo;
  }
  if (ga_ == 0) return a;
  if (gb == 0) return b;
  // Illinois regula falsi in log t (the bracket may span decades), bisection when it stalls
  int side = 0;
  for (int i = 0; i < 400; ++i) {
    const bool logs = a > 0 && b > 2.0 * a;
    const double xa = logs ? log(a) : a, xb = logs ? log(b) : b;
    double xm = xb - gb * (xb - xa) / (gb - ga_);
    if (!(xm > xa && xm < xb) || i % 8 == 7) xm = 0.5 * (xa + xb);
    const double m = logs ? exp(xm) : xm;
    if (!(m > a && m < b)) break;
    const double gm = g(m);
    if (gm != gm) return nan();
    if (gm == 0) return m;
    if (gm < 0) {
      a = m; ga_ = gm;
      if (side == -1) gb *= 0.5;
      side = -1;
    } else {
      b = m; gb = gm;
      if (side == 1) ga_ *= 0.5;
      side = 1;
    }
    if (b - a <= 4e-16 * b) break;
  }
  return fabs(ga_) < fabs(gb) ? a : b;
}

GA_SF bool bad_probability(double p) { return !(p >= 0 && p <= 1); }

}  // namespace detail

// The gamma distribution's rate a with gdtr(a, b, x) = p, and its quantile x.
GA_SF double gdtria(double p, double b, double x) {
  if (p != p || b != b || x != x) return p + b + x;
  if (detail::bad_probability(p) || b <= 0 || x < 0) return detail::nan();
  return gammaincinv(b, p) / x;
}
GA_SF double gdtrix(double a, double b, double p) {
  if (p != p || b != b || a != a) return p + b + a;
  if (detail::bad_probability(p) || b <= 0 || a <= 0) return detail::nan();
  return gammaincinv(b, p) / a;
}

// The gamma distribution's shape b with gdtr(a, b, x) = p.
GA_SF double gdtrib(double a, double p, double x) {
  if (a != a || p != p || x != x) return a + p + x;
  if (detail::bad_probability(p) || a <= 0 || x < 0 || isinf(x)) return detail::nan();
  if (x == 0) return 0.0;
  if (p == 0) return detail::inf();
  if (p == 1) return 0.0;
  return detail::solve_parameter(detail::kGammaShape, a * x, 0, p, false, 0.0, detail::inf(), fmax(a * x, 1e-3));
}

// The chi-square degrees of freedom v with chdtr(v, x) = p.
GA_SF double chdtriv(double p, double x) {
  if (p != p || x != x) return p + x;
  if (detail::bad_probability(p) || x <= 0 || isinf(x)) return detail::nan();
  if (p == 0) return detail::inf();
  if (p == 1) return 0.0;
  return 2.0 * detail::solve_parameter(detail::kGammaShape, 0.5 * x, 0, p, false, 0.0, detail::inf(),
                                       fmax(0.5 * x, 1e-3));
}

// The Poisson count k (real) with pdtr(k, m) = p.
GA_SF double pdtrik(double p, double m) {
  if (p != p || m != m) return p + m;
  if (detail::bad_probability(p) || m < 0 || isinf(m)) return detail::nan();
  if (m == 0) return 0.0;
  if (p == 1) return detail::nan();
  return detail::solve_parameter(detail::kPoissonCount, m, 0, p, true, 0.0, detail::inf(), fmax(m, 1.0));
}

// The binomial count k (real) with bdtr(k, n, p) = y, and the trials n with bdtr(k, n, p) = y.
GA_SF double bdtrik(double y, double n, double p) {
  if (y != y || n != n || p != p) return y + n + p;
  if (detail::bad_probability(y) || detail::bad_probability(p) || n < 0 || isinf(n)) return detail::nan();
  if (p == 0 || y == 1) return n;
  if (p == 1 || y == 0) return 0.0;
  return detail::solve_parameter(detail::kBinomialCount, n, p, y, true, 0.0, n, fmin(n * p, 0.5 * n));
}
GA_SF double bdtrin(double k, double y, double p) {
  if (k != k || y != y || p != p) return k + y + p;
  if (detail::bad_probability(y) || detail::bad_probability(p) || k < 0 || isinf(k)) return detail::nan();
  if (y == 0) return detail::inf();
  if (y == 1 || p == 0) return k;
  return detail::solve_parameter(detail::kBinomialTrials, k, p, y, false, k, detail::inf(), k + 1.0 + k / p);
}

// The negative binomial count k (real) with nbdtr(k, n, p) = y, and the successes n.
GA_SF double nbdtrik(double y, double n, double p) {
  if (y != y || n != n || p != p) return y + n + p;
  if (detail::bad_probability(y) || detail::bad_probability(p) || n <= 0 || isinf(n)) return detail::nan();
  if (y == 0 || p == 1) return 0.0;
  if (y == 1 || p == 0) return detail::inf();
  return detail::solve_parameter(detail::kNegBinomCount, n, p, y, true, 0.0, detail::inf(),
                                 fmax(n * (1.0 - p) / p, 1.0));
}
GA_SF double nbdtrin(double k, double y, double p) {
  if (k != k || y != y || p != p) return k + y + p;
  if (detail::bad_probability(y) || detail::bad_probability(p) || k < 0 || isinf(k)) return detail::nan();
  if (y == 1 || p == 1) return 0.0;
  if (y == 0 || p == 0) return detail::inf();
  return detail::solve_parameter(detail::kNegBinomTrials, k, p, y, false, 0.0, detail::inf(),
                                 fmax((k + 1.0) * p / (1.0 - p), 1.0));
}

// Student's t degrees of freedom df with stdtr(df, t) = p (a root exists for p between 1/2 and ndtr(t)).
GA_SF double stdtridf(double p, double t) {
  if (p != p || t != t) return p + t;
  if (detail::bad_probability(p) || isinf(t)) return detail::nan();
  // stdtr(df, t) runs from 1/2 (df -> 0) to ndtr(t) (df -> inf): no root outside
  const double limit = ndtr(t);
  if (t == 0 || !(t > 0 ? (p > 0.5 && p < limit) : (p < 0.5 && p > limit))) return detail::nan();
  return detail::solve_parameter(detail::kStudentDf, t, 0, p, t > 0, 0.0, detail::inf(), 1.0);
}

// The beta shapes: a with betainc(a, b, x) = p, and b with betainc(a, b, x) = p.
GA_SF double btdtria(double p, double b, double x) {
  if (p != p || b != b || x != x) return p + b + x;
  if (detail::bad_probability(p) || b <= 0 || isinf(b) || x < 0 || x > 1) return detail::nan();
  if (p == 0 || x == 0) return detail::inf();
  if (p == 1 || x == 1) return 0.0;
  return detail::solve_parameter(detail::kBetaA, b, x, p, false, 0.0, detail::inf(), 1.0);
}
GA_SF double btdtrib(double a, double p, double x) {
  if (a != a || p != p || x != x) return a + p + x;
  if (detail::bad_probability(p) || a <= 0 || isinf(a) || x < 0 || x > 1) return detail::nan();
  if (p == 0 || x == 1) return 0.0;
  if (p == 1 || x == 0) return detail::inf();
  return detail::solve_parameter(detail::kBetaB, a, x, p, true, 0.0, detail::inf(), 1.0);
}

// The Kolmogorov distribution's y with kolmogorov(y) = p, and the one-sided statistic's d with smirnov(n, d) = p.
GA_SF double kolmogi(double p) {
  if (p != p) return p;
  if (detail::bad_probability(p)) return detail::nan();
  if (p == 0) return detail::inf();
  if (p == 1) return 0.0;
  return detail::solve_parameter(detail::kKolmogorov, 0, 0, p, false, 0.0, detail::inf(), 1.0);
}
GA_SF double smirnovi(double n, double p) {
  if (n != n || p != p) return n + p;
  n = trunc(n);
  if (detail::bad_probability(p) || n < 1 || isinf(n)) return detail::nan();
  if (p == 0) return 1.0;
  if (p == 1) return 0.0;
  return detail::solve_parameter(detail::kSmirnov, n, 0, p, false, 0.0, 1.0, fmin(0.5, sqrt(-0.5 * log(p) / n)));
}

// The noncentral chi-square's quantile x, degrees of freedom df and noncentrality nc with chndtr(x, df, nc) = p.
GA_SF double chndtrix(double p, double df, double nc) {
  if (p != p || df != df || nc != nc) return p + df + nc;
  if (detail::bad_probability(p) || df <= 0 || nc < 0 || isinf(df) || isinf(nc)) return detail::nan();
  if (p == 0) return 0.0;
  if (p == 1) return detail::inf();
  return detail::solve_parameter(detail::kNoncentralX, df, nc, p, true, 0.0, detail::inf(), df + nc);
}
GA_SF double chndtridf(double x, double p, double nc) {
  if (p != p || x != x || nc != nc) return p + x + nc;
  if (detail::bad_probability(p) || x < 0 || nc < 0 || isinf(x) || isinf(nc)) return detail::nan();
  return detail::solve_parameter(detail::kNoncentralDf, x, nc, p, false, 0.0, detail::inf(), fmax(x - nc, 1.0));
}
GA_SF double chndtrinc(double x, double df, double p) {
  if (p != p || x != x || df != df) return p + x + df;
  if (detail::bad_probability(p) || x < 0 || df <= 0 || isinf(x) || isinf(df)) return detail::nan();
  // nc = 0 gives the largest probability: below p there is no root, and 0 is the nearest (SciPy's answer too)
  if (detail::noncentral_chi2(x, df, 0.0, false) < p) return 0.0;
  return detail::solve_parameter(detail::kNoncentralNc, x, df, p, false, 0.0, detail::inf(), fmax(x - df, 1.0));
}

}  // namespace special
}  // namespace ga
