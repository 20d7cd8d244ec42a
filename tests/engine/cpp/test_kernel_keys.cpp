// SPDX-License-Identifier: BSD-3-Clause
// What changes a kernel's key and what does not: the in-memory key of an
// elementwise kernel (kernels/elementwise_kernel_key.hpp), which must ignore
// sizes and addresses so that one compiled kernel serves every array of a
// layout, and the disk cache's key text (Note [Kernel cache key]), which must
// name everything that decides the binary and nothing that varies from
// machine to machine.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "check.hpp"
#include "jit/cache_key.hpp"
#include "jit/include_paths.hpp"
#include "kernels/elementwise_kernel_key.hpp"
#include "operands.hpp"

using namespace gpuarray;
using namespace gpuarray::test;
namespace fs = std::filesystem;

namespace {

ElementwiseKernelKey key_of(const std::vector<Operand>& ops, const std::string& expression = "out0 = in0;",
                            std::vector<DType> scalars = {}) {
  const ElementwiseOp op = ElementwiseOp::make("k", expression);
  return make_kernel_key(op, make_plan(ops), scalars.data(), static_cast<int>(scalars.size()));
}

const char* kSaxpy = "extern \"C\" __global__ void saxpy(float a, float* x) { x[threadIdx.x] *= a; }\n";

jit::KernelCacheKey cache_key(const jit::CompileRequest& request, const char* arch = "sm_90",
                              jit::KeyUse use = jit::KeyUse::Cache) {
  return jit::make_cache_key(request, jit::parse_arch(arch), use);
}

jit::CompileRequest saxpy() {
  jit::CompileRequest r;
  r.source = kSaxpy;
  r.name = "saxpy";
  return r;
}

// A folder of device headers for the cache key to hash, removed at the end.
struct HeaderDir {
  fs::path root;
  explicit HeaderDir(const std::string& contents) {
    static int made = 0;
    root = fs::temp_directory_path() /
           ("gpuarray_key_test_" + std::to_string(::getpid()) + "_" + std::to_string(made++));
    fs::create_directories(root / "gpuarray");
    write(contents);
  }
  ~HeaderDir() {
    std::error_code ec;
    fs::remove_all(root, ec);
  }
  void write(const std::string& contents) const { std::ofstream(root / "gpuarray" / "a.cuh") << contents; }
};

}  // namespace

TEST(keys_elementwise_ignore_sizes_and_addresses) {
  const ElementwiseKernelKey a = key_of({{{10, 20}, {80, 4}}, dense({10, 20}, DType::Float32, true)});
  const ElementwiseKernelKey b =
      key_of({{{30, 40}, {160, 4}, DType::Float32, kBase + 64}, dense({30, 40}, DType::Float32, true, kBase + 64)});
  CHECK(a == b);
  CHECK_EQ(a.hash(), b.hash());
}

TEST(keys_elementwise_change_with_structure) {
  const std::vector<Operand> base = {dense({10, 20}), dense({10, 20}, DType::Float32, true)};
  const ElementwiseKernelKey k = key_of(base);
  CHECK(k != key_of({dense({10, 20}), dense({10, 20}, DType::Float64, true)}));           // a dtype
  CHECK(k != key_of({{{10, 20}, {160, 4}}, dense({10, 20}, DType::Float32, true)}));      // strided
  CHECK(k != key_of({dense({10, 20}, DType::Float32, false, kBase + 4), base[1]}));        // vector width
  CHECK(k != key_of({dense({}), base[1]}));                                                // broadcast
  CHECK(k != key_of({dense({10, 20}), dense({10, 20}), base[1]}));                         // operand count
  CHECK(k != key_of(base, "out0 = -in0;"));                                                // expression
  CHECK(k != key_of(base, "out0 = in0;", {DType::Float32}));                               // a scalar
  CHECK(key_of(base, "out0 = in0;", {DType::Float32}) != key_of(base, "out0 = in0;", {DType::Float64}));
  const std::int64_t big = std::int64_t{1} << 31;
  CHECK(key_of({dense({big}, DType::Int8), dense({big}, DType::Int8, true)}) !=
        key_of({dense({big - 1}, DType::Int8), dense({big - 1}, DType::Int8, true)}));  // index width
  // An operand's role counts: the same dtypes with the output first.
  CHECK(k != key_of({dense({10, 20}, DType::Float32, true), dense({10, 20})}));
}

TEST(keys_elementwise_op_identity_is_its_content) {
  const ElementwiseOp a = ElementwiseOp::make("k", "out0 = in0;");
  CHECK_EQ(a.hash, ElementwiseOp::make("k", "out0 = in0;").hash);
  CHECK(a.hash != ElementwiseOp::make("k", "out0 = in0;", "#define X").hash);
  CHECK(a.hash != ElementwiseOp::make("k", "out0 = in0;", "", true).hash);
  CHECK(a.hash != ElementwiseOp::make("k", "out0 = in0;", "", false, true).hash);
  CHECK_THROWS(ElementwiseOp::make("a-b", "out0 = in0;"), std::invalid_argument, "may only hold letters");
}

TEST(keys_cache_text_changes_with_each_part) {
  const jit::KernelCacheKey k = cache_key(saxpy());
  jit::CompileRequest r = saxpy();
  r.source += "\n";
  CHECK(cache_key(r).hash != k.hash);
  r = saxpy();
  r.options = {"-DX=1"};
  CHECK(cache_key(r).hash != k.hash);
  r = saxpy();
  r.name_expressions = {"saxpy"};
  CHECK(cache_key(r).hash != k.hash);
  CHECK(cache_key(saxpy(), "sm_80").hash != k.hash);
  CHECK(cache_key(saxpy(), "compute_90").hash != k.hash);
  CHECK(cache_key(saxpy(), "sm_90a").hash != k.hash);
  // Fields are length-prefixed: an option cannot pose as the source's end.
  jit::CompileRequest a = saxpy(), b = saxpy();
  a.options = {"-DA", "-DB"};
  b.options = {"-DA -DB"};
  CHECK(cache_key(a).hash != cache_key(b).hash);
}

TEST(keys_cache_ignores_the_kernel_name_and_machine_paths) {
  const jit::KernelCacheKey k = cache_key(saxpy());
  jit::CompileRequest renamed = saxpy();
  renamed.name = "another";
  CHECK_EQ(cache_key(renamed).text, k.text);
  for (const std::string& dir : jit::toolkit_include_dirs()) CHECK(k.text.find(dir) == std::string::npos);
  CHECK(k.text.find("compiler[") != std::string::npos);
  CHECK(k.text.rfind("source[" + std::to_string(std::string(kSaxpy).size()) + "] ", std::string::npos) !=
        std::string::npos);
  CHECK_EQ(k.file_name().size(), std::size_t{16 + 7});
  CHECK(k.file_name().substr(16) == ".kernel");
}

TEST(keys_cache_hashes_the_device_headers_not_their_folder) {
  HeaderDir one("#pragma once\n"), two("#pragma once\n");
  jit::set_device_header_dir(one.root.string());
  const jit::KernelCacheKey k1 = cache_key(saxpy());
  CHECK(k1.text.find("-I<gpuarray device headers>") != std::string::npos);
  CHECK(k1.text.find(one.root.string()) == std::string::npos);
  jit::set_device_header_dir(two.root.string());
  CHECK_EQ(cache_key(saxpy()).text, k1.text);  // same contents elsewhere: same key
  two.write("#pragma once\n// changed\n");
  jit::set_device_header_dir(two.root.string());
  CHECK(cache_key(saxpy()).hash != k1.hash);
  jit::set_device_header_dir("");
}

TEST(keys_prebuilt_name_no_nvrtc_version) {
  const std::string cache = cache_key(saxpy()).text;
  const std::string prebuilt = cache_key(saxpy(), "sm_90", jit::KeyUse::Prebuilt).text;
  CHECK(cache.find("compiler[5] nvrtc\n") == std::string::npos);
  CHECK(prebuilt.find("compiler[5] nvrtc\n") != std::string::npos);
}
