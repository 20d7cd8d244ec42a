// SPDX-License-Identifier: BSD-3-Clause
// Carlson's symmetric elliptic integrals of real arguments (scipy.special's
// elliprc, elliprd, elliprf, elliprg) over the duplication algorithms of
// elliptic.cuh: R_C(x, y) = R_F(x, y, y), with the Cauchy principal value
// R_C(x, y) = sqrt(x / (x - y)) R_C(x - y, -y) for y < 0 (DLMF 19.2.20), and
// R_G from R_F and R_D with z the middle argument so that the R_D term
// does not cancel (DLMF 19.21.10). Negative arguments (but R_C's y) give NaN.
#pragma once
#include "gpuarray/special/elliptic.cuh"

namespace ga {
namespace special {

GA_SF double elliprf(double x, double y, double z) {
  if (x != x || y != y || z != z) return x + y + z;
  if (x < 0 || y < 0 || z < 0) return detail::nan();
  if (isinf(x) || isinf(y) || isinf(z)) return 0.0;
  if ((x == 0) + (y == 0) + (z == 0) >= 2) return detail::inf();
  return detail::carlson_rf(x, y, z);
}

GA_SF double elliprd(double x, double y, double z) {
  if (x != x || y != y || z != z) return x + y + z;
  if (x < 0 || y < 0 || z < 0) return detail::nan();
  if (z == 0) return detail::inf();
  if (isinf(x) || isinf(y) || isinf(z)) return 0.0;
  if (x == 0 && y == 0) return detail::inf();
  return detail::carlson_rd(x, y, z);
}

GA_SF double elliprc(double x, double y) {
  if (x == detail::inf() && !(y <= 0)) return 0.0;  // even for a NaN y, as SciPy 1.18
  if (x != x || y != y) return x + y;
  if (x < 0 || y == 0) return detail::nan();
  if (isinf(x) && y < 0) return detail::nan();
  if (isinf(x) || isinf(y)) return 0.0;
  if (y < 0) return sqrt(x / (x - y)) * detail::carlson_rf(x - y, -y, -y);
  return detail::carlson_rf(x, y, y);
}

GA_SF double elliprg(double x, double y, double z) {
  if (x != x || y != y || z != z) return x + y + z;
  if (x < 0 || y < 0 || z < 0) return detail::nan();
  if (isinf(x) || isinf(y) || isinf(z)) return detail::inf();
  // order x <= z <= y: z the middle one, (x - z)(y - z) <= 0
  const double lo = fmin(x, fmin(y, z)), hi = fmax(x, fmax(y, z));
  const double mid = fmax(fmin(x, y), fmin(fmax(x, y), z));
  if (mid == 0) return 0.5 * sqrt(hi);  // R_G(0, 0, z) = sqrt(z) / 2
  const double rf = detail::carlson_rf(lo, hi, mid), rd = detail::carlson_rd(lo, hi, mid);
  return 0.5 * (mid * rf + (mid - lo) * (hi - mid) * rd / 3.0 + sqrt(lo * hi / mid));
}

}  // namespace special
}  // namespace ga
