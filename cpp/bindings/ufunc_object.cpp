// SPDX-License-Identifier: BSD-3-Clause
// _core.ufunc, the C base of gpuarray.ufunc. A plain CPython type rather
// than a pybind11 class so that `xp.sin(a)` reaches call_ufunc through
// vectorcall: no argument tuple, no keyword dict, no Python frame. The
// Python subclass adds the attributes and the methods (reduce, outer, ...).
#include <pybind11/pybind11.h>
#include <structmember.h>

#include <cstddef>
#include <exception>
#include <string>

#include "bindings/ufunc_call.hpp"
#include "kernels/ufunc_table.hpp"

namespace gpuarray::bindings {
namespace {

struct UfuncObject {
  PyObject_HEAD
  vectorcallfunc vectorcall;
  const UfuncDef* def;
};

std::string plural_arguments(Py_ssize_t low, Py_ssize_t high) {
  if (low == high) return std::to_string(low) + (low == 1 ? " positional argument" : " positional arguments");
  return "from " + std::to_string(low) + " to " + std::to_string(high) + " positional arguments";
}

// NumPy's call: inputs, then optionally the outputs, positionally; out=,
// dtype=, casting=, where= by keyword.
PyObject* ufunc_vectorcall(PyObject* self, PyObject* const* args, std::size_t nargsf, PyObject* kwnames) {
  const UfuncDef& def = *reinterpret_cast<UfuncObject*>(self)->def;
  const Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
  try {
    if (nargs < def.nin || nargs > def.nin + def.nout)
      throw py::type_error(def.name + "() takes " + plural_arguments(def.nin, def.nin + def.nout) + " but " +
                           std::to_string(nargs) + " were given");
    PyObject* values[4] = {Py_None, Py_None, Py_None, Py_True};  // out, dtype, casting, where
    static const char* const keywords[4] = {"out", "dtype", "casting", "where"};
    const Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
    for (Py_ssize_t k = 0; k < nkw; ++k) {
      PyObject* key = PyTuple_GET_ITEM(kwnames, k);
      int slot = 0;
      while (slot < 4 && PyUnicode_CompareWithASCIIString(key, keywords[slot]) != 0) ++slot;
      if (slot == 4)
        throw py::type_error("'" + py::str(key).cast<std::string>() + "' is an invalid keyword to ufunc '" +
                             def.name + "'");
      values[slot] = args[nargs + k];
    }
    py::object positional_out;
    if (nargs > def.nin) {
      if (values[0] != Py_None) throw py::type_error("cannot specify 'out' as both a positional and keyword argument");
      positional_out = py::reinterpret_steal<py::object>(PyTuple_New(nargs - def.nin));
      for (Py_ssize_t k = def.nin; k < nargs; ++k)
        PyTuple_SET_ITEM(positional_out.ptr(), k - def.nin, py::handle(args[k]).inc_ref().ptr());
      values[0] = positional_out.ptr();
    }
    return call_ufunc(def, args, def.nin, values[0], values[1], values[2], values[3]).release().ptr();
  } catch (...) {
    set_python_error();
    return nullptr;
  }
}

// _core.ufunc(name, module="numpy"): the table row named `name` in `module`.
PyObject* ufunc_new(PyTypeObject* type, PyObject* args, PyObject* kwargs) {
  const char* name = nullptr;
  const char* module = "numpy";
  static const char* keywords[] = {"name", "module", nullptr};
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "s|s", const_cast<char**>(keywords), &name, &module)) return nullptr;
  const UfuncDef* def = nullptr;
  try {
    def = &ufunc_named(name, module);
  } catch (...) {
    set_python_error();
    return nullptr;
  }
  PyObject* self = type->tp_alloc(type, 0);
  if (self == nullptr) return nullptr;
  reinterpret_cast<UfuncObject*>(self)->vectorcall = ufunc_vectorcall;
  reinterpret_cast<UfuncObject*>(self)->def = def;
  return self;
}

void ufunc_dealloc(PyObject* self) {
  PyTypeObject* type = Py_TYPE(self);
  type->tp_free(self);
  Py_DECREF(type);
}

PyMemberDef ufunc_members[] = {
    {"__vectorcalloffset__", T_PYSSIZET, offsetof(UfuncObject, vectorcall), READONLY, nullptr},
    {nullptr, 0, 0, 0, nullptr}};

PyType_Slot ufunc_slots[] = {
    {Py_tp_new, reinterpret_cast<void*>(ufunc_new)},
    {Py_tp_dealloc, reinterpret_cast<void*>(ufunc_dealloc)},
    {Py_tp_call, reinterpret_cast<void*>(PyVectorcall_Call)},
    {Py_tp_members, ufunc_members},
    {Py_tp_doc, const_cast<char*>("The C base of gpuarray.ufunc: calls go straight to the engine.")},
    {0, nullptr}};

PyType_Spec ufunc_spec = {"gpuarray._core.ufunc", sizeof(UfuncObject), 0,
                          Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_VECTORCALL, ufunc_slots};

}  // namespace

// The engine's exception types are registered with pybind11's translators.
void set_python_error() {
  try {
    throw;
  } catch (py::error_already_set& e) {
    e.restore();
  } catch (...) {
#if PYBIND11_VERSION_HEX >= 0x020D0000
    py::detail::try_translate_exceptions();
#else
    std::exception_ptr current = std::current_exception();
    for (auto& translate : py::detail::get_internals().registered_exception_translators) {
      try {
        translate(current);
        return;
      } catch (...) {
        current = std::current_exception();
      }
    }
    PyErr_SetString(PyExc_SystemError, "gpuarray: an exception no translator knows");
#endif
  }
}

void bind_ufunc_type(py::module_& m) {
  PyObject* type = PyType_FromSpec(&ufunc_spec);
  if (type == nullptr) throw py::error_already_set();
  m.add_object("ufunc", py::reinterpret_steal<py::object>(type));
}

}  // namespace gpuarray::bindings
