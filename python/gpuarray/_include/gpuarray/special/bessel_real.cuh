// SPDX-License-Identifier: BSD-3-Clause
// Bessel functions of the first and second kind of real order, J_v(x) and
// Y_v(x), for real x (scipy.special.jv, jve, yv, yve: for real x, jve = jv and
// yve = yv), and their relatives built on them (hyp0f1 for negative argument).
//
// Method (v >= 0, x > 0; negative orders by reflection):
// * x >= max(25, v^2): Hankel's asymptotic expansion (DLMF 10.17.3), the phase
//   x - (v/2 + 1/4) pi taken apart as cos x cos(phi) + sin x sin(phi) so that
//   the C library's exact argument reduction of x is kept;
// * else Temme's method: the ratio f = J_v'/J_v by its continued fraction
//   (DLMF 10.33.1 with the recurrence's ratio), J's recurrence down to the order
//   mu = v - n in [-1/2, 1/2], then for x < 2 Temme's series for Y_mu and
//   Y_(mu+1) (N. M. Temme, J. Comput. Phys. 19 (1975) 324), and for x >= 2 the
//   continued fraction of p + i q = H_mu^(1)'/H_mu^(1) (Barnett's CF2); either
//   way the Wronskian J_mu Y_mu' - J_mu' Y_mu = 2/(pi x) normalizes J, and Y
//   recurs upward (stable for Y) to v.
#pragma once

#include "gpuarray/special/common.cuh"

namespace ga {
namespace special {
namespace detail {

struct BesselJYReal {
  double j, y;
};

// Temme's Gamma_1(mu) = (1/Gamma(1 - mu) - 1/Gamma(1 + mu)) / (2 mu) and
// Gamma_2(mu) = (1/Gamma(1 - mu) + 1/Gamma(1 + mu)) / 2 for |mu| <= 1/2: their
// Taylor series in mu^2 (from that of 1/Gamma(1 + z); 13 terms are below 1e-19).
GA_SF double temme_gamma1(double mu) {
  const double t = mu * mu;
  return -0.57721566490153286061 +
         t * (0.042002635034095235529 +
              t * (0.042197734555544336748 +
                   t * (-0.0072189432466630995424 +
                        t * (0.00021524167411495097282 +
                             t * (0.000020134854780788238656 +
                                  t * (-1.1330272319816958824e-6 +
                                       t * (-6.1160951044814158179e-9 +
                                            t * (1.1812745704870201446e-9 +
                                                 t * (-7.782263439905071254e-12 +
                                                      t * (-5.100370287454475979e-13 +
                                                           t * (5.3481225394230179824e-15 +
                                                                t * 1.1812593016974587695e-16)))))))))));
}
GA_SF double temme_gamma2(double mu) {
  const double t = mu * mu;
  return 1.0 +
         t * (-0.65587807152025388108 +
              t * (0.1665386113822914895 +
                   t * (-0.0096219715278769735621 +
                        t * (-0.0011651675918590651121 +
                             t * (0.00012805028238811618615 +
                                  t * (-1.2504934821426706573e-6 +
                                       t * (-2.0563384169776071035e-7 +
                                            t * (5.0020076444692229301e-9 +
                                                 t * (1.0434267116911005105e-10 +
                                                      t * (-3.6968056186422057082e-12 +
                                                           t * (-2.0583260535665067832e-14 +
                                                                t * 1.2267786282382607902e-15)))))))))));
}

// J_v and Y_v by Hankel's expansion: sqrt(2/(pi x)) (P cos chi - Q sin chi) and
// sqrt(2/(pi x)) (P sin chi + Q cos chi), chi = x - (v/2 + 1/4) pi.
GA_SF_OUTLINE BesselJYReal bessel_jy_hankel(double v, double x) {
  const double mu = 4.0 * v * v;
  double p = 1.0, q = 0.0, term = 1.0;
  for (int k = 1; k < 400; ++k) {
    const double next = term * (mu - (2.0 * k - 1) * (2.0 * k - 1)) / (8.0 * k * x);
    if (fabs(next) >= fabs(term) && k > 2) break;  // the series' smallest term: stop there
    term = next;
    if (k % 4 == 1) q += term;
    else if (k % 4 == 2) p -= term;
    else if (k % 4 == 3) q -= term;
    else p += term;
    if (term == 0 || fabs(term) < 1e-17 * (fabs(p) + fabs(q))) break;
  }
  const double phase = 0.5 * v + 0.25;
  const double c = cos_pi(phase), s = sin_pi(phase), cx = cos(x), sx = sin(x);
  const double cchi = cx * c + sx * s, schi = sx * c - cx * s;  // cos and sin of x - phase pi
  const double scale = sqrt(2.0 / (kPi * x));
  return {scale * (p * cchi - q * schi), scale * (p * schi + q * cchi)};
}

// Temme's method (see the file's comment) for v >= 0, 0 < x < max(25, v^2).
GA_SF_OUTLINE BesselJYReal bessel_jy_temme(double v, double x) {
  const double eps = 1e-16, tiny = 1e-300;
  const int n = static_cast<int>(v + 0.5);  // mu in [-1/2, 1/2], where the CF2 converges fast and stays accurate
  const double mu = v - n;
  const double inv_x = 1.0 / x;
  // f = J_v'/J_v = v/x - J_(v+1)/J_v, the ratio by the continued fraction of the
  // recurrence, b_k = 2 (v + k) / x with unit partial numerators (modified Lentz);
  // the sign of J_v relative to the J_(v+k) far out follows the denominators'.
  double h = v * inv_x, b = 2.0 * v * inv_x, d = 0.0, c = h > tiny ? h : tiny;
  if (h < tiny) h = tiny;
  int sign = 1;
  for (int k = 1; k < 2000000; ++k) {
    b += 2.0 * inv_x;
    d = b - d;
    if (fabs(d) < tiny) d = tiny;
    c = b - 1.0 / c;
    if (fabs(c) < tiny) c = tiny;
    d = 1.0 / d;
    const double delta = c * d;
    h *= delta;
    if (d < 0) sign = -sign;
    if (fabs(delta - 1.0) < 4e-16) break;
  }
  // J's recurrence down from v to mu on unnormalized values (rescaled before they
  // overflow; J_v's start shrinks with them, as its true size relative to J_mu does)
  double jl = sign, jpl = h * jl, jv_start = jl, order = v;
  for (int l = n; l >= 1; --l) {
    const double below = order * inv_x * jl + jpl;  // J_(l-1) from J_l and J_l'
    order -= 1.0;
    jpl = order * inv_x * below - jl;
    jl = below;
    if (fabs(jl) > 1e200) {
      jl *= 1e-200;
      jpl *= 1e-200;
      jv_start *= 1e-200;
    }
  }
  if (jl == 0) jl = eps;
  const double f = jpl / jl;  // J_mu'/J_mu
  const double w = 2.0 * inv_x / kPi;  // the Wronskian
  double jmu, ymu, ymu1;
  if (x < 2.0) {
    const double half = 0.5 * x, lg = -log(half), sigma = mu * lg;
    const double pimu = kPi * mu;
    const double pimu_over_sin = fabs(pimu) < eps ? 1.0 : pimu / sin(pimu);
    const double sinhc = fabs(sigma) < eps ? 1.0 : sinh(sigma) / sigma;
    double fk = 2.0 / kPi * pimu_over_sin * (temme_gamma1(mu) * cosh(sigma) + temme_gamma2(mu) * sinhc * lg);
    const double e = exp(sigma);  // (x/2)^-mu
    double pk = e / (kPi * (1.0 / tgamma(1.0 + mu)));   // (x/2)^-mu Gamma(1 + mu) / pi
    double qk = 1.0 / (e * kPi * (1.0 / tgamma(1.0 - mu)));  // (x/2)^mu Gamma(1 - mu) / pi
    const double half_pimu = 0.5 * pimu;
    const double sinc_half = fabs(half_pimu) < eps ? 1.0 : sin(half_pimu) / half_pimu;
    const double r = kPi * half_pimu * sinc_half * sinc_half;  // 2 sin^2(pi mu / 2) / mu
    double ck = 1.0;
    const double step = -half * half;
    double sum = fk + r * qk, sum1 = pk;
    for (int k = 1; k < 500; ++k) {
      fk = (k * fk + pk + qk) / (k * k - mu * mu);
      ck *= step / k;
      pk /= (k - mu);
      qk /= (k + mu);
      const double term = ck * (fk + r * qk);
      sum += term;
      const double term1 = ck * pk - k * term;
      sum1 += term1;
      if (fabs(term) < (1.0 + fabs(sum)) * eps) break;
    }
    ymu = -sum;
    ymu1 = -sum1 * 2.0 * inv_x;
    const double ymu_prime = mu * inv_x * ymu - ymu1;
    jmu = w / (ymu_prime - f * ymu);
  } else {
    // p + i q = -1/(2x) + i + (i/x) a_1/(b_1 + a_2/(b_2 + ...)), a_k = (k - 1/2)^2 - mu^2,
    // b_k = 2 (x + k i): complex modified Lentz on the fraction
    const double start = 1e-150;  // b_0 = 0 replaced by a value whose square stays normal
    double fr = start, fi = 0.0, cr = start, ci = 0.0, dr = 0.0, di = 0.0;
    for (int k = 1; k < 2000000; ++k) {
      const double a = (k - 0.5) * (k - 0.5) - mu * mu;
      const double br = 2.0 * x, bi = 2.0 * k;
      // D = 1 / (b + a D)
      double tr = br + a * dr, ti = bi + a * di;
      if (fabs(tr) + fabs(ti) < tiny) tr = tiny;
      double den = tr * tr + ti * ti;
      dr = tr / den;
      di = -ti / den;
      // C = b + a / C
      den = cr * cr + ci * ci;
      cr = br + a * cr / den;
      ci = bi - a * ci / den;
      if (fabs(cr) + fabs(ci) < tiny) cr = tiny;
      const double deltar = cr * dr - ci * di, deltai = cr * di + ci * dr;
      const double nr = fr * deltar - fi * deltai;
      fi = fr * deltai + fi * deltar;
      fr = nr;
      if (fabs(deltar - 1.0) + fabs(deltai) < 4e-16) break;
    }
    const double p = -0.5 * inv_x - fi * inv_x;
    const double q = 1.0 + fr * inv_x;
    const double gamma = (p - f) / q;
    jmu = sqrt(w / ((p - f) * gamma + q));
    if (jl < 0) jmu = -jmu;
    ymu = gamma * jmu;
    const double ymu_prime = ymu * (p + q / gamma);
    ymu1 = mu * inv_x * ymu - ymu_prime;
  }
  const double jv = jv_start * (jmu / jl);
  // Y_(k+1) = 2k/x Y_k - Y_(k-1), upward from mu (overflow to -inf is Y's own)
  double y0 = ymu, y1 = ymu1;
  for (int k = 1; k <= n && !isinf(y0); ++k) {
    const double next = 2.0 * (mu + k) * inv_x * y1 - y0;
    y0 = y1;
    y1 = next;
  }
  return {jv, y0};
}

// J_|v|(x) and Y_|v|(x) for x > 0.
// Where 25 <= x and v < x < v^2 the continued fraction for J_v'/J_v takes about x
// steps and its rounding reached 1e-9 (v = 150, x = 1e4): there Hankel's expansion
// gives the orders mu and mu + 1 (|mu| <= 1/2) and both recurrences go upward to v,
// stable for J and Y alike while the order stays below x.
GA_SF BesselJYReal bessel_jy_positive(double av, double x) {
  if (x >= 25.0 && x >= av * av) return bessel_jy_hankel(av, x);
  if (x < 25.0 || x <= av) return bessel_jy_temme(av, x);
  const int n = static_cast<int>(av + 0.5);
  const double mu = av - n;
  const BesselJYReal low = bessel_jy_hankel(mu, x), high = bessel_jy_hankel(mu + 1.0, x);
  if (n == 0) return low;
  double j0 = low.j, j1 = high.j, y0 = low.y, y1 = high.y;
  for (int k = 1; k < n; ++k) {
    const double factor = 2.0 * (mu + k) / x;
    const double jn = factor * j1 - j0, yn = factor * y1 - y0;
    j0 = j1;
    j1 = jn;
    y0 = y1;
    y1 = yn;
  }
  return {j1, y1};
}

// J_v(x) (want_y false) or Y_v(x) for real v and x, with SciPy's special values.
GA_SF double bessel_jy_real(double v, double x, bool want_y) {
  if (v != v || x != x) return v + x;
  if (isinf(x)) return nan();
  if (isinf(v)) {  // SciPy's: J 0 and Y -inf at x = 0, J 0 and Y NaN for x > 0, NaN for x < 0
    if (x < 0) return nan();
    return want_y ? (x == 0 ? -inf() : nan()) : 0.0;
  }
  const bool integer = v == floor(v);
  if (x < 0) {
    if (want_y || !integer) return nan();
    const double value = bessel_jy_real(v, -x, false);
    return fmod(fabs(v), 2.0) == 1.0 ? -value : value;  // J_n(-x) = (-1)^n J_n(x)
  }
  const double av = fabs(v);
  if (x == 0) {
    if (!want_y) {
      if (v == 0) return 1.0;
      if (v > 0) return 0.0;
      if (integer) return fmod(av, 2.0) == 1.0 ? -0.0 : 0.0;
      // J_-a(x) ~ (x/2)^-a / Gamma(1 - a): the sign of Gamma(1 - a)
      const double g = 1.0 - av;
      return (g > 0 || fmod(floor(g), 2.0) == 0) ? inf() : -inf();
    }
    if (v >= 0) return -inf();
    if (integer) return fmod(av, 2.0) == 1.0 ? inf() : -inf();
    // Y_-a = sin(pi a) J_a + cos(pi a) Y_a with Y_a(0) = -inf: the sign of -cos(pi a) in floating point, as SciPy's
    return cos(kPi * av) > 0 ? -inf() : inf();
  }
  const BesselJYReal jy = bessel_jy_positive(av, x);
  if (v >= 0) return want_y ? jy.y : jy.j;
  // J_-a = cos(pi a) J_a - sin(pi a) Y_a, Y_-a = sin(pi a) J_a + cos(pi a) Y_a (exact zeros of sin and cos
  // skip their terms, so an infinite Y_a at an integer or a zero J_a at a half-integer leaves no NaN)
  const double c = cos_pi(av), s = sin_pi(av);
  if (want_y) return (s == 0 ? 0.0 : s * jy.j) + (c == 0 ? 0.0 : c * jy.y);
  return (c == 0 ? 0.0 : c * jy.j) - (s == 0 ? 0.0 : s * jy.y);
}

}  // namespace detail

// scipy.special.jv, jve, yv, yve for real x (jve and yve scale by exp(-|Im x|) = 1 there).
GA_SF double jv(double v, double x) { return detail::bessel_jy_real(v, x, false); }
GA_SF double yv(double v, double x) { return detail::bessel_jy_real(v, x, true); }
// yve is yv for real x, but NaN at x = 0 as SciPy's (its complex path gives no value there; yv is -inf).
GA_SF double yve(double v, double x) { return x == 0.0 ? detail::nan() : yv(v, x); }

}  // namespace special
}  // namespace ga
