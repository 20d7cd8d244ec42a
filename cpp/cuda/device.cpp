// SPDX-License-Identifier: BSD-3-Clause
#include "cuda/device.hpp"

#include <iterator>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>

#include "cuda/error.hpp"
#include "cuda/graph.hpp"

namespace gpuarray {

int device_count() {
  int n = 0;
  GA_CUDA_CHECK(cudaGetDeviceCount(&n));
  return n;
}

bool is_available() {
  int n = 0;
  if (cudaGetDeviceCount(&n) != cudaSuccess) {
    cudaGetLastError();
    return false;
  }
  return n > 0;
}

void check_device_id(int device) {
  int n = device_count();
  if (device < 0 || device >= n) throw CudaRuntimeError(cudaErrorInvalidDevice, "cudaSetDevice");
}

bool can_access_peer(int device, int peer) {
  int can = 0;
  GA_CUDA_CHECK(cudaDeviceCanAccessPeer(&can, device, peer));
  return can != 0;
}

void enable_peer_access(int peer) { GA_CUDA_CHECK(cudaDeviceEnablePeerAccess(peer, 0)); }

// Note [Arrays of another device]
// A kernel on one device that touches an array of another faults unless peer
// access is on, and the fault is sticky: the process's CUDA context is lost
// (a + b across two H200s, 2026-11-27). So launchers check each operand's
// device first. Where the hardware allows, peer access is enabled once per
// (current device, owner) pair and the kernel reads the other device's memory
// over NVLink or PCIe, as CuPy does; otherwise the call raises ValueError
// naming both devices, before anything runs.
void require_access(int device, int owner, const char* what) {
  if (owner < 0 || owner == device) return;
  static std::mutex mutex;
  static std::set<std::pair<int, int>> enabled;
  std::lock_guard<std::mutex> lock(mutex);
  if (enabled.count({device, owner})) return;
  if (!can_access_peer(device, owner))
    throw std::invalid_argument(std::string(what) + ": an operand is on device " + std::to_string(owner) +
                                " but device " + std::to_string(device) +
                                " is current, and it cannot access device " + std::to_string(owner) +
                                "'s memory (no peer access between them): copy the array to device " +
                                std::to_string(device) + " first, or run under `with Device(" +
                                std::to_string(owner) + "):`");
  const cudaError_t status = cudaDeviceEnablePeerAccess(owner, 0);  // from the current device, `device`
  if (status == cudaErrorPeerAccessAlreadyEnabled) {
    cudaGetLastError();  // enabled by someone else (CuPy, PyTorch): not an error
  } else {
    check_cuda(status, "cudaDeviceEnablePeerAccess");
  }
  enabled.insert({device, owner});
}

int current_device() {
  int d = 0;
  GA_CUDA_CHECK(cudaGetDevice(&d));
  return d;
}

void set_current_device(int device) { GA_CUDA_CHECK(cudaSetDevice(device)); }

void synchronize_device(int device) {
  // A device-wide wait would invalidate a capture in progress (Note [Stream capture]).
  if (captures_in_progress())
    throw CudaRuntimeError(cudaErrorStreamCaptureUnsupported,
                           "deviceSynchronize during stream capture (it waits for every stream, which a graph "
                           "cannot record; synchronize after end_capture)");
  DeviceGuard guard(device);
  GA_CUDA_CHECK(cudaDeviceSynchronize());
}

cudaDeviceProp device_properties(int device) {
  cudaDeviceProp prop{};
  GA_CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  return prop;
}

std::string compute_capability(int device) {
  int major = 0, minor = 0;
  GA_CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
  GA_CUDA_CHECK(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device));
  return std::to_string(major) + std::to_string(minor);
}

std::pair<size_t, size_t> device_mem_info(int device) {
  DeviceGuard guard(device);
  size_t free_bytes = 0, total_bytes = 0;
  GA_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  return {free_bytes, total_bytes};
}

namespace {
struct AttributeName {
  const char* name;
  cudaDeviceAttr attr;
};
// CuPy names each attribute after the runtime enumerator without its prefix.
const AttributeName kAttributes[] = {
    {"MaxThreadsPerBlock", cudaDevAttrMaxThreadsPerBlock},
    {"MaxBlockDimX", cudaDevAttrMaxBlockDimX},
    {"MaxBlockDimY", cudaDevAttrMaxBlockDimY},
    {"MaxBlockDimZ", cudaDevAttrMaxBlockDimZ},
    {"MaxGridDimX", cudaDevAttrMaxGridDimX},
    {"MaxGridDimY", cudaDevAttrMaxGridDimY},
    {"MaxGridDimZ", cudaDevAttrMaxGridDimZ},
    {"MaxSharedMemoryPerBlock", cudaDevAttrMaxSharedMemoryPerBlock},
    {"TotalConstantMemory", cudaDevAttrTotalConstantMemory},
    {"WarpSize", cudaDevAttrWarpSize},
    {"MaxPitch", cudaDevAttrMaxPitch},
    {"MaxRegistersPerBlock", cudaDevAttrMaxRegistersPerBlock},
    {"ClockRate", cudaDevAttrClockRate},
    {"TextureAlignment", cudaDevAttrTextureAlignment},
    {"GpuOverlap", cudaDevAttrGpuOverlap},
    {"MultiProcessorCount", cudaDevAttrMultiProcessorCount},
    {"KernelExecTimeout", cudaDevAttrKernelExecTimeout},
    {"Integrated", cudaDevAttrIntegrated},
    {"CanMapHostMemory", cudaDevAttrCanMapHostMemory},
    {"ComputeMode", cudaDevAttrComputeMode},
    {"MaxTexture1DWidth", cudaDevAttrMaxTexture1DWidth},
    {"MaxTexture2DWidth", cudaDevAttrMaxTexture2DWidth},
    {"MaxTexture2DHeight", cudaDevAttrMaxTexture2DHeight},
    {"MaxTexture3DWidth", cudaDevAttrMaxTexture3DWidth},
    {"MaxTexture3DHeight", cudaDevAttrMaxTexture3DHeight},
    {"MaxTexture3DDepth", cudaDevAttrMaxTexture3DDepth},
    {"MaxTexture2DLayeredWidth", cudaDevAttrMaxTexture2DLayeredWidth},
    {"MaxTexture2DLayeredHeight", cudaDevAttrMaxTexture2DLayeredHeight},
    {"MaxTexture2DLayeredLayers", cudaDevAttrMaxTexture2DLayeredLayers},
    {"SurfaceAlignment", cudaDevAttrSurfaceAlignment},
    {"ConcurrentKernels", cudaDevAttrConcurrentKernels},
    {"EccEnabled", cudaDevAttrEccEnabled},
    {"PciBusId", cudaDevAttrPciBusId},
    {"PciDeviceId", cudaDevAttrPciDeviceId},
    {"TccDriver", cudaDevAttrTccDriver},
    {"MemoryClockRate", cudaDevAttrMemoryClockRate},
    {"GlobalMemoryBusWidth", cudaDevAttrGlobalMemoryBusWidth},
    {"L2CacheSize", cudaDevAttrL2CacheSize},
    {"MaxThreadsPerMultiProcessor", cudaDevAttrMaxThreadsPerMultiProcessor},
    {"AsyncEngineCount", cudaDevAttrAsyncEngineCount},
    {"UnifiedAddressing", cudaDevAttrUnifiedAddressing},
    {"MaxTexture1DLayeredWidth", cudaDevAttrMaxTexture1DLayeredWidth},
    {"MaxTexture1DLayeredLayers", cudaDevAttrMaxTexture1DLayeredLayers},
    {"MaxTexture2DGatherWidth", cudaDevAttrMaxTexture2DGatherWidth},
    {"MaxTexture2DGatherHeight", cudaDevAttrMaxTexture2DGatherHeight},
    {"MaxTexture3DWidthAlt", cudaDevAttrMaxTexture3DWidthAlt},
    {"MaxTexture3DHeightAlt", cudaDevAttrMaxTexture3DHeightAlt},
    {"MaxTexture3DDepthAlt", cudaDevAttrMaxTexture3DDepthAlt},
    {"PciDomainId", cudaDevAttrPciDomainId},
    {"TexturePitchAlignment", cudaDevAttrTexturePitchAlignment},
    {"MaxTextureCubemapWidth", cudaDevAttrMaxTextureCubemapWidth},
    {"MaxTextureCubemapLayeredWidth", cudaDevAttrMaxTextureCubemapLayeredWidth},
    {"MaxTextureCubemapLayeredLayers", cudaDevAttrMaxTextureCubemapLayeredLayers},
    {"MaxSurface1DWidth", cudaDevAttrMaxSurface1DWidth},
    {"MaxSurface2DWidth", cudaDevAttrMaxSurface2DWidth},
    {"MaxSurface2DHeight", cudaDevAttrMaxSurface2DHeight},
    {"MaxSurface3DWidth", cudaDevAttrMaxSurface3DWidth},
    {"MaxSurface3DHeight", cudaDevAttrMaxSurface3DHeight},
    {"MaxSurface3DDepth", cudaDevAttrMaxSurface3DDepth},
    {"MaxSurface1DLayeredWidth", cudaDevAttrMaxSurface1DLayeredWidth},
    {"MaxSurface1DLayeredLayers", cudaDevAttrMaxSurface1DLayeredLayers},
    {"MaxSurface2DLayeredWidth", cudaDevAttrMaxSurface2DLayeredWidth},
    {"MaxSurface2DLayeredHeight", cudaDevAttrMaxSurface2DLayeredHeight},
    {"MaxSurface2DLayeredLayers", cudaDevAttrMaxSurface2DLayeredLayers},
    {"MaxSurfaceCubemapWidth", cudaDevAttrMaxSurfaceCubemapWidth},
    {"MaxSurfaceCubemapLayeredWidth", cudaDevAttrMaxSurfaceCubemapLayeredWidth},
    {"MaxSurfaceCubemapLayeredLayers", cudaDevAttrMaxSurfaceCubemapLayeredLayers},
    {"MaxTexture1DLinearWidth", cudaDevAttrMaxTexture1DLinearWidth},
    {"MaxTexture2DLinearWidth", cudaDevAttrMaxTexture2DLinearWidth},
    {"MaxTexture2DLinearHeight", cudaDevAttrMaxTexture2DLinearHeight},
    {"MaxTexture2DLinearPitch", cudaDevAttrMaxTexture2DLinearPitch},
    {"MaxTexture2DMipmappedWidth", cudaDevAttrMaxTexture2DMipmappedWidth},
    {"MaxTexture2DMipmappedHeight", cudaDevAttrMaxTexture2DMipmappedHeight},
    {"ComputeCapabilityMajor", cudaDevAttrComputeCapabilityMajor},
    {"ComputeCapabilityMinor", cudaDevAttrComputeCapabilityMinor},
    {"MaxTexture1DMipmappedWidth", cudaDevAttrMaxTexture1DMipmappedWidth},
    {"StreamPrioritiesSupported", cudaDevAttrStreamPrioritiesSupported},
    {"GlobalL1CacheSupported", cudaDevAttrGlobalL1CacheSupported},
    {"LocalL1CacheSupported", cudaDevAttrLocalL1CacheSupported},
    {"MaxSharedMemoryPerMultiprocessor", cudaDevAttrMaxSharedMemoryPerMultiprocessor},
    {"MaxRegistersPerMultiprocessor", cudaDevAttrMaxRegistersPerMultiprocessor},
    {"ManagedMemory", cudaDevAttrManagedMemory},
    {"IsMultiGpuBoard", cudaDevAttrIsMultiGpuBoard},
    {"MultiGpuBoardGroupID", cudaDevAttrMultiGpuBoardGroupID},
    {"HostNativeAtomicSupported", cudaDevAttrHostNativeAtomicSupported},
    {"SingleToDoublePrecisionPerfRatio", cudaDevAttrSingleToDoublePrecisionPerfRatio},
    {"PageableMemoryAccess", cudaDevAttrPageableMemoryAccess},
    {"ConcurrentManagedAccess", cudaDevAttrConcurrentManagedAccess},
    {"ComputePreemptionSupported", cudaDevAttrComputePreemptionSupported},
    {"CanUseHostPointerForRegisteredMem", cudaDevAttrCanUseHostPointerForRegisteredMem},
    {"CooperativeLaunch", cudaDevAttrCooperativeLaunch},
    {"MaxSharedMemoryPerBlockOptin", cudaDevAttrMaxSharedMemoryPerBlockOptin},
    {"CanFlushRemoteWrites", cudaDevAttrCanFlushRemoteWrites},
    {"HostRegisterSupported", cudaDevAttrHostRegisterSupported},
    {"PageableMemoryAccessUsesHostPageTables", cudaDevAttrPageableMemoryAccessUsesHostPageTables},
    {"DirectManagedMemAccessFromHost", cudaDevAttrDirectManagedMemAccessFromHost},
    {"MaxBlocksPerMultiprocessor", cudaDevAttrMaxBlocksPerMultiprocessor},
    {"MaxPersistingL2CacheSize", cudaDevAttrMaxPersistingL2CacheSize},
    {"MaxAccessPolicyWindowSize", cudaDevAttrMaxAccessPolicyWindowSize},
    {"SparseCudaArraySupported", cudaDevAttrSparseCudaArraySupported},
    {"HostRegisterReadOnlySupported", cudaDevAttrHostRegisterReadOnlySupported},
    {"TimelineSemaphoreInteropSupported", cudaDevAttrTimelineSemaphoreInteropSupported},
    {"MemoryPoolsSupported", cudaDevAttrMemoryPoolsSupported},
    {"GPUDirectRDMASupported", cudaDevAttrGPUDirectRDMASupported},
    {"GPUDirectRDMAFlushWritesOptions", cudaDevAttrGPUDirectRDMAFlushWritesOptions},
    {"GPUDirectRDMAWritesOrdering", cudaDevAttrGPUDirectRDMAWritesOrdering},
    {"MemoryPoolSupportedHandleTypes", cudaDevAttrMemoryPoolSupportedHandleTypes},
    {"ClusterLaunch", cudaDevAttrClusterLaunch},
    {"DeferredMappingCudaArraySupported", cudaDevAttrDeferredMappingCudaArraySupported},
    {"IpcEventSupport", cudaDevAttrIpcEventSupport},
    {"MemSyncDomainCount", cudaDevAttrMemSyncDomainCount},
    {"NumaConfig", cudaDevAttrNumaConfig},
    {"NumaId", cudaDevAttrNumaId},
    {"MpsEnabled", cudaDevAttrMpsEnabled},
    {"HostNumaId", cudaDevAttrHostNumaId},
    {"D3D12CigSupported", cudaDevAttrD3D12CigSupported},
    {"VulkanCigSupported", cudaDevAttrVulkanCigSupported},
    {"GpuPciDeviceId", cudaDevAttrGpuPciDeviceId},
    {"GpuPciSubsystemId", cudaDevAttrGpuPciSubsystemId},
    {"HostNumaMemoryPoolsSupported", cudaDevAttrHostNumaMemoryPoolsSupported},
    {"HostNumaMultinodeIpcSupported", cudaDevAttrHostNumaMultinodeIpcSupported},
    {"HostMemoryPoolsSupported", cudaDevAttrHostMemoryPoolsSupported},
    {"OnlyPartialHostNativeAtomicSupported", cudaDevAttrOnlyPartialHostNativeAtomicSupported},
};
}  // namespace

std::vector<std::pair<const char*, int>> device_attributes(int device) {
  check_device_id(device);
  std::vector<std::pair<const char*, int>> out;
  out.reserve(std::size(kAttributes));
  for (const auto& a : kAttributes) {
    int value = 0;
    // Attributes a driver does not know are left out rather than failing the query.
    if (cudaDeviceGetAttribute(&value, a.attr, device) == cudaSuccess)
      out.emplace_back(a.name, value);
    else
      cudaGetLastError();
  }
  return out;
}

int runtime_version() {
  int v = 0;
  GA_CUDA_CHECK(cudaRuntimeGetVersion(&v));
  return v;
}

int driver_version() {
  int v = 0;
  if (cudaDriverGetVersion(&v) != cudaSuccess) {
    cudaGetLastError();
    return 0;
  }
  return v;
}

DeviceGuard::DeviceGuard(int device) : previous_(current_device()), switched_(previous_ != device) {
  if (switched_) set_current_device(device);
}

DeviceGuard::~DeviceGuard() {
  if (switched_) cudaSetDevice(previous_);
}

}  // namespace gpuarray
