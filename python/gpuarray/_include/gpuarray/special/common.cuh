// SPDX-License-Identifier: BSD-3-Clause
// What the scipy.special device headers share: constants, infinities and NaN
// without <cmath>, sinpi/cospi, and Stirling's series. Every function is
// __host__ __device__ and these headers include nothing, so that the same code
// compiles under NVRTC and as host C++ (tests/scipy/special compiles them with
// g++ after a shim that defines __host__/__device__ away and includes <cmath>,
// and checks them against SciPy on the CPU). Where CUDA has a function and the
// host C library does not (sinpi, erfinv, cyl_bessel_i0, ...), `#ifdef
// __CUDACC__` picks CUDA's on the device and this project's on the host.
#pragma once

#define GA_SF __host__ __device__ inline
// The heavy building blocks (continued fractions, quadratures, root finders)
// stay out of line on the device: inlined at every call, they made one
// quantile kernel take minutes in NVRTC. The host build inlines as it likes.
#ifdef __CUDACC__
#define GA_SF_OUTLINE __host__ __device__ __noinline__ inline
#else
#define GA_SF_OUTLINE inline
#endif


// Note [Out-of-line math in the heavy kernels]
// NVRTC inlines CUDA's exp, log, pow, lgamma, ... at every call site, and the
// incomplete beta and gamma families and their inverses call them in dozens of
// places: a betainc loop was 11,500 lines of PTX and ptxas spent most of the
// first call's compile on it (6 s of 7 on the build machine; betaincinv 9 s).
// A kernel that defines GA_SPECIAL_OUTLINE_MATH before including these headers
// (the table does so for the beta, distributions and quantiles rows and for
// gammainc/gammaincc, cpp/kernels/ufuncs_special.cpp) gets out-of-line
// wrappers in ga::special that hide the global functions for every unqualified
// call in the namespace: betainc's PTX halves and ptxas takes 2-3.5x less time
// (betainc 5.9 -> 1.7 s, betaincinv 8.9 -> 4.1 s, gammaincinv 4.2 -> 1.9 s,
// measured on the 2-core build machine). The cheap rows keep the inline ones.
// Only double functions are wrapped: the float paths call logf, expf, ... by name.
#if defined(__CUDACC__) && defined(GA_SPECIAL_OUTLINE_MATH)
namespace ga {
namespace special {
#define GA_SF_OUTLINE_MATH1(fn) \
  __host__ __device__ __noinline__ inline double fn(double x) { return ::fn(x); }
GA_SF_OUTLINE_MATH1(exp)
GA_SF_OUTLINE_MATH1(expm1)
GA_SF_OUTLINE_MATH1(log)
GA_SF_OUTLINE_MATH1(log1p)
GA_SF_OUTLINE_MATH1(lgamma)
GA_SF_OUTLINE_MATH1(tgamma)
GA_SF_OUTLINE_MATH1(sin)
GA_SF_OUTLINE_MATH1(cos)
GA_SF_OUTLINE_MATH1(sinh)
#undef GA_SF_OUTLINE_MATH1
__host__ __device__ __noinline__ inline double pow(double x, double y) { return ::pow(x, y); }
}  // namespace special
}  // namespace ga
#endif

namespace ga {
namespace special {
namespace detail {

constexpr double kPi = 3.141592653589793238462643383279502884;
constexpr double kSqrtPi = 1.772453850905516027298167483341145183;
constexpr double kLnSqrt2Pi = 0.918938533204672741780329736405617639;  // log(sqrt(2 pi))
constexpr double kEuler = 0.577215664901532860606512090082402431;      // Euler's gamma
constexpr double kSqrt2 = 1.414213562373095048801688724209698079;
constexpr double kDoubleMax = 1.7976931348623157e308;  // DBL_MAX

GA_SF double inf() {
  double big = 1e308;
  return big * 10.0;
}
GA_SF double nan() { return inf() - inf(); }

GA_SF bool is_int(double x) { return x == floor(x); }

// sin(pi x) and cos(pi x), exact at integers and half-integers.
#ifdef __CUDACC__
GA_SF double sin_pi(double x) { return sinpi(x); }
GA_SF double cos_pi(double x) { return cospi(x); }
#else
GA_SF double sin_pi(double x) {
  if (!isfinite(x)) return nan();
  double r = fmod(x, 2.0);  // exact, in (-2, 2)
  if (r > 1.0) r -= 2.0;
  if (r < -1.0) r += 2.0;  // (-1, 1]
  const double s = r < 0 ? -1.0 : 1.0;
  r = fabs(r);
  if (r > 0.5) r = 1.0 - r;  // sin(pi r) = sin(pi (1 - r)), exact
  if (r == 0.0) return s * 0.0;
  return s * (r <= 0.25 ? sin(kPi * r) : cos(kPi * (0.5 - r)));
}
GA_SF double cos_pi(double x) {
  if (!isfinite(x)) return nan();
  return sin_pi(fabs(fmod(x, 2.0)) + 0.5);
}
#endif

// log(Gamma(x)) - ((x - 1/2) log x - x + log sqrt(2 pi)) for x >= 10:
// Stirling's series, B_2k / (2k (2k-1) x^(2k-1)), seven terms (< 1e-17 there).
GA_SF double stirling_correction(double x) {
  const double t = 1.0 / (x * x);
  return (1.0 / 12 +
          t * (-1.0 / 360 +
               t * (1.0 / 1260 +
                    t * (-1.0 / 1680 + t * (1.0 / 1188 + t * (-691.0 / 360360 + t * (1.0 / 156 - t * 3617.0 / 122400))))))) /
         x;
}

// log1p(t) - t, accurate for small |t| (its series) and elsewhere.
GA_SF double log1p_minus(double t) {
  if (fabs(t) > 0.25) return log1p(t) - t;
  double term = t, sum = 0.0;
  for (int k = 2; k < 60; ++k) {
    term *= -t;
    const double add = term / k;
    sum += add;
    if (fabs(add) <= 1e-17 * fabs(sum)) break;
  }
  return sum;
}

}  // namespace detail
}  // namespace special
}  // namespace ga
