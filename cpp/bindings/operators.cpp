// SPDX-License-Identifier: BSD-3-Clause
// The ndarray's operators, each a ufunc call. They are bound twice over:
// as pybind11 methods (__add__, __radd__, ... in the type's dict, for
// explicit calls and introspection) and as the type's number and comparison
// slots, set afterwards to C functions that call call_ufunc directly, so that
// `a + b` skips the slot wrapper's method lookup and pybind11's dispatch
// (the small-op path). Both forms run the same call.
#include <pybind11/pybind11.h>

#include <string>
#include <utility>

#include "bindings/py_array.hpp"
#include "bindings/ufunc_call.hpp"
#include "core/dtype.hpp"

namespace gpuarray::bindings {
namespace {

// NumPy's a ** 2 is square(a) and a ** 0.5 is sqrt(a) for float and complex
// arrays (its result dtype can differ from power's: bool ** 2 is int8); the
// ufunc that `a ** exponent` runs.
const UfuncDef& power_for(const PyArray& a, py::handle exponent) {
  PyObject* e = exponent.ptr();
  if (PyLong_CheckExact(e)) {
    int overflow = 0;
    if (PyLong_AsLongLongAndOverflow(e, &overflow) == 2 && !overflow) return ufunc_named("square");
  } else if (PyFloat_CheckExact(e) && PyFloat_AS_DOUBLE(e) == 0.5) {
    const DTypeKind k = dtype_info(a.dtype).kind;
    if (k == DTypeKind::Float || k == DTypeKind::Complex) return ufunc_named("sqrt");
  }
  return ufunc_named("power");
}

// NumPy's deferral (NEP 13): an operand whose type sets __array_ufunc__ =
// None takes over the binary operators, so its reflected method runs
// (numpy.poly1d's kin, gpuarray.poly1d). Python scalars and arrays never do.
bool defers(PyObject* other) {
  if (PyFloat_CheckExact(other) || PyLong_CheckExact(other) || PyComplex_CheckExact(other) || PyBool_Check(other) ||
      is_array(other))
    return false;
  PyObject* attr = PyObject_GetAttrString(reinterpret_cast<PyObject*>(Py_TYPE(other)), "__array_ufunc__");
  if (attr == nullptr) {
    PyErr_Clear();
    return false;
  }
  const bool none = attr == Py_None;
  Py_DECREF(attr);
  return none;
}

py::object call(const UfuncDef& def, PyObject* x, PyObject* y, py::handle out = Py_None) {
  PyObject* args[2] = {x, y};
  return call_ufunc(def, args, def.nin, out, Py_None, Py_None, Py_True);
}

// ---- pybind11 methods ----------------------------------------------------

template <bool Reflected>
void bind_binary(py::class_<PyArray>& cls, const char* method, const UfuncDef* def) {
  cls.def(method, [def](py::handle self, py::handle other) -> py::object {
    if (defers(other.ptr())) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
    return Reflected ? call(*def, other.ptr(), self.ptr()) : call(*def, self.ptr(), other.ptr());
  }, py::is_operator());
}

void bind_inplace(py::class_<PyArray>& cls, const char* method, const UfuncDef* def) {
  cls.def(method, [def](py::object self, py::handle other) {
    call(*def, self.ptr(), other.ptr(), self);
    return self;
  }, py::is_operator());
}

void bind_power(py::class_<PyArray>& cls) {
  cls.def("__pow__", [](py::handle self, py::handle exponent) {
    return call(power_for(self.cast<const PyArray&>(), exponent), self.ptr(), exponent.ptr());
  }, py::is_operator());
  cls.def("__ipow__", [](py::object self, py::handle exponent) {
    call(power_for(self.cast<const PyArray&>(), exponent), self.ptr(), exponent.ptr(), self);
    return self;
  }, py::is_operator());
  bind_binary<true>(cls, "__rpow__", &ufunc_named("power"));
}

void bind_unary(py::class_<PyArray>& cls, const char* method, const UfuncDef* def) {
  cls.def(method, [def](py::handle self) { return call(*def, self.ptr(), nullptr); });
}

// ---- slots ---------------------------------------------------------------

// The binary operators, in the order of kBinary.
enum BinaryOp { Add, Subtract, Multiply, Divide, FloorDivide, Remainder, And, Or, Xor, LeftShift, RightShift,
                kBinaryOps };
constexpr std::pair<const char*, const char*> kBinary[kBinaryOps] = {
    {"add", "add"}, {"sub", "subtract"}, {"mul", "multiply"}, {"truediv", "divide"},
    {"floordiv", "floor_divide"}, {"mod", "remainder"}, {"and", "bitwise_and"}, {"or", "bitwise_or"},
    {"xor", "bitwise_xor"}, {"lshift", "left_shift"}, {"rshift", "right_shift"}};
const UfuncDef* g_binary[kBinaryOps];

enum UnaryOp { Negative, Positive, Absolute, Invert, kUnaryOps };
constexpr std::pair<const char*, const char*> kUnary[kUnaryOps] = {
    {"__neg__", "negative"}, {"__pos__", "positive"}, {"__abs__", "absolute"}, {"__invert__", "invert"}};
const UfuncDef* g_unary[kUnaryOps];

// Py_LT, Py_LE, Py_EQ, Py_NE, Py_GT, Py_GE: CPython's values 0..5.
constexpr std::pair<const char*, const char*> kCompare[6] = {
    {"__lt__", "less"}, {"__le__", "less_equal"}, {"__eq__", "equal"},
    {"__ne__", "not_equal"}, {"__gt__", "greater"}, {"__ge__", "greater_equal"}};
const UfuncDef* g_compare[6];

// The interpreter calls a binary slot with the operands in source order,
// whichever of them is the array: `2 - a` arrives as (2, a).
template <int Op>
PyObject* binary_slot(PyObject* x, PyObject* y) {
  try {
    if (defers(is_array(x) ? y : x)) Py_RETURN_NOTIMPLEMENTED;
    return call(*g_binary[Op], x, y).release().ptr();
  } catch (...) {
    set_python_error();
    return nullptr;
  }
}

template <int Op>
PyObject* inplace_slot(PyObject* self, PyObject* other) {
  try {
    call(*g_binary[Op], self, other, self);
    return py::handle(self).inc_ref().ptr();
  } catch (...) {
    set_python_error();
    return nullptr;
  }
}

template <int Op>
PyObject* unary_slot(PyObject* self) {
  try {
    return call(*g_unary[Op], self, nullptr).release().ptr();
  } catch (...) {
    set_python_error();
    return nullptr;
  }
}

// x ** y, or (reflected) a number ** array, which is always power.
PyObject* power_slot(PyObject* x, PyObject* y, PyObject* modulo) {
  if (modulo != Py_None) Py_RETURN_NOTIMPLEMENTED;
  try {
    const UfuncDef& def = is_array(x) ? power_for(py::handle(x).cast<const PyArray&>(), y) : ufunc_named("power");
    return call(def, x, y).release().ptr();
  } catch (...) {
    set_python_error();
    return nullptr;
  }
}

PyObject* inplace_power_slot(PyObject* self, PyObject* exponent, PyObject* modulo) {
  if (modulo != Py_None) Py_RETURN_NOTIMPLEMENTED;
  try {
    call(power_for(py::handle(self).cast<const PyArray&>(), exponent), self, exponent, self);
    return py::handle(self).inc_ref().ptr();
  } catch (...) {
    set_python_error();
    return nullptr;
  }
}

// The interpreter calls it on the array, with the operation reflected when
// the array was on the right (`2 < a` arrives as a > 2).
PyObject* richcompare_slot(PyObject* self, PyObject* other, int op) {
  try {
    if (defers(other)) Py_RETURN_NOTIMPLEMENTED;
    return call(*g_compare[op], self, other).release().ptr();
  } catch (...) {
    set_python_error();
    return nullptr;
  }
}

template <std::size_t... Op>
void set_binary_slots(PyNumberMethods& n, std::index_sequence<Op...>) {
  binaryfunc binary[] = {binary_slot<Op>...};
  binaryfunc inplace[] = {inplace_slot<Op>...};
  binaryfunc* slots[kBinaryOps] = {&n.nb_add, &n.nb_subtract, &n.nb_multiply, &n.nb_true_divide, &n.nb_floor_divide,
                                   &n.nb_remainder, &n.nb_and, &n.nb_or, &n.nb_xor, &n.nb_lshift, &n.nb_rshift};
  binaryfunc* inplace_slots[kBinaryOps] = {
      &n.nb_inplace_add, &n.nb_inplace_subtract, &n.nb_inplace_multiply, &n.nb_inplace_true_divide,
      &n.nb_inplace_floor_divide, &n.nb_inplace_remainder, &n.nb_inplace_and, &n.nb_inplace_or,
      &n.nb_inplace_xor, &n.nb_inplace_lshift, &n.nb_inplace_rshift};
  for (int k = 0; k < kBinaryOps; ++k) {
    *slots[k] = binary[k];
    *inplace_slots[k] = inplace[k];
  }
}

void set_slots(PyTypeObject* type) {
  PyNumberMethods& n = reinterpret_cast<PyHeapTypeObject*>(type)->as_number;
  set_binary_slots(n, std::make_index_sequence<kBinaryOps>());
  n.nb_power = power_slot;
  n.nb_inplace_power = inplace_power_slot;
  n.nb_negative = unary_slot<Negative>;
  n.nb_positive = unary_slot<Positive>;
  n.nb_absolute = unary_slot<Absolute>;
  n.nb_invert = unary_slot<Invert>;
  type->tp_richcompare = richcompare_slot;
  PyType_Modified(type);
}

}  // namespace

void bind_operators(py::module_& m) {
  m.def("_bind_operators", [](py::handle ndarray_type) {
    auto cls = py::reinterpret_borrow<py::class_<PyArray>>(ndarray_type);
    for (int k = 0; k < kBinaryOps; ++k) {
      g_binary[k] = &ufunc_named(kBinary[k].second);
      const std::string op = kBinary[k].first;
      bind_binary<false>(cls, ("__" + op + "__").c_str(), g_binary[k]);
      bind_binary<true>(cls, ("__r" + op + "__").c_str(), g_binary[k]);
      bind_inplace(cls, ("__i" + op + "__").c_str(), g_binary[k]);
    }
    bind_power(cls);
    for (int op = 0; op < 6; ++op) {
      g_compare[op] = &ufunc_named(kCompare[op].second);
      bind_binary<false>(cls, kCompare[op].first, g_compare[op]);
    }
    for (int k = 0; k < kUnaryOps; ++k) {
      g_unary[k] = &ufunc_named(kUnary[k].second);
      bind_unary(cls, kUnary[k].first, g_unary[k]);
    }
    // Last: setting the methods above made the interpreter's slot wrappers
    // the type's slots; these replace them.
    set_slots(reinterpret_cast<PyTypeObject*>(ndarray_type.ptr()));
  });
}

}  // namespace gpuarray::bindings
