// SPDX-License-Identifier: BSD-3-Clause
// The Python ndarray: an engine NDArray plus NumPy's `base` (the array or
// foreign object that owns the memory; None for an owner). Every binding
// that returns an array returns a PyArray.
#pragma once
#include <pybind11/pybind11.h>

#include "core/ndarray.hpp"

namespace gpuarray::bindings {
namespace py = pybind11;

struct PyArray : NDArray {
  py::object base = py::none();

  PyArray() = default;
  explicit PyArray(NDArray a, py::object owner = py::none()) : NDArray(std::move(a)), base(std::move(owner)) {}
};

// The PyArray inside `obj`, which must be an ndarray (is_array): read from
// the instance directly, skipping pybind11's caster and its type lookup (the
// small-op path reads two or three operands per call).
inline const PyArray& array_of(PyObject* obj) {
  return *reinterpret_cast<py::detail::instance*>(obj)->get_value_and_holder().value_ptr<PyArray>();
}

// A new Python ndarray holding `a`: what py::cast(PyArray&&) does, without
// its search for a Python object already wrapping the same C++ address (a
// PyArray made for this call has none) and its type lookups by typeid; on
// the small-op path that is ~0.1 µs of the ~0.2 µs the wrapping took.
inline py::object new_array_object(PyArray&& a) {
  static const py::detail::type_info* const info = py::detail::get_type_info(typeid(PyArray), true);
  auto object = py::reinterpret_steal<py::object>(py::detail::make_new_instance(info->type));
  auto* instance = reinterpret_cast<py::detail::instance*>(object.ptr());
  instance->owned = true;
  py::detail::values_and_holders(instance).begin()->value_ptr() = new PyArray(std::move(a));
  info->init_instance(instance, nullptr);
  return object;
}

// The base a view of `self` gets: NumPy's chains collapse to the first
// object that owns the memory (self when it does, else self's base).
inline py::object view_base(py::handle self_obj, const PyArray& self) {
  return self.base.is_none() ? py::reinterpret_borrow<py::object>(self_obj) : self.base;
}

// A new Python ndarray viewing `view`'s memory, with `self`'s owner as base.
inline py::object make_view(py::handle self_obj, const PyArray& self, NDArray view) {
  return new_array_object(PyArray(std::move(view), view_base(self_obj, self)));
}

}  // namespace gpuarray::bindings
