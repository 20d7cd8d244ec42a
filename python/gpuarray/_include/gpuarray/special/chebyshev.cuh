// SPDX-License-Identifier: BSD-3-Clause
// Chebyshev polynomials and functions of real degree (scipy.special's
// eval_chebyt, eval_chebyu, their [-2, 2] forms eval_chebyc, eval_chebys
// and the shifted eval_sh_chebyt, eval_sh_chebyu). An integer degree takes
// the three-term recurrence p_(k+1) = 2x p_k - p_(k-1) (T_-n = T_n,
// U_-n = -U_(n-2)) up to degree 2000 and the trigonometric or hyperbolic form
// beyond; a non-integer degree takes T_v(cos t) = cos(v t),
// U_v(cos t) = sin((v+1) t) / sin(t) on [-1, 1] and the cosh/sinh forms above 1.
// Below -1 (and U's at -1) a non-integer degree has no real value: inf, as
// SciPy's hypergeometric evaluation gives.
#pragma once
#include "gpuarray/special/common.cuh"

namespace ga {
namespace special {
namespace detail {

// T_n or U_n (second) of an integer n >= 0 by the recurrence
GA_SF double chebyshev_recurrence(long long n, double x, bool second) {
  if (n == 0) return 1.0;
  double previous = 1.0, current = second ? 2.0 * x : x;
  for (long long k = 1; k < n; ++k) {
    const double next = 2.0 * x * current - previous;
    previous = current;
    current = next;
  }
  return current;
}

GA_SF double chebyshev_closed(double v, double x, bool second) {
  if (fabs(x) <= 1.0) {
    const double t = acos(x);
    if (!second) return cos(v * t);
    // U_v(1) = v + 1, U_n(-1) = (-1)^n (n + 1); a non-integer v has a pole at -1 (inf, as SciPy)
    if (x == 1.0) return v + 1.0;
    if (x == -1.0) return is_int(v) ? (fmod(v, 2.0) == 0 ? v + 1.0 : -(v + 1.0)) : inf();
    return sin((v + 1.0) * t) / sin(t);
  }
  if (x > 1.0) {
    const double t = acosh(x);
    return second ? sinh((v + 1.0) * t) / sinh(t) : cosh(v * t);
  }
  return inf();  // x < -1, a non-integer degree
}

GA_SF double chebyshev(double v, double x, bool second) {
  if (v == 0) return 1.0;  // even at a NaN x, as SciPy
  if (second && v == -1) return 0.0;
  if (v != v || x != x) return v + x;
  if (is_int(v) && fabs(v) < 9e15) {
    long long n = static_cast<long long>(v);
    double sign = 1.0;
    if (n < 0) {
      if (!second) {
        n = -n;
      } else {  // U_-n = -U_(n-2), U_-1 = 0
        if (n == -1) return 0.0;
        n = -n - 2;
        sign = -1.0;
      }
    }
    if (isinf(x)) {
      if (n == 0) return sign;
      const double odd = (n % 2 == 1 && x < 0) ? -1.0 : 1.0;
      return sign * odd * inf();
    }
    if (n <= 2000) {
      const double p = chebyshev_recurrence(n, x, second);
      if (isfinite(p)) return sign * p;  // else overflowed (|x| > 1): the closed form's inf
    }
    const double odd = (n % 2 == 1) ? -1.0 : 1.0;  // p_n(-x) = (-1)^n p_n(x)
    return sign * (x < -1.0 ? odd * chebyshev_closed(static_cast<double>(n), -x, second)
                            : chebyshev_closed(static_cast<double>(n), x, second));
  }
  if (isinf(v)) return nan();
  if (x == inf()) return inf();
  if (second && v < -1.0) return -chebyshev_closed(-v - 2.0, x, second);  // U_v = -U_(-v-2)
  return chebyshev_closed(v, x, second);
}

}  // namespace detail

GA_SF double eval_chebyt(double n, double x) { return detail::chebyshev(n, x, false); }
GA_SF double eval_chebyu(double n, double x) { return detail::chebyshev(n, x, true); }
GA_SF double eval_chebyc(double n, double x) { return 2.0 * detail::chebyshev(n, 0.5 * x, false); }
GA_SF double eval_chebys(double n, double x) { return detail::chebyshev(n, 0.5 * x, true); }
GA_SF double eval_sh_chebyt(double n, double x) { return detail::chebyshev(n, 2.0 * x - 1.0, false); }
GA_SF double eval_sh_chebyu(double n, double x) { return detail::chebyshev(n, 2.0 * x - 1.0, true); }

}  // namespace special
}  // namespace ga
