// SPDX-License-Identifier: BSD-3-Clause
// Reductions: `_reduce` (sum, argmax, mean, ... by name) and `_ufunc_reduce`
// (ufunc.reduce), converting arguments and calling kernels/reduction_call.
#include <pybind11/stl.h>

#include <string>

#include "bindings/bindings.hpp"
#include "bindings/convert.hpp"
#include "bindings/method_docs.hpp"
#include "bindings/py_array.hpp"
#include "bindings/ufunc_call.hpp"
#include "kernels/reduction_call.hpp"
#include "kernels/user_reduction.hpp"

namespace gpuarray::bindings {
namespace {

std::vector<bool> axes_of(py::handle axis, int ndim) {
  if (axis.is_none()) return reduction_axes({}, true, ndim);
  std::vector<std::int64_t> list;
  if (py::isinstance<py::tuple>(axis) || py::isinstance<py::list>(axis)) {
    for (py::handle item : axis) list.push_back(to_index(item));
  } else {
    list.push_back(to_index(axis));
  }
  return reduction_axes(list, false, ndim);
}

// initial= as a parameter of its own dtype; the kernel casts it.
ScalarArg initial_of(py::handle value) {
  DType dt;
  if (py::isinstance<py::bool_>(value)) dt = DType::Bool;
  else if (py::isinstance<py::int_>(value)) dt = value.cast<py::int_>() > py::int_(INT64_MAX) ? DType::UInt64 : DType::Int64;
  else if (py::isinstance<py::float_>(value)) dt = DType::Float64;
  else if (PyComplex_Check(value.ptr())) dt = DType::Complex128;
  else if (py::hasattr(value, "dtype")) dt = to_dtype(value.attr("dtype"));
  else throw py::type_error("initial= must be a number, got " + std::string(py::str(py::type::of(value))));
  return to_scalar_arg(value, dt);
}

py::object run(ReductionRequest request, py::handle a_obj, py::handle axis, py::handle dtype, py::handle out,
               bool keepdims, py::handle initial, py::handle where, double ddof) {
  const PyArray& a = a_obj.cast<const PyArray&>();
  request.axes = axes_of(axis, a.ndim());
  request.keepdims = keepdims;
  if (!dtype.is_none()) request.dtype = to_dtype(dtype);
  if (!out.is_none()) request.out = &out.cast<const PyArray&>();
  if (!initial.is_none()) request.initial = initial_of(initial);
  if (!where.is_none()) request.where = &where.cast<const PyArray&>();
  request.ddof = ddof;
  NDArray result = reduce(a, request);
  if (!out.is_none()) return py::reinterpret_borrow<py::object>(out);
  return new_array_object(PyArray(std::move(result)));
}

// where= as the engine takes it: None for True, else a bool array (the
// Python side converts anything else).
py::object where_mask(py::handle where) {
  if (where.is_none() || (PyBool_Check(where.ptr()) && where.ptr() == Py_True)) return py::none();
  if (py::isinstance<PyArray>(where) && where.cast<const PyArray&>().dtype == DType::Bool)
    return py::reinterpret_borrow<py::object>(where);
  return py::module_::import("gpuarray._reductions").attr("_mask")(where, py::none());
}

// ndarray.sum and its kin, straight to the engine (the small-op path):
// NumPy's keywords, numpy._NoValue for "not given".
void bind_method(py::handle ndarray_type, const char* method, const char* reduction) {
  auto cls = py::reinterpret_borrow<py::class_<PyArray>>(ndarray_type);
  const ReductionRequest request = named_reduction(reduction);
  // The docstring starts with a text signature (Note [Text signatures] in method_docs.hpp).
  py::options text_signatures;
  text_signatures.disable_function_signatures();
  cls.def(method,
          [request](py::handle self, py::handle axis, py::handle dtype, py::handle out, bool keepdims,
                    py::handle initial, py::handle where) {
            static const py::object no_value = py::module_::import("numpy").attr("_NoValue");
            return run(request, self, axis, dtype, out, keepdims,
                       initial.is(no_value) ? py::handle(py::none()) : initial, where_mask(where), 0.0);
          },
          std::string(method) == "sum" ? docs::ndarray_sum : docs::ndarray_prod,
          py::arg("axis") = py::none(), py::arg("dtype") = py::none(), py::arg("out") = py::none(),
          py::arg("keepdims") = false, py::kw_only(), py::arg("initial") = py::none(),
          py::arg("where") = py::bool_(true));
}

}  // namespace

void bind_reductions(py::module_& m) {
  m.def("_reduce",
        [](const std::string& name, py::handle a, py::handle axis, py::handle dtype, py::handle out, bool keepdims,
           py::handle initial, py::handle where, double ddof) {
          return run(named_reduction(name), a, axis, dtype, out, keepdims, initial, where, ddof);
        },
        py::arg("name"), py::arg("a"), py::arg("axis") = py::none(), py::arg("dtype") = py::none(),
        py::arg("out") = py::none(), py::arg("keepdims") = false, py::arg("initial") = py::none(),
        py::arg("where") = py::none(), py::arg("ddof") = 0.0);
  m.def("_ufunc_reduce",
        [](const std::string& ufunc, py::handle a, py::handle axis, py::handle dtype, py::handle out, bool keepdims,
           py::handle initial, py::handle where, const std::string& module) {
          ReductionRequest request;
          request.kind = ReductionKind::Ufunc;
          request.ufunc = find_ufunc(ufunc, ufunc_module(module));
          if (!request.ufunc) throw py::value_error("no ufunc named '" + ufunc + "' in " + module);
          request.name = ufunc;
          return run(request, a, axis, dtype, out, keepdims, initial, where, 0.0);
        },
        py::arg("ufunc"), py::arg("a"), py::arg("axis") = 0, py::arg("dtype") = py::none(),
        py::arg("out") = py::none(), py::arg("keepdims") = false, py::arg("initial") = py::none(),
        py::arg("where") = py::none(), py::arg("module") = "numpy");
  m.def("_bind_reduction_methods", [](py::handle ndarray_type) {
    for (const char* name : {"sum", "prod"}) bind_method(ndarray_type, name, name);
  });
  // ReductionKernel's call, after python/gpuarray/_user_kernels/reduction_kernel.py resolved the types.
  m.def("_run_user_reduction",
        [](const std::string& name, const std::vector<std::string>& in_names,
           const std::vector<std::string>& scalar_names, const std::string& out_name, const std::string& map_expr,
           const std::string& reduce_expr, const std::string& post_map_expr, const std::string& identity,
           const std::string& preamble, const std::string& typedefs, py::handle acc_dtype, const py::list& inputs,
           const py::list& scalars, py::handle axis, bool keepdims, py::handle out_dtype, py::handle out) {
          const UserReductionDef def{name, in_names, scalar_names, out_name, map_expr, reduce_expr,
                                     post_map_expr, identity, preamble};
          const ReductionOp& op = user_reduction_op(def, typedefs, to_dtype(acc_dtype));
          std::vector<NDArray> arrays;
          int nd = 0;
          for (py::handle a : inputs) {
            arrays.push_back(a.cast<const PyArray&>());
            nd = std::max(nd, arrays.back().ndim());
          }
          std::vector<ScalarArg> values;
          for (py::handle item : scalars) {
            auto pair = item.cast<py::tuple>();
            values.push_back(to_scalar_arg(pair[1], to_dtype(pair[0])));
          }
          const PyArray* given = out.is_none() ? nullptr : &out.cast<const PyArray&>();
          NDArray result = run_user_reduction(op, arrays, axes_of(axis, nd), keepdims, to_dtype(out_dtype), given,
                                              values);
          if (given) return py::reinterpret_borrow<py::object>(out);
          return new_array_object(PyArray(std::move(result)));
        });
  m.def("_reduction_result_dtype", [](const std::string& name, py::handle in_dtype) {
    return to_numpy_dtype(reduction_result_dtype(named_reduction(name), to_dtype(in_dtype)));
  });
  // The generated source of a reduction, without a device (CPU tests).
  m.def("_reduction_test_source",
        [](const std::string& name, py::handle in_dtype, int out_ndim, int red_ndim, bool inner, int vec,
           bool wide, py::handle initial, py::handle ufunc) {
          ReductionRequest request;
          if (!ufunc.is_none()) {
            request.kind = ReductionKind::Ufunc;
            request.ufunc = find_ufunc(ufunc.cast<std::string>());
            request.name = ufunc.cast<std::string>();
          } else {
            request = named_reduction(name);
          }
          if (!initial.is_none()) request.initial = initial_of(initial);
          return reduction_test_source(request, to_dtype(in_dtype), out_ndim, red_ndim,
                                       inner ? ReductionLayout::Inner : ReductionLayout::Outer, vec,
                                       wide ? IndexWidth::Int64 : IndexWidth::Int32);
        },
        py::arg("name"), py::arg("in_dtype"), py::arg("out_ndim") = 1, py::arg("red_ndim") = 1,
        py::arg("inner") = true, py::arg("vec") = 1, py::arg("wide") = false, py::arg("initial") = py::none(),
        py::arg("ufunc") = py::none());
}

}  // namespace gpuarray::bindings
