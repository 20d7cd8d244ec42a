// SPDX-License-Identifier: BSD-3-Clause
#include "libs/fft_call.hpp"

#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>

#include "core/views.hpp"
#include "kernels/array_copy.hpp"
#include "kernels/ufunc_call.hpp"
#include "libs/fft.hpp"

namespace gpuarray::libs::fft {
namespace {

bool single_precision(DType dt) {
  return dt == DType::Float16 || dt == DType::Float32 || dt == DType::Complex64;
}

// NumPy 2: float16/float32 (and complex64) compute in single precision,
// float64, integers and bool in double.
DType complex_dtype_for(DType dt) { return single_precision(dt) ? DType::Complex64 : DType::Complex128; }

DType real_dtype_for(DType dt, std::int64_t n) {
  if (dtype_info(dt).kind == DTypeKind::Complex)
    throw UfuncTypeError(std::string("ufunc '") + (n % 2 == 0 ? "rfft_n_even" : "rfft_n_odd") +
                         "' not supported for the input types, and the inputs could not be safely coerced to any "
                         "supported types according to the casting rule ''safe''");
  return single_precision(dt) ? DType::Float32 : DType::Float64;
}

// `a` with `axis` moved last (a view).
NDArray axis_last(NDArray a, int axis) {
  const int last = a.ndim() - 1;
  for (int i = axis; i < last; ++i) {
    std::swap(a.shape[i], a.shape[i + 1]);
    std::swap(a.strides[i], a.strides[i + 1]);
  }
  return a;
}

// `a` as `dtype` with `n` points along `axis`: the array itself, a cropped
// view, a cast copy, or a zero-padded copy.
NDArray resized(const NDArray& a, int axis, std::int64_t n, DType dtype) {
  const std::int64_t size = a.shape[axis];
  NDArray view = a;
  if (size > n) view.shape[axis] = n;
  if (size >= n) return view.dtype == dtype ? view : copy_array(view, dtype, 'C');
  Shape shape = a.shape;
  shape[axis] = n;
  NDArray padded = NDArray::zeros(shape, dtype);
  NDArray head = padded;
  head.shape[axis] = size;
  copy_into(head, a);
  return padded;
}

ScalarArg real_scalar(double value, DType dtype) {
  ScalarArg s{};
  s.dtype = dtype;
  if (single_precision(dtype)) {
    const float v = static_cast<float>(value);
    std::memcpy(s.bytes, &v, sizeof v);  // complex64: the real part; the imaginary part stays 0
  } else {
    std::memcpy(s.bytes, &value, sizeof value);
  }
  return s;
}

}  // namespace

Norm parse_norm(std::optional<std::string_view> norm, bool inverse) {
  if (!norm || *norm == "backward") return Norm::Backward;
  if (*norm == "ortho") return Norm::Ortho;
  if (*norm == "forward") return Norm::Forward;
  throw std::invalid_argument("Invalid norm value " + std::string(*norm) + "; should be \"backward\"," +
                              (inverse ? " " : "") + "\"ortho\" or \"forward\".");
}

double norm_factor(Norm norm, std::int64_t n, bool forward) {
  switch (norm) {
    case Norm::Backward: return forward ? 1.0 : 1.0 / static_cast<double>(n);
    case Norm::Ortho: return 1.0 / std::sqrt(static_cast<double>(n));
    case Norm::Forward: return forward ? 1.0 / static_cast<double>(n) : 1.0;
  }
  return 1.0;
}

void scale_in_place(const NDArray& x, double factor) {
  static const UfuncDef& multiply = *find_ufunc("multiply");
  UfuncOperand inputs[2] = {{&x, x.dtype, ScalarKind::None, {}}, {nullptr, DType::Float64, ScalarKind::Float, {}}};
  const UfuncOptions options;
  const UfuncPlan plan = plan_ufunc(multiply, inputs, options);
  const ScalarArg scalars[2] = {{}, real_scalar(factor, plan.scalar_dtypes[1])};
  const NDArray* outs[1] = {&x};
  run_ufunc(plan, inputs, scalars, outs, options);
}

NDArray transform_1d(const NDArray& a, std::optional<std::int64_t> n_arg, std::int64_t axis_arg,
                     std::optional<std::string_view> norm_arg, Transform1d transform) {
  // NumPy's order: a.shape[axis] for a missing n, then n, norm and the axis.
  if (!n_arg && (axis_arg < -a.ndim() || axis_arg >= a.ndim())) throw IndexError("tuple index out of range");
  const std::int64_t n = n_arg ? *n_arg : a.shape[axis_arg < 0 ? axis_arg + a.ndim() : axis_arg];
  if (n < 1) throw std::invalid_argument("Invalid number of FFT data points (" + std::to_string(n) + ") specified.");
  const bool forward = transform != Transform1d::Ifft;
  const Norm norm = parse_norm(norm_arg, !forward);
  const int axis = normalize_axis(axis_arg, a.ndim());
  const bool real = transform == Transform1d::Rfft;
  const DType in_dtype = real ? real_dtype_for(a.dtype, n) : complex_dtype_for(a.dtype);
  const DType out_dtype = real ? complex_dtype_for(in_dtype) : in_dtype;

  const NDArray src = resized(a, axis, n, in_dtype);
  Shape shape = src.shape;
  if (real) shape[axis] = n / 2 + 1;
  NDArray out = NDArray::empty(shape, out_dtype);
  execute(axis_last(src, axis), axis_last(out, axis), 1, real ? Kind::R2C : Kind::C2C, forward, false);
  const double factor = norm_factor(norm, n, forward);
  if (factor != 1.0 && out.size() != 0) scale_in_place(out, factor);
  return out;
}

}  // namespace gpuarray::libs::fft
