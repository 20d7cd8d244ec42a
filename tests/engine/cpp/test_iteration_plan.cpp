// SPDX-License-Identifier: BSD-3-Clause
// The elementwise IterationPlan (kernels/iteration_plan.hpp) from operand
// descriptions alone: broadcasting and its errors, the plan kinds, dimension
// order and coalescing, flipped negative strides, 0-d and empty operands,
// vector and index widths, the launch configuration, and the division magic
// the strided kernels divide by. tests/engine/test_iteration_plan.py checks the same
// plans' element visits against NumPy.
#include <random>
#include <stdexcept>
#include <string>

#include "check.hpp"
#include "kernels/elementwise_args.hpp"
#include "operands.hpp"

using namespace gpuarray;
using namespace gpuarray::test;

namespace {

std::vector<std::int64_t> sizes_of(const IterationPlan& p) {
  std::vector<std::int64_t> sizes;
  for (int d = 0; d < p.ndim(); ++d) sizes.push_back(p.size(d));
  return sizes;
}

std::vector<std::int64_t> strides_of(const IterationPlan& p, int op) {
  std::vector<std::int64_t> strides;
  for (int d = 0; d < p.ndim(); ++d) strides.push_back(p.stride(op, d));
  return strides;
}

using Dims = std::vector<std::int64_t>;

}  // namespace

TEST(plan_broadcast_result_shape) {
  const IterationPlan p = make_plan({{{4, 1, 3}, {0, 0, 0}}, {{2, 1}, {0, 0}}, dense({4, 2, 3}, DType::Float32, true)});
  CHECK_EQ(p.result_ndim(), 3);
  CHECK_EQ(p.result_shape(0), 4);
  CHECK_EQ(p.result_shape(1), 2);
  CHECK_EQ(p.result_shape(2), 3);
  CHECK_EQ(p.numel(), 24);
}

TEST(plan_broadcast_error_names_every_shape_like_numpy) {
  CHECK_THROWS(make_plan({dense({2, 3}), dense({4}), dense({}, DType::Float32, true)}), std::invalid_argument,
               "operands could not be broadcast together with shapes (2,3) (4,) () ");
}

TEST(plan_output_must_have_the_broadcast_shape) {
  CHECK_THROWS(make_plan({dense({2, 3}), dense({3}), dense({1, 3}, DType::Float32, true)}), std::invalid_argument,
               "non-broadcastable output operand with shape (1,3) doesn't match the broadcast shape (2,3)");
}

TEST(plan_operand_and_dimension_limits) {
  CHECK_THROWS(make_plan(std::vector<Operand>(17, dense({3}))), std::invalid_argument,
               "1 to 16 array operands, got 17");
  CHECK_THROWS(make_plan({{Dims(65, 1), Dims(65, 4)}}), std::invalid_argument, "65 dimensions; at most 64");
}

TEST(plan_c_contiguous_coalesces_to_one_flat_loop) {
  const IterationPlan p = make_plan({dense({4, 5, 6}), dense({4, 5, 6}), dense({4, 5, 6}, DType::Float32, true)});
  CHECK_EQ(p.kind(), PlanKind::Contiguous);
  CHECK_EQ(sizes_of(p), Dims({120}));
  CHECK_EQ(strides_of(p, 2), Dims({4}));
  CHECK_EQ(p.vector_width(), 4);
  CHECK_EQ(p.index_width(), IndexWidth::Int32);
  CHECK_EQ(p.output_mask(), 4u);
}

TEST(plan_transposed_output_is_written_in_memory_order) {
  // in: (5, 6) C order; out: (5, 6) column-major. The output's order wins.
  const IterationPlan p = make_plan({dense({5, 6}), {{5, 6}, {4, 20}, DType::Float32, kBase + 4096, true}});
  CHECK_EQ(p.kind(), PlanKind::Strided);
  CHECK_EQ(sizes_of(p), Dims({5, 6}));
  CHECK_EQ(strides_of(p, 1), Dims({4, 20}));
  CHECK_EQ(strides_of(p, 0), Dims({24, 4}));
}

TEST(plan_steps_keep_the_dimensions_they_break) {
  // Every other row of a (6, 8) array: rows stay contiguous, 2-row gaps.
  const IterationPlan p = make_plan({{{3, 8}, {64, 4}}, dense({3, 8}, DType::Float32, true, kBase + 4096)});
  CHECK_EQ(p.kind(), PlanKind::Strided);
  CHECK_EQ(sizes_of(p), Dims({8, 3}));
  CHECK_EQ(strides_of(p, 0), Dims({4, 64}));
  CHECK_EQ(strides_of(p, 1), Dims({4, 32}));
}

TEST(plan_negative_strides_everywhere_are_flipped_to_ascending) {
  // root[::-1, ::-1] of a (3, 4) float32 array: data at its last element.
  const Operand flipped{{3, 4}, {-16, -4}, DType::Float32, kBase + 44};
  Operand out = flipped;
  out.is_output = true;
  const IterationPlan p = make_plan({flipped, out});
  CHECK_EQ(p.kind(), PlanKind::Contiguous);
  CHECK_EQ(p.data(0), kBase);
  CHECK_EQ(p.data(1), kBase);
  CHECK_EQ(p.vector_width(), 4);
}

TEST(plan_negative_stride_on_one_operand_only_stays_strided) {
  const IterationPlan p = make_plan({{{10}, {-4}, DType::Float32, kBase + 36}, dense({10}, DType::Float32, true, kBase + 4096)});
  CHECK_EQ(p.kind(), PlanKind::Strided);
  CHECK_EQ(p.ndim(), 1);
  CHECK_EQ(strides_of(p, 0), Dims({-4}));
  CHECK_EQ(p.data(0), kBase + 36);
}

TEST(plan_zero_strides_broadcast_without_copies) {
  const IterationPlan p = make_plan({dense({3, 1}), dense({1, 4}), dense({3, 4}, DType::Float32, true)});
  CHECK_EQ(p.kind(), PlanKind::Strided);
  CHECK_EQ(sizes_of(p), Dims({4, 3}));
  CHECK_EQ(strides_of(p, 0), Dims({0, 4}));
  CHECK_EQ(strides_of(p, 1), Dims({4, 0}));
  CHECK_EQ(strides_of(p, 2), Dims({4, 16}));
}

TEST(plan_broadcast_scalar_keeps_the_flat_vector_loop) {
  const IterationPlan p =
      make_plan({dense({50, 60}), dense({}, DType::Float64, false, kBase + 8), dense({50, 60}, DType::Float32, true)});
  CHECK_EQ(p.kind(), PlanKind::Contiguous);
  CHECK_EQ(p.broadcast_mask(), 2u);
  CHECK_EQ(p.vector_width(), 4);  // the broadcast operand's alignment and size do not count
}

TEST(plan_zero_dim_is_one_element) {
  const IterationPlan p = make_plan({dense({}, DType::Complex128), dense({}, DType::Complex128, true)});
  CHECK_EQ(p.kind(), PlanKind::Contiguous);
  CHECK_EQ(p.numel(), 1);
  CHECK_EQ(sizes_of(p), Dims({1}));
  CHECK_EQ(p.broadcast_mask(), 0u);
  CHECK_EQ(p.launch_config(132).grid, 1u);
}

TEST(plan_empty_launches_nothing) {
  for (const Dims& shape : {Dims{0}, Dims{3, 0}, Dims{0, 5, 2}}) {
    const IterationPlan p = make_plan({dense(shape), dense(Dims(shape.size(), 1)), dense(shape, DType::Float32, true)});
    CHECK_EQ(p.kind(), PlanKind::Empty);
    CHECK_EQ(p.numel(), 0);
    CHECK_EQ(p.launch_config(132).grid, 0u);
  }
}

TEST(plan_size_one_dims_are_dropped_whatever_their_strides) {
  const IterationPlan p = make_plan({{{3, 1, 4}, {16, 12345, 4}}, {{3, 1, 4}, {16, -7, 4}, DType::Float32, kBase, true}});
  CHECK_EQ(p.kind(), PlanKind::Contiguous);
  CHECK_EQ(sizes_of(p), Dims({12}));
}

TEST(plan_many_gapped_dims_stay_strided_with_an_exact_ndim) {
  Operand in{Dims(20, 2), Dims(20)}, out = dense(Dims(20, 2), DType::Float32, true, std::uintptr_t{1} << 44);
  std::int64_t stride = 4;
  for (int k = 19; k >= 0; --k, stride *= 3) in.strides[k] = stride;  // a gap in every dimension
  const IterationPlan p = make_plan({in, out});
  CHECK_EQ(p.kind(), PlanKind::Strided);
  CHECK_EQ(p.ndim(), 20);
}

TEST(plan_vector_width_is_common_and_aligned) {
  struct Case {
    DType a, b;
    std::uintptr_t offset_a;
    int want;
  };
  const Case cases[] = {
      {DType::Float32, DType::Float32, 0, 4},  {DType::Float32, DType::Float32, 4, 1},
      {DType::Float32, DType::Float32, 8, 2},  {DType::UInt8, DType::UInt8, 0, 16},
      {DType::UInt8, DType::UInt8, 3, 1},      {DType::UInt8, DType::Float64, 2, 2},
      {DType::Float16, DType::Float32, 8, 4},  {DType::Complex128, DType::Complex128, 0, 1},
      {DType::Complex64, DType::Float32, 0, 2},
  };
  for (const Case& c : cases) {
    const IterationPlan p = make_plan({dense({1000}, c.a, false, kBase + c.offset_a), dense({1000}, c.b, true)});
    CHECK_EQ(p.kind(), PlanKind::Contiguous);
    CHECK_EQ(p.vector_width(), c.want);
  }
  CHECK_EQ(make_plan({{{10}, {8}}, dense({10}, DType::Float32, true)}).vector_width(), 1);  // strided
}

TEST(plan_index_width_follows_elements_or_byte_extent) {
  const std::int64_t big = std::int64_t{1} << 31;
  CHECK_EQ(make_plan({dense({big - 1}, DType::Int8), dense({big - 1}, DType::Int8, true)}).index_width(),
           IndexWidth::Int32);
  CHECK_EQ(make_plan({dense({big}, DType::Int8), dense({big}, DType::Int8, true)}).index_width(), IndexWidth::Int64);
  // 1000 x 1000 elements with rows 4 MB apart reach ~4 GB of offsets.
  CHECK_EQ(make_plan({{{1000, 1000}, {4'000'000, 4}}, dense({1000, 1000}, DType::Float32, true)}).index_width(),
           IndexWidth::Int64);
  CHECK_EQ(make_plan({{{1000, 1000}, {400'000, 4}}, dense({1000, 1000}, DType::Float32, true)}).index_width(),
           IndexWidth::Int32);
  // Negative offsets count too: 2^31 - 1 bytes back fits, 2^31 does not.
  CHECK_EQ(make_plan({{{2, 3}, {-(big - 1), 4}}, dense({2, 3}, DType::Float32, true)}).index_width(),
           IndexWidth::Int32);
  CHECK_EQ(make_plan({{{2, 3}, {-big, 4}}, dense({2, 3}, DType::Float32, true)}).index_width(), IndexWidth::Int64);
}

TEST(plan_launch_config) {
  struct Case {
    std::int64_t n;
    int sm;
    bool strided;
    unsigned grid;
  };
  const Case cases[] = {
      {1, 132, false, 1},           {1024, 132, false, 1},         {1025, 132, false, 2},
      {100'000'000, 16, false, 97657}, {2, 132, true, 1},          {257, 132, true, 2},
      {100'000'000, 132, true, 132 * 8}, {100'000'000, 16, true, 128},
  };
  for (const Case& c : cases) {
    const IterationPlan p = make_plan({{{c.n}, {c.strided ? 8 : 4}}, dense({c.n}, DType::Float32, true)});
    CHECK_EQ(p.kind(), c.strided ? PlanKind::Strided : PlanKind::Contiguous);
    const LaunchConfig cfg = p.launch_config(c.sm);
    CHECK_EQ(cfg.grid, c.grid);
    CHECK_EQ(cfg.block, 256u);
  }
}

// Strided kernels divide an element index n < 2^31 by each size d as
// (((n * magic) >> 32) + n) >> shift: exact for every such n and d.
TEST(plan_division_magic_divides_exactly) {
  std::mt19937_64 rng(7);
  std::vector<std::uint32_t> divisors = {1, 2, 3, 5, 7, 10, 255, 256, 257, 1000, 65535, 65536, 65537,
                                         (1u << 30) - 1, 1u << 30, (1u << 30) + 1, (1u << 31) - 1};
  for (std::uint32_t d = 1; d <= 1000; ++d) divisors.push_back(d);
  for (int i = 0; i < 1000; ++i) divisors.push_back(1 + rng() % ((1u << 31) - 1));
  int wrong = 0;
  for (std::uint32_t d : divisors) {
    const DivisionMagic m = division_magic(d);
    std::vector<std::uint64_t> ns = {0, 1, d - 1u, d, d + 1u, (1u << 31) - 1, (1u << 31) - 2};
    for (int i = 0; i < 300; ++i) ns.push_back(rng() % (1u << 31));
    for (std::uint64_t n : ns) {
      if (n >= (1u << 31)) continue;
      const std::uint64_t q = (((n * m.magic) >> 32) + n) >> m.shift;
      if (q != n / d && ++wrong <= 5) CHECK_EQ(q, n / d);
    }
  }
  CHECK_EQ(wrong, 0);
  CHECK_THROWS(division_magic(0), std::invalid_argument, "");
}
