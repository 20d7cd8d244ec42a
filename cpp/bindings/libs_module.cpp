// SPDX-License-Identifier: BSD-3-Clause
// gpuarray._libs_ext: bindings over cuBLAS, cuFFT and cuSOLVER; the versions of cuSPARSE and NCCL.
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
  m.doc() = "gpuarray's bindings over the CUDA math and communication libraries";
  m.def("library_versions", &gpuarray::libs::library_versions);
  m.def("have_nccl", &gpuarray::libs::have_nccl);
  bind_fft(m);
  gpuarray::libs::bind_linalg(m);
}
