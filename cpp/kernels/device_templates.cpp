// SPDX-License-Identifier: BSD-3-Clause
// The device-template table and its glue (Note [Device templates]).
#include "kernels/device_templates.hpp"

#include <cctype>
#include <initializer_list>
#include <stdexcept>

#include "core/dtype.hpp"
#include "jit/raw_module.hpp"
#include "kernels/op_cache.hpp"

namespace gpuarray {
namespace {

struct Choice {
  std::string key;   // what the caller passes: "float32", "XORWOW"
  std::string text;  // the C++ it stands for; may name an earlier parameter as {Name}
  const char* header = nullptr;  // a header the type needs (float16, complex)
};

struct TypeParam {
  const char* name;  // {Name} in the row's texts
  std::vector<Choice> choices;
};

struct Row {
  const char* name;
  const char* header;
  const char* params;    // the kernel's parameters, in terms of {Name}
  const char* function;  // the template called with the parameters' names, in order
  std::vector<TypeParam> type_params;
  LaunchBounds bounds;   // the row's own; a caller's non-zero values replace them
};

Choice dtype_choice(DType dt) {
  const DTypeInfo& info = dtype_info(dt);
  const char* header = is_small_float(dt)                   ? small_float_header(dt)
                       : info.kind == DTypeKind::Complex ? "gpuarray/complex.cuh"
                                                          : nullptr;
  return {info.name, info.cpp_name, header};
}

std::vector<Choice> dtypes(std::initializer_list<DType> list) {
  std::vector<Choice> choices;
  for (DType dt : list) choices.push_back(dtype_choice(dt));
  return choices;
}

std::vector<Choice> all_dtypes() {
  std::vector<Choice> choices;
  for (int i = 0; i < kNumDTypes; ++i) choices.push_back(dtype_choice(static_cast<DType>(i)));
  return choices;
}

using D = DType;

const std::vector<Row>& table() {
  static const std::vector<Row> rows = {
      // numpy.correlate / convolve: one output tile per block (Note [Direct correlation]).
      {"correlate", "gpuarray/correlate.cuh",
       "const {T}* a, long long m, const {T}* w, long long n, {T}* z, long long length, long long offset",
       "ga::correlate::direct<{T}>", {{"T", all_dtypes()}}, {256, 0}},
      // Integer and bool matmul with NumPy's wrapping (cuBLAS has no such gemm).
      {"int_matmul", "gpuarray/int_matmul.cuh",
       "const {T}* a, const {T}* b, {T}* c, long long m, long long n, long long k, long long batch, "
       "long long a_batch, long long a_row, long long a_col, long long b_batch, long long b_row, long long b_col",
       "ga::int_matmul::matmul<{T}>",
       {{"T", dtypes({D::Bool, D::Int8, D::Int16, D::Int32, D::Int64, D::UInt8, D::UInt16, D::UInt32, D::UInt64})}},
       {}},
      // Gauss-Jordan inverses of small matrices, one block per matrix.
      {"small_inverse", "gpuarray/small_inverse.cuh", "const {T}* a, {T}* out, int* info, int n, long long batch",
       "ga::small_inverse::invert<{T}>", {{"T", dtypes({D::Float32, D::Float64, D::Complex64, D::Complex128})}}, {}},
      // x = P^T x for getrf's 1-based pivots.
      {"row_swaps", "gpuarray/row_swaps.cuh", "{T}* x, const {P}* pivots, int n, long long batch",
       "ga::row_swaps::undo<{T}, {P}>",
       {{"T", dtypes({D::Float32, D::Float64, D::Complex64, D::Complex128})}, {"P", dtypes({D::Int32, D::Int64})}},
       {}},
      // numpy.packbits / unpackbits over the last axis of C-contiguous rows.
      {"packbits", "gpuarray/bits.cuh", "const unsigned char* in, unsigned char* out, long long rows, long long n",
       "ga::bits::pack<{Order}>",
       {{"Order", {{"big", "ga::bits::Big"}, {"little", "ga::bits::Little"}}}}, {256, 0}},
      {"unpackbits", "gpuarray/bits.cuh",
       "const unsigned char* in, unsigned char* out, long long rows, long long m, long long count",
       "ga::bits::unpack<{Order}>",
       {{"Order", {{"big", "ga::bits::Big"}, {"little", "ga::bits::Little"}}}}, {256, 0}},
      // The bulk random streams (Note [Bulk streams] in random_bulk.cuh): the
      // caller gives the launch bounds of its launch shape.
      {"bulk_fill", "gpuarray/random_bulk.cuh",
       "unsigned int* state, unsigned long long key, unsigned long long offset, long long threads, {T}* out, "
       "long long n, double shift, double scale",
       "ga::bulk::fill<{Generator}, {Output}>",
       {{"Generator",
         {{"XORWOW", "ga::bulk::Xorwow"}, {"MRG32k3a", "ga::bulk::Mrg32k3a"},
          {"Philox4x32_10", "ga::bulk::CounterPhilox"},
          // in a stream capture: the offset read from device memory (Note [Replayed host state])
          {"Philox4x32_10@replayed", "ga::bulk::ReplayedPhilox"}}},
        {"T", dtypes({D::Float32, D::Float64, D::UInt32, D::UInt64})},
        {"Output",
         {{"uniform", "ga::bulk::Uniform<{T}>"}, {"normal", "ga::bulk::Normal<{T}>"},
          {"lognormal", "ga::bulk::LogNormal<{T}>"}, {"raw", "ga::bulk::Raw<{T}>"}}}},
       {}},
      // gpuarray.scipy.ndimage: a 1-D correlation along one axis with SciPy's boundary
      // modes, weights as an argument; a rank filter by quickselect over footprint offsets.
      {"ndimage_correlate1d", "gpuarray/ndimage/filters.cuh",
       "const {T}* in, {T}* out, long long outer, long long n, long long inner, const {T}* w, int taps, int before, "
       "int mode, {T} cval",
       "ga::ndimage::correlate1d<{T}>", {{"T", dtypes({D::Float32, D::Float64})}}, {256, 0}},
      {"ndimage_uniform1d", "gpuarray/ndimage/filters.cuh",
       "const {T}* in, {T}* out, long long outer, long long n, long long inner, int size, int before, int mode, "
       "{T} cval, int chunk",
       "ga::ndimage::uniform1d<{T}>", {{"T", dtypes({D::Float32, D::Float64})}}, {256, 0}},
      {"ndimage_rank", "gpuarray/ndimage/filters.cuh",
       "const {T}* in, {T}* out, long long size, int ndim, const long long* shape, const long long* deltas, "
       "int count, int rank, int mode, {T} cval",
       "ga::ndimage::rank<{T}, {Taps}>",
       {{"T", dtypes({D::Int8, D::Int16, D::Int32, D::Int64, D::UInt8, D::UInt16, D::UInt32, D::UInt64, D::Float32,
                      D::Float64})},
        {"Taps", {{"32", "32"}, {"1024", "1024"}}}},
       {256, 0}},
      {"ndimage_rank_small", "gpuarray/ndimage/filters.cuh",
       "const {T}* in, {T}* out, long long size, int ndim, const long long* shape, const long long* deltas, "
       "int count, int rank, int mode, {T} cval",
       "ga::ndimage::rank_small<{T}, {Taps}>",
       {{"T", dtypes({D::Int8, D::Int16, D::Int32, D::Int64, D::UInt8, D::UInt16, D::UInt32, D::UInt64, D::Float32,
                      D::Float64})},
        {"Taps", {{"9", "9"}}}},
       {256, 0}},
      // gpuarray.scipy.ndimage.label: union-find by compare-and-swap, then every parent to its root.
      {"ndimage_label_merge", "gpuarray/ndimage/label.cuh",
       "const {M}* mask, long long* parent, long long size, int ndim, const long long* shape, "
       "const long long* deltas, int count",
       "ga::ndimage::label_merge<{M}>", {{"M", dtypes({D::Bool})}}, {256, 0}},
      {"ndimage_label_flatten", "gpuarray/ndimage/label.cuh", "const {M}* mask, long long* parent, long long size",
       "ga::ndimage::label_flatten<{M}>", {{"M", dtypes({D::Bool})}}, {256, 0}},
      {"bulk_seed", "gpuarray/random_bulk.cuh", "unsigned int* state, unsigned long long seed, long long threads",
       "ga::bulk::seed<{Generator}>",
       {{"Generator", {{"XORWOW", "ga::bulk::Xorwow"}, {"MRG32k3a", "ga::bulk::Mrg32k3a"}}}}, {}},
  };
  return rows;
}

const Row& find_row(std::string_view name) {
  for (const Row& row : table())
    if (name == row.name) return row;
  std::string names;
  for (const Row& row : table()) names += std::string(names.empty() ? "" : ", ") + row.name;
  throw std::invalid_argument("device template '" + std::string(name) + "': no such row (rows: " + names + ")");
}

std::string substitute(std::string text, const std::vector<std::pair<std::string, std::string>>& values) {
  for (const auto& [name, value] : values) {
    const std::string placeholder = "{" + name + "}";
    for (std::size_t at = text.find(placeholder); at != std::string::npos;
         at = text.find(placeholder, at + value.size()))
      text.replace(at, placeholder.size(), value);
  }
  return text;
}

// The names of a parameter list: the last identifier of each comma-separated item.
std::string argument_names(std::string_view params) {
  std::string names;
  std::size_t start = 0;
  while (start <= params.size()) {
    std::size_t end = params.find(',', start);
    if (end == std::string_view::npos) end = params.size();
    std::string_view item = params.substr(start, end - start);
    std::size_t last = item.find_last_not_of(' ');
    std::size_t first = last;
    while (first > 0 && (std::isalnum(static_cast<unsigned char>(item[first - 1])) || item[first - 1] == '_')) --first;
    names += std::string(names.empty() ? "" : ", ") + std::string(item.substr(first, last - first + 1));
    start = end + 1;
  }
  return names;
}

std::string symbol_part(const std::string& key) {
  std::string part;
  for (char c : key) part += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return part;
}

}  // namespace

DeviceTemplateSource device_template_source(std::string_view row_name, const std::vector<std::string>& args,
                                            LaunchBounds bounds) {
  const Row& row = find_row(row_name);
  if (args.size() != row.type_params.size())
    throw std::invalid_argument("device template '" + std::string(row_name) + "': takes " +
                                std::to_string(row.type_params.size()) + " type arguments, got " +
                                std::to_string(args.size()));
  std::vector<std::pair<std::string, std::string>> values;
  std::string symbol = std::string("ga_") + row.name, includes;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const TypeParam& param = row.type_params[i];
    const Choice* chosen = nullptr;
    for (const Choice& choice : param.choices)
      if (choice.key == args[i]) chosen = &choice;
    if (chosen == nullptr) {
      std::string keys;
      for (const Choice& choice : param.choices) keys += (keys.empty() ? "" : ", ") + choice.key;
      throw std::invalid_argument("device template '" + std::string(row_name) + "': " + param.name + " = '" +
                                  args[i] + "' is not one of " + keys);
    }
    if (chosen->header && includes.find(chosen->header) == std::string::npos)
      includes += std::string("#include \"") + chosen->header + "\"\n";
    values.emplace_back(param.name, substitute(chosen->text, values));
    symbol += "_" + symbol_part(args[i]);
  }
  const int max_threads = bounds.max_threads ? bounds.max_threads : row.bounds.max_threads;
  const int min_blocks = bounds.min_blocks ? bounds.min_blocks : row.bounds.min_blocks;
  std::string launch_bounds;
  if (max_threads)
    launch_bounds = "__launch_bounds__(" + std::to_string(max_threads) +
                    (min_blocks ? ", " + std::to_string(min_blocks) : std::string()) + ") ";
  std::string source = includes + "#include \"" + row.header + "\"\n" + "extern \"C\" __global__ void " +
                       launch_bounds + symbol + "(" + substitute(row.params, values) + ") {\n  " +
                       substitute(row.function, values) + "(" + argument_names(row.params) + ");\n}\n";
  return {std::move(symbol), std::move(source)};
}

const std::vector<std::string>& device_template_options() {
  static const std::vector<std::string> options = {"-std=c++17"};
  return options;
}

std::shared_ptr<jit::KernelFunction> device_template_kernel(std::string_view row, const std::vector<std::string>& args,
                                                           LaunchBounds bounds) {
  // One module per instance, made once; the module compiles on first use and
  // keeps one library per device (jit/raw_module.hpp).
  struct Instance {
    std::shared_ptr<jit::RawModule> module;
    std::string symbol;
  };
  static OpCache<std::string, Instance> instances;
  std::string key(row);
  for (const std::string& arg : args) key += "," + arg;
  key += "," + std::to_string(bounds.max_threads) + "," + std::to_string(bounds.min_blocks);
  const Instance& instance = instances.find_or_make(key, [&] {
    DeviceTemplateSource glue = device_template_source(row, args, bounds);
    jit::CompileRequest request{std::move(glue.source), device_template_options(), {}, jit::Backend::Nvrtc,
                                glue.symbol};
    return Instance{jit::RawModule::from_source(std::move(request), false), std::move(glue.symbol)};
  });
  return instance.module->get_function(instance.symbol);
}

}  // namespace gpuarray
