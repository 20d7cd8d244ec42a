// SPDX-License-Identifier: BSD-3-Clause
// A kernel's declared parameters, read once per kernel so that a launch can
// convert Python scalars to the declared types. Two sources: the __global__
// declaration in the source (extern "C" kernels), or the demangled lowered
// name (C++ kernels and templates from name_expressions, whose mangled names
// carry the parameter types after template substitution).
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "jit/param_type.hpp"

namespace gpuarray::jit {

struct ParamDecl {
  ParamType type;
  std::string name;  // empty when the declaration names none
};

struct KernelSignature {
  std::vector<ParamDecl> params;
};

// "const float* x": the parameter as declared.
std::string describe_param(const ParamDecl& param);

// The non-template __global__ function `name` declared in `source`; nullopt
// when there is none (a macro-generated kernel, a template) or it cannot be
// read. typedef and using aliases declared in the source are resolved.
std::optional<KernelSignature> parse_kernel_signature(std::string_view source, std::string_view name);

// abi::__cxa_demangle of an Itanium-mangled name ("_Z3addIfEvPT_" reads
// "void add<float>(float*)"); empty when it does not demangle.
std::string demangle(const std::string& mangled);

// The parameters of the function a mangled name denotes; nullopt when the
// name does not demangle to a function.
std::optional<KernelSignature> signature_from_mangled_name(const std::string& mangled);

}  // namespace gpuarray::jit
