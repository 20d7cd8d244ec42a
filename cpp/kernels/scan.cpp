// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/scan.hpp"

#include <cstddef>
#include <stdexcept>

#include "cuda/stream.hpp"
#include "kernels/array_copy.hpp"
#include "kernels/cast_expressions.hpp"
#include "kernels/elementwise_launcher.hpp"
#include "kernels/op_cache.hpp"

namespace gpuarray {
namespace {

bool is_inexact(DType dt) {
  const DTypeKind k = dtype_info(dt).kind;
  return k == DTypeKind::Float || k == DTypeKind::Complex;
}

ScanValue scan_value_of(DType work) {
  switch (work) {
    case DType::Int64:
    case DType::UInt64: return ScanValue::UInt64;
    case DType::Float32: return ScanValue::Float32;
    case DType::Float64: return ScanValue::Float64;
    case DType::Complex64: return ScanValue::Complex64;
    case DType::Complex128: return ScanValue::Complex128;
    default: break;
  }
  throw std::logic_error(std::string("no CUB scan for work dtype ") + dtype_name(work));
}

// Everything scan_load_op's text depends on.
struct LoadOpKey {
  DType src, dtype, work;
  bool nan_identity;
  ScanOp op;
  bool operator==(const LoadOpKey& o) const {
    return src == o.src && dtype == o.dtype && work == o.work && nan_identity == o.nan_identity && op == o.op;
  }
};
struct LoadOpKeyHash {
  std::size_t operator()(const LoadOpKey& k) const {
    return static_cast<std::size_t>(k.src) | static_cast<std::size_t>(k.dtype) << 8 |
           static_cast<std::size_t>(k.work) << 16 | static_cast<std::size_t>(k.nan_identity) << 24 |
           static_cast<std::size_t>(k.op) << 32;
  }
};

const ElementwiseOp& cached_load_op(DType src, DType dtype, DType work, bool nan_identity, ScanOp op) {
  static OpCache<LoadOpKey, ElementwiseOp, LoadOpKeyHash> ops;
  return ops.find_or_make({src, dtype, work, nan_identity, op},
                          [&] { return scan_load_op(src, dtype, work, nan_identity, op); });
}

}  // namespace

DType cumulative_default_dtype(DType in) {
  switch (dtype_info(in).kind) {
    case DTypeKind::Bool:
    case DTypeKind::SignedInt: return DType::Int64;
    case DTypeKind::UnsignedInt: return DType::UInt64;
    default: return in;
  }
}

// Note [Scan work dtype]
// Bool and every integer dtype scan in 64 bits: sums and products modulo
// 2^64 reduce to NumPy's wrapped results modulo 2^8/16/32 once cast down, and
// a bool result (add: logical or, multiply: logical and) is the 64-bit scan
// of 0/1 values cast to bool. Signed results scan as Int64, unsigned as
// UInt64 (one CUB instantiation: the bits are the same), so the final cast
// reads the right values. float16 scans in float32 (CUB has no instantiation
// for it), rounded to float16 once at the end, where NumPy rounds every
// partial sum: long float16 scans may differ from NumPy's in the last bits.
DType scan_work_dtype(DType dtype) {
  switch (dtype_info(dtype).kind) {
    case DTypeKind::Bool:
    case DTypeKind::SignedInt: return DType::Int64;
    case DTypeKind::UnsignedInt: return DType::UInt64;
    default: break;
  }
  return is_small_float(dtype) ? DType::Float32 : dtype;
}

ElementwiseOp scan_load_op(DType src, DType dtype, DType work, bool nan_identity, ScanOp op) {
  const std::string loaded = cast_expression(dtype, work, cast_expression(src, dtype, "v"));
  std::string body = "in0_type v = in0;\n    ";
  // A 16-bit float in between (dtype=float16 over float32 work) is no
  // operand, so the generated source would not include its header.
  std::string preamble = is_small_float(dtype) && src != dtype
                             ? std::string("#include \"") + small_float_header(dtype) + "\"\n"
                             : std::string();
  if (nan_identity && is_inexact(src)) {
    const std::string identity = cast_expression(DType::Int64, src, op == ScanOp::Sum ? "0LL" : "1LL");
    body += "if (ga::arith::is_nan(v)) v = " + identity + ";\n    ";
    preamble += "#include \"gpuarray/ufunc_arith.cuh\"";
  }
  body += "out0 = " + loaded + ";";
  return ElementwiseOp::make("scan_load", body, preamble);
}

Shape moved_axis_shape(const Shape& shape, int axis, AxisPlace place) {
  Shape moved;
  if (place == AxisPlace::First) moved.push_back(shape[axis]);
  for (int d = 0; d < static_cast<int>(shape.size()); ++d)
    if (d != axis) moved.push_back(shape[d]);
  if (place == AxisPlace::Last) moved.push_back(shape[axis]);
  return moved;
}

NDArray moved_axis_view(const NDArray& moved, const Shape& shape, int axis, AxisPlace place) {
  NDArray view = moved;
  view.shape = shape;
  const int first_other = place == AxisPlace::First ? 1 : 0;
  const int axis_slot = place == AxisPlace::First ? 0 : moved.ndim() - 1;
  for (int d = 0; d < static_cast<int>(shape.size()); ++d)
    view.strides[d] = moved.strides[d == axis ? axis_slot : first_other + (d < axis ? d : d - 1)];
  return view;
}

NDArray cumulative_scan(const NDArray& a, int axis, ScanOp op, DType dtype, bool nan_as_identity,
                        const NDArray* out) {
  if (axis < 0 || axis >= a.ndim())
    throw std::invalid_argument("cumulative_scan: axis " + std::to_string(axis) + " of an array of dimension " +
                                std::to_string(a.ndim()));
  if (out) {
    if (out->shape != a.shape) throw std::invalid_argument("provided out is the wrong size for the accumulation.");
    if (!out->writeable) throw std::invalid_argument("output array is read-only");
  }
  if (a.size() == 0) return out ? *out : NDArray::empty(a.shape, dtype);

  const DType work = scan_work_dtype(dtype);
  const std::int64_t length = a.shape[axis];
  const std::int64_t rows = a.size() / length;
  const bool last = axis == a.ndim() - 1;
  const bool replaces_nan = nan_as_identity && is_inexact(a.dtype);
  const Shape moved_shape = moved_axis_shape(a.shape, axis, AxisPlace::Last);

  // The input as rows x length in `work`: `a` itself when it is that already
  // (and aligned to its item size, which CUB's complex values need: a view
  // through another dtype may not be).
  const bool read_directly = a.dtype == work && dtype == work && !replaces_nan && last && a.is_c_contiguous() &&
                             a.data_ptr() % static_cast<std::uintptr_t>(itemsize(work)) == 0;
  NDArray src = a;
  if (!read_directly) {
    src = NDArray::empty(moved_shape, work);
    const NDArray target = moved_axis_view(src, a.shape, axis, AxisPlace::Last);
    const OperandDesc operands[] = {OperandDesc::input(a), OperandDesc::output(target)};
    run_elementwise(cached_load_op(a.dtype, dtype, work, replaces_nan, op), operands, 2);
  }

  // The scan goes straight into the result when that is a new array of the
  // work dtype with the axis last; else into a buffer (src itself for one
  // row: CUB's flat scan runs in place; the by-key scan is not documented to).
  const bool write_directly = out == nullptr && dtype == work && last;
  NDArray scanned = write_directly                  ? NDArray::empty(a.shape, dtype)
                    : (rows == 1 && !read_directly) ? src
                                                    : NDArray::empty(moved_shape, work);
  cub_inclusive_scan_rows(scan_value_of(work), op, reinterpret_cast<const void*>(src.data_ptr()),
                          reinterpret_cast<void*>(scanned.data_ptr()), rows, length, current_stream());
  if (write_directly) return scanned;

  NDArray result = out ? *out : NDArray::empty(a.shape, dtype);
  copy_into(result, moved_axis_view(scanned, a.shape, axis, AxisPlace::Last));
  return result;
}

}  // namespace gpuarray
