// SPDX-License-Identifier: BSD-3-Clause
#include "jit/kernel_function.hpp"

#include <utility>
#include <vector>

#include "cuda/device.hpp"
#include "cuda/driver_launch.hpp"
#include "cuda/error.hpp"
#include "jit/raw_module.hpp"

namespace gpuarray::jit {
namespace {

// Offset and size of each parameter, as the device lays them out.
std::vector<std::pair<std::size_t, std::size_t>> param_layout(cudaKernel_t handle) {
  // The runtime caps a kernel's parameters at 32764 bytes: at most 4096 pointers.
  constexpr std::size_t kMaxParams = 4096;
  std::vector<std::pair<std::size_t, std::size_t>> layout;
  for (std::size_t i = 0; i < kMaxParams; ++i) {
    std::size_t offset = 0, size = 0;
    cudaError_t status = cudaFuncGetParamInfo(reinterpret_cast<const void*>(handle), i, &offset, &size);
    if (status == cudaErrorInvalidValue) {  // past the last parameter
      cudaGetLastError();
      break;
    }
    check_cuda(status, "cudaFuncGetParamInfo");
    layout.emplace_back(offset, size);
  }
  return layout;
}

std::string dims_text(dim3 d) {
  return "(" + std::to_string(d.x) + ", " + std::to_string(d.y) + ", " + std::to_string(d.z) + ")";
}

}  // namespace

KernelParams read_kernel_params(const std::string& name, cudaKernel_t handle,
                                const std::optional<KernelSignature>& declared) {
  return make_kernel_params(name, declared, param_layout(handle));
}

KernelFunction::KernelFunction(std::shared_ptr<RawModule> module, std::string name, std::string symbol, Arch arch,
                               cudaKernel_t handle, std::shared_ptr<const KernelParams> params, bool cooperative)
    : module_(std::move(module)),
      name_(std::move(name)),
      symbol_(std::move(symbol)),
      arch_(std::move(arch)),
      handle_(handle),
      params_(std::move(params)),
      cooperative_(cooperative) {}

cudaKernel_t KernelFunction::handle_for_current_device() const {
  int device = current_device();
  if (device < kMaxDevices) {
    cudaKernel_t known = per_device_[device].load(std::memory_order_acquire);
    if (known) return known;
  }
  Arch arch = arch_for_device(device);
  cudaKernel_t handle = arch == arch_ ? handle_ : module_->kernel_for_arch(symbol_, arch);
  if (device < kMaxDevices) per_device_[device].store(handle, std::memory_order_release);
  return handle;
}

CUfunction KernelFunction::function_for_device(int device) const {
  if (device < kMaxDevices) {
    CUfunction known = functions_[device].load(std::memory_order_acquire);
    if (known) return known;
  }
  CUfunction function = kernel_function(handle_for_current_device(), device);
  if (device < kMaxDevices) functions_[device].store(function, std::memory_order_release);
  return function;
}

void KernelFunction::launch(dim3 grid, dim3 block, PackedArguments& args, std::size_t shared_mem,
                            cudaStream_t stream) const {
  auto describe = [&](const char* call) {
    return std::string(call) + " of kernel '" + name_ + "' with grid " + dims_text(grid) + ", block " +
           dims_text(block) + ", shared_mem " + std::to_string(shared_mem);
  };
  if (cooperative_) {
    cudaError_t status = cudaLaunchCooperativeKernel(reinterpret_cast<const void*>(handle_for_current_device()), grid,
                                                     block, args.pointers(), shared_mem, stream);
    if (status != cudaSuccess) {
      cudaGetLastError();  // a failed launch is not sticky: leave no error behind
      throw CudaRuntimeError(status, describe("cudaLaunchCooperativeKernel").c_str());
    }
    return;
  }
  const int device = current_device();
  const KernelLaunch launch{function_for_device(device), {grid.x, grid.y, grid.z}, {block.x, block.y, block.z},
                            static_cast<unsigned int>(shared_mem), args.launch_params(),
                            reinterpret_cast<CUstream>(stream)};
  try {
    launch_function(launch, device, name_.c_str());
  } catch (const CudaRuntimeError& e) {
    throw CudaRuntimeError(e.status(), describe("launch").c_str());
  }
}

cudaFuncAttributes KernelFunction::attributes() const {
  cudaFuncAttributes attributes{};
  GA_CUDA_CHECK(cudaFuncGetAttributes(&attributes, reinterpret_cast<const void*>(handle_for_current_device())));
  return attributes;
}

void KernelFunction::set_attribute(cudaFuncAttribute attribute, int value) const {
  GA_CUDA_CHECK(cudaFuncSetAttribute(reinterpret_cast<const void*>(handle_for_current_device()), attribute, value));
}

}  // namespace gpuarray::jit
