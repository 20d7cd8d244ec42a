// SPDX-License-Identifier: BSD-3-Clause
// Scans and compaction: cumulative sums/products, ufunc.accumulate, nonzero,
// gathers and where(). Glue only; the Python surface is _math/scans.py and
// _sorting_searching/searching.py.
#include <pybind11/stl.h>

#include <optional>

#include "bindings/bindings.hpp"
#include "bindings/convert.hpp"
#include "bindings/py_array.hpp"
#include "bindings/ufunc_call.hpp"
#include "kernels/accumulate.hpp"
#include "kernels/compaction.hpp"
#include "kernels/scan.hpp"

namespace gpuarray::bindings {
namespace {

std::optional<DType> optional_dtype(py::handle dtype) {
  if (dtype.is_none()) return std::nullopt;
  return to_dtype(dtype);
}

const PyArray* optional_array(py::handle obj) {
  if (obj.is_none()) return nullptr;
  if (!py::isinstance<PyArray>(obj)) throw py::type_error("out must be a gpuarray.ndarray");
  return &obj.cast<const PyArray&>();
}

// The given out object itself when there is one (its base and identity
// stay), else the new array.
py::object wrap_result(NDArray result, py::handle out) {
  if (!out.is_none()) return py::reinterpret_borrow<py::object>(out);
  return new_array_object(PyArray(std::move(result)));
}

ScanOp scan_op_named(const std::string& name) {
  if (name == "sum") return ScanOp::Sum;
  if (name == "prod") return ScanOp::Product;
  throw py::value_error("scan op must be 'sum' or 'prod', got '" + name + "'");
}

SelectOperand select_operand(py::handle obj, DType dt) {
  if (py::isinstance<PyArray>(obj)) return {&obj.cast<const PyArray&>(), {}};
  return {nullptr, to_scalar_arg(obj, dt)};
}

}  // namespace

void bind_scans(py::module_& m) {
  m.def("_cumulative",
        [](const PyArray& a, int axis, const std::string& op, py::handle dtype, py::handle out, bool nan) {
          const DType dt = dtype.is_none() ? cumulative_default_dtype(a.dtype) : to_dtype(dtype);
          return wrap_result(cumulative_scan(a, axis, scan_op_named(op), dt, nan, optional_array(out)), out);
        },
        py::arg("a"), py::arg("axis"), py::arg("op"), py::arg("dtype") = py::none(), py::arg("out") = py::none(),
        py::arg("nan") = false);
  m.def("_cumulative_dtype", [](py::handle dt) { return to_numpy_dtype(cumulative_default_dtype(to_dtype(dt))); });
  m.def("_scan_work_dtype", [](py::handle dt) { return to_numpy_dtype(scan_work_dtype(to_dtype(dt))); });
  // (name, expression, preamble) of the op loading the scan's work buffer.
  m.def("_scan_load_op", [](py::handle src, py::handle dtype, bool nan, const std::string& op) {
    const DType dt = to_dtype(dtype);
    const ElementwiseOp o = scan_load_op(to_dtype(src), dt, scan_work_dtype(dt), nan, scan_op_named(op));
    return py::make_tuple(o.name, o.expression, o.preamble);
  });

  m.def("_accumulate",
        [](const std::string& name, const PyArray& a, int axis, py::handle dtype, py::handle out,
           const std::string& module) {
          return wrap_result(
              accumulate(ufunc_named(name, module), a, axis, optional_dtype(dtype), optional_array(out)), out);
        },
        py::arg("name"), py::arg("a"), py::arg("axis"), py::arg("dtype") = py::none(), py::arg("out") = py::none(),
        py::arg("module") = "numpy");
  // The loop accumulate runs for an input dtype, as NumPy's 'xx->x' spelling.
  m.def("_accumulate_loop", [](const std::string& name, py::handle in, py::handle dtype, const std::string& module) {
    const UfuncDef& def = ufunc_named(name, module);
    return def.loops[resolve_accumulate_loop(def, to_dtype(in), optional_dtype(dtype))].signature(2, 1);
  }, py::arg("name"), py::arg("in_dtype"), py::arg("dtype") = py::none(), py::arg("module") = "numpy");
  // (kernel name, source) of the sequential accumulate for that input dtype.
  m.def("_accumulate_kernel", [](const std::string& name, py::handle in) {
    const UfuncDef& def = ufunc_named(name);
    const int loop = resolve_accumulate_loop(def, to_dtype(in), std::nullopt);
    return py::make_tuple(accumulate_kernel_name(def, loop), accumulate_kernel_source(def, loop));
  });

  m.def("_flat_nonzero", [](const PyArray& a) { return PyArray(flat_nonzero(a)); });
  m.def("_argwhere", [](const PyArray& a) { return PyArray(argwhere(a)); });
  m.def("_take_flat", [](const PyArray& src, const PyArray& indices) { return PyArray(take_flat(src, indices)); });
  m.def("_where", [](const PyArray& cond, py::handle x, py::handle y, const PyArray& out) {
    where_select(cond, select_operand(x, out.dtype), select_operand(y, out.dtype), out);
  });
  m.def("_where_op", [](py::handle cond, py::handle x, bool x_scalar, py::handle y, bool y_scalar, py::handle out) {
    const ElementwiseOp o = where_op(to_dtype(cond), to_dtype(x), x_scalar, to_dtype(y), y_scalar, to_dtype(out));
    return py::make_tuple(o.name, o.expression, o.preamble);
  });
  m.def("_unravel_op", [] {
    const ElementwiseOp& o = unravel_op();
    return py::make_tuple(o.name, o.expression, o.preamble);
  });
}

}  // namespace gpuarray::bindings
