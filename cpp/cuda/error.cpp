// SPDX-License-Identifier: BSD-3-Clause
#include "cuda/error.hpp"

namespace gpuarray {
namespace {

// "cudaMalloc(&p, n)" -> "cudaMalloc": the call's name is what users search for.
std::string call_name(const char* call) {
  std::string s(call);
  auto paren = s.find('(');
  return paren == std::string::npos ? s : s.substr(0, paren);
}

// Errors after which the context is corrupt: CUDA reports the same error
// from every later call in the process, and only a new process recovers.
bool is_sticky(cudaError_t status) {
  switch (status) {
    case cudaErrorIllegalAddress:
    case cudaErrorLaunchFailure:
    case cudaErrorHardwareStackError:
    case cudaErrorIllegalInstruction:
    case cudaErrorMisalignedAddress:
    case cudaErrorInvalidAddressSpace:
    case cudaErrorInvalidPc:
    case cudaErrorAssert:
    case cudaErrorLaunchTimeout:
    case cudaErrorECCUncorrectable:
      return true;
    default:
      return false;
  }
}

std::string cuda_version(int version) {
  return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

// What a user without a usable GPU reads first: what is missing and what to
// install. CUDA's own text comes after it, since "driver version is
// insufficient" is also what it says when no driver is installed at all.
std::string missing_gpu_hint(cudaError_t status) {
  int driver = 0, runtime = 0;
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  const std::string wanted = "an NVIDIA driver for CUDA " + std::to_string(runtime / 1000) + ".x";
  if (status == cudaErrorNoDevice)
    return "No NVIDIA GPU was found: the driver is installed but reports no device (nvidia-smi lists what it "
           "sees; CUDA_VISIBLE_DEVICES may hide them)";
  if (driver == 0)
    return "No NVIDIA driver was found (libcuda.so.1 could not be loaded): gpuarray needs an NVIDIA GPU and " +
           wanted + " or newer; install the driver from your distribution or NVIDIA, then check that nvidia-smi "
           "lists the GPU";
  return "The NVIDIA driver supports CUDA " + cuda_version(driver) + ", older than the CUDA " +
         cuda_version(runtime) + " runtime gpuarray uses: update to " + wanted + " or newer";
}

std::string describe(cudaError_t status, const char* call) {
  std::string msg = std::string(call) + " failed: " + cudaGetErrorName(status) + ": " +
                    cudaGetErrorString(status);
  if (status == cudaErrorNoDevice || status == cudaErrorInsufficientDriver)
    msg = missing_gpu_hint(status) + " (" + msg + ")";
  if (is_sticky(status))
    msg += ". This error is sticky: the CUDA context of this process is unusable and every later CUDA call will "
           "fail; restart the process (or the Jupyter kernel). A kernel that read or wrote out of bounds is the "
           "usual cause: compute-sanitizer names it";
  return msg;
}

}  // namespace

CudaRuntimeError::CudaRuntimeError(cudaError_t status, const char* call)
    : std::runtime_error(describe(status, call)), status_(status) {}

void throw_cuda_error(cudaError_t status, const char* call) {
  // Clear the sticky "last error" for non-fatal errors so later calls do not
  // report a failure that was already raised.
  cudaGetLastError();
  throw CudaRuntimeError(status, call_name(call).c_str());
}

}  // namespace gpuarray
