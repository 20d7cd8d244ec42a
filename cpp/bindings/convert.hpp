// SPDX-License-Identifier: BSD-3-Clause
// Conversions between Python/NumPy objects and engine types, shared by the bindings.
#pragma once
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "core/dtype.hpp"
#include "core/ndarray.hpp"

namespace gpuarray::bindings {
namespace py = pybind11;

// Anything numpy.dtype() accepts; unsupported dtypes raise TypeError naming them.
DType to_dtype(py::handle obj);
py::dtype to_numpy_dtype(DType dt);
Shape to_shape(py::handle obj);  // int or sequence of ints
py::tuple to_tuple(const std::vector<std::int64_t>& v);

}  // namespace gpuarray::bindings
