// SPDX-License-Identifier: BSD-3-Clause
// One binding file per area; module.cpp calls each in dependency order.
#pragma once
#include <pybind11/pybind11.h>

namespace gpuarray::bindings {
namespace py = pybind11;

void bind_cuda(py::module_& m);     // cuda.cpp: errors, devices, streams, events
void bind_memory(py::module_& m);   // memory.cpp: pools, MemoryPointer, allocators
void bind_ndarray(py::module_& m);  // ndarray.cpp
void bind_indexing(py::module_& m);  // indexing.cpp: take/put modes, host-only plan hooks
void bind_creation(py::module_& m);  // creation.cpp: engine fills for arange, linspace, tri
void bind_promotion(py::module_& m);  // promotion.cpp: promote_types, result_type, can_cast
void bind_ufuncs(py::module_& m);     // ufuncs.cpp: the ufunc tables, loop resolution, calls
void bind_kernels(py::module_& m);  // kernels.cpp: private hooks into the elementwise engine
void bind_jit(py::module_& m);      // jit.cpp: NVRTC, kernel cache, RawKernel/RawModule
void bind_user_kernels(py::module_& m);  // user_kernels.cpp: ElementwiseKernel
void bind_reductions(py::module_& m);    // reductions.cpp: sum, argmax, mean, ufunc.reduce, ...
void bind_sorting(py::module_& m);  // sorting.cpp: sort, argsort, lexsort and their key ops
void bind_scans(py::module_& m);         // scans.cpp: cumsum/cumprod, accumulate, nonzero, where
void bind_interop(py::module_& m);       // interop.cpp: DLPack capsules

}  // namespace gpuarray::bindings
