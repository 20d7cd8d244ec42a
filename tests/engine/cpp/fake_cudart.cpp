// SPDX-License-Identifier: BSD-3-Clause
#include "fake_cudart.hpp"

#include <cuda_runtime_api.h>

namespace gpuarray::test {
namespace {
FakeDevice device;
std::uintptr_t next_address = std::uintptr_t{1} << 40;
int current = 0;
int attribute_queries = 0;
}  // namespace

FakeDevice& fake_device() { return device; }
int fake_attribute_queries() { return attribute_queries; }

void reset_fake_device(std::size_t capacity) {
  device = FakeDevice{};
  device.capacity = capacity;
}

}  // namespace gpuarray::test

using gpuarray::test::device;

extern "C" {

cudaError_t cudaMalloc(void** ptr, size_t size) {
  ++device.mallocs;
  if (size > device.capacity - device.live_bytes) {
    ++device.failed_mallocs;
    return cudaErrorMemoryAllocation;
  }
  // 512-byte aligned like cudaMalloc's, with a gap so that segments never touch.
  const std::uintptr_t address = gpuarray::test::next_address;
  gpuarray::test::next_address += (size + 4095) / 4096 * 4096 + 4096;
  device.live[address] = size;
  device.live_bytes += size;
  *ptr = reinterpret_cast<void*>(address);
  return cudaSuccess;
}

cudaError_t cudaFree(void* ptr) {
  ++device.frees;
  auto it = device.live.find(reinterpret_cast<std::uintptr_t>(ptr));
  if (it == device.live.end()) {
    ++device.bad_frees;
    return cudaErrorInvalidValue;
  }
  device.live_bytes -= it->second;
  device.live.erase(it);
  return cudaSuccess;
}

cudaError_t cudaDeviceSynchronize() {
  ++device.synchronizes;
  return cudaSuccess;
}

cudaError_t cudaGetDevice(int* d) {
  *d = gpuarray::test::current;
  return cudaSuccess;
}

cudaError_t cudaSetDevice(int d) {
  if (d != 0) return cudaErrorInvalidDevice;
  gpuarray::test::current = d;
  return cudaSuccess;
}

cudaError_t cudaGetLastError() { return cudaSuccess; }

cudaError_t cudaDeviceGetAttribute(int* value, cudaDeviceAttr attr, int d) {
  ++gpuarray::test::attribute_queries;
  if (d < 0 || d >= gpuarray::test::kFakeAttributeDevices) return cudaErrorInvalidDevice;
  switch (attr) {
    case cudaDevAttrMultiProcessorCount: *value = 100 + d; return cudaSuccess;
    case cudaDevAttrComputeCapabilityMajor: *value = 9; return cudaSuccess;
    case cudaDevAttrComputeCapabilityMinor: *value = d; return cudaSuccess;
    default: return cudaErrorInvalidValue;
  }
}

}  // extern "C"
