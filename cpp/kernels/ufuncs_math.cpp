// SPDX-License-Identifier: BSD-3-Clause
// The transcendental and floating-point ufuncs: exponentials and logarithms,
// trigonometric and hyperbolic functions and their inverses, arctan2, hypot,
// logaddexp, angle conversions. Loops are NumPy 2's `ufunc.types`, in its
// order, restricted to gpuarray's dtypes (the 'g', 'G' and 'O' loops
// dropped); NumPy's duplicates (sqrt's second 'f->f', ...) are kept so that
// loop indices match NumPy's. Real loops call CUDA's math functions, float16
// through float and rounded once, as NumPy's float16 loops; complex loops
// call the C99 Annex G functions of gpuarray/ufunc_math.cuh.
#include "kernels/ufunc_table.hpp"

namespace gpuarray {
namespace {

using Id = UfuncIdentity;

struct Row {
  const char* name;
  int nin;
  Id identity;
  const char* loops;
  const char* f32;      // float function (float16 loops call it too)
  const char* f64;      // double function
  const char* complex;  // complex function, for 'F->F' and 'D->D'
};

constexpr const char* kRealOnce = "e->e f->f d->d";
constexpr const char* kRealTwice = "e->e f->f d->d e->e f->f d->d";
constexpr const char* kRealTwiceComplex = "e->e f->f d->d e->e f->f d->d F->F D->D";
constexpr const char* kComplex = "e->e f->f d->d F->F D->D";
constexpr const char* kFloatTwiceComplex = "e->e f->f d->d f->f d->d F->F D->D";
constexpr const char* kBinary = "ee->e ff->f dd->d";

const Row kRows[] = {
    {"sqrt", 1, Id::None, kFloatTwiceComplex, "sqrtf", "sqrt", "ga::math::csqrt"},
    {"cbrt", 1, Id::None, kRealTwice, "cbrtf", "cbrt", nullptr},
    {"exp", 1, Id::None, kFloatTwiceComplex, "expf", "exp", "ga::math::cexp"},
    {"exp2", 1, Id::None, kRealTwiceComplex, "exp2f", "exp2", "ga::math::cexp2"},
    {"expm1", 1, Id::None, kRealTwiceComplex, "expm1f", "expm1", "ga::math::cexpm1"},
    {"log", 1, Id::None, kFloatTwiceComplex, "logf", "log", "ga::math::clog"},
    {"log2", 1, Id::None, kRealTwiceComplex, "log2f", "log2", "ga::math::clog2"},
    {"log10", 1, Id::None, kRealTwiceComplex, "log10f", "log10", "ga::math::clog10"},
    {"log1p", 1, Id::None, kRealTwiceComplex, "log1pf", "log1p", "ga::math::clog1p"},
    {"logaddexp", 2, Id::MinusInfinity, kBinary, "ga::math::logaddexp", "ga::math::logaddexp", nullptr},
    {"logaddexp2", 2, Id::MinusInfinity, kBinary, "ga::math::logaddexp2", "ga::math::logaddexp2", nullptr},
    {"sin", 1, Id::None, kComplex, "ga::math::sin_", "sin", "ga::math::csin"},
    {"cos", 1, Id::None, kComplex, "ga::math::cos_", "cos", "ga::math::ccos"},
    {"tan", 1, Id::None, kRealTwiceComplex, "ga::math::tan_", "tan", "ga::math::ctan"},
    {"arcsin", 1, Id::None, kRealTwiceComplex, "asinf", "asin", "ga::math::casin"},
    {"arccos", 1, Id::None, kRealTwiceComplex, "acosf", "acos", "ga::math::cacos"},
    {"arctan", 1, Id::None, kRealTwiceComplex, "atanf", "atan", "ga::math::catan"},
    {"arctan2", 2, Id::None, kBinary, "atan2f", "atan2", nullptr},
    {"hypot", 2, Id::Zero, kBinary, "hypotf", "hypot", nullptr},
    {"sinh", 1, Id::None, kRealTwiceComplex, "sinhf", "sinh", "ga::math::csinh"},
    {"cosh", 1, Id::None, kRealTwiceComplex, "coshf", "cosh", "ga::math::ccosh"},
    {"tanh", 1, Id::None, kRealTwiceComplex, "tanhf", "tanh", "ga::math::ctanh"},
    {"arcsinh", 1, Id::None, kRealTwiceComplex, "asinhf", "asinh", "ga::math::casinh"},
    {"arccosh", 1, Id::None, kRealTwiceComplex, "acoshf", "acosh", "ga::math::cacosh"},
    {"arctanh", 1, Id::None, kRealTwiceComplex, "atanhf", "atanh", "ga::math::catanh"},
    // NumPy's degrees and radians are separate ufunc objects computing rad2deg and deg2rad.
    {"deg2rad", 1, Id::None, kRealOnce, "ga::math::deg2rad", "ga::math::deg2rad", nullptr},
    {"rad2deg", 1, Id::None, kRealOnce, "ga::math::rad2deg", "ga::math::rad2deg", nullptr},
    {"degrees", 1, Id::None, kRealOnce, "ga::math::rad2deg", "ga::math::rad2deg", nullptr},
    {"radians", 1, Id::None, kRealOnce, "ga::math::deg2rad", "ga::math::deg2rad", nullptr},
};

std::string body(const Row& row, const UfuncLoop& loop) {
  const DType dt = loop.in[0];
  const bool small = is_small_float(dt);
  std::string args;
  for (int i = 0; i < row.nin; ++i) {
    const std::string x = "x" + std::to_string(i);
    args += (i ? ", " : "") + (small ? small_float_to_float(dt) + ("(" + x + ")") : x);
  }
  switch (dt) {
    case DType::Float16:
    case DType::BFloat16:
      return "y0 = " + std::string(small_float_from_float(dt)) + "(" + row.f32 + "(" + args + "));";
    case DType::Float32: return "y0 = " + std::string(row.f32) + "(" + args + ");";
    case DType::Float64: return "y0 = " + std::string(row.f64) + "(" + args + ");";
    default: return "y0 = " + std::string(row.complex) + "(" + args + ");";
  }
}

}  // namespace

std::vector<UfuncDef> math_ufuncs() {
  std::vector<UfuncDef> defs;
  for (const Row& row : kRows) {
    UfuncDef def{row.name, row.nin, 1, row.identity, {}, "#include \"gpuarray/ufunc_math.cuh\""};
    def.loops = make_loops(row.loops, row.nin, 1, [&](const UfuncLoop& loop) { return body(row, loop); });
    defs.push_back(std::move(def));
  }
  return defs;
}

}  // namespace gpuarray
