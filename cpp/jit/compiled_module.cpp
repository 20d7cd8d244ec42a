// SPDX-License-Identifier: BSD-3-Clause
#include "jit/compiled_module.hpp"

namespace gpuarray::jit {

const char* backend_name(Backend backend) { return backend == Backend::Nvcc ? "nvcc" : "nvrtc"; }

const char* binary_kind_name(BinaryKind kind) {
  switch (kind) {
    case BinaryKind::Cubin: return "cubin";
    case BinaryKind::Ptx: return "ptx";
    case BinaryKind::Fatbin: return "fatbin";
  }
  return "unknown";
}

}  // namespace gpuarray::jit
