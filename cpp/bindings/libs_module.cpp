// SPDX-License-Identifier: BSD-3-Clause
// gpuarray._libs_ext: bindings over cuBLAS, cuFFT and cuSOLVER; the version of
// cuSPARSE. NCCL has a module of its own (nccl_module.cpp).
// Imported lazily, through gpuarray/_base/libs.py (which finds the libraries
// first), on first use of a routine that needs one of them.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "libs/versions.hpp"

void bind_fft(pybind11::module_& m);
namespace gpuarray::libs {
void bind_linalg(pybind11::module_& m);  // libs/bind_linalg.cpp
}

PYBIND11_MODULE(_libs_ext, m) {
  m.doc() = "gpuarray's bindings over the CUDA math libraries";
  m.def("library_versions", &gpuarray::libs::library_versions);
  bind_fft(m);
  gpuarray::libs::bind_linalg(m);
}
