// SPDX-License-Identifier: BSD-3-Clause
#include "libs/versions.hpp"

#include <cublas_api.h>
#include <cufft.h>
#include <cusolver_common.h>
#include <cusparse.h>
#include <library_types.h>
#ifdef GPUARRAY_HAVE_NCCL
#include <nccl.h>
#endif

namespace gpuarray::libs {
namespace {

// Each library's getProperty has its own signature; read major.minor.patch.
template <typename GetProperty>
std::string dotted(GetProperty get) {
  int major = -1, minor = -1, patch = -1;
  get(MAJOR_VERSION, &major);
  get(MINOR_VERSION, &minor);
  get(PATCH_LEVEL, &patch);
  return std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch);
}

}  // namespace

std::vector<std::pair<std::string, std::string>> library_versions() {
  std::vector<std::pair<std::string, std::string>> out;
  out.emplace_back("cuBLAS", dotted([](libraryPropertyType t, int* v) { cublasGetProperty(t, v); }));
  out.emplace_back("cuFFT", dotted([](libraryPropertyType t, int* v) { cufftGetProperty(t, v); }));
  out.emplace_back("cuSOLVER", dotted([](libraryPropertyType t, int* v) { cusolverGetProperty(t, v); }));
  out.emplace_back("cuSPARSE", dotted([](libraryPropertyType t, int* v) { cusparseGetProperty(t, v); }));
#ifdef GPUARRAY_HAVE_NCCL
  int nccl = 0;
  ncclGetVersion(&nccl);
  out.emplace_back("NCCL", std::to_string(nccl / 10000) + "." + std::to_string(nccl / 100 % 100) + "." +
                               std::to_string(nccl % 100));
#endif
  return out;
}

bool have_nccl() {
#ifdef GPUARRAY_HAVE_NCCL
  return true;
#else
  return false;
#endif
}

}  // namespace gpuarray::libs
