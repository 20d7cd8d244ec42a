// SPDX-License-Identifier: BSD-3-Clause
// NVRTC, the kernel cache and RawKernel/RawModule: filled in by the JIT work.
#include "bindings/bindings.hpp"

namespace gpuarray::bindings {
void bind_jit(py::module_& m) {}
}  // namespace gpuarray::bindings
