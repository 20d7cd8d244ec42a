// SPDX-License-Identifier: BSD-3-Clause
#include "bindings/bindings.hpp"

PYBIND11_MODULE(_core, m) {
  m.doc() = "gpuarray's C++ engine";
  // How this copy was built (CMakeLists.txt, Note [CUDA architectures]).
  m.attr("_build_cuda_version") = GPUARRAY_BUILD_CUDA_VERSION;
  m.attr("_build_cuda_architectures") = GPUARRAY_BUILD_CUDA_ARCHITECTURES;
  using namespace gpuarray::bindings;
  bind_cuda(m);
  bind_memory(m);
  bind_ndarray(m);
  bind_indexing(m);
  bind_creation(m);
  bind_promotion(m);
  bind_ufuncs(m);
  bind_kernels(m);
  bind_jit(m);
  bind_user_kernels(m);
  bind_reductions(m);
  bind_sorting(m);
  bind_scans(m);
  bind_interop(m);
}
