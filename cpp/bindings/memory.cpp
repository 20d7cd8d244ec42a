// SPDX-License-Identifier: BSD-3-Clause
// Memory pools and pointers: filled in by the memory-pool work.
#include "bindings/bindings.hpp"

namespace gpuarray::bindings {
void bind_memory(py::module_& m) {}
}  // namespace gpuarray::bindings
