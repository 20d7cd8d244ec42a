// SPDX-License-Identifier: BSD-3-Clause
// scipy.special's ufuncs (module UfuncModule::ScipySpecial). Loops are SciPy
// 1.18's `ufunc.types`, in its order (float before double; 1.17 listed double
// first for most, so its small integers resolved to double), restricted to
// the real dtypes: the 'g' loops and the complex ones are dropped, except
// expm1's and log1p's complex loops, which NumPy's complex functions serve.
// SciPy has no float16 loops here (float16 input resolves to its first loop that takes it).
// The device math is gpuarray/special/*.cuh, one header per family, in
// namespace ga::special. A float loop calls the header's float overload
// where there is one (CUDA's float function: erff, lgammaf, ...) and else
// the double function, rounded once, as SciPy's float loops do.
#include "kernels/ufunc_table.hpp"

namespace gpuarray {
namespace {

using Id = UfuncIdentity;

struct Row {
  const char* name;
  int nin;
  const char* loops;
  const char* header;   // under gpuarray/special/
  const char* f64;      // the double function
  const char* f32;      // its float overload, or nullptr: the double one, rounded
  const char* complex;  // for 'F->F' and 'D->D' (gpuarray/ufunc_math.cuh), or nullptr
};

constexpr const char* kDF = "d->d f->f";
constexpr const char* kFD = "f->f d->d";
constexpr const char* kFFDD = "ff->f dd->d";
constexpr const char* kFFFDDD = "fff->f ddd->d";
constexpr const char* kLDFFDD = "ld->d ff->f dd->d";  // an integer order first

const Row kRows[] = {
    // error functions (error.cuh)
    {"erf", 1, kFD, "error", "erf", "erff", nullptr},
    {"erfc", 1, kFD, "error", "ga::special::erfc", "erfcf", nullptr},
    {"erfcx", 1, kFD, "error", "ga::special::erfcx", "ga::special::erfcx", nullptr},
    {"erfinv", 1, kFD, "error", "ga::special::erfinv", "ga::special::erfinv", nullptr},
    {"erfcinv", 1, kFD, "error", "ga::special::erfcinv", "ga::special::erfcinv", nullptr},
    {"ndtr", 1, kFD, "error", "ga::special::ndtr", "ga::special::ndtr", nullptr},
    {"ndtri", 1, kFD, "error", "ga::special::ndtri", "ga::special::ndtri", nullptr},
    {"log_ndtr", 1, kFD, "error", "ga::special::log_ndtr", nullptr, nullptr},
    {"dawsn", 1, kFD, "error", "ga::special::dawsn", nullptr, nullptr},
    // gamma family (gamma.cuh)
    {"gamma", 1, kFD, "gamma", "ga::special::gamma", "ga::special::gamma", nullptr},
    {"gammaln", 1, kFD, "gamma", "ga::special::gammaln", "ga::special::gammaln", nullptr},
    {"loggamma", 1, kFD, "gamma", "ga::special::loggamma", "ga::special::loggamma", nullptr},
    {"rgamma", 1, kFD, "gamma", "ga::special::rgamma", nullptr, nullptr},
    {"digamma", 1, kFD, "gamma", "ga::special::digamma", nullptr, nullptr},
    {"psi", 1, kFD, "gamma", "ga::special::digamma", nullptr, nullptr},
    {"beta", 2, kFFDD, "gamma", "ga::special::beta", nullptr, nullptr},
    {"betaln", 2, kFFDD, "gamma", "ga::special::betaln", nullptr, nullptr},
    {"poch", 2, kFFDD, "gamma", "ga::special::poch", nullptr, nullptr},
    {"gammainc", 2, kFFDD, "gamma", "ga::special::gammainc", nullptr, nullptr},
    {"gammaincc", 2, kFFDD, "gamma", "ga::special::gammaincc", nullptr, nullptr},
    {"gammasgn", 1, kFD, "gamma", "ga::special::gammasgn", nullptr, nullptr},
    // incomplete beta function (beta.cuh) and distribution functions (distributions.cuh)
    {"betainc", 3, kFFFDDD, "beta", "ga::special::betainc", nullptr, nullptr},
    {"betaincc", 3, kFFFDDD, "beta", "ga::special::betaincc", nullptr, nullptr},
    {"bdtr", 3, "fff->f dld->d ddd->d", "distributions", "ga::special::bdtr", nullptr, nullptr},
    {"bdtrc", 3, "fff->f dld->d ddd->d", "distributions", "ga::special::bdtrc", nullptr, nullptr},
    {"nbdtr", 3, "lld->d fff->f ddd->d", "distributions", "ga::special::nbdtr", nullptr, nullptr},
    {"nbdtrc", 3, "lld->d fff->f ddd->d", "distributions", "ga::special::nbdtrc", nullptr, nullptr},
    {"fdtr", 3, kFFFDDD, "distributions", "ga::special::fdtr", nullptr, nullptr},
    {"fdtrc", 3, kFFFDDD, "distributions", "ga::special::fdtrc", nullptr, nullptr},
    {"stdtr", 2, kFFDD, "distributions", "ga::special::stdtr", nullptr, nullptr},
    {"pdtr", 2, kFFDD, "distributions", "ga::special::pdtr", nullptr, nullptr},
    {"pdtrc", 2, kFFDD, "distributions", "ga::special::pdtrc", nullptr, nullptr},
    {"chdtr", 2, kFFDD, "distributions", "ga::special::chdtr", nullptr, nullptr},
    {"chdtrc", 2, kFFDD, "distributions", "ga::special::chdtrc", nullptr, nullptr},
    {"gdtr", 3, kFFFDDD, "distributions", "ga::special::gdtr", nullptr, nullptr},
    {"gdtrc", 3, kFFFDDD, "distributions", "ga::special::gdtrc", nullptr, nullptr},
    {"kolmogorov", 1, kFD, "distributions", "ga::special::kolmogorov", nullptr, nullptr},
    // inverses and quantile functions (quantiles.cuh)
    {"gammaincinv", 2, kFFDD, "quantiles", "ga::special::gammaincinv", nullptr, nullptr},
    {"gammainccinv", 2, kFFDD, "quantiles", "ga::special::gammainccinv", nullptr, nullptr},
    {"betaincinv", 3, kFFFDDD, "quantiles", "ga::special::betaincinv", nullptr, nullptr},
    {"betainccinv", 3, kFFFDDD, "quantiles", "ga::special::betainccinv", nullptr, nullptr},
    {"chdtri", 2, kFFDD, "quantiles", "ga::special::chdtri", nullptr, nullptr},
    {"pdtri", 2, kLDFFDD, "quantiles", "ga::special::pdtri", nullptr, nullptr},
    {"bdtri", 3, "fff->f dld->d ddd->d", "quantiles", "ga::special::bdtri", nullptr, nullptr},
    {"nbdtri", 3, "lld->d fff->f ddd->d", "quantiles", "ga::special::nbdtri", nullptr, nullptr},
    {"fdtri", 3, kFFFDDD, "quantiles", "ga::special::fdtri", nullptr, nullptr},
    {"stdtrit", 2, kFFDD, "quantiles", "ga::special::stdtrit", nullptr, nullptr},
    {"ndtri_exp", 1, kFD, "quantiles", "ga::special::ndtri_exp", nullptr, nullptr},
    // Bessel functions (bessel.cuh)
    {"j0", 1, kFD, "bessel", "ga::special::j0", nullptr, nullptr},
    {"j1", 1, kFD, "bessel", "ga::special::j1", nullptr, nullptr},
    {"y0", 1, kFD, "bessel", "ga::special::y0", nullptr, nullptr},
    {"y1", 1, kFD, "bessel", "ga::special::y1", nullptr, nullptr},
    {"i0", 1, kFD, "bessel", "ga::special::i0", nullptr, nullptr},
    {"i0e", 1, kFD, "bessel", "ga::special::i0e", nullptr, nullptr},
    {"i1", 1, kFD, "bessel", "ga::special::i1", nullptr, nullptr},
    {"i1e", 1, kFD, "bessel", "ga::special::i1e", nullptr, nullptr},
    {"k0", 1, kFD, "bessel", "ga::special::k0", nullptr, nullptr},
    {"k0e", 1, kFD, "bessel", "ga::special::k0e", nullptr, nullptr},
    {"k1", 1, kFD, "bessel", "ga::special::k1", nullptr, nullptr},
    {"k1e", 1, kFD, "bessel", "ga::special::k1e", nullptr, nullptr},
    {"kv", 2, kFFDD, "bessel", "ga::special::kv", nullptr, nullptr},
    {"kve", 2, kFFDD, "bessel", "ga::special::kve", nullptr, nullptr},
    {"iv", 2, kFFDD, "bessel", "ga::special::iv", nullptr, nullptr},
    {"ive", 2, kFFDD, "bessel", "ga::special::ive", nullptr, nullptr},
    {"kn", 2, kLDFFDD, "bessel", "ga::special::kn", nullptr, nullptr},
    {"yn", 2, kLDFFDD, "bessel", "ga::special::yn", nullptr, nullptr},
    // zeta functions (zeta.cuh); scipy.special.zeta(x, q=None) is a Python function over the first two
    {"_zeta", 2, kFFDD, "zeta", "ga::special::zeta", nullptr, nullptr},
    {"_riemann_zeta", 1, kFD, "zeta", "ga::special::riemann_zeta", nullptr, nullptr},
    {"zetac", 1, kFD, "zeta", "ga::special::zetac", nullptr, nullptr},
    {"spence", 1, kFD, "zeta", "ga::special::spence", nullptr, nullptr},
    // exponential integrals (expint.cuh)
    {"exp1", 1, kFD, "expint", "ga::special::exp1", nullptr, nullptr},
    {"expi", 1, kFD, "expint", "ga::special::expi", nullptr, nullptr},
    {"expn", 2, kLDFFDD, "expint", "ga::special::expn", nullptr, nullptr},
    // elliptic integrals (elliptic.cuh)
    {"agm", 2, kFFDD, "elliptic", "ga::special::agm", nullptr, nullptr},
    {"ellipk", 1, kFD, "elliptic", "ga::special::ellipk", nullptr, nullptr},
    {"ellipkm1", 1, kFD, "elliptic", "ga::special::ellipkm1", nullptr, nullptr},
    {"ellipe", 1, kFD, "elliptic", "ga::special::ellipe", nullptr, nullptr},
    {"ellipkinc", 2, kFFDD, "elliptic", "ga::special::ellipkinc", nullptr, nullptr},
    {"ellipeinc", 2, kFFDD, "elliptic", "ga::special::ellipeinc", nullptr, nullptr},
    // orthogonal polynomials of integer degree (polynomials.cuh)
    {"eval_hermite", 2, "ld->d", "polynomials", "ga::special::eval_hermite", nullptr, nullptr},
    {"eval_hermitenorm", 2, "ld->d", "polynomials", "ga::special::eval_hermitenorm", nullptr, nullptr},
    // elementary functions (elementary.cuh)
    {"expit", 1, kFD, "elementary", "ga::special::expit", "ga::special::expit", nullptr},
    {"logit", 1, kDF, "elementary", "ga::special::logit", "ga::special::logit", nullptr},
    {"log_expit", 1, kFD, "elementary", "ga::special::log_expit", "ga::special::log_expit", nullptr},
    {"xlogy", 2, kFFDD, "elementary", "ga::special::xlogy", nullptr, nullptr},
    {"xlog1py", 2, kFFDD, "elementary", "ga::special::xlog1py", nullptr, nullptr},
    {"entr", 1, kFD, "elementary", "ga::special::entr", nullptr, nullptr},
    {"rel_entr", 2, kFFDD, "elementary", "ga::special::rel_entr", nullptr, nullptr},
    {"kl_div", 2, kFFDD, "elementary", "ga::special::kl_div", nullptr, nullptr},
    {"huber", 2, kFFDD, "elementary", "ga::special::huber", nullptr, nullptr},
    {"pseudo_huber", 2, kFFDD, "elementary", "ga::special::pseudo_huber", nullptr, nullptr},
    {"boxcox", 2, kFFDD, "elementary", "ga::special::boxcox", nullptr, nullptr},
    {"boxcox1p", 2, kFFDD, "elementary", "ga::special::boxcox1p", nullptr, nullptr},
    {"inv_boxcox", 2, kFFDD, "elementary", "ga::special::inv_boxcox", nullptr, nullptr},
    {"inv_boxcox1p", 2, kFFDD, "elementary", "ga::special::inv_boxcox1p", nullptr, nullptr},
    {"sindg", 1, kFD, "elementary", "ga::special::sindg", nullptr, nullptr},
    {"cosdg", 1, kFD, "elementary", "ga::special::cosdg", nullptr, nullptr},
    {"tandg", 1, kFD, "elementary", "ga::special::tandg", nullptr, nullptr},
    {"cotdg", 1, kFD, "elementary", "ga::special::cotdg", nullptr, nullptr},
    {"radian", 3, kFFFDDD, "elementary", "ga::special::radian", nullptr, nullptr},
    {"cbrt", 1, kFD, "elementary", "cbrt", "cbrtf", nullptr},
    {"exp10", 1, kFD, "elementary", "ga::special::exp10", nullptr, nullptr},
    {"exp2", 1, kFD, "elementary", "ga::special::exp2", "exp2f", nullptr},
    {"expm1", 1, "f->f d->d F->F D->D", "elementary", "expm1", "expm1f", "ga::math::cexpm1"},
    {"log1p", 1, "f->f d->d F->F D->D", "elementary", "log1p", "log1pf", "ga::math::clog1p"},
    {"cosm1", 1, kFD, "elementary", "ga::special::cosm1", nullptr, nullptr},
    {"exprel", 1, kFD, "elementary", "ga::special::exprel", nullptr, nullptr},
    {"round", 1, kFD, "elementary", "ga::special::round", nullptr, nullptr},
    // --- added for issue 28's count (branch specialnames): kept in one block for merging ---
    // Carlson's symmetric elliptic integrals (carlson.cuh)
    {"elliprc", 2, kFFDD, "carlson", "ga::special::elliprc", nullptr, nullptr},
    {"elliprd", 3, kFFFDDD, "carlson", "ga::special::elliprd", nullptr, nullptr},
    {"elliprf", 3, kFFFDDD, "carlson", "ga::special::elliprf", nullptr, nullptr},
    {"elliprg", 3, kFFFDDD, "carlson", "ga::special::elliprg", nullptr, nullptr},
    // binomial coefficient and x^y - 1 (binomial.cuh); erfi and Wright's omega (wright.cuh)
    {"binom", 2, kFFDD, "binomial", "ga::special::binom", nullptr, nullptr},
    {"powm1", 2, kFFDD, "binomial", "ga::special::powm1", nullptr, nullptr},
    {"erfi", 1, kFD, "wright", "ga::special::erfi", nullptr, nullptr},
    {"wrightomega", 1, kFD, "wright", "ga::special::wrightomega", nullptr, nullptr},
    // Chebyshev polynomials of real degree (chebyshev.cuh)
    {"eval_chebyt", 2, kLDFFDD, "chebyshev", "ga::special::eval_chebyt", nullptr, nullptr},
    {"eval_chebyu", 2, kLDFFDD, "chebyshev", "ga::special::eval_chebyu", nullptr, nullptr},
    {"eval_chebyc", 2, kLDFFDD, "chebyshev", "ga::special::eval_chebyc", nullptr, nullptr},
    {"eval_chebys", 2, kLDFFDD, "chebyshev", "ga::special::eval_chebys", nullptr, nullptr},
    {"eval_sh_chebyt", 2, kLDFFDD, "chebyshev", "ga::special::eval_sh_chebyt", nullptr, nullptr},
    {"eval_sh_chebyu", 2, kLDFFDD, "chebyshev", "ga::special::eval_sh_chebyu", nullptr, nullptr},
    // distribution functions solved for a parameter (parameter_inverses.cuh)
    {"gdtria", 3, kFFFDDD, "parameter_inverses", "ga::special::gdtria", nullptr, nullptr},
    {"gdtrix", 3, kFFFDDD, "parameter_inverses", "ga::special::gdtrix", nullptr, nullptr},
    {"gdtrib", 3, kFFFDDD, "parameter_inverses", "ga::special::gdtrib", nullptr, nullptr},
    {"chdtriv", 2, kFFDD, "parameter_inverses", "ga::special::chdtriv", nullptr, nullptr},
    {"pdtrik", 2, kFFDD, "parameter_inverses", "ga::special::pdtrik", nullptr, nullptr},
    {"bdtrik", 3, kFFFDDD, "parameter_inverses", "ga::special::bdtrik", nullptr, nullptr},
    {"bdtrin", 3, kFFFDDD, "parameter_inverses", "ga::special::bdtrin", nullptr, nullptr},
    {"nbdtrik", 3, kFFFDDD, "parameter_inverses", "ga::special::nbdtrik", nullptr, nullptr},
    {"nbdtrin", 3, kFFFDDD, "parameter_inverses", "ga::special::nbdtrin", nullptr, nullptr},
    {"stdtridf", 2, kFFDD, "parameter_inverses", "ga::special::stdtridf", nullptr, nullptr},
    {"btdtria", 3, kFFFDDD, "parameter_inverses", "ga::special::btdtria", nullptr, nullptr},
    {"btdtrib", 3, kFFFDDD, "parameter_inverses", "ga::special::btdtrib", nullptr, nullptr},
    {"kolmogi", 1, kFD, "parameter_inverses", "ga::special::kolmogi", nullptr, nullptr},
    {"smirnovi", 2, kLDFFDD, "parameter_inverses", "ga::special::smirnovi", nullptr, nullptr},
    {"chndtrix", 3, kFFFDDD, "parameter_inverses", "ga::special::chndtrix", nullptr, nullptr},
    {"chndtridf", 3, kFFFDDD, "parameter_inverses", "ga::special::chndtridf", nullptr, nullptr},
    {"chndtrinc", 3, kFFFDDD, "parameter_inverses", "ga::special::chndtrinc", nullptr, nullptr},
    // more distribution functions (distribution_extras.cuh), Bessel integrals (bessel_integrals.cuh)
    {"chndtr", 3, kFFFDDD, "distribution_extras", "ga::special::chndtr", nullptr, nullptr},
    {"smirnov", 2, kLDFFDD, "distribution_extras", "ga::special::smirnov", nullptr, nullptr},
    {"tklmbda", 2, kFFDD, "distribution_extras", "ga::special::tklmbda", nullptr, nullptr},
    {"nrdtrimn", 3, kFFFDDD, "distribution_extras", "ga::special::nrdtrimn", nullptr, nullptr},
    {"nrdtrisd", 3, kFFFDDD, "distribution_extras", "ga::special::nrdtrisd", nullptr, nullptr},
    {"besselpoly", 3, kFFFDDD, "bessel_integrals", "ga::special::besselpoly", nullptr, nullptr},
    {"owens_t", 2, kFFDD, "owens_t", "ga::special::owens_t", nullptr, nullptr},
    {"mathieu_a", 2, kFFDD, "mathieu", "ga::special::mathieu_a", nullptr, nullptr},
    {"mathieu_b", 2, kFFDD, "mathieu", "ga::special::mathieu_b", nullptr, nullptr},
    // Bessel functions of real order for real x (bessel_real.cuh): jve = jv and yve = yv there
    {"jv", 2, kFFDD, "bessel_real", "ga::special::jv", nullptr, nullptr},
    {"jn", 2, kFFDD, "bessel_real", "ga::special::jv", nullptr, nullptr},
    {"jve", 2, kFFDD, "bessel_real", "ga::special::jv", nullptr, nullptr},
    {"yv", 2, kFFDD, "bessel_real", "ga::special::yv", nullptr, nullptr},
    {"yve", 2, kFFDD, "bessel_real", "ga::special::yve", nullptr, nullptr},
    {"hyp0f1", 2, kFFDD, "hyp0f1", "ga::special::hyp0f1", nullptr, nullptr},
    // Struve functions (struve.cuh)
    {"struve", 2, kFFDD, "struve", "ga::special::struve", nullptr, nullptr},
    {"modstruve", 2, kFFDD, "struve", "ga::special::modstruve", nullptr, nullptr},
    // integrals of H_0 and L_0 from 0 (struve_integrals.cuh; itj0y0 and iti0k0 are two-output rows)
    {"itstruve0", 1, kFD, "struve_integrals", "ga::special::itstruve0", nullptr, nullptr},
    {"itmodstruve0", 1, kFD, "struve_integrals", "ga::special::itmodstruve0", nullptr, nullptr},
    // Kelvin's functions and their derivatives (kelvin.cuh)
    {"ber", 1, kFD, "kelvin", "ga::special::ber", nullptr, nullptr},
    {"bei", 1, kFD, "kelvin", "ga::special::bei", nullptr, nullptr},
    {"ker", 1, kFD, "kelvin", "ga::special::ker", nullptr, nullptr},
    {"kei", 1, kFD, "kelvin", "ga::special::kei", nullptr, nullptr},
    {"berp", 1, kFD, "kelvin", "ga::special::berp", nullptr, nullptr},
    {"beip", 1, kFD, "kelvin", "ga::special::beip", nullptr, nullptr},
    {"kerp", 1, kFD, "kelvin", "ga::special::kerp", nullptr, nullptr},
    {"keip", 1, kFD, "kelvin", "ga::special::keip", nullptr, nullptr},
};

// Two-output ufuncs (SciPy's 'f->ff d->dd'): the device function writes both
// results through references, in double; the float loop rounds each once.
// (The engine's ufuncs take at most kMaxUfuncOutputs = 2 outputs and
// kMaxUfuncInputs = 3 inputs, so airy, airye, itairy, ellipj (4 outputs) and
// hyp2f1, eval_jacobi, elliprj (4 inputs) have no row.)
struct PairRow {
  const char* name;
  const char* loops;
  const char* header;
  const char* function;  // void f(double x, double& first, double& second)
};

const PairRow kPairRows[] = {
    {"sici", "f->ff d->dd", "trig_integrals", "ga::special::sici"},
    {"shichi", "f->ff d->dd", "trig_integrals", "ga::special::shichi"},
    {"fresnel", "f->ff d->dd", "trig_integrals", "ga::special::fresnel"},
    {"itj0y0", "f->ff d->dd", "struve_integrals", "ga::special::itj0y0"},
    {"iti0k0", "f->ff d->dd", "struve_integrals", "ga::special::iti0k0"},
};

std::string pair_body(const PairRow& row, const UfuncLoop& loop) {
  if (loop.out[0] == DType::Float64) return std::string(row.function) + "(x0, y0, y1);";
  return "double r0, r1; " + std::string(row.function) +
         "(static_cast<double>(x0), r0, r1); y0 = static_cast<float>(r0); y1 = static_cast<float>(r1);";
}

std::string body(const Row& row, const UfuncLoop& loop) {
  const DType dt = loop.out[0];  // the loop's kind: an integer order ('ld->d') takes the double function
  std::string args;
  for (int i = 0; i < row.nin; ++i) {
    const std::string x = "x" + std::to_string(i);
    args += (i ? ", " : "") + (dt == DType::Float32 && row.f32 == nullptr ? "static_cast<double>(" + x + ")" : x);
  }
  switch (dt) {
    case DType::Float64: return "y0 = " + std::string(row.f64) + "(" + args + ");";
    case DType::Float32:
      if (row.f32 != nullptr) return "y0 = " + std::string(row.f32) + "(" + args + ");";
      return "y0 = static_cast<float>(" + std::string(row.f64) + "(" + args + "));";
    default: return "y0 = " + std::string(row.complex) + "(" + args + ");";
  }
}

// The rows whose kernels take CUDA's math functions out of line (Note [Out-of-line
// math in the heavy kernels] in gpuarray/special/common.cuh): ptxas's time on the
// first call drops 2-3.5x, and these iterate long enough that the calls cost nothing.
bool outline_math(const Row& row) {
  const std::string header = row.header, name = row.name;
  return header == "beta" || header == "distributions" || header == "quantiles" || name == "gammainc" ||
         name == "gammaincc";
}

}  // namespace

std::vector<UfuncDef> special_ufuncs() {
  std::vector<UfuncDef> defs;
  for (const Row& row : kRows) {
    std::string preamble = outline_math(row) ? "#define GA_SPECIAL_OUTLINE_MATH 1\n" : "";
    preamble += "#include \"gpuarray/special/" + std::string(row.header) + ".cuh\"";
    if (row.complex != nullptr) preamble += "\n#include \"gpuarray/ufunc_math.cuh\"";
    UfuncDef def{row.name, row.nin, 1, Id::None, {}, preamble};
    def.loops = make_loops(row.loops, row.nin, 1, [&](const UfuncLoop& loop) { return body(row, loop); });
    defs.push_back(std::move(def));
  }
  for (const PairRow& row : kPairRows) {
    UfuncDef def{row.name, 1, 2, Id::None, {}, "#include \"gpuarray/special/" + std::string(row.header) + ".cuh\""};
    def.loops = make_loops(row.loops, 1, 2, [&](const UfuncLoop& loop) { return pair_body(row, loop); });
    defs.push_back(std::move(def));
  }
  return defs;
}

}  // namespace gpuarray
