// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/sequence_fill.hpp"

#include <array>
#include <cstring>
#include <stdexcept>
#include <string>

#include "kernels/cast_expressions.hpp"
#include "kernels/elementwise_launcher.hpp"

namespace gpuarray {
namespace {

DTypeKind kind_of(DType dt) { return dtype_info(dt).kind; }

// `first + i * (second - first)` as NumPy's <type>_fill computes it.
std::string arange_expression(DType dt) {
  const std::string head = "out0 = i == 0 ? s0 : i == 1 ? s1 : ";
  switch (kind_of(dt)) {
    case DTypeKind::SignedInt:
    case DTypeKind::UnsignedInt:
      // delta wraps in the type; start + i*delta is C's int64 arithmetic, here
      // modulo 2^64 (the same bits), then truncated to the type.
      return head +
             "(out0_type)((unsigned long long)(long long)s0 + (unsigned long long)i * "
             "(unsigned long long)(long long)(out0_type)(s1 - s0));";
    case DTypeKind::Float:
      if (is_small_float(dt)) {
        const std::string to_float = small_float_to_float(dt);
        return "float start = " + to_float + "(s0), delta = " + to_float + "(s1) - start;\n    " + head +
               small_float_from_float(dt) + "(start + (float)i * delta);";
      }
      return head + "s0 + (out0_type)i * (out0_type)(s1 - s0);";
    case DTypeKind::Complex:
      return "using R = decltype(s0.real());\n    " + head +
             "out0_type(s0.real() + (R)i * (s1.real() - s0.real()), s0.imag() + (R)i * (s1.imag() - s0.imag()));";
    case DTypeKind::Bool: break;
  }
  throw std::invalid_argument("arange has no fill for bool beyond two elements");
}

// y = i; [y /= div]; y *= scale; y += start; [last = stop]; [floor].
std::string linspace_expression(DType dt, bool divide, bool floor) {
  std::string e;
  if (is_small_float(dt)) {
    // NumPy's float16 arithmetic (and ml_dtypes' bfloat16): each operation in
    // float32, rounded to the 16-bit type.
    const std::string to_float = small_float_to_float(dt), from_float = small_float_from_float(dt);
    e = "auto r = [](float x) { return " + to_float + "(" + from_float + "(x)); };\n" +
        "    float y = r((float)i);\n";
    if (divide) e += "    y = r(y / " + to_float + "(s3));\n";
    e += "    y = r(y * " + to_float + "(s1));\n    y = r(y + " + to_float + "(s0));\n";
    e += "    if (i == s4) y = " + to_float + "(s2);\n";
    if (floor) e += "    y = floorf(y);\n";
    return e + "    out0 = " + from_float + "(y);";
  }
  e = kind_of(dt) == DTypeKind::Complex ? "out0_type y((decltype(s0.real()))i, 0);\n" : "out0_type y = (out0_type)i;\n";
  if (divide) e += "    y = y / s3;\n";
  e += "    y = y * s1;\n    y = y + s0;\n    if (i == s4) y = s2;\n";
  if (floor) e += "    y = floor(y);\n";
  return e + "    out0 = y;";
}

template <typename Make> std::array<ElementwiseOp, kNumDTypes> ops_by_dtype(Make make) {
  std::array<ElementwiseOp, kNumDTypes> ops;
  for (int d = 0; d < kNumDTypes; ++d) ops[d] = make(static_cast<DType>(d));
  return ops;
}

void run_fill(const ElementwiseOp& op, const NDArray& out, const ScalarArg* scalars, int num_scalars) {
  if (!out.writeable) throw std::invalid_argument("assignment destination is read-only");
  OperandDesc desc[1] = {OperandDesc::output(out)};
  run_elementwise(op, desc, 1, scalars, num_scalars);
}

ScalarArg int64_arg(std::int64_t v) {
  ScalarArg a{DType::Int64, {}};
  std::memcpy(a.bytes, &v, sizeof v);
  return a;
}

void require_dtype(const ScalarArg& s, DType dt, const char* what) {
  if (s.dtype != dt)
    throw std::invalid_argument(std::string(what) + ": a " + dtype_name(s.dtype) + " value for a " +
                                dtype_name(dt) + " array");
}

}  // namespace

const ElementwiseOp& arange_op(DType dtype) {
  static const std::array<ElementwiseOp, kNumDTypes> ops = ops_by_dtype([](DType d) {
    const std::string e = d == DType::Bool ? "out0 = i == 0 ? s0 : s1;" : arange_expression(d);
    return ElementwiseOp::make(std::string("arange_") + dtype_name(d), e, {}, false, true);
  });
  return ops[static_cast<int>(dtype)];
}

void fill_arange(const NDArray& out, const ScalarArg& first, const ScalarArg& second) {
  require_dtype(first, out.dtype, "fill_arange");
  require_dtype(second, out.dtype, "fill_arange");
  if (out.dtype == DType::Bool && out.size() > 2)
    throw std::invalid_argument("arange() is only supported for booleans when the result has at most length 2.");
  const ScalarArg scalars[2] = {first, second};
  run_fill(arange_op(out.dtype), out, scalars, 2);
}

void fill_linspace(const NDArray& out, const LinspaceParams& p) {
  const DTypeKind kind = kind_of(out.dtype);
  if (kind != DTypeKind::Float && kind != DTypeKind::Complex)
    throw std::invalid_argument(std::string("fill_linspace: needs a float or complex array, got ") +
                                dtype_name(out.dtype));
  if (p.floor && kind == DTypeKind::Complex) throw std::invalid_argument("fill_linspace: complex values have no floor");
  for (const ScalarArg* s : {&p.start, &p.scale, &p.stop, &p.div}) require_dtype(*s, out.dtype, "fill_linspace");
  // Four variants (divide, floor) per dtype, built on first use.
  static const std::array<std::array<ElementwiseOp, kNumDTypes>, 4> ops = [] {
    std::array<std::array<ElementwiseOp, kNumDTypes>, 4> table;
    for (int v = 0; v < 4; ++v)
      table[v] = ops_by_dtype([v](DType d) {
        const bool divide = v & 1, floor = v & 2;
        const DTypeKind k = kind_of(d);
        if (k != DTypeKind::Float && (k != DTypeKind::Complex || floor)) return ElementwiseOp{};
        return ElementwiseOp::make(std::string("linspace_") + dtype_name(d) + (divide ? "_div" : "") +
                                       (floor ? "_floor" : ""),
                                   linspace_expression(d, divide, floor), {}, false, true);
      });
    return table;
  }();
  const ScalarArg scalars[5] = {p.start, p.scale, p.stop, p.div, int64_arg(p.last_index)};
  run_fill(ops[(p.divide ? 1 : 0) | (p.floor ? 2 : 0)][static_cast<int>(out.dtype)], out, scalars, 5);
}

void fill_tri(const NDArray& out, std::int64_t k) {
  if (out.ndim() != 2)
    throw std::invalid_argument("fill_tri: needs a 2-D array, got " + std::to_string(out.ndim()) + " dimensions");
  static const std::array<ElementwiseOp, kNumDTypes> ops = ops_by_dtype([](DType d) {
    const std::string below = "(bool)(i - (i / s0) * s0 <= i / s0 + s1)";
    return ElementwiseOp::make(std::string("tri_") + dtype_name(d),
                               "out0 = " + cast_expression(DType::Bool, d, below) + ";", {}, false, true);
  });
  const ScalarArg scalars[2] = {int64_arg(out.shape[1]), int64_arg(k)};
  run_fill(ops[static_cast<int>(out.dtype)], out, scalars, 2);
}

}  // namespace gpuarray
