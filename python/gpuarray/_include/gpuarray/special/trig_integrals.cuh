// SPDX-License-Identifier: BSD-3-Clause
// The sine and cosine integrals (sici), their hyperbolic forms (shichi) and
// the Fresnel integrals (fresnel): scipy.special's two-output ufuncs, here
// functions that write both results through references.
// sici: the Maclaurin series up to |x| = 4, beyond it E1(ix) = -Ci(x) +
// i (Si(x) - pi/2) by the modified Lentz method on E1's continued fraction.
// shichi: the series (all terms positive) up to 8, beyond it Shi, Chi =
// (Ei(x) +- E1(x)) / 2 (expint.cuh). fresnel: the series up to 1.5, beyond it
// C + iS = (1 + i)/2 - x e^(i pi x^2 / 2) g(x), g the even contraction of
// erfc's continued fraction in w = 1 - i pi x^2, with pi x^2 / 2 reduced
// exactly (x^2 split into two doubles, taken modulo 4) so that the phase
// stays right for large x. Odd functions give odd results for x < 0; Ci and
// Chi take the real part (Ci(|x|), Chi(|x|)), as SciPy.
#pragma once
#include "gpuarray/special/expint.cuh"

namespace ga {
namespace special {
namespace detail {

// 1 / (b0 + a1 / (b1 + a2 / (b2 + ...))) in complex arithmetic by the
// modified Lentz method, for the two fractions below: kind 0 is E1's
// (b_k = z + 2k + 1, a_k = -k^2, z = i x), kind 1 erfc's even form
// (b_k = w + 4k, a_k = -(2k - 1) 2k, w = 1 - i pi x^2).
GA_SF_OUTLINE void complex_fraction(int kind, double zr, double zi, double& hr, double& hi) {
  const double tiny = 1e-300;
  double br = zr + (kind == 0 ? 1.0 : 0.0), bi = zi;
  double fr = br, fi = bi;
  if (fr == 0 && fi == 0) fr = tiny;
  double cr = fr, ci = fi, dr = 0.0, di = 0.0;
  for (int k = 1; k < 100000; ++k) {
    const double a = kind == 0 ? -static_cast<double>(k) * k : -(2.0 * k - 1.0) * (2.0 * k);
    br += kind == 0 ? 2.0 : 4.0;
    // d = 1 / (b + a d)
    double tr = br + a * dr, ti = bi + a * di;
    if (tr == 0 && ti == 0) tr = tiny;
    double den = tr * tr + ti * ti;
    dr = tr / den;
    di = -ti / den;
    // c = b + a / c
    den = cr * cr + ci * ci;
    cr = br + a * cr / den;
    ci = bi - a * ci / den;
    if (cr == 0 && ci == 0) cr = tiny;
    // f *= c d
    const double er = cr * dr - ci * di, ei = cr * di + ci * dr;
    const double nr = fr * er - fi * ei, ni = fr * ei + fi * er;
    fr = nr;
    fi = ni;
    if (fabs(er - 1.0) + fabs(ei) < 1e-16) break;
  }
  const double den = fr * fr + fi * fi;  // h = 1 / f
  hr = fr / den;
  hi = -fi / den;
}

}  // namespace detail

GA_SF void sici(double x, double& si, double& ci) {
  if (x != x) {
    si = ci = x;
    return;
  }
  const double ax = fabs(x), sign = x < 0 ? -1.0 : 1.0;
  if (ax == 0) {
    si = x;
    ci = -detail::inf();
    return;
  }
  if (isinf(x)) {
    si = sign * detail::kPi / 2;
    ci = x > 0 ? 0.0 : detail::nan();
    return;
  }
  if (ax <= 4.0) {
    const double x2 = ax * ax;
    double term = ax, s = ax, c = 0.0, p = 1.0;  // p: x^(2k) / (2k)!
    for (int k = 1; k < 40; ++k) {
      p *= -x2 / ((2.0 * k - 1.0) * (2.0 * k));
      c += p / (2.0 * k);
      term *= -x2 / ((2.0 * k) * (2.0 * k + 1.0));
      s += term / (2.0 * k + 1.0);
      if (fabs(p) < 1e-17 * fabs(c) && fabs(term) < 1e-17 * s) break;
    }
    si = sign * s;
    ci = detail::kEuler + log(ax) + c;
    return;
  }
  double hr, hi;  // E1(ix) = e^-ix h, h = 1 / fraction
  if (ax > 1e9) {  // h = 1 / (1 + ix) to the ulp; its square would overflow in the fraction
    hr = 1.0 / ax / ax;
    hi = -1.0 / ax;
  } else {
    detail::complex_fraction(0, 0.0, ax, hr, hi);
  }
  const double cs = cos(ax), sn = sin(ax);
  const double er = cs * hr + sn * hi, ei = cs * hi - sn * hr;
  si = sign * (detail::kPi / 2 + ei);
  ci = -er;
}

GA_SF void shichi(double x, double& shi, double& chi) {
  if (x != x) {
    shi = chi = x;
    return;
  }
  const double ax = fabs(x), sign = x < 0 ? -1.0 : 1.0;
  if (ax == 0) {
    shi = x;
    chi = -detail::inf();
    return;
  }
  if (ax <= 8.0) {
    const double x2 = ax * ax;
    double term = ax, s = ax, c = 0.0, p = 1.0;
    for (int k = 1; k < 80; ++k) {
      p *= x2 / ((2.0 * k - 1.0) * (2.0 * k));
      c += p / (2.0 * k);
      term *= x2 / ((2.0 * k) * (2.0 * k + 1.0));
      s += term / (2.0 * k + 1.0);
      if (p < 1e-17 * c && term < 1e-17 * s) break;
    }
    shi = sign * s;
    chi = detail::kEuler + log(ax) + c;
    return;
  }
  const double ei = expi(ax), e1 = exp1(ax);
  shi = sign * 0.5 * (ei + e1);
  chi = 0.5 * (ei - e1);
}

GA_SF void fresnel(double x, double& s_out, double& c_out) {
  if (x != x) {
    s_out = c_out = x;
    return;
  }
  const double ax = fabs(x), sign = x < 0 ? -1.0 : 1.0;
  double s, c;
  if (isinf(x) || ax > 1e154) {  // past 1e154 the oscillation (below 1 / (pi x)) is beneath the ulp of 1/2
    s = c = 0.5;
  } else if (ax < 1.5) {
    const double t = detail::kPi / 2 * ax * ax;
    double p = 1.0;  // t^k / k!
    c = ax;
    s = 0.0;
    for (int k = 1; k < 60; ++k) {
      p *= t / k;
      const double term = ax * p / (2.0 * k + 1.0);  // x t^k / (k! (2k + 1))
      if (k % 2 == 1) s += ((k / 2) % 2 == 0 ? 1.0 : -1.0) * term;
      else c += ((k / 2) % 2 == 0 ? 1.0 : -1.0) * term;
      if (term < 1e-17 * fmax(fabs(c), 1e-300) && k > 2) break;
    }
  } else {
    const double hi2 = ax * ax, lo2 = fma(ax, ax, -hi2);
    // pi x^2 / 2 modulo 2 pi: x^2 / 2 modulo 2 in half-turns, exactly for the high part
    const double turns = 0.5 * (fmod(hi2, 4.0) + lo2);
    const double cp = detail::cos_pi(turns), sp = detail::sin_pi(turns);
    double hr, hi;
    if (ax > 1e8) {  // g(x) = 1 / w to the ulp: w = 1 - i pi x^2
      const double w = detail::kPi * hi2;
      hr = 1.0 / (1.0 + w * w);
      hi = w / (1.0 + w * w);
      if (isinf(w * w)) { hr = 0.0; hi = 1.0 / w; }
    } else {
      detail::complex_fraction(1, 1.0, -detail::kPi * hi2, hr, hi);
    }
    // x e^(i phase) g
    const double gr = ax * (cp * hr - sp * hi), gi = ax * (cp * hi + sp * hr);
    c = 0.5 - gr;
    s = 0.5 - gi;
  }
  s_out = sign * s;
  c_out = sign * c;
}

// One result of each, for the host accuracy tests (and single-output use).
GA_SF double sici_si(double x) { double s, c; sici(x, s, c); return s; }
GA_SF double sici_ci(double x) { double s, c; sici(x, s, c); return c; }
GA_SF double shichi_shi(double x) { double s, c; shichi(x, s, c); return s; }
GA_SF double shichi_chi(double x) { double s, c; shichi(x, s, c); return c; }
GA_SF double fresnel_s(double x) { double s, c; fresnel(x, s, c); return s; }
GA_SF double fresnel_c(double x) { double s, c; fresnel(x, s, c); return c; }

}  // namespace special
}  // namespace ga
