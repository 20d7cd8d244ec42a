// SPDX-License-Identifier: BSD-3-Clause
// Note [Device templates]
// Kernels whose whole body is one function template in a device header
// (python/gpuarray/_include/gpuarray/*.cuh): direct correlation, integer
// matmul, the small inverse, getrf's row swaps, bit packing and the bulk
// random streams. A row of the table in device_templates.cpp names the
// header, the function and its parameters; its type parameters take a value
// from a closed list (a dtype, or a word such as a generator's name). The
// engine writes the `extern "C"` glue for a row and its arguments and
// compiles it through the kernel cache (a RawModule per instance); callers
// (Python) name the row and the arguments, choose the grid and launch the
// Function, and never write CUDA source. tests/engine/cpp/test_device_templates.cpp
// compiles every instance the package launches with NVRTC.
#pragma once
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "jit/kernel_function.hpp"

namespace gpuarray {

// __launch_bounds__(max_threads, min_blocks); 0 leaves a bound out. A row
// may fix its own bounds, which a caller's non-zero values replace.
struct LaunchBounds {
  int max_threads = 0;
  int min_blocks = 0;
};

struct DeviceTemplateSource {
  std::string symbol;  // the extern "C" name: ga_<row>_<argument keys>
  std::string source;
};

// The glue of `row` instantiated with `args` (one key per type parameter,
// in the row's order). Throws std::invalid_argument naming the row and the
// accepted keys for an unknown row, a wrong count or an unknown key.
DeviceTemplateSource device_template_source(std::string_view row, const std::vector<std::string>& args,
                                            LaunchBounds bounds = {});

// The kernel of that glue on the current device, compiled on first use
// (memory and disk caches) and kept for the process.
std::shared_ptr<jit::KernelFunction> device_template_kernel(std::string_view row, const std::vector<std::string>& args,
                                                           LaunchBounds bounds = {});

// The compile options of every device-template kernel (for tests that
// compile the glue themselves).
const std::vector<std::string>& device_template_options();

}  // namespace gpuarray
