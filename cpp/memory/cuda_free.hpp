// SPDX-License-Identifier: BSD-3-Clause
// cudaFree and cudaFreeHost for destructors. Internal to cpp/memory.
#pragma once
#include <cuda_runtime_api.h>

namespace gpuarray {

// Frees device memory of `device` without throwing: destructors run during
// unwinding and at exit, when the runtime may already be gone. A failure
// leaks the memory and clears the error it left, so that later checked calls
// do not report it.
inline void cuda_free_noexcept(void* ptr, int device) noexcept {
  int previous = 0;
  if (cudaGetDevice(&previous) != cudaSuccess) {
    cudaGetLastError();
    return;
  }
  if (previous != device && cudaSetDevice(device) != cudaSuccess) {
    cudaGetLastError();
    return;
  }
  if (cudaFree(ptr) != cudaSuccess) cudaGetLastError();
  if (previous != device) cudaSetDevice(previous);
}

// cudaFreeHost with the same rules as cuda_free_noexcept.
inline void cuda_free_host_noexcept(void* ptr) noexcept {
  if (cudaFreeHost(ptr) != cudaSuccess) cudaGetLastError();
}

}  // namespace gpuarray
