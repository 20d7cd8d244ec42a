// SPDX-License-Identifier: BSD-3-Clause
// The ufunc tables and the ops generated from them.
#include <pybind11/stl.h>

#include "bindings/bindings.hpp"
#include "bindings/convert.hpp"
#include "bindings/py_array.hpp"
#include "bindings/ufunc_call.hpp"
#include "kernels/ufunc_call.hpp"
#include "kernels/ufunc_op.hpp"
#include "kernels/ufunc_resolution.hpp"

namespace gpuarray::bindings {
namespace {

const UfuncDef& ufunc_named(const std::string& name) {
  const UfuncDef* def = find_ufunc(name);
  if (def == nullptr) throw py::key_error("no ufunc named '" + name + "'");
  return *def;
}

const char* identity_name(UfuncIdentity id) {
  switch (id) {
    case UfuncIdentity::Zero: return "zero";
    case UfuncIdentity::One: return "one";
    case UfuncIdentity::MinusOne: return "minus_one";
    case UfuncIdentity::MinusInfinity: return "minus_infinity";
    case UfuncIdentity::ReorderableNone: return "reorderable_none";
    case UfuncIdentity::None: break;
  }
  return "none";
}

PyTypeObject* array_type() {
  static PyTypeObject* type = reinterpret_cast<PyTypeObject*>(py::type::of<PyArray>().ptr());
  return type;
}

bool is_array(PyObject* obj) { return PyObject_TypeCheck(obj, array_type()); }

bool is_numpy_scalar(py::handle obj) {
  static py::handle generic = py::object(py::module_::import("numpy").attr("generic")).release();
  return PyObject_TypeCheck(obj.ptr(), reinterpret_cast<PyTypeObject*>(generic.ptr()));
}

// A call's input: a gpuarray array, a Python scalar (bool is strong) or a
// NumPy scalar. Anything else (NumPy arrays, lists) is refused, as CuPy does.
UfuncOperand to_operand(const UfuncDef& def, py::handle obj) {
  PyObject* o = obj.ptr();
  if (is_array(o)) {
    const PyArray& a = obj.cast<const PyArray&>();
    return {&a, a.dtype, ScalarKind::None};
  }
  if (PyBool_Check(o)) return {nullptr, DType::Bool, ScalarKind::None};
  if (PyLong_Check(o)) return {nullptr, DType::Int64, ScalarKind::Int, to_python_int(obj)};
  if (PyFloat_Check(o)) return {nullptr, DType::Float64, ScalarKind::Float};
  if (PyComplex_Check(o)) return {nullptr, DType::Complex128, ScalarKind::Complex};
  if (is_numpy_scalar(obj)) return {nullptr, to_dtype(obj.attr("dtype")), ScalarKind::None};
  throw py::type_error("ufunc '" + def.name + "': unsupported operand type " + Py_TYPE(o)->tp_name +
                       " (gpuarray takes gpuarray arrays and Python or NumPy scalars)");
}

}  // namespace

py::object call_ufunc(const UfuncDef& def, PyObject* const* args, Py_ssize_t nargs, py::handle out,
                      py::handle dtype, py::handle casting, py::handle where) {
  if (nargs != def.nin)
    throw py::type_error(def.name + "() takes " + std::to_string(def.nin) + " positional argument" +
                         (def.nin == 1 ? "" : "s") + " but " + std::to_string(nargs) + " were given");
  UfuncOperand inputs[kMaxUfuncInputs];
  for (int i = 0; i < def.nin; ++i) inputs[i] = to_operand(def, args[i]);

  UfuncOptions options;
  if (!dtype.is_none()) options.dtype = to_dtype(dtype);
  if (!casting.is_none()) options.casting = parse_casting(casting.cast<std::string>());
  if (!(where.ptr() == Py_True)) {
    if (!is_array(where.ptr()) || where.cast<const PyArray&>().dtype != DType::Bool)
      throw py::type_error("where= must be True or a gpuarray array of dtype bool");
    options.where = &where.cast<const PyArray&>();
  }

  py::object out_objs[kMaxUfuncOutputs];
  const NDArray* outs[kMaxUfuncOutputs] = {};
  if (!out.is_none()) {
    py::tuple given = PyTuple_Check(out.ptr()) ? py::reinterpret_borrow<py::tuple>(out) : py::make_tuple(out);
    if (static_cast<int>(given.size()) != def.nout)
      throw py::value_error("The 'out' tuple must have exactly " + std::to_string(def.nout) + " entries: one per ufunc output");
    for (int k = 0; k < def.nout; ++k) {
      if (given[k].is_none()) continue;
      if (!is_array(given[k].ptr())) throw py::type_error("return arrays must be of gpuarray.ndarray type");
      out_objs[k] = given[k];
      outs[k] = &out_objs[k].cast<const PyArray&>();
    }
  }

  const UfuncPlan plan = plan_ufunc(def, inputs, options);
  ScalarArg scalars[kMaxUfuncInputs];
  for (int i = 0; i < def.nin; ++i)
    if (inputs[i].array == nullptr) scalars[i] = to_scalar_arg(py::handle(args[i]), plan.scalar_dtypes[i]);
  std::vector<NDArray> results = run_ufunc(plan, inputs, scalars, outs, options);

  py::object wrapped[kMaxUfuncOutputs];
  for (int k = 0; k < def.nout; ++k)
    wrapped[k] = outs[k] ? out_objs[k] : py::cast(PyArray(std::move(results[k])));
  if (def.nout == 1) return wrapped[0];
  return py::make_tuple(wrapped[0], wrapped[1]);
}

namespace {

// Operators: the ufunc named `name` on (self, other), reflected or in place.
template <bool Reflected>
void bind_binary(py::class_<PyArray>& cls, const char* method, const char* name) {
  const UfuncDef* def = &ufunc_named(name);
  cls.def(method, [def](py::handle self, py::handle other) {
    PyObject* args[2] = {Reflected ? other.ptr() : self.ptr(), Reflected ? self.ptr() : other.ptr()};
    return call_ufunc(*def, args, 2, Py_None, Py_None, Py_None, Py_True);
  }, py::is_operator());
}

void bind_inplace(py::class_<PyArray>& cls, const char* method, const char* name) {
  const UfuncDef* def = &ufunc_named(name);
  cls.def(method, [def](py::object self, py::handle other) {
    PyObject* args[2] = {self.ptr(), other.ptr()};
    call_ufunc(*def, args, 2, self, Py_None, Py_None, Py_True);
    return self;
  }, py::is_operator());
}

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

void bind_power(py::class_<PyArray>& cls) {
  cls.def("__pow__", [](py::handle self, py::handle exponent) {
    const UfuncDef& def = power_for(self.cast<const PyArray&>(), exponent);
    PyObject* args[2] = {self.ptr(), exponent.ptr()};
    return call_ufunc(def, args, def.nin, Py_None, Py_None, Py_None, Py_True);
  }, py::is_operator());
  cls.def("__ipow__", [](py::object self, py::handle exponent) {
    const UfuncDef& def = power_for(self.cast<const PyArray&>(), exponent);
    PyObject* args[2] = {self.ptr(), exponent.ptr()};
    call_ufunc(def, args, def.nin, self, Py_None, Py_None, Py_True);
    return self;
  }, py::is_operator());
}

void bind_unary(py::class_<PyArray>& cls, const char* method, const char* name) {
  const UfuncDef* def = &ufunc_named(name);
  cls.def(method, [def](py::handle self) {
    PyObject* args[1] = {self.ptr()};
    return call_ufunc(*def, args, 1, Py_None, Py_None, Py_None, Py_True);
  });
}

}  // namespace

void bind_ufuncs(py::module_& m) {
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const UfuncTypeError& e) {
      PyErr_SetString(PyExc_TypeError, e.what());
    }
  });
  m.def("_ufunc_call",
        [](const std::string& name, const py::sequence& args, py::handle out, py::handle dtype, py::handle casting,
           py::handle where) {
          const py::tuple items = py::tuple(args);
          return call_ufunc(ufunc_named(name), PySequence_Fast_ITEMS(items.ptr()), PyTuple_GET_SIZE(items.ptr()), out,
                            dtype, casting, where);
        },
        py::arg("name"), py::arg("args"), py::arg("out") = py::none(), py::arg("dtype") = py::none(),
        py::arg("casting") = py::none(), py::arg("where") = py::bool_(true));
  // Operators go from Python straight to the call above (the small-op path).
  m.def("_bind_operators", [](py::handle ndarray_type) {
    auto cls = py::reinterpret_borrow<py::class_<PyArray>>(ndarray_type);
    const std::pair<const char*, const char*> binary[] = {
        {"add", "add"}, {"sub", "subtract"}, {"mul", "multiply"}, {"truediv", "divide"},
        {"floordiv", "floor_divide"}, {"mod", "remainder"}, {"and", "bitwise_and"},
        {"or", "bitwise_or"}, {"xor", "bitwise_xor"}, {"lshift", "left_shift"}, {"rshift", "right_shift"}};
    for (const auto& [op, name] : binary) {
      if (!find_ufunc(name)) continue;
      bind_binary<false>(cls, ("__" + std::string(op) + "__").c_str(), name);
      bind_binary<true>(cls, ("__r" + std::string(op) + "__").c_str(), name);
      bind_inplace(cls, ("__i" + std::string(op) + "__").c_str(), name);
    }
    // pybind11 runs the first overload that accepts the arguments: ** is bound once, here.
    if (find_ufunc("power") && find_ufunc("square") && find_ufunc("sqrt")) {
      bind_power(cls);
      bind_binary<true>(cls, "__rpow__", "power");
    }
    const std::pair<const char*, const char*> compare[] = {
        {"__eq__", "equal"}, {"__ne__", "not_equal"}, {"__lt__", "less"},
        {"__le__", "less_equal"}, {"__gt__", "greater"}, {"__ge__", "greater_equal"}};
    for (const auto& [method, name] : compare)
      if (find_ufunc(name)) bind_binary<false>(cls, method, name);
    const std::pair<const char*, const char*> unary[] = {
        {"__neg__", "negative"}, {"__pos__", "positive"}, {"__abs__", "absolute"}, {"__invert__", "invert"}};
    for (const auto& [method, name] : unary)
      if (find_ufunc(name)) bind_unary(cls, method, name);
  });
  bind_ufunc_type(m);
  m.def("_ufunc_names", [] {
    std::vector<std::string> names;
    for (const auto& u : all_ufuncs()) names.push_back(u.name);
    return names;
  });
  m.def("_ufunc_info", [](const std::string& name) {
    const UfuncDef& def = ufunc_named(name);
    std::vector<std::string> types;
    for (const auto& loop : def.loops) types.push_back(loop.signature(def.nin, def.nout));
    py::dict d;
    d["nin"] = def.nin;
    d["nout"] = def.nout;
    d["identity"] = identity_name(def.identity);
    d["types"] = types;
    return d;
  });
  // The loop resolution picks for the operands (dtypes, or int/float/complex
  // for weak scalars) as 'xx->y', or None.
  m.def("_ufunc_resolve", [](const std::string& name, const py::sequence& operands) -> py::object {
    const UfuncDef& def = ufunc_named(name);
    if (static_cast<int>(py::len(operands)) != def.nin)
      throw py::value_error("ufunc '" + name + "' takes " + std::to_string(def.nin) + " inputs");
    PromotionOperand ops[kMaxUfuncInputs];
    for (int i = 0; i < def.nin; ++i) ops[i] = to_promotion_operand(operands[i]);
    const int loop = resolve_ufunc_loop(def, ops);
    if (loop < 0) return py::none();
    return py::str(def.loops[loop].signature(def.nin, def.nout));
  });
  // (name, expression, preamble) of the op running loop `loop_index` on
  // inputs of `input_dtypes` (`scalar_inputs` marks by-value ones), writing
  // outputs of `out_dtypes`: what _elementwise_kernel takes.
  m.def("_ufunc_loop_op",
        [](const std::string& name, int loop_index, const py::sequence& input_dtypes, const py::sequence& out_dtypes,
           const std::vector<bool>& scalar_inputs) {
          const UfuncDef& def = ufunc_named(name);
          if (loop_index < 0 || loop_index >= static_cast<int>(def.loops.size()))
            throw py::index_error("ufunc '" + name + "' has " + std::to_string(def.loops.size()) + " loops");
          if (static_cast<int>(py::len(input_dtypes)) != def.nin || static_cast<int>(py::len(out_dtypes)) != def.nout)
            throw py::value_error("ufunc '" + name + "' takes " + std::to_string(def.nin) + " inputs and " +
                                  std::to_string(def.nout) + " outputs");
          UfuncInput inputs[kMaxUfuncInputs];
          DType outs[kMaxUfuncOutputs];
          for (int i = 0; i < def.nin; ++i)
            inputs[i] = {i < static_cast<int>(scalar_inputs.size()) && scalar_inputs[i], to_dtype(input_dtypes[i])};
          for (int i = 0; i < def.nout; ++i) outs[i] = to_dtype(out_dtypes[i]);
          const ElementwiseOp op = ufunc_loop_op(def, def.loops[loop_index], inputs, outs);
          return py::make_tuple(op.name, op.expression, op.preamble);
        },
        py::arg("name"), py::arg("loop_index"), py::arg("input_dtypes"), py::arg("out_dtypes"),
        py::arg("scalar_inputs") = std::vector<bool>());
}

}  // namespace gpuarray::bindings
