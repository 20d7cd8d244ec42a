// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/prebuilt_kernels.hpp"

#include <cstdint>

#include "kernels/elementwise_launcher.hpp"
#include "kernels/ufunc_call.hpp"

namespace gpuarray {
namespace {

// A pool allocation's alignment: the widest vector access a kernel can take.
constexpr std::uintptr_t kOperandAlignment = 256;
constexpr std::int64_t kElements = 1 << 12;

// The request of `def` on `inputs` (arrays when `array` is null-free, weak
// scalars otherwise), or nothing when no loop takes them.
void add_request(const UfuncDef& def, const UfuncOperand* inputs, std::vector<jit::CompileRequest>& out) {
  UfuncPlan plan;
  try {
    plan = plan_ufunc(def, inputs, UfuncOptions{});
  } catch (const UfuncTypeError&) {
    return;
  }
  const UfuncLoop& loop = def.loops[plan.loop];
  UfuncInput sources[kMaxUfuncInputs];
  for (int i = 0; i < def.nin; ++i)
    sources[i] = inputs[i].weak != ScalarKind::None ? UfuncInput{true, plan.scalar_dtypes[i]}
                                                    : UfuncInput{false, inputs[i].dtype};
  const ElementwiseOp& op = ufunc_call_op(plan, sources, loop.out.data(), false);

  const std::int64_t shape[1] = {kElements};
  std::int64_t strides[kMaxUfuncInputs + kMaxUfuncOutputs][1];
  OperandDesc descs[kMaxUfuncInputs + kMaxUfuncOutputs];
  DType scalar_dtypes[kMaxUfuncInputs];
  int n = 0, nscalars = 0;
  auto add_operand = [&](DType dtype, bool is_output) {
    strides[n][0] = itemsize(dtype);
    descs[n] = {shape, strides[n], 1, dtype, (n + 1) * kOperandAlignment << 20, is_output};
    ++n;
  };
  for (int i = 0; i < def.nin; ++i) {
    if (sources[i].scalar) scalar_dtypes[nscalars++] = sources[i].dtype;
    else add_operand(sources[i].dtype, false);
  }
  for (int k = 0; k < def.nout; ++k) add_operand(loop.out[k], true);
  const IterationPlan iteration = elementwise_plan(op, descs, n);
  out.push_back(elementwise_compile_request(op, make_kernel_key(op, iteration, scalar_dtypes, nscalars)));
}

}  // namespace

std::vector<jit::CompileRequest> prebuilt_kernel_requests() {
  std::vector<jit::CompileRequest> requests;
  for (const UfuncDef& def : all_ufuncs()) {
    if (def.nout != 1) continue;
    if (def.nin == 1) {
      for (DType dtype : {DType::Float32, DType::Float64}) {
        const UfuncOperand array{nullptr, dtype, ScalarKind::None};
        add_request(def, &array, requests);
      }
    } else if (def.nin == 2) {
      for (DType dtype : {DType::Float32, DType::Float64, DType::Int64}) {
        const UfuncOperand array{nullptr, dtype, ScalarKind::None};
        const UfuncOperand scalar = dtype == DType::Int64
                                        ? UfuncOperand{nullptr, DType::Int64, ScalarKind::Int, PythonInt{}}
                                        : UfuncOperand{nullptr, DType::Float64, ScalarKind::Float};
        const UfuncOperand forms[3][2] = {{array, array}, {array, scalar}, {scalar, array}};
        for (const auto& inputs : forms) add_request(def, inputs, requests);
      }
    }
  }
  return requests;
}

}  // namespace gpuarray
