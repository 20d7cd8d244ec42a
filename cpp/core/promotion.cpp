// SPDX-License-Identifier: BSD-3-Clause
#include "core/promotion.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>

namespace gpuarray {
namespace {

using K = DTypeKind;

int index(DType dt) { return static_cast<int>(dt); }

// same_kind casts may go up this ladder (or stay on a rung), never down:
// unsigned -> signed is the same kind, signed -> unsigned is not.
int kind_rank(K kind) {
  switch (kind) {
    case K::Bool: return 0;
    case K::UnsignedInt: return 1;
    case K::SignedInt: return 2;
    case K::Float: return 3;
    case K::Complex: return 4;
  }
  return 4;
}

bool is_integer(K kind) { return kind == K::SignedInt || kind == K::UnsignedInt; }

// Bytes of one real component: complex64 holds float32s.
int component_bytes(const DTypeInfo& t) { return t.kind == K::Complex ? t.itemsize / 2 : t.itemsize; }

// NumPy's safe casts, from which promote_types follows.
bool is_safe_cast(DType from, DType to) {
  const DTypeInfo& f = dtype_info(from);
  const DTypeInfo& t = dtype_info(to);
  if (f.kind == K::Bool) return true;
  switch (t.kind) {
    case K::Bool: return false;
    case K::UnsignedInt: return f.kind == K::UnsignedInt && f.itemsize <= t.itemsize;
    case K::SignedInt:  // an unsigned value needs a wider signed type for its top bit
      return (f.kind == K::SignedInt && f.itemsize <= t.itemsize) ||
             (f.kind == K::UnsignedInt && f.itemsize < t.itemsize);
    case K::Float:
    case K::Complex:
      if (f.kind == K::Complex && t.kind == K::Float) return false;
      // Neither 16-bit float holds the other's values (Note [bfloat16]).
      if (is_small_float(from) && is_small_float(to)) return from == to;
      // An integer goes to a float with wider components, whose mantissa holds
      // it exactly; 32- and 64-bit integers go to float64, which NumPy calls
      // safe although it rounds 64-bit values.
      if (is_integer(f.kind)) return component_bytes(t) > f.itemsize || component_bytes(t) == 8;
      return component_bytes(f) <= component_bytes(t);
  }
  return false;
}

// Candidates for promote_types, smallest first: the first that both operands
// cast to safely is the promoted type.
constexpr DType kPromotionOrder[kNumDTypes] = {
    DType::Bool,    DType::Int8,    DType::UInt8,   DType::Int16,     DType::UInt16,
    DType::Int32,   DType::UInt32,  DType::Int64,   DType::UInt64,    DType::Float16,
    DType::BFloat16, DType::Float32, DType::Float64, DType::Complex64, DType::Complex128,
};

struct Tables {
  DType promote[kNumDTypes][kNumDTypes];
  Casting strictest[kNumDTypes][kNumDTypes];  // the strictest casting that allows from -> to
};

Tables build_tables() {
  Tables t{};
  for (int i = 0; i < kNumDTypes; ++i) {
    for (int j = 0; j < kNumDTypes; ++j) {
      const auto a = static_cast<DType>(i);
      const auto b = static_cast<DType>(j);
      t.promote[i][j] = *std::find_if(std::begin(kPromotionOrder), std::end(kPromotionOrder),
                                      [&](DType c) { return is_safe_cast(a, c) && is_safe_cast(b, c); });
      t.strictest[i][j] = a == b                                                               ? Casting::No
                          : is_safe_cast(a, b)                                                 ? Casting::Safe
                          : kind_rank(dtype_info(a).kind) <= kind_rank(dtype_info(b).kind) ? Casting::SameKind
                                                                                               : Casting::Unsafe;
    }
  }
  return t;
}

// Built from the rules on first use (a function-local static: safe to call
// from other files' static initializers).
const Tables& tables() {
  static const Tables t = build_tables();
  return t;
}

DType default_dtype(ScalarKind kind) {
  switch (kind) {
    case ScalarKind::Int: return DType::Int64;
    case ScalarKind::Float: return DType::Float64;
    default: return DType::Complex128;
  }
}

}  // namespace

DType promote_types(DType a, DType b) noexcept { return tables().promote[index(a)][index(b)]; }

bool can_cast(DType from, DType to, Casting casting) noexcept {
  return casting >= tables().strictest[index(from)][index(to)];
}

Casting parse_casting(std::string_view name) {
  if (name == "no") return Casting::No;
  if (name == "equiv") return Casting::Equiv;
  if (name == "safe") return Casting::Safe;
  if (name == "same_kind") return Casting::SameKind;
  if (name == "unsafe") return Casting::Unsafe;
  throw std::invalid_argument("casting must be one of 'no', 'equiv', 'safe', 'same_kind', 'unsafe' (got '" +
                              std::string(name) + "')");
}

DType weak_scalar_dtype(ScalarKind kind, DType other) noexcept {
  const K k = dtype_info(other).kind;
  switch (kind) {
    case ScalarKind::None: return other;
    case ScalarKind::Int: return k == K::Bool ? DType::Int64 : other;
    case ScalarKind::Float: return k == K::Bool || is_integer(k) ? DType::Float64 : other;
    case ScalarKind::Complex:
      if (k == K::Complex) return other;
      if (k == K::Float && other != DType::Float64) return DType::Complex64;  // float16 too
      return DType::Complex128;
  }
  return other;
}

DType result_type(const PromotionOperand* ops, int n) {
  if (n <= 0) throw std::invalid_argument("at least one array or dtype is required");
  bool any_strong = false;
  DType strong = DType::Bool;
  ScalarKind weak = ScalarKind::None;
  for (int i = 0; i < n; ++i) {
    if (ops[i].weak == ScalarKind::None) {
      strong = any_strong ? promote_types(strong, ops[i].dtype) : ops[i].dtype;
      any_strong = true;
    } else {
      weak = std::max(weak, ops[i].weak);
    }
  }
  // The highest weak kind decides: the dtype it takes is never below `strong`.
  return any_strong ? weak_scalar_dtype(weak, strong) : default_dtype(weak);
}

bool python_int_fits(DType dt, const PythonInt& v) noexcept {
  const DTypeInfo& info = dtype_info(dt);
  if (!is_integer(info.kind)) return true;
  if (v.wide) return false;
  const int bits = 8 * info.itemsize;
  if (info.kind == K::UnsignedInt)
    return v.negative ? v.magnitude == 0 : v.magnitude <= (~std::uint64_t{0} >> (64 - bits));
  const std::uint64_t max = (std::uint64_t{1} << (bits - 1)) - 1;
  return v.magnitude <= (v.negative ? max + 1 : max);
}

std::string python_int_overflow_message(DType dt, const PythonInt& v) {
  // NumPy (LP64) first reads the int as a C long, and for uint32 and uint64
  // also as an unsigned long; an int outside that range gets CPython's message
  // rather than NumPy's (int64 never says "out of bounds").
  const bool reads_unsigned_long = dt == DType::UInt32 || dt == DType::UInt64;
  constexpr std::uint64_t kLongMax = std::numeric_limits<std::int64_t>::max();
  const bool read_fails = v.wide || (v.negative ? v.magnitude > kLongMax + 1
                                                : !reads_unsigned_long && v.magnitude > kLongMax);
  if (read_fails) return "Python int too large to convert to C long";
  return std::string("Python integer ") + (v.negative && v.magnitude != 0 ? "-" : "") +
         std::to_string(v.magnitude) + " out of bounds for " + dtype_name(dt);
}

}  // namespace gpuarray
