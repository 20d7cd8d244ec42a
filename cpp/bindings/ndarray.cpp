// SPDX-License-Identifier: BSD-3-Clause
// The ndarray type: attributes and host transfers.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "bindings/bindings.hpp"
#include "bindings/convert.hpp"
#include "core/ndarray.hpp"
#include "kernels/array_copy.hpp"

namespace gpuarray::bindings {
namespace {

Order to_order(char order) {
  if (order == 'C' || order == 'c') return Order::C;
  if (order == 'F' || order == 'f') return Order::F;
  throw py::value_error(std::string("order must be one of 'C' or 'F', got '") + order + "'");
}

NDArray make_array(py::handle shape, py::handle dtype, py::object memptr, py::object strides, char order) {
  NDArray a;
  a.shape = to_shape(shape);
  a.dtype = to_dtype(dtype);
  for (auto d : a.shape)
    if (d < 0) throw py::value_error("negative dimensions are not allowed");
  a.strides = strides.is_none() ? contiguous_strides(a.shape, a.itemsize(), to_order(order))
                                : to_shape(strides);
  if (a.strides.size() != a.shape.size())
    throw py::value_error("strides must have as many entries as shape");
  a.data = memptr.is_none() ? allocate(static_cast<std::size_t>(a.nbytes())) : memptr.cast<MemoryPointer>();
  return a;
}

// A C-contiguous, native-byte-order NumPy array of the requested dtype.
py::array host_view(py::handle obj, DType dt) {
  py::object np = py::module_::import("numpy");
  py::object dtype = to_numpy_dtype(dt);
  return np.attr("ascontiguousarray")(obj, py::arg("dtype") = dtype);
}

}  // namespace

void bind_ndarray(py::module_& m) {
  m.def("_set_zero_strides_for_empty_arrays", &set_zero_strides_for_empty_arrays);
  py::class_<NDArray>(m, "ndarray", py::dynamic_attr())
      .def(py::init(&make_array), py::arg("shape"), py::arg("dtype") = py::reinterpret_borrow<py::object>(reinterpret_cast<PyObject*>(&PyFloat_Type)),
           py::arg("memptr") = py::none(), py::arg("strides") = py::none(), py::arg("order") = 'C')
      .def_property_readonly("shape", [](const NDArray& a) { return to_tuple(a.shape); })
      .def_property_readonly("strides", [](const NDArray& a) { return to_tuple(a.strides); })
      .def_property_readonly("dtype", [](const NDArray& a) { return to_numpy_dtype(a.dtype); })
      .def_property_readonly("ndim", &NDArray::ndim)
      .def_property_readonly("size", &NDArray::size)
      .def_property_readonly("itemsize", &NDArray::itemsize)
      .def_property_readonly("nbytes", &NDArray::nbytes)
      .def_property_readonly("data", [](const NDArray& a) { return a.data; })
      .def_property_readonly("_c_contiguous", &NDArray::is_c_contiguous)
      .def_property_readonly("_f_contiguous", &NDArray::is_f_contiguous)
      .def_property_readonly("_device_id", &NDArray::device)
      .def("_upload",
           [](NDArray& a, py::handle obj) {
             py::array host = host_view(obj, a.dtype);
             if (host.nbytes() != a.nbytes())
               throw py::value_error("set: the source holds " + std::to_string(host.nbytes()) +
                                     " bytes but the array needs " + std::to_string(a.nbytes()));
             const void* src = host.data();
             py::gil_scoped_release release;
             if (a.is_c_contiguous()) {
               copy_from_host(a, src);
             } else {
               NDArray staging = NDArray::empty(a.shape, a.dtype);
               copy_from_host(staging, src);
               copy_into(a, staging);
             }
           })
      .def("_fill", [](const NDArray& a, py::handle value) { fill(a, to_scalar_arg(value, a.dtype)); })
      .def("_copy_from", [](const NDArray& dst, const NDArray& src) { copy_into(dst, src); })
      .def("copy", [](const NDArray& a, char order) { return copy_array(a, a.dtype, order); }, py::arg("order") = 'C')
      .def("_astype", [](const NDArray& a, py::handle dtype, char order) { return copy_array(a, to_dtype(dtype), order); })
      .def("_download", [](const NDArray& a) {
        py::array host(to_numpy_dtype(a.dtype), a.shape);
        void* dst = host.mutable_data();
        {
          py::gil_scoped_release release;
          copy_to_host(dst, a.is_c_contiguous() ? a : copy_array(a, a.dtype, 'C'));
        }
        return host;
      });
}

}  // namespace gpuarray::bindings
