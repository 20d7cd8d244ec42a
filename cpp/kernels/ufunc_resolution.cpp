// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/ufunc_resolution.hpp"

#include <algorithm>

namespace gpuarray {
namespace {

bool is_integer_or_bool(DType dt) {
  const DTypeKind k = dtype_info(dt).kind;
  return k == DTypeKind::Bool || k == DTypeKind::SignedInt || k == DTypeKind::UnsignedInt;
}

// NumPy's rule for a Python scalar against a loop type: int goes to any
// number type, float to float and complex, complex to complex.
bool weak_fits(ScalarKind kind, DType to) {
  switch (dtype_info(to).kind) {
    case DTypeKind::Complex: return true;
    case DTypeKind::Float: return kind != ScalarKind::Complex;
    case DTypeKind::SignedInt:
    case DTypeKind::UnsignedInt: return kind == ScalarKind::Int;
    case DTypeKind::Bool: break;
  }
  return false;
}

// Weak scalars replaced by the result_type of the strong inputs and themselves.
void strengthen(const PromotionOperand* in, int n, DType* out) {
  PromotionOperand ops[kMaxUfuncInputs + 1];
  int strong = 0;
  for (int i = 0; i < n; ++i)
    if (in[i].weak == ScalarKind::None) ops[strong++] = in[i];
  for (int i = 0; i < n; ++i) {
    if (in[i].weak == ScalarKind::None) {
      out[i] = in[i].dtype;
      continue;
    }
    ops[strong] = in[i];
    out[i] = result_type(ops, strong + 1);
  }
}

bool uses_bfloat16(const UfuncLoop& loop, int nin) {
  for (int i = 0; i < nin; ++i)
    if (loop.in[i] == DType::BFloat16) return true;
  return false;
}

// The first loop `fits` accepts, in table order, except that with a bfloat16
// input the bfloat16 loops come first (Note [bfloat16] in core/dtype.hpp).
template <typename Fits>
int first_loop(const UfuncDef& def, bool bfloat16_input, Fits fits) {
  const int n = static_cast<int>(def.loops.size());
  if (bfloat16_input)
    for (int l = 0; l < n; ++l)
      if (uses_bfloat16(def.loops[l], def.nin) && fits(def.loops[l])) return l;
  for (int l = 0; l < n; ++l)
    if (fits(def.loops[l])) return l;
  return -1;
}

bool any_bfloat16(const DType* types, int n) {
  for (int i = 0; i < n; ++i)
    if (types[i] == DType::BFloat16) return true;
  return false;
}

int first_safe_loop(const UfuncDef& def, const DType* types) {
  return first_loop(def, any_bfloat16(types, def.nin), [&](const UfuncLoop& loop) {
    for (int i = 0; i < def.nin; ++i)
      if (!can_cast(types[i], loop.in[i], Casting::Safe)) return false;
    return true;
  });
}

// NumPy 2's legacy linear search (its resolver for ufuncs of loop lists, such
// as SciPy's): a weak scalar casts by its kind (a Python int to any number
// type, a float to any inexact one) when the arrays' highest kind (bool <
// integer < inexact) is at least the scalar's, else as its kind's default
// dtype (int64, float64, complex128); arrays cast safely; the first loop, in
// the table's order, that every input fits.
int legacy_linear_loop(const UfuncDef& def, const PromotionOperand* inputs) {
  const auto rank = [](DTypeKind k) {
    return k == DTypeKind::Bool ? 0 : (k == DTypeKind::SignedInt || k == DTypeKind::UnsignedInt) ? 1 : 2;
  };
  int array_rank = -1, scalar_rank = -1;
  DType types[kMaxUfuncInputs];
  bool bfloat16_input = false;
  for (int i = 0; i < def.nin; ++i) {
    switch (inputs[i].weak) {
      case ScalarKind::None:
        types[i] = inputs[i].dtype;
        array_rank = std::max(array_rank, rank(dtype_info(types[i]).kind));
        bfloat16_input |= types[i] == DType::BFloat16;
        continue;
      case ScalarKind::Int: types[i] = DType::Int64; break;
      case ScalarKind::Float: types[i] = DType::Float64; break;
      case ScalarKind::Complex: types[i] = DType::Complex128; break;
    }
    scalar_rank = std::max(scalar_rank, inputs[i].weak == ScalarKind::Int ? 1 : 2);
  }
  const bool by_kind = array_rank >= scalar_rank;  // false when every input is a Python scalar
  return first_loop(def, bfloat16_input, [&](const UfuncLoop& loop) {
    for (int i = 0; i < def.nin; ++i) {
      const bool fits = inputs[i].weak != ScalarKind::None && by_kind ? weak_fits(inputs[i].weak, loop.in[i])
                                                                     : can_cast(types[i], loop.in[i], Casting::Safe);
      if (!fits) return false;
    }
    return true;
  });
}

int exact_loop(const UfuncDef& def, DType dt) {
  for (int l = 0; l < static_cast<int>(def.loops.size()); ++l) {
    bool same = true;
    for (int i = 0; same && i < def.nin; ++i) same = def.loops[l].in[i] == dt;
    if (same) return l;
  }
  return -1;
}

}  // namespace

int resolve_ufunc_loop(const UfuncDef& def, const PromotionOperand* inputs) {
  DType types[kMaxUfuncInputs];
  switch (def.resolver) {
    case UfuncResolver::Uniform:
      return exact_loop(def, result_type(inputs, def.nin));
    case UfuncResolver::Logical: {
      bool uniform = true;
      for (int i = 0; uniform && i < def.nin; ++i)
        uniform = inputs[i].weak == ScalarKind::None && inputs[i].dtype == inputs[0].dtype;
      const int same = uniform ? exact_loop(def, inputs[0].dtype) : -1;
      return same >= 0 ? same : exact_loop(def, DType::Bool);
    }
    case UfuncResolver::TrueDivide: {
      strengthen(inputs, def.nin, types);
      bool integral = true;
      for (int i = 0; integral && i < def.nin; ++i) integral = is_integer_or_bool(types[i]);
      return integral ? exact_loop(def, DType::Float64) : first_safe_loop(def, types);
    }
    case UfuncResolver::ExactOrLinear: {
      bool strong = true;
      for (int i = 0; strong && i < def.nin; ++i) strong = inputs[i].weak == ScalarKind::None;
      for (int l = 0; strong && l < static_cast<int>(def.loops.size()); ++l) {
        bool same = true;
        for (int i = 0; same && i < def.nin; ++i) same = def.loops[l].in[i] == inputs[i].dtype;
        if (same) return l;
      }
      return legacy_linear_loop(def, inputs);
    }
    case UfuncResolver::LinearWeakKind: {
      bool bfloat16_input = false;
      for (int i = 0; i < def.nin; ++i)
        bfloat16_input |= inputs[i].weak == ScalarKind::None && inputs[i].dtype == DType::BFloat16;
      return first_loop(def, bfloat16_input, [&](const UfuncLoop& loop) {
        for (int i = 0; i < def.nin; ++i) {
          const bool fits = inputs[i].weak == ScalarKind::None ? can_cast(inputs[i].dtype, loop.in[i], Casting::Safe)
                                                                : weak_fits(inputs[i].weak, loop.in[i]);
          if (!fits) return false;
        }
        return true;
      });
    }
    case UfuncResolver::Linear:
      break;
  }
  strengthen(inputs, def.nin, types);
  return first_safe_loop(def, types);
}

}  // namespace gpuarray
