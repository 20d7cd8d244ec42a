// SPDX-License-Identifier: BSD-3-Clause
// A stand-in for the CUDA runtime's memory and device-attribute calls, for
// testing the device memory pool and the device-properties cache without a
// device. The fake-runtime test executable defines cudaMalloc, cudaFree,
// cudaDeviceSynchronize, cudaGetDevice, cudaSetDevice, cudaGetLastError and
// cudaDeviceGetAttribute itself (fake_cudart.cpp) and exports them, so the
// dynamic linker binds the engine library's calls to these ahead of
// libcudart's. Addresses are made up and never dereferenced.
#pragma once
#include <cstddef>
#include <cstdint>
#include <map>

namespace gpuarray::test {

struct FakeDevice {
  std::size_t capacity = std::size_t{1} << 34;  // cudaMalloc fails past this many live bytes
  std::map<std::uintptr_t, std::size_t> live;   // address -> size of each cudaMalloc not yet freed
  std::size_t live_bytes = 0;
  int mallocs = 0;
  int failed_mallocs = 0;
  int frees = 0;
  int synchronizes = 0;
  int bad_frees = 0;  // cudaFree of an address cudaMalloc did not return
};

// The one fake device (device 0); reset() gives a new one.
FakeDevice& fake_device();
void reset_fake_device(std::size_t capacity = std::size_t{1} << 34);

// cudaDeviceGetAttribute answers for devices 0 .. kFakeAttributeDevices-1:
// device d has 100 + d multiprocessors and compute capability 9.d; other
// ordinals are invalid. Every call is counted.
inline constexpr int kFakeAttributeDevices = 3;
int fake_attribute_queries();

}  // namespace gpuarray::test
