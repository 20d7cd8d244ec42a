// SPDX-License-Identifier: BSD-3-Clause
// Kelvin's functions ber, bei, ker, kei and their derivatives berp, beip, kerp,
// keip (scipy.special's real ufuncs), from the modified Bessel functions of
// z = x e^(i pi/4) (DLMF 10.61.1-2):
//   ber x + i bei x = I_0(z),   ker x + i kei x = K_0(z),
//   ber' x + i bei' x = e^(i pi/4) I_1(z),   ker' x + i kei' x = -e^(i pi/4) K_1(z).
// Method (x >= 0; ber, bei even and berp, beip odd in x; the K's NaN for x < 0):
// * x <= 3: the ascending series (kelvin_series);
// * 3 < x < 40: I_n(z) = (1/pi) int_0^pi e^(z cos t) cos(n t) dt by the trapezoidal
//   rule (periodic and entire: the error is the aliased I_(2N -+ n)(z), below
//   1e-17 of the result with N = 1.5 x + 24 points), and
//   K_n(z) = int_0^inf e^(-z cosh t) cosh(n t) dt by the trapezoidal rule on the
//   line (analytic in |Im t| < pi/4, step 0.08: the error is e^(-2 pi d / h));
// * x >= 40: Hankel's expansions I_n(z) ~ e^z / sqrt(2 pi z) sum (-1)^k a_k(n) / z^k
//   and K_n(z) ~ sqrt(pi / (2 z)) e^-z sum a_k(n) / z^k (DLMF 10.40.1-2; I's
//   other exponential is e^(-sqrt(2) x) smaller), e^(x/sqrt 2) applied in two
//   halves so that ber, bei overflow to a signed inf only where they do.
#pragma once

#include "gpuarray/special/common.cuh"

namespace ga {
namespace special {
namespace detail {

struct KelvinComplex {
  double re, im;
};

GA_SF KelvinComplex kelvin_mul(KelvinComplex a, KelvinComplex b) {
  return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
}

constexpr double kSqrtHalf = 0.707106781186547524400844362104849039;  // cos(pi/4)

// The derivatives' factor: e^(i pi/4) w.
GA_SF KelvinComplex kelvin_rotate(KelvinComplex w) { return {kSqrtHalf * (w.re - w.im), kSqrtHalf * (w.re + w.im)}; }

// cos and sin of x / sqrt(2) + s pi/8 with the phase carried in two parts (x / sqrt 2 to a few ulp
// of itself is not enough past x = 100: cos near its zeros would keep only 1e-11 relative).
GA_SF KelvinComplex kelvin_phase(double x, double s) {
  const double sqrt_half_low = -4.8336466567264565186e-17, pi8 = 0.39269908169872414, pi8_low = 1.5308084989341914715e-17;
  const double hi = kSqrtHalf * x;
  const double lo = fma(kSqrtHalf, x, -hi) + sqrt_half_low * x;
  const double b = s * pi8, sum = hi + b;
  const double bb = sum - hi;
  const double err = (hi - (sum - bb)) + (b - bb);  // Knuth's two-sum: hi + b = sum + err exactly
  const double d = lo + err + s * pi8_low;
  const double c = cos(sum), si = sin(sum);
  return {c - si * d, si + c * d};
}

// sum_k s^k a_k(n) / z^k with a_k(n) = prod_(j<=k) (4 n^2 - (2j - 1)^2) / (k! 8^k), z = x e^(i pi/4),
// s = -1 for I and +1 for K, up to the smallest term.
GA_SF KelvinComplex kelvin_hankel_sum(int n, double x, double s) {
  const double mu = 4.0 * n * n;
  KelvinComplex sum = {1.0, 0.0}, term = {1.0, 0.0};
  const KelvinComplex inv_z = {kSqrtHalf / x, -kSqrtHalf / x};  // 1/z = e^(-i pi/4) / x
  double last = 1.0;
  for (int k = 1; k < 200; ++k) {
    const double factor = s * (mu - (2.0 * k - 1) * (2.0 * k - 1)) / (8.0 * k);
    term = kelvin_mul(term, inv_z);
    term.re *= factor;
    term.im *= factor;
    const double size = fabs(term.re) + fabs(term.im);
    if (size >= last && k > 2) break;
    sum.re += term.re;
    sum.im += term.im;
    last = size;
    if (size < 1e-17) break;
  }
  return sum;
}

// I_0(x e^(i pi/4)), or e^(i pi/4) I_1(x e^(i pi/4)) for n = 1, x > 3.
GA_SF_OUTLINE KelvinComplex kelvin_i(int n, double x) {
  const double a = kSqrtHalf * x;  // z = a + i a
  if (x < 40.0) {
    const int intervals = static_cast<int>(1.5 * x) + 24;
    KelvinComplex sum = {0.0, 0.0};
    for (int k = 0; k <= intervals; ++k) {
      const double t = kPi * k / intervals, c = cos(t);
      const double weight = (k == 0 || k == intervals ? 0.5 : 1.0) * (n == 0 ? 1.0 : cos(n * t));
      const double magnitude = exp(a * c) * weight;  // e^(z cos t) = e^(a c) (cos(a c) + i sin(a c))
      sum.re += magnitude * cos(a * c);
      sum.im += magnitude * sin(a * c);
    }
    const KelvinComplex value = {sum.re / intervals, sum.im / intervals};
    return n == 0 ? value : kelvin_rotate(value);
  }
  // e^z / sqrt(2 pi z): sqrt(z) = sqrt(x) e^(i pi/8)
  const KelvinComplex series = kelvin_hankel_sum(n, x, -1.0);
  const double half = exp(0.5 * a) / sqrt(2.0 * kPi * x);
  const KelvinComplex phase = kelvin_phase(x, -1.0);  // a - pi/8
  KelvinComplex value = kelvin_mul(series, {half * phase.re, half * phase.im});
  if (n == 1) value = kelvin_rotate(value);  // before the last factor, which may overflow
  const double rest = exp(0.5 * a);
  return {value.re * rest, value.im * rest};
}

// K_0(x e^(i pi/4)), or -e^(i pi/4) K_1(x e^(i pi/4)) for n = 1, x > 3.
GA_SF_OUTLINE KelvinComplex kelvin_k(int n, double x) {
  const double a = kSqrtHalf * x;
  if (x < 40.0) {
    const double h = 0.08;
    KelvinComplex sum = {0.0, 0.0};
    for (int k = 0; k < 2000; ++k) {
      const double t = k * h, ch = cosh(t);
      const double weight = (k == 0 ? 0.5 : 1.0) * (n == 0 ? 1.0 : ch);
      const double magnitude = exp(-a * ch) * weight;  // e^(-z cosh t) = e^(-a ch) (cos(a ch) - i sin(a ch))
      sum.re += magnitude * cos(a * ch);
      sum.im -= magnitude * sin(a * ch);
      if (a * (ch - 1.0) > 45.0) break;  // e^-45 of the integrand at t = 0 (with cosh(n t) <= e^t)
    }
    const KelvinComplex value = {sum.re * h, sum.im * h};
    return n == 0 ? value : kelvin_rotate({-value.re, -value.im});
  }
  // sqrt(pi / (2 z)) e^-z = sqrt(pi / (2 x)) e^-a e^(-i (a + pi/8))
  const KelvinComplex series = kelvin_hankel_sum(n, x, 1.0);
  const double scale = sqrt(kPi / (2.0 * x)) * exp(-a);
  const KelvinComplex phase = kelvin_phase(x, 1.0);  // a + pi/8, and e^(-i (a + pi/8)) its conjugate
  const KelvinComplex value = kelvin_mul(series, {scale * phase.re, -scale * phase.im});
  return n == 0 ? value : kelvin_rotate({-value.re, -value.im});
}

// x <= 3: the ascending series (DLMF 10.25.2, 10.31.1 with z^2/4 = i u, u = x^2/4), each part
// summed on its own so that the small ones (bei ~ x^2/4, keip) keep their relative accuracy:
//   I_0(z) = sum (i u)^m / (m!)^2,   e^(i pi/4) I_1(z) = i (x/2) sum (i u)^m / (m! (m+1)!),
//   K_0(z) = -(log(x/2) + gamma + i pi/4) I_0(z) + sum (i u)^m H_m / (m!)^2,
//   -e^(i pi/4) K_1(z) = -1/x - (log(x/2) + i pi/4) e^(i pi/4) I_1(z)
//                        + i (x/4) sum (i u)^m (psi(m+1) + psi(m+2)) / (m! (m+1)!).
struct KelvinSeries {
  KelvinComplex i0, i1_rotated, k0, k1_rotated;  // k1_rotated = -e^(i pi/4) K_1(z)
};

GA_SF KelvinSeries kelvin_series(double x) {
  const double u = 0.25 * x * x;
  double s0[2] = {0, 0}, s1[2] = {0, 0}, h0[2] = {0, 0}, h1[2] = {0, 0};  // sums by (real, imaginary)
  double t0 = 1.0, t1 = 1.0, harmonic = 0.0, psi1 = -kEuler, psi2 = 1.0 - kEuler;
  for (int m = 0; m < 60; ++m) {
    // (i u)^m: i^m cycles 1, i, -1, -i
    const int part = m & 1;
    const double sign = (m & 2) ? -1.0 : 1.0;
    s0[part] += sign * t0;
    s1[part] += sign * t1;
    h0[part] += sign * t0 * harmonic;
    h1[part] += sign * t1 * (psi1 + psi2);
    if (t0 < 1e-18 * (fabs(s0[0]) + fabs(s0[1])) && m > 2) break;
    harmonic += 1.0 / (m + 1);
    psi1 += 1.0 / (m + 1);
    psi2 += 1.0 / (m + 2);
    t0 *= u / ((m + 1.0) * (m + 1.0));
    t1 *= u / ((m + 1.0) * (m + 2.0));
  }
  KelvinSeries r;
  r.i0 = {s0[0], s0[1]};
  r.i1_rotated = {-0.5 * x * s1[1], 0.5 * x * s1[0]};  // i (x/2) (a + i b) = (x/2) (-b + i a)
  const double lg = log(0.5 * x) + kEuler;
  // -(lg + i pi/4) (a + i b) = (-lg a + pi/4 b) + i (-lg b - pi/4 a)
  r.k0 = {-lg * s0[0] + 0.25 * kPi * s0[1] + h0[0], -lg * s0[1] - 0.25 * kPi * s0[0] + h0[1]};
  const double l = log(0.5 * x);
  const KelvinComplex w = r.i1_rotated;
  r.k1_rotated = {-1.0 / x - (l * w.re - 0.25 * kPi * w.im) - 0.25 * x * h1[1],
                  -(l * w.im + 0.25 * kPi * w.re) + 0.25 * x * h1[0]};
  return r;
}


GA_SF KelvinComplex kelvin_i_all(int n, double x) {
  if (x <= 3.0) {
    const KelvinSeries s = kelvin_series(x);
    return n == 0 ? s.i0 : s.i1_rotated;
  }
  return kelvin_i(n, x);
}
GA_SF KelvinComplex kelvin_k_all(int n, double x) {
  if (x <= 3.0) {
    const KelvinSeries s = kelvin_series(x);
    return n == 0 ? s.k0 : s.k1_rotated;
  }
  return kelvin_k(n, x);
}

}  // namespace detail

GA_SF double ber(double x) {
  if (!isfinite(x)) return detail::nan();
  return detail::kelvin_i_all(0, fabs(x)).re;
}
GA_SF double bei(double x) {
  if (!isfinite(x)) return detail::nan();
  return detail::kelvin_i_all(0, fabs(x)).im;
}
GA_SF double berp(double x) {
  if (!isfinite(x)) return detail::nan();
  const double value = detail::kelvin_i_all(1, fabs(x)).re;
  return x < 0 ? -value : value;
}
GA_SF double beip(double x) {
  if (!isfinite(x)) return detail::nan();
  const double value = detail::kelvin_i_all(1, fabs(x)).im;
  return x < 0 ? -value : value;
}
// The K's: NaN for x < 0 and at +-inf (SciPy's), their limits at 0.
GA_SF double ker(double x) {
  if (!(x >= 0) || isinf(x)) return detail::nan();
  return x == 0 ? detail::inf() : detail::kelvin_k_all(0, x).re;
}
GA_SF double kei(double x) {
  if (!(x >= 0) || isinf(x)) return detail::nan();
  return x == 0 ? -detail::kPi / 4 : detail::kelvin_k_all(0, x).im;
}
GA_SF double kerp(double x) {
  if (!(x >= 0) || isinf(x)) return detail::nan();
  return x == 0 ? -detail::inf() : detail::kelvin_k_all(1, x).re;
}
GA_SF double keip(double x) {
  if (!(x >= 0) || isinf(x)) return detail::nan();
  return x == 0 ? 0.0 : detail::kelvin_k_all(1, x).im;
}

}  // namespace special
}  // namespace ga
