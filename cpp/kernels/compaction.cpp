// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/compaction.hpp"

#include <cuda_runtime_api.h>

#include <cstring>

#include "cub/select.hpp"
#include "cuda/error.hpp"
#include "cuda/graph.hpp"
#include "cuda/stream.hpp"
#include "kernels/array_copy.hpp"
#include "kernels/cast_expressions.hpp"
#include "kernels/elementwise_launcher.hpp"

namespace gpuarray {
namespace {

ScalarArg int64_arg(std::int64_t v) {
  ScalarArg a{DType::Int64, {}};
  std::memcpy(a.bytes, &v, sizeof v);
  return a;
}

// `a` as C-ordered bytes, nonzero where `a` is: a itself for a C-contiguous
// bool array, else one elementwise cast (which makes NaN and complex
// numbers with any nonzero part true, as NumPy's nonzero counts them).
NDArray byte_mask(const NDArray& a) {
  if (a.dtype == DType::Bool && a.is_c_contiguous()) return a;
  NDArray mask = NDArray::empty(a.shape, DType::Bool);
  copy_into(mask, a);
  return mask;
}

}  // namespace

NDArray flat_nonzero(const NDArray& a) {
  const std::int64_t n = a.size();
  if (n == 0) return NDArray::empty({0}, DType::Int64);
  const NDArray mask = byte_mask(a);
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(mask.data_ptr());
  cudaStream_t stream = current_stream();
  MemoryPointer d_count = allocate(sizeof(std::int64_t));
  auto* count_ptr = reinterpret_cast<std::int64_t*>(d_count.ptr());
  cub_count_nonzero_bytes(bytes, n, count_ptr, stream);
  // The one synchronization: the result's size lives on the device.
  refuse_during_capture(stream, "nonzero (or boolean-mask indexing, whose result size is read back)");
  std::int64_t count = 0;
  GA_CUDA_CHECK(cudaMemcpyAsync(&count, count_ptr, sizeof count, cudaMemcpyDeviceToHost, stream));
  GA_CUDA_CHECK(cudaStreamSynchronize(stream));
  NDArray indices = NDArray::empty({count}, DType::Int64);
  if (count > 0)
    cub_nonzero_byte_positions(bytes, n, reinterpret_cast<std::int64_t*>(indices.data_ptr()), count_ptr, stream);
  return indices;
}

const ElementwiseOp& unravel_op() {
  static const ElementwiseOp op = ElementwiseOp::make("unravel", "out0 = (in0 / s0) % s1;");
  return op;
}

NDArray argwhere(const NDArray& a) {
  NDArray flat = flat_nonzero(a);
  const std::int64_t count = flat.shape[0];
  const int nd = a.ndim();
  if (nd == 1) {
    flat.shape = {count, 1};
    flat.strides = {8, 8};
    return flat;
  }
  NDArray result = NDArray::empty({count, nd}, DType::Int64);
  // Coordinate d of flat position f is (f / stride_d) % extent_d, stride_d
  // the C stride in elements: one launch per dimension writes one column.
  std::int64_t stride = 1;
  for (int d = nd - 1; d >= 0; --d) {
    NDArray column = result;
    column.shape = {count};
    column.strides = {8 * static_cast<std::int64_t>(nd)};
    column.data.offset += 8 * d;
    const OperandDesc operands[] = {OperandDesc::input(flat), OperandDesc::output(column)};
    const ScalarArg scalars[] = {int64_arg(stride), int64_arg(a.shape[d])};
    run_elementwise(unravel_op(), operands, 2, scalars, 2);
    stride *= a.shape[d];
  }
  return result;
}

NDArray take_flat(const NDArray& src, const NDArray& indices) {
  static const ElementwiseOp gather =
      ElementwiseOp::make("take_flat", "out0 = reinterpret_cast<const out0_type*>(s0)[in0];");
  NDArray result = NDArray::empty(indices.shape, src.dtype);
  ScalarArg base{DType::UInt64, {}};
  const unsigned long long address = src.data_ptr();
  std::memcpy(base.bytes, &address, sizeof address);
  const OperandDesc operands[] = {OperandDesc::input(indices), OperandDesc::output(result)};
  run_elementwise(gather, operands, 2, &base, 1);
  return result;
}

ElementwiseOp where_op(DType cond, DType x, bool x_scalar, DType y, bool y_scalar, DType out) {
  const std::string x_value = x_scalar ? "s0" : cast_expression(x, out, "in1");
  const std::string y_value =
      y_scalar ? (x_scalar ? "s1" : "s0") : cast_expression(y, out, x_scalar ? "in1" : "in2");
  return ElementwiseOp::make("where", "out0 = " + cast_expression(cond, DType::Bool, "in0") + " ? " + x_value +
                                          " : " + y_value + ";");
}

void where_select(const NDArray& cond, const SelectOperand& x, const SelectOperand& y, const NDArray& out) {
  OperandDesc operands[4];
  ScalarArg scalars[2];
  int n = 0, nscalars = 0;
  operands[n++] = OperandDesc::input(cond);
  for (const SelectOperand* s : {&x, &y}) {
    if (s->array) operands[n++] = OperandDesc::input(*s->array);
    else scalars[nscalars++] = s->scalar;
  }
  operands[n++] = OperandDesc::output(out);
  const ElementwiseOp op = where_op(cond.dtype, x.array ? x.array->dtype : out.dtype, x.array == nullptr,
                                    y.array ? y.array->dtype : out.dtype, y.array == nullptr, out.dtype);
  run_elementwise(op, operands, n, scalars, nscalars);
}

}  // namespace gpuarray
