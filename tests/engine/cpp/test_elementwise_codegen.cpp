// SPDX-License-Identifier: BSD-3-Clause
// Generated elementwise kernels (kernels/elementwise_codegen.hpp) as text:
// the cast expressions between dtypes, the includes a source needs, kernel
// names unique per key, and NVRTC (which needs no GPU) compiling each plan
// kind for sm_90 without a warning. tests/engine/test_elementwise_codegen.py also
// runs the generated loops on the host against NumPy.
#include <regex>
#include <string>

#include "check.hpp"
#include "jit/include_paths.hpp"
#include "kernels/cast_expressions.hpp"
#include "kernels/elementwise_codegen.hpp"
#include "kernels/nvrtc_check.hpp"
#include "operands.hpp"

using namespace gpuarray;
using namespace gpuarray::test;

namespace {

struct Generated {
  std::string name;
  std::string source;
};

Generated generate(const std::vector<Operand>& ops, const std::string& expression, std::vector<DType> scalars = {},
                   bool reads_outputs = false) {
  const ElementwiseOp op = ElementwiseOp::make("k", expression, "", reads_outputs);
  const IterationPlan plan = make_plan(ops);
  const ElementwiseKernelKey key = make_kernel_key(op, plan, scalars.data(), static_cast<int>(scalars.size()));
  return {elementwise_kernel_name(op, key), elementwise_kernel_source(op, key)};
}

std::vector<std::string> includes_of(const std::string& source) {
  std::vector<std::string> found;
  const std::regex include("#include.*");
  for (auto it = std::sregex_iterator(source.begin(), source.end(), include); it != std::sregex_iterator(); ++it)
    found.push_back(it->str());
  return found;
}

// NVRTC compiles `source` for sm_90 against the package's device headers
// (GPUARRAY_TEST_INCLUDE_DIR, set by CMake) and the toolkit's.
void check_compiles(const Generated& g) {
  std::vector<std::string> options = {"--gpu-architecture=sm_90", "--std=c++17",
                                      "-I" GPUARRAY_TEST_INCLUDE_DIR};
  for (const std::string& dir : jit::toolkit_include_dirs()) options.push_back("-I" + dir);
  const NvrtcCheckResult r = nvrtc_compile_check(g.source, "kernel.cu", options);
  CHECK(r.ok);
  CHECK(r.log.find("warning") == std::string::npos);
  if (!r.ok || r.log.find("warning") != std::string::npos)
    CHECK_EQ(g.source + "\n" + r.log, std::string("a clean compilation"));
}

}  // namespace

TEST(codegen_cast_expressions) {
  struct Case {
    DType src, dst;
    const char* want;
  };
  const Case cases[] = {
      {DType::Float32, DType::Bool, "(x != 0)"},
      {DType::Float16, DType::Bool, "(__half2float(x) != 0.0f)"},
      {DType::Complex128, DType::Bool, "((x).real() != 0 || (x).imag() != 0)"},
      {DType::Float64, DType::Int32, "(int)(x)"},
      {DType::Float16, DType::Int64, "(long long)__half2float(x)"},
      {DType::Complex64, DType::Float64, "(double)(x).real()"},
      {DType::Int64, DType::Float16, "__float2half_rn((float)(x))"},
      {DType::Float64, DType::Float16, "__double2half(x)"},
      {DType::Float32, DType::Float16, "__float2half_rn(x)"},
      {DType::Complex128, DType::Float16, "__double2half((x).real())"},
      {DType::Int32, DType::Complex64, "ga::complex<float>((float)(x), (float)0)"},
      {DType::Float16, DType::Complex128, "ga::complex<double>((double)__half2float(x), (double)0)"},
      {DType::Complex64, DType::Complex128, "ga::complex<double>((double)(x).real(), (double)(x).imag())"},
      {DType::Bool, DType::UInt8, "(unsigned char)(x)"},
      {DType::UInt16, DType::UInt16, "x"},
  };
  for (const Case& c : cases) CHECK_EQ(cast_expression(c.src, c.dst, "x"), std::string(c.want));
}

TEST(codegen_cast_and_fill_ops) {
  CHECK_EQ(cast_op(DType::Float32, DType::Float32).name, "copy_float32");
  CHECK_EQ(cast_op(DType::Float32, DType::Float32).expression, "out0 = in0;");
  CHECK_EQ(cast_op(DType::Float64, DType::Bool).name, "cast_float64_bool");
  CHECK_EQ(cast_op(DType::Float64, DType::Bool).expression, "out0 = (in0 != 0);");
  CHECK_EQ(fill_op(DType::Float16).name, "fill_float16");
  CHECK_EQ(fill_op(DType::Float16).expression, "out0 = s0;");
}

TEST(codegen_includes_only_the_type_headers_it_needs) {
  const auto plain = includes_of(generate({dense({10}), dense({10}, DType::Float32, true)}, "out0 = in0;").source);
  CHECK_EQ(plain, std::vector<std::string>{"#include \"gpuarray/elementwise.cuh\""});
  const std::string mixed =
      generate({dense({10}, DType::Float16), dense({10}, DType::Complex64, true)}, "out0 = in0;").source;
  CHECK(mixed.find("#include \"gpuarray/half.cuh\"") != std::string::npos);
  CHECK(mixed.find("#include \"gpuarray/complex.cuh\"") != std::string::npos);
}

TEST(codegen_sources_are_deterministic_and_names_unique_per_key) {
  const std::vector<Operand> base = {dense({4, 5}), dense({4, 5}, DType::Float32, true)};
  CHECK_EQ(generate(base, "out0 = in0;").source, generate(base, "out0 = in0;").source);
  const std::vector<std::vector<Operand>> variants = {
      base,
      {dense({4, 5}, DType::Float64), base[1]},
      {dense({4, 5}, DType::Float32, false, kBase + 4), base[1]},      // vector width 1
      {{{4, 5}, {40, 4}}, base[1]},                                    // strided
      {{{4, 5, 6}, {400, 28, 4}}, dense({4, 5, 6}, DType::Float32, true)},  // strided, 3 dims
      {dense({std::int64_t{1} << 31}, DType::Int8), dense({std::int64_t{1} << 31}, DType::Int8, true)},  // 64-bit
      {dense({}), dense({4, 5}), base[1]},                             // broadcast
  };
  std::vector<std::string> names;
  for (const auto& v : variants) names.push_back(generate(v, "out0 = in0;").name);
  names.push_back(generate(base, "out0 = -in0;").name);
  names.push_back(generate(base, "out0 = in0 * s0;", {DType::Float32}).name);
  const std::regex form("ga_ew_k_[0-9a-f]{16}_\\w+");
  for (std::size_t i = 0; i < names.size(); ++i) {
    CHECK(std::regex_match(names[i], form));
    for (std::size_t j = 0; j < i; ++j) CHECK(names[i] != names[j]);
  }
}

TEST(codegen_each_plan_kind_compiles) {
  check_compiles(generate({dense({1000}), dense({1000}, DType::Float32, true)}, "out0 = in0 * 2;"));
  check_compiles(generate({{{3, 6}, {64, 8}, DType::Float32}, dense({3, 6}, DType::Float64, true)}, "out0 = in0;"));
  check_compiles(generate({dense({}, DType::Float16), dense({50, 60}, DType::Complex64),
                           dense({50, 60}, DType::Complex64, true)},
                          "out0 = in1 * (float)in0 + s0;", {DType::Complex64}));
  check_compiles(generate({{{1000, 1000}, {4'000'000, 4}}, dense({1000, 1000}, DType::Float32, true)},
                          "out0 = in0;"));  // 64-bit offsets
  // Tiled: a transposed read into a dense output, large enough to stage.
  const Operand transposed{{256, 256}, {4, 1024}};
  const Generated tiled = generate({transposed, dense({256, 256}, DType::Float32, true)}, "out0 = in0;");
  CHECK(make_plan({transposed, dense({256, 256}, DType::Float32, true)}).kind() == PlanKind::Tiled);
  check_compiles(tiled);
  check_compiles(generate({dense({7}, DType::Int8), dense({7}, DType::Int8, true)}, "out0 = out0 + in0;", {},
                          true));  // reads its output
}
