// SPDX-License-Identifier: BSD-3-Clause
// scipy.special's gamma family: gamma, gammaln, loggamma (real), rgamma,
// digamma, beta, betaln, poch, gammainc, gammaincc. gamma and gammaln are
// CUDA's tgamma and lgamma; the rest is this file's, from the standard
// expansions (Stirling's series, the reflection and recurrence formulas,
// the power series and Legendre's continued fraction of the incomplete gamma
// functions), in double; float loops call the double functions and round.
#pragma once
#include "gpuarray/special/common.cuh"

namespace ga {
namespace special {
namespace detail {

// Digamma's Taylor coefficients about its positive zero x0: (-1)^(k+1) zeta(k+1, x0), k = 1..21.
constexpr double kDigammaRootHi = 1.4616321449683622;
constexpr double kDigammaRootLo = 9.549995429965697e-17;
constexpr double kDigammaRootTaylor[21] = {
    0.9676722454476212,     -0.4427631689835921,     0.258499760955651,      -0.16394270544240652,
    0.10782405069126237,    -0.07219956125645471,    0.04880428816414311,    -0.03316112647484736,
    0.022597648232218104,   -0.01542476590494896,    0.010538791616612175,   -0.007204534386356869,
    0.004926781395729853,   -0.003369801655439328,   0.002305126326734928,   -0.0015769367714301972,
    0.0010788252019162967,  -0.0007380709389960052,  0.000504953265834602,   -0.0003454680251063077,
    0.00023635601564027053};

// log(Gamma(b)) - log(Gamma(a + b)) for b >= 10 and a + b >= 10, from Stirling's series.
GA_SF double lgamma_difference(double a, double b) {
  const double s = a + b;
  return -(b - 0.5) * log1p(a / b) - a * log(s) + a + stirling_correction(b) - stirling_correction(s);
}

// Gamma(x)'s sign for x that is no pole.
GA_SF double gamma_sign(double x) {
  if (x > 0) return 1.0;
  return fmod(floor(x), 2.0) == 0 ? 1.0 : -1.0;
}

GA_SF bool nonpositive_int(double x) { return x <= 0 && x == floor(x); }

}  // namespace detail

// Gamma of a positive integer n <= 171 is (n - 1)!: the product is exact up to
// n = 28 and within 4 ulp beyond (checked against exact factorials), where
// CUDA's tgamma misses even small ones (tgamma(4.0) is 5.999999999999999 on an
// H200) and factorial, comb and perm build on gamma.
GA_SF double gamma(double x) {
  if (x >= 1 && x <= 171 && x == floor(x)) {
    double product = 1.0;
    for (double k = 2; k < x; k += 1) product *= k;
    return product;
  }
  const double g = tgamma(x);
  // SciPy's gamma is +-0 on the negative axis where |Gamma(x)| < pi / DBL_MAX (its reflection's
  // denominator overflows), where tgamma goes on into the subnormals.
  return x < -170.0 && fabs(g) < detail::kPi / detail::kDoubleMax ? 0.0 * g : g;
}
GA_SF float gamma(float x) { return tgammaf(x); }
GA_SF double gammaln(double x) { return lgamma(x); }
GA_SF float gammaln(float x) { return lgammaf(x); }

// The principal branch of log(Gamma(x)) on the reals: NaN for x < 0.
GA_SF double loggamma(double x) { return x < 0 ? detail::nan() : lgamma(x); }
GA_SF float loggamma(float x) { return x < 0 ? static_cast<float>(detail::nan()) : lgammaf(x); }

// The sign of Gamma(x): SciPy's values, 1 at +0, -1 at -0, NaN at the poles and -inf.
GA_SF double gammasgn(double x) {
  if (x != x || x == -detail::inf()) return detail::nan();
  if (x == 0) return signbit(x) ? -1.0 : 1.0;
  if (x > 0) return 1.0;
  if (x == floor(x)) return detail::nan();
  return detail::gamma_sign(x);
}

GA_SF double rgamma(double x) {
  if (x != x) return x;
  if (detail::nonpositive_int(x)) return 0.0;
  if (x > 171.0) return exp(-lgamma(x));
  if (x < -170.0) {  // reflection; Gamma(1 - x) may overflow where the result does not
    const double half = exp(0.5 * lgamma(1.0 - x));
    const double r = detail::sin_pi(x) / detail::kPi * half * half;
    // SciPy's rgamma is 1 / gamma: +-inf where its gamma is +-0 (|Gamma(x)| < pi / DBL_MAX).
    return fabs(r) > detail::kDoubleMax / detail::kPi ? r * detail::inf() : r;
  }
  return 1.0 / tgamma(x);
}

GA_SF_OUTLINE double digamma(double x) {
  if (x != x || x == detail::inf()) return x;
  if (x == 0) return signbit(x) ? detail::inf() : -detail::inf();
  if (detail::nonpositive_int(x) || x == -detail::inf()) return detail::nan();
  double result = 0.0;
  if (x < 0) {  // psi(x) = psi(1 - x) - pi cot(pi x)
    result = -detail::kPi * detail::cos_pi(x) / detail::sin_pi(x);
    x = 1.0 - x;
  }
  const double d = (x - detail::kDigammaRootHi) - detail::kDigammaRootLo;
  if (fabs(d) < 0.25) {
    double sum = 0.0;
    for (int k = 20; k >= 0; --k) sum = sum * d + detail::kDigammaRootTaylor[k];
    return result + sum * d;
  }
  while (x < 10.0) {
    result -= 1.0 / x;
    x += 1.0;
  }
  // psi(x) = log x - 1/(2x) - sum_k B_2k / (2k x^2k)
  const double t = 1.0 / (x * x);
  const double series =
      t * (1.0 / 12 - t * (1.0 / 120 - t * (1.0 / 252 - t * (1.0 / 240 - t * (1.0 / 132 - t * (691.0 / 32760 - t / 12))))));
  return result + log(x) - 0.5 / x - series;
}

GA_SF_OUTLINE double betaln(double a, double b) {
  if (a != a || b != b) return a + b;
  if (a > b) {
    const double t = a;
    a = b;
    b = t;
  }  // a <= b
  if (a > 0 && a >= 10.0) {
    const double s = a + b;
    return (a - 0.5) * log(a / s) + b * log1p(-a / s) - 0.5 * log(b) + detail::kLnSqrt2Pi +
           detail::stirling_correction(a) + detail::stirling_correction(b) - detail::stirling_correction(s);
  }
  if (a > 0 && b >= 10.0) return lgamma(a) + detail::lgamma_difference(a, b);
  if (a > 0 && a + b < 171.0) return log(tgamma(a) / tgamma(a + b) * tgamma(b));
  return lgamma(a) + lgamma(b) - lgamma(a + b);
}

GA_SF_OUTLINE double beta(double a, double b) {
  if (a != a || b != b) return a + b;
  if (detail::nonpositive_int(b) && !detail::nonpositive_int(a)) {
    const double t = a;
    a = b;
    b = t;
  }
  if (detail::nonpositive_int(a) && b == floor(b) && b > 0 && a + b <= 0 && b < 170) {
    // Gamma(b) Gamma(a) / Gamma(a + b) = Gamma(b) / (a (a+1) ... (a+b-1)), a finite limit
    double r = tgamma(b);
    for (int k = 0; k < static_cast<int>(b); ++k) r /= a + k;
    return r;
  }
  if (detail::nonpositive_int(a) || detail::nonpositive_int(b)) {
    // Gamma(a) or Gamma(b) infinite: finite only if Gamma(a + b) is too.
    if (detail::nonpositive_int(a + b) && !(detail::nonpositive_int(a) && detail::nonpositive_int(b))) return 0.0;
    return detail::inf();
  }
  const double s = a + b;
  if (detail::nonpositive_int(s)) return 0.0;
  if (fabs(a) < 170.0 && fabs(b) < 170.0 && fabs(s) < 170.0) {
    const double big = fabs(a) > fabs(b) ? a : b, small = fabs(a) > fabs(b) ? b : a;
    return tgamma(big) / tgamma(s) * tgamma(small);
  }
  const double sign = detail::gamma_sign(a) * detail::gamma_sign(b) * detail::gamma_sign(s);
  return sign * exp(betaln(a, b));
}

// Pochhammer's (z)_m = Gamma(z + m) / Gamma(z).
namespace detail {

// SciPy's poch where z or m is infinite (the values of its recurrence on m
// followed by its asymptotic or gamma-ratio form, measured against SciPy 1.18).
GA_SF double poch_at_infinity(double z, double m) {
  if (isinf(z) && isinf(m)) return nan();
  if (isinf(m)) {  // finite z
    if (nonpositive_int(z)) return fabs(z) < 1e13 ? 0.0 : nan();
    return m < 0 ? nan() : gamma_sign(z) * inf();
  }
  if (z > 0) return m < -2.0 || m > 2.0 ? nan() : m < 0 ? 0.0 : inf();  // z = +inf, m != 0
  return m == 1.0 ? -inf() : m == -1.0 ? -0.0 : nan();                  // z = -inf
}

}  // namespace detail

GA_SF_OUTLINE double poch(double z, double m) {
  if (z != z || m != m) return z + m;
  if (m == 0) return 1.0;
  if (isinf(z) || isinf(m)) return detail::poch_at_infinity(z, m);
  const double s = z + m;
  if (detail::nonpositive_int(z) && detail::nonpositive_int(s) && fabs(m) > 30) {
    // z (z+1) ... (z+m-1), or 1 / ((z-1) ... (z+m)) for m < 0: no pole crossed; from poch of the
    // positive 1 - z - m or 1 - z. SciPy multiplies (divides) factor by factor from z + m - 1
    // (z + m) on and stops at an overflow (underflow to 0): +-inf (+-0) when that happens at the
    // last factor, z (z - 1), else NaN.
    const double sign = fmod(m, 2.0) == 0 ? 1.0 : -1.0;
    if (m > 0) {
      const double value = poch(1.0 - s, m);
      if (!isinf(value)) return sign * value;
      return isinf(poch(1.0 - s, m - 1.0)) ? detail::nan() : sign * value;
    }
    const double q = poch(1.0 - z, -m);
    const double value = isinf(q) ? exp(lgamma(1.0 - z) - lgamma(1.0 - s)) : 1.0 / q;
    if (value != 0) return sign * value;
    return exp(lgamma(2.0 - z) - lgamma(1.0 - s)) > 0 ? sign * 0.0 : detail::nan();
  }
  if (m == floor(m) && fabs(m) <= 30) {  // a finite product (or its reciprocal)
    // Note [Fixed-count product loops]: `for k < m: r *= z + k` gave z (z + 2) (z + 4) ... on an
    // H100 (poch(3, 3) = 15, poch(5, 5) = 315) for contiguous arrays whose neighbouring elements had
    // m of the other parity, whether unrolled or not (2026-11-27); strided arrays and single
    // elements were right. The loops run a fixed 30 steps and multiply only while k is in range.
    const int count = static_cast<int>(fabs(m));
    double r = 1.0;
    if (m > 0) {
      for (int k = 0; k < 30; ++k) r *= k < count ? z + k : 1.0;
      return r;
    }
    for (int k = 1; k <= 30; ++k) r *= k <= count ? z - k : 1.0;
    return r == 0 ? detail::inf() : 1.0 / r;
  }
  if (detail::nonpositive_int(s)) return detail::nonpositive_int(z) ? (rgamma(1.0 - z) == 0 ? 0.0 : detail::nan()) : detail::inf();
  if (detail::nonpositive_int(z)) return 0.0;
  if (z >= 10.0 && s >= 10.0) return exp(-detail::lgamma_difference(m, z));
  if (fabs(z) < 170.0 && fabs(s) < 170.0) return tgamma(s) / tgamma(z);
  return detail::gamma_sign(s) * detail::gamma_sign(z) * exp(lgamma(s) - lgamma(z));
}

namespace detail {

// x^a e^-x / Gamma(a + 1), through Stirling's series for a >= 10 so that the
// large exponents cancel before exp: exp(-a (t - log1p t) - c(a)) / sqrt(2 pi a), x = a (1 + t).
GA_SF double gamma_power_factor(double a, double x) {
  if (a < 10.0) {  // pow: x^a to an ulp where exp(a log x) carries a log(x) ulps
    const double power = pow(x, a), decay = exp(-x);  // each normal, or the log form below
    if (power > 1e-300 && power < 1e300 && decay > 1e-300) return power * decay / tgamma(a + 1.0);
    return exp(a * log(x) - x - lgamma(a + 1.0));
  }
  const double t = (x - a) / a;
  const double phi = fabs(t) < 0.5 ? log1p_minus(t) : log(x / a) - t;  // log(1 + t) - t
  return exp(a * phi - stirling_correction(a)) / sqrt(2.0 * kPi * a);
}

// P(a, x) by its power series: x^a e^-x / Gamma(a+1) sum_n x^n / ((a+1)...(a+n)).
GA_SF_OUTLINE double gammainc_series(double a, double x) {
  double term = 1.0, sum = 1.0;
  for (int n = 1; n < 100000; ++n) {
    term *= x / (a + n);
    sum += term;
    if (term < 1e-17 * sum) break;
  }
  return gamma_power_factor(a, x) * sum;
}

// Q(a, x) by Legendre's continued fraction (modified Lentz), x > a + 1.
GA_SF_OUTLINE double gammaincc_fraction(double a, double x) {
  const double tiny = 1e-300;
  double b = x + 1.0 - a, c = 1.0 / tiny, d = 1.0 / b, h = d;
  for (int i = 1; i < 100000; ++i) {
    const double an = -i * (i - a);
    b += 2.0;
    d = an * d + b;
    if (fabs(d) < tiny) d = tiny;
    c = b + an / c;
    if (fabs(c) < tiny) c = tiny;
    d = 1.0 / d;
    const double delta = d * c;
    h *= delta;
    if (fabs(delta - 1.0) < 1e-16) break;
  }
  return a * gamma_power_factor(a, x) * h;  // x^a e^-x / Gamma(a) = a x^a e^-x / Gamma(a+1)
}

// log(Gamma(1 + a)) for |a| <= 0.2: -euler a + sum_k (-1)^k zeta(k) a^k / k.
constexpr double kZetaInts[24] = {1.6449340668482264, 1.2020569031595942, 1.0823232337111381, 1.03692775514337,
                                  1.0173430619844492, 1.008349277381923,  1.0040773561979444, 1.0020083928260821,
                                  1.000994575127818,  1.0004941886041194, 1.000246086553308,  1.0001227133475785,
                                  1.0000612481350588, 1.000030588236307,  1.0000152822594086, 1.0000076371976379,
                                  1.000003817293265,  1.0000019082127165, 1.0000009539620338, 1.0000004769329869,
                                  1.0000002384505027, 1.000000119219926,  1.000000059608189,  1.0000000298035034};
GA_SF double lgamma1p_small(double a) {
  double sum = 0.0;
  for (int k = 25; k >= 2; --k) sum = sum * a + ((k % 2 == 0) ? 1.0 : -1.0) * kZetaInts[k - 2] / k;
  return a * (-kEuler + a * sum);
}

// Q(a, x) for a < 0.2, x < 2, where 1 - P(a, x) cancels: with u = x^a / Gamma(1 + a),
// Q = (1 - u) - u a sum_{n>=1} (-x)^n / (n! (a + n)), 1 - u = -expm1(a log x - lgamma1p(a)).
GA_SF_OUTLINE double gammaincc_small_a(double a, double x) {
  const double lu = a * log(x) - lgamma1p_small(a);
  double term = 1.0, sum = 0.0;
  for (int n = 1; n < 60; ++n) {
    term *= -x / n;
    const double add = term / (a + n);
    sum += add;
    if (fabs(add) < 1e-17 * fabs(sum)) break;
  }
  return -expm1(lu) - exp(lu) * a * sum;
}

}  // namespace detail

// The regularized lower incomplete gamma function P(a, x).
GA_SF_OUTLINE double gammainc(double a, double x) {
  if (a != a || x != x) return a + x;
  if (a < 0 || x < 0) return detail::nan();
  if (a == 0) return x > 0 ? 1.0 : detail::nan();
  if (x == 0) return 0.0;
  if (x == detail::inf()) return 1.0;
  if (a == detail::inf()) return 0.0;
  if (x < a + 1.0) return detail::gammainc_series(a, x);
  return 1.0 - detail::gammaincc_fraction(a, x);
}

// The regularized upper incomplete gamma function Q(a, x) = 1 - P(a, x).
GA_SF_OUTLINE double gammaincc(double a, double x) {
  if (a != a || x != x) return a + x;
  if (a < 0 || x < 0) return detail::nan();
  if (a == 0) return x > 0 ? 0.0 : detail::nan();
  if (x == 0) return 1.0;
  if (x == detail::inf()) return 0.0;
  if (a == detail::inf()) return 1.0;
  if (a < 0.2 && x < 2.0) return detail::gammaincc_small_a(a, x);
  if (x < a + 1.0) return 1.0 - detail::gammainc_series(a, x);
  return detail::gammaincc_fraction(a, x);
}

}  // namespace special
}  // namespace ga
