// SPDX-License-Identifier: BSD-3-Clause
// CuPy's ElementwiseKernel on the elementwise engine (Note [User elementwise
// kernels]): parameters typed by dtype or by a placeholder bound from the
// array arguments, raw arrays indexed by the user, scalars by value, and one
// ElementwiseOp per combination of parameter dtypes and argument kinds.
#pragma once
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/ndarray.hpp"
#include "kernels/elementwise_args.hpp"
#include "kernels/elementwise_kernel_key.hpp"
#include "kernels/op_cache.hpp"

namespace gpuarray {

// Note [User elementwise kernels]
// The user's parameters become engine operands and scalars, in parameter order:
//   - an array for a plain parameter: an operand (in<k> / out<k>), broadcast;
//   - an array for a `raw` parameter: two scalars, its address (uint64, a
//     C-contiguous copy where needed) and its element count (int64), seen by
//     the operation as `x[j]` (flat C-order index) and `x.size()`;
//   - a Python or NumPy scalar (inputs only): one scalar of the parameter's type;
//   - `_ind.size()`, when the kernel mentions `_ind`: one last int64 scalar.
// The expression first binds the engine's names to ga_-prefixed references,
// then, in an inner block, declares the user's names from those (so a user
// parameter may itself be called in0 or s0), runs loop_prep, the operation
// and after_loop. Placeholders become file-scope typedefs before the user's
// preamble, as CuPy places them. Outputs the caller passes are read before
// the operation (CuPy's outputs are references to memory, so `y += x` and
// conditional writes keep the old values); allocated outputs are not.

// A Python TypeError: wrong argument types, placeholders bound to two dtypes.
struct UserKernelTypeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// One `[raw] type name` parameter. `type` is a dtype, or a placeholder
// (CuPy's rule: a one-character type) bound by the arguments of a call.
struct UserParam {
  std::string name;
  std::optional<DType> dtype;  // nullopt: the placeholder `type`
  std::string type;            // as written
  bool raw = false;
};

struct UserKernelDef {
  std::vector<UserParam> in, out;
  std::string name;  // a C identifier: part of the kernel's name
  std::string operation, preamble, loop_prep, after_loop;
};

// How a call passes a parameter (see Note [User elementwise kernels]).
enum class UserArgKind : std::uint8_t { Array, Raw, Scalar };

// The op for a call whose parameters (inputs, then outputs) have `dtypes` and
// `kinds`; `outputs_given` makes it read its (non-raw) outputs. `uses_index`
// passes `i`; `uses_indexer` declares `_ind` from the last scalar.
ElementwiseOp user_elementwise_op(const UserKernelDef& def, const DType* dtypes, const UserArgKind* kinds,
                                  bool outputs_given, bool uses_index, bool uses_indexer);

// A call's input: an array, or a scalar already in the parameter's dtype.
struct UserInput {
  const NDArray* array = nullptr;
  ScalarArg scalar{};
};

class UserElementwiseKernel {
 public:
  explicit UserElementwiseKernel(UserKernelDef def);
  UserElementwiseKernel(const UserElementwiseKernel&) = delete;
  UserElementwiseKernel& operator=(const UserElementwiseKernel&) = delete;

  const UserKernelDef& def() const { return def_; }
  bool uses_index() const { return uses_index_; }
  bool uses_indexer() const { return uses_indexer_; }

  // The dtype of every parameter, inputs then outputs, as CuPy decides them:
  // given outputs bind first, then array inputs; a typed parameter must get
  // exactly its dtype. in_arrays[k] is input k's dtype (nullopt: a scalar,
  // which binds nothing); out_arrays the given outputs' dtypes or nullptr.
  // Throws UserKernelTypeError.
  std::vector<DType> resolve_types(const std::optional<DType>* in_arrays, const DType* out_arrays) const;

  // The op for a call, built once per combination of dtypes and kinds.
  const ElementwiseOp& op(const DType* dtypes, const UserArgKind* kinds, bool outputs_given);

  // Runs a call on the current stream and returns the outputs (the given
  // ones, or new C-contiguous arrays). `dtypes` from resolve_types; `outs`
  // null when the outputs are allocated; `size` CuPy's size=. Shape errors
  // throw std::invalid_argument with CuPy's messages.
  std::vector<NDArray> run(const UserInput* inputs, const NDArray* const* outs, std::optional<std::int64_t> size,
                           const DType* dtypes);

 private:
  UserKernelDef def_;
  bool uses_index_;
  bool uses_indexer_;
  OpCache<std::string, ElementwiseOp> ops_;  // by outputs given, then each parameter's dtype and kind
};

}  // namespace gpuarray
