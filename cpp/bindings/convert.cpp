// SPDX-License-Identifier: BSD-3-Clause
#include "bindings/convert.hpp"

#include <cstring>

namespace gpuarray::bindings {

DType to_dtype(py::handle obj) {
  py::dtype dt = py::dtype::from_args(py::reinterpret_borrow<py::object>(obj));
  // Byte order is not part of the engine's dtype: uploads convert to native.
  auto found = dtype_from_char(dt.char_());
  if (!found)
    throw py::type_error("gpuarray does not support dtype " + py::str(dt).cast<std::string>() +
                         ": only bool, integer, float and complex dtypes are supported");
  return *found;
}

py::dtype to_numpy_dtype(DType dt) { return py::dtype(std::string(1, dtype_info(dt).type_char)); }

Shape to_shape(py::handle obj) {
  if (!py::isinstance<py::sequence>(obj)) return {obj.attr("__index__")().cast<std::int64_t>()};
  Shape s;
  for (auto item : obj) s.push_back(py::reinterpret_borrow<py::object>(item).attr("__index__")().cast<std::int64_t>());
  return s;
}

py::tuple to_tuple(const std::vector<std::int64_t>& v) {
  py::tuple t(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) t[i] = v[i];
  return t;
}

ScalarArg to_scalar_arg(py::handle value, DType dt) {
  static py::object asarray = py::module_::import("numpy").attr("asarray");
  py::array host = asarray(value, py::arg("dtype") = to_numpy_dtype(dt));
  if (host.size() != 1)
    throw py::value_error("expected a scalar value, got an array of shape " +
                          py::str(py::cast<py::object>(host.attr("shape"))).cast<std::string>());
  ScalarArg arg{dt, {}};
  std::memcpy(arg.bytes, host.data(), static_cast<std::size_t>(host.itemsize()));
  return arg;
}

}  // namespace gpuarray::bindings
