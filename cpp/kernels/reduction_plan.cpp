// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/reduction_plan.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace gpuarray {
namespace {

constexpr std::int64_t kInt32Max = 2147483647;

std::string shape_text(const std::int64_t* shape, int ndim) {
  std::string s = "(";
  for (int i = 0; i < ndim; ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + (ndim == 1 ? ",)" : ")");
}

unsigned int pow2_ceil(std::int64_t n) {
  unsigned int p = 1;
  while (static_cast<std::int64_t>(p) < n && p < (1u << 30)) p *= 2;
  return p;
}

// One dimension while the plan is built: its extent and the stride of every
// operand (inputs, then the output for kept dimensions).
struct Dim {
  std::int64_t size;
  int axis;
  std::int64_t strides[kMaxReductionInputs + 1];
};

// Innermost first: by the first input's stride (a zero stride has no
// opinion and goes outermost), ties in reverse axis order (C order).
void order_dims(Dim* dims, int n, bool c_order) {
  std::stable_sort(dims, dims + n, [c_order](const Dim& a, const Dim& b) {
    if (!c_order) {
      const std::int64_t sa = a.strides[0] == 0 ? INT64_MAX : std::llabs(a.strides[0]);
      const std::int64_t sb = b.strides[0] == 0 ? INT64_MAX : std::llabs(b.strides[0]);
      if (sa != sb) return sa < sb;
    }
    return a.axis > b.axis;
  });
}

// Merges neighbours d, d+1 when d+1 continues d for every operand.
int coalesce(Dim* dims, int n, int num_operands) {
  if (n == 0) return 0;
  int out = 0;
  for (int d = 1; d < n; ++d) {
    bool joins = true;
    for (int op = 0; op < num_operands && joins; ++op)
      joins = dims[d].strides[op] == dims[out].strides[op] * dims[out].size;
    if (joins) {
      dims[out].size *= dims[d].size;
    } else {
      dims[++out] = dims[d];
    }
  }
  return out + 1;
}

}  // namespace

ReductionPlan::ReductionPlan(const OperandDesc* inputs, int num_inputs, const OperandDesc& output,
                             const bool* reduced, bool c_order, bool reorderable)
    : num_inputs_(num_inputs), reorderable_(reorderable) {
  if (num_inputs < 1 || num_inputs > kMaxReductionInputs)
    throw std::invalid_argument("a reduction takes 1 to " + std::to_string(kMaxReductionInputs) + " inputs, got " +
                                std::to_string(num_inputs));
  const int nd = output.ndim;
  Dim kept[kMaxDims], red[kMaxDims];
  int nk = 0, nr = 0;
  for (int axis = 0; axis < nd; ++axis) {
    std::int64_t size = 1;
    for (int i = 0; i < num_inputs; ++i) {
      const int ia = axis - (nd - inputs[i].ndim);
      if (inputs[i].ndim > nd)
        throw std::invalid_argument("reduction input with shape " + shape_text(inputs[i].shape, inputs[i].ndim) +
                                    " has more dimensions than the output " + shape_text(output.shape, nd));
      if (ia < 0 || inputs[i].shape[ia] == 1) continue;
      if (size != 1 && inputs[i].shape[ia] != size)
        throw std::invalid_argument("reduction inputs could not be broadcast together: " +
                                    shape_text(inputs[0].shape, inputs[0].ndim) + " " +
                                    shape_text(inputs[i].shape, inputs[i].ndim));
      size = inputs[i].shape[ia];
    }
    const bool is_reduced = reduced[axis];
    if (!is_reduced && output.shape[axis] != size)
      throw std::invalid_argument("reduction output shape " + shape_text(output.shape, nd) +
                                  " does not match the kept extents of the inputs (axis " + std::to_string(axis) +
                                  ": " + std::to_string(size) + ")");
    if (is_reduced && output.shape[axis] != 1)
      throw std::invalid_argument("reduction output shape " + shape_text(output.shape, nd) +
                                  " must have extent 1 on reduced axis " + std::to_string(axis));
    if (is_reduced) n_red_ *= size; else n_out_ *= size;
    if (size == 1) continue;
    Dim& dim = is_reduced ? red[nr++] : kept[nk++];
    dim.size = size;
    dim.axis = axis;
    for (int i = 0; i < num_inputs; ++i) {
      const int ia = axis - (nd - inputs[i].ndim);
      dim.strides[i] = (ia < 0 || inputs[i].shape[ia] == 1) ? 0 : inputs[i].strides[ia];
    }
    dim.strides[num_inputs] = is_reduced ? 0 : output.strides[axis];
  }
  for (int i = 0; i < num_inputs; ++i) data_[i] = inputs[i].data;
  data_[num_inputs] = output.data;
  if (n_out_ == 0) nk = 0;
  if (n_red_ == 0) nr = 0;

  order_dims(kept, nk, false);
  order_dims(red, nr, c_order);
  nk = coalesce(kept, nk, num_inputs + 1);
  nr = coalesce(red, nr, num_inputs);

  // Inner when the first input's fastest moving dimension is a reduced one.
  if (!reorderable || nr == 0) {
    layout_ = ReductionLayout::Outer;
  } else if (nk == 0) {
    layout_ = ReductionLayout::Inner;
  } else {
    auto fastest = [](const Dim& d) -> std::int64_t { return d.strides[0] == 0 ? INT64_MAX : std::llabs(d.strides[0]); };
    std::int64_t best_red = INT64_MAX;
    for (int d = 0; d < nr; ++d) best_red = std::min(best_red, fastest(red[d]));
    std::int64_t best_kept = INT64_MAX;
    for (int d = 0; d < nk; ++d) best_kept = std::min(best_kept, fastest(kept[d]));
    layout_ = best_red <= best_kept ? ReductionLayout::Inner : ReductionLayout::Outer;
  }

  out_ndim_ = std::max(nk, 1);
  red_ndim_ = std::max(nr, 1);
  for (int d = 0; d < out_ndim_; ++d) {
    out_sizes_[d] = d < nk ? kept[d].size : 1;
    for (int op = 0; op <= num_inputs; ++op) out_strides_[op][d] = d < nk ? kept[d].strides[op] : 0;
  }
  for (int d = 0; d < red_ndim_; ++d) {
    red_sizes_[d] = d < nr ? red[d].size : 1;
    for (int i = 0; i < num_inputs; ++i) red_strides_[i][d] = d < nr ? red[d].strides[i] : 0;
  }

  // 16-byte loads along the reduction: one dense input, every output's first
  // element aligned to the vector.
  const int itemsize = gpuarray::itemsize(inputs[0].dtype);
  if (layout_ == ReductionLayout::Inner && num_inputs == 1 && nr == 1 && red[0].strides[0] == itemsize) {
    int vec = std::min(kVectorBytes / itemsize, 8);
    auto aligned = [&](int v) {
      const std::int64_t bytes = static_cast<std::int64_t>(v) * itemsize;
      if (data_[0] % bytes != 0) return false;
      for (int d = 0; d < nk; ++d)
        if (kept[d].strides[0] % bytes != 0) return false;
      return true;
    };
    while (vec > 1 && !aligned(vec)) vec /= 2;
    vector_width_ = vec;
  }

  // 32-bit indexing when every count and byte offset fits.
  bool narrow = n_out_ <= kInt32Max && n_red_ <= kInt32Max;
  for (int op = 0; op <= num_inputs && narrow; ++op) {
    std::int64_t reach = 0;
    for (int d = 0; d < out_ndim_; ++d) reach += std::llabs(out_strides_[op][d]) * (out_sizes_[d] - 1);
    if (op < num_inputs)
      for (int d = 0; d < red_ndim_; ++d) reach += std::llabs(red_strides_[op][d]) * (red_sizes_[d] - 1);
    narrow = reach <= kInt32Max;
  }
  index_width_ = narrow ? IndexWidth::Int32 : IndexWidth::Int64;
}

ReductionLaunch ReductionPlan::launch(int sm_count, int partial_size, bool can_split) const {
  ReductionLaunch l{};
  const std::int64_t work = (n_red_ + vector_width_ - 1) / vector_width_;  // items per output
  // Enough resident threads to keep the memory system busy: two 512-thread
  // blocks (or four of 256) per SM.
  const std::int64_t target_threads = static_cast<std::int64_t>(sm_count) * 1024;
  if (!reorderable_) {
    l.block_x = std::min<unsigned int>(256, pow2_ceil(n_out_));
    l.block_y = 1;
  } else if (layout_ == ReductionLayout::Inner) {
    l.block_x = std::min<unsigned int>(kReductionMaxBlock, pow2_ceil(work));
    l.block_y = std::min<unsigned int>(std::max(1u, 256 / l.block_x), pow2_ceil(n_out_));
  } else {
    l.block_x = std::min<unsigned int>(32, pow2_ceil(n_out_));
    l.block_y = std::min<unsigned int>(std::max(1u, 256 / l.block_x), pow2_ceil(work));
  }
  const unsigned int outputs_per_block = layout_ == ReductionLayout::Inner && reorderable_ ? l.block_y : l.block_x;
  const unsigned int lanes = layout_ == ReductionLayout::Inner && reorderable_ ? l.block_x : l.block_y;
  l.grid_x = static_cast<unsigned int>((n_out_ + outputs_per_block - 1) / outputs_per_block);
  l.grid_y = 1;
  if (can_split && reorderable_) {
    // Split the reduced elements over blocks when the outputs alone leave the
    // GPU idle, keeping at least 32 items per lane.
    const std::int64_t threads = static_cast<std::int64_t>(l.grid_x) * l.block_x * l.block_y;
    if (threads < target_threads) {
      std::int64_t splits = (target_threads + threads - 1) / threads;
      splits = std::min<std::int64_t>(splits, work / (static_cast<std::int64_t>(lanes) * 32));
      splits = std::min<std::int64_t>(splits, 512);
      if (splits > 1) l.grid_y = static_cast<unsigned int>(splits);
    }
  }
  l.shared_bytes = l.block_x * l.block_y * static_cast<unsigned int>(partial_size);
  if (l.grid_y > 1) {
    l.partial_inner = n_out_ < 32;
    if (l.partial_inner) {
      l.partial_block_x = pow2_ceil(l.grid_y);
      l.partial_block_y = 1;
      l.partial_grid = static_cast<unsigned int>(n_out_);
    } else {
      l.partial_block_x = 32;
      l.partial_block_y = std::min(8u, pow2_ceil(l.grid_y));
      l.partial_grid = static_cast<unsigned int>((n_out_ + 31) / 32);
    }
  }
  return l;
}

}  // namespace gpuarray
