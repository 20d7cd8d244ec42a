// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/iteration_plan.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

namespace gpuarray {
namespace {

constexpr std::int64_t kInt32Max = std::numeric_limits<std::int32_t>::max();

// NumPy's spelling of a shape in error messages: (2,3), (4,), ().
std::string shape_repr(const std::int64_t* shape, int ndim) {
  std::string s = "(";
  for (int i = 0; i < ndim; ++i) {
    if (i > 0) s += ",";
    s += std::to_string(shape[i]);
  }
  if (ndim == 1) s += ",";
  return s + ")";
}

[[noreturn]] void throw_not_broadcastable(const OperandDesc* ops, int n) {
  // NumPy ends this message with a space after the last shape.
  std::string msg = "operands could not be broadcast together with shapes ";
  for (int i = 0; i < n; ++i) msg += shape_repr(ops[i].shape, ops[i].ndim) + " ";
  throw std::invalid_argument(msg);
}

std::int64_t abs64(std::int64_t v) { return v < 0 ? -v : v; }

}  // namespace

IterationPlan::IterationPlan(const OperandDesc* operands, int num_operands, IterationOrder order)
    : num_operands_(num_operands) {
  if (num_operands < 1 || num_operands > kMaxOperands)
    throw std::invalid_argument("an elementwise kernel takes 1 to " + std::to_string(kMaxOperands) +
                                " array operands, got " + std::to_string(num_operands));
  for (int op = 0; op < num_operands; ++op) {
    dtypes_[op] = operands[op].dtype;
    data_[op] = operands[op].data;
    if (operands[op].is_output) output_mask_ |= 1u << op;
  }
  broadcast(operands);
  if (numel_ == 0) {
    kind_ = PlanKind::Empty;
    return;
  }
  order_and_coalesce(operands, order);
  choose_kind(order);
}

// NumPy's rule, right-aligned: extents must match or be 1. Every output must
// already have the broadcast shape (NumPy never broadcasts an output).
void IterationPlan::broadcast(const OperandDesc* ops) {
  int nd = 0;
  for (int op = 0; op < num_operands_; ++op) {
    if (ops[op].ndim > kMaxDims)
      throw std::invalid_argument("operand " + std::to_string(op) + " has " + std::to_string(ops[op].ndim) +
                                  " dimensions; at most " + std::to_string(kMaxDims) + " are supported");
    nd = std::max(nd, ops[op].ndim);
  }
  result_ndim_ = nd;
  numel_ = 1;
  for (int axis = 0; axis < nd; ++axis) {
    std::int64_t extent = 1;
    for (int op = 0; op < num_operands_; ++op) {
      const int k = axis - (nd - ops[op].ndim);
      if (k < 0) continue;
      const std::int64_t e = ops[op].shape[k];
      if (e == 1 || e == extent) continue;
      if (extent != 1) throw_not_broadcastable(ops, num_operands_);
      extent = e;
    }
    result_shape_[axis] = extent;
    numel_ *= extent;
  }
  for (int op = 0; op < num_operands_; ++op) {
    if (!ops[op].is_output) continue;
    bool same = ops[op].ndim == nd;
    for (int axis = 0; same && axis < nd; ++axis) same = ops[op].shape[axis] == result_shape_[axis];
    if (!same)
      throw std::invalid_argument("non-broadcastable output operand with shape " +
                                  shape_repr(ops[op].shape, ops[op].ndim) + " doesn't match the broadcast shape " +
                                  shape_repr(result_shape_, nd));
  }
}

// Note [Iteration order]
// Dimensions are sorted innermost-first by stride, outputs consulted first,
// then inputs, as PyTorch's TensorIterator does: an operand with stride 0 in
// either dimension (broadcast) has no opinion, and equal strides defer to the
// next operand. Undecided pairs keep C order (last axis innermost). So a
// Fortran-ordered or transposed output is written in memory order, and its
// inputs follow it. Elementwise kernels may visit elements in any order,
// which is also what lets a dimension that every operand walks backwards be
// flipped to ascending. Ops that read their element's index `i` are the
// exception: IterationOrder::C skips the flips and the sort.
int IterationPlan::should_swap(int a, int b) const {
  for (int pass = 0; pass < 2; ++pass) {
    const bool outputs = pass == 0;
    for (int op = 0; op < num_operands_; ++op) {
      if (is_output(op) != outputs) continue;
      const std::int64_t sa = abs64(strides_[op][a]), sb = abs64(strides_[op][b]);
      if (sa == 0 || sb == 0) continue;
      if (sa < sb) return -1;
      if (sa > sb) return 1;
      if (sizes_[a] > sizes_[b]) return 1;
    }
  }
  return 0;
}

void IterationPlan::order_and_coalesce(const OperandDesc* ops, IterationOrder order) {
  // Gather the dimensions of extent > 1, innermost (last axis) first; an
  // operand that lacks the axis or has extent 1 there gets stride 0.
  int nd = 0;
  for (int axis = result_ndim_ - 1; axis >= 0; --axis) {
    if (result_shape_[axis] == 1) continue;
    sizes_[nd] = result_shape_[axis];
    for (int op = 0; op < num_operands_; ++op) {
      const int k = axis - (result_ndim_ - ops[op].ndim);
      strides_[op][nd] = (k >= 0 && ops[op].shape[k] != 1) ? ops[op].strides[k] : 0;
    }
    ++nd;
  }

  // Flip dimensions that no operand walks forwards (see Note [Iteration order]).
  const bool any_order = order == IterationOrder::Any;
  for (int d = 0; any_order && d < nd; ++d) {
    bool any_negative = false, any_positive = false;
    for (int op = 0; op < num_operands_; ++op) {
      any_negative |= strides_[op][d] < 0;
      any_positive |= strides_[op][d] > 0;
    }
    if (!any_negative || any_positive) continue;
    for (int op = 0; op < num_operands_; ++op) {
      data_[op] += static_cast<std::uintptr_t>((sizes_[d] - 1) * strides_[op][d]);
      strides_[op][d] = -strides_[op][d];
    }
  }

  // Insertion sort of a permutation; an undecided comparison (0) neither
  // swaps nor stops, so a dimension can move past broadcast ones.
  std::int8_t perm[kMaxDims];
  for (int d = 0; d < nd; ++d) perm[d] = static_cast<std::int8_t>(d);
  for (int i = 1; any_order && i < nd; ++i) {
    int moving = i;
    for (int j = i - 1; j >= 0; --j) {
      const int cmp = should_swap(perm[j], perm[moving]);
      if (cmp > 0) {
        std::swap(perm[j], perm[moving]);
        moving = j;
      } else if (cmp < 0) {
        break;
      }
    }
  }
  bool identity = true;
  for (int d = 0; d < nd; ++d) identity &= perm[d] == d;
  if (!identity) {
    std::int64_t tmp[kMaxDims];
    for (int d = 0; d < nd; ++d) tmp[d] = sizes_[perm[d]];
    std::copy(tmp, tmp + nd, sizes_);
    for (int op = 0; op < num_operands_; ++op) {
      for (int d = 0; d < nd; ++d) tmp[d] = strides_[op][perm[d]];
      std::copy(tmp, tmp + nd, strides_[op]);
    }
  }

  // Merge dimension d into the current outer one when, for every operand,
  // stepping once in d is stepping sizes_[cur] times in cur.
  int cur = 0;
  for (int d = 1; d < nd; ++d) {
    bool mergeable = true;
    for (int op = 0; mergeable && op < num_operands_; ++op)
      mergeable = strides_[op][d] == strides_[op][cur] * sizes_[cur];
    if (mergeable) {
      sizes_[cur] *= sizes_[d];
      continue;
    }
    ++cur;
    sizes_[cur] = sizes_[d];
    for (int op = 0; op < num_operands_; ++op) strides_[op][cur] = strides_[op][d];
  }
  ndim_ = nd == 0 ? 0 : cur + 1;
}

void IterationPlan::choose_kind(IterationOrder order) {
  if (ndim_ == 0) {  // one element (0-d, or every extent is 1)
    ndim_ = 1;
    sizes_[0] = 1;
    for (int op = 0; op < num_operands_; ++op) strides_[op][0] = itemsize(dtypes_[op]);
  }
  bool contiguous = ndim_ == 1;
  for (int op = 0; contiguous && op < num_operands_; ++op) {
    const std::int64_t s = strides_[op][0];
    if (s == 0 && !is_output(op))
      broadcast_mask_ |= 1u << op;
    else
      contiguous = s == itemsize(dtypes_[op]);
  }

  if (contiguous) {
    kind_ = PlanKind::Contiguous;
    int widest = 1;
    for (int op = 0; op < num_operands_; ++op)
      if (!is_broadcast(op)) widest = std::max(widest, itemsize(dtypes_[op]));
    vector_width_ = std::max(1, kVectorBytes / widest);
    for (int op = 0; op < num_operands_; ++op) {
      if (is_broadcast(op)) continue;
      // Access sizes are powers of two: a mask tests the alignment.
      while (vector_width_ > 1 && (data_[op] & static_cast<std::uintptr_t>(vector_width_ * itemsize(dtypes_[op]) - 1)))
        vector_width_ /= 2;
    }
    index_width_ = numel_ <= kInt32Max ? IndexWidth::Int32 : IndexWidth::Int64;
    return;
  }

  broadcast_mask_ = 0;
  vector_width_ = 1;
  if (order == IterationOrder::Any && choose_tiled()) return;
  kind_ = PlanKind::Strided;
  // 32-bit offsets are exact when every partial sum of coord * stride fits:
  // each lies between the sums of the negative and of the positive terms.
  bool fits = numel_ <= kInt32Max;
  for (int op = 0; fits && op < num_operands_; ++op) {
    std::int64_t low = 0, high = 0;
    for (int d = 0; d < ndim_; ++d) {
      const std::int64_t extent = (sizes_[d] - 1) * strides_[op][d];
      (extent < 0 ? low : high) += extent;
    }
    fits = high <= kInt32Max && low >= -kInt32Max;
  }
  index_width_ = fits ? IndexWidth::Int32 : IndexWidth::Int64;
}

// Note [Tiled transpose]
// An op whose output is dense along one dimension and one of whose inputs is
// dense along another (a copy or cast into another layout, `a.T + b`) reads
// that input, or writes the output, with a large stride in the strided loop:
// every warp touches 32 sectors for 32 elements. The tiled kernel cuts the
// two dimensions into square tiles: a block first reads each such *staged*
// input's tile with threads along the input's dense dimension into shared
// memory, then evaluates the tile with threads along the output's dense
// dimension, so every global access is coalesced. Operands that follow the
// outputs (or broadcast along their dense dimension) are read in place.
// Conditions: at most 3 dimensions (the third a batch), every output dense
// along dimension 0, both tiled extents at least kTileMinExtent, and the
// staged tiles fit static shared memory (tile_extent).
bool IterationPlan::choose_tiled() {
  if (ndim_ < 2 || ndim_ > 3 || sizes_[0] < kTileMinExtent) return false;
  for (int op = 0; op < num_operands_; ++op)
    if (is_output(op) && strides_[op][0] != itemsize(dtypes_[op])) return false;
  // An input dense along dimension b > 0 and strided along 0 picks b.
  auto strided_along_0 = [this](int op) {
    const std::int64_t s = strides_[op][0];
    return !is_output(op) && s != 0 && s != itemsize(dtypes_[op]);
  };
  int b = 0;
  for (int op = 0; b == 0 && op < num_operands_; ++op) {
    if (!strided_along_0(op)) continue;
    for (int d = 1; b == 0 && d < ndim_; ++d)
      if (strides_[op][d] == itemsize(dtypes_[op]) && sizes_[d] >= kTileMinExtent) b = d;
  }
  if (b == 0) return false;
  std::uint32_t staged = 0;
  int staged_bytes = 0;
  for (int op = 0; op < num_operands_; ++op)
    if (strided_along_0(op) && strides_[op][b] == itemsize(dtypes_[op])) {
      staged |= 1u << op;
      staged_bytes += itemsize(dtypes_[op]);
    }
  const int t = tile_extent(staged_bytes);
  if (t == 0) return false;
  // tiled_kernel numbers tiles in 32 bits.
  const std::int64_t other = ndim_ == 3 ? sizes_[3 - b] : 1;
  if ((sizes_[0] + t - 1) / t * ((sizes_[b] + t - 1) / t) * other > 0xffffffffll) return false;

  if (b != 1) {
    std::swap(sizes_[1], sizes_[b]);
    for (int op = 0; op < num_operands_; ++op) std::swap(strides_[op][1], strides_[op][b]);
  }
  if (ndim_ == 2) {
    sizes_[2] = 1;
    for (int op = 0; op < num_operands_; ++op) strides_[op][2] = 0;
  }
  ndim_ = 3;
  kind_ = PlanKind::Tiled;
  staged_mask_ = staged;
  staged_bytes_ = staged_bytes;
  index_width_ = IndexWidth::Int64;
  return true;
}

LaunchConfig IterationPlan::launch_config(int sm_count) const {
  if (kind_ == PlanKind::Empty) return {0, kElementwiseBlockSize};
  if (kind_ == PlanKind::Tiled) {
    // One block per tile (measured faster than a resident grid looping over tiles).
    const std::int64_t t = tile_extent(staged_bytes_);
    const std::int64_t tiles = ((sizes_[0] + t - 1) / t) * ((sizes_[1] + t - 1) / t) * sizes_[2];
    return {static_cast<unsigned int>(std::min<std::int64_t>(tiles, 0x7fffffff)), kTiledBlockSize};
  }
  const std::int64_t work = (numel_ + vector_width_ - 1) / vector_width_;
  const std::int64_t blocks = (work + kElementwiseBlockSize - 1) / kElementwiseBlockSize;
  // Contiguous kernels: one vector per thread, which measured faster than any
  // resident grid (benchmarks/probes/elementwise_probe.py on an H100, float32 sin over
  // 2^28 elements: 2779 GB/s with 8 blocks per SM, 2825 with 32, 3025 in one
  // pass; device copy 2964).
  if (kind_ == PlanKind::Contiguous) return {static_cast<unsigned int>(std::min<std::int64_t>(blocks, 0x7fffffff)),
                                             kElementwiseBlockSize};
  const std::int64_t cap = static_cast<std::int64_t>(std::max(sm_count, 1)) * kElementwiseBlocksPerSm;
  return {static_cast<unsigned int>(std::min(blocks, cap)), kElementwiseBlockSize};
}

}  // namespace gpuarray
