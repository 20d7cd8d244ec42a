// SPDX-License-Identifier: BSD-3-Clause
// Checked CUDA calls. Every runtime call goes through GA_CUDA_CHECK so that a
// failure names the call and the error (e.g. "cudaMalloc: cudaErrorMemoryAllocation").
#pragma once
#include <cuda_runtime_api.h>

#include <stdexcept>
#include <string>

namespace gpuarray {

// A CUDA runtime error: `status` is the cudaError_t value, what() reads
// "<call> failed: <cudaErrorName>: <description>", after a plain sentence
// when there is no usable GPU or driver. GA_CUDA_CHECK names the
// call by its function name; code that knows more (a symbol, a hint) passes
// a longer description as `call`.
class CudaRuntimeError : public std::runtime_error {
 public:
  CudaRuntimeError(cudaError_t status, const char* call);
  cudaError_t status() const { return status_; }

 private:
  cudaError_t status_;
};

// The pool could not satisfy an allocation even after releasing its cache.
class OutOfMemoryError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

[[noreturn]] void throw_cuda_error(cudaError_t status, const char* call);

inline void check_cuda(cudaError_t status, const char* call) {
  if (status != cudaSuccess) throw_cuda_error(status, call);
}

}  // namespace gpuarray

#define GA_CUDA_CHECK(expr) ::gpuarray::check_cuda((expr), #expr)
