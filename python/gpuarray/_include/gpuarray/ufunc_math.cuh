// SPDX-License-Identifier: BSD-3-Clause
// Device helpers of the math ufuncs (cpp/kernels/ufuncs_math.cpp). Real loops
// call CUDA's math functions directly; what is here is what NumPy computes
// beyond them: logaddexp, and the complex functions with C99 Annex G special
// values (NumPy calls the C library's csqrt, cexp, clog, casinh, ...).
// The complex templates take any Z with value_type, real(), imag() and
// Z(re, im) (ga::complex), so this header needs complex.cuh only where a
// complex loop instantiates them. Includes nothing; compiles as host C++ too.
#pragma once

namespace ga {
namespace math {

// float and double overloads of the C math functions, for the templates.
#define GA_MATH_1(fn)                                                     \
  __host__ __device__ inline float fn##_(float x) { return fn##f(x); }  \
  __host__ __device__ inline double fn##_(double x) { return fn(x); }
#define GA_MATH_2(fn)                                                              \
  __host__ __device__ inline float fn##_(float x, float y) { return fn##f(x, y); } \
  __host__ __device__ inline double fn##_(double x, double y) { return fn(x, y); }
GA_MATH_1(fabs) GA_MATH_1(sqrt) GA_MATH_1(exp) GA_MATH_1(exp2) GA_MATH_1(expm1) GA_MATH_1(log) GA_MATH_1(log1p)
GA_MATH_1(sinh) GA_MATH_1(cosh)
GA_MATH_1(asin) GA_MATH_1(acos) GA_MATH_1(atan)
GA_MATH_2(hypot) GA_MATH_2(atan2) GA_MATH_2(copysign)
#undef GA_MATH_1
#undef GA_MATH_2

// Note [Out-of-line trigonometric reduction]
// CUDA's sinf, cosf and tanf reduce arguments beyond ~1e5 with Payne-Hanek (a
// loop over a table in local memory), inlined at every call. A contiguous loop
// applies its body to each element of a vector and to the tail, so a float
// sin kernel held five copies of that reduction, and NVVM and ptxas spent
// most of its cold compile time on them. Below, large arguments call one
// out-of-line copy; in the inlined call the compiler proves |x| small and drops
// the reduction (48039 is at or below the threshold CUDA tests). Results are
// the same: both branches call the same function.
#ifdef __CUDA_ARCH__
#define GA_TRIG_F32(fn)                                                                     \
  __device__ __noinline__ inline float fn##_large(float x) { return fn##f(x); }           \
  __device__ __forceinline__ float fn##_(float x) {                                      \
    return fabsf(x) <= 48039.0f ? fn##f(x) : fn##_large(x);                               \
  }
#else
#define GA_TRIG_F32(fn) inline float fn##_(float x) { return fn##f(x); }
#endif
#define GA_TRIG(fn) GA_TRIG_F32(fn) __host__ __device__ inline double fn##_(double x) { return fn(x); }
GA_TRIG(sin) GA_TRIG(cos) GA_TRIG(tan)
#undef GA_TRIG
#undef GA_TRIG_F32

__host__ __device__ inline float fma_(float x, float y, float z) { return fmaf(x, y, z); }
__host__ __device__ inline double fma_(double x, double y, double z) { return fma(x, y, z); }

// NumPy's constants (ln 2, log2 e, log10 e, pi are its NPY_* values rounded
// to T) and thresholds of the algorithms below.
template <typename T> struct lim;
template <> struct lim<float> {
  static constexpr float max = 0x1.fffffep+127f, min = 0x1p-126f, eps = 0x1p-23f;
  static constexpr float up = 0x1p+24f;     // scales subnormal arguments to normal ones
  static constexpr float big = 0x1p+14f;    // |z| from which asin(z) ~ -i log(2iz), atanh(z) ~ 1/z +- i pi/2
  static constexpr float exp_safe = 87.0f;  // |x| up to which exp(x) is finite and normal
  static constexpr float tanh_one = 10.0f;  // |x| from which tanh(x) rounds to +-1
  static constexpr float ln2 = 0x1.62e43p-1f, log2e = 0x1.715476p+0f, log10e = 0x1.bcb7b2p-2f;
  static constexpr float pi = 0x1.921fb6p+1f, pi_2 = 0x1.921fb6p+0f;
};
template <> struct lim<double> {
  static constexpr double max = 0x1.fffffffffffffp+1023, min = 0x1p-1022, eps = 0x1p-52;
  static constexpr double up = 0x1p+54, big = 0x1p+28, exp_safe = 708.0, tanh_one = 20.0;
  static constexpr double ln2 = 0x1.62e42fefa39efp-1, log2e = 0x1.71547652b82fep+0, log10e = 0x1.bcb7b1526e50ep-2;
  static constexpr double pi = 0x1.921fb54442d18p+1, pi_2 = 0x1.921fb54442d18p+0;
};

// Classification without <cmath>'s macros (NVRTC and host C++ spell them differently).
template <typename T> __host__ __device__ inline bool isnan_(T x) { return x != x; }
template <typename T> __host__ __device__ inline bool isinf_(T x) { return fabs_(x) > lim<T>::max; }
template <typename T> __host__ __device__ inline bool isfinite_(T x) { return fabs_(x) <= lim<T>::max; }
template <typename T> __host__ __device__ inline bool signbit_(T x) { return copysign_(T(1), x) < T(0); }

// NumPy's npy_logaddexp and npy_logaddexp2, step for step (same NaN and inf results).
template <typename T> __host__ __device__ T logaddexp(T x, T y) {
  if (x == y) return x + lim<T>::ln2;  // also equal infinities, without inf - inf
  const T d = x - y;
  if (d > 0) return x + log1p_(exp_(-d));
  if (d <= 0) return y + log1p_(exp_(d));
  return d;
}
template <typename T> __host__ __device__ T logaddexp2(T x, T y) {
  if (x == y) return x + T(1);
  const T d = x - y;
  if (d > 0) return x + lim<T>::log2e * log1p_(exp2_(-d));
  if (d <= 0) return y + lim<T>::log2e * log1p_(exp2_(d));
  return d;
}

// NumPy's npy_deg2rad and npy_rad2deg: x times pi/180 and 180/pi, each constant rounded to T.
__host__ __device__ inline float deg2rad(float x) { return x * 0x1.1df46ap-6f; }
__host__ __device__ inline double deg2rad(double x) { return x * 0x1.1df46a2529d39p-6; }
__host__ __device__ inline float rad2deg(float x) { return x * 0x1.ca5dcp+5f; }
__host__ __device__ inline double rad2deg(double x) { return x * 0x1.ca5dc1a63c1f8p+5; }

// log|x + iy| to about an ulp: no overflow or subnormal precision loss in
// hypot, and near |z| = 1 (where log has no relative condition) through
// x^2 + y^2 - 1 from its exact terms (fma splits the squares), summed with
// two error-free passes (Ogita, Rump and Oishi's SumK, K = 3): accurate even
// where it cancels to far below an ulp of 1.
template <typename T> __host__ __device__ T x2y2m1(T x, T y) {
  T a[5] = {T(-1), x * x, y * y, T(0), T(0)};
  a[3] = fma_(x, x, -a[1]);
  a[4] = fma_(y, y, -a[2]);
  for (int pass = 0; pass < 2; ++pass)
    for (int i = 1; i < 5; ++i) {  // two-sum: a[i] + a[i-1] == s + e exactly
      const T s = a[i] + a[i - 1], bb = s - a[i];
      a[i - 1] = (a[i] - (s - bb)) + (a[i - 1] - bb);
      a[i] = s;
    }
  return a[4] + (a[0] + a[1] + a[2] + a[3]);
}
template <typename T> __host__ __device__ T log_abs(T x, T y) {
  x = fabs_(x);
  y = fabs_(y);
  if (isinf_(x) || isinf_(y)) return isinf_(x) ? x : y;  // +inf, even with a NaN
  const T h = hypot_(x, y);
  if (h >= T(0.25) && h <= T(4)) return T(0.5) * log1p_(x2y2m1(x, y));
  if (isinf_(h)) return log_(hypot_(x * T(0.5), y * T(0.5))) + lim<T>::ln2;
  if (h < lim<T>::min) return log_(hypot_(x * lim<T>::up, y * lim<T>::up)) - log_(lim<T>::up);
  return log_(h);
}

template <typename Z> __host__ __device__ Z csqrt(const Z& z) {
  typedef typename Z::value_type T;
  T x = z.real(), y = z.imag();
  if (isinf_(y)) return Z(fabs_(y), y);
  if (isnan_(x)) return Z(x, x);
  if (isinf_(x)) {  // y finite or NaN
    if (x > 0) return Z(x, isnan_(y) ? y : copysign_(T(0), y));
    return Z(isnan_(y) ? y : T(0), copysign_(-x, y));
  }
  if (isnan_(y)) return Z(y, y);
  if (x == 0 && y == 0) return Z(T(0), y);
  // sqrt((|x| + |z|) / 2), with arguments scaled by 4^k so that neither
  // |x| + |z| overflows nor subnormals lose bits.
  T scale = T(1);
  if (fabs_(x) >= lim<T>::max * T(0.25) || fabs_(y) >= lim<T>::max * T(0.25)) {
    x *= T(0.25), y *= T(0.25), scale = T(2);
  } else if (fabs_(x) < lim<T>::min * T(4) && fabs_(y) < lim<T>::min * T(4)) {
    x *= lim<T>::up * lim<T>::up, y *= lim<T>::up * lim<T>::up, scale = T(1) / lim<T>::up;
  }
  const T t = sqrt_(T(0.5) * (fabs_(x) + hypot_(x, y)));
  if (x >= 0) return Z(t * scale, y / (T(2) * t) * scale);
  return Z(fabs_(y) / (T(2) * t) * scale, copysign_(t, y) * scale);
}

template <typename Z> __host__ __device__ Z cexp(const Z& z) {
  typedef typename Z::value_type T;
  const T x = z.real(), y = z.imag();
  if (isnan_(x)) return Z(x, y == 0 ? y : x);
  if (!isfinite_(y)) {
    if (isinf_(x)) return x > 0 ? Z(x, y - y) : Z(T(0), copysign_(T(0), y));
    return Z(y - y, y - y);
  }
  if (y == 0) return Z(exp_(x), y);
  const T c = cos_(y), s = sin_(y);
  if (fabs_(x) > lim<T>::exp_safe) {  // exp(x) overflows or is subnormal where e^x cos y need not be
    const T h = exp_(x * T(0.5));
    return Z(c * h * h, s * h * h);
  }
  const T e = exp_(x);
  return Z(e * c, e * s);
}

template <typename Z> __host__ __device__ Z clog(const Z& z) { return Z(log_abs(z.real(), z.imag()), arg(z)); }

// sinh(x + iy) = sinh x cos y + i cosh x sin y, cosh(x + iy) = cosh x cos y + i sinh x sin y.
template <typename Z> __host__ __device__ Z csinh_ccosh(const Z& z, bool is_cosh) {
  typedef typename Z::value_type T;
  const T x = z.real(), y = z.imag();
  if (y == 0) return is_cosh ? Z(cosh_(x), isnan_(x) ? y : copysign_(T(1), x) * y) : Z(sinh_(x), y);
  if (!isfinite_(y)) {
    if (x == 0) return is_cosh ? Z(y - y, T(0)) : Z(x, y - y);
    return Z(isinf_(x) ? fabs_(x) : y - y, y - y);
  }
  const T c = cos_(y), s = sin_(y);
  if (fabs_(x) > lim<T>::exp_safe) {  // cosh x = |sinh x| = e^|x| / 2 = (h / 2) h overflows before the products
    const T h = exp_(fabs_(x) * T(0.5)), sx = copysign_(T(1), x);
    const T hc = T(0.5) * h * c * h, hs = T(0.5) * h * s * h;
    return is_cosh ? Z(hc, sx * hs) : Z(sx * hc, hs);
  }
  return is_cosh ? Z(cosh_(x) * c, sinh_(x) * s) : Z(sinh_(x) * c, cosh_(x) * s);
}
template <typename Z> __host__ __device__ Z csinh(const Z& z) { return csinh_ccosh(z, false); }
template <typename Z> __host__ __device__ Z ccosh(const Z& z) { return csinh_ccosh(z, true); }

// tanh(x + iy) = (sinh x cosh x + i sin y cos y) / (sinh^2 x + cos^2 y): a
// sum of squares, so no cancellation (glibc's formula; Kahan's, with tan y,
// is as accurate but a few ulp from NumPy's results near the poles).
template <typename Z> __host__ __device__ Z ctanh(const Z& z) {
  typedef typename Z::value_type T;
  const T x = z.real(), y = z.imag();
  if (isnan_(x)) return Z(x, y == 0 ? y : x);
  if (isinf_(x)) return Z(copysign_(T(1), x), copysign_(T(0), isfinite_(y) ? sin_(y) * cos_(y) : y));
  if (!isfinite_(y)) return Z(x == 0 ? x : y - y, y - y);
  const T sy = sin_(y), cy = cos_(y);
  if (fabs_(x) > lim<T>::tanh_one)  // sinh^2 x dominates: the imaginary part is ~ 4 sin y cos y e^-2|x|
    return Z(copysign_(T(1), x), T(4) * sy * cy * exp_(T(-2) * fabs_(x)));
  const T sx = sinh_(x), d = sx * sx + cy * cy;
  return Z(sx * cosh_(x) / d, sy * cy / d);
}

// asin(x + iy) for finite x, y >= 0 (Hull, Fairgrieve and Tang, ACM TOMS 23,
// 1997): the real part of asin, or of acos when `of_acos`, and the imaginary
// part of asin (acos's is its negative), each to a few ulp, without overflow.
template <typename T> __host__ __device__ void asin_parts(T x, T y, bool of_acos, T& re, T& im) {
  if (x > lim<T>::big || y > lim<T>::big) {  // asin z = -i log(2iz) + O(1/z^2)
    re = of_acos ? atan2_(y, x) : atan2_(x, y);
    im = log_abs(x, y) + lim<T>::ln2;
    return;
  }
  const T r = hypot_(x + T(1), y), s = hypot_(x - T(1), y), a = T(0.5) * (r + s), b = x / a;
  const T xp1 = r + (x + T(1));
  if (b <= T(0.6417)) {
    re = of_acos ? acos_(b) : asin_(b);
  } else {  // asin b = atan(x / q) loses nothing near b = 1
    const T apx = a + x;
    const T q = x <= T(1) ? sqrt_(T(0.5) * apx * (y * y / xp1 + (s + (T(1) - x))))
                          : y * sqrt_(T(0.5) * (apx / xp1 + apx / (s + (x - T(1)))));
    re = of_acos ? atan_(q / x) : atan_(x / q);
  }
  if (a <= T(1.5)) {  // im = log1p(a - 1 + sqrt((a - 1)(a + 1))) with a - 1 free of cancellation
    T am1, sq;
    if (x < T(1)) {  // a - 1 = k y^2: y is not squared where it matters, so tiny y keeps its bits
      const T k = T(0.5) * (T(1) / xp1 + T(1) / (s + (T(1) - x)));
      am1 = k * y * y;
      sq = y * sqrt_(k * (a + T(1)));
    } else {  // 2(a - 1) first: at x = 1 it is ~y, which may be subnormal and must not be halved first
      const T am1x2 = y * y / xp1 + (s + (x - T(1)));
      am1 = T(0.5) * am1x2;
      sq = sqrt_(T(0.5) * (a + T(1)) * am1x2);
    }
    im = log1p_(am1 + sq);
  } else {
    im = log_(a + sqrt_(a * a - T(1)));
  }
}

template <typename Z> __host__ __device__ Z casinh(const Z& z) {
  typedef typename Z::value_type T;
  const T x = z.real(), y = z.imag();
  if (isnan_(x) || isnan_(y)) {
    if (isinf_(x) || isinf_(y)) return Z(isinf_(x) ? x : fabs_(y), x + y);
    return Z(x + y, y == 0 ? y : x + y);
  }
  T re, im;  // asinh(x + iy) = i conj(asin(y + ix))
  asin_parts(fabs_(y), fabs_(x), false, re, im);
  return Z(copysign_(im, x), copysign_(re, y));
}

template <typename Z> __host__ __device__ Z casin(const Z& z) {  // -i asinh(iz)
  typedef typename Z::value_type T;
  const T x = z.real(), y = z.imag();
  if (isnan_(x) || isnan_(y)) {
    if (isinf_(x) || isinf_(y)) return Z(x + y, isinf_(y) ? y : fabs_(x));
    return Z(x == 0 ? x : x + y, x + y);
  }
  const Z w = casinh(Z(-y, x));
  return Z(w.imag(), -w.real());
}

// acos z, and acosh z = +-i acos z with a real part >= 0.
template <typename Z> __host__ __device__ Z cacos_cacosh(const Z& z, bool is_acosh) {
  typedef typename Z::value_type T;
  const T x = z.real(), y = z.imag();
  if (isnan_(x) || isnan_(y)) {
    const T nan = x + y;
    if (isinf_(x) || isinf_(y)) {
      const T inf = fabs_(isinf_(x) ? x : y);
      return is_acosh ? Z(inf, nan) : Z(nan, isinf_(y) ? -y : -inf);
    }
    if (x == 0) return is_acosh ? Z(nan, lim<T>::pi_2) : Z(lim<T>::pi_2, nan);
    return Z(nan, nan);
  }
  T re, im;
  asin_parts(fabs_(x), fabs_(y), true, re, im);
  if (signbit_(x)) re = lim<T>::pi - re;  // acos(-z) = pi - acos z
  return is_acosh ? Z(im, copysign_(re, y)) : Z(re, signbit_(y) ? im : -im);
}
template <typename Z> __host__ __device__ Z cacos(const Z& z) { return cacos_cacosh(z, false); }
template <typename Z> __host__ __device__ Z cacosh(const Z& z) { return cacos_cacosh(z, true); }

// atanh z = log((1 + z) / (1 - z)) / 2:
//   re = log1p(4x / ((1 - x)^2 + y^2)) / 4, im = atan2(2y, (1 - x)(1 + x) - y^2) / 2.
template <typename Z> __host__ __device__ Z catanh(const Z& z) {
  typedef typename Z::value_type T;
  const T x = z.real(), y = z.imag(), ax = fabs_(x), ay = fabs_(y);
  if (isnan_(x) || isnan_(y)) {
    if (isinf_(x)) return Z(copysign_(T(0), x), y);
    if (isinf_(y)) return Z(T(0), copysign_(lim<T>::pi_2, y));
    return Z(x == 0 ? x : x + y, x + y);
  }
  T re, im;
  if (ax > lim<T>::big || ay > lim<T>::big) {  // atanh z = 1/z +- i pi/2 + O(1/z^3)
    // 1/z = (x - iy) / |z|^2 with |z|^2 = m^2 (1 + t^2), t <= 1: no overflow.
    const bool xm = ax >= ay;
    const T m = xm ? ax : ay, t = isinf_(m) ? T(0) : xm ? ay / ax : ax / ay, d = T(1) + t * t;
    re = (xm ? T(1) : t) / m / d;
    im = T(0.5) * atan2_(T(2) * ((xm ? t : T(1)) / m / d), T(-1));
  } else {
    const T d = (T(1) - ax) * (T(1) - ax) + ay * ay;
    // Near z = 1 the quotient overflows: the difference of the logs has no cancellation there.
    re = d < lim<T>::eps ? T(0.5) * (log_abs(T(1) + ax, ay) - log_abs(T(1) - ax, ay))
                         : T(0.25) * log1p_(T(4) * ax / d);
    im = T(0.5) * atan2_(T(2) * ay, (T(1) - ax) * (T(1) + ax) - ay * ay);
  }
  return Z(copysign_(re, x), copysign_(im, y));
}

template <typename Z> __host__ __device__ Z catan(const Z& z) {  // -i atanh(iz)
  typedef typename Z::value_type T;
  const T x = z.real(), y = z.imag();
  if (isnan_(x) || isnan_(y)) {
    if (isinf_(x)) return Z(copysign_(lim<T>::pi_2, x), T(0));
    if (isinf_(y)) return Z(x + y, copysign_(T(0), y));
    return Z(x + y, y == 0 ? y : x + y);
  }
  const Z w = catanh(Z(-y, x));
  return Z(w.imag(), -w.real());
}

// The trigonometric functions from the hyperbolic ones, as C99 defines them.
template <typename Z> __host__ __device__ Z csin(const Z& z) {
  const Z w = csinh(Z(-z.imag(), z.real()));
  const bool inf_nan = isinf_(z.imag()) && !isfinite_(z.real());  // glibc: +inf, of the two C99 allows
  return Z(w.imag(), inf_nan ? fabs_(z.imag()) : -w.real());
}
template <typename Z> __host__ __device__ Z ccos(const Z& z) { return ccosh(Z(-z.imag(), z.real())); }
template <typename Z> __host__ __device__ Z ctan(const Z& z) {
  const Z w = ctanh(Z(-z.imag(), z.real()));
  return Z(w.imag(), -w.real());
}

// NumPy's own complex loops (nc_exp2, nc_expm1, nc_log2, nc_log10, nc_log1p), formula for formula.
template <typename Z> __host__ __device__ Z cexp2(const Z& z) {
  typedef typename Z::value_type T;
  return cexp(Z(z.real() * lim<T>::ln2, z.imag() * lim<T>::ln2));
}
template <typename Z> __host__ __device__ Z cexpm1(const Z& z) {
  typedef typename Z::value_type T;
  const T x = z.real(), y = z.imag(), a = sin_(y / T(2));
  return Z(expm1_(x) * cos_(y) - T(2) * a * a, exp_(x) * sin_(y));
}
template <typename Z> __host__ __device__ Z clog2(const Z& z) {
  typedef typename Z::value_type T;
  const Z w = clog(z);
  return Z(w.real() * lim<T>::log2e, w.imag() * lim<T>::log2e);
}
template <typename Z> __host__ __device__ Z clog10(const Z& z) {
  typedef typename Z::value_type T;
  const Z w = clog(z);
  return Z(w.real() * lim<T>::log10e, w.imag() * lim<T>::log10e);
}
template <typename Z> __host__ __device__ Z clog1p(const Z& z) {
  typedef typename Z::value_type T;
  const T xp1 = z.real() + T(1);
  return Z(log_(hypot_(xp1, z.imag())), atan2_(z.imag(), xp1));
}

}  // namespace math
}  // namespace ga
