// SPDX-License-Identifier: BSD-3-Clause
// The gather (a[index]) and scatter (a[index] = v) kernels that run an
// advanced index plan (core/advanced_index.hpp). One thread per element of
// the indexing result: the elementwise engine's IterationPlan walks the
// result's shape over the restrided source, the broadcast index arrays and
// the output or value; the kernel adds each index times its axis' stride to
// the source's offset (gpuarray/gather_scatter.cuh). Generated per key, as
// elementwise kernels, compiled by NVRTC through the kernel cache. Nothing
// synchronizes. See docs/indexing.md.
#pragma once
#include <string>
#include <vector>

#include "core/advanced_index.hpp"
#include "kernels/elementwise_args.hpp"
#include "kernels/elementwise_kernel_key.hpp"
#include "kernels/iteration_plan.hpp"

namespace gpuarray {

// What an index outside [-extent, extent) means (Note [Out-of-range indices]).
enum class IndexMode : std::uint8_t { Wrap, Clip };

// At most this many index arrays in one kernel (with the source and the
// output or value they make kMaxOperands operands).
inline constexpr int kMaxIndexArrays = kMaxOperands - 2;

// The value of a scatter: an array (any dtype, broadcast to the result
// shape, cast to the destination's dtype in the kernel) or a scalar already
// in the destination's dtype.
struct ScatterValue {
  const NDArray* array = nullptr;
  ScalarArg scalar{};
};

// One gather or scatter launch, fully described on the host: the iteration
// plan over its operands, the kernel key, and the parameters. Building one
// touches no device (codegen tests use that); run() compiles or finds the
// kernel and launches it on the current stream.
class GatherScatter {
 public:
  // out[...] = target[plan] (gather, `value` null), or target[plan] = value
  // (scatter). `items` are the plan's index items (their IntArray operands
  // feed the kernel). `out` / `value.array` must already have the result's
  // shape (a value may have fewer dimensions: it broadcasts).
  GatherScatter(const NDArray& target, const AdvancedIndex& plan, const std::vector<IndexItem>& items,
                IndexMode mode, const NDArray* out, const ScatterValue* value);

  bool empty() const { return iteration_.kind() == PlanKind::Empty; }
  std::string kernel_name() const;
  std::string kernel_source() const;
  void run() const;

 private:
  bool scatter_;
  IndexMode mode_;
  int num_indices_;
  bool scalar_value_;
  ScalarArg scalar_{};
  IterationPlan iteration_;
  ElementwiseOp op_;
  ElementwiseKernelKey key_;
  std::vector<long long> extents_, strides_;  // IndexedAxes, in operand order
};

}  // namespace gpuarray
