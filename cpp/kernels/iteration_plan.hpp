// SPDX-License-Identifier: BSD-3-Clause
// IterationPlan: how one elementwise operation walks its operands. Given each
// operand's shape, byte strides, dtype and address, it broadcasts the inputs
// to the output shape, drops size-1 dimensions, reorders the rest by the
// operands' stride order, flips dimensions every operand walks backwards,
// coalesces dimensions that are contiguous for every operand, and picks the
// kernel: contiguous (one flat loop, vector accesses when aligned) or strided
// (per-operand strides over the remaining dimensions), with 32-bit index
// arithmetic when every offset fits. See docs/elementwise.md.
//
// Pure host code with no heap allocation: it runs for every `a + b`.
#pragma once
#include <cstdint>

#include "core/dtype.hpp"
#include "core/ndarray.hpp"

namespace gpuarray {

inline constexpr int kMaxDims = 64;      // NumPy 2's NPY_MAXDIMS
inline constexpr int kMaxOperands = 16;  // inputs and outputs of one kernel
inline constexpr int kElementwiseBlockSize = 256;
// A strided kernel never gets more blocks than this many per SM: threads loop
// over the rest (grid-stride), which keeps the grid resident. Contiguous
// kernels give each vector its own thread (IterationPlan::launch_config).
inline constexpr int kElementwiseBlocksPerSm = 8;
// The widest access a contiguous kernel makes per operand and step.
inline constexpr int kVectorBytes = 16;

// One operand as the plan sees it. shape/strides point at ndim entries owned by
// the caller; strides are in bytes.
struct OperandDesc {
  const std::int64_t* shape;
  const std::int64_t* strides;
  int ndim;
  DType dtype;
  std::uintptr_t data;
  bool is_output;
  int device = -1;  // the array's device; -1: not known (Note [Arrays of another device])

  static OperandDesc input(const NDArray& a) { return of(a, false); }
  static OperandDesc output(const NDArray& a) { return of(a, true); }

 private:
  static OperandDesc of(const NDArray& a, bool out) {
    return {a.shape.data(), a.strides.data(), a.ndim(), a.dtype, a.data_ptr(), out, a.device()};
  }
};

enum class PlanKind : std::uint8_t {
  Empty,       // no elements: launch nothing
  Contiguous,  // every operand dense in one common order, or a broadcast scalar
  Strided,     // ndim() dimensions with per-operand strides
  Tiled,       // outputs dense along one dimension, some inputs (the staged
               // ones) along another, as in a transpose: square tiles, staged
               // inputs read through shared memory; always 3 dimensions: 0
               // the outputs' dense one, 1 the staged inputs', 2 a batch
};

// A tiled plan needs both dense extents at least kTileMinExtent, below which
// strided access costs little. Tiles are tile_extent(staged bytes) square,
// moved by kTiledBlockSize threads; tiled_kernel in gpuarray/elementwise.cuh
// uses the same numbers.
inline constexpr int kTileMinExtent = 16;
inline constexpr int kTiledBlockSize = 512;
inline constexpr int kTileSharedBytes = 48 * 1024;  // static shared memory of one block
// The side of the square tiles when the staged inputs' items add up to
// `staged_bytes` per element: one tile each (plus a padding column) must fit
// kTileSharedBytes together; 0 when not even 32 x 32 does.
constexpr int tile_extent(int staged_bytes) {
  return 64 * 65 * staged_bytes <= kTileSharedBytes ? 64 : 32 * 33 * staged_bytes <= kTileSharedBytes ? 32 : 0;
}

enum class IndexWidth : std::uint8_t { Int32 = 32, Int64 = 64 };

// Any: dimensions may be reordered and flipped for memory order (the usual
// case). C: the linear iteration index is the element's C-order position in
// the broadcast shape (ops that read `i`): only size-1 dropping and
// coalescing, which keep that position, are done.
enum class IterationOrder : std::uint8_t { Any, C };

struct LaunchConfig {
  unsigned int grid;
  unsigned int block;
};

class IterationPlan {
 public:
  // Throws std::invalid_argument with NumPy's message when the shapes do not
  // broadcast or an output does not have the broadcast shape.
  IterationPlan(const OperandDesc* operands, int num_operands, IterationOrder order = IterationOrder::Any);

  PlanKind kind() const { return kind_; }
  IndexWidth index_width() const { return index_width_; }
  int num_operands() const { return num_operands_; }
  std::int64_t numel() const { return numel_; }

  // The broadcast shape in the operands' axis order (what an output has).
  int result_ndim() const { return result_ndim_; }
  std::int64_t result_shape(int axis) const { return result_shape_[axis]; }

  // Iteration dimensions after reordering and coalescing; dimension 0 is the
  // innermost. Contiguous and 0-d plans have one dimension of numel().
  int ndim() const { return ndim_; }
  std::int64_t size(int dim) const { return sizes_[dim]; }
  std::int64_t stride(int operand, int dim) const { return strides_[operand][dim]; }

  // Address of element 0 of the iteration (moved when a dimension was flipped).
  std::uintptr_t data(int operand) const { return data_[operand]; }
  DType dtype(int operand) const { return dtypes_[operand]; }
  bool is_output(int operand) const { return (output_mask_ >> operand) & 1u; }
  std::uint32_t output_mask() const { return output_mask_; }

  // Contiguous plans: inputs with stride 0 (read once, as a broadcast scalar).
  bool is_broadcast(int operand) const { return (broadcast_mask_ >> operand) & 1u; }
  std::uint32_t broadcast_mask() const { return broadcast_mask_; }
  // Tiled plans: inputs read through shared memory (dense along dimension 1).
  bool is_staged(int operand) const { return (staged_mask_ >> operand) & 1u; }
  std::uint32_t staged_mask() const { return staged_mask_; }
  // Contiguous plans: elements per vector access, common to all dense
  // operands (1, 2, 4, 8 or 16); 1 for strided plans.
  int vector_width() const { return vector_width_; }

  // Grid and block for a device with `sm_count` SMs; counts vectors, not
  // elements, for vectorized plans. Empty plans get a zero grid.
  LaunchConfig launch_config(int sm_count) const;

 private:
  void broadcast(const OperandDesc* operands);
  void order_and_coalesce(const OperandDesc* operands, IterationOrder order);
  void choose_kind(IterationOrder order);
  bool choose_tiled();
  int should_swap(int axis_a, int axis_b) const;

  PlanKind kind_ = PlanKind::Empty;
  IndexWidth index_width_ = IndexWidth::Int32;
  int num_operands_ = 0;
  int result_ndim_ = 0;
  int ndim_ = 0;
  int vector_width_ = 1;
  std::uint32_t output_mask_ = 0;
  std::uint32_t broadcast_mask_ = 0;
  std::uint32_t staged_mask_ = 0;
  int staged_bytes_ = 0;
  std::int64_t numel_ = 0;
  // Deliberately left uninitialized: only the first result_ndim_/ndim_/
  // num_operands_ entries are written and read.
  std::int64_t result_shape_[kMaxDims];
  std::int64_t sizes_[kMaxDims];
  std::int64_t strides_[kMaxOperands][kMaxDims];
  std::uintptr_t data_[kMaxOperands];
  DType dtypes_[kMaxOperands];
};

}  // namespace gpuarray
