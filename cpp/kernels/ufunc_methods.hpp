// SPDX-License-Identifier: BSD-3-Clause
// The kernels of ufunc.at and ufunc.reduceat: a ufunc loop's body (the ufunc
// table's expression, cast as ufunc_op.hpp casts) as a functor, around the
// templates of gpuarray/ufunc_methods.cuh. Python (_methods/ufunc_methods.py) reads
// the indices, chooses the loop and the grid, and launches the Function.
#pragma once
#include <memory>
#include <optional>

#include "core/dtype.hpp"
#include "jit/kernel_function.hpp"
#include "kernels/device_templates.hpp"
#include "kernels/ufunc_table.hpp"

namespace gpuarray {

struct UfuncAtSource {
  DeviceTemplateSource glue;
  bool native = false;  // a hardware atomic, not a compare-and-swap loop
};

// `def`.at on an array of `target` through loop `loop_index`, whose second
// input `value` the values already have (nullopt for a unary ufunc).
UfuncAtSource ufunc_at_source(const UfuncDef& def, int loop_index, DType target, std::optional<DType> value);

// `def`.reduceat through its homogeneous loop `loop_index`.
DeviceTemplateSource ufunc_reduceat_source(const UfuncDef& def, int loop_index);

// The kernels of those sources on the current device, compiled on first use.
struct UfuncAtKernel {
  std::shared_ptr<jit::KernelFunction> function;
  bool native = false;
};
UfuncAtKernel ufunc_at_kernel(const UfuncDef& def, int loop_index, DType target, std::optional<DType> value);
std::shared_ptr<jit::KernelFunction> ufunc_reduceat_kernel(const UfuncDef& def, int loop_index);

// Their compile options: no contractions, so loop bodies round as NumPy's.
const std::vector<std::string>& ufunc_method_options();

}  // namespace gpuarray
