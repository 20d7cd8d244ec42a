// SPDX-License-Identifier: BSD-3-Clause
// Counter-based random numbers for the distribution kernels of gpuarray.random
// (Note [Counter-based streams]) and NumPy's samplers on top of them.
//
// Note [Counter-based streams]: element i of call c of a generator with seed s
// draws from Philox4x32-10 with key (s.lo, s.hi ^ c.hi) and counters
// (j, i.lo, i.hi, c.lo), j = 0, 1, 2, ... So every element owns an independent
// stream that needs no stored state, rejection samplers may loop as long as
// they like, and the numbers depend only on (seed, call, i): the same seed
// gives the same array whatever the launch shape. The algorithms are NumPy's
// (numpy/random/src/distributions/distributions.c) unless a comment says why not.
//
// Note [Sampler precision]: each continuous sampler is a template over its
// precision T (float or double; double where a call names none), and the
// element's stream hands it uniforms of that precision, each made from one
// 64-bit draw (open_uniform). So a float sampler computes in float (the fp::
// math) on the very words its double twin uses: the float32 sample is the
// float64 sampler's algorithm run in float on uniforms cut to 23 bits. The
// steps kept in double, where float would be wrong, say why: gamma's
// logarithmic test, von Mises, and the draws of standard_t, f and
// noncentral_f with a denominator df below 1.
//
// Includes only gpuarray/philox.cuh (NVRTC's math built-ins suffice) and
// compiles as host C++ too, so the samplers can be checked without a GPU.
#pragma once

#include "gpuarray/philox.cuh"

namespace ga {
namespace random {

const double kPi = 3.14159265358979323846;

// T where a sampler takes T, but never deduced from an argument: a call names
// its precision (beta<float>(s, a, b)) or gets double (beta(s, 2, 3)).
template <typename T> struct Identity {
  typedef T type;
};
template <typename T> using Param = typename Identity<T>::type;

// The math of the samplers in the argument's precision. Unqualified names are
// not enough: on the host, <cmath> puts only the double functions in the
// global namespace, so a float sampler would quietly compute in double there.
namespace fp {
#define GA_RANDOM_FP1(name)                                    \
  GA_RANDOM_FN float name(float x) { return ::name##f(x); }    \
  GA_RANDOM_FN double name(double x) { return ::name(x); }
GA_RANDOM_FP1(log)
GA_RANDOM_FP1(exp)
GA_RANDOM_FP1(sqrt)
GA_RANDOM_FP1(expm1)
GA_RANDOM_FP1(log1p)
#undef GA_RANDOM_FP1
GA_RANDOM_FN float pow(float x, float y) { return ::powf(x, y); }
GA_RANDOM_FN double pow(double x, double y) { return ::pow(x, y); }
// cos(2 pi v), Box-Muller's angle: in float through cospi, whose argument
// reduction is exact and all float (cosf's slow path for large arguments
// would put double instructions into every float kernel).
GA_RANDOM_FN float cos_2pi(float v) {
#if defined(__CUDA_ARCH__)
  return ::cospif(2.0f * v);
#else
  return (float)::cos(2.0 * kPi * (double)v);  // host builds, for tests: the host has no cospif
#endif
}
GA_RANDOM_FN double cos_2pi(double v) { return ::cos(2.0 * kPi * v); }
}  // namespace fp

// Uniform on the open interval (0, 1) from one 64-bit draw w, so that logs
// never see 0: its leading 53 bits plus half a step (double), or its leading
// 23 bits plus half a step (float; 24 significant bits, so u and 1 - u are
// exact and never 0 or 1). Both precisions take the same 64 bits: a float
// uniform is the double uniform of the same draw cut to 23 bits.
GA_RANDOM_FN double open_uniform(unsigned long long w, double) {
  return ((double)(w >> 11) + 0.5) * (1.0 / 9007199254740992.0);
}
GA_RANDOM_FN float open_uniform(unsigned long long w, float) { return ((float)(w >> 41) + 0.5f) * 0x1p-23f; }

// The stream of one element (see Note [Counter-based streams]). uniform,
// normal and exponential are double unless a precision is named.
struct Stream {
  Philox p;
  unsigned int buf[4];
  int used;
  GA_RANDOM_FN Stream(unsigned long long seed, unsigned long long call, unsigned long long i) {
    p.k[0] = (unsigned int)seed;
    p.k[1] = (unsigned int)(seed >> 32) ^ (unsigned int)(call >> 32);
    p.c[0] = 0;
    p.c[1] = (unsigned int)i;
    p.c[2] = (unsigned int)(i >> 32);
    p.c[3] = (unsigned int)call;
    used = 4;
  }
  GA_RANDOM_FN unsigned int next32() {
    if (used == 4) {
      p.block(buf);
      ++p.c[0];
      used = 0;
    }
    return buf[used++];
  }
  GA_RANDOM_FN unsigned long long next64() {
    unsigned long long hi = next32();
    return (hi << 32) | next32();
  }
  template <typename T = double> GA_RANDOM_FN T uniform() { return open_uniform(next64(), T()); }
  // Box-Muller; one of the pair is dropped so that no state carries over.
  template <typename T = double> GA_RANDOM_FN T normal() {
    const T u = uniform<T>(), v = uniform<T>();
    return fp::sqrt(T(-2) * fp::log(u)) * fp::cos_2pi(v);
  }
  template <typename T = double> GA_RANDOM_FN T exponential() { return -fp::log(uniform<T>()); }
};

// Integers uniform on [0, range], range = high - low as an unsigned 64-bit
// word, by rejection of the bits above the range's mask (NumPy's masked method).
GA_RANDOM_FN unsigned long long bounded(Stream& s, unsigned long long range) {
  if (range == 0) return 0;
  unsigned long long mask = range;
  mask |= mask >> 1; mask |= mask >> 2; mask |= mask >> 4;
  mask |= mask >> 8; mask |= mask >> 16; mask |= mask >> 32;
  if (range <= 0xFFFFFFFFull) {
    unsigned int m = (unsigned int)mask, r;
    while ((r = s.next32() & m) > range) {}
    return r;
  }
  unsigned long long r;
  while ((r = s.next64() & mask) > range) {}
  return r;
}

// Marsaglia and Tsang; shape < 1 through Gamma(shape + 1) * U^(1/shape). The
// second, logarithmic acceptance test (about 8% of candidates reach it) is
// evaluated in double for float too: d * (1 - v + log v) cancels, and in
// float its error (about d * 2^-24) decides the test once the shape is large.
template <typename T = double>
GA_RANDOM_FN T standard_gamma(Stream& s, Param<T> shape) {
  if (shape == T(0)) return T(0);
  T boost = T(1);
  if (shape < T(1)) {
    boost = fp::pow(s.uniform<T>(), T(1) / shape);
    shape += T(1);
  }
  const T d = shape - T(1) / T(3), c = T(1) / fp::sqrt(T(9) * d);
  for (;;) {
    T x, v;
    do {
      x = s.normal<T>();
      v = T(1) + c * x;
    } while (v <= T(0));
    v = v * v * v;
    const T u = s.uniform<T>();
    if (u < T(1) - T(0.0331) * (x * x) * (x * x)) return boost * d * v;
    double w = 1.0 + (double)c * x;
    w = w * w * w;
    if (log((double)u) < 0.5 * x * x + (double)d * (1.0 - w + log(w))) return boost * d * v;
  }
}

// Johnk's algorithm where a <= 1 and b <= 1 (as NumPy): X = U^(1/a) and
// Y = V^(1/b), kept when X + Y <= 1, give X / (X + Y) = 1 / (1 + Y / X). Taken
// through logs, because X and Y underflow (both at once often, in float, for
// small a and b), where the ratio of two gammas would be 0 / 0.
template <typename T = double>
GA_RANDOM_FN T beta(Stream& s, Param<T> a, Param<T> b) {
  if (a <= T(1) && b <= T(1)) {
    for (;;) {
      const T lx = fp::log(s.uniform<T>()) / a, ly = fp::log(s.uniform<T>()) / b;
      if (fp::exp(lx) + fp::exp(ly) <= T(1)) return T(1) / (T(1) + fp::exp(ly - lx));
    }
  }
  const T x = standard_gamma<T>(s, a), y = standard_gamma<T>(s, b);
  return x / (x + y);
}

template <typename T = double>
GA_RANDOM_FN T chisquare(Stream& s, Param<T> df) {
  return T(2) * standard_gamma<T>(s, df / T(2));
}

// Multiplication method below 10, Hörmann's PTRS above (as NumPy).
GA_RANDOM_FN long long poisson(Stream& s, double lam) {
  if (lam == 0.0) return 0;
  if (lam < 10.0) {
    double limit = exp(-lam), prod = s.uniform();
    long long k = 0;
    while (prod > limit) {
      prod *= s.uniform();
      ++k;
    }
    return k;
  }
  double slam = sqrt(lam), loglam = log(lam);
  double b = 0.931 + 2.53 * slam, a = -0.059 + 0.02483 * b;
  double invalpha = 1.1239 + 1.1328 / (b - 3.4), vr = 0.9277 - 3.6224 / (b - 2.0);
  for (;;) {
    double u = s.uniform() - 0.5, v = s.uniform(), us = 0.5 - fabs(u);
    double k = floor((2.0 * a / us + b) * u + lam + 0.43);
    if (us >= 0.07 && v <= vr) return (long long)k;
    if (k < 0.0 || (us < 0.013 && v > us)) continue;
    if (log(v) + log(invalpha) - log(a / (us * us) + b) <= -lam + k * loglam - lgamma(k + 1.0)) return (long long)k;
  }
}

// Inversion while n*p < 10, else Hörmann's BTRS (shorter than NumPy's BTPE,
// the same distribution); p > 1/2 samples the failures.
GA_RANDOM_FN long long binomial(Stream& s, long long n, double p) {
  if (n == 0 || p == 0.0) return 0;
  if (p == 1.0) return n;
  bool flip = p > 0.5;
  if (flip) p = 1.0 - p;
  double q = 1.0 - p, np = (double)n * p;
  long long k;
  if (np < 10.0) {
    double ratio = p / q, a = ((double)n + 1.0) * ratio, r0 = exp((double)n * log1p(-p));
    for (;;) {
      double u = s.uniform(), r = r0;
      k = 0;
      while (u > r && k <= n) {
        u -= r;
        ++k;
        r *= a / (double)k - ratio;
      }
      if (k <= n) break;
    }
  } else {
    double spq = sqrt(np * q), b = 1.15 + 2.53 * spq, a = -0.0873 + 0.0248 * b + 0.01 * p;
    double c = np + 0.5, vr = 0.92 - 4.2 / b, alpha = (2.83 + 5.1 / b) * spq, lpq = log(p / q);
    double m = floor(((double)n + 1.0) * p), h = lgamma(m + 1.0) + lgamma((double)n - m + 1.0);
    for (;;) {
      double u = s.uniform() - 0.5, v = s.uniform(), us = 0.5 - fabs(u);
      double kk = floor((2.0 * a / us + b) * u + c);
      if (kk < 0.0 || kk > (double)n) continue;
      if (us >= 0.07 && v <= vr) { k = (long long)kk; break; }
      v = log(v * alpha / (a / (us * us) + b));
      if (v <= h - lgamma(kk + 1.0) - lgamma((double)n - kk + 1.0) + (kk - m) * lpq) { k = (long long)kk; break; }
    }
  }
  return flip ? n - k : k;
}

// Inversion: the number of trials up to the first success, at least 1.
GA_RANDOM_FN long long geometric(Stream& s, double p) {
  if (p >= 1.0) return 1;
  double k = ceil(log(s.uniform()) / log1p(-p));
  return k < 1.0 ? 1 : (long long)k;
}

// NumPy's HYP: draws without replacement one at a time, O(nsample).
GA_RANDOM_FN long long hypergeometric(Stream& s, long long good, long long bad, long long sample) {
  if (sample <= 0) return 0;  // the loop below would count k past zero through the whole urn
  double d1 = (double)(bad + good - sample), d2 = (double)(bad < good ? bad : good), y = d2;
  long long k = sample;
  while (y > 0.0) {
    y -= floor(s.uniform() + y / (d1 + (double)k));
    if (--k == 0) break;
  }
  long long z = (long long)(d2 - y);
  return good > bad ? sample - z : z;
}

// Kemp's second accelerated generator (NumPy's logseries).
GA_RANDOM_FN long long logseries(Stream& s, double p) {
  double r = log1p(-p);
  for (;;) {
    double v = s.uniform();
    if (v >= p) return 1;
    double q = -expm1(r * s.uniform());
    if (v <= q * q) {
      double k = floor(1.0 + log(v) / log(q));
      if (k < 1.0) continue;
      return (long long)k;
    }
    return v >= q ? 1 : 2;
  }
}

// Devroye's rejection (NumPy's zipf).
GA_RANDOM_FN long long zipf(Stream& s, double a) {
  double am1 = a - 1.0, b = pow(2.0, am1);
  for (;;) {
    double u = 1.0 - s.uniform(), v = s.uniform(), x = floor(pow(u, -1.0 / am1));
    if (x > 9.2233720368547758e18 || x < 1.0) continue;
    double t = pow(1.0 + 1.0 / x, am1);
    if (v * x * (t - 1.0) / (b - 1.0) <= t / b) return (long long)x;
  }
}

// Best and Fisher (NumPy's vonmises), in [-pi, pi]. In double for float too
// (the result is rounded): as kappa grows, sv tends to 1 and kappa * (sv - w)
// cancels, which float's 24 bits cannot carry beyond kappa of about 10^3.
template <typename T = double>
GA_RANDOM_FN T vonmises(Stream& s, double mu, double kappa) {
  if (kappa != kappa) return (T)kappa;  // NumPy's NaN; the loop below would never accept
  if (kappa < 1e-8) return (T)(kPi * (2.0 * s.uniform() - 1.0));
  double result;
  if (kappa > 1e6) {
    result = mu + sqrt(1.0 / kappa) * s.normal();
  } else {
    double sv;
    if (kappa < 1e-5) {
      sv = 1.0 / kappa + kappa;
    } else {
      double r = 1.0 + sqrt(1.0 + 4.0 * kappa * kappa), rho = (r - sqrt(2.0 * r)) / (2.0 * kappa);
      sv = (1.0 + rho * rho) / (2.0 * rho);
    }
    double w;
    for (;;) {
      double z = cos(kPi * s.uniform());
      w = (1.0 + sv * z) / (sv + z);
      double y = kappa * (sv - w), v = s.uniform();
      if (y * (2.0 - y) - v >= 0.0 || log(y / v) + 1.0 - y >= 0.0) break;
    }
    result = acos(w);
    if (s.uniform() < 0.5) result = -result;
    result += mu;
  }
  bool neg = result < 0.0;
  double mod = fmod(fabs(result) + kPi, 2.0 * kPi) - kPi;
  return (T)(neg ? -mod : mod);
}

// Michael, Schucany and Haas (NumPy's wald), with the smaller root written as
// mean / (1 + (y + sqrt(y (y + 4 scale))) / (2 scale)): NumPy's
// mean + mean / (2 scale) * (y - sqrt(4 scale y + y^2)) subtracts nearly equal
// numbers twice when y >> scale and keeps too few digits in float.
template <typename T = double>
GA_RANDOM_FN T wald(Stream& s, Param<T> mean, Param<T> scale) {
  T y = s.normal<T>();
  y = mean * y * y;
  const T x = mean / (T(1) + (y + fp::sqrt(y) * fp::sqrt(y + T(4) * scale)) / (T(2) * scale));
  return s.uniform<T>() <= mean / (mean + x) ? x : mean * (mean / x);
}

template <typename T = double>
GA_RANDOM_FN T triangular(Stream& s, Param<T> left, Param<T> mode, Param<T> right) {
  const T base = right - left, leftbase = mode - left, u = s.uniform<T>();
  if (u <= leftbase / base) return left + fp::sqrt(u * leftbase * base);
  return right - fp::sqrt((T(1) - u) * (right - mode) * base);
}

// The Poisson count of df <= 1 is the discrete sampler's, in double.
template <typename T = double>
GA_RANDOM_FN T noncentral_chisquare(Stream& s, Param<T> df, Param<T> nonc) {
  if (nonc != nonc) return nonc;  // NumPy's NaN; the Poisson draw below would never end
  if (nonc == T(0)) return chisquare<T>(s, df);
  if (df > T(1)) {
    const T n = s.normal<T>() + fp::sqrt(nonc);
    return chisquare<T>(s, df - T(1)) + n * n;
  }
  return chisquare<T>(s, df + T(2) * (T)poisson(s, (double)nonc / 2.0));
}

// Transforms of one or two draws (NumPy's formulas).
template <typename T = double>
GA_RANDOM_FN T normal(Stream& s, Param<T> loc, Param<T> scale) { return loc + scale * s.normal<T>(); }
template <typename T = double>
GA_RANDOM_FN T lognormal(Stream& s, Param<T> mean, Param<T> sigma) {
  return fp::exp(mean + sigma * s.normal<T>());
}
// On (low, high): the open unit interval scaled (NumPy's [low, high) draws low with probability 2^-53).
template <typename T = double>
GA_RANDOM_FN T uniform(Stream& s, Param<T> low, Param<T> high) { return low + (high - low) * s.uniform<T>(); }
template <typename T = double>
GA_RANDOM_FN T standard_exponential(Stream& s) { return s.exponential<T>(); }
template <typename T = double>
GA_RANDOM_FN T exponential(Stream& s, Param<T> scale) { return scale * s.exponential<T>(); }
template <typename T = double>
GA_RANDOM_FN T gamma(Stream& s, Param<T> shape, Param<T> scale) { return scale * standard_gamma<T>(s, shape); }
template <typename T = double>
GA_RANDOM_FN T laplace(Stream& s, Param<T> loc, Param<T> scale) {
  const T u = s.uniform<T>();
  return u >= T(0.5) ? loc - scale * fp::log(T(2) - T(2) * u) : loc + scale * fp::log(T(2) * u);
}
template <typename T = double>
GA_RANDOM_FN T logistic(Stream& s, Param<T> loc, Param<T> scale) {
  const T u = s.uniform<T>();
  return loc + scale * fp::log(u / (T(1) - u));
}
template <typename T = double>
GA_RANDOM_FN T gumbel(Stream& s, Param<T> loc, Param<T> scale) {
  return loc - scale * fp::log(-fp::log(s.uniform<T>()));
}
template <typename T = double>
GA_RANDOM_FN T pareto(Stream& s, Param<T> a) { return fp::expm1(s.exponential<T>() / a); }
template <typename T = double>
GA_RANDOM_FN T power(Stream& s, Param<T> a) { return fp::pow(-fp::expm1(-s.exponential<T>()), T(1) / a); }
template <typename T = double>
GA_RANDOM_FN T weibull(Stream& s, Param<T> a) {
  return a == T(0) ? T(0) : fp::pow(s.exponential<T>(), T(1) / a);
}
template <typename T = double>
GA_RANDOM_FN T rayleigh(Stream& s, Param<T> scale) { return scale * fp::sqrt(T(2) * s.exponential<T>()); }
template <typename T = double>
GA_RANDOM_FN T standard_cauchy(Stream& s) { return s.normal<T>() / s.normal<T>(); }

// Ratios with a chi-square below: for float and a denominator df < 1 that
// chi-square falls below float's normal range with a probability that grows
// from about 1e-19 (df = 1) through 3e-10 (df = 1/2), and the ratio becomes
// infinite where double keeps it finite. Such draws are made in double (the
// same words) and rounded.
template <typename T = double>
GA_RANDOM_FN T standard_t(Stream& s, Param<T> df) {
  if constexpr (sizeof(T) < sizeof(double)) {
    if (df < T(1)) return (T)standard_t<double>(s, df);
  }
  const T n = s.normal<T>();
  return n * fp::sqrt(df / chisquare<T>(s, df));
}
template <typename T = double>
GA_RANDOM_FN T f(Stream& s, Param<T> dfnum, Param<T> dfden) {
  if constexpr (sizeof(T) < sizeof(double)) {
    if (dfden < T(1)) return (T)f<double>(s, dfnum, dfden);
  }
  return (chisquare<T>(s, dfnum) * dfden) / (chisquare<T>(s, dfden) * dfnum);
}
template <typename T = double>
GA_RANDOM_FN T noncentral_f(Stream& s, Param<T> dfnum, Param<T> dfden, Param<T> nonc) {
  if constexpr (sizeof(T) < sizeof(double)) {
    if (dfden < T(1)) return (T)noncentral_f<double>(s, dfnum, dfden, nonc);
  }
  return (noncentral_chisquare<T>(s, dfnum, nonc) * dfden) / (chisquare<T>(s, dfden) * dfnum);
}

GA_RANDOM_FN long long negative_binomial(Stream& s, double n, double p) {
  return poisson(s, standard_gamma(s, n) * (1.0 - p) / p);
}

}  // namespace random
}  // namespace ga
