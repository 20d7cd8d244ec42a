// SPDX-License-Identifier: BSD-3-Clause
#include "libs/versions.hpp"

#include <cublas_api.h>
#include <cufft.h>
#include <cusolver_common.h>
#include <cusparse.h>
#include <library_types.h>

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
  return out;
}

}  // namespace gpuarray::libs
