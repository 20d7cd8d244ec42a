// SPDX-License-Identifier: BSD-3-Clause
// A ufunc called from Python: the one entry every call path shares (the
// ufunc objects, the ndarray operators, _core._ufunc_call).
#pragma once
#include <pybind11/pybind11.h>

#include <string>

#include "kernels/ufunc_table.hpp"

namespace gpuarray::bindings {
namespace py = pybind11;

// `def` on the `nargs` input objects at `args` with NumPy's keywords (None
// for dtype/casting/out when not given, Py_True for where); one array, or a
// tuple for several outputs.
py::object call_ufunc(const UfuncDef& def, PyObject* const* args, Py_ssize_t nargs, py::handle out,
                      py::handle dtype, py::handle casting, py::handle where);

// The module named "numpy" or "scipy.special"; ValueError for another name.
UfuncModule ufunc_module(const std::string& module);

// The table row named `name` in `module` ("numpy" or "scipy.special");
// KeyError when there is none.
const UfuncDef& ufunc_named(const std::string& name, const std::string& module = "numpy");

// Whether `obj` is a gpuarray.ndarray (or a subclass's instance).
bool is_array(PyObject* obj);

// Sets the Python error for the C++ exception being handled, through
// pybind11's translators: for C functions called by the interpreter.
void set_python_error();

// _core.ufunc: the C base of gpuarray.ufunc, whose instances are called
// through vectorcall straight into call_ufunc (ufunc_object.cpp).
void bind_ufunc_type(py::module_& m);

// _core._bind_operators(ndarray): + - * / // % ** & | ^ << >>, their
// reflected and in-place forms, comparisons and unary - + abs ~ as ufunc
// calls (operators.cpp).
void bind_operators(py::module_& m);

}  // namespace gpuarray::bindings
