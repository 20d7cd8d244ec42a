// SPDX-License-Identifier: BSD-3-Clause
// The device-template table (kernels/device_templates.hpp): the glue of every
// instance the package launches compiles with NVRTC for sm_90 without a
// warning, launch bounds reach the PTX, and bad rows or arguments are refused
// with the row and the accepted keys in the message.
#include <string>
#include <vector>

#include "check.hpp"
#include "jit/include_paths.hpp"
#include "kernels/device_templates.hpp"
#include "kernels/nvrtc_check.hpp"

using namespace gpuarray;

namespace {

struct Instance {
  std::string row;
  std::vector<std::string> args;
  LaunchBounds bounds;
};

// What python/gpuarray launches: _math/correlation.py, linalg/_int_matmul, linalg/_small_inverse,
// linalg/_row_swaps, _bits, random/_bulk (with its default launch shape) and scipy/ndimage/_kernels.
std::vector<Instance> launched_instances() {
  std::vector<Instance> list;
  for (const char* t : {"bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16",
                        "float32", "float64", "complex64", "complex128"})
    list.push_back({"correlate", {t}, {}});
  for (const char* t : {"bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"})
    list.push_back({"int_matmul", {t}, {}});
  for (const char* t : {"float32", "float64", "complex64", "complex128"}) {
    list.push_back({"small_inverse", {t}, {}});
    for (const char* p : {"int32", "int64"}) list.push_back({"row_swaps", {t, p}, {}});
  }
  for (const char* order : {"big", "little"}) {
    list.push_back({"packbits", {order}, {}});
    list.push_back({"unpackbits", {order}, {}});
  }
  for (const char* g : {"XORWOW", "MRG32k3a", "Philox4x32_10", "Philox4x32_10@replayed"}) {
    for (const char* out : {"uniform", "normal", "lognormal"})
      for (const char* t : {"float32", "float64"}) list.push_back({"bulk_fill", {g, t, out}, {512, 2}});
    for (const char* t : {"uint32", "uint64"}) list.push_back({"bulk_fill", {g, t, "raw"}, {512, 2}});
  }
  for (const char* g : {"XORWOW", "MRG32k3a"}) list.push_back({"bulk_seed", {g}, {}});
  for (const char* t : {"float32", "float64"}) {
    list.push_back({"ndimage_correlate1d", {t}, {}});
    list.push_back({"ndimage_uniform1d", {t}, {}});
  }
  for (const char* t :
       {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float32", "float64"}) {
    for (const char* taps : {"32", "1024"}) list.push_back({"ndimage_rank", {t, taps}, {}});
    list.push_back({"ndimage_rank_small", {t, "9"}, {}});
  }
  list.push_back({"ndimage_label_merge", {"bool"}, {}});
  list.push_back({"ndimage_label_flatten", {"bool"}, {}});
  return list;
}

std::vector<std::string> nvrtc_options() {
  std::vector<std::string> options = {"--gpu-architecture=sm_90", "-I" GPUARRAY_TEST_INCLUDE_DIR};
  for (const std::string& option : device_template_options()) options.push_back(option);
  for (const std::string& dir : jit::toolkit_include_dirs()) options.push_back("-I" + dir);
  return options;
}

}  // namespace

TEST(device_templates_every_launched_instance_compiles) {
  const std::vector<std::string> options = nvrtc_options();
  for (const Instance& instance : launched_instances()) {
    const DeviceTemplateSource glue = device_template_source(instance.row, instance.args, instance.bounds);
    const NvrtcCheckResult r = nvrtc_compile_check(glue.source, glue.symbol + ".cu", options);
    const bool clean = r.ok && r.log.find("warning") == std::string::npos;
    if (!clean) CHECK_EQ(glue.source + "\n" + r.log, std::string("a clean compilation"));
    CHECK(r.ptx.find(".entry " + glue.symbol + "(") != std::string::npos);
  }
}

TEST(device_templates_glue_names_and_bounds) {
  const DeviceTemplateSource fill = device_template_source("bulk_fill", {"XORWOW", "float32", "normal"}, {128, 8});
  CHECK_EQ(fill.symbol, std::string("ga_bulk_fill_XORWOW_float32_normal"));
  CHECK(fill.source.find("__launch_bounds__(128, 8)") != std::string::npos);
  CHECK(fill.source.find("ga::bulk::fill<ga::bulk::Xorwow, ga::bulk::Normal<float>>(state, key, offset, threads, "
                         "out, n, shift, scale)") != std::string::npos);
  // A row's own bounds, and float16's header before the row's.
  const DeviceTemplateSource half = device_template_source("correlate", {"float16"});
  CHECK(half.source.find("__launch_bounds__(256) ") != std::string::npos);
  CHECK(half.source.find("#include \"gpuarray/half.cuh\"") < half.source.find("gpuarray/correlate.cuh"));
  CHECK(half.source.find("const __half* a") != std::string::npos);
  const NvrtcCheckResult r = nvrtc_compile_check(fill.source, "fill.cu", nvrtc_options());
  CHECK(r.ptx.find(".maxntid 128") != std::string::npos);
  CHECK(r.ptx.find(".minnctapersm 8") != std::string::npos);
  CHECK(r.ptx.find("st.global.v4.f32") != std::string::npos);  // whole chunks are one 16-byte store
}

TEST(device_templates_refuse_bad_rows_and_arguments) {
  CHECK_THROWS(device_template_source("gemm", {"float32"}), std::invalid_argument, "no such row (rows: correlate");
  CHECK_THROWS(device_template_source("row_swaps", {"float32"}), std::invalid_argument,
               "takes 2 type arguments, got 1");
  CHECK_THROWS(device_template_source("small_inverse", {"float16"}), std::invalid_argument,
               "T = 'float16' is not one of float32, float64, complex64, complex128");
  CHECK_THROWS(device_template_source("bulk_seed", {"Philox4x32_10"}), std::invalid_argument,
               "Generator = 'Philox4x32_10' is not one of XORWOW, MRG32k3a");
}
