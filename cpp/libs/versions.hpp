// SPDX-License-Identifier: BSD-3-Clause
// Versions of the CUDA libraries the package was linked against, as each
// library reports them at run time (no device needed).
#pragma once
#include <string>
#include <utility>
#include <vector>

namespace gpuarray::libs {

// (library name, version string), e.g. ("cuBLAS", "13.0.2").
std::vector<std::pair<std::string, std::string>> library_versions();

}  // namespace gpuarray::libs
