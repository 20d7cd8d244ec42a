// SPDX-License-Identifier: BSD-3-Clause
// Ufunc loop resolution (Note [Ufunc loop resolution]) on the engine's own
// tables: NumPy's choice for representative operands, weak Python scalars,
// the refusals, and the tables' consistency. tests/engine/test_ufunc_resolution.py
// compares every ufunc and operand pair with numpy.ufunc.resolve_dtypes.
#include <string>

#include "check.hpp"
#include "kernels/ufunc_resolution.hpp"

using namespace gpuarray;

namespace {

PromotionOperand strong(DType dt) { return {dt}; }
PromotionOperand weak(ScalarKind kind) { return {DType::Bool, kind}; }

// The chosen loop as NumPy spells it ("ff->f"), or "none".
std::string loop(const char* name, std::initializer_list<PromotionOperand> inputs,
                 UfuncModule module = UfuncModule::NumPy) {
  const UfuncDef* def = find_ufunc(name, module);
  if (def == nullptr) return std::string("no ufunc ") + name;
  if (static_cast<int>(inputs.size()) != def->nin) return "wrong operand count";
  const int i = resolve_ufunc_loop(*def, inputs.begin());
  return i < 0 ? "none" : def->loops[i].signature(def->nin, def->nout);
}

}  // namespace

TEST(ufunc_resolution_numpy_choices) {
  CHECK_EQ(loop("add", {strong(DType::Int8), strong(DType::UInt8)}), "hh->h");
  CHECK_EQ(loop("add", {strong(DType::Int64), strong(DType::UInt64)}), "dd->d");
  CHECK_EQ(loop("add", {strong(DType::Bool), strong(DType::Bool)}), "\?\?->?");
  CHECK_EQ(loop("multiply", {strong(DType::Float16), strong(DType::Int16)}), "ff->f");
  CHECK_EQ(loop("sqrt", {strong(DType::Int16)}), "f->f");
  CHECK_EQ(loop("sqrt", {strong(DType::UInt8)}), "e->e");
  CHECK_EQ(loop("divide", {strong(DType::Int32), strong(DType::Int32)}), "dd->d");
  CHECK_EQ(loop("less", {strong(DType::Float32), strong(DType::Float64)}), "dd->?");
}

// scipy.special's rows (ExactOrLinear) in SciPy 1.18's loop order, float before
// double: small integers and float16 take the float loop, int32 the double one.
TEST(ufunc_resolution_scipy_special) {
  const UfuncModule special = UfuncModule::ScipySpecial;
  CHECK_EQ(loop("erf", {strong(DType::Float32)}, special), "f->f");
  CHECK_EQ(loop("erf", {strong(DType::Int32)}, special), "d->d");
  CHECK_EQ(loop("erf", {strong(DType::Float16)}, special), "f->f");
  CHECK_EQ(loop("erfinv", {strong(DType::Int8)}, special), "f->f");
  CHECK_EQ(loop("beta", {strong(DType::Float32), weak(ScalarKind::Float)}, special), "ff->f");
  CHECK_EQ(loop("poch", {strong(DType::Float32), weak(ScalarKind::Float)}, special), "ff->f");
  CHECK_EQ(loop("kn", {strong(DType::Int32), strong(DType::Float32)}, special), "ld->d");
  CHECK_EQ(loop("cbrt", {strong(DType::Float16)}), "e->e");  // NumPy's cbrt is another row
  CHECK_EQ(loop("cbrt", {strong(DType::Float16)}, special), "f->f");
  CHECK(find_ufunc("erf") == nullptr);
}

TEST(ufunc_resolution_weak_scalars) {
  CHECK_EQ(loop("add", {strong(DType::Float32), weak(ScalarKind::Int)}), "ff->f");
  CHECK_EQ(loop("add", {weak(ScalarKind::Float), strong(DType::Int8)}), "dd->d");
  CHECK_EQ(loop("add", {strong(DType::UInt8), weak(ScalarKind::Int)}), "BB->B");
  CHECK_EQ(loop("add", {strong(DType::Bool), weak(ScalarKind::Int)}), "ll->l");
  CHECK_EQ(loop("multiply", {strong(DType::Float32), weak(ScalarKind::Complex)}), "FF->F");
}

TEST(ufunc_resolution_refusals) {
  CHECK_EQ(loop("bitwise_and", {strong(DType::Float32), strong(DType::Float32)}), "none");
  CHECK_EQ(loop("negative", {strong(DType::Bool)}), "none");
  CHECK_EQ(loop("invert", {strong(DType::Float64)}), "none");
  CHECK(find_ufunc("no_such_ufunc") == nullptr);
}

// Every loop is reachable: its own input dtypes resolve to a loop with the
// same inputs (an earlier duplicate, never another signature).
TEST(ufunc_resolution_every_loop_resolves_its_own_inputs) {
  int checked = 0;
  for (const UfuncDef& def : all_ufuncs()) {
    CHECK(!def.loops.empty());
    for (const UfuncLoop& l : def.loops) {
      PromotionOperand ops[kMaxUfuncInputs];
      for (int i = 0; i < def.nin && i < kMaxUfuncInputs; ++i) ops[i] = strong(l.in[i]);
      const int chosen = resolve_ufunc_loop(def, ops);
      if (chosen < 0) {
        CHECK_EQ(def.name + " " + l.signature(def.nin, def.nout), std::string("resolved"));
        continue;
      }
      bool same_inputs = true;
      for (int i = 0; i < def.nin; ++i) same_inputs &= def.loops[chosen].in[i] == l.in[i];
      if (!same_inputs)
        CHECK_EQ(def.name + " " + def.loops[chosen].signature(def.nin, def.nout), def.name + " " + l.signature(def.nin, def.nout));
      ++checked;
    }
  }
  CHECK(checked > 500);
}
