// SPDX-License-Identifier: BSD-3-Clause
// Ufuncs as data, as NumPy's generate_umath: each is a name, its arity, its
// identity and its loops in NumPy's order ('ff->f' rows), and each loop has
// a per-element body. Nothing else about a ufunc is code: type resolution
// (ufunc_resolution), kernel generation (ufunc_op) and launching go through
// the elementwise engine like every other op.
#pragma once
#include <array>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/dtype.hpp"

namespace gpuarray {

inline constexpr int kMaxUfuncInputs = 3;
inline constexpr int kMaxUfuncOutputs = 2;

// How NumPy picks a loop for the inputs (Note [Ufunc loop resolution]).
enum class UfuncResolver : std::uint8_t { Linear, Uniform, TrueDivide, Logical, LinearWeakKind, ExactOrLinear };

// The module a ufunc belongs to: names are unique within one (scipy.special
// has its own cbrt, exp2, expm1, log1p, ...).
enum class UfuncModule : std::uint8_t { NumPy, ScipySpecial };
const char* ufunc_module_name(UfuncModule module);  // "numpy" or "scipy.special"


// NumPy's identities (PyUFunc_Zero, ...): what reduce starts from.
enum class UfuncIdentity : std::uint8_t { None, Zero, One, MinusOne, MinusInfinity, ReorderableNone };

// One loop: the dtypes its body computes in, and the body. The body reads
// x0, x1, ... (const, of the loop's input types) and assigns y0, y1, ... (of
// its output types); the generated kernel casts array operands and scalars
// to the x types and the y values to the outputs' dtypes around it.
struct UfuncLoop {
  std::array<DType, kMaxUfuncInputs> in{};
  std::array<DType, kMaxUfuncOutputs> out{};
  std::string expression;

  std::string signature(int nin, int nout) const;  // NumPy's spelling: "ff->f"
};

struct UfuncDef {
  std::string name;  // NumPy's: "add", "true_divide", ...
  int nin = 1;
  int nout = 1;
  UfuncIdentity identity = UfuncIdentity::None;
  std::vector<UfuncLoop> loops;  // NumPy's order: resolution takes the first that fits
  std::string preamble;          // device code the bodies use (#include lines)
  UfuncResolver resolver = UfuncResolver::Linear;  // set by all_ufuncs (ufunc_table.cpp)
  UfuncModule module = UfuncModule::NumPy;

  // The name, qualified when the module is not NumPy ("scipy_special_cbrt"):
  // what the kernel symbols and cache keys of the ufunc methods use.
  std::string key() const;
};

// Loops from NumPy's type strings, separated by spaces ("bb->b BB->B ff->f";
// dtype chars as numpy.dtype().char, 'l'/'q' both int64); `body` gives each
// loop's expression. Each loop with a float16 type gets a bfloat16 twin, after
// all the given loops (Note [bfloat16] in core/dtype.hpp). Throws std::invalid_argument for a malformed string.
std::vector<UfuncLoop> make_loops(std::string_view signatures, int nin, int nout,
                                  const std::function<std::string(const UfuncLoop&)>& body);

// The tables, defined in ufuncs_*.cpp, one file per family.
std::vector<UfuncDef> arithmetic_ufuncs();  // ufuncs_arithmetic.cpp
std::vector<UfuncDef> math_ufuncs();        // ufuncs_math.cpp
std::vector<UfuncDef> special_ufuncs();     // ufuncs_special.cpp: scipy.special's

// Every ufunc of every module, built once; nullptr when `module` has no ufunc `name`.
const std::vector<UfuncDef>& all_ufuncs();
const UfuncDef* find_ufunc(std::string_view name, UfuncModule module = UfuncModule::NumPy);

}  // namespace gpuarray
