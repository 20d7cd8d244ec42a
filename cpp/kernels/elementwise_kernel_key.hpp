// SPDX-License-Identifier: BSD-3-Clause
// What identifies one compiled elementwise kernel. An ElementwiseOp is the
// per-element code (a ufunc loop, a cast, a user's ElementwiseKernel); the
// ElementwiseKernelKey adds what the plan decided. Equal keys mean the same
// generated source, so the key is what the in-memory kernel cache maps to a
// loaded kernel. Written down here and nowhere else.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/dtype.hpp"
#include "kernels/iteration_plan.hpp"

namespace gpuarray {

inline constexpr int kMaxScalars = 16;  // by-value scalar parameters of one kernel

// The body of a kernel: C++ statements run once per element. Inputs are
// named in0, in1, ... (const references), outputs out0, out1, ... (references),
// scalar parameters s0, s1, ..., in the order of the operands of each role;
// `<name>_type` names each one's C++ type. `preamble` is device code placed
// before the kernel (helper functions, #include lines). Outputs start
// undefined unless `reads_outputs`, which loads them first (`out0 += in0`).
// With `uses_index` the body also sees `i` (long long): the element's C-order
// position in the broadcast shape, as CuPy's ElementwiseKernel bodies do; the
// plan then keeps C order (see Note [Iteration order]).
struct ElementwiseOp {
  std::string name;  // letters, digits, '_': readable part of the kernel name
  std::string expression;
  std::string preamble;
  bool reads_outputs = false;
  bool uses_index = false;
  std::uint64_t hash = 0;  // content hash of all the above: the op's identity in keys

  static ElementwiseOp make(std::string name, std::string expression, std::string preamble = {},
                            bool reads_outputs = false, bool uses_index = false);
};

// 64-bit FNV-1a: deterministic across runs and platforms, so kernel names
// (and the disk cache behind them) are stable.
std::uint64_t fnv1a64(const std::string& text, std::uint64_t seed = 0xcbf29ce484222325ull);

// Note [Elementwise kernel key]
// The immutable argument record of a kernel, as CuPy's and PyTorch's caches
// use: the op's content hash, the plan's kind, compile-time ndim (Strided:
// the plan's ndim; Contiguous: 1), index width, vector width, each operand's
// dtype and role (output / broadcast scalar) and each scalar's dtype. Data
// addresses, sizes and strides are kernel arguments, never part of the key.
// Entries past num_operands / num_scalars stay zero, so == and hash can look
// at whole arrays. Two different ops share a key only on a 64-bit hash
// collision of their source text.
struct ElementwiseKernelKey {
  std::uint64_t op_hash = 0;
  PlanKind kind = PlanKind::Empty;
  IndexWidth index_width = IndexWidth::Int32;
  std::uint8_t ndim = 0;
  std::uint8_t vector_width = 1;
  std::uint8_t num_operands = 0;
  std::uint8_t num_scalars = 0;
  std::uint16_t output_mask = 0;
  std::uint16_t broadcast_mask = 0;
  std::uint16_t staged_mask = 0;
  DType operand_dtypes[kMaxOperands] = {};
  DType scalar_dtypes[kMaxScalars] = {};

  bool operator==(const ElementwiseKernelKey& other) const;
  bool operator!=(const ElementwiseKernelKey& other) const { return !(*this == other); }
  std::size_t hash() const;

  bool is_output(int operand) const { return (output_mask >> operand) & 1u; }
  bool is_broadcast(int operand) const { return (broadcast_mask >> operand) & 1u; }
  bool is_staged(int operand) const { return (staged_mask >> operand) & 1u; }
};

struct ElementwiseKernelKeyHash {
  std::size_t operator()(const ElementwiseKernelKey& key) const { return key.hash(); }
};

// The key for running `op` over `plan` (which must not be Empty) with scalar
// parameters of the given dtypes.
ElementwiseKernelKey make_kernel_key(const ElementwiseOp& op, const IterationPlan& plan, const DType* scalar_dtypes,
                                     int num_scalars);

}  // namespace gpuarray
