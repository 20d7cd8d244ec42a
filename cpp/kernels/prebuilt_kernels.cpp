// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/prebuilt_kernels.hpp"

#include <cstdint>
#include <string>
#include <unordered_set>
#include <vector>

#include "kernels/cast_expressions.hpp"
#include "kernels/elementwise_launcher.hpp"
#include "kernels/reduction_call.hpp"
#include "kernels/sequence_fill.hpp"
#include "kernels/ufunc_call.hpp"

namespace gpuarray {
namespace {

// A pool allocation's alignment: the widest vector access a kernel can take.
constexpr std::uintptr_t kOperandAlignment = 256;
constexpr std::int64_t kElements = 1 << 12;

// The request run_elementwise makes for `op` over contiguous, aligned arrays
// of `array_dtypes` (inputs, then `nout` outputs) and by-value scalars of
// `scalar_dtypes`.
void add_request(const ElementwiseOp& op, const std::vector<DType>& array_dtypes, int nout,
                 const std::vector<DType>& scalar_dtypes, std::vector<jit::CompileRequest>& out) {
  const int n = static_cast<int>(array_dtypes.size());
  const std::int64_t shape[1] = {kElements};
  std::vector<std::int64_t> strides(n);
  std::vector<OperandDesc> descs(n);
  for (int k = 0; k < n; ++k) {
    strides[k] = itemsize(array_dtypes[k]);
    descs[k] = {shape, &strides[k], 1, array_dtypes[k], (k + 1) * kOperandAlignment << 20, k >= n - nout};
  }
  const IterationPlan iteration = elementwise_plan(op, descs.data(), n);
  out.push_back(elementwise_compile_request(
      op, make_kernel_key(op, iteration, scalar_dtypes.data(), static_cast<int>(scalar_dtypes.size()))));
}

// The request of ufunc `def` on `inputs` (strong operands are arrays, weak
// ones Python scalars), or nothing when no loop takes them.
void add_ufunc_request(const UfuncDef& def, const UfuncOperand* inputs, std::vector<jit::CompileRequest>& out) {
  UfuncPlan plan;
  try {
    plan = plan_ufunc(def, inputs, UfuncOptions{});
  } catch (const UfuncTypeError&) {
    return;
  }
  const UfuncLoop& loop = def.loops[plan.loop];
  UfuncInput sources[kMaxUfuncInputs];
  std::vector<DType> arrays, scalars;
  for (int i = 0; i < def.nin; ++i) {
    const bool scalar = inputs[i].weak != ScalarKind::None;
    sources[i] = {scalar, scalar ? plan.scalar_dtypes[i] : inputs[i].dtype};
    (scalar ? scalars : arrays).push_back(sources[i].dtype);
  }
  for (int k = 0; k < def.nout; ++k) arrays.push_back(loop.out[k]);
  add_request(ufunc_call_op(plan, sources, loop.out.data(), false), arrays, def.nout, scalars, out);
}

// The reductions a script most likely makes first: each name over its usual
// dtypes, of a whole array and along either axis of a matrix, for lengths
// that vectorise (multiples of 4) and ones that do not.
void add_reduction_requests(std::vector<jit::CompileRequest>& out) {
  using D = DType;
  struct Row {
    const char* name;
    std::vector<DType> dtypes;
  };
  const std::vector<D> numbers = {D::Int32, D::Int64, D::Float32, D::Float64};
  const Row rows[] = {
      {"sum", {D::Bool, D::Int32, D::Int64, D::Float32, D::Float64}},
      {"prod", {D::Int32, D::Int64, D::Float32, D::Float64}},
      {"max", numbers}, {"min", numbers}, {"argmax", numbers}, {"argmin", numbers},
      {"mean", {D::Int64, D::Float32, D::Float64}},
      {"any", {D::Bool, D::Float64}}, {"all", {D::Bool, D::Float64}},
  };
  struct Layout {
    Shape shape;
    std::vector<bool> axes;
  };
  const Layout layouts[] = {
      {{1 << 20}, {true}},           {{(1 << 20) + 1}, {true}},
      {{1024, 1024}, {true, false}}, {{1024, 1024}, {false, true}},
      {{1001, 999}, {true, false}},  {{1001, 999}, {false, true}},
  };
  // Layouts that plan alike (a matrix whose rows do not vectorise, say) give
  // one kernel: each is requested once.
  std::unordered_set<std::string> seen;
  for (const Row& row : rows) {
    for (DType dtype : row.dtypes) {
      for (const Layout& layout : layouts) {
        ReductionRequest r = named_reduction(row.name);
        r.axes = layout.axes;
        for (jit::CompileRequest& request : reduction_compile_requests(r, dtype, layout.shape))
          if (seen.insert(request.name).second) out.push_back(std::move(request));
      }
    }
  }
}

}  // namespace

std::vector<jit::CompileRequest> prebuilt_kernel_requests() {
  std::vector<jit::CompileRequest> requests;
  for (const UfuncDef& def : all_ufuncs()) {
    if (def.nout != 1) continue;
    if (def.module != UfuncModule::NumPy) continue;  // scipy.special's compile at first use
    if (def.nin == 1) {
      for (DType dtype : {DType::Float32, DType::Float64}) {
        const UfuncOperand array{nullptr, dtype, ScalarKind::None};
        add_ufunc_request(def, &array, requests);
      }
    } else if (def.nin == 2) {
      for (DType dtype : {DType::Float32, DType::Float64, DType::Int64}) {
        const UfuncOperand array{nullptr, dtype, ScalarKind::None};
        const UfuncOperand scalar = dtype == DType::Int64
                                        ? UfuncOperand{nullptr, DType::Int64, ScalarKind::Int, PythonInt{}}
                                        : UfuncOperand{nullptr, DType::Float64, ScalarKind::Float};
        const UfuncOperand forms[3][2] = {{array, array}, {array, scalar}, {scalar, array}};
        for (const auto& inputs : forms) add_ufunc_request(def, inputs, requests);
      }
    }
  }
  // ones/full/fill of every dtype, arange of the usual ones, and astype
  // between the dtypes scripts mostly use.
  for (int d = 0; d < kNumDTypes; ++d) {
    const DType dtype = static_cast<DType>(d);
    add_request(fill_op(dtype), {dtype}, 1, {dtype}, requests);
  }
  for (DType dtype : {DType::Int32, DType::Int64, DType::Float32, DType::Float64})
    add_request(arange_op(dtype), {dtype}, 1, {dtype, dtype}, requests);
  const DType common[] = {DType::Bool,    DType::Int32,     DType::Int64,     DType::Float32,
                          DType::Float64, DType::Complex64, DType::Complex128};
  for (DType from : common)
    for (DType to : common)
      if (from != to) add_request(cast_op(from, to), {from, to}, 1, {}, requests);
  add_reduction_requests(requests);
  return requests;
}

}  // namespace gpuarray
