// SPDX-License-Identifier: BSD-3-Clause
// What a reduction computes, as CuPy's ReductionKernel spells it: each
// element is mapped to an accumulator (`map`), accumulators are combined
// pairwise (`combine`, of `a` and `b`), starting from `identity`, and the
// result is written by `finish`. Every reduction is one of these: sum is the
// add loop as `combine`, argmax keeps (value, position), var maps the squared
// deviation. The loop that runs it is gpuarray/reduction.cuh; the kernel key
// and source are below, the plan in reduction_plan.hpp.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/dtype.hpp"
#include "kernels/iteration_plan.hpp"

namespace gpuarray {

inline constexpr int kMaxReductionInputs = 8;
inline constexpr int kMaxReductionScalars = 8;

// Names inside the expressions: the inputs (`in_names`, default in0, in1,
// ...) and `_j` (the element's C-order position among the reduced ones) in
// `map`; `a`, `b` in `combine`; `a`, the output (`out_name`, default out0)
// and `_n` (the number of reduced elements) in `finish`; scalar parameters by
// `scalar_names` everywhere. `<name>_type` names every type, and
// `acc_type` the accumulator's C++ type.
struct ReductionOp {
  std::string name;  // letters, digits, '_': readable part of the kernel name
  std::vector<std::string> in_names;
  std::string out_name = "out0";
  std::vector<std::string> scalar_names;
  std::string acc_type;    // C++ type; may name in0_type etc.
  std::string identity;    // expression of acc_type; empty: none (the first element starts)
  std::string map;         // expression converted to acc_type
  std::string combine;     // expression of a, b
  std::string finish;      // statements
  std::string preamble;    // device code before the op (#include lines, helpers)
  bool reorderable = true;  // false: elements are combined in order, one lane per output
  bool uses_index = false;  // `_j` must be the C-order position (the plan keeps C order)
  int acc_size = 0;         // sizeof and alignof acc_type on the device
  int acc_align = 1;
  std::uint64_t hash = 0;   // content hash of all the above

  void seal();  // computes hash: call after filling in the fields
  bool has_identity() const { return !identity.empty(); }
  // Bytes of one partial accumulator (the accumulator and its "have" flag).
  int partial_size() const;
};

enum class ReductionLayout : std::uint8_t { Inner, Outer };

// Note [Reduction kernel key]
// Everything the generated source depends on besides the op: kept and
// reduced dimension counts (compile-time, as NDIM of strided elementwise
// kernels), index width, layout, vector width (Inner with one dense input),
// the inputs', output's and scalars' dtypes. Sizes, strides, addresses and
// the split count are parameters.
struct ReductionKernelKey {
  std::uint64_t op_hash = 0;
  std::uint8_t out_ndim = 1;
  std::uint8_t red_ndim = 1;
  std::uint8_t num_inputs = 1;
  std::uint8_t num_scalars = 0;
  IndexWidth index_width = IndexWidth::Int32;
  ReductionLayout layout = ReductionLayout::Inner;
  std::uint8_t vector_width = 1;
  DType out_dtype = DType::Float64;
  DType in_dtypes[kMaxReductionInputs] = {};
  DType scalar_dtypes[kMaxReductionScalars] = {};

  bool operator==(const ReductionKernelKey& other) const;
  std::size_t hash() const;
};

struct ReductionKernelKeyHash {
  std::size_t operator()(const ReductionKernelKey& key) const { return key.hash(); }
};

// The kernel names: ga_red_<op>_<hash>_{i,o}<vec>_<outdims>x<reddims>_i32_...
// and the same with "_partials" for the second pass.
std::string reduction_kernel_name(const ReductionOp& op, const ReductionKernelKey& key);
std::string reduction_partials_kernel_name(const ReductionOp& op, const ReductionKernelKey& key);
// One source holding both kernels.
std::string reduction_kernel_source(const ReductionOp& op, const ReductionKernelKey& key);

}  // namespace gpuarray
