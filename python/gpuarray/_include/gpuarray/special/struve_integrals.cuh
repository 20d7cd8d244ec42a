// SPDX-License-Identifier: BSD-3-Clause
// Integrals from 0 to x of the Bessel and Struve functions of order 0
// (scipy.special.itj0y0, iti0k0, itstruve0, itmodstruve0).
//
// Method (x > 0; the integrals of the odd J_0 ... are even or odd in x as their integrands are odd or even):
// * int J_0 and int Y_0 by the Struve closed form for a cylinder function C
//   (DLMF 10.22.2 with 11.4.? for Y): int_0^x C_0 = x C_0(x) + (pi x / 2) (C_1(x) H_0(x) - C_0(x) H_1(x));
// * int K_0 by its modified form, x K_0 + (pi x / 2) (K_1 L_0 + K_0 L_1) (all terms positive), and
//   pi/2 for x >= 40 (the rest, int_x^inf K_0 < e^-40, is below half an ulp of pi/2);
// * int I_0 = sum_k (x/2)^(2k) x / ((k!)^2 (2k + 1)) and int L_0 = sum_k (x/2)^(2k+2) / ((k + 1) Gamma(k + 3/2)^2),
//   term by term from the power series (positive terms; inf past their overflow near x = 714);
// * int H_0: the alternating series for x <= 8 (cancelling at most 1e2-fold there), else
//   int Y_0 + int (H_0 - Y_0), the latter from H_0 - Y_0 = (2/pi) int_0^inf e^(-x s) / sqrt(1 + s^2) ds
//   (DLMF 11.5.2): int_0^x (H_0 - Y_0) = (2/pi) int_0^inf (1 - e^(-x s)) / (s sqrt(1 + s^2)) ds, with s = e^w
//   by the trapezoidal rule on the line (both ends decay exponentially in w).
#pragma once

#include "gpuarray/special/bessel.cuh"
#include "gpuarray/special/struve.cuh"

namespace ga {
namespace special {
namespace detail {

constexpr double kHalfPi = 1.570796326794896619231321691639751442;

// sum_k s^k (x/2)^(2k+2) / ((k + 1) Gamma(k + 3/2)^2), s = -1 (int H_0) or 1 (int L_0)
GA_SF_OUTLINE double struve0_integral_series(double x, double s) {
  const double q = 0.25 * x * x;
  double term = q * 4.0 / kPi, sum = term;  // k = 0: (x/2)^2 / Gamma(3/2)^2
  for (int k = 0; k < 5000; ++k) {
    term *= s * q * (k + 1.0) / ((k + 2.0) * (k + 1.5) * (k + 1.5));
    sum += term;
    if (fabs(term) <= 1e-17 * fabs(sum) || isinf(sum)) break;
  }
  return sum;
}

// (2/pi) int_0^inf (1 - e^(-x s)) / (s sqrt(1 + s^2)) ds, s = e^w
GA_SF_OUTLINE double struve0_minus_y0_integral(double x) {
  const double h = 0.125, lo = -log(x) - 40.0, hi = 40.0;
  double sum = 0.0;
  for (double w = lo; w <= hi; w += h) {
    const double s = exp(w);
    sum += -expm1(-x * s) / sqrt(1.0 + s * s);  // (1 - e^(-x s)) / (s sqrt(1 + s^2)) ds, ds = s dw
  }
  return 2.0 / kPi * sum * h;
}

// int_0^x C_0 = x C_0 + (pi x / 2) (C_1 H_0 - C_0 H_1), x > 0
GA_SF double cylinder0_integral(double x, double c0, double c1, double h0, double h1) {
  return x * c0 + 0.5 * kPi * x * (c1 * h0 - c0 * h1);
}

}  // namespace detail

GA_SF void itj0y0(double x, double& j, double& y) {
  if (x != x || isinf(x)) {
    j = y = detail::nan();
    return;
  }
  if (x == 0) {
    j = y = 0.0;
    return;
  }
  const double ax = fabs(x);
  const double h0 = struve(0.0, ax), h1 = struve(1.0, ax);
  j = detail::cylinder0_integral(ax, j0(ax), j1(ax), h0, h1);
  if (x < 0) j = -j;
  y = x < 0 ? detail::nan() : detail::cylinder0_integral(ax, y0(ax), y1(ax), h0, h1);
}

GA_SF void iti0k0(double x, double& i, double& k) {
  if (x != x || x == -detail::inf()) {
    i = k = detail::nan();
    return;
  }
  if (x == detail::inf()) {  // SciPy's
    i = detail::nan();
    k = detail::kHalfPi;
    return;
  }
  if (x == 0) {
    i = k = 0.0;
    return;
  }
  const double ax = fabs(x);
  if (ax > 720.0) {
    i = detail::inf();
  } else {
    const double q = 0.25 * ax * ax;
    double term = ax, sum = ax;
    for (int n = 0; n < 5000; ++n) {
      term *= q / ((n + 1.0) * (n + 1.0)) * (2.0 * n + 1.0) / (2.0 * n + 3.0);
      sum += term;
      if (term <= 1e-17 * sum) break;
    }
    i = sum;
  }
  if (x < 0) {
    i = -i;
    k = detail::nan();
    return;
  }
  k = ax >= 40.0 ? detail::kHalfPi
                 : ax * k0(ax) + 0.5 * detail::kPi * ax * (k1(ax) * modstruve(0.0, ax) + k0(ax) * modstruve(1.0, ax));
}

GA_SF double itstruve0(double x) {
  if (x != x || isinf(x)) return detail::nan();
  const double ax = fabs(x);
  if (ax == 0) return 0.0;
  if (ax <= 8.0) return detail::struve0_integral_series(ax, -1.0);
  const double iy = detail::cylinder0_integral(ax, y0(ax), y1(ax), struve(0.0, ax), struve(1.0, ax));
  return iy + detail::struve0_minus_y0_integral(ax);
}

GA_SF double itmodstruve0(double x) {
  if (x != x || isinf(x)) return detail::nan();
  const double ax = fabs(x);
  if (ax == 0) return 0.0;
  if (ax > 720.0) return detail::inf();
  return detail::struve0_integral_series(ax, 1.0);
}

}  // namespace special
}  // namespace ga
