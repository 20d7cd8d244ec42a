// SPDX-License-Identifier: BSD-3-Clause
// The arithmetic, comparison, logical, bitwise, rounding and extremum ufuncs.
// Loops are NumPy 2's `ufunc.types`, in its order, restricted to gpuarray's
// dtypes ('q'/'Q' loops dropped where the 'l'/'L' one exists; the mixed
// 'qQ'/'Qq' comparisons stay). Duplicates (power's second 'ff->f', ...) are
// kept so that loop indices match NumPy's. Bodies are one template per kind
// of the loop's first input; the edge-case logic lives in
// gpuarray/ufunc_arith.cuh.
//
// Where the device differs from NumPy (tests/ufuncs/test_ufuncs_arithmetic.py checks
// the rest exactly):
// - integer division, modulo and reciprocal by zero give 0, without NumPy's
//   warning; integer power with a negative exponent gives 1/a**-b truncated
//   (1, +-1 or 0) where NumPy raises ValueError;
// - float power, complex absolute and sign (hypot) and complex power use
//   CUDA's libm: within its documented ulps of NumPy's, not bit-equal;
// - complex power with a non-integral exponent is exp(b log a), without C99's
//   cpow rules for inf and NaN parts;
// - complex products round each real product (NumPy's portable loop; its
//   AVX-512 loop fuses them, which differs in the last bit and on overflow);
// - the sign of a zero from maximum(+0, -0) and its kin, which NumPy leaves
//   to the path taken.
#include <stdexcept>

#include "kernels/ufunc_table.hpp"

namespace gpuarray {
namespace {

using Id = UfuncIdentity;

// Body templates: $0, $1 are the inputs, $y0, $y1 the outputs (used only by
// two-output ufuncs, whose templates are statements; single-output templates
// are expressions assigned to y0). A null kind has no loops.
struct Forms {
  const char* b = nullptr;  // bool
  const char* i = nullptr;  // integers
  const char* f = nullptr;  // float, double, and the 16-bit floats computed in float
  const char* c = nullptr;  // complex
  const char* h = nullptr;  // float16 on its own (bit patterns), when not via float
  const char* m = nullptr;  // int64 against uint64 ('qQ->?'): neither converts to the other
  const char* e = nullptr;  // bfloat16 on its own (bit patterns), when not via float
};

struct Row {
  const char* name;
  int nin, nout;
  Id identity;
  const char* loops;
  Forms forms;
};

// Substitutes the template. 16-bit float values go through float (NumPy
// computes float16 in float32 and rounds once per operation, ml_dtypes does
// the same for bfloat16), unless `raw`.
std::string fill(const char* form, const UfuncLoop& loop, bool raw) {
  auto input = [&](int k) {
    const std::string x = "x" + std::to_string(k);
    return (!raw && is_small_float(loop.in[k])) ? small_float_to_float(loop.in[k]) + ("(" + x + ")") : x;
  };
  std::string s;
  for (const char* p = form; *p != '\0'; ++p) {
    if (*p != '$') {
      s += *p;
    } else if (p[1] == 'y') {
      const int k = p[2] - '0';
      s += ((!raw && is_small_float(loop.out[k])) ? "h" : "y") + std::to_string(k);  // see body()
      p += 2;
    } else {
      s += input(*++p - '0');
    }
  }
  return s;
}

std::string body(const Row& row, const UfuncLoop& loop) {
  const Forms& f = row.forms;
  const DType first = loop.in[0];
  const char* form = nullptr;
  bool raw = false;
  switch (dtype_info(first).kind) {
    case DTypeKind::Bool: form = f.b; break;
    case DTypeKind::SignedInt:
    case DTypeKind::UnsignedInt: form = (row.nin == 2 && loop.in[1] != first) ? f.m : f.i; break;
    case DTypeKind::Complex: form = f.c; break;
    case DTypeKind::Float:
      raw = (first == DType::Float16 && f.h != nullptr) || (first == DType::BFloat16 && f.e != nullptr);
      form = !raw ? f.f : first == DType::Float16 ? f.h : f.e;
      break;
  }
  if (form == nullptr)
    throw std::logic_error(std::string("ufunc ") + row.name + ": no body for " + loop.signature(row.nin, row.nout));
  const std::string text = fill(form, loop, raw);
  if (row.nout == 1) {
    const bool to_small = !raw && is_small_float(loop.out[0]);
    return "y0 = " + (to_small ? small_float_from_float(loop.out[0]) + ("(" + text + ")") : text) + ";";
  }
  // Two outputs: 16-bit float ones are computed into float temporaries h0, h1.
  std::string decl, store;
  for (int k = 0; k < row.nout; ++k) {
    if (raw || !is_small_float(loop.out[k])) continue;
    decl += "float h" + std::to_string(k) + "; ";
    store += " y" + std::to_string(k) + " = " + small_float_from_float(loop.out[k]) + "(h" + std::to_string(k) + ");";
  }
  return decl + text + store;
}

Forms same(const char* form) { return {form, form, form, form}; }

// Predicates that integers and bools always (or never) satisfy.
Forms predicate(const char* integral, const char* fn) { return {integral, integral, fn, fn}; }

// Comparisons: the operator for every real kind.
#define GA_COMPARE(op, complex_form) \
  Forms { "$0 " op " $1", "$0 " op " $1", "$0 " op " $1", complex_form, nullptr, "ga::arith::order($0, $1) " op " 0" }

// Loop lists that several ufuncs share. "?\?" spells NumPy's "??" (bool, bool) without
// forming a trigraph.
constexpr const char* kComparisonLoops =
    "?\?->? bb->? BB->? hh->? HH->? ii->? II->? ll->? LL->? qQ->? Qq->? ee->? ff->? dd->? FF->? DD->?";
constexpr const char* kLogicalLoops =
    "?\?->? bb->? BB->? hh->? HH->? ii->? II->? ll->? LL->? ee->? ff->? dd->? FF->? DD->?";
constexpr const char* kBitwiseLoops = "?\?->? bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L";
constexpr const char* kExtremumLoops =
    "?\?->? bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L ee->e ff->f dd->d FF->F DD->D";
constexpr const char* kRoundingLoops = "?->? b->b B->B h->h H->H i->i I->I l->l L->L e->e f->f d->d f->f d->d";
constexpr const char* kToBoolLoops = "?->? b->? B->? h->? H->? i->? I->? l->? L->? e->? f->? d->? F->? D->?";

const Row kRows[] = {
    {"add", 2, 1, Id::Zero, "?\?->? bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L ee->e ff->f dd->d FF->F DD->D",
     {"$0 || $1", "ga::arith::add($0, $1)", "$0 + $1", "$0 + $1"}},
    {"subtract", 2, 1, Id::None, "bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L ee->e ff->f dd->d FF->F DD->D",
     {nullptr, "ga::arith::sub($0, $1)", "$0 - $1", "$0 - $1"}},
    {"multiply", 2, 1, Id::One, "?\?->? bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L ee->e ff->f dd->d FF->F DD->D",
     {"$0 && $1", "ga::arith::mul($0, $1)", "$0 * $1", "$0 * $1"}},
    {"divide", 2, 1, Id::None, "ee->e ff->f dd->d FF->F DD->D", {nullptr, nullptr, "$0 / $1", "$0 / $1"}},
    {"floor_divide", 2, 1, Id::None, "bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L ee->e ff->f dd->d",
     {nullptr, "ga::arith::floor_div_int($0, $1)", "ga::arith::floor_divide($0, $1)"}},
    {"remainder", 2, 1, Id::None, "bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L ee->e ff->f dd->d",
     {nullptr, "ga::arith::remainder_int($0, $1)", "ga::arith::remainder($0, $1)"}},
    {"fmod", 2, 1, Id::None, "bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L ee->e ff->f dd->d",
     {nullptr, "ga::arith::fmod_int($0, $1)", "ga::arith::m_fmod($0, $1)"}},
    {"divmod", 2, 2, Id::None, "bb->bb BB->BB hh->hh HH->HH ii->ii II->II ll->ll LL->LL ee->ee ff->ff dd->dd",
     {nullptr, "$y0 = ga::arith::floor_div_int($0, $1); $y1 = ga::arith::remainder_int($0, $1);",
      "ga::arith::divmod($0, $1, $y0, $y1);"}},
    {"power", 2, 1, Id::None,
     "bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L ee->e ff->f dd->d ee->e ff->f dd->d FF->F DD->D",
     {nullptr, "ga::arith::power_int($0, $1)", "ga::arith::m_pow($0, $1)", "ga::arith::power($0, $1)"}},
    {"float_power", 2, 1, Id::None, "dd->d DD->D",
     {nullptr, nullptr, "ga::arith::m_pow($0, $1)", "ga::arith::power($0, $1)"}},
    {"negative", 1, 1, Id::None, "b->b B->B h->h H->H i->i I->I l->l L->L e->e f->f d->d F->F D->D",
     {nullptr, "ga::arith::neg($0)", "-$0", "-$0", "__ushort_as_half(__half_as_ushort($0) ^ 0x8000)"}},
    {"positive", 1, 1, Id::None, "b->b B->B h->h H->H i->i I->I l->l L->L e->e f->f d->d F->F D->D",
     {nullptr, "$0", "$0", "$0", "$0"}},
    {"absolute", 1, 1, Id::None, "?->? b->b B->B h->h H->H i->i I->I l->l L->L e->e f->f d->d F->f D->d",
     {"$0", "ga::arith::abs_int($0)", "ga::arith::m_fabs($0)", "ga::abs($0)",
      "__ushort_as_half(__half_as_ushort($0) & 0x7fff)"}},
    {"fabs", 1, 1, Id::None, "e->e f->f d->d",
     {nullptr, nullptr, "ga::arith::m_fabs($0)", nullptr, "__ushort_as_half(__half_as_ushort($0) & 0x7fff)"}},
    {"sign", 1, 1, Id::None, "b->b B->B h->h H->H i->i I->I l->l L->L e->e f->f d->d F->F D->D",
     {nullptr, "ga::arith::sign_int($0)", "ga::arith::sign($0)", "ga::arith::sign($0)"}},
    {"reciprocal", 1, 1, Id::None, "b->b B->B h->h H->H i->i I->I l->l L->L e->e f->f d->d F->F D->D",
     {nullptr, "ga::arith::reciprocal_int($0)", "1 / $0", "ga::arith::reciprocal($0)"}},
    {"conjugate", 1, 1, Id::None, "b->b B->B h->h H->H i->i I->I l->l L->L e->e f->f d->d F->F D->D",
     {nullptr, "$0", "$0", "ga::conj($0)", "$0"}},
    {"square", 1, 1, Id::None, "b->b B->B h->h H->H i->i I->I l->l L->L e->e f->f d->d F->F D->D",
     {nullptr, "ga::arith::mul($0, $0)", "$0 * $0", "$0 * $0"}},
    {"equal", 2, 1, Id::None, kComparisonLoops, GA_COMPARE("==", "$0 == $1")},
    {"not_equal", 2, 1, Id::None, kComparisonLoops, GA_COMPARE("!=", "$0 != $1")},
    {"less", 2, 1, Id::None, kComparisonLoops, GA_COMPARE("<", "ga::arith::less($0, $1, false)")},
    {"less_equal", 2, 1, Id::None, kComparisonLoops, GA_COMPARE("<=", "ga::arith::less($0, $1, true)")},
    {"greater", 2, 1, Id::None, kComparisonLoops, GA_COMPARE(">", "ga::arith::less($1, $0, false)")},
    {"greater_equal", 2, 1, Id::None, kComparisonLoops, GA_COMPARE(">=", "ga::arith::less($1, $0, true)")},
#undef GA_COMPARE
    {"logical_and", 2, 1, Id::One, kLogicalLoops, same("ga::arith::truth($0) && ga::arith::truth($1)")},
    {"logical_or", 2, 1, Id::Zero, kLogicalLoops, same("ga::arith::truth($0) || ga::arith::truth($1)")},
    {"logical_xor", 2, 1, Id::Zero, kLogicalLoops, same("ga::arith::truth($0) != ga::arith::truth($1)")},
    {"logical_not", 1, 1, Id::None, kToBoolLoops, same("!ga::arith::truth($0)")},
    {"bitwise_and", 2, 1, Id::MinusOne, kBitwiseLoops, {"$0 & $1", "$0 & $1"}},
    {"bitwise_or", 2, 1, Id::Zero, kBitwiseLoops, {"$0 | $1", "$0 | $1"}},
    {"bitwise_xor", 2, 1, Id::Zero, kBitwiseLoops, {"$0 ^ $1", "$0 ^ $1"}},
    {"invert", 1, 1, Id::None, "?->? b->b B->B h->h H->H i->i I->I l->l L->L", {"!$0", "~$0"}},
    {"left_shift", 2, 1, Id::None, "bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L",
     {nullptr, "ga::arith::left_shift($0, $1)"}},
    {"right_shift", 2, 1, Id::None, "bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L",
     {nullptr, "ga::arith::right_shift($0, $1)"}},
    {"maximum", 2, 1, Id::ReorderableNone, kExtremumLoops, same("ga::arith::maximum($0, $1)")},
    {"minimum", 2, 1, Id::ReorderableNone, kExtremumLoops, same("ga::arith::minimum($0, $1)")},
    {"fmax", 2, 1, Id::ReorderableNone, kExtremumLoops, same("ga::arith::fmax($0, $1)")},
    {"fmin", 2, 1, Id::ReorderableNone, kExtremumLoops, same("ga::arith::fmin($0, $1)")},
    {"rint", 1, 1, Id::None, "e->e f->f d->d f->f d->d F->F D->D",
     {nullptr, nullptr, "ga::arith::m_rint($0)", "ga::arith::rint($0)"}},
    {"floor", 1, 1, Id::None, kRoundingLoops, {"$0", "$0", "ga::arith::m_floor($0)"}},
    {"ceil", 1, 1, Id::None, kRoundingLoops, {"$0", "$0", "ga::arith::m_ceil($0)"}},
    {"trunc", 1, 1, Id::None, kRoundingLoops, {"$0", "$0", "ga::arith::m_trunc($0)"}},
    {"bitwise_count", 1, 1, Id::None, "b->B B->B h->B H->B i->B I->B l->B L->B", {nullptr, "ga::arith::bit_count($0)"}},
    {"gcd", 2, 1, Id::Zero, "bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L", {nullptr, "ga::arith::gcd($0, $1)"}},
    {"lcm", 2, 1, Id::None, "bb->b BB->B hh->h HH->H ii->i II->I ll->l LL->L", {nullptr, "ga::arith::lcm($0, $1)"}},
    {"heaviside", 2, 1, Id::None, "ee->e ff->f dd->d", {nullptr, nullptr, "ga::arith::heaviside($0, $1)"}},
    {"copysign", 2, 1, Id::None, "ee->e ff->f dd->d",
     {nullptr, nullptr, "ga::arith::m_copysign($0, $1)", nullptr,
      "__ushort_as_half((__half_as_ushort($0) & 0x7fff) | (__half_as_ushort($1) & 0x8000))"}},
    {"nextafter", 2, 1, Id::None, "ee->e ff->f dd->d",
     {nullptr, nullptr, "ga::arith::m_nextafter($0, $1)", nullptr,
      "__ushort_as_half(ga::arith::half_nextafter(__half_as_ushort($0), __half_as_ushort($1)))", nullptr,
      "__ushort_as_bfloat16(ga::arith::bfloat16_nextafter(__bfloat16_as_ushort($0), __bfloat16_as_ushort($1)))"}},
    {"spacing", 1, 1, Id::None, "e->e f->f d->d",
     {nullptr, nullptr, "ga::arith::spacing($0)", nullptr,
      "__float2half_rn(__half2float(__ushort_as_half(ga::arith::half_next_up(__half_as_ushort($0)))) -"
      " __half2float($0))", nullptr,
      "__float2bfloat16_rn(ga::arith::bfloat16_spacing(__bfloat16_as_ushort($0)))"}},
    {"signbit", 1, 1, Id::None, "e->? f->? d->?",
     {nullptr, nullptr, "ga::arith::sign_bit($0)", nullptr, "(__half_as_ushort($0) & 0x8000) != 0"}},
    {"isfinite", 1, 1, Id::None, kToBoolLoops, predicate("((void)$0, true)", "ga::arith::is_finite($0)")},
    {"isinf", 1, 1, Id::None, kToBoolLoops, predicate("((void)$0, false)", "ga::arith::is_inf($0)")},
    {"isnan", 1, 1, Id::None, kToBoolLoops, predicate("((void)$0, false)", "ga::arith::is_nan($0)")},
    {"ldexp", 2, 1, Id::None, "ei->e fi->f el->e fl->f di->d dl->d", {nullptr, nullptr, "ga::arith::ldexp($0, $1)"}},
    {"frexp", 1, 2, Id::None, "e->ei f->fi d->di", {nullptr, nullptr, "$y0 = ga::arith::m_frexp($0, &$y1);"}},
    {"modf", 1, 2, Id::None, "e->ee f->ff d->dd", {nullptr, nullptr, "$y0 = ga::arith::m_modf($0, &$y1);"}},
};

}  // namespace

std::vector<UfuncDef> arithmetic_ufuncs() {
  std::vector<UfuncDef> defs;
  for (const Row& row : kRows) {
    UfuncDef def{row.name, row.nin, row.nout, row.identity, {}, "#include \"gpuarray/ufunc_arith.cuh\""};
    def.loops = make_loops(row.loops, row.nin, row.nout, [&](const UfuncLoop& loop) { return body(row, loop); });
    defs.push_back(std::move(def));
  }
  return defs;
}

}  // namespace gpuarray
