// SPDX-License-Identifier: BSD-3-Clause
// The ndarray type: attributes, views (reshape, transpose), indexing (the
// parser and advanced indices live in indexing.cpp), assignment and host transfers. Hot paths (attribute reads, a[i], reshape)
// stay here in C++; see docs/ndarray.md for what Python builds on top.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "bindings/bindings.hpp"
#include "bindings/convert.hpp"
#include "bindings/indexing.hpp"
#include "bindings/method_docs.hpp"
#include "bindings/py_array.hpp"
#include "core/array_size.hpp"
#include "core/views.hpp"
#include "kernels/array_copy.hpp"

namespace gpuarray::bindings {
namespace {

Order to_order(char order) {
  if (order == 'C' || order == 'c') return Order::C;
  if (order == 'F' || order == 'f') return Order::F;
  throw py::value_error(std::string("order must be one of 'C' or 'F', got '") + order + "'");
}

PyArray make_array(py::handle shape, py::handle dtype, py::object memptr, py::object strides, char order) {
  NDArray a;
  a.shape = to_shape(shape);
  a.dtype = to_dtype(dtype);
  check_array_size(a.shape, a.itemsize());
  a.strides = strides.is_none() ? contiguous_strides(a.shape, a.itemsize(), to_order(order)) : to_shape(strides);
  if (a.strides.size() != a.shape.size()) throw py::value_error("strides must have as many entries as shape");
  a.data = memptr.is_none() ? allocate(static_cast<std::size_t>(a.nbytes())) : memptr.cast<MemoryPointer>();
  return PyArray(std::move(a));
}

// A C-contiguous, native-byte-order NumPy array of the requested dtype.
py::array host_view(py::handle obj, DType dt) {
  // Kept for the process's life: a static py::object would be destroyed after the interpreter.
  static py::handle ascontiguousarray = py::object(py::module_::import("numpy").attr("ascontiguousarray")).release();
  return ascontiguousarray(obj, py::arg("dtype") = to_numpy_dtype(dt));
}

void upload_into(NDArray& a, py::handle obj) {
  py::array host = host_view(obj, a.dtype);
  if (host.nbytes() != a.nbytes())
    throw py::value_error("set: the source holds " + std::to_string(host.nbytes()) + " bytes but the array needs " +
                          std::to_string(a.nbytes()));
  const void* src = host.data();
  py::gil_scoped_release release;
  if (a.is_c_contiguous()) {
    copy_from_host(a, src);
  } else {
    NDArray staging = NDArray::empty(a.shape, a.dtype);
    copy_from_host(staging, src);
    copy_into(a, staging);
  }
}

// reshape's arguments: (2, 3), ((2, 3),), ([2, 3],), (6,), shape=(2, 3);
// None (as NumPy) keeps the shape.
Shape requested_shape(const PyArray& a, const py::args& args, py::handle shape_kw) {
  if (!shape_kw.is_none()) {
    if (args.size() != 0) throw py::type_error("reshape() got multiple values for argument 'shape'");
    return to_shape(shape_kw);
  }
  if (args.size() == 1) return args[0].is_none() ? a.shape : to_shape(args[0]);
  return to_shape(args);
}

Order reshape_order(const PyArray& a, py::handle order) {
  const std::string o = order.is_none() ? "C" : order.cast<std::string>();
  if (o == "C" || o == "c") return Order::C;
  if (o == "F" || o == "f") return Order::F;
  if (o == "A" || o == "a") return a.is_f_contiguous() && !a.is_c_contiguous() ? Order::F : Order::C;
  if (o == "K" || o == "k") throw py::value_error("order 'K' is not permitted for reshaping");
  throw py::value_error("order must be one of 'C', 'F', 'A', or 'K' (got '" + o + "')");
}

// NumPy's reshape: a view when one exists, else (unless copy=False) a view of a copy.
py::object reshape(py::object self_obj, const py::args& args, const py::kwargs& kwargs) {
  const PyArray& self = self_obj.cast<const PyArray&>();
  py::object order = py::none(), copy = py::none(), shape_kw = py::none();
  for (auto kv : kwargs) {
    const std::string key = kv.first.cast<std::string>();
    if (key == "order") order = py::reinterpret_borrow<py::object>(kv.second);
    else if (key == "copy") copy = py::reinterpret_borrow<py::object>(kv.second);
    else if (key == "shape") shape_kw = py::reinterpret_borrow<py::object>(kv.second);
    else throw py::type_error("'" + key + "' is an invalid keyword argument for this function");
  }
  const Order ord = reshape_order(self, order);
  const Shape requested = requested_shape(self, args, shape_kw);
  const bool always_copy = !copy.is_none() && copy.cast<bool>();
  NDArray view;
  if (always_copy) resolve_reshape(requested, self.size());  // NumPy's errors before copying
  else if (reshape_view(self, requested, ord, &view)) return make_view(self_obj, self, std::move(view));
  if (!copy.is_none() && !always_copy) throw py::value_error("Unable to avoid creating a copy while reshaping.");
  py::object copied = new_array_object(PyArray(copy_array(self, self.dtype, ord == Order::C ? 'C' : 'F')));
  const PyArray& c = copied.cast<const PyArray&>();
  reshape_view(c, requested, ord, &view);
  return make_view(copied, c, std::move(view));
}

// transpose's arguments: (), (None,), ((1, 0),), (1, 0).
std::vector<std::int64_t> transpose_axes(const py::args& args) {
  if (args.size() == 0 || (args.size() == 1 && args[0].is_none())) return {};
  return args.size() == 1 ? to_shape(args[0]) : to_shape(args);
}

}  // namespace

// A new device array holding a host value (anything numpy.asarray takes) in its own dtype.
NDArray upload(py::handle value) {
  // Kept for the process's life: a static py::object would be destroyed after the interpreter.
  static py::handle asarray = py::object(py::module_::import("numpy").attr("asarray")).release();
  py::array host = asarray(value);
  NDArray a = NDArray::empty(to_shape(host.attr("shape")), to_dtype(host.attr("dtype")));
  upload_into(a, host);
  return a;
}

bool is_python_or_numpy_scalar(py::handle v) {
  static py::handle numpy_generic = py::object(py::module_::import("numpy").attr("generic")).release();
  PyObject* o = v.ptr();
  return PyLong_Check(o) || PyFloat_Check(o) || PyComplex_Check(o) || PyBool_Check(o) ||
         PyObject_TypeCheck(o, reinterpret_cast<PyTypeObject*>(numpy_generic.ptr()));
}

void assign(const NDArray& dst, py::handle value) {
  if (py::isinstance<PyArray>(value)) {
    copy_into(dst, value.cast<const PyArray&>());
  } else if (is_python_or_numpy_scalar(value)) {
    if (!dst.writeable) throw py::value_error("assignment destination is read-only");
    fill(dst, to_scalar_arg(value, dst.dtype));
  } else {
    copy_into(dst, upload(value));
  }
}

void bind_ndarray(py::module_& m) {
  m.def("_set_zero_strides_for_empty_arrays", &set_zero_strides_for_empty_arrays);
  m.def("_zeros", [](py::handle shape, py::handle dtype, char order) {
    const Shape s = to_shape(shape);
    for (auto d : s)
      if (d < 0) throw py::value_error("negative dimensions are not allowed");
    return PyArray(NDArray::zeros(s, to_dtype(dtype), to_order(order)));
  });
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const AxisError& e) {
      py::object cls = py::module_::import("numpy").attr("exceptions").attr("AxisError");
      PyErr_SetObject(cls.ptr(), py::str(e.what()).ptr());
    } catch (const IndexError& e) {
      PyErr_SetString(PyExc_IndexError, e.what());
    }
  });

  py::class_<PyArray> cls(m, "ndarray");
  cls.def(py::init(&make_array), py::arg("shape"),
           py::arg("dtype") = py::reinterpret_borrow<py::object>(reinterpret_cast<PyObject*>(&PyFloat_Type)),
           py::arg("memptr") = py::none(), py::arg("strides") = py::none(), py::arg("order") = 'C')
      .def_property_readonly("shape", [](const PyArray& a) { return to_tuple(a.shape); })
      .def_property_readonly("strides", [](const PyArray& a) { return to_tuple(a.strides); })
      .def_property_readonly("dtype", [](const PyArray& a) { return to_numpy_dtype(a.dtype); })
      .def_property_readonly("ndim", &PyArray::ndim)
      .def_property_readonly("size", &PyArray::size)
      .def_property_readonly("itemsize", &PyArray::itemsize)
      .def_property_readonly("nbytes", &PyArray::nbytes)
      .def_property_readonly("data", [](const PyArray& a) { return a.data; })
      .def_property_readonly("base", [](const PyArray& a) { return a.base; })
      .def_property_readonly("_c_contiguous", &PyArray::is_c_contiguous)
      .def_property_readonly("_f_contiguous", &PyArray::is_f_contiguous)
      .def_property("_writeable", [](const PyArray& a) { return a.writeable; },
                    [](PyArray& a, bool w) { a.writeable = w; })
      .def_property_readonly("_device_id", &PyArray::device)
      // ndarray.resize (python/gpuarray/_resize.py): this object takes over `other`'s
      // memory, layout, base and writeability, keeping its identity.
      .def("_adopt", [](PyArray& self, const PyArray& other) { self = other; })
      .def("_set_base", [](PyArray& a, py::object base) { a.base = std::move(base); })
      .def("_view",
           [](py::object self_obj, py::handle shape, py::handle strides, std::int64_t offset, py::handle dtype) {
             const PyArray& self = self_obj.cast<const PyArray&>();
             NDArray v = self;
             v.shape = to_shape(shape);
             v.strides = to_shape(strides);
             if (v.shape.size() != v.strides.size()) throw py::value_error("_view: shape and strides differ in length");
             v.data.offset += offset;
             if (!dtype.is_none()) v.dtype = to_dtype(dtype);
             check_array_size(v.shape, v.itemsize());
             return make_view(self_obj, self, std::move(v));
           },
           py::arg("shape"), py::arg("strides"), py::arg("offset") = 0, py::arg("dtype") = py::none())
      .def("__getitem__", [](py::object self_obj, py::handle index) { return getitem(std::move(self_obj), index); })
      .def("__setitem__", [](const PyArray& self, py::handle index, py::handle value) { setitem(self, index, value); })
      .def_property_readonly("T",
                             [](py::object self_obj) {
                               const PyArray& self = self_obj.cast<const PyArray&>();
                               return make_view(self_obj, self, transpose(self, {}));
                             })
      .def_property_readonly("mT",
                             [](py::object self_obj) {
                               const PyArray& self = self_obj.cast<const PyArray&>();
                               const int nd = self.ndim();
                               if (nd < 2) throw py::value_error("matrix transpose with ndim < 2 is undefined");
                               std::vector<std::int64_t> axes(nd);
                               for (int i = 0; i < nd; ++i) axes[i] = i;
                               std::swap(axes[nd - 1], axes[nd - 2]);
                               return make_view(self_obj, self, transpose(self, axes));
                             })
      .def("_upload", [](PyArray& a, py::handle obj) { upload_into(a, obj); })
      .def("_fill",
           [](const PyArray& a, py::handle value) {
             if (!a.writeable) throw py::value_error("assignment destination is read-only");
             fill(a, to_scalar_arg(value, a.dtype));
           })
      .def("_copy_from", [](const PyArray& dst, py::handle src) { assign(dst, src); })
      .def("_astype",
           [](const PyArray& a, py::handle dtype, char order) { return PyArray(copy_array(a, to_dtype(dtype), order)); })
      .def("_download", [](const PyArray& a) {
        py::array host(to_numpy_dtype(a.dtype), a.shape);
        void* dst = host.mutable_data();
        {
          py::gil_scoped_release release;
          copy_to_host(dst, a.is_c_contiguous() ? static_cast<const NDArray&>(a) : copy_array(a, a.dtype, 'C'));
        }
        return host;
      });
  {
    // The methods users call, with docstrings that start with a text signature
    // (Note [Text signatures] in method_docs.hpp).
    py::options text_signatures;
    text_signatures.disable_function_signatures();
    cls.def("reshape", &reshape, docs::ndarray_reshape)
        .def("transpose",
             [](py::object self_obj, const py::args& args) {
               const PyArray& self = self_obj.cast<const PyArray&>();
               return make_view(self_obj, self, transpose(self, transpose_axes(args)));
             },
             docs::ndarray_transpose)
        .def("copy", [](const PyArray& a, char order) { return PyArray(copy_array(a, a.dtype, order)); },
             docs::ndarray_copy, py::arg("order") = 'C');
  }
}

}  // namespace gpuarray::bindings
