// SPDX-License-Identifier: BSD-3-Clause
// Device helpers for the arithmetic ufunc loops (cpp/kernels/ufuncs_arithmetic.cpp),
// with NumPy's results at the edges: wrapping integers, division by zero,
// floored division, NaN-propagating extrema, lexicographic complex order.
// float16 loops convert to float around these helpers (as NumPy computes
// float16 in float32), so nothing here names __half. Complex helpers are
// templates over a declared ga::complex, instantiated only in kernels that
// include complex.cuh. Includes nothing: NVRTC compiles it with every loop;
// it also compiles as host C++ (the host tests run the loops on the CPU).
#pragma once

namespace ga {
template <typename T> struct complex;

namespace arith {

// Integers wrap modulo 2^bits as in NumPy: compute in an unsigned type at
// least as wide as int (signed overflow and promoted unsigned short products
// are undefined in C++), then narrow.
template <typename T> struct int_traits;
#define GA_ARITH_INT(T, W, S) \
  template <> struct int_traits<T> { typedef W wrap; static constexpr bool is_signed = S; };
GA_ARITH_INT(signed char, unsigned int, true)
GA_ARITH_INT(short, unsigned int, true)
GA_ARITH_INT(int, unsigned int, true)
GA_ARITH_INT(long long, unsigned long long, true)
GA_ARITH_INT(unsigned char, unsigned int, false)
GA_ARITH_INT(unsigned short, unsigned int, false)
GA_ARITH_INT(unsigned int, unsigned int, false)
GA_ARITH_INT(unsigned long long, unsigned long long, false)
#undef GA_ARITH_INT
template <typename T> using wrap_t = typename int_traits<T>::wrap;

template <typename T> __host__ __device__ T add(T a, T b) { return T(wrap_t<T>(a) + wrap_t<T>(b)); }
template <typename T> __host__ __device__ T sub(T a, T b) { return T(wrap_t<T>(a) - wrap_t<T>(b)); }
template <typename T> __host__ __device__ T mul(T a, T b) { return T(wrap_t<T>(a) * wrap_t<T>(b)); }
template <typename T> __host__ __device__ T neg(T a) { return T(wrap_t<T>(0) - wrap_t<T>(a)); }
template <typename T> __host__ __device__ bool is_negative(T a) {
  if constexpr (int_traits<T>::is_signed) return a < 0;
  return false;
}
template <typename T> __host__ __device__ T abs_int(T a) { return is_negative(a) ? neg(a) : a; }
template <typename T> __host__ __device__ T sign_int(T a) { return T((a > 0) - is_negative(a)); }
// |a| exactly (|MIN| too), in the wrapping type.
template <typename T> __host__ __device__ wrap_t<T> magnitude(T a) {
  return is_negative(a) ? wrap_t<T>(0) - wrap_t<T>(a) : wrap_t<T>(a);
}

// Division and modulo by zero give 0 (NumPy warns and gives 0). Dividing by
// -1 is negation (wrapping MIN / -1, which traps on some hosts).
template <typename T> __host__ __device__ T floor_div_int(T a, T b) {
  if (b == 0) return 0;
  if (is_negative(b) && b == T(-1)) return neg(a);
  const T q = T(a / b);
  return (a % b != 0 && is_negative(a) != is_negative(b)) ? T(q - 1) : q;
}
template <typename T> __host__ __device__ T fmod_int(T a, T b) {
  return (b == 0 || (is_negative(b) && b == T(-1))) ? T(0) : T(a % b);
}
// The remainder takes the divisor's sign.
template <typename T> __host__ __device__ T remainder_int(T a, T b) {
  const T r = fmod_int(a, b);
  return (r != 0 && is_negative(r) != is_negative(b)) ? T(r + b) : r;
}
template <typename T> __host__ __device__ T reciprocal_int(T a) { return a == 0 ? T(0) : T(1 / a); }

// Negative exponents have no integer result (NumPy raises for arrays): the
// device gives 1/a^-b truncated, i.e. 1 for a == 1, +-1 for a == -1, else 0.
template <typename T> __host__ __device__ T power_int(T a, T b) {
  if (is_negative(b)) return a == 1 ? T(1) : (is_negative(a) && a == T(-1)) ? T((b & 1) ? -1 : 1) : T(0);
  wrap_t<T> r = 1, x = wrap_t<T>(a);
  for (wrap_t<T> e = wrap_t<T>(b); e != 0; e >>= 1, x *= x)
    if (e & 1) r *= x;
  return T(r);
}

// Shifts by the type's width or more (or by a negative count) shift out
// every bit, as NumPy.
template <typename T> __host__ __device__ T left_shift(T a, T b) {
  return (unsigned long long)b < 8 * sizeof(T) ? T(wrap_t<T>(a) << b) : T(0);
}
template <typename T> __host__ __device__ T right_shift(T a, T b) {
  return (unsigned long long)b < 8 * sizeof(T) ? T(a >> b) : T(is_negative(a) ? -1 : 0);
}

// The ones in |a| (NumPy's bitwise_count counts the magnitude of signed
// values; |MIN| has one bit), as uint8.
template <typename T> __host__ __device__ unsigned char bit_count(T a) {
  const unsigned long long v = magnitude(a);
#ifdef __CUDA_ARCH__
  return (unsigned char)__popcll(v);
#else
  return (unsigned char)__builtin_popcountll(v);
#endif
}

// gcd and lcm of the magnitudes, narrowed back (gcd(-128, 0) is -128 in int8, as NumPy).
template <typename T> __host__ __device__ wrap_t<T> gcd_wrap(T a, T b) {
  wrap_t<T> x = magnitude(a), y = magnitude(b);
  while (y != 0) {
    const wrap_t<T> t = x % y;
    x = y;
    y = t;
  }
  return x;
}
template <typename T> __host__ __device__ T gcd(T a, T b) { return T(gcd_wrap(a, b)); }
template <typename T> __host__ __device__ T lcm(T a, T b) {
  const wrap_t<T> g = gcd_wrap(a, b);
  return g == 0 ? T(0) : T(magnitude(a) / g * magnitude(b));
}

// int64 against uint64 (NumPy's 'qQ->?' and 'Qq->?' loops): a negative int64
// is below every uint64; -1, 0, 1 as a < b, a == b, a > b.
__host__ __device__ inline int order(long long a, unsigned long long b) {
  return a < 0 ? -1 : (unsigned long long)a < b ? -1 : (unsigned long long)a > b;
}
__host__ __device__ inline int order(unsigned long long a, long long b) { return -order(b, a); }

// ---- floating point ------------------------------------------------------------
// float and double routines by overload (plain `floor(x)` on a float would
// compute in double on the host).
#define GA_ARITH_MATH1(name) \
  __host__ __device__ inline float m_##name(float x) { return name##f(x); } \
  __host__ __device__ inline double m_##name(double x) { return name(x); }
#define GA_ARITH_MATH2(name) \
  __host__ __device__ inline float m_##name(float x, float y) { return name##f(x, y); } \
  __host__ __device__ inline double m_##name(double x, double y) { return name(x, y); }
GA_ARITH_MATH1(floor)
GA_ARITH_MATH1(ceil)
GA_ARITH_MATH1(trunc)
GA_ARITH_MATH1(rint)
GA_ARITH_MATH1(fabs)
GA_ARITH_MATH1(log)
GA_ARITH_MATH1(exp)
GA_ARITH_MATH1(cos)
GA_ARITH_MATH1(sin)
GA_ARITH_MATH2(fmod)
GA_ARITH_MATH2(pow)
GA_ARITH_MATH2(copysign)
GA_ARITH_MATH2(nextafter)
GA_ARITH_MATH2(hypot)
GA_ARITH_MATH2(atan2)
#undef GA_ARITH_MATH1
#undef GA_ARITH_MATH2
__host__ __device__ inline float m_ldexp(float x, int n) { return ldexpf(x, n); }
__host__ __device__ inline double m_ldexp(double x, int n) { return ldexp(x, n); }
__host__ __device__ inline float m_frexp(float x, int* e) { return frexpf(x, e); }
__host__ __device__ inline double m_frexp(double x, int* e) { return frexp(x, e); }
__host__ __device__ inline float m_modf(float x, float* i) { return modff(x, i); }
__host__ __device__ inline double m_modf(double x, double* i) { return modf(x, i); }

template <typename T> __host__ __device__ bool is_nan(T x) { return x != x; }
template <typename T> __host__ __device__ bool is_finite(T x) { return x - x == T(0); }  // inf - inf is NaN
template <typename T> __host__ __device__ bool is_inf(T x) { return !is_nan(x) && !is_finite(x); }
template <typename T> __host__ __device__ bool sign_bit(T x) { return m_copysign(T(1), x) < T(0); }
// A quiet NaN without <limits> or a constant 0/0, which compilers warn about.
template <typename T> __host__ __device__ T nan_like(T x) {
  const T zero = x * T(0);  // NaN already when x is inf or NaN
  return zero / zero;
}

// NumPy's floored division: q and r with a == q*b + r, r of b's sign, q the
// floor of a/b computed from (a - fmod(a, b)) / b, which is exact but for
// rounding, then snapped to the nearest integer. b == 0 gives a/b and NaN.
template <typename T> __host__ __device__ void divmod(T a, T b, T& q, T& r) {
  r = m_fmod(a, b);
  if (b == T(0)) {
    q = a / b;
    return;
  }
  T div = (a - r) / b;
  if (r == T(0)) {
    r = m_copysign(T(0), b);
  } else if ((b < T(0)) != (r < T(0))) {
    r += b;
    div -= T(1);
  }
  if (div == T(0)) {
    q = m_copysign(T(0), a / b);
    return;
  }
  q = m_floor(div);
  if (div - q > T(0.5)) q += T(1);
}
template <typename T> __host__ __device__ T floor_divide(T a, T b) {
  T q, r;
  divmod(a, b, q, r);
  return q;
}
template <typename T> __host__ __device__ T remainder(T a, T b) {
  T q, r;
  divmod(a, b, q, r);
  return r;
}

// maximum/minimum propagate NaN; fmax/fmin ignore one. On ties (+0, -0)
// the second operand wins, as NumPy's vectorized float loops.
template <typename T> __host__ __device__ T maximum(T a, T b) { return (a > b || is_nan(a)) ? a : b; }
template <typename T> __host__ __device__ T minimum(T a, T b) { return (a < b || is_nan(a)) ? a : b; }
template <typename T> __host__ __device__ T fmax(T a, T b) { return (a > b || is_nan(b)) ? a : b; }
template <typename T> __host__ __device__ T fmin(T a, T b) { return (a < b || is_nan(b)) ? a : b; }

// +-0 for zero and NaN for NaN.
template <typename T> __host__ __device__ T sign(T x) {
  return x > T(0) ? T(1) : x < T(0) ? T(-1) : x == T(0) ? T(0) : x;
}
template <typename T> __host__ __device__ T heaviside(T x, T h) {
  return is_nan(x) ? x : x == T(0) ? h : x < T(0) ? T(0) : T(1);
}
// The gap to the next value away from zero; spacing(+-0) is the smallest
// subnormal, positive; inf gives NaN.
template <typename T> __host__ __device__ T spacing(T x) {
  if (!is_finite(x)) return nan_like(x);
  return x == T(0) ? m_nextafter(T(0), T(1)) : m_nextafter(x, x * T(2)) - x;
}
// float16 on its bit pattern (sign and magnitude).
__host__ __device__ inline unsigned short half_nextafter(unsigned short x, unsigned short y) {
  const unsigned short ax = x & 0x7fff, ay = y & 0x7fff;
  if (ax > 0x7c00 || ay > 0x7c00) return 0x7e00;
  if (x == y || (ax | ay) == 0) return y;  // C99 (and NumPy 2.5): y when x == y, so -0 towards +0 is +0
  if (ax == 0) return (y & 0x8000) | 1;
  const bool away = ((x ^ y) & 0x8000) == 0 && ay > ax;  // y beyond x on x's side of zero
  return away ? x + 1 : x - 1;
}
// float16 spacing is the gap to the next value towards +inf, always positive
// (NumPy's float16 rule, unlike float and double); the caller subtracts.
__host__ __device__ inline unsigned short half_next_up(unsigned short x) {
  if ((x & 0x7c00) == 0x7c00) return 0x7e00;  // inf and NaN: NaN
  return (x & 0x8000) == 0 ? x + 1 : x == 0x8000 ? 1 : x - 1;
}

// bfloat16's nextafter as float16's, with its own infinity and NaN patterns.
__host__ __device__ inline unsigned short bfloat16_nextafter(unsigned short x, unsigned short y) {
  const unsigned short ax = x & 0x7fff, ay = y & 0x7fff;
  if (ax > 0x7f80 || ay > 0x7f80) return 0x7fc0;
  if (x == y || (ax | ay) == 0) return y;
  if (ax == 0) return (y & 0x8000) | 1;
  const bool away = ((x ^ y) & 0x8000) == 0 && ay > ax;
  return away ? x + 1 : x - 1;
}
// bfloat16 spacing is ml_dtypes': the gap from |x| to the next value away
// from zero, with x's sign; at the largest finite value, the gap below it
// (not infinity). Inf and NaN give NaN. The gap is a power of two, exact in
// bfloat16.
__host__ __device__ inline float bfloat16_bits_to_float(unsigned int bits) {
  const unsigned int word = bits << 16;  // bfloat16 is float32's upper half
#if defined(__CUDA_ARCH__)
  return __uint_as_float(word);
#else  // the host build of the loops (tests/ufuncs)
  float f;
  __builtin_memcpy(&f, &word, sizeof f);
  return f;
#endif
}
__host__ __device__ inline float bfloat16_spacing(unsigned short x) {
  const unsigned short ax = x & 0x7fff;
  if (ax >= 0x7f80) return bfloat16_bits_to_float(0x7fc0);
  const unsigned int low = ax == 0x7f7f ? ax - 1 : ax;
  const float gap = bfloat16_bits_to_float(low + 1) - bfloat16_bits_to_float(low);
  return (x & 0x8000) ? -gap : gap;
}

// Exponents beyond int's range saturate (they overflow or underflow anyway).
template <typename T> __host__ __device__ T ldexp(T x, long long n) {
  return m_ldexp(x, n > 2147483647 ? 2147483647 : n < -2147483647 - 1 ? -2147483647 - 1 : int(n));
}

// ---- complex ---------------------------------------------------------------------
template <typename T> __host__ __device__ bool truth(T x) { return x != T(0); }  // NaN is true
template <typename T> __host__ __device__ bool truth(const complex<T>& z) {
  return z.real() != T(0) || z.imag() != T(0);
}
template <typename T> __host__ __device__ bool is_nan(const complex<T>& z) {
  return is_nan(z.real()) || is_nan(z.imag());
}
template <typename T> __host__ __device__ bool is_finite(const complex<T>& z) {
  return is_finite(z.real()) && is_finite(z.imag());
}
template <typename T> __host__ __device__ bool is_inf(const complex<T>& z) {
  return is_inf(z.real()) || is_inf(z.imag());
}

// NumPy's lexicographic order: real parts first, then imaginary parts; a
// NaN imaginary part makes the real-part comparison false.
template <typename T> __host__ __device__ bool less(const complex<T>& a, const complex<T>& b, bool or_equal) {
  if (a.real() == b.real()) return or_equal ? a.imag() <= b.imag() : a.imag() < b.imag();
  return a.real() < b.real() && !is_nan(a.imag()) && !is_nan(b.imag());
}
template <typename T> __host__ __device__ complex<T> maximum(const complex<T>& a, const complex<T>& b) {
  return (is_nan(a) || less(b, a, true)) ? a : b;
}
template <typename T> __host__ __device__ complex<T> minimum(const complex<T>& a, const complex<T>& b) {
  return (is_nan(a) || less(a, b, true)) ? a : b;
}
template <typename T> __host__ __device__ complex<T> fmax(const complex<T>& a, const complex<T>& b) {
  return (is_nan(b) || less(b, a, true)) ? a : b;
}
template <typename T> __host__ __device__ complex<T> fmin(const complex<T>& a, const complex<T>& b) {
  return (is_nan(b) || less(a, b, true)) ? a : b;
}

template <typename T> __host__ __device__ complex<T> rint(const complex<T>& z) {
  return complex<T>(m_rint(z.real()), m_rint(z.imag()));
}
// NumPy 2: z/|z|; an infinite part gives its unit direction, NaN gives NaN.
template <typename T> __host__ __device__ complex<T> sign(const complex<T>& z) {
  const T re = z.real(), im = z.imag(), r = m_hypot(re, im);
  if (is_nan(r) || (is_inf(re) && is_inf(im))) return complex<T>(nan_like(r), nan_like(r));
  if (is_inf(r)) {  // |z| overflowed: NumPy answers +-1 or +-i (even for max + max*i)
    if (is_inf(re)) return complex<T>(re > T(0) ? T(1) : T(-1), T(0));
    return complex<T>(T(0), im > T(0) ? T(1) : T(-1));
  }
  if (r == T(0)) return complex<T>(T(0), T(0));
  return complex<T>(re / r, im / r);
}
// 1/z by Smith's method scaled on the larger part, as NumPy's reciprocal.
template <typename T> __host__ __device__ complex<T> reciprocal(const complex<T>& z) {
  const T re = z.real(), im = z.imag();
  if (m_fabs(im) <= m_fabs(re)) {
    const T t = im / re, d = re + im * t;
    return complex<T>(T(1) / d, -t / d);
  }
  const T t = re / im, d = re * t + im;
  return complex<T>(t / d, T(-1) / d);
}
// NumPy's complex power: a**0 is 1; 0**b is 0 when b's real part is > 0, else NaN;
// real integral b of magnitude below 100 by products (a*a, a*a*a, then
// binary powering from 1, and 1/a**-b), so inf parts behave as products do;
// other b: exp(b log a).
template <typename T> __host__ __device__ complex<T> power(const complex<T>& a, const complex<T>& b) {
  if (b.real() == T(0) && b.imag() == T(0)) return complex<T>(T(1), T(0));
  if (a.real() == T(0) && a.imag() == T(0)) {
    if (b.real() > T(0)) return complex<T>(T(0), T(0));
    const T nan = nan_like(b.real());
    return complex<T>(nan, nan);
  }
  const T n = m_trunc(b.real());
  if (b.imag() == T(0) && n == b.real() && m_fabs(n) < T(100)) {
    if (n == T(1)) return a;
    if (n == T(2)) return a * a;
    if (n == T(3)) return a * (a * a);
    complex<T> r(T(1), T(0)), p = a;
    for (int e = int(m_fabs(n));; p = p * p) {
      if (e & 1) r = r * p;
      if ((e >>= 1) == 0) break;
    }
    return n < T(0) ? complex<T>(T(1), T(0)) / r : r;
  }
  const complex<T> l = complex<T>(m_log(m_hypot(a.real(), a.imag())), m_atan2(a.imag(), a.real())) * b;
  const T m = m_exp(l.real());
  return complex<T>(m * m_cos(l.imag()), m * m_sin(l.imag()));
}

}  // namespace arith
}  // namespace ga
