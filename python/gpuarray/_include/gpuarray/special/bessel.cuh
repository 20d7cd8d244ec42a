// SPDX-License-Identifier: BSD-3-Clause
// scipy.special's Bessel functions of real argument: j0, j1, y0, y1 (the C
// library's and CUDA's), the modified i0, i1, k0, k1 with their exponentially
// scaled i0e, i1e, k0e, k1e, and kv, kve of real order. I_0 and I_1 sum their
// power series up to 20 and Hankel's asymptotic series beyond; K_v is the
// integral int_0^inf exp(-x cosh t) cosh(v t) dt by the trapezoidal rule,
// which converges geometrically for this integrand (analytic in a strip about
// the real axis), with the step chosen from x.
#pragma once
#include "gpuarray/special/common.cuh"

namespace ga {
namespace special {
namespace detail {

// I_n(x) e^-x for n = 0, 1 and x >= 0.
GA_SF double bessel_i_scaled(int n, double x) {
  if (x <= 20.0) {
    const double q = 0.25 * x * x;
    double term = n == 0 ? 1.0 : 0.5 * x, sum = term;
    for (int k = 1; k < 200; ++k) {
      term *= q / (k * static_cast<double>(k + n));
      sum += term;
      if (term < 1e-17 * sum) break;
    }
    return sum * exp(-x);
  }
  // Hankel: e^x / sqrt(2 pi x) sum_k (-1)^k prod_{j<=k} (4n^2 - (2j-1)^2) / (k! (8x)^k)
  const double mu = 4.0 * n * n;
  double term = 1.0, sum = 1.0;
  for (int k = 1; k < 60; ++k) {
    const double next = -term * (mu - (2 * k - 1) * (2 * k - 1)) / (8.0 * k * x);
    if (fabs(next) >= fabs(term)) break;
    term = next;
    sum += term;
    if (fabs(term) < 1e-17 * fabs(sum)) break;
  }
  return sum / sqrt(2.0 * kPi * x);
}

// e^(scale x) K_v(x) for x > 0: the trapezoidal rule on
// int_0^inf exp(-x (cosh t - scale)) cosh(v t) dt with cosh t - 1 = 2 sinh^2(t/2).
GA_SF double bessel_k_integral(double v, double x, bool scaled) {
  v = fabs(v);
  // The strip |Im t| < d keeps the integrand within e^10 of its peak, where
  // -x cosh t + v t has curvature x cosh t = sqrt(x^2 + v^2); the step
  // h = 2 pi d / 50 then bounds the rule's error near e^(10 - 50).
  const double d = fmin(1.2, sqrt(20.0 / sqrt(x * x + v * v)));
  const double h = 2.0 * kPi * d / 50.0;
  const double shift = scaled ? 0.0 : x;  // the integrand is exp(-x (cosh t - 1) - shift) cosh(v t)
  double sum = 0.0, peak = 0.0;
  for (int k = 0; k < 100000; ++k) {
    const double t = k * h;
    const double s = sinh(0.5 * t);
    const double e = -2.0 * x * s * s - shift;
    const double value = v == 0 ? exp(e) : 0.5 * (exp(e + v * t) + exp(e - v * t));
    sum += k == 0 ? 0.5 * value : value;
    peak = fmax(peak, value);
    if (value < 1e-18 * peak && x * sinh(t) > v) break;  // past the peak and negligible
  }
  return sum * h;
}

}  // namespace detail

GA_SF double i0e(double x) { return x != x ? x : detail::bessel_i_scaled(0, fabs(x)); }
GA_SF double i1e(double x) { return x != x ? x : (x < 0 ? -1.0 : 1.0) * detail::bessel_i_scaled(1, fabs(x)); }
GA_SF double i0(double x) {
  const double half = exp(0.5 * fabs(x));  // e^|x| in two halves: finite up to the overflow of the result
  return x != x ? x : i0e(x) * half * half;
}
GA_SF double i1(double x) {
  const double half = exp(0.5 * fabs(x));
  return x != x ? x : i1e(x) * half * half;
}

GA_SF double kve(double v, double x) {
  if (x != x || v != v) return x + v;
  if (x < 0) return detail::nan();
  if (x == 0) return detail::inf();
  if (x == detail::inf()) return detail::nan();  // SciPy's value
  if (fabs(v) == detail::inf()) return detail::inf();
  return detail::bessel_k_integral(v, x, true);
}
GA_SF double kv(double v, double x) {
  if (x != x || v != v) return x + v;
  if (x < 0) return detail::nan();
  if (x == 0) return detail::inf();
  if (x == detail::inf()) return 0.0;
  if (fabs(v) == detail::inf()) return detail::inf();
  return detail::bessel_k_integral(v, x, false);
}
GA_SF double k0(double x) { return kv(0.0, x); }
GA_SF double k1(double x) { return kv(1.0, x); }
GA_SF double k0e(double x) { return x == detail::inf() ? 0.0 : kve(0.0, x); }
GA_SF double k1e(double x) { return x == detail::inf() ? 0.0 : kve(1.0, x); }

// Bessel functions of integer order 0 and 1: the C library's and CUDA's, with
// SciPy's values off their domain (Y_n(0) = -inf, Y_n(x < 0) = NaN, NaN at +-inf).
GA_SF double j0(double x) { return isinf(x) ? detail::nan() : ::j0(x); }
GA_SF double j1(double x) { return isinf(x) ? detail::nan() : ::j1(x); }
GA_SF double y0(double x) { return (x < 0 || isinf(x)) ? detail::nan() : x == 0 ? -detail::inf() : ::y0(x); }
GA_SF double y1(double x) { return (x < 0 || isinf(x)) ? detail::nan() : x == 0 ? -detail::inf() : ::y1(x); }

}  // namespace special
}  // namespace ga
