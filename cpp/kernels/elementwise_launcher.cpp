// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/elementwise_launcher.hpp"

#include "cuda/device.hpp"
#include "cuda/device_properties.hpp"
#include "cuda/driver_launch.hpp"
#include "cuda/stream.hpp"
#include "jit/arch.hpp"
#include "jit/kernel_cache.hpp"
#include "jit/kernel_table.hpp"
#include "jit/loaded_library.hpp"
#include "kernels/elementwise_codegen.hpp"
#include "kernels/recent_cache.hpp"

namespace gpuarray {
namespace {

CUfunction build_kernel(const ElementwiseOp& op, const ElementwiseKernelKey& key, int device) {
  const jit::CompileRequest request = elementwise_compile_request(op, key);
  jit::CachedModule cached = jit::compile_with_cache(request, jit::arch_for_device(device));
  return kernel_function(jit::LoadedLibrary::load(cached.module).kernel(request.name), device);
}

// What a launch needs, remembered per thread.
struct DeviceKernelKey {
  ElementwiseKernelKey key;
  int device = -1;
  bool operator==(const DeviceKernelKey& o) const { return device == o.device && key == o.key; }
};
struct LoadedKernel {
  CUfunction function = nullptr;
  int sm_count = 0;
};

// The kernel table (Note [Kernel table]) behind a per-thread RecentCache: a
// 1-element ufunc may spend ~1 µs beyond its launch, and the table's lock
// and hash would take a tenth of it (recent_cache.hpp). A hit here costs what
// it did before the table: one hash, one slot, no lock, no atomic. It is not
// counted in the table's statistics; the CUfunction it hands out stays valid
// after the table drops its entry, as the Note says.
LoadedKernel find_or_build(const ElementwiseOp& op, const ElementwiseKernelKey& key, int device) {
  thread_local RecentCache<DeviceKernelKey, LoadedKernel> recent;
  const DeviceKernelKey device_key{key, device};
  const std::size_t key_hash = key.hash();
  const std::size_t hash = key_hash ^ static_cast<std::size_t>(device) * 0x9e3779b97f4a7c15ull;
  if (const LoadedKernel* hit = recent.find(device_key, hash)) return *hit;
  LoadedKernel loaded;
  loaded.function = jit::kernel_table()
                        .find_or_build(device, key, key_hash,
                                       [&] { return jit::LoadedKernels{{build_kernel(op, key, device)}}; })
                        .function[0];
  loaded.sm_count = cached_device_properties(device).sm_count;
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
  for (int i = 0; i < num_operands; ++i) require_access(device, operands[i].device, op.name.c_str());
  const LoadedKernel kernel = find_or_build(op, key, device);
  ElementwiseArgs args(plan, scalars, num_scalars);
  const LaunchConfig cfg = plan.launch_config(kernel.sm_count);
  const KernelLaunch launch{kernel.function, {cfg.grid}, {cfg.block}, 0, args.launch_params(),
                            reinterpret_cast<CUstream>(current_stream(device))};
  launch_function(launch, device, op.name.c_str());
}

}  // namespace gpuarray
