// SPDX-License-Identifier: BSD-3-Clause
// A ufunc call: NumPy's loop for the inputs (ufunc_resolution), the op for
// that loop and those operand dtypes (ufunc_op, built once per combination),
// outputs allocated or checked (out=, casting=), a mask (where=), and one
// elementwise launch. Scalars ride as by-value kernel parameters.
#pragma once
#include <array>
#include <optional>
#include <stdexcept>
#include <vector>

#include "core/ndarray.hpp"
#include "core/promotion.hpp"
#include "kernels/elementwise_args.hpp"
#include "kernels/ufunc_op.hpp"
#include "kernels/ufunc_table.hpp"

namespace gpuarray {

// NumPy's UFuncTypeError (a TypeError): no loop for the inputs, or a cast
// that `casting` forbids. Bindings raise TypeError for it.
struct UfuncTypeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// One input: an array, or a scalar (a NumPy scalar of `dtype`, or a Python
// int/float/complex, weak, of kind `weak`).
struct UfuncOperand {
  const NDArray* array = nullptr;
  DType dtype = DType::Float64;
  ScalarKind weak = ScalarKind::None;
  PythonInt value;  // a weak int's value (comparisons need it)
};

struct UfuncOptions {
  std::optional<DType> dtype;        // dtype=: the loop's output type
  Casting casting = Casting::SameKind;
  const NDArray* where = nullptr;    // a bool mask; nullptr writes everywhere
};

// What a call runs: the loop, and the dtype each scalar input must be given
// in (the loop's type for a weak scalar, its own for a NumPy scalar).
struct UfuncPlan {
  const UfuncDef* def = nullptr;
  int loop = -1;
  DType scalar_dtypes[kMaxUfuncInputs] = {};
};

// Throws UfuncTypeError with NumPy's message when no loop fits.
UfuncPlan plan_ufunc(const UfuncDef& def, const UfuncOperand* inputs, const UfuncOptions& options);

// The op run_ufunc launches for `plan`: input i is a by-value scalar of
// sources[i].dtype (plan.scalar_dtypes[i]) or an array of that dtype,
// outputs are of out_dtypes, and `masked` adds where='s mask. Built once
// per combination.
const ElementwiseOp& ufunc_call_op(const UfuncPlan& plan, const UfuncInput* sources, const DType* out_dtypes,
                                   bool masked);

// The outputs of one call, def.nout of them (a fixed array: no heap).
using UfuncResults = std::array<NDArray, kMaxUfuncOutputs>;

// Runs `plan`. scalars[i] is input i's value when input i is a scalar (in
// plan.scalar_dtypes[i]). outs[k] is a given output or nullptr (allocated,
// laid out like the first input of the result's shape). Returns the outputs.
UfuncResults run_ufunc(const UfuncPlan& plan, const UfuncOperand* inputs, const ScalarArg* scalars,
                       const NDArray* const* outs, const UfuncOptions& options);

}  // namespace gpuarray
