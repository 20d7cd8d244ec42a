// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/elementwise_launcher.hpp"

#include <cuda_runtime_api.h>

#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "cuda/device.hpp"
#include "cuda/driver_launch.hpp"
#include "cuda/error.hpp"
#include "cuda/stream.hpp"
#include "jit/arch.hpp"
#include "jit/kernel_cache.hpp"
#include "jit/loaded_library.hpp"
#include "kernels/elementwise_codegen.hpp"
#include "kernels/recent_cache.hpp"

namespace gpuarray {
namespace {

// Kernels already loaded, per device (each device may want another arch).
// Lookups take the lock briefly; compiling happens outside it, so two
// threads may compile the same key once each and the first one wins.
struct DeviceKernels {
  std::unordered_map<ElementwiseKernelKey, CUfunction, ElementwiseKernelKeyHash> kernels;
  int sm_count = 0;
};

std::mutex g_mutex;
std::vector<std::unique_ptr<DeviceKernels>> g_devices;

DeviceKernels& device_kernels(int device) {
  if (device >= static_cast<int>(g_devices.size())) g_devices.resize(device + 1);
  auto& slot = g_devices[device];
  if (!slot) {
    slot = std::make_unique<DeviceKernels>();
    GA_CUDA_CHECK(cudaDeviceGetAttribute(&slot->sm_count, cudaDevAttrMultiProcessorCount, device));
  }
  return *slot;
}

CUfunction build_kernel(const ElementwiseOp& op, const ElementwiseKernelKey& key, int device) {
  const jit::CompileRequest request = elementwise_compile_request(op, key);
  jit::CachedModule cached = jit::compile_with_cache(request, jit::arch_for_device(device));
  return kernel_function(jit::LoadedLibrary::load(cached.module).kernel(request.name), device);
}

// What a launch needs from the shared table, remembered per thread.
struct DeviceKernelKey {
  ElementwiseKernelKey key;
  int device = -1;
  bool operator==(const DeviceKernelKey& o) const { return device == o.device && key == o.key; }
};
struct LoadedKernel {
  CUfunction function = nullptr;
  int sm_count = 0;
};

LoadedKernel find_or_build(const ElementwiseOp& op, const ElementwiseKernelKey& key, int device) {
  thread_local RecentCache<DeviceKernelKey, LoadedKernel> recent;
  const DeviceKernelKey device_key{key, device};
  const std::size_t hash = key.hash() ^ static_cast<std::size_t>(device) * 0x9e3779b97f4a7c15ull;
  if (const LoadedKernel* hit = recent.find(device_key, hash)) return *hit;

  LoadedKernel loaded;
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    DeviceKernels& known = device_kernels(device);
    loaded.sm_count = known.sm_count;
    auto it = known.kernels.find(key);
    if (it != known.kernels.end()) loaded.function = it->second;
  }
  if (loaded.function == nullptr) {
    CUfunction built = build_kernel(op, key, device);
    std::lock_guard<std::mutex> lock(g_mutex);
    loaded.function = device_kernels(device).kernels.emplace(key, built).first->second;
  }
  recent.remember(device_key, hash, loaded);
  return loaded;
}

}  // namespace

IterationPlan elementwise_plan(const ElementwiseOp& op, const OperandDesc* operands, int num_operands) {
  return IterationPlan(operands, num_operands, op.uses_index ? IterationOrder::C : IterationOrder::Any);
}

jit::CompileRequest elementwise_compile_request(const ElementwiseOp& op, const ElementwiseKernelKey& key) {
  jit::CompileRequest request;
  request.name = elementwise_kernel_name(op, key);
  request.source = elementwise_kernel_source(op, key);
  request.options = key.kind == PlanKind::Tiled ? kTiledKernelOptions : kGeneratedKernelOptions;
  return request;
}

void run_elementwise(const ElementwiseOp& op, const OperandDesc* operands, int num_operands,
                     const ScalarArg* scalars, int num_scalars) {
  const IterationPlan plan = elementwise_plan(op, operands, num_operands);
  if (plan.kind() == PlanKind::Empty) return;
  DType scalar_dtypes[kMaxScalars];
  for (int i = 0; i < num_scalars; ++i) scalar_dtypes[i] = scalars[i].dtype;
  const ElementwiseKernelKey key = make_kernel_key(op, plan, scalar_dtypes, num_scalars);

  const int device = current_device();
  const LoadedKernel kernel = find_or_build(op, key, device);
  ElementwiseArgs args(plan, scalars, num_scalars);
  const LaunchConfig cfg = plan.launch_config(kernel.sm_count);
  const KernelLaunch launch{kernel.function, {cfg.grid}, {cfg.block}, 0, args.launch_params(),
                            reinterpret_cast<CUstream>(current_stream(device))};
  launch_function(launch, device, op.name.c_str());
}

}  // namespace gpuarray
