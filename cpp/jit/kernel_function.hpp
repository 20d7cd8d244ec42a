// SPDX-License-Identifier: BSD-3-Clause
// One kernel of a loaded module: its handle, its parameter layout and types
// (read once), launches and attributes. The launch path is: find the
// function for the current device (an array lookup after the first launch
// there), pack the arguments, launch_function (cuda/driver_launch.hpp).
#pragma once
#include <cuda.h>
#include <cuda_runtime_api.h>

#include <array>
#include <atomic>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "jit/arch.hpp"
#include "jit/kernel_args.hpp"
#include "jit/kernel_signature.hpp"

namespace gpuarray::jit {

class RawModule;

// The parameters of `handle`: the runtime's layout (offset and size of each)
// with the types of `declared` where it matches (see make_kernel_params).
KernelParams read_kernel_params(const std::string& name, cudaKernel_t handle,
                                const std::optional<KernelSignature>& declared);

class KernelFunction {
 public:
  // `handle` is `symbol` in `module`'s library for `arch`; `params` is its
  // layout, shared by every Function of the same kernel.
  KernelFunction(std::shared_ptr<RawModule> module, std::string name, std::string symbol, Arch arch,
                 cudaKernel_t handle, std::shared_ptr<const KernelParams> params, bool cooperative);

  const std::string& name() const { return name_; }      // as the user named it: "add<float>"
  const std::string& symbol() const { return symbol_; }  // in the binary: "_Z3addIfEvPT_"
  const KernelParams& params() const { return *params_; }
  bool cooperative() const { return cooperative_; }

  // Launches on `stream` (cudaLaunchCooperativeKernel for a cooperative module).
  // A failure throws CudaRuntimeError naming the kernel and the launch's shape.
  void launch(dim3 grid, dim3 block, PackedArguments& args, std::size_t shared_mem, cudaStream_t stream) const;

  // The attributes on the current device, and setting one there.
  cudaFuncAttributes attributes() const;
  void set_attribute(cudaFuncAttribute attribute, int value) const;

 private:
  static constexpr int kMaxDevices = 64;

  cudaKernel_t handle_for_current_device() const;
  CUfunction function_for_device(int device) const;

  std::shared_ptr<RawModule> module_;
  std::string name_;
  std::string symbol_;
  Arch arch_;
  cudaKernel_t handle_;
  std::shared_ptr<const KernelParams> params_;
  bool cooperative_;
  // The handle to use on each device, filled on the first launch there: the
  // same handle on devices of this architecture, the module compiled for
  // another architecture elsewhere.
  mutable std::array<std::atomic<cudaKernel_t>, kMaxDevices> per_device_{};
  // That handle's function in each device's primary context, for the driver's launches.
  mutable std::array<std::atomic<CUfunction>, kMaxDevices> functions_{};
};

}  // namespace gpuarray::jit
