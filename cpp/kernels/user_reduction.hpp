// SPDX-License-Identifier: BSD-3-Clause
// CuPy's ReductionKernel on the reduction engine: the user's map, reduce and
// post-map expressions become a ReductionOp (see reduction_op.hpp); inputs
// broadcast together and are reduced over the chosen axes of their shape.
#pragma once
#include <string>
#include <vector>

#include "core/ndarray.hpp"
#include "kernels/elementwise_args.hpp"
#include "kernels/reduction_op.hpp"

namespace gpuarray {

struct UserReductionDef {
  std::string name;                      // the kernel's name (letters, digits, '_')
  std::vector<std::string> in_names;     // array parameters, in order
  std::vector<std::string> scalar_names;  // scalar parameters, in order
  std::string out_name;
  std::string map_expr, reduce_expr, post_map_expr, identity, preamble;
};

// The op for one set of dtypes: `typedefs` (the placeholders' type lines) go
// before the user's preamble; `acc` is the reduce type. Cached by content.
const ReductionOp& user_reduction_op(const UserReductionDef& def, const std::string& typedefs, DType acc);

// Reduces the broadcast inputs over `axes` (a mask over the broadcast
// shape's axes) into `*out` (given, in the result shape) or a new array of
// `out_dtype`. Returns the output.
NDArray run_user_reduction(const ReductionOp& op, const std::vector<NDArray>& inputs, const std::vector<bool>& axes,
                           bool keepdims, DType out_dtype, const NDArray* out, const std::vector<ScalarArg>& scalars);

}  // namespace gpuarray
