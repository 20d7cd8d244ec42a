// SPDX-License-Identifier: BSD-3-Clause
// Private hooks into the elementwise engine for the Python tests that need no
// GPU but NumPy or a host compiler to check against: the iteration plan,
// kernel sources and parameters, cast ops, NVRTC. What needs neither is
// tested in C++ (tests/engine/cpp, Note [C++ unit tests] in CMakeLists.txt).
#include <pybind11/stl.h>

#include <algorithm>
#include <string>
#include <vector>

#include "bindings/bindings.hpp"
#include "bindings/convert.hpp"
#include "kernels/cast_expressions.hpp"
#include "kernels/elementwise_args.hpp"
#include "kernels/elementwise_codegen.hpp"
#include "kernels/iteration_plan.hpp"
#include "kernels/nvrtc_check.hpp"

namespace gpuarray::bindings {
namespace {

const char* kind_name(PlanKind k) {
  switch (k) {
    case PlanKind::Empty: return "empty";
    case PlanKind::Contiguous: return "contiguous";
    case PlanKind::Strided: return "strided";
    case PlanKind::Tiled: return "tiled";
  }
  return "";
}

// Operands as (shape, strides, dtype, address, is_output) tuples; `storage`
// owns the shapes and strides the descriptors point at.
struct Operands {
  std::vector<Shape> storage;
  std::vector<OperandDesc> descs;
};

Operands to_operands(const py::sequence& items) {
  Operands ops;
  ops.storage.reserve(2 * items.size());
  for (auto item : items) {
    auto t = item.cast<py::tuple>();
    ops.storage.push_back(to_shape(t[0]));
    ops.storage.push_back(to_shape(t[1]));
    const Shape& shape = ops.storage[ops.storage.size() - 2];
    const Shape& strides = ops.storage.back();
    if (shape.size() != strides.size()) throw py::value_error("shape and strides differ in length");
    ops.descs.push_back({shape.data(), strides.data(), static_cast<int>(shape.size()), to_dtype(t[2]),
                         t[3].cast<std::uintptr_t>(), t[4].cast<bool>()});
  }
  return ops;
}

IterationPlan make_plan(const Operands& ops, IterationOrder order = IterationOrder::Any) {
  return IterationPlan(ops.descs.data(), static_cast<int>(ops.descs.size()), order);
}

py::dict plan_dict(const IterationPlan& plan, int sm_count) {
  py::dict d;
  d["kind"] = kind_name(plan.kind());
  d["numel"] = plan.numel();
  d["result_shape"] = [&] {
    std::vector<std::int64_t> s;
    for (int i = 0; i < plan.result_ndim(); ++i) s.push_back(plan.result_shape(i));
    return to_tuple(s);
  }();
  const LaunchConfig cfg = plan.launch_config(sm_count);
  d["grid"] = cfg.grid;
  d["block"] = cfg.block;
  if (plan.kind() == PlanKind::Empty) return d;
  std::vector<std::int64_t> sizes;
  for (int i = 0; i < plan.ndim(); ++i) sizes.push_back(plan.size(i));
  py::list strides, data, broadcast, staged;
  for (int op = 0; op < plan.num_operands(); ++op) {
    std::vector<std::int64_t> s;
    for (int i = 0; i < plan.ndim(); ++i) s.push_back(plan.stride(op, i));
    strides.append(to_tuple(s));
    data.append(plan.data(op));
    broadcast.append(plan.is_broadcast(op));
    staged.append(plan.is_staged(op));
  }
  d["ndim"] = plan.ndim();
  d["sizes"] = to_tuple(sizes);
  d["strides"] = strides;
  d["data"] = data;
  d["broadcast"] = broadcast;
  d["staged"] = staged;
  d["index_width"] = static_cast<int>(plan.index_width());
  d["vector_width"] = plan.vector_width();
  return d;
}

py::dict kernel_dict(const py::sequence& operands, const std::string& name, const std::string& expression,
                     const std::string& preamble, const py::sequence& scalars, int sm_count, bool reads_outputs,
                     bool uses_index) {
  const Operands ops = to_operands(operands);
  const IterationPlan plan = make_plan(ops, uses_index ? IterationOrder::C : IterationOrder::Any);
  std::vector<ScalarArg> args;
  std::vector<DType> dtypes;
  for (auto item : scalars) {
    auto t = item.cast<py::tuple>();
    ScalarArg a{to_dtype(t[0]), {}};
    const std::string bytes = t[1].cast<std::string>();
    if (bytes.size() != static_cast<std::size_t>(itemsize(a.dtype)))
      throw py::value_error("a scalar of dtype " + std::string(dtype_name(a.dtype)) + " takes " +
                            std::to_string(itemsize(a.dtype)) + " bytes, got " + std::to_string(bytes.size()));
    std::copy(bytes.begin(), bytes.end(), a.bytes);
    args.push_back(a);
    dtypes.push_back(a.dtype);
  }
  const ElementwiseOp op = ElementwiseOp::make(name, expression, preamble, reads_outputs, uses_index);
  py::dict d = plan_dict(plan, sm_count);
  if (plan.kind() == PlanKind::Empty) return d;
  const ElementwiseKernelKey key = make_kernel_key(op, plan, dtypes.data(), static_cast<int>(dtypes.size()));
  const ElementwiseArgs kernel_args(plan, args.data(), static_cast<int>(args.size()));
  py::list params;
  for (int i = 0; i < kernel_args.num_params(); ++i)
    params.append(py::bytes(static_cast<const char*>(kernel_args.param(i)), kernel_args.param_size(i)));
  d["op_hash"] = op.hash;
  d["key_hash"] = key.hash();
  d["kernel_name"] = elementwise_kernel_name(op, key);
  d["source"] = elementwise_kernel_source(op, key);
  d["params"] = params;
  return d;
}

py::tuple op_tuple(const ElementwiseOp& op) { return py::make_tuple(op.name, op.expression, op.hash); }

}  // namespace

void bind_kernels(py::module_& m) {
  m.def("_make_iteration_plan",
        [](const py::sequence& operands, int sm_count) { return plan_dict(make_plan(to_operands(operands)), sm_count); },
        py::arg("operands"), py::arg("sm_count") = 132);
  m.def("_elementwise_kernel", &kernel_dict, py::arg("operands"), py::arg("name"), py::arg("expression"),
        py::arg("preamble") = "", py::arg("scalars") = py::list(), py::arg("sm_count") = 132,
        py::arg("reads_outputs") = false, py::arg("uses_index") = false);
  // The kernel parameter bytes a Python or NumPy scalar becomes for dtype `dt`.
  m.def("_scalar_arg_bytes", [](py::handle value, py::handle dt) {
    const ScalarArg arg = to_scalar_arg(value, to_dtype(dt));
    return py::bytes(reinterpret_cast<const char*>(arg.bytes), static_cast<std::size_t>(itemsize(arg.dtype)));
  });
  m.def("_cast_op", [](py::handle src, py::handle dst) { return op_tuple(cast_op(to_dtype(src), to_dtype(dst))); });
  m.def("_fill_op", [](py::handle dst) { return op_tuple(fill_op(to_dtype(dst))); });
  m.def("_nvrtc_compile_check",
        [](const std::string& source, const std::string& filename, const std::vector<std::string>& options) {
          NvrtcCheckResult r;
          {
            py::gil_scoped_release release;
            r = nvrtc_compile_check(source, filename, options);
          }
          py::dict d;
          d["ok"] = r.ok;
          d["log"] = r.log;
          d["ptx"] = r.ptx;
          d["milliseconds"] = r.milliseconds;
          return d;
        });
}

}  // namespace gpuarray::bindings
