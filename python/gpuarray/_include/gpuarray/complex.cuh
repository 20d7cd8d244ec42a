// SPDX-License-Identifier: BSD-3-Clause
// ga::complex<T>: the device type of complex64 (T = float) and complex128
// (T = double). Laid out as two T's aligned to 2*sizeof(T), like float2 and
// double2, so arrays of NumPy complex values can be read in one load.
// Division and abs follow NumPy (Smith's method, hypot) so that later ufuncs
// built on these operators agree with NumPy at the edges (zero, inf, huge).
// Needs no other header: NVRTC compiles it without an include path.
#pragma once

namespace ga {
namespace detail {

template <bool B, typename T = void> struct enable_if {};
template <typename T> struct enable_if<true, T> { typedef T type; };

// Overloads picking the float or double math routine.
__host__ __device__ inline float abs_(float x) { return fabsf(x); }
__host__ __device__ inline double abs_(double x) { return fabs(x); }
__host__ __device__ inline float hypot_(float x, float y) { return hypotf(x, y); }
__host__ __device__ inline double hypot_(double x, double y) { return hypot(x, y); }
__host__ __device__ inline float atan2_(float y, float x) { return atan2f(y, x); }
__host__ __device__ inline double atan2_(double y, double x) { return atan2(y, x); }

}  // namespace detail

template <typename T>
struct alignas(2 * sizeof(T)) complex {
  typedef T value_type;

  // Trivial, so complex values can live in __shared__ arrays.
  complex() = default;
  __host__ __device__ constexpr complex(T re, T im = T()) : re_(re), im_(im) {}
  // Widening (float -> double) converts implicitly, narrowing only explicitly,
  // as with std::complex: mixed expressions then have one best overload.
  template <typename U, typename detail::enable_if<(sizeof(U) <= sizeof(T)), int>::type = 0>
  __host__ __device__ constexpr complex(const complex<U>& z) : re_(T(z.real())), im_(T(z.imag())) {}
  template <typename U, typename detail::enable_if<(sizeof(U) > sizeof(T)), int>::type = 0>
  __host__ __device__ explicit constexpr complex(const complex<U>& z) : re_(T(z.real())), im_(T(z.imag())) {}

  __host__ __device__ constexpr T real() const { return re_; }
  __host__ __device__ constexpr T imag() const { return im_; }
  __host__ __device__ void real(T re) { re_ = re; }
  __host__ __device__ void imag(T im) { im_ = im; }

  __host__ __device__ complex& operator+=(const complex& z) { re_ += z.re_; im_ += z.im_; return *this; }
  __host__ __device__ complex& operator-=(const complex& z) { re_ -= z.re_; im_ -= z.im_; return *this; }
  __host__ __device__ complex& operator*=(const complex& z) { return *this = *this * z; }
  __host__ __device__ complex& operator/=(const complex& z) { return *this = *this / z; }
  __host__ __device__ complex& operator+=(T x) { re_ += x; return *this; }
  __host__ __device__ complex& operator-=(T x) { re_ -= x; return *this; }
  __host__ __device__ complex& operator*=(T x) { re_ *= x; im_ *= x; return *this; }
  __host__ __device__ complex& operator/=(T x) { re_ /= x; im_ /= x; return *this; }

  // Hidden friends: found through the complex operand, and an int or double
  // operand converts to T, so `z * 2` and `2.0 - z` work for complex<float>.
  friend __host__ __device__ complex operator+(const complex& z) { return z; }
  friend __host__ __device__ complex operator-(const complex& z) { return complex(-z.re_, -z.im_); }

  friend __host__ __device__ complex operator+(const complex& a, const complex& b) { return complex(a.re_ + b.re_, a.im_ + b.im_); }
  friend __host__ __device__ complex operator+(const complex& a, T x) { return complex(a.re_ + x, a.im_); }
  friend __host__ __device__ complex operator+(T x, const complex& b) { return complex(x + b.re_, b.im_); }

  friend __host__ __device__ complex operator-(const complex& a, const complex& b) { return complex(a.re_ - b.re_, a.im_ - b.im_); }
  friend __host__ __device__ complex operator-(const complex& a, T x) { return complex(a.re_ - x, a.im_); }
  friend __host__ __device__ complex operator-(T x, const complex& b) { return complex(x - b.re_, -b.im_); }

  friend __host__ __device__ complex operator*(const complex& a, const complex& b) {
    return complex(a.re_ * b.re_ - a.im_ * b.im_, a.re_ * b.im_ + a.im_ * b.re_);
  }
  friend __host__ __device__ complex operator*(const complex& a, T x) { return complex(a.re_ * x, a.im_ * x); }
  friend __host__ __device__ complex operator*(T x, const complex& b) { return complex(x * b.re_, x * b.im_); }

  // Smith's method: scaling by the larger divisor component avoids the
  // overflow of |b|^2; a zero divisor gives inf/nan parts as in NumPy.
  friend __host__ __device__ complex operator/(const complex& a, const complex& b) {
    T br = detail::abs_(b.re_), bi = detail::abs_(b.im_);
    if (br >= bi) {
      if (br == T(0) && bi == T(0)) return complex(a.re_ / br, a.im_ / br);
      T ratio = b.im_ / b.re_;
      T scale = T(1) / (b.re_ + b.im_ * ratio);
      return complex((a.re_ + a.im_ * ratio) * scale, (a.im_ - a.re_ * ratio) * scale);
    }
    T ratio = b.re_ / b.im_;
    T scale = T(1) / (b.im_ + b.re_ * ratio);
    return complex((a.re_ * ratio + a.im_) * scale, (a.im_ * ratio - a.re_) * scale);
  }
  friend __host__ __device__ complex operator/(const complex& a, T x) { return complex(a.re_ / x, a.im_ / x); }
  friend __host__ __device__ complex operator/(T x, const complex& b) { return complex(x) / b; }

  friend __host__ __device__ bool operator==(const complex& a, const complex& b) { return a.re_ == b.re_ && a.im_ == b.im_; }
  friend __host__ __device__ bool operator==(const complex& a, T x) { return a.re_ == x && a.im_ == T(0); }
  friend __host__ __device__ bool operator==(T x, const complex& b) { return x == b.re_ && b.im_ == T(0); }
  friend __host__ __device__ bool operator!=(const complex& a, const complex& b) { return !(a == b); }
  friend __host__ __device__ bool operator!=(const complex& a, T x) { return !(a == x); }
  friend __host__ __device__ bool operator!=(T x, const complex& b) { return !(x == b); }

 private:
  T re_;
  T im_;
};

template <typename T> __host__ __device__ T real(const complex<T>& z) { return z.real(); }
template <typename T> __host__ __device__ T imag(const complex<T>& z) { return z.imag(); }
template <typename T> __host__ __device__ complex<T> conj(const complex<T>& z) { return complex<T>(z.real(), -z.imag()); }
template <typename T> __host__ __device__ T abs(const complex<T>& z) { return detail::hypot_(z.real(), z.imag()); }
template <typename T> __host__ __device__ T arg(const complex<T>& z) { return detail::atan2_(z.imag(), z.real()); }
template <typename T> __host__ __device__ T norm(const complex<T>& z) { return z.real() * z.real() + z.imag() * z.imag(); }

}  // namespace ga
