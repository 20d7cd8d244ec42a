// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/ufunc_call.hpp"

#include <functional>
#include <string>

#include "kernels/array_copy.hpp"
#include "kernels/elementwise_launcher.hpp"
#include "kernels/op_cache.hpp"
#include "kernels/recent_cache.hpp"
#include "kernels/ufunc_op.hpp"
#include "kernels/ufunc_resolution.hpp"

namespace gpuarray {
namespace {

std::string numpy_dtype_repr(DType dt) { return std::string("dtype('") + dtype_name(dt) + "')"; }

const char* casting_name(Casting c) {
  switch (c) {
    case Casting::No: return "no";
    case Casting::Equiv: return "equiv";
    case Casting::Safe: return "safe";
    case Casting::SameKind: return "same_kind";
    case Casting::Unsafe: break;
  }
  return "unsafe";
}

const char* weak_name(ScalarKind k) {
  switch (k) {
    case ScalarKind::Int: return "int";
    case ScalarKind::Float: return "float";
    case ScalarKind::Complex: return "complex";
    case ScalarKind::None: break;
  }
  return "";
}

[[noreturn]] void throw_no_loop(const UfuncDef& def, const UfuncOperand* inputs) {
  std::string types;
  for (int i = 0; i < def.nin; ++i) {
    if (i) types += ", ";
    types += inputs[i].weak != ScalarKind::None ? weak_name(inputs[i].weak) : dtype_name(inputs[i].dtype);
  }
  throw UfuncTypeError("ufunc '" + def.name + "' not supported for the input types (" + types +
                       "), and the inputs could not be safely coerced to any supported types according to the "
                       "casting rule ''safe''");
}

// dtype=: the first loop whose outputs are `dt` and whose inputs take the
// operands under `casting` (weak scalars take any loop type of their kind).
int loop_for_dtype(const UfuncDef& def, const UfuncOperand* inputs, DType dt, Casting casting) {
  for (int l = 0; l < static_cast<int>(def.loops.size()); ++l) {
    const UfuncLoop& loop = def.loops[l];
    bool fits = true;
    for (int k = 0; fits && k < def.nout; ++k) fits = loop.out[k] == dt;
    for (int i = 0; fits && i < def.nin; ++i)
      fits = inputs[i].weak != ScalarKind::None
                 ? can_cast(weak_scalar_dtype(inputs[i].weak, loop.in[i]), loop.in[i], Casting::SameKind)
                 : can_cast(inputs[i].dtype, loop.in[i], casting);
    if (fits) return l;
  }
  return -1;
}

// Ops are built once per (ufunc, loop, operand dtypes and kinds, outputs, mask).
struct OpKey {
  const UfuncDef* def;
  int loop;
  std::uint8_t scalar_mask;
  bool masked;
  DType in[kMaxUfuncInputs];
  DType out[kMaxUfuncOutputs];

  // Field by field: the padding between members is not initialized.
  bool operator==(const OpKey& o) const {
    if (def != o.def || loop != o.loop || scalar_mask != o.scalar_mask || masked != o.masked) return false;
    for (int i = 0; i < kMaxUfuncInputs; ++i)
      if (in[i] != o.in[i]) return false;
    for (int k = 0; k < kMaxUfuncOutputs; ++k)
      if (out[k] != o.out[k]) return false;
    return true;
  }
};
struct OpKeyHash {
  std::size_t operator()(const OpKey& k) const {
    std::size_t h = std::hash<const void*>()(k.def) ^ (static_cast<std::size_t>(k.loop) << 20);
    h ^= static_cast<std::size_t>(k.scalar_mask) << 8 ^ static_cast<std::size_t>(k.masked) << 16;
    for (DType d : k.in) h = h * 31 + static_cast<std::size_t>(d);
    for (DType d : k.out) h = h * 31 + static_cast<std::size_t>(d);
    return h;
  }
};

const ElementwiseOp& cached_op(const OpKey& key, const UfuncInput* inputs) {
  thread_local RecentCache<OpKey, const ElementwiseOp*> recent;
  const std::size_t hash = OpKeyHash()(key);
  if (const ElementwiseOp* const* hit = recent.find(key, hash)) return **hit;
  static OpCache<OpKey, ElementwiseOp, OpKeyHash> ops;
  const ElementwiseOp& op = ops.find_or_make(
      key, [&] { return ufunc_loop_op(*key.def, key.def->loops[key.loop], inputs, key.out, key.masked); });
  recent.remember(key, hash, &op);
  return op;
}

// The shape the inputs and the where= mask broadcast to: NumPy allocates
// outputs of that shape, so a mask can widen it. Empty on a mismatch, which
// the plan then reports with NumPy's error.
Shape broadcast_shape(const UfuncOperand* inputs, int nin, const NDArray* where) {
  Shape shape;
  auto widen = [&shape](const Shape& s) {
    if (s.size() > shape.size()) shape.insert(shape.begin(), s.size() - shape.size(), 1);
    for (std::size_t k = 0; k < s.size(); ++k) {
      std::int64_t& d = shape[shape.size() - s.size() + k];
      if (d == 1) d = s[k];
      else if (s[k] != 1 && s[k] != d) return false;
    }
    return true;
  };
  for (int i = 0; i < nin; ++i)
    if (inputs[i].array && !widen(inputs[i].array->shape)) return {};
  if (where && !widen(where->shape)) return {};
  return shape;
}

// A new output laid out like the first input that has the result's shape (NumPy's 'K').
NDArray allocate_output(Shape shape, DType dt, const UfuncOperand* inputs, int nin) {
  for (int i = 0; i < nin; ++i)
    if (inputs[i].array && inputs[i].array->shape == shape) {
      NDArray out;
      out.strides = strides_for_order(*inputs[i].array, itemsize(dt), 'K');
      out.shape = std::move(shape);
      out.dtype = dt;
      out.data = allocate(static_cast<std::size_t>(out.nbytes()));
      return out;
    }
  return NDArray::empty(shape, dt);
}

bool same_view(const NDArray& a, const NDArray& b) {
  return a.data_ptr() == b.data_ptr() && a.shape == b.shape && a.strides == b.strides;
}

bool is_comparison(const UfuncDef& def) {
  static const char* const kComparisons[] = {"equal", "not_equal", "less", "less_equal", "greater", "greater_equal"};
  for (const char* name : kComparisons)
    if (def.name == name) return true;
  return false;
}

bool weak_int_fits(const UfuncOperand& op, DType dt) { return op.weak != ScalarKind::Int || python_int_fits(dt, op.value); }

// A weak scalar in a loop type: ints that fit, floats in float or complex
// types, complex values in complex types.
bool weak_fits_loop(const UfuncOperand& op, DType dt) {
  const DTypeKind k = dtype_info(dt).kind;
  switch (op.weak) {
    case ScalarKind::Int: return k != DTypeKind::Bool && python_int_fits(dt, op.value);
    case ScalarKind::Float: return k == DTypeKind::Float || k == DTypeKind::Complex;
    case ScalarKind::Complex: return k == DTypeKind::Complex;
    case ScalarKind::None: break;
  }
  return false;
}

// NumPy 2 compares integers with a Python int outside their range exactly
// (uint8_array == -2 is all False, int8_array < 300 all True) instead of
// raising: such a comparison runs the first loop that holds every input
// exactly (int16 for uint8 and -2, the mixed int64/uint64 loop, float64).
int comparison_loop_holding_ints(const UfuncDef& def, const UfuncOperand* inputs) {
  for (int l = 0; l < static_cast<int>(def.loops.size()); ++l) {
    bool fits = true;
    for (int i = 0; fits && i < def.nin; ++i)
      fits = inputs[i].weak == ScalarKind::None ? can_cast(inputs[i].dtype, def.loops[l].in[i], Casting::Safe)
                                                : weak_fits_loop(inputs[i], def.loops[l].in[i]);
    if (fits) return l;
  }
  return -1;
}

}  // namespace

UfuncPlan plan_ufunc(const UfuncDef& def, const UfuncOperand* inputs, const UfuncOptions& options) {
  UfuncPlan plan;
  plan.def = &def;
  if (options.dtype) {
    plan.loop = loop_for_dtype(def, inputs, *options.dtype, options.casting);
    if (plan.loop < 0)
      throw UfuncTypeError("ufunc '" + def.name + "' has no loop for dtype=" + numpy_dtype_repr(*options.dtype) +
                           " with casting rule '" + casting_name(options.casting) + "'");
  } else {
    PromotionOperand ops[kMaxUfuncInputs];
    for (int i = 0; i < def.nin; ++i) ops[i] = {inputs[i].dtype, inputs[i].weak};
    plan.loop = resolve_ufunc_loop(def, ops);
    if (plan.loop < 0) throw_no_loop(def, inputs);
    bool fits = true;  // checked first: is_comparison compares names
    for (int i = 0; fits && i < def.nin; ++i) fits = weak_int_fits(inputs[i], def.loops[plan.loop].in[i]);
    if (!fits && is_comparison(def)) plan.loop = comparison_loop_holding_ints(def, inputs);
  }
  const UfuncLoop& loop = def.loops[plan.loop];
  for (int i = 0; i < def.nin; ++i)
    plan.scalar_dtypes[i] = inputs[i].weak != ScalarKind::None ? loop.in[i] : inputs[i].dtype;
  return plan;
}

const ElementwiseOp& ufunc_call_op(const UfuncPlan& plan, const UfuncInput* sources, const DType* out_dtypes,
                                   bool masked) {
  const UfuncDef& def = *plan.def;
  OpKey key{&def, plan.loop, 0, masked, {}, {}};
  for (int i = 0; i < def.nin; ++i) {
    if (sources[i].scalar) key.scalar_mask |= static_cast<std::uint8_t>(1u << i);
    key.in[i] = sources[i].dtype;
  }
  for (int k = 0; k < def.nout; ++k) key.out[k] = out_dtypes[k];
  return cached_op(key, sources);
}

UfuncResults run_ufunc(const UfuncPlan& plan, const UfuncOperand* inputs, const ScalarArg* scalars,
                       const NDArray* const* outs, const UfuncOptions& options) {
  const UfuncDef& def = *plan.def;
  const UfuncLoop& loop = def.loops[plan.loop];
  UfuncResults results;
  int allocated = 0;
  for (int k = 0; k < def.nout; ++k) allocated += outs[k] == nullptr;
  if (allocated > 0) {
    Shape shape = broadcast_shape(inputs, def.nin, options.where);
    for (int k = 0; k < def.nout; ++k)
      if (outs[k] == nullptr) results[k] = allocate_output(--allocated ? shape : std::move(shape), loop.out[k], inputs, def.nin);
  }
  for (int k = 0; k < def.nout; ++k) {
    if (outs[k] == nullptr) continue;
    const NDArray& out = *outs[k];
    if (!out.writeable) throw std::invalid_argument("output array is read-only");
    if (!can_cast(loop.out[k], out.dtype, options.casting))
      throw UfuncTypeError("Cannot cast ufunc '" + def.name + "' output from " + numpy_dtype_repr(loop.out[k]) +
                           " to " + numpy_dtype_repr(out.dtype) + " with casting rule '" +
                           casting_name(options.casting) + "'");
    results[k] = out;
  }

  // Inputs that overlap a given output other than element for element are
  // read from a copy, as NumPy does (new outputs overlap nothing).
  NDArray copies[kMaxUfuncInputs];  // not a vector: most calls make none, and the heap is not free
  int ncopies = 0;
  const NDArray* arrays[kMaxUfuncInputs + 1];
  UfuncInput sources[kMaxUfuncInputs];
  int narrays = 0, nscalars = 0;
  ScalarArg scalar_args[kMaxUfuncInputs];
  for (int i = 0; i < def.nin; ++i) {
    if (inputs[i].array == nullptr) {
      sources[i] = {true, plan.scalar_dtypes[i]};
      scalar_args[nscalars++] = scalars[i];
    } else {
      const NDArray* a = inputs[i].array;
      for (int k = 0; k < def.nout; ++k)
        if (outs[k] != nullptr && !same_view(results[k], *a) && may_share_memory(results[k], *a)) {
          copies[ncopies] = copy_array(*a, a->dtype, 'K');
          a = &copies[ncopies++];
          break;
        }
      arrays[narrays++] = a;
      sources[i] = {false, a->dtype};
    }
  }
  DType out_dtypes[kMaxUfuncOutputs] = {};
  for (int k = 0; k < def.nout; ++k) out_dtypes[k] = results[k].dtype;
  if (options.where) arrays[narrays++] = options.where;

  OperandDesc descs[kMaxUfuncInputs + 1 + kMaxUfuncOutputs];
  int n = 0;
  for (int i = 0; i < narrays; ++i) descs[n++] = OperandDesc::input(*arrays[i]);
  for (int k = 0; k < def.nout; ++k) descs[n++] = OperandDesc::output(results[k]);
  run_elementwise(ufunc_call_op(plan, sources, out_dtypes, options.where != nullptr), descs, n, scalar_args,
                  nscalars);
  return results;
}

}  // namespace gpuarray
