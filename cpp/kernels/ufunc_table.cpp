// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/ufunc_table.hpp"

#include <stdexcept>

namespace gpuarray {
namespace {

DType loop_dtype(char c, std::string_view signatures) {
  auto dt = dtype_from_char(c);
  if (!dt)
    throw std::invalid_argument("ufunc loops '" + std::string(signatures) + "': no dtype for '" + std::string(1, c) +
                                "'");
  return *dt;
}

// The ufuncs NumPy does not resolve by linear search (Note [Ufunc loop resolution]).
struct NamedResolver {
  const char* name;
  UfuncResolver resolver;
};
constexpr NamedResolver kResolvers[] = {
    {"add", UfuncResolver::Uniform},         {"subtract", UfuncResolver::Uniform},
    {"multiply", UfuncResolver::Uniform},    {"maximum", UfuncResolver::Uniform},
    {"minimum", UfuncResolver::Uniform},     {"fmax", UfuncResolver::Uniform},
    {"fmin", UfuncResolver::Uniform},        {"bitwise_and", UfuncResolver::Uniform},
    {"bitwise_or", UfuncResolver::Uniform},  {"bitwise_xor", UfuncResolver::Uniform},
    {"gcd", UfuncResolver::Uniform},         {"lcm", UfuncResolver::Uniform},
    {"negative", UfuncResolver::Uniform},    {"positive", UfuncResolver::Uniform},
    {"sign", UfuncResolver::Uniform},        {"divide", UfuncResolver::TrueDivide},
    {"logical_and", UfuncResolver::Logical}, {"logical_or", UfuncResolver::Logical},
    {"logical_xor", UfuncResolver::Logical}, {"ldexp", UfuncResolver::LinearWeakKind},
};

UfuncResolver resolver_of(const UfuncDef& def) {
  // SciPy's ufuncs list their loops double first: NumPy takes the loop of
  // exactly the inputs' dtypes before searching (Note [Ufunc loop resolution]).
  if (def.module == UfuncModule::ScipySpecial) return UfuncResolver::ExactOrLinear;
  for (const auto& r : kResolvers)
    if (def.name == r.name) return r.resolver;
  return UfuncResolver::Linear;
}

}  // namespace

const char* ufunc_module_name(UfuncModule module) {
  return module == UfuncModule::ScipySpecial ? "scipy.special" : "numpy";
}

std::string UfuncDef::key() const { return module == UfuncModule::NumPy ? name : "scipy_special_" + name; }

std::string UfuncLoop::signature(int nin, int nout) const {
  std::string s;
  for (int i = 0; i < nin; ++i) s += dtype_info(in[i]).type_char;
  s += "->";
  for (int i = 0; i < nout; ++i) s += dtype_info(out[i]).type_char;
  return s;
}

std::vector<UfuncLoop> make_loops(std::string_view signatures, int nin, int nout,
                                  const std::function<std::string(const UfuncLoop&)>& body) {
  std::vector<UfuncLoop> loops;
  std::size_t pos = 0;
  while (pos < signatures.size()) {
    if (signatures[pos] == ' ') {
      ++pos;
      continue;
    }
    const std::size_t end = std::min(signatures.find(' ', pos), signatures.size());
    const std::string_view sig = signatures.substr(pos, end - pos);
    if (sig.size() != static_cast<std::size_t>(nin + 2 + nout) || sig.substr(nin, 2) != "->")
      throw std::invalid_argument("ufunc loop '" + std::string(sig) + "' is not of the form " +
                                  std::string(nin, 'x') + "->" + std::string(nout, 'y'));
    UfuncLoop loop;
    for (int i = 0; i < nin; ++i) loop.in[i] = loop_dtype(sig[i], signatures);
    for (int i = 0; i < nout; ++i) loop.out[i] = loop_dtype(sig[nin + 2 + i], signatures);
    loop.expression = body(loop);
    loops.push_back(std::move(loop));
    pos = end;
  }
  // Every float16 loop has a bfloat16 twin, after all of NumPy's loops so
  // that theirs keep NumPy's indices (Note [bfloat16]).
  const std::size_t numpy_loops = loops.size();
  for (std::size_t l = 0; l < numpy_loops; ++l) {
    UfuncLoop twin = loops[l];
    bool float16 = false;
    auto swap = [&](DType& dt) {
      if (dt != DType::Float16) return;
      dt = DType::BFloat16;
      float16 = true;
    };
    for (DType& dt : twin.in) swap(dt);
    for (DType& dt : twin.out) swap(dt);
    if (!float16) continue;
    twin.expression = body(twin);
    loops.push_back(std::move(twin));
  }
  return loops;
}

const std::vector<UfuncDef>& all_ufuncs() {
  static const std::vector<UfuncDef> table = [] {
    std::vector<UfuncDef> all = arithmetic_ufuncs();
    for (auto& u : math_ufuncs()) all.push_back(std::move(u));
    for (auto& u : special_ufuncs()) {
      u.module = UfuncModule::ScipySpecial;
      all.push_back(std::move(u));
    }
    for (auto& u : all) u.resolver = resolver_of(u);
    return all;
  }();
  return table;
}

const UfuncDef* find_ufunc(std::string_view name, UfuncModule module) {
  for (const auto& u : all_ufuncs())
    if (u.module == module && u.name == name) return &u;
  return nullptr;
}

}  // namespace gpuarray
