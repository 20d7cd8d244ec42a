// SPDX-License-Identifier: BSD-3-Clause
// scipy.special's rows (ExactOrLinear) against SciPy's own loop choice over a
// grid of operand dtypes and Python scalars: special_loop_choice_scipy.inc,
// written by tools/gen_special_loop_choice.py from
// numpy.ufunc.resolve_dtypes of SciPy 1.18's ufuncs, so that the engine
// build checks what tests/scipy/special/test_special_table.py checks only
// where SciPy 1.18 is installed.
#include <string>
#include <vector>

#include "check.hpp"
#include "kernels/ufunc_resolution.hpp"

using namespace gpuarray;

namespace {

struct SciPyChoices {
  const char* name;
  const char* loops;    // SciPy's loops the table keeps, in its order, space-separated
  const char* choices;  // per combination: a loop's index, '-' none, '.' a dropped loop, ' ' not asked
};

const SciPyChoices kChoices[] = {
#include "special_loop_choice_scipy.inc"
};

// The grid of tools/gen_special_loop_choice.py: dtypes by NumPy's char, then
// 'N' (a Python int) and 'R' (a Python float).
std::string grid(int nin) { return std::string(nin == 3 ? "?bhlHLefd" : "?bhilBHILefd") + "NR"; }

PromotionOperand operand(char c) {
  if (c == 'N') return {DType::Bool, ScalarKind::Int};
  if (c == 'R') return {DType::Bool, ScalarKind::Float};
  for (int d = 0; d < kNumDTypes; ++d)
    if (dtype_info(static_cast<DType>(d)).type_char == c) return {static_cast<DType>(d)};
  return {DType::Bool};
}

std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> words;
  std::string word;
  for (char c : text + " ") {
    if (c != ' ') {
      word += c;
    } else if (!word.empty()) {
      words.push_back(word);
      word.clear();
    }
  }
  return words;
}

}  // namespace

TEST(ufunc_resolution_scipy_special_matches_scipy_grid) {
  int checked = 0;
  for (const SciPyChoices& row : kChoices) {
    const UfuncDef* def = find_ufunc(row.name, UfuncModule::ScipySpecial);
    CHECK(def != nullptr);
    if (def == nullptr) continue;
    const std::vector<std::string> loops = split(row.loops);
    std::vector<std::string> table;
    std::string spelled_table;
    for (const UfuncLoop& l : def->loops) {
      table.push_back(l.signature(def->nin, def->nout));
      spelled_table += (spelled_table.empty() ? "" : " ") + table.back();
    }
    CHECK_EQ(std::string(row.name) + " " + spelled_table, std::string(row.name) + " " + row.loops);
    const std::string letters = grid(def->nin);
    const std::string choices = row.choices;
    int n = 1;
    for (int i = 0; i < def->nin; ++i) n *= static_cast<int>(letters.size());
    CHECK_EQ(static_cast<int>(choices.size()), n);
    for (int k = 0; k < n && k < static_cast<int>(choices.size()); ++k) {
      const char want = choices[k];
      if (want == ' ' || want == '.') continue;
      PromotionOperand ops[kMaxUfuncInputs];
      std::string spelled;  // the operands, most significant first (itertools.product's order)
      for (int i = def->nin - 1, rest = k; i >= 0; --i, rest /= static_cast<int>(letters.size())) {
        ops[i] = operand(letters[rest % letters.size()]);
        spelled = letters[rest % letters.size()] + spelled;
      }
      const int chosen = resolve_ufunc_loop(*def, ops);
      const std::string got = chosen < 0 ? "none" : table[chosen];
      const std::string expected = want == '-' ? "none" : loops[want - '0'];
      if (got != expected) {
        const std::string call = std::string(row.name) + "(" + spelled + ") ";
        CHECK_EQ(call + got, call + expected);
      }
      ++checked;
    }
  }
  CHECK(checked > 25000);
}
