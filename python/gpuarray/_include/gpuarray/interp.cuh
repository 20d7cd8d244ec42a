// SPDX-License-Identifier: BSD-3-Clause
// numpy.interp at one point: the piecewise-linear interpolant of (xp, fp)
// at x, with NumPy's rules in NumPy's order, so results match it bit for bit
// for real fp (compiled with -fmad=false, as elementwise kernels are):
//   - x NaN gives NaN (NaN + 0j for complex fp);
//   - x below xp[0] gives `left`, above xp[n-1] `right`;
//   - x equal to a sample point gives its fp (the last such point), which
//     also keeps non-finite slopes out of exact hits;
//   - otherwise slope * (x - xp[j]) + fp[j], and for real fp, when that is
//     NaN (an infinite fp), the same from the right end, then fp[j] itself
//     where fp[j] == fp[j+1];
//   - a single sample point: left, right or fp[0] by comparison alone.
// Complex fp interpolates the real and imaginary parts with slopes
// (fp[j+1] - fp[j]) * (1 / (xp[j+1] - xp[j])), as NumPy's complex loop.
// xp must be increasing (not checked, as in NumPy). Raw: any type with
// operator[](long long), such as an ElementwiseKernel `raw` parameter.
#pragma once

namespace ga {
namespace interp {

// The last j with xp[j] <= x, for xp[0] <= x < xp[n-1] (n >= 2).
template <typename Raw>
__device__ inline long long segment(const Raw& xp, long long n, double x) {
  long long lo = 0, hi = n - 1;  // xp[lo] <= x < xp[hi]
  while (hi - lo > 1) {
    const long long mid = lo + (hi - lo) / 2;
    if (xp[mid] <= x) lo = mid; else hi = mid;
  }
  return lo;
}

__device__ inline double between(double x, double x0, double x1, double y0, double y1) {
  const double slope = (y1 - y0) / (x1 - x0);
  double y = slope * (x - x0) + y0;
  if (isnan(y)) {
    y = slope * (x - x1) + y1;
    if (isnan(y) && y0 == y1) y = y0;
  }
  return y;
}

template <typename C>
__device__ inline C between(double x, double x0, double x1, const C& y0, const C& y1) {
  const double inverse = 1.0 / (x1 - x0);
  return C((y1.real() - y0.real()) * inverse * (x - x0) + y0.real(),
           (y1.imag() - y0.imag()) * inverse * (x - x0) + y0.imag());
}

template <typename RawX, typename RawF, typename F>
__device__ inline F at(double x, const RawX& xp, const RawF& fp, long long n, F left, F right) {
  if (n == 1) return x < xp[0] ? left : (x > xp[0] ? right : F(fp[0]));
  if (isnan(x)) return F(x);
  if (x < xp[0]) return left;
  if (x > xp[n - 1]) return right;
  if (x == xp[n - 1]) return F(fp[n - 1]);
  const long long j = segment(xp, n, x);
  if (xp[j] == x) return F(fp[j]);
  return between(x, xp[j], xp[j + 1], F(fp[j]), F(fp[j + 1]));
}

}  // namespace interp
}  // namespace ga
