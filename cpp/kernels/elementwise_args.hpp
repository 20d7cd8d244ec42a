// SPDX-License-Identifier: BSD-3-Clause
// The parameter values of one elementwise launch, laid out as the generated
// kernel declares them (see Note [Elementwise kernel parameters] in
// gpuarray/elementwise.cuh). Launching, on the kernel cache's side:
//
//   IterationPlan plan(operands, n);             // NumPy's broadcast errors
//   if (plan.kind() == PlanKind::Empty) return;  // nothing to launch
//   ElementwiseKernelKey key = make_kernel_key(op, plan, scalar_dtypes, nscalars);
//   function = cache lookup of key, else compile elementwise_kernel_source(op, key),
//              load elementwise_kernel_name(op, key) and take its CUfunction
//   ElementwiseArgs args(plan, scalars, nscalars);
//   LaunchConfig cfg = plan.launch_config(sm_count);
//   launch_function({function, {cfg.grid}, {cfg.block}, 0, args.launch_params(), stream}, device, name);
//
// Fixed capacity, no heap: this is built for every launch.
#pragma once
#include <cstddef>
#include <cstdint>

#include "core/dtype.hpp"
#include "cuda/launch_graphs.hpp"
#include "kernels/elementwise_kernel_key.hpp"
#include "kernels/iteration_plan.hpp"

namespace gpuarray {

// A by-value scalar parameter: `bytes` holds the value as the device type
// stores it (IEEE binary16 for __half, real then imaginary for complex).
struct ScalarArg {
  DType dtype;
  alignas(16) unsigned char bytes[16];
};

class ElementwiseArgs {
 public:
  ElementwiseArgs(const IterationPlan& plan, const ScalarArg* scalars, int num_scalars);
  ElementwiseArgs(const ElementwiseArgs&) = delete;
  ElementwiseArgs& operator=(const ElementwiseArgs&) = delete;

  // One pointer per kernel parameter, for cudaLaunchKernel.
  void** params() { return params_; }
  // The same with each parameter's size, for launch_function.
  LaunchParams launch_params() { return {params_, sizes_, num_params_}; }
  int num_params() const { return num_params_; }
  const void* param(int i) const { return params_[i]; }
  std::size_t param_size(int i) const { return sizes_[i]; }

 private:
  static constexpr int kMaxParams = 3 + kMaxScalars;
  // Pointers, the count, the largest geometry (64-bit words), the scalars,
  // and up to 15 bytes of alignment padding per parameter.
  static constexpr std::size_t kCapacity = kMaxOperands * 8 + 8 + 8 * (kMaxDims + kMaxDims * kMaxOperands) +
                                           16 * kMaxScalars + 16 * kMaxParams;

  void* append(std::size_t size);

  alignas(16) unsigned char storage_[kCapacity];
  std::size_t used_ = 0;
  int num_params_ = 0;
  void* params_[kMaxParams];
  std::size_t sizes_[kMaxParams];
};

// Note [Division by a constant] in gpuarray/elementwise.cuh: the multiplier
// and shift that divide n < 2^31 by `divisor` (1 <= divisor < 2^31).
struct DivisionMagic {
  std::uint32_t magic;
  std::uint32_t shift;
};
DivisionMagic division_magic(std::uint32_t divisor);

}  // namespace gpuarray
