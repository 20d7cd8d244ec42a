// SPDX-License-Identifier: BSD-3-Clause
// Binding glue for cuBLAS/cuSOLVER: device addresses and sizes in, nothing
// out. gpuarray/_linalg_*.py owns shapes, layouts, batching and errors.
#include <pybind11/pybind11.h>

#include "libs/blas.hpp"
#include "libs/handles.hpp"
#include "libs/solver.hpp"

namespace gpuarray::libs {
namespace py = pybind11;

void bind_linalg(py::module_& m) {
  m.def("set_tf32", &set_tf32);
  m.def("tf32_enabled", &tf32_enabled);
  m.def("gemm",
        [](char t, Int m_, Int n, Int k, Ptr a, Int lda, Int sa, char opa, Ptr b, Int ldb, Int sb, char opb, Ptr c,
           Int ldc, Int sc, Int batch) {
          gemm(t, m_, n, k, GemmOperand{a, lda, sa, opa}, GemmOperand{b, ldb, sb, opb}, c, ldc, sc, batch);
        });
  m.def("getrf_batched", &getrf_batched);
  m.def("inverse_batched", &inverse_batched);
  m.def("getrs_batched", &getrs_batched);
  m.def("trsv", &trsv);
  m.def("getrf", &getrf);
  m.def("getrs", &getrs);
  m.def("potrf", &potrf);
  m.def("geqrf", &geqrf);
  m.def("orgqr", &orgqr);
  m.def("gesvdj_batched", &gesvdj_batched);
  m.def("gesvd", &gesvd);
  m.def("gesvdp", &gesvdp);
  m.def("syevd", &syevd);
  m.def("geev", &geev);
}

}  // namespace gpuarray::libs
