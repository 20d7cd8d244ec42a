// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/user_reduction.hpp"

#include <cstdint>
#include <stdexcept>
#include <utility>

#include "kernels/op_cache.hpp"
#include "kernels/reduction_launcher.hpp"

namespace gpuarray {

const ReductionOp& user_reduction_op(const UserReductionDef& def, const std::string& typedefs, DType acc) {
  ReductionOp op;
  op.name = def.name;
  op.in_names = def.in_names;
  op.scalar_names = def.scalar_names;
  op.out_name = def.out_name;
  op.acc_type = dtype_info(acc).cpp_name;
  op.identity = def.identity.empty() ? std::string() : "acc_type(" + def.identity + ")";
  op.map = "acc_type(" + def.map_expr + ")";
  op.combine = "acc_type(" + def.reduce_expr + ")";
  op.finish = def.post_map_expr + ";";
  op.preamble = typedefs + "typedef " + dtype_info(acc).cpp_name + " _type_reduce;\n" + def.preamble;
  op.acc_size = itemsize(acc);
  op.acc_align = itemsize(acc);
  op.seal();

  static OpCache<std::uint64_t, ReductionOp> ops;
  const std::uint64_t hash = op.hash;
  return ops.find_or_make(hash, [&] { return std::move(op); });
}

NDArray run_user_reduction(const ReductionOp& op, const std::vector<NDArray>& inputs, const std::vector<bool>& axes,
                           bool keepdims, DType out_dtype, const NDArray* out, const std::vector<ScalarArg>& scalars) {
  if (inputs.empty()) throw std::invalid_argument("ReductionKernel '" + op.name + "' needs an array input");
  // The broadcast shape, NumPy's rule.
  int nd = 0;
  for (const NDArray& a : inputs) nd = std::max(nd, a.ndim());
  Shape shape(nd, 1);
  for (const NDArray& a : inputs)
    for (int d = 0; d < a.ndim(); ++d) {
      std::int64_t& s = shape[nd - a.ndim() + d];
      if (a.shape[d] != 1 && s != 1 && s != a.shape[d])
        throw std::invalid_argument("ReductionKernel '" + op.name + "': operands could not be broadcast together");
      if (a.shape[d] != 1) s = a.shape[d];
    }
  if (static_cast<int>(axes.size()) != nd)
    throw std::invalid_argument("ReductionKernel '" + op.name + "': the axis mask does not match the inputs");
  Shape kept_shape, result_shape;
  for (int d = 0; d < nd; ++d) {
    kept_shape.push_back(axes[d] ? 1 : shape[d]);
    if (!axes[d]) result_shape.push_back(shape[d]);
    else if (keepdims) result_shape.push_back(1);
  }
  NDArray result;
  if (out) {
    if (out->shape != result_shape)
      throw std::invalid_argument("ReductionKernel '" + op.name + "': out has the wrong shape");
    result = *out;
  } else {
    result = NDArray::empty(result_shape, out_dtype);
  }
  Strides kept_strides;
  for (int d = 0, src = 0; d < nd; ++d) {
    if (axes[d]) {
      kept_strides.push_back(0);
      src += keepdims;
    } else {
      kept_strides.push_back(result.strides[src++]);
    }
  }
  std::vector<OperandDesc> descs;
  for (const NDArray& a : inputs) descs.push_back(OperandDesc::input(a));
  const OperandDesc output{kept_shape.data(), kept_strides.data(), nd, result.dtype, result.data_ptr(), true};
  bool mask[kMaxDims];
  for (int d = 0; d < nd; ++d) mask[d] = axes[d];
  run_reduction(op, descs.data(), static_cast<int>(descs.size()), output, mask, scalars.data(),
                static_cast<int>(scalars.size()));
  return result;
}

}  // namespace gpuarray
