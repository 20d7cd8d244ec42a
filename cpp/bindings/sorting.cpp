// SPDX-License-Identifier: BSD-3-Clause
// The sort engine (kernels/sort.hpp) and, for tests that need no GPU, its key
// ops (kernels/sort_keys.hpp).
#include <pybind11/stl.h>

#include <vector>

#include "bindings/bindings.hpp"
#include "bindings/convert.hpp"
#include "bindings/py_array.hpp"
#include "kernels/sort.hpp"
#include "kernels/sort_keys.hpp"

namespace gpuarray::bindings {
namespace {

py::tuple op_tuple(const ElementwiseOp& op) { return py::make_tuple(op.name, op.expression); }

}  // namespace

void bind_sorting(py::module_& m) {
  m.def("_sort_last_axis", [](const PyArray& a) { return PyArray(sort_last_axis(a)); });
  m.def("_argsort_last_axis", [](const std::vector<PyArray>& keys) {
    return PyArray(argsort_last_axis(std::vector<NDArray>(keys.begin(), keys.end())));
  });
  m.def("_sort_key_op", [](py::handle dt, bool canonical_zero) {
    return op_tuple(sort_key_op(to_dtype(dt), canonical_zero));
  });
  m.def("_sort_key_inverse_op", [](py::handle dt) { return op_tuple(sort_key_inverse_op(to_dtype(dt))); });
  m.def("_complex_sort_keys_op", [](py::handle dt) { return op_tuple(complex_sort_keys_op(to_dtype(dt))); });
}

}  // namespace gpuarray::bindings
