// SPDX-License-Identifier: BSD-3-Clause
// A stand-in for the CUDA runtime's memory calls, for testing the device
// memory pool without a device. The pool test executable defines cudaMalloc,
// cudaFree, cudaDeviceSynchronize, cudaGetDevice, cudaSetDevice and
// cudaGetLastError itself (fake_cudart.cpp) and exports them, so the
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

}  // namespace gpuarray::test
