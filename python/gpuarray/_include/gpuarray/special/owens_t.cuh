// SPDX-License-Identifier: BSD-3-Clause
// Owen's T function T(h, a) = (1/2pi) int_0^a exp(-h^2 (1 + x^2) / 2) / (1 + x^2) dx.
// For |a| <= 1 the integral itself, with exp(-h^2 / 2) taken out (the rest
// of the integrand lies in (0, 1], so the result keeps its relative accuracy
// far into the tail), by 20-point Gauss-Legendre on panels of width at most
// 1 / |h| up to where exp(-h^2 x^2 / 2) is below the ulp (x = 9 / |h|).
// For |a| > 1 the reflection T(h, a) = Q(h)/2 + Q(a h)/2 - Q(h) Q(a h) -
// T(a h, 1/a) (h >= 0, Q the normal upper tail), all its terms positive but
// the last; T is even in h and odd in a; T(0, a) = atan(a) / (2 pi).
#pragma once
#include "gpuarray/special/error.cuh"

namespace ga {
namespace special {
namespace detail {

// the positive half of the 20-point Gauss-Legendre rule on [-1, 1]
constexpr double kGauss20Nodes[10] = {
    0.07652652113349734, 0.22778585114164507, 0.37370608871541955, 0.5108670019508271, 0.636053680726515,
    0.7463319064601508,  0.8391169718222188,  0.912234428251326,   0.9639719272779138, 0.993128599185095};
constexpr double kGauss20Weights[10] = {
    0.15275338713072628, 0.14917298647260424, 0.1420961093183824,  0.1316886384491769,  0.1181945319615186,
    0.1019301198172407,  0.08327674157670471, 0.06267204833410879, 0.040601429800386446, 0.017614007139150893};

// T(h, a) for h >= 0, 0 <= a <= 1
GA_SF_OUTLINE double owens_t_integral(double h, double a) {
  const double h2 = h * h;
  const double end = h > 0 ? fmin(a, 9.0 / h) : a;
  const int panels = h > 1.0 ? static_cast<int>(ceil(end * h)) : 1;
  const double width = end / panels;
  double sum = 0.0;
  for (int p = 0; p < panels; ++p) {
    const double mid = (p + 0.5) * width, half = 0.5 * width;
    for (int i = 0; i < 10; ++i) {
      for (int s = -1; s <= 1; s += 2) {
        const double x = mid + s * half * kGauss20Nodes[i];
        sum += kGauss20Weights[i] * half * exp(-0.5 * h2 * x * x) / (1.0 + x * x);
      }
    }
  }
  return exp(-0.5 * h2) * sum / (2.0 * kPi);
}

}  // namespace detail

GA_SF_OUTLINE double owens_t(double h, double a) {
  if (h != h || a != a) return h + a;
  const double sign = a < 0 ? -1.0 : 1.0;
  h = fabs(h);
  a = fabs(a);
  if (h == 0) return sign * atan(a) / (2.0 * detail::kPi);
  if (isinf(h)) return 0.0 * sign;
  const double qh = ndtr(-h);
  if (isinf(a)) return sign * 0.5 * qh;
  if (a <= 1.0) return sign * detail::owens_t_integral(h, a);
  const double ah = a * h, qah = ndtr(-ah);
  return sign * (0.5 * qh + 0.5 * qah - qh * qah - detail::owens_t_integral(ah, 1.0 / a));
}

}  // namespace special
}  // namespace ga
