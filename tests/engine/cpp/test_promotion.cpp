// SPDX-License-Identifier: BSD-3-Clause
// NumPy 2's promotion and casting tables (core/promotion.hpp): NumPy's
// answers for the pairs that have surprised people (int64 with uint64,
// float16 with int16), the laws every pair must obey, and NEP 50's weak
// scalars. tests/engine/test_promotion.py compares every pair with NumPy itself.
#include <stdexcept>

#include "check.hpp"
#include "core/promotion.hpp"

using namespace gpuarray;

namespace {

constexpr DType kAll[] = {DType::Bool,    DType::Int8,    DType::Int16,   DType::Int32,     DType::Int64,
                          DType::UInt8,   DType::UInt16,  DType::UInt32,  DType::UInt64,    DType::Float16,
                          DType::Float32, DType::Float64, DType::Complex64, DType::Complex128};
constexpr Casting kCastings[] = {Casting::No, Casting::Equiv, Casting::Safe, Casting::SameKind, Casting::Unsafe};

DType result(std::initializer_list<PromotionOperand> ops) {
  return result_type(ops.begin(), static_cast<int>(ops.size()));
}

PromotionOperand strong(DType dt) { return {dt}; }
PromotionOperand weak(ScalarKind kind) { return {DType::Bool, kind}; }

}  // namespace

TEST(promotion_numpy_pairs) {
  CHECK_EQ(dtype_name(promote_types(DType::Int8, DType::UInt8)), "int16");
  CHECK_EQ(dtype_name(promote_types(DType::Int64, DType::UInt64)), "float64");
  CHECK_EQ(dtype_name(promote_types(DType::Float16, DType::Int16)), "float32");
  CHECK_EQ(dtype_name(promote_types(DType::Float16, DType::UInt8)), "float16");
  CHECK_EQ(dtype_name(promote_types(DType::Int32, DType::Float32)), "float64");
  CHECK_EQ(dtype_name(promote_types(DType::Complex64, DType::Float64)), "complex128");
  CHECK_EQ(dtype_name(promote_types(DType::Bool, DType::Bool)), "bool");
  CHECK_EQ(dtype_name(promote_types(DType::UInt32, DType::Int8)), "int64");
}

TEST(promotion_laws_for_every_pair) {
  for (DType a : kAll) {
    CHECK_EQ(dtype_name(promote_types(a, a)), dtype_name(a));
    CHECK(promote_types(DType::Bool, a) == a);
    for (DType b : kAll) {
      const DType p = promote_types(a, b);
      CHECK(p == promote_types(b, a));
      CHECK(can_cast(a, p, Casting::Safe) && can_cast(b, p, Casting::Safe));
      // Not a least upper bound (int8 and uint8 both cast safely to float16,
      // but promote to int16), yet never wider than one of the pair when the
      // other casts to it safely.
      if (can_cast(a, b, Casting::Safe)) CHECK(p == b);
    }
  }
}

TEST(promotion_castings_nest_from_no_to_unsafe) {
  for (DType a : kAll)
    for (DType b : kAll) {
      for (int c = 1; c < 5; ++c)
        if (can_cast(a, b, kCastings[c - 1])) CHECK(can_cast(a, b, kCastings[c]));
      CHECK(can_cast(a, b, Casting::Unsafe));
      CHECK_EQ(can_cast(a, b, Casting::No), a == b);
      CHECK_EQ(can_cast(a, b, Casting::Safe), promote_types(a, b) == b);
    }
  CHECK(can_cast(DType::Float64, DType::Float32, Casting::SameKind));
  CHECK(!can_cast(DType::Float64, DType::Int64, Casting::SameKind));
  CHECK(!can_cast(DType::Int64, DType::UInt64, Casting::Safe));
}

TEST(promotion_parse_casting) {
  CHECK(parse_casting("same_kind") == Casting::SameKind);
  CHECK(parse_casting("no") == Casting::No);
  CHECK_THROWS(parse_casting("bogus"), std::invalid_argument,
               "casting must be one of 'no', 'equiv', 'safe', 'same_kind', 'unsafe' (got 'bogus')");
}

TEST(promotion_weak_scalars_follow_nep50) {
  CHECK_EQ(dtype_name(result({strong(DType::Int8), weak(ScalarKind::Int)})), "int8");
  CHECK_EQ(dtype_name(result({strong(DType::Int8), weak(ScalarKind::Float)})), "float64");
  CHECK_EQ(dtype_name(result({strong(DType::Float16), weak(ScalarKind::Float)})), "float16");
  CHECK_EQ(dtype_name(result({weak(ScalarKind::Complex), strong(DType::Float32)})), "complex64");
  CHECK_EQ(dtype_name(result({strong(DType::Bool), weak(ScalarKind::Int)})), "int64");
  CHECK_EQ(dtype_name(result({strong(DType::UInt8), weak(ScalarKind::Int), strong(DType::Int8)})), "int16");
  CHECK_EQ(dtype_name(result({weak(ScalarKind::Int)})), "int64");
  CHECK_EQ(dtype_name(result({weak(ScalarKind::Int), weak(ScalarKind::Float)})), "float64");
  CHECK_EQ(dtype_name(result({weak(ScalarKind::Complex), weak(ScalarKind::Int)})), "complex128");
  for (DType d : kAll) CHECK(weak_scalar_dtype(ScalarKind::None, d) == d);
  CHECK_THROWS(result_type(nullptr, 0), std::invalid_argument, "at least one array or dtype is required");
}

TEST(promotion_python_int_ranges) {
  const PythonInt minus_one{true, 1}, i8_min{true, 128}, below_i8{true, 129}, u8_max{false, 255}, wide{false, 0, true};
  const PythonInt u64_max{false, ~std::uint64_t{0}}, i64_min{true, std::uint64_t{1} << 63};
  CHECK(python_int_fits(DType::Int8, i8_min) && !python_int_fits(DType::Int8, below_i8));
  CHECK(python_int_fits(DType::UInt8, u8_max) && !python_int_fits(DType::UInt8, minus_one));
  CHECK(!python_int_fits(DType::Int8, u8_max));
  CHECK(python_int_fits(DType::UInt64, u64_max) && !python_int_fits(DType::Int64, u64_max));
  CHECK(python_int_fits(DType::Int64, i64_min) && !python_int_fits(DType::UInt64, i64_min));
  CHECK(!python_int_fits(DType::UInt64, wide) && python_int_fits(DType::Float32, wide));
  CHECK_EQ(python_int_overflow_message(DType::UInt8, {false, 300}), "Python integer 300 out of bounds for uint8");
  CHECK_EQ(python_int_overflow_message(DType::Int8, below_i8), "Python integer -129 out of bounds for int8");
}
