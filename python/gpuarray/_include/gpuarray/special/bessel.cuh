// SPDX-License-Identifier: BSD-3-Clause
// scipy.special's Bessel functions of real argument: j0, j1, y0, y1 and yn
// (Miller's backward recurrence with Neumann's series below x = 25, Hankel's
// asymptotic expansions beyond, yn by upward recurrence from Y_0 and Y_1), the modified i0, i1, k0, k1 with their exponentially
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
GA_SF_OUTLINE double bessel_k_integral(double v, double x, bool scaled) {
  v = fabs(v);
  // The strip |Im t| < d keeps the integrand within e^10 of its peak, where
  // -x cosh t + v t has curvature x cosh t = sqrt(x^2 + v^2); the step
  // h = 2 pi d / 50 then bounds the rule's error near e^(10 - 50).
  const double d = fmin(1.2, sqrt(20.0 / sqrt(x * x + v * v)));
  const double h = 2.0 * kPi * d / 50.0;
  const double shift = scaled ? 0.0 : x;  // the integrand is exp(-x (cosh t - 1) - shift) cosh(v t)
  // Where the integrand's peak, exp(v t* - x (cosh t* - 1)) at sinh t* = v / x, passes e^600 (tiny x),
  // the terms carry exp(-lift) and the sum exp(lift) in two halves, so that nothing overflows short
  // of the result itself.
  const double r = v / x;  // cosh t* - 1 = r^2 / (sqrt(1 + r^2) + 1), without r^2's overflow
  const double top = v * asinh(r) - v * (r > 1.0 ? 1.0 / (sqrt(1.0 + 1.0 / (r * r)) + 1.0 / r) : r / (sqrt(1.0 + r * r) + 1.0));
  const double lift = top > 600.0 ? top : 0.0;
  double sum = 0.0, peak = 0.0;
  for (int k = 0; k < 100000; ++k) {
    const double t = k * h;
    const double s = sinh(0.5 * t);
    const double e = -2.0 * x * s * s - shift - lift;
    const double value = v == 0 ? exp(e) : 0.5 * (exp(e + v * t) + exp(e - v * t));
    sum += k == 0 ? 0.5 * value : value;
    peak = fmax(peak, value);
    if (value < 1e-18 * peak && x * sinh(t) > v) break;  // past the peak and negligible
  }
  if (lift == 0.0) return sum * h;
  const double half = exp(0.5 * lift);
  return sum * h * half * half;
}

constexpr double kLogDoubleMax = 709.782712893384;  // the largest double whose exp is finite

// SciPy's kv and kve (AMOS) give inf before computing where x is below 1e3 times
// the smallest normal double, and for orders 1 < |v| <= 2 where x <= eps and
// |v| log(2 / x) passes AMOS's exponent limit (2.303 (1021 log10(2) - 3)).
GA_SF bool bessel_k_overflows_early(double v, double x) {
  constexpr double kUnderflowLimit = 2.2250738585072014e-305, kExponentLimit = 700.9217936944459;
  const double av = fabs(v);
  return x < kUnderflowLimit || (av > 1.0 && av <= 2.0 && x <= 2.220446049250313e-16 &&
                                 av * log(2.0 / x) > kExponentLimit);
}

// e^(scale x) K_v(x) for x > 0 and finite v (the cephes-style k0, k1, k0e, k1e as well).
GA_SF double bessel_k(double v, double x, bool scaled) {
  if (x != x || v != v) return x + v;
  if (x < 0) return nan();
  if (x == 0) return inf();
  if (x == inf()) return scaled ? nan() : 0.0;  // SciPy's kve(v, inf) is NaN
  if (fabs(v) == inf()) return inf();
  return bessel_k_integral(v, x, scaled);
}

}  // namespace detail

GA_SF double i0e(double x) { return x != x ? x : detail::bessel_i_scaled(0, fabs(x)); }
GA_SF double i1e(double x) { return x != x ? x : (x < 0 ? -1.0 : 1.0) * detail::bessel_i_scaled(1, fabs(x)); }
// SciPy's i0 and i1 are e^|x| times a series: inf once e^|x| overflows
// (|x| > log(DBL_MAX)), though I_0 and I_1 themselves reach DBL_MAX only at 713.98.
GA_SF double i0(double x) {
  if (fabs(x) > detail::kLogDoubleMax && !isinf(x)) return detail::inf();  // SciPy: i0(+-inf) is NaN
  const double half = exp(0.5 * fabs(x));  // e^|x| in two halves: finite up to the overflow of the result
  return x != x ? x : i0e(x) * half * half;
}
GA_SF double i1(double x) {
  if (fabs(x) > detail::kLogDoubleMax && !isinf(x)) return x < 0 ? -detail::inf() : detail::inf();
  const double half = exp(0.5 * fabs(x));
  return x != x ? x : i1e(x) * half * half;
}

// kv and kve with SciPy's (AMOS's) limits: inf where it stops early for tiny x,
// and kve NaN past x = 2^30 - 1/2 (AMOS's largest argument; kv has underflowed to 0 there).
GA_SF double kve(double v, double x) {
  if (x > 1073741823.5 && x < detail::inf()) return detail::nan();
  if (x > 0 && detail::bessel_k_overflows_early(v, x)) return detail::inf();
  return detail::bessel_k(v, x, true);
}
GA_SF double kv(double v, double x) {
  if (x > 0 && detail::bessel_k_overflows_early(v, x)) return detail::inf();
  return detail::bessel_k(v, x, false);
}
// SciPy's k0, k1, k0e and k1e are cephes': no early overflow (k1(1e-308) is 1e308).
GA_SF double k0(double x) { return detail::bessel_k(0.0, x, false); }
GA_SF double k1(double x) { return detail::bessel_k(1.0, x, false); }
GA_SF double k0e(double x) { return x == detail::inf() ? 0.0 : detail::bessel_k(0.0, x, true); }
GA_SF double k1e(double x) { return x == detail::inf() ? 0.0 : detail::bessel_k(1.0, x, true); }

namespace detail {

// J_0, J_1, Y_0, Y_1 at one x > 0 (this file's own, the same on the device and
// the host, so that the host tests check what the GPU runs; CUDA's j0 ... yn
// were 1e-13 to 4e-12 from SciPy).
struct BesselJY01 {
  double j0, j1, y0, y1;
};

// x < 25: Miller's backward recurrence J_(k-1) = (2k/x) J_k - J_(k+1) from an
// order N far enough past x that J_N(x) is below 1e-20 of the result, normalized
// by 1 = J_0 + 2 (J_2 + J_4 + ...); Y_0 and Y_1 from Neumann's series over the
// same J's: Y_0 = (2/pi) ((log(x/2) + gamma) J_0 - 2 S_0), S_0 = sum_k (-1)^k J_2k / k,
// and Y_1 = -Y_0' = (2/pi) ((log(x/2) + gamma) J_1 - J_0 / x + S_1),
// S_1 = sum_k (-1)^k (J_(2k-1) - J_(2k+1)) / k. Every term is bounded by 1, so the
// error is a few ulp of 1 (absolute, as SciPy's own near the zeros).
GA_SF_OUTLINE BesselJY01 bessel_jy01_recurrence(double x) {
  const int n_start = 2 * static_cast<int>((x + 12.0 * cbrt(x) + 22.0) / 2.0);
  double above = 0.0, current = 1e-30;  // J_(k+1), J_k up to a common factor
  double norm = 0.0, s0 = 0.0, s1 = 0.0, j_odd_above = 0.0;  // j_odd_above: J_(2k+1) for S_1
  double j0 = 0.0, j1 = 0.0;
  const double two_over_x = 2.0 / x;
  for (int k = n_start; k >= 1; --k) {
    const double below = k * two_over_x * current - above;  // J_(k-1)
    above = current;
    current = below;
    const int order = k - 1;  // current is J_order
    if (order == 1) j1 = current;
    if (order % 2 == 0 && order > 0) {
      const int half = order / 2;
      const double sign = half % 2 == 0 ? 1.0 : -1.0;
      norm += 2.0 * current;
      s0 += sign * current / half;
    }
    if (order % 2 == 1) {  // J_(2h-1), 2h = order + 1: S_1's term h, with J_(2h+1) kept from two steps back
      const int h = (order + 1) / 2;
      const double sign = h % 2 == 0 ? 1.0 : -1.0;
      s1 += sign * (current - j_odd_above) / h;
      j_odd_above = current;
    }
    if (fabs(current) > 1e250) {  // rescale everything kept so far
      const double f = 1e-250;
      above *= f, current *= f, norm *= f, s0 *= f, s1 *= f, j_odd_above *= f, j1 *= f;
    }
  }
  j0 = current;
  norm += j0;
  const double scale = 1.0 / norm;
  j0 *= scale, j1 *= scale, s0 *= scale, s1 *= scale;
  const double lead = log(0.5 * x) + kEuler;
  BesselJY01 r;
  r.j0 = j0;
  r.j1 = j1;
  r.y0 = 2.0 / kPi * (lead * j0 - 2.0 * s0);
  r.y1 = 2.0 / kPi * (lead * j1 - j0 / x + s1);
  return r;
}

// x >= 25: Hankel's asymptotic expansions, J_n = sqrt(2/(pi x)) (P cos c - Q sin c),
// Y_n = sqrt(2/(pi x)) (P sin c + Q cos c), c = x - (n/2 + 1/4) pi, with cos c and
// sin c from sin x and cos x (fully reduced) so that no rounding of x - c enters.
GA_SF_OUTLINE void bessel_hankel_pq(int n, double x, double* p, double* q) {
  const double mu = 4.0 * n * n;
  double term = 1.0, sum_p = 1.0, sum_q = 0.0;
  const double w = 1.0 / (8.0 * x);
  for (int k = 1; k < 60; ++k) {
    const double next = term * (mu - (2.0 * k - 1) * (2.0 * k - 1)) * w / k;  // a_k / x^k
    if (fabs(next) >= fabs(term) && k > 2) break;  // the series' smallest term
    term = next;
    // a_k enters P (k even) or Q (k odd) with sign (-1)^(k/2) resp. (-1)^((k-1)/2)
    const double sign = ((k / 2) % 2 == 0) ? 1.0 : -1.0;
    if (k % 2 == 0) sum_p += sign * term; else sum_q += sign * term;
    if (fabs(term) < 1e-17) break;
  }
  *p = sum_p;
  *q = sum_q;
}

GA_SF_OUTLINE BesselJY01 bessel_jy01_hankel(double x) {
  double p0, q0, p1, q1;
  bessel_hankel_pq(0, x, &p0, &q0);
  bessel_hankel_pq(1, x, &p1, &q1);
  const double s = sin(x), c = cos(x), amplitude = sqrt(2.0 / (kPi * x)) / kSqrt2;
  // n = 0: cos c = (cos x + sin x)/sqrt2, sin c = (sin x - cos x)/sqrt2; n = 1: cos c = (sin x - cos x)/sqrt2,
  // sin c = -(sin x + cos x)/sqrt2
  BesselJY01 r;
  r.j0 = amplitude * (p0 * (c + s) - q0 * (s - c));
  r.y0 = amplitude * (p0 * (s - c) + q0 * (c + s));
  r.j1 = amplitude * (p1 * (s - c) + q1 * (s + c));
  r.y1 = amplitude * (-p1 * (s + c) + q1 * (s - c));
  return r;
}

// x < 1e-5: the power series' leading terms (the next ones are below 1e-19 relative).
GA_SF BesselJY01 bessel_jy01_small(double x) {
  const double q = 0.25 * x * x, lead = log(0.5 * x) + kEuler;
  BesselJY01 r;
  r.j0 = 1.0 - q;
  r.j1 = 0.5 * x * (1.0 - 0.5 * q);
  r.y0 = 2.0 / kPi * (lead * r.j0 + q);
  r.y1 = -2.0 / (kPi * x) + 2.0 / kPi * log(0.5 * x) * r.j1 - (1.0 - 2.0 * kEuler) * x / (2.0 * kPi);
  return r;
}

GA_SF BesselJY01 bessel_jy01(double x) {
  if (x < 1e-5) return bessel_jy01_small(x);
  return x < 25.0 ? bessel_jy01_recurrence(x) : bessel_jy01_hankel(x);
}

}  // namespace detail

// Bessel functions of integer order 0 and 1, with SciPy's values off their
// domain (Y_n(0) = -inf, Y_n(x < 0) = NaN, NaN at +-inf; J_0 even, J_1 odd).
GA_SF double j0(double x) {
  if (x != x || isinf(x)) return detail::nan();
  return detail::bessel_jy01(fabs(x)).j0;
}
GA_SF double j1(double x) {
  if (x != x || isinf(x)) return detail::nan();
  const double ax = fabs(x);
  const double value = ax == 0 ? 0.0 : detail::bessel_jy01(ax).j1;
  return x < 0 ? -value : value;
}
GA_SF double y0(double x) {
  if (x != x) return x;
  if (x < 0 || isinf(x)) return detail::nan();
  if (x == 0) return -detail::inf();
  return detail::bessel_jy01(x).y0;
}
GA_SF double y1(double x) {
  if (x != x) return x;
  if (x < 0 || isinf(x)) return detail::nan();
  if (x == 0) return -detail::inf();
  return detail::bessel_jy01(x).y1;
}

namespace detail {

// e^-x I_v(x) for v >= 0, x > 0: Hankel's asymptotic series where x > max(100, v^2),
// else the ratio r = I_(v+1)/I_v by its continued fraction (modified Lentz)
// and the Wronskian I_v K_(v+1) + I_(v+1) K_v = 1/x with the scaled K's.
GA_SF_OUTLINE double bessel_i_scaled_real(double v, double x) {
  if (x > 100.0 && x > v * v) {
    const double mu = 4.0 * v * v;
    double term = 1.0, sum = 1.0;
    for (int k = 1; k < 200; ++k) {
      const double next = -term * (mu - (2.0 * k - 1) * (2.0 * k - 1)) / (8.0 * k * x);
      if (fabs(next) >= fabs(term)) break;
      term = next;
      sum += term;
      if (fabs(term) < 1e-17 * fabs(sum)) break;
    }
    return sum / sqrt(2.0 * kPi * x);
  }
  // h = b1 + 1/(b2 + 1/(b3 + ...)), b_k = 2 (v + k) / x; r = 1/h
  const double tiny = 1e-300;
  double f = 2.0 * (v + 1.0) / x, c = f, d = 0.0;
  for (int k = 2; k < 100000; ++k) {
    const double b = 2.0 * (v + k) / x;
    d = b + d;
    if (d == 0) d = tiny;
    c = b + 1.0 / c;
    if (c == 0) c = tiny;
    d = 1.0 / d;
    const double delta = c * d;
    f *= delta;
    if (fabs(delta - 1.0) < 1e-16) break;
  }
  const double r = 1.0 / f;
  return 1.0 / (x * (bessel_k_integral(v + 1.0, x, true) + r * bessel_k_integral(v, x, true)));
}

// e^-|x| I_v(x) for every real v and x (NaN at x = +-inf, as SciPy; scaled is
// false for I_v itself, computed as the scaled value times e^|x| in two halves).
GA_SF double bessel_i_real(double v, double x, bool scaled) {
  if (v != v || x != x) return v + x;
  if (isinf(x)) return nan();
  if (isinf(v)) return scaled ? nan() : 0.0;
  const bool integer = v == floor(v);
  if (x == 0) {
    if (v == 0) return 1.0;
    if (v > 0 || integer) return 0.0;
    return scaled ? nan() : inf();
  }
  if (x < 0 && !integer) return nan();
  const double ax = fabs(x), av = fabs(v);
  double value = bessel_i_scaled_real(av, ax);
  if (v < 0 && !integer)  // I_-v = I_v + (2/pi) sin(pi v) K_v; scaled: K_v e^x e^-2x
    value += 2.0 / kPi * sin_pi(av) * bessel_k_integral(av, ax, true) * exp(-2.0 * ax);
  if (x < 0 && fmod(av, 2.0) == 1.0) value = -value;  // I_n(-x) = (-1)^n I_n(x)
  if (scaled) return value;
  const double half = exp(0.5 * ax);
  return value * half * half;
}

}  // namespace detail

// The modified Bessel function of the first kind of real order, and e^-|x| times it.
GA_SF double iv(double v, double x) { return detail::bessel_i_real(v, x, false); }
GA_SF double ive(double v, double x) { return detail::bessel_i_real(v, x, true); }

// Integer orders: kn(n, x) = K_|n|(x) and yn(n, x) = (-1)^n Y_-n(x) for n < 0; a
// non-integer n is truncated, as SciPy's float loops do.
GA_SF double kn(double n, double x) { return kv(fabs(trunc(n)), x); }
GA_SF double yn(double n, double x) {
  if (n != n || x != x) return n + x;
  if (x < 0 || isinf(x)) return detail::nan();
  const double order = trunc(n);
  const double sign = (order < 0 && fmod(order, 2.0) != 0) ? -1.0 : 1.0;
  if (x == 0) return -sign * detail::inf();
  // Y_(k+1) = (2k/x) Y_k - Y_(k-1) upward from Y_0 and Y_1 (stable for Y), stopping at an
  // overflow as SciPy's does
  const int m = static_cast<int>(fabs(order));
  const detail::BesselJY01 start = detail::bessel_jy01(x);
  if (m == 0) return sign * start.y0;
  double below = start.y0, current = start.y1;
  for (int k = 1; k < m && !isinf(current); ++k) {
    const double next = 2.0 * k * current / x - below;
    below = current;
    current = next;
  }
  return sign * current;
}

}  // namespace special
}  // namespace ga
