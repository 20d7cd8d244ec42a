// SPDX-License-Identifier: BSD-3-Clause
// scipy.special's error-function family: erfcx, erfinv, erfcinv, ndtr,
// ndtri, log_ndtr, dawsn (erf and erfc are CUDA's). CUDA's erfcx, erfinv,
// erfcinv, normcdf and normcdfinv on the device; on the host (the accuracy
// tests) this file's own: erfcx from erfc and an asymptotic series, erfinv
// and erfcinv by Halley's iteration on erf/erfc from Giles' single-precision
// approximation (M. Giles, "Approximating the erfinv function", 2010).
#pragma once
#include "gpuarray/special/common.cuh"

namespace ga {
namespace special {
namespace detail {

// exp(x*x) without the rounding of x*x: the low part of the square multiplies in.
GA_SF double exp_square(double x) {
  const double hi = x * x;
  const double lo = fma(x, x, -hi);
  return exp(hi) * (1.0 + lo);
}

GA_SF double erfcx_own(double x) {
  if (x != x) return x;
  if (x < 0) {
    if (x < -26.7) return inf();
    return 2.0 * exp_square(x) - erfcx_own(-x);
  }
  if (x < 25.0) return exp_square(x) * erfc(x);
  if (x > 1e150) return 1.0 / (kSqrtPi * x);
  // 1/(x sqrt(pi)) sum_k (-1)^k (2k-1)!! / (2x^2)^k: nine terms are below 1e-18 here.
  const double r = 1.0 / (2.0 * x * x);
  double term = 1.0, sum = 1.0;
  for (int k = 1; k < 10; ++k) {
    term *= -(2 * k - 1) * r;
    sum += term;
  }
  return sum / (kSqrtPi * x);
}

// Giles' approximation of erfinv(y), written with w = -log((1 - y)(1 + y)).
GA_SF double erfinv_guess(double y, double w) {
  double p;
  if (w < 5.0) {
    w -= 2.5;
    p = 2.81022636e-08;
    p = 3.43273939e-07 + p * w;
    p = -3.5233877e-06 + p * w;
    p = -4.39150654e-06 + p * w;
    p = 0.00021858087 + p * w;
    p = -0.00125372503 + p * w;
    p = -0.00417768164 + p * w;
    p = 0.246640727 + p * w;
    p = 1.50140941 + p * w;
  } else {
    w = sqrt(w) - 3.0;
    p = -0.000200214257;
    p = 0.000100950558 + p * w;
    p = 0.00134934322 + p * w;
    p = -0.00367342844 + p * w;
    p = 0.00573950773 + p * w;
    p = -0.0076224613 + p * w;
    p = 0.00943887047 + p * w;
    p = 1.00167406 + p * w;
    p = 2.83297682 + p * w;
  }
  return p * y;
}

// x with erfc(x) = z, 0 < z <= 0.5 (x >= 0.47): Halley steps on erfc, each
// step's residual scaled by exp(x^2) through erfcx so that nothing underflows.
GA_SF_OUTLINE double erfcinv_small(double z) {
  const double lz = log(z);
  double x;
  if (z > 1e-8) {
    x = erfinv_guess(1.0, -(lz + log(2.0 - z)));
  } else {  // erfc(x) ~ exp(-x^2)/(x sqrt(pi)): x^2 = -log(z) - log(x sqrt(pi))
    x = sqrt(-lz);
    for (int i = 0; i < 3; ++i) x = sqrt(-lz - log(x * kSqrtPi));
  }
  for (int i = 0; i < 8; ++i) {
    // g(x) = erfc(x) - z; g/g' = -(sqrt(pi)/2) (erfcx(x) - z exp(x^2)).
    const double hi = x * x;
    const double lo = fma(x, x, -hi);
    const double dx = -0.5 * kSqrtPi * (erfcx_own(x) - exp(hi + lz) * (1.0 + lo));
    const double step = dx / (1.0 + x * dx);
    x -= step;
    if (fabs(step) <= 1e-17 * x) break;
  }
  return x;
}

// x with erf(x) = y, |y| <= 0.5.
GA_SF double erfinv_central(double y) {
  double x = erfinv_guess(y, -log1p(-y * y));
  for (int i = 0; i < 6; ++i) {
    const double dx = (erf(x) - y) * 0.5 * kSqrtPi * exp_square(x);
    const double step = dx / (1.0 + x * dx);
    x -= step;
    if (fabs(step) <= 1e-17 * fabs(x)) break;
  }
  return x;
}

GA_SF double erfcinv_own(double z) {
  if (!(z >= 0.0 && z <= 2.0)) return nan();
  if (z == 0.0) return inf();
  if (z == 2.0) return -inf();
  if (z <= 0.5) return erfcinv_small(z);
  if (z >= 1.5) return -erfcinv_small(2.0 - z);
  if (z == 1.0) return -0.0;  // SciPy's sign
  return erfinv_central(1.0 - z);
}

GA_SF double erfinv_own(double y) {
  if (!(fabs(y) <= 1.0)) return nan();
  if (fabs(y) <= 0.5) return erfinv_central(y);
  if (fabs(y) == 1.0) return y * inf();
  return y > 0 ? erfcinv_small(1.0 - y) : -erfcinv_small(1.0 + y);
}

}  // namespace detail

#ifdef __CUDACC__
GA_SF double erfcx(double x) { return ::erfcx(x); }
GA_SF float erfcx(float x) { return ::erfcxf(x); }
GA_SF double erfinv(double y) { return ::erfinv(y); }
GA_SF float erfinv(float y) { return ::erfinvf(y); }
// erfcinv(1) is -0 as SciPy's (it negates ndtri(0.5)); CUDA's gives +0.
GA_SF double erfcinv(double z) { return z == 1.0 ? -0.0 : ::erfcinv(z); }
GA_SF float erfcinv(float z) { return z == 1.0f ? -0.0f : ::erfcinvf(z); }
GA_SF double ndtr(double x) { return ::normcdf(x); }
GA_SF float ndtr(float x) { return ::normcdff(x); }
GA_SF double ndtri(double p) { return ::normcdfinv(p); }
GA_SF float ndtri(float p) { return ::normcdfinvf(p); }
#else
GA_SF double erfcx(double x) { return detail::erfcx_own(x); }
GA_SF float erfcx(float x) { return static_cast<float>(detail::erfcx_own(x)); }
GA_SF double erfinv(double y) { return detail::erfinv_own(y); }
GA_SF float erfinv(float y) { return static_cast<float>(detail::erfinv_own(y)); }
GA_SF double erfcinv(double z) { return detail::erfcinv_own(z); }
GA_SF float erfcinv(float z) { return static_cast<float>(detail::erfcinv_own(z)); }
GA_SF double ndtr(double x) { return 0.5 * ::erfc(-x / detail::kSqrt2); }
GA_SF float ndtr(float x) { return static_cast<float>(ndtr(static_cast<double>(x))); }
GA_SF double ndtri(double p) { return -detail::kSqrt2 * detail::erfcinv_own(2.0 * p); }
GA_SF float ndtri(float p) { return static_cast<float>(ndtri(static_cast<double>(p))); }
#endif

// erfc as SciPy's: 0 once -x^2 passes below log of the smallest normal double's
// reach (x > 26.64, where SciPy stops and CUDA's and the C library's go on into
// subnormals); CUDA's erfc (the C library's on the host) elsewhere.
GA_SF double erfc(double x) {
  constexpr double kMaxLog = 7.09782712893383996843e2;  // log(DBL_MAX), SciPy's cut
  return x > 0 && -x * x < -kMaxLog ? 0.0 : ::erfc(x);
}

// log(ndtr(x)) without underflow: through erfcx in the lower tail, log1p in the upper.
GA_SF double log_ndtr(double x) {
  if (x != x) return x;
  if (x > 0.0) return log1p(-0.5 * ::erfc(x / detail::kSqrt2));
  if (x > -1.0) return log(0.5 * ::erfc(-x / detail::kSqrt2));
  const double t = -x / detail::kSqrt2;
  return log(0.5 * erfcx(t)) - 0.5 * x * x;
}

// Dawson's integral exp(-x^2) int_0^x exp(t^2) dt: its Maclaurin series for
// |x| < 0.8, Rybicki's sum (1/sqrt(pi)) sum_{n odd} exp(-(x - n h)^2)/n with
// h = 0.2 (error near exp(-(pi/(2h))^2)) up to 12, the asymptotic series beyond.
GA_SF_OUTLINE double dawsn(double x) {
  if (x != x) return x;
  const double ax = fabs(x);
  double r;
  if (ax < 0.8) {
    const double x2 = 2.0 * ax * ax;
    double term = ax, sum = ax;
    for (int n = 1; n < 40; ++n) {
      term *= -x2 / (2 * n + 1);
      sum += term;
      if (fabs(term) < 1e-17 * sum) break;
    }
    r = sum;
  } else if (ax < 12.0) {
    const double h = 0.2;
    const int center = 2 * static_cast<int>(0.5 * ax / h) + 1;  // odd n nearest below x/h
    double sum = 0.0;
    for (int k = -40; k <= 40; ++k) {
      const int n = center + 2 * k;
      const double d = ax - n * h;
      sum += exp(-d * d) / n;
    }
    r = sum / detail::kSqrtPi;
  } else {
    const double t = 1.0 / (2.0 * ax * ax);
    double term = 1.0, sum = 1.0;
    for (int k = 1; k < 30; ++k) {
      term *= (2 * k - 1) * t;
      sum += term;
      if (term < 1e-17 * sum) break;
    }
    r = sum / (2.0 * ax);
  }
  return x < 0 ? -r : r;
}

GA_SF float log_ndtr(float x) { return static_cast<float>(log_ndtr(static_cast<double>(x))); }
GA_SF float dawsn(float x) { return static_cast<float>(dawsn(static_cast<double>(x))); }

}  // namespace special
}  // namespace ga
