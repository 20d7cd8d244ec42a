// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/reduction_call.hpp"

#include <cstring>
#include <stdexcept>

#include "core/views.hpp"
#include "kernels/cast_expressions.hpp"
#include "kernels/op_cache.hpp"
#include "kernels/reduction_launcher.hpp"
#include "kernels/reduction_op.hpp"
#include "kernels/ufunc_call.hpp"
#include "kernels/ufunc_resolution.hpp"

namespace gpuarray {
namespace {

bool is_int(DType dt) {
  const DTypeKind k = dtype_info(dt).kind;
  return k == DTypeKind::Bool || k == DTypeKind::SignedInt || k == DTypeKind::UnsignedInt;
}
bool is_complex(DType dt) { return dtype_info(dt).kind == DTypeKind::Complex; }
bool is_inexact(DType dt) { return !is_int(dt); }
std::string cpp(DType dt) { return dtype_info(dt).cpp_name; }

DType real_of(DType dt) {
  if (dt == DType::Complex64) return DType::Float32;
  if (dt == DType::Complex128) return DType::Float64;
  return dt;
}

// float16 accumulates in float32 (its result is rounded once, at the end).
DType accumulator_of(DType dt) { return is_small_float(dt) ? DType::Float32 : dt; }

void fill_acc_layout(ReductionOp& op, DType acc) {
  op.acc_size = itemsize(acc);
  op.acc_align = itemsize(acc);
}

// `value` of dtype `acc` built from a real expression (both parts for complex).
std::string acc_from_real(DType acc, const std::string& real_expr) {
  if (!is_complex(acc)) return real_expr;
  return cpp(acc) + "(" + real_expr + ", " + real_expr + ")";
}

// The start value that never changes a maximum/minimum-like result.
std::string extremum_identity(const std::string& ufunc, DType acc) {
  const std::string r = cpp(real_of(acc));
  const bool is_max = ufunc == "maximum" || ufunc == "fmax";
  const bool nan_ignoring = ufunc == "fmax" || ufunc == "fmin";
  if (nan_ignoring && is_inexact(acc)) return acc_from_real(acc, "ga::red::quiet_nan<" + r + ">()");
  return acc_from_real(acc, std::string("ga::red::") + (is_max ? "lowest" : "highest") + "<" + r + ">()");
}

std::string ufunc_identity(const UfuncDef& def, DType acc) {
  switch (def.identity) {
    case UfuncIdentity::Zero: return cast_expression(DType::Int64, acc, "0LL");
    case UfuncIdentity::One: return cast_expression(DType::Int64, acc, "1LL");
    case UfuncIdentity::MinusOne: return cast_expression(DType::Int64, acc, "-1LL");
    case UfuncIdentity::MinusInfinity:
      return cast_expression(DType::Float64, acc, "(-ga::red::highest<double>())");
    default: break;
  }
  if (def.name == "maximum" || def.name == "minimum" || def.name == "fmax" || def.name == "fmin")
    return extremum_identity(def.name, acc);
  return {};
}

const UfuncLoop* find_loop(const UfuncDef& def, DType t) {
  for (const UfuncLoop& loop : def.loops)
    if (loop.in[0] == t && loop.in[1] == t && loop.out[0] == t) return &loop;
  return nullptr;
}

std::string shape_text(const Shape& s) {
  std::string t = "(";
  for (std::size_t i = 0; i < s.size(); ++i) t += (i ? ", " : "") + std::to_string(s[i]);
  return t + (s.size() == 1 ? ",)" : ")");
}

Shape result_shape(const NDArray& a, const std::vector<bool>& axes, bool keepdims) {
  Shape shape;
  for (int d = 0; d < a.ndim(); ++d) {
    if (!axes[d]) shape.push_back(a.shape[d]);
    else if (keepdims) shape.push_back(1);
  }
  return shape;
}

// The output in keepdims form: extent 1, stride 0 on every reduced axis.
struct KeptOutput {
  Shape shape;
  Strides strides;
  OperandDesc desc(const NDArray& out) const {
    return {shape.data(), strides.data(), static_cast<int>(shape.size()), out.dtype, out.data_ptr(), true};
  }
};

KeptOutput keepdims_form(const NDArray& out, const std::vector<bool>& axes, bool keepdims) {
  KeptOutput k;
  int src = 0;
  for (std::size_t d = 0; d < axes.size(); ++d) {
    if (axes[d]) {
      k.shape.push_back(1);
      k.strides.push_back(0);
      if (keepdims) ++src;
    } else {
      k.shape.push_back(out.shape[src]);
      k.strides.push_back(out.strides[src]);
      ++src;
    }
  }
  return k;
}

NDArray output_for(const NDArray& a, const ReductionRequest& r, DType natural) {
  const Shape shape = result_shape(a, r.axes, r.keepdims);
  if (r.out == nullptr) return NDArray::empty(shape, natural);
  if (r.out->shape != shape)
    throw std::invalid_argument("output parameter for reduction operation " + r.name + " has shape " +
                                shape_text(r.out->shape) + ", expected " + shape_text(shape));
  if (!r.out->writeable) throw std::invalid_argument("output array is read-only");
  return *r.out;
}

// Some output gets no element: NumPy's error for ops without an identity.
bool reduces_nothing_into_something(const NDArray& a, const std::vector<bool>& axes) {
  std::int64_t kept = 1, reduced = 1;
  for (int d = 0; d < a.ndim(); ++d) (axes[d] ? reduced : kept) *= a.shape[d];
  return reduced == 0 && kept > 0;
}

int reduced_axis_count(const std::vector<bool>& axes, const NDArray& a) {
  int n = 0;
  for (int d = 0; d < a.ndim(); ++d) n += axes[d] && a.shape[d] != 1;
  return n;
}

void run(const ReductionOp& op, const NDArray& a, const NDArray* second, const ReductionRequest& r,
         const NDArray& out, const ScalarArg* scalars, int num_scalars) {
  const KeptOutput kept = keepdims_form(out, r.axes, r.keepdims);
  OperandDesc inputs[3];
  int n = 0;
  inputs[n++] = OperandDesc::input(a);
  if (second) inputs[n++] = OperandDesc::input(*second);
  if (r.where) inputs[n++] = OperandDesc::input(*r.where);
  std::vector<bool> reduced = r.axes;
  bool mask[kMaxDims];
  for (std::size_t d = 0; d < reduced.size(); ++d) mask[d] = reduced[d];
  run_reduction(op, inputs, n, kept.desc(out), mask, scalars, num_scalars);
}

// The map of one element: `value` of the input, skipped (the identity) where
// the where= mask (the last input) is false.
std::string masked(const ReductionRequest& r, const std::string& value, const std::string& identity,
                   int mask_input) {
  if (!r.where) return value;
  return "(in" + std::to_string(mask_input) + " ? " + value + " : " + identity + ")";
}

ReductionOp base_op(const std::string& name, const ReductionRequest& r, int num_inputs) {
  ReductionOp op;
  op.name = name;
  for (int i = 0; i < num_inputs + (r.where ? 1 : 0); ++i) op.in_names.push_back("in" + std::to_string(i));
  return op;
}

// The loop the reduction of ufunc `def` runs over dtype `t`: its result
// dtype, and the accumulating loop (float16 accumulates in float32).
struct UfuncReduceLoop {
  DType result;
  const UfuncLoop* loop;
};

UfuncReduceLoop ufunc_reduce_loop(const ReductionRequest& r, DType in) {
  const UfuncDef& def = *r.ufunc;
  if (def.nin != 2 || def.nout != 1)
    throw std::invalid_argument("reduce only supported for binary functions, not '" + def.name + "'");
  // NumPy sums and multiplies small integers in the default integer.
  DType t = r.dtype.value_or(in);
  if (!r.dtype && (def.name == "add" || def.name == "multiply") && is_int(in) && itemsize(in) < 8)
    t = dtype_info(in).kind == DTypeKind::UnsignedInt ? DType::UInt64 : DType::Int64;
  const PromotionOperand operands[2] = {{t}, {t}};
  const int index = resolve_ufunc_loop(def, operands);
  if (index < 0)
    throw UfuncTypeError("ufunc '" + def.name + "' not supported for the input types (reduce over " +
                         dtype_info(t).name + ")");
  const DType result = def.loops[index].out[0];
  const UfuncLoop* loop = find_loop(def, accumulator_of(result));
  if (loop == nullptr) loop = find_loop(def, result);
  if (loop == nullptr) throw UfuncTypeError("ufunc '" + def.name + "' has no loop reducing " + dtype_info(result).name);
  return {result, loop};
}

bool is_ufunc_kind(ReductionKind k) { return k == ReductionKind::Ufunc || k == ReductionKind::NanUfunc; }
bool is_arg_kind(ReductionKind k) {
  return k == ReductionKind::ArgMax || k == ReductionKind::ArgMin || k == ReductionKind::NanArgMax ||
         k == ReductionKind::NanArgMin;
}

// mean's and var's accumulator (NumPy's _mean): integers in float64,
// float16 in float32.
DType mean_accumulator(DType in, const ReductionRequest& r) {
  if (r.dtype) return accumulator_of(*r.dtype);
  return is_int(in) ? DType::Float64 : accumulator_of(in);
}

ReductionOp ufunc_op(const ReductionRequest& r, DType in, DType out) {
  const UfuncDef& def = *r.ufunc;
  const UfuncReduceLoop rl = ufunc_reduce_loop(r, in);
  const DType acc = rl.loop->out[0];
  const bool reorderable = def.identity != UfuncIdentity::None;
  std::string identity = ufunc_identity(def, acc);
  const std::string initial_value = r.initial ? cast_expression(r.initial->dtype, acc, "s0") : std::string();
  if (identity.empty() && r.initial) identity = initial_value;  // in order, so applied once, first
  ReductionOp op = base_op("reduce_" + def.name, r, 1);
  op.preamble = def.preamble + "\nnamespace {\n__device__ __forceinline__ " + cpp(acc) + " ga_red_combine(const " +
                cpp(acc) + "& x0, const " + cpp(acc) + "& x1) {\n  " + cpp(acc) + " y0;\n  " + rl.loop->expression +
                "\n  return y0;\n}\n}  // namespace";
  op.acc_type = cpp(acc);
  op.identity = identity;
  std::string value = cast_expression(in, acc, "in0");
  if (r.kind == ReductionKind::NanUfunc && is_inexact(in) && !identity.empty())
    value = "(ga::red::nan_(in0) ? " + identity + " : " + value + ")";
  op.map = masked(r, value, identity, 1);
  op.combine = "ga_red_combine(a, b)";
  const bool initial_in_finish = r.initial && reorderable;
  op.finish = "out0 = " + cast_expression(acc, out, initial_in_finish ? "ga_red_combine(" + initial_value + ", a)" : "a") + ";";
  op.reorderable = reorderable;
  if (r.initial) op.scalar_names.push_back("s0");
  fill_acc_layout(op, acc);
  return op;
}

ReductionOp arg_op(const ReductionRequest& r, DType in, DType out) {
  const bool is_max = r.kind == ReductionKind::ArgMax || r.kind == ReductionKind::NanArgMax;
  const bool skip_nan = r.kind == ReductionKind::NanArgMax || r.kind == ReductionKind::NanArgMin;
  const DType v = accumulator_of(in);
  const std::string worst =
      acc_from_real(v, std::string("ga::red::") + (is_max ? "lowest" : "highest") + "<" + cpp(real_of(v)) + ">()");
  const std::string identity = "acc_type{" + worst + ", ga::red::kNoPosition}";
  ReductionOp op = base_op(std::string(is_max ? "argmax" : "argmin") + (skip_nan ? "_nan" : ""), r, 1);
  op.acc_type = "ga::red::ArgAcc<" + cpp(v) + ">";
  op.identity = identity;
  const std::string value = "acc_type{" + cast_expression(in, v, "in0") + ", _j}";
  op.map = skip_nan && is_inexact(in) ? "(ga::red::nan_(in0) ? " + identity + " : " + value + ")" : value;
  op.combine = std::string("ga::red::arg_pick(a, b, ga::red::less_(") + (is_max ? "a.v, b.v" : "b.v, a.v") + "))";
  op.finish = "out0 = " + cast_expression(DType::Int64, out, "a.i") + ";";
  op.uses_index = true;
  const int vsize = itemsize(v);
  op.acc_align = vsize > 8 ? vsize : 8;
  op.acc_size = ((vsize + 7) / 8 * 8 + 8 + op.acc_align - 1) / op.acc_align * op.acc_align;
  return op;
}

ReductionOp mean_op(const ReductionRequest& r, DType in, DType out) {
  const DType acc = mean_accumulator(in, r);
  ReductionOp op = base_op("mean", r, 1);
  op.acc_type = cpp(acc);
  op.identity = cast_expression(DType::Int64, acc, "0LL");
  op.map = cast_expression(in, acc, "in0");
  op.combine = "a + b";
  op.finish = "out0 = " + cast_expression(acc, out, "(a / (" + cpp(real_of(acc)) + ")_n)") + ";";
  fill_acc_layout(op, acc);
  return op;
}

// Takes the input and its mean (keepdims, in the accumulator dtype).
ReductionOp var_op(const ReductionRequest& r, DType in, DType out) {
  const DType acc = mean_accumulator(in, r), racc = real_of(acc);
  ReductionOp op = base_op(r.kind == ReductionKind::Std ? "std" : "var", r, 2);
  op.scalar_names = {"ddof"};
  op.acc_type = cpp(racc);
  op.identity = cast_expression(DType::Int64, racc, "0LL");
  op.map = "ga::red::abs2(" + cast_expression(in, acc, "in0") + " - in1)";
  op.combine = "a + b";
  const std::string divided = "(a / (" + cpp(racc) + ")((double)_n - ddof > 0.0 ? (double)_n - ddof : 0.0))";
  op.finish = "out0 = " +
              cast_expression(racc, out, r.kind == ReductionKind::Std ? "ga::red::sqrt_(" + divided + ")" : divided) +
              ";";
  fill_acc_layout(op, racc);
  return op;
}

ReductionOp count_op(const ReductionRequest& r, DType in, DType out) {
  ReductionOp op = base_op("count_nonzero", r, 1);
  op.acc_type = "long long";
  op.identity = "0LL";
  op.map = "(" + cast_expression(in, DType::Bool, "in0") + " ? 1LL : 0LL)";
  op.combine = "a + b";
  op.finish = "out0 = " + cast_expression(DType::Int64, out, "a") + ";";
  fill_acc_layout(op, DType::Int64);
  return op;
}

}  // namespace

std::vector<bool> reduction_axes(const std::vector<std::int64_t>& axis, bool all, int ndim) {
  std::vector<bool> axes(ndim, all);
  if (all) return axes;
  for (std::int64_t ax : axis) {
    const int d = normalize_axis(ax, ndim);
    if (axes[d]) throw std::invalid_argument("duplicate value in 'axis'");
    axes[d] = true;
  }
  return axes;
}

ReductionRequest named_reduction(const std::string& name) {
  struct Row {
    const char* name;
    ReductionKind kind;
    const char* ufunc;
  };
  static const Row rows[] = {
      {"sum", ReductionKind::Ufunc, "add"},          {"prod", ReductionKind::Ufunc, "multiply"},
      {"max", ReductionKind::Ufunc, "maximum"},      {"min", ReductionKind::Ufunc, "minimum"},
      {"all", ReductionKind::Ufunc, "logical_and"},  {"any", ReductionKind::Ufunc, "logical_or"},
      {"nansum", ReductionKind::NanUfunc, "add"},    {"nanprod", ReductionKind::NanUfunc, "multiply"},
      {"nanmax", ReductionKind::Ufunc, "fmax"},      {"nanmin", ReductionKind::Ufunc, "fmin"},
      {"argmax", ReductionKind::ArgMax, nullptr},    {"argmin", ReductionKind::ArgMin, nullptr},
      {"nanargmax", ReductionKind::NanArgMax, nullptr}, {"nanargmin", ReductionKind::NanArgMin, nullptr},
      {"mean", ReductionKind::Mean, nullptr},        {"var", ReductionKind::Var, nullptr},
      {"std", ReductionKind::Std, nullptr},          {"count_nonzero", ReductionKind::CountNonzero, nullptr},
  };
  for (const Row& row : rows) {
    if (name != row.name) continue;
    ReductionRequest r;
    r.kind = row.kind;
    r.name = name;
    if (row.ufunc) {
      r.ufunc = find_ufunc(row.ufunc);
      if (!r.ufunc) throw std::invalid_argument(std::string("reduction '") + name + "' needs ufunc " + row.ufunc);
    }
    return r;
  }
  throw std::invalid_argument("unknown reduction '" + name + "'");
}

DType reduction_result_dtype(const ReductionRequest& r, DType in) {
  switch (r.kind) {
    case ReductionKind::Ufunc:
    case ReductionKind::NanUfunc: return r.dtype.value_or(ufunc_reduce_loop(r, in).result);
    case ReductionKind::Mean: return r.dtype.value_or(is_int(in) ? DType::Float64 : in);
    case ReductionKind::Var:
    case ReductionKind::Std: return real_of(r.dtype.value_or(is_int(in) ? DType::Float64 : in));
    default: return DType::Int64;
  }
}

namespace {

ReductionOp build_reduction_op(const ReductionRequest& r, DType in, DType out) {
  ReductionOp op;
  if (is_ufunc_kind(r.kind)) op = ufunc_op(r, in, out);
  else if (is_arg_kind(r.kind)) op = arg_op(r, in, out);
  else if (r.kind == ReductionKind::Mean) op = mean_op(r, in, out);
  else if (r.kind == ReductionKind::Var || r.kind == ReductionKind::Std) op = var_op(r, in, out);
  else op = count_op(r, in, out);
  op.seal();
  return op;
}

// Everything an op's text depends on: building one costs microseconds of
// string work, so `a.sum()` finds it here instead.
struct OpCacheKey {
  ReductionKind kind;
  const UfuncDef* ufunc;
  DType in, out;
  int initial;  // -1: none, else the DType of initial=
  bool where;
  int acc;      // -1: none, else the DType of dtype=
  bool operator==(const OpCacheKey& o) const {
    return kind == o.kind && ufunc == o.ufunc && in == o.in && out == o.out && initial == o.initial &&
           where == o.where && acc == o.acc;
  }
};
struct OpCacheKeyHash {
  std::size_t operator()(const OpCacheKey& k) const {
    return std::hash<const void*>()(k.ufunc) ^ (static_cast<std::size_t>(k.kind) << 1) ^
           (static_cast<std::size_t>(k.in) << 8) ^ (static_cast<std::size_t>(k.out) << 16) ^
           (static_cast<std::size_t>(k.initial + 1) << 24) ^ (static_cast<std::size_t>(k.where) << 32) ^
           (static_cast<std::size_t>(k.acc + 1) << 40);
  }
};

const ReductionOp& reduction_op(const ReductionRequest& r, DType in, DType out) {
  static OpCache<OpCacheKey, ReductionOp, OpCacheKeyHash> ops;
  const OpCacheKey key{r.kind, r.ufunc, in, out, r.initial ? static_cast<int>(r.initial->dtype) : -1,
                       r.where != nullptr, r.dtype ? static_cast<int>(*r.dtype) : -1};
  return ops.find_or_make(key, [&] { return build_reduction_op(r, in, out); });
}

std::vector<DType> reduction_input_dtypes(const ReductionRequest& r, DType in) {
  std::vector<DType> dtypes{in};
  if (r.kind == ReductionKind::Var || r.kind == ReductionKind::Std) dtypes.push_back(mean_accumulator(in, r));
  if (r.where) dtypes.push_back(DType::Bool);
  return dtypes;
}

}  // namespace

NDArray reduce(const NDArray& a, const ReductionRequest& r) {
  if (static_cast<int>(r.axes.size()) != a.ndim())
    throw std::invalid_argument("reduction '" + r.name + "': the axis mask has " + std::to_string(r.axes.size()) +
                                " entries for an array of " + std::to_string(a.ndim()) + " dimensions");
  if (r.where && !is_ufunc_kind(r.kind))
    throw std::invalid_argument("reduction '" + r.name + "' takes no where= mask in the engine");
  const bool empty = reduces_nothing_into_something(a, r.axes);
  if (is_ufunc_kind(r.kind)) {
    const UfuncDef& def = *r.ufunc;
    if (def.identity == UfuncIdentity::None && reduced_axis_count(r.axes, a) > 1)
      throw std::invalid_argument("reduction operation '" + def.name +
                                  "' is not reorderable, so at most one axis may be specified");
    const bool numpy_identity = def.identity != UfuncIdentity::None && def.identity != UfuncIdentity::ReorderableNone;
    if (!numpy_identity && !r.initial && (empty || r.where))
      throw std::invalid_argument(empty ? "zero-size array to reduction operation " + def.name +
                                              " which has no identity"
                                        : "reduction operation '" + def.name +
                                              "' does not have an identity, so to use a where mask one has to "
                                              "specify 'initial'");
  }
  if (is_arg_kind(r.kind) && empty) {
    const bool is_max = r.kind == ReductionKind::ArgMax || r.kind == ReductionKind::NanArgMax;
    throw std::invalid_argument(std::string("attempt to get ") + (is_max ? "argmax" : "argmin") +
                                " of an empty sequence");
  }
  const NDArray out = output_for(a, r, reduction_result_dtype(r, a.dtype));
  const ReductionOp& op = reduction_op(r, a.dtype, out.dtype);
  NDArray mean;
  const bool two_pass = r.kind == ReductionKind::Var || r.kind == ReductionKind::Std;
  if (two_pass) {
    ReductionRequest mean_request = r;
    mean_request.kind = ReductionKind::Mean;
    mean_request.keepdims = true;
    mean_request.out = nullptr;
    mean_request.dtype = mean_accumulator(a.dtype, r);
    mean = reduce(a, mean_request);
  }
  ScalarArg scalars[1];
  int num_scalars = 0;
  if (r.initial && is_ufunc_kind(r.kind)) scalars[num_scalars++] = *r.initial;
  if (r.kind == ReductionKind::Var || r.kind == ReductionKind::Std) {
    scalars[0] = ScalarArg{DType::Float64, {}};
    std::memcpy(scalars[0].bytes, &r.ddof, sizeof(double));
    num_scalars = 1;
  }
  run(op, a, two_pass ? &mean : nullptr, r, out, scalars, num_scalars);
  return out;
}

std::string reduction_test_source(const ReductionRequest& r, DType in, int out_ndim, int red_ndim,
                                  ReductionLayout layout, int vector_width, IndexWidth index_width) {
  const DType out = reduction_result_dtype(r, in);
  const ReductionOp& op = reduction_op(r, in, out);
  const std::vector<DType> ins = reduction_input_dtypes(r, in);
  ReductionKernelKey key;
  key.op_hash = op.hash;
  key.out_ndim = static_cast<std::uint8_t>(out_ndim);
  key.red_ndim = static_cast<std::uint8_t>(red_ndim);
  key.num_inputs = static_cast<std::uint8_t>(ins.size());
  key.layout = layout;
  key.vector_width = static_cast<std::uint8_t>(vector_width);
  key.index_width = index_width;
  key.out_dtype = out;
  for (std::size_t i = 0; i < ins.size(); ++i) key.in_dtypes[i] = ins[i];
  if (r.initial) key.scalar_dtypes[key.num_scalars++] = r.initial->dtype;
  if (r.kind == ReductionKind::Var || r.kind == ReductionKind::Std) key.scalar_dtypes[key.num_scalars++] = DType::Float64;
  return reduction_kernel_source(op, key);
}

std::vector<jit::CompileRequest> reduction_compile_requests(const ReductionRequest& r, DType in, const Shape& shape) {
  if (r.out || r.where || r.initial || static_cast<int>(r.axes.size()) != static_cast<int>(shape.size()))
    throw std::invalid_argument("reduction_compile_requests: takes axes for the shape, and no out=, where= or initial=");
  std::vector<jit::CompileRequest> requests;
  const bool two_pass = r.kind == ReductionKind::Var || r.kind == ReductionKind::Std;
  if (two_pass) {  // as reduce(): the mean first
    ReductionRequest mean_request = r;
    mean_request.kind = ReductionKind::Mean;
    mean_request.keepdims = true;
    mean_request.dtype = mean_accumulator(in, r);
    requests = reduction_compile_requests(mean_request, in, shape);
  }
  const DType out_dtype = reduction_result_dtype(r, in);
  const ReductionOp& op = reduction_op(r, in, out_dtype);
  // Descriptors of fresh C-contiguous arrays at the pool's alignment.
  constexpr std::uintptr_t kAddress = std::uintptr_t(1) << 32;
  const Strides in_strides = contiguous_strides(shape, itemsize(in), Order::C);
  Shape result, kept_shape, mean_shape;
  for (std::size_t d = 0; d < shape.size(); ++d) {
    if (!r.axes[d]) result.push_back(shape[d]);
    mean_shape.push_back(r.axes[d] ? 1 : shape[d]);
  }
  const Strides result_strides = contiguous_strides(result, itemsize(out_dtype), Order::C);
  Strides kept_strides;
  for (std::size_t d = 0, src = 0; d < shape.size(); ++d) {
    kept_shape.push_back(r.axes[d] ? 1 : result[src]);
    kept_strides.push_back(r.axes[d] ? 0 : result_strides[src++]);
  }
  const DType mean_dtype = two_pass ? mean_accumulator(in, r) : in;
  const Strides mean_strides = contiguous_strides(mean_shape, itemsize(mean_dtype), Order::C);
  const int ndim = static_cast<int>(shape.size());
  OperandDesc inputs[2] = {{shape.data(), in_strides.data(), ndim, in, kAddress, false},
                           {mean_shape.data(), mean_strides.data(), ndim, mean_dtype, 2 * kAddress, false}};
  const OperandDesc output{kept_shape.data(), kept_strides.data(), ndim, out_dtype, 3 * kAddress, true};
  bool mask[kMaxDims];
  for (int d = 0; d < ndim; ++d) mask[d] = r.axes[d];
  ScalarArg ddof{DType::Float64, {}};
  std::memcpy(ddof.bytes, &r.ddof, sizeof(double));
  requests.push_back(reduction_compile_request(op, inputs, two_pass ? 2 : 1, output, mask, two_pass ? &ddof : nullptr,
                                               two_pass ? 1 : 0));
  return requests;
}

}  // namespace gpuarray
