// SPDX-License-Identifier: BSD-3-Clause
// ReductionPlan: how one reduction walks its operands, the reduction's
// IterationPlan. The inputs broadcast together; the output is given in
// keepdims form (extent 1 on every reduced axis). Size-1 dimensions are
// dropped, the kept and the reduced dimensions are each ordered innermost
// first by the first input's strides (the reduced ones in C order when the
// op reads positions) and coalesced, and the layout is chosen: Inner when the
// first input's fastest dimension is reduced, Outer when it is kept (Note
// [Reduction layouts] in gpuarray/reduction.cuh). Pure host code.
#pragma once
#include <cstdint>

#include "kernels/iteration_plan.hpp"
#include "kernels/reduction_op.hpp"

namespace gpuarray {

inline constexpr int kReductionMaxBlock = 512;

struct ReductionLaunch {
  unsigned int grid_x, grid_y, block_x, block_y;
  unsigned int shared_bytes;
  // The second pass when grid_y > 1: one block per output (inner) or
  // block_x outputs per block.
  unsigned int partial_grid, partial_block_x, partial_block_y;
  bool partial_inner;
};

class ReductionPlan {
 public:
  // `reduced[d]` says whether axis d of the output (keepdims form, output.ndim
  // axes) is reduced. `c_order`: the op reads `_j`. `reorderable`: see
  // ReductionOp. Throws std::invalid_argument when the shapes do not fit.
  ReductionPlan(const OperandDesc* inputs, int num_inputs, const OperandDesc& output, const bool* reduced,
                bool c_order, bool reorderable);

  int num_inputs() const { return num_inputs_; }
  std::int64_t n_out() const { return n_out_; }
  std::int64_t n_red() const { return n_red_; }
  ReductionLayout layout() const { return layout_; }
  IndexWidth index_width() const { return index_width_; }
  int vector_width() const { return vector_width_; }
  bool reorderable() const { return reorderable_; }

  // Kept dimensions (operands: inputs, then the output) and reduced ones
  // (inputs only), innermost first; at least one each (extent 1, stride 0).
  int out_ndim() const { return out_ndim_; }
  std::int64_t out_size(int d) const { return out_sizes_[d]; }
  std::int64_t out_stride(int operand, int d) const { return out_strides_[operand][d]; }
  int red_ndim() const { return red_ndim_; }
  std::int64_t red_size(int d) const { return red_sizes_[d]; }
  std::int64_t red_stride(int input, int d) const { return red_strides_[input][d]; }
  std::uintptr_t data(int operand) const { return data_[operand]; }

  // Block and grid for a device with `sm_count` SMs; `partial_size` is the
  // bytes of one partial accumulator (ReductionOp::partial_size); `can_split`
  // allows splitting one output over blocks (ops with an identity).
  ReductionLaunch launch(int sm_count, int partial_size, bool can_split) const;

 private:
  int num_inputs_ = 0;
  std::int64_t n_out_ = 1;
  std::int64_t n_red_ = 1;
  ReductionLayout layout_ = ReductionLayout::Inner;
  IndexWidth index_width_ = IndexWidth::Int32;
  int vector_width_ = 1;
  bool reorderable_ = true;
  int out_ndim_ = 0;
  int red_ndim_ = 0;
  std::int64_t out_sizes_[kMaxDims];
  std::int64_t out_strides_[kMaxReductionInputs + 1][kMaxDims];
  std::int64_t red_sizes_[kMaxDims];
  std::int64_t red_strides_[kMaxReductionInputs][kMaxDims];
  std::uintptr_t data_[kMaxReductionInputs + 1];
};

}  // namespace gpuarray
