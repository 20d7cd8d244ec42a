// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/ufunc_methods.hpp"

#include <stdexcept>
#include <string>
#include <vector>

#include "jit/raw_module.hpp"
#include "kernels/op_cache.hpp"
#include "kernels/type_headers.hpp"
#include "kernels/ufunc_op.hpp"

namespace gpuarray {
namespace {

constexpr int kThreads = 256;  // _methods/ufunc_methods.py's block

const UfuncLoop& loop_at(const UfuncDef& def, int loop_index) {
  if (loop_index < 0 || loop_index >= static_cast<int>(def.loops.size()))
    throw std::out_of_range("ufunc '" + def.name + "' has " + std::to_string(def.loops.size()) + " loops, not " +
                            std::to_string(loop_index + 1));
  return def.loops[loop_index];
}

// The headers of the types involved, then the loop's preamble (which uses them).
std::string type_headers(const std::vector<DType>& dtypes) {
  TypeHeaders headers;
  for (DType dt : dtypes) headers.note(dt);
  return headers.includes();
}

// The functor `name` computing out0 of type `out` from in0 (and in1).
std::string op_functor(const char* name, DType out, DType in0, std::optional<DType> in1,
                       const std::string& expression) {
  const char* o = dtype_info(out).cpp_name;
  return std::string("struct ") + name + " {\n  __device__ __forceinline__ " + o + " operator()(const " +
         dtype_info(in0).cpp_name + " in0" + (in1 ? std::string(", const ") + dtype_info(*in1).cpp_name + " in1" : "") +
         ") const {\n    " + o + " out0;\n    " + expression + "\n    return out0;\n  }\n};\n";
}

// The hardware atomic (a ga::ufunc_methods::Native) that computes exactly
// what the loop computes on the target, or nullptr. Only where the loop is
// the target's own type: integer add/subtract/bitwise ops wrap alike in
// unsigned words, max/min compare in the signed or unsigned type, float64
// and complex128 (per part) add round as the loop does. float32 is left to
// CAS: PTX's atom.add.f32 may flush subnormals.
const char* native_update(const UfuncDef& def, const UfuncLoop& loop, DType target) {
  for (int i = 0; i < def.nin; ++i)
    if (loop.in[i] != target) return nullptr;
  if (loop.out[0] != target) return nullptr;
  const DTypeInfo& info = dtype_info(target);
  const std::string& name = def.name;
  if ((info.kind == DTypeKind::SignedInt || info.kind == DTypeKind::UnsignedInt) && info.itemsize >= 4) {
    if (name == "add") return "Add";
    if (name == "subtract") return "Subtract";
    if (name == "bitwise_and") return "And";
    if (name == "bitwise_or") return "Or";
    if (name == "bitwise_xor") return "Xor";
    if (name == "maximum") return "Max";
    if (name == "minimum") return "Min";
  }
  if (target == DType::Float64 || target == DType::Complex128) {
    if (name == "add") return "Add";
    if (name == "subtract") return "Subtract";
  }
  return nullptr;
}

std::shared_ptr<jit::RawModule> module_of(const DeviceTemplateSource& glue) {
  jit::CompileRequest request{glue.source, ufunc_method_options(), {}, jit::Backend::Nvrtc, glue.symbol};
  return jit::RawModule::from_source(std::move(request), false);
}

}  // namespace

const std::vector<std::string>& ufunc_method_options() {
  static const std::vector<std::string> options = {"-std=c++17", "-fmad=false"};
  return options;
}

UfuncAtSource ufunc_at_source(const UfuncDef& def, int loop_index, DType target, std::optional<DType> value) {
  const UfuncLoop& loop = loop_at(def, loop_index);
  const bool binary = value.has_value();
  if (def.nout != 1 || def.nin != (binary ? 2 : 1))
    throw std::invalid_argument("ufunc '" + def.name + "'.at takes " + std::to_string(def.nin) + " inputs and one "
                                "output, not " + (binary ? "2" : "1"));
  UfuncInput inputs[2] = {{false, target}, {false, value.value_or(target)}};
  const ElementwiseOp op = ufunc_loop_op(def, loop, inputs, &target);
  const char* native = binary ? native_update(def, loop, target) : nullptr;

  std::vector<DType> dtypes = {target, loop.out[0]};
  for (int i = 0; i < def.nin; ++i) dtypes.push_back(loop.in[i]);
  if (binary) dtypes.push_back(*value);
  const char* t = dtype_info(target).cpp_name;
  const std::string v = binary ? dtype_info(*value).cpp_name : "";
  std::string symbol = "ga_at_" + def.key() + "_l" + std::to_string(loop_index) + "_" + dtype_name(target) +
                       (binary ? std::string("_") + dtype_name(*value) : "");
  std::string source = "// " + def.name + ".at on " + dtype_name(target) + " through loop " +
                       std::to_string(loop_index) + (native ? " (hardware atomic)\n" : " (CAS loop)\n") +
                       type_headers(dtypes) + op.preamble + "\n#include \"gpuarray/ufunc_methods.cuh\"\n";
  std::string call;
  if (native) {
    call = std::string("ga::ufunc_methods::at_native<ga::ufunc_methods::Native::") + native + ", " + t +
           ">(a, offsets, b, b_step, n)";
  } else {
    source += "namespace {\n" + op_functor("ga_at_op", target, target, value, op.expression) + "}  // namespace\n";
    call = binary ? std::string("ga::ufunc_methods::at_binary<") + t + ", " + v + ", ga_at_op>(a, offsets, b, b_step, n)"
                  : std::string("ga::ufunc_methods::at_unary<") + t + ", ga_at_op>(a, offsets, n)";
  }
  source += "extern \"C\" __global__ void __launch_bounds__(" + std::to_string(kThreads) + ") " + symbol +
            "(char* a, const long long* offsets" + (binary ? ", const " + v + "* b, long long b_step" : "") +
            ", long long n) {\n  " + call + ";\n}\n";
  return {{std::move(symbol), std::move(source)}, native != nullptr};
}

DeviceTemplateSource ufunc_reduceat_source(const UfuncDef& def, int loop_index) {
  const UfuncLoop& loop = loop_at(def, loop_index);
  if (def.nin != 2 || def.nout != 1)
    throw std::invalid_argument("ufunc '" + def.name + "'.reduceat needs a binary ufunc with one output");
  const DType dt = loop.out[0];
  UfuncInput inputs[2] = {{false, dt}, {false, dt}};
  const ElementwiseOp op = ufunc_loop_op(def, loop, inputs, &dt);
  const char* t = dtype_info(dt).cpp_name;
  std::string symbol = "ga_reduceat_" + def.key() + "_" + dtype_name(dt);
  std::string source = "// " + def.name + ".reduceat in " + dtype_name(dt) + "\n" + type_headers({dt}) +
                       op.preamble + "\n#include \"gpuarray/ufunc_methods.cuh\"\nnamespace {\n" +
                       op_functor("ga_reduceat_op", dt, dt, dt, op.expression) + "}  // namespace\n" +
                       "extern \"C\" __global__ void __launch_bounds__(" + std::to_string(kThreads) + ") " + symbol +
                       "(const " + t + "* x, const long long* starts, " + t +
                       "* out, long long inner, long long m, long long n, long long total) {\n" +
                       "  ga::ufunc_methods::reduceat<" + t + ", ga_reduceat_op>(x, starts, out, inner, m, n, total);\n}\n";
  return {std::move(symbol), std::move(source)};
}

UfuncAtKernel ufunc_at_kernel(const UfuncDef& def, int loop_index, DType target, std::optional<DType> value) {
  struct Instance {
    std::shared_ptr<jit::RawModule> module;
    std::string symbol;
    bool native;
  };
  static OpCache<std::string, Instance> instances;
  const std::string key = def.key() + "," + std::to_string(loop_index) + "," + dtype_name(target) + "," +
                          (value ? dtype_name(*value) : "-");
  const Instance& instance = instances.find_or_make(key, [&] {
    UfuncAtSource at = ufunc_at_source(def, loop_index, target, value);
    return Instance{module_of(at.glue), at.glue.symbol, at.native};
  });
  return {instance.module->get_function(instance.symbol), instance.native};
}

std::shared_ptr<jit::KernelFunction> ufunc_reduceat_kernel(const UfuncDef& def, int loop_index) {
  struct Instance {
    std::shared_ptr<jit::RawModule> module;
    std::string symbol;
  };
  static OpCache<std::string, Instance> instances;
  const Instance& instance = instances.find_or_make(def.key() + "," + std::to_string(loop_index), [&] {
    DeviceTemplateSource glue = ufunc_reduceat_source(def, loop_index);
    return Instance{module_of(glue), glue.symbol};
  });
  return instance.module->get_function(instance.symbol);
}

}  // namespace gpuarray
