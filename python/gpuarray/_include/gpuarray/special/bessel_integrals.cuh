// SPDX-License-Identifier: BSD-3-Clause
// scipy.special.besselpoly(a, lmb, nu), the integral of x^lmb J_nu(2 a x)
// over [0, 1], from J's power series integrated term by term:
// sum_k (-1)^k a^(2k+nu) / (k! Gamma(k+nu+1) (lmb + nu + 2k + 1)), each term
// built from the last. The series alternates: past a ~ 3 its terms grow to
// e^(2a) / a before they fall and the sum keeps only 1e-16 e^(2a) absolute
// accuracy, as SciPy's (the same series). lmb + nu + 1 = 0 gives inf.
#pragma once
#include "gpuarray/special/gamma.cuh"

namespace ga {
namespace special {

GA_SF_OUTLINE double besselpoly(double a, double lmb, double nu) {
  if (a != a || lmb != lmb || nu != nu) return a + lmb + nu;
  if (a == 0) return nu == 0 ? 1.0 / (lmb + 1.0) : 0.0;
  if (lmb + nu + 1.0 == 0 && nu == 0) return detail::inf();  // the first term's pole
  // a^nu / Gamma(nu + 1), the first coefficient, with its sign for a negative order
  double factor = pow(a, nu) * rgamma(nu + 1.0);
  double sum = 0.0;
  const double a2 = a * a;
  for (int k = 0; k < 1000; ++k) {
    const double term = factor / (lmb + nu + 2.0 * k + 1.0);
    sum += term;
    if (k > 0 && fabs(term) < 1e-17 * fabs(sum)) break;
    factor *= -a2 / ((k + 1.0) * (k + nu + 1.0));
  }
  return sum;
}

}  // namespace special
}  // namespace ga
