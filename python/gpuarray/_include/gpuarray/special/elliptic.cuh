// SPDX-License-Identifier: BSD-3-Clause
// Elliptic integrals: the arithmetic-geometric mean agm, the complete
// integrals ellipk, ellipkm1 and ellipe through it (Gauss's and Legendre's
// relations), and the incomplete ellipkinc and ellipeinc through Carlson's
// symmetric integrals R_F and R_D (B. C. Carlson, "Numerical computation of
// real or complex elliptic integrals", 1995; DLMF 19.36), computed by the
// duplication theorem to a remainder below 1e-18 and the series of DLMF 19.36.1-2.
#pragma once
#include "gpuarray/special/common.cuh"

namespace ga {
namespace special {

// The arithmetic-geometric mean; SciPy's values: 0 with a zero, NaN for
// opposite signs (and 0 with inf), negative for two negatives.
GA_SF double agm(double a, double b) {
  if (a != a || b != b) return a + b;
  if ((a < 0 && b > 0) || (a > 0 && b < 0)) return detail::nan();
  if ((a == 0 && isinf(b)) || (b == 0 && isinf(a))) return detail::nan();
  if (a == 0 || b == 0) return 0.0;
  const double sign = a < 0 ? -1.0 : 1.0;
  a = fabs(a);
  b = fabs(b);
  if (isinf(a) || isinf(b)) return sign * detail::inf();
  for (int i = 0; i < 100 && a != b; ++i) {
    const double mean = 0.5 * a + 0.5 * b;  // halves first: no overflow near DBL_MAX
    const double geometric = sqrt(a) * sqrt(b);
    if (fabs(mean - geometric) <= 1e-16 * mean) {
      a = mean;
      b = geometric;
      break;
    }
    a = mean;
    b = geometric;
  }
  return sign * (0.5 * a + 0.5 * b);
}

// K(1 - p) = pi / (2 agm(1, sqrt(p))): p is the complementary parameter, exact near m = 1.
GA_SF double ellipkm1(double p) {
  if (p != p) return p;
  if (p < 0) return detail::nan();
  if (p == 0) return detail::inf();
  if (isinf(p)) return 0.0;
  return detail::kPi / (2.0 * agm(1.0, sqrt(p)));
}

GA_SF double ellipk(double m) {
  if (m != m) return m;
  if (m > 1.0 || m == detail::inf()) return detail::nan();
  if (m == -detail::inf()) return 0.0;
  return ellipkm1(1.0 - m);
}

namespace detail {

// E(m) for 0 <= m <= 1 by Legendre's relation on the AGM sequence:
// E = K (1 - sum_n 2^(n-1) c_n^2), c_0^2 = m, c_(n+1) = (a_n - b_n) / 2.
GA_SF double ellipe_agm(double m) {
  if (m == 1.0) return 1.0;
  double a = 1.0, b = sqrt(1.0 - m), sum = 0.5 * m, power = 0.5;
  for (int i = 0; i < 60; ++i) {
    const double c = 0.5 * (a - b);
    power *= 2.0;
    const double term = power * c * c;
    sum += term;
    const double next = 0.5 * (a + b);
    b = sqrt(a * b);
    a = next;
    if (term <= 1e-17 * sum || c == 0) break;
  }
  return kPi / (2.0 * a) * (1.0 - sum);
}

// Carlson's R_F(x, y, z), x, y, z >= 0, at most one zero.
GA_SF_OUTLINE double carlson_rf(double x, double y, double z) {
  for (int i = 0; i < 100; ++i) {
    const double a = (x + y + z) / 3.0;
    const double dx = 1.0 - x / a, dy = 1.0 - y / a, dz = 1.0 - z / a;
    if (fmax(fabs(dx), fmax(fabs(dy), fabs(dz))) < 1e-3) {
      const double e2 = dx * dy - dz * dz, e3 = dx * dy * dz;
      return (1.0 - e2 / 10.0 + e3 / 14.0 + e2 * e2 / 24.0 - 3.0 * e2 * e3 / 44.0) / sqrt(a);
    }
    const double sx = sqrt(x), sy = sqrt(y), sz = sqrt(z);
    const double lambda = sx * sy + sy * sz + sz * sx;
    x = 0.25 * (x + lambda);
    y = 0.25 * (y + lambda);
    z = 0.25 * (z + lambda);
  }
  return nan();
}

// Carlson's R_D(x, y, z) = R_J(x, y, z, z), x, y >= 0 (one may be 0), z > 0.
GA_SF_OUTLINE double carlson_rd(double x, double y, double z) {
  double sum = 0.0, scale = 1.0;
  for (int i = 0; i < 100; ++i) {
    const double a = (x + y + 3.0 * z) / 5.0;
    const double dx = 1.0 - x / a, dy = 1.0 - y / a, dz = 1.0 - z / a;
    if (fmax(fabs(dx), fmax(fabs(dy), fabs(dz))) < 1e-3) {
      // DLMF 19.36.2: the elementary symmetric functions of (dx, dy, dz, dz, dz)
      const double xy = dx * dy, z2 = dz * dz;
      const double e2 = xy - 6.0 * z2, e3 = (3.0 * xy - 8.0 * z2) * dz, e4 = 3.0 * (xy - z2) * z2,
                   e5 = xy * z2 * dz;
      const double series = 1.0 - 3.0 * e2 / 14.0 + e3 / 6.0 + 9.0 * e2 * e2 / 88.0 - 3.0 * e4 / 22.0 -
                            9.0 * e2 * e3 / 52.0 + 3.0 * e5 / 26.0;
      return 3.0 * sum + scale * series / (a * sqrt(a));
    }
    const double sx = sqrt(x), sy = sqrt(y), sz = sqrt(z);
    const double lambda = sx * sy + sy * sz + sz * sx;
    sum += scale / (sz * (z + lambda));
    scale *= 0.25;
    x = 0.25 * (x + lambda);
    y = 0.25 * (y + lambda);
    z = 0.25 * (z + lambda);
  }
  return nan();
}

}  // namespace detail

GA_SF double ellipe(double m) {
  if (m != m) return m;
  if (m > 1.0 || m == detail::inf()) return detail::nan();
  if (m == -detail::inf()) return detail::inf();
  if (m < 0) {  // E(m) = sqrt(1 - m) E(-m / (1 - m)), the argument in [0, 1)
    const double s = sqrt(1.0 - m);
    return s * detail::ellipe_agm(-m / (1.0 - m));
  }
  return detail::ellipe_agm(m);
}

// F(phi | m): phi reduced by multiples of pi (F(phi + n pi) = F(phi) + 2 n K(m)).
// SciPy's values: NaN for m > 1, 0 for m = -inf (NaN with an infinite phi), +inf for
// m = 1 from |phi| = pi/2 on.
GA_SF double ellipkinc(double phi, double m) {
  if (phi != phi || m != m) return phi + m;
  if (m > 1.0) return detail::nan();
  if (m == -detail::inf()) return isinf(phi) ? detail::nan() : 0.0;
  if (isinf(phi)) return phi;
  const double n = rint(phi / detail::kPi);
  const double r = phi - n * detail::kPi;
  const double s = sin(r), c = cos(r);
  const double delta = 1.0 - m * s * s;
  if (m == 1.0 && (n != 0 || delta == 0)) return detail::inf();
  const double value = s * detail::carlson_rf(c * c, delta, 1.0);
  if (n == 0) return value;
  return value + 2.0 * n * ellipk(m);
}

// E(phi | m) = sin R_F(cos^2, delta, 1) - (m / 3) sin^3 R_D(cos^2, delta, 1), delta = 1 - m sin^2.
// SciPy's values: NaN for m > 1, +inf for m = -inf (whatever finite phi).
GA_SF double ellipeinc(double phi, double m) {
  if (phi != phi || m != m) return phi + m;
  if (m > 1.0) return detail::nan();
  if (isinf(phi)) return phi;
  if (m == -detail::inf()) return detail::inf();
  const double n = rint(phi / detail::kPi);
  const double r = phi - n * detail::kPi;
  const double s = sin(r), c = cos(r);
  const double delta = 1.0 - m * s * s;
  const double c2 = c * c;
  double value;
  if (m == 0) {
    value = r;
  } else if (delta == 0 && c2 == 0) {
    value = s;  // m = 1 at phi = pi/2: E = sin(phi)
  } else {
    value = s * detail::carlson_rf(c2, delta, 1.0) - m / 3.0 * s * s * s * detail::carlson_rd(c2, delta, 1.0);
  }
  if (n == 0) return value;
  return value + 2.0 * n * ellipe(m);
}

}  // namespace special
}  // namespace ga
