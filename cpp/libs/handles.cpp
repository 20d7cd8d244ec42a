// SPDX-License-Identifier: BSD-3-Clause
#include "libs/handles.hpp"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "cuda/error.hpp"
#include "cuda/stream.hpp"

namespace gpuarray::libs {
namespace {

int current_device() {
  int device = 0;
  check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  return device;
}

std::atomic<bool>& tf32_flag() {
  static std::atomic<bool> flag{[] {
    const char* env = std::getenv("GPUARRAY_TF32");
    return env != nullptr && std::strcmp(env, "1") == 0;
  }()};
  return flag;
}

}  // namespace

void check_cublas(cublasStatus_t status, const char* what) {
  if (status == CUBLAS_STATUS_SUCCESS) return;
  throw std::runtime_error(std::string(what) + " failed: " + cublasGetStatusName(status) + " (" +
                           cublasGetStatusString(status) + ")");
}

void check_cusolver(cusolverStatus_t status, const char* what) {
  if (status == CUSOLVER_STATUS_SUCCESS) return;
  throw std::runtime_error(std::string(what) + " failed: cusolverStatus_t " + std::to_string(static_cast<int>(status)));
}

cublasHandle_t cublas_handle() {
  thread_local std::unordered_map<int, cublasHandle_t> handles;
  const int device = current_device();
  cublasHandle_t& h = handles[device];
  if (h == nullptr) check_cublas(cublasCreate(&h), "cublasCreate");
  check_cublas(cublasSetStream(h, current_stream(device)), "cublasSetStream");
  // Rebound every call so set_tf32 takes effect on handles made before it.
  check_cublas(cublasSetMathMode(h, tf32_enabled() ? CUBLAS_TF32_TENSOR_OP_MATH : CUBLAS_DEFAULT_MATH),
               "cublasSetMathMode");
  return h;
}

cusolverDnHandle_t cusolver_handle() {
  thread_local std::unordered_map<int, cusolverDnHandle_t> handles;
  const int device = current_device();
  cusolverDnHandle_t& h = handles[device];
  if (h == nullptr) check_cusolver(cusolverDnCreate(&h), "cusolverDnCreate");
  check_cusolver(cusolverDnSetStream(h, current_stream(device)), "cusolverDnSetStream");
  return h;
}

cusolverDnParams_t cusolver_params() {
  thread_local cusolverDnParams_t params = [] {
    cusolverDnParams_t p = nullptr;
    check_cusolver(cusolverDnCreateParams(&p), "cusolverDnCreateParams");
    return p;
  }();
  return params;
}

void set_tf32(bool enabled) { tf32_flag().store(enabled); }
bool tf32_enabled() { return tf32_flag().load(); }

}  // namespace gpuarray::libs
