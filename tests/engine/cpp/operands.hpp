// SPDX-License-Identifier: BSD-3-Clause
// Operands described by shape, strides (bytes), dtype and a made-up device
// address that is never dereferenced, and the IterationPlan of a list of
// them: what the plan, key and codegen tests build their cases from.
#pragma once
#include <cstdint>
#include <vector>

#include "kernels/iteration_plan.hpp"

namespace gpuarray::test {

inline constexpr std::uintptr_t kBase = std::uintptr_t{1} << 40;  // 256-byte aligned

struct Operand {
  std::vector<std::int64_t> shape;
  std::vector<std::int64_t> strides;
  DType dtype = DType::Float32;
  std::uintptr_t data = kBase;
  bool is_output = false;
};

// C-contiguous strides of `shape` for elements of `dtype`.
inline std::vector<std::int64_t> c_strides(const std::vector<std::int64_t>& shape, DType dtype) {
  std::vector<std::int64_t> strides(shape.size());
  std::int64_t step = itemsize(dtype);
  for (std::size_t i = shape.size(); i-- > 0;) {
    strides[i] = step;
    step *= shape[i];
  }
  return strides;
}

inline Operand dense(std::vector<std::int64_t> shape, DType dtype = DType::Float32, bool out = false,
                     std::uintptr_t data = kBase) {
  std::vector<std::int64_t> strides = c_strides(shape, dtype);
  return {std::move(shape), std::move(strides), dtype, data, out};
}

inline IterationPlan make_plan(const std::vector<Operand>& ops, IterationOrder order = IterationOrder::Any) {
  std::vector<OperandDesc> descs;
  for (const Operand& o : ops)
    descs.push_back({o.shape.data(), o.strides.data(), static_cast<int>(o.shape.size()), o.dtype, o.data,
                     o.is_output});
  return IterationPlan(descs.data(), static_cast<int>(descs.size()), order);
}

}  // namespace gpuarray::test
