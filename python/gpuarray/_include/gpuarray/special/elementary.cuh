// SPDX-License-Identifier: BSD-3-Clause
// scipy.special's elementary functions: the logistic family (expit, logit,
// log_expit), x log y forms and entropies (xlogy, xlog1py, entr, rel_entr,
// kl_div), Huber losses, Box-Cox transforms, trigonometry in degrees (sindg,
// cosdg, tandg, cotdg, radian), exp10, cosm1 and round. Each is written in
// the form that does not cancel where its naive formula would.
#pragma once
#include "gpuarray/special/common.cuh"

namespace ga {
namespace special {

GA_SF double expit(double x) { return 1.0 / (1.0 + exp(-x)); }
GA_SF float expit(float x) { return 1.0f / (1.0f + expf(-x)); }

// log(p / (1 - p)): 2 atanh(2p - 1) about 1/2 (2p - 1 exact there), else log p - log1p(-p).
GA_SF double logit(double p) {
  if (p > 0.25 && p < 0.75) return 2.0 * atanh(2.0 * p - 1.0);
  return log(p) - log1p(-p);
}
GA_SF float logit(float p) {
  if (p > 0.25f && p < 0.75f) return 2.0f * atanhf(2.0f * p - 1.0f);
  return logf(p) - log1pf(-p);
}

GA_SF double log_expit(double x) { return x >= 0 ? -log1p(exp(-x)) : x - log1p(exp(x)); }
GA_SF float log_expit(float x) { return x >= 0 ? -log1pf(expf(-x)) : x - log1pf(expf(x)); }

GA_SF double xlogy(double x, double y) { return (x == 0 && y == y) ? 0.0 : x * log(y); }
GA_SF double xlog1py(double x, double y) { return (x == 0 && y == y) ? 0.0 : x * log1p(y); }

GA_SF double entr(double x) {
  if (x != x) return x;
  if (x > 0) return -x * log(x);
  return x == 0 ? 0.0 : -detail::inf();
}
GA_SF double rel_entr(double x, double y) {
  if (x != x || y != y) return x + y;
  if (x > 0 && y > 0) return x * log(x / y);
  return (x == 0 && y >= 0) ? 0.0 : detail::inf();
}
GA_SF double kl_div(double x, double y) {
  if (x != x || y != y) return x + y;
  if (x > 0 && y > 0) return x * log(x / y) - x + y;
  return (x == 0 && y >= 0) ? y : detail::inf();
}

GA_SF double huber(double delta, double r) {
  if (delta < 0) return detail::inf();
  if (fabs(r) <= delta) return 0.5 * r * r;
  return delta * (fabs(r) - 0.5 * delta);
}
// delta^2 (sqrt(1 + (r/delta)^2) - 1) without the cancellation for small r/delta.
GA_SF double pseudo_huber(double delta, double r) {
  if (delta < 0) return detail::inf();
  if (delta == 0 || r == 0) return 0.0;
  const double t = r / delta;
  return delta * delta * expm1(0.5 * log1p(t * t));
}

// (x^lmbda - 1) / lmbda = log(x) (1 + lmbda log(x) / 2 + ...): log(x) itself for |lmbda| < 1e-19.
GA_SF double boxcox(double x, double lmbda) {
  if (fabs(lmbda) < 1e-19) return log(x);
  return expm1(lmbda * log(x)) / lmbda;
}
GA_SF double boxcox1p(double x, double lmbda) {
  const double lg = log1p(x);
  if (fabs(lmbda) < 1e-19) return lg;
  return expm1(lmbda * lg) / lmbda;
}
GA_SF double inv_boxcox(double y, double lmbda) {
  if (lmbda == 0) return exp(y);
  return exp(log1p(lmbda * y) / lmbda);
}
GA_SF double inv_boxcox1p(double y, double lmbda) {
  if (lmbda == 0) return expm1(y);
  return expm1(log1p(lmbda * y) / lmbda);
}

// Trigonometry in degrees: the argument is reduced in degrees, where fmod
// and the subtractions from 90 and 180 are exact, to [0, 90], and only then
// converted to radians. SciPy's values at the poles are +inf whatever the
// sign, and at +-inf 0 (SciPy's "total loss of precision" value).  Finite
// arguments are reduced exactly however large (SciPy returns 0 past 1e14).
GA_SF bool degrees_off_range(double x) { return isinf(x); }
namespace detail {
constexpr double kRadiansPerDegree = kPi / 180.0;
}  // namespace detail

GA_SF double sindg(double x) {
  if (degrees_off_range(x)) return 0.0;
  double sign = x < 0 ? -1.0 : 1.0, r = fmod(fabs(x), 360.0);
  if (r >= 180.0) {
    r -= 180.0;
    sign = -sign;
  }
  if (r > 90.0) r = 180.0 - r;
  return sign * (r <= 45.0 ? sin(r * detail::kRadiansPerDegree) : cos((90.0 - r) * detail::kRadiansPerDegree));
}
GA_SF double cosdg(double x) {
  if (degrees_off_range(x)) return 0.0;
  double sign = 1.0, r = fmod(fabs(x), 360.0);
  if (r >= 180.0) {
    r -= 180.0;
    sign = -sign;
  }
  if (r > 90.0) {
    r = 180.0 - r;
    sign = -sign;
  }
  return sign * (r <= 45.0 ? cos(r * detail::kRadiansPerDegree) : sin((90.0 - r) * detail::kRadiansPerDegree));
}
GA_SF double tandg(double x) {
  if (degrees_off_range(x)) return 0.0;
  double sign = x < 0 ? -1.0 : 1.0, r = fmod(fabs(x), 180.0);
  if (r > 90.0) {
    r = 180.0 - r;
    sign = -sign;
  }
  if (r == 90.0) return detail::inf();
  if (r == 45.0) return sign;
  return sign * (r < 45.0 ? tan(r * detail::kRadiansPerDegree) : 1.0 / tan((90.0 - r) * detail::kRadiansPerDegree));
}
GA_SF double cotdg(double x) {
  if (degrees_off_range(x)) return 0.0;
  double sign = x < 0 ? -1.0 : 1.0, r = fmod(fabs(x), 180.0);
  if (r > 90.0) {
    r = 180.0 - r;
    sign = -sign;
  }
  if (r == 0.0) return detail::inf();
  if (r == 45.0) return sign;
  return sign * (r < 45.0 ? 1.0 / tan(r * detail::kRadiansPerDegree) : tan((90.0 - r) * detail::kRadiansPerDegree));
}
GA_SF double radian(double d, double m, double s) { return (d + m / 60.0 + s / 3600.0) * (detail::kPi / 180.0); }

GA_SF double exp10(double x) { return ::exp10(x); }
// 2^x as SciPy's: 0 below x = -1024 (SciPy flushes the subnormals further down),
// CUDA's exp2 (the C library's on the host) elsewhere.
GA_SF double exp2(double x) { return x < -1024.0 ? 0.0 : ::exp2(x); }
// cos(x) - 1 = -2 sin^2(x/2).
GA_SF double cosm1(double x) {
  const double s = sin(0.5 * x);
  return -2.0 * s * s;
}
// (exp(x) - 1) / x, 1 at 0.
GA_SF double exprel(double x) {
  if (x == 0) return 1.0;
  if (fabs(x) < 1e-16) return 1.0 + 0.5 * x;
  if (x > 717.0) return detail::inf();  // exp overflows before x divides it back
  return expm1(x) / x;
}

// Nearest integer, halves to even (SciPy's round).
GA_SF double round(double x) { return rint(x); }

}  // namespace special
}  // namespace ga
