// SPDX-License-Identifier: BSD-3-Clause
// The ufunc tables and the ops generated from them.
#include <pybind11/stl.h>

#include <optional>

#include "bindings/bindings.hpp"
#include "bindings/convert.hpp"
#include "bindings/py_array.hpp"
#include "bindings/ufunc_call.hpp"
#include "kernels/ufunc_call.hpp"
#include "kernels/ufunc_methods.hpp"
#include "kernels/ufunc_op.hpp"
#include "kernels/ufunc_resolution.hpp"

namespace gpuarray::bindings {

UfuncModule ufunc_module(const std::string& module) {
  if (module == "numpy") return UfuncModule::NumPy;
  if (module == "scipy.special") return UfuncModule::ScipySpecial;
  throw py::value_error("ufunc module must be 'numpy' or 'scipy.special', not '" + module + "'");
}

const UfuncDef& ufunc_named(const std::string& name, const std::string& module) {
  const UfuncDef* def = find_ufunc(name, ufunc_module(module));
  if (def == nullptr) throw py::key_error("no ufunc named '" + name + "' in " + module);
  return *def;
}

namespace {

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

bool is_numpy_scalar(py::handle obj) {
  static py::handle generic = py::object(py::module_::import("numpy").attr("generic")).release();
  return PyObject_TypeCheck(obj.ptr(), reinterpret_cast<PyTypeObject*>(generic.ptr()));
}

// A call's input: a gpuarray array, a Python scalar (bool is strong) or a
// NumPy scalar. Anything else (NumPy arrays, lists) is refused, as CuPy does.
UfuncOperand to_operand(const UfuncDef& def, py::handle obj) {
  PyObject* o = obj.ptr();
  if (is_array(o)) {
    const PyArray& a = array_of(o);
    return {&a, a.dtype, ScalarKind::None};
  }
  if (PyBool_Check(o)) return {nullptr, DType::Bool, ScalarKind::None};
  if (PyLong_Check(o)) return {nullptr, DType::Int64, ScalarKind::Int, to_python_int(obj)};
  // Before float and complex: numpy.float64 and numpy.complex128 subclass
  // them but are strong (NEP 50), float32 array * numpy.float64 is float64.
  if (is_numpy_scalar(obj)) return {nullptr, to_dtype(obj.attr("dtype")), ScalarKind::None};
  if (PyFloat_Check(o)) return {nullptr, DType::Float64, ScalarKind::Float};
  if (PyComplex_Check(o)) return {nullptr, DType::Complex128, ScalarKind::Complex};
  throw py::type_error("ufunc '" + def.name + "': unsupported operand type " + Py_TYPE(o)->tp_name +
                       " (gpuarray takes gpuarray arrays and Python or NumPy scalars)");
}

}  // namespace

bool is_array(PyObject* obj) {
  static PyTypeObject* type = reinterpret_cast<PyTypeObject*>(py::type::of<PyArray>().ptr());
  return PyObject_TypeCheck(obj, type);
}

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
    if (!is_array(where.ptr()) || array_of(where.ptr()).dtype != DType::Bool)
      throw py::type_error("where= must be True or a gpuarray array of dtype bool");
    options.where = &array_of(where.ptr());
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
      outs[k] = &array_of(out_objs[k].ptr());
    }
  }

  const UfuncPlan plan = plan_ufunc(def, inputs, options);
  ScalarArg scalars[kMaxUfuncInputs];
  for (int i = 0; i < def.nin; ++i)
    if (inputs[i].array == nullptr) scalars[i] = to_scalar_arg(py::handle(args[i]), plan.scalar_dtypes[i]);
  UfuncResults results = run_ufunc(plan, inputs, scalars, outs, options);

  py::object wrapped[kMaxUfuncOutputs];
  for (int k = 0; k < def.nout; ++k)
    wrapped[k] = outs[k] ? out_objs[k] : new_array_object(PyArray(std::move(results[k])));
  if (def.nout == 1) return wrapped[0];
  return py::make_tuple(wrapped[0], wrapped[1]);
}

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
           py::handle where, const std::string& module) {
          const py::tuple items = py::tuple(args);
          return call_ufunc(ufunc_named(name, module), PySequence_Fast_ITEMS(items.ptr()),
                            PyTuple_GET_SIZE(items.ptr()), out, dtype, casting, where);
        },
        py::arg("name"), py::arg("args"), py::arg("out") = py::none(), py::arg("dtype") = py::none(),
        py::arg("casting") = py::none(), py::arg("where") = py::bool_(true), py::arg("module") = "numpy");
  bind_operators(m);
  bind_ufunc_type(m);
  // The ufunc names of one module: NumPy's unless asked.
  m.def("_ufunc_names", [](const std::string& module) {
    const UfuncModule which = ufunc_module(module);
    std::vector<std::string> names;
    for (const auto& u : all_ufuncs())
      if (u.module == which) names.push_back(u.name);
    return names;
  }, py::arg("module") = "numpy");
  m.def("_ufunc_info", [](const std::string& name, const std::string& module) {
    const UfuncDef& def = ufunc_named(name, module);
    std::vector<std::string> types;
    for (const auto& loop : def.loops) types.push_back(loop.signature(def.nin, def.nout));
    py::dict d;
    d["nin"] = def.nin;
    d["nout"] = def.nout;
    d["identity"] = identity_name(def.identity);
    d["types"] = types;
    return d;
  }, py::arg("name"), py::arg("module") = "numpy");
  // The loop resolution picks for the operands (dtypes, or int/float/complex
  // for weak scalars) as 'xx->y', or None.
  m.def("_ufunc_resolve", [](const std::string& name, const py::sequence& operands,
                             const std::string& module) -> py::object {
    const UfuncDef& def = ufunc_named(name, module);
    if (static_cast<int>(py::len(operands)) != def.nin)
      throw py::value_error("ufunc '" + name + "' takes " + std::to_string(def.nin) + " inputs");
    PromotionOperand ops[kMaxUfuncInputs];
    for (int i = 0; i < def.nin; ++i) ops[i] = to_promotion_operand(operands[i]);
    const int loop = resolve_ufunc_loop(def, ops);
    if (loop < 0) return py::none();
    return py::str(def.loops[loop].signature(def.nin, def.nout));
  }, py::arg("name"), py::arg("operands"), py::arg("module") = "numpy");
  // (name, expression, preamble) of the op running loop `loop_index` on
  // inputs of `input_dtypes` (`scalar_inputs` marks by-value ones), writing
  // outputs of `out_dtypes`: what _elementwise_kernel takes.
  m.def("_ufunc_loop_op",
        [](const std::string& name, int loop_index, const py::sequence& input_dtypes, const py::sequence& out_dtypes,
           const std::vector<bool>& scalar_inputs, const std::string& module) {
          const UfuncDef& def = ufunc_named(name, module);
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
        py::arg("scalar_inputs") = std::vector<bool>(), py::arg("module") = "numpy");

  // ufunc.at and ufunc.reduceat (kernels/ufunc_methods.hpp): the engine's
  // kernels, and their sources for tests and inspection.
  auto optional_dtype = [](py::handle dt) -> std::optional<DType> {
    if (dt.is_none()) return std::nullopt;
    return to_dtype(dt);
  };
  m.def(
      "_ufunc_at_kernel",
      [optional_dtype](const std::string& name, int loop_index, py::handle target, py::handle value,
                       const std::string& module) {
        const UfuncDef& def = ufunc_named(name, module);
        const DType t = to_dtype(target);
        const std::optional<DType> v = optional_dtype(value);
        UfuncAtKernel kernel;
        {
          py::gil_scoped_release release;
          kernel = ufunc_at_kernel(def, loop_index, t, v);
        }
        return py::make_tuple(kernel.function, kernel.native);
      },
      py::arg("name"), py::arg("loop_index"), py::arg("target"), py::arg("value"), py::arg("module") = "numpy");
  m.def(
      "_ufunc_at_source",
      [optional_dtype](const std::string& name, int loop_index, py::handle target, py::handle value,
                       const std::string& module) {
        UfuncAtSource at =
            ufunc_at_source(ufunc_named(name, module), loop_index, to_dtype(target), optional_dtype(value));
        return py::make_tuple(at.glue.symbol, at.glue.source, at.native);
      },
      py::arg("name"), py::arg("loop_index"), py::arg("target"), py::arg("value"), py::arg("module") = "numpy");
  m.def(
      "_ufunc_reduceat_kernel",
      [](const std::string& name, int loop_index, const std::string& module) {
        const UfuncDef& def = ufunc_named(name, module);
        py::gil_scoped_release release;
        return ufunc_reduceat_kernel(def, loop_index);
      },
      py::arg("name"), py::arg("loop_index"), py::arg("module") = "numpy");
  m.def(
      "_ufunc_reduceat_source",
      [](const std::string& name, int loop_index, const std::string& module) {
        DeviceTemplateSource glue = ufunc_reduceat_source(ufunc_named(name, module), loop_index);
        return py::make_tuple(glue.symbol, glue.source);
      },
      py::arg("name"), py::arg("loop_index"), py::arg("module") = "numpy");
}

}  // namespace gpuarray::bindings
