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
// Includes only gpuarray/philox.cuh (NVRTC's math built-ins suffice) and
// compiles as host C++ too, so the samplers can be checked without a GPU.
#pragma once

#include "gpuarray/philox.cuh"

namespace ga {
namespace random {

const double kPi = 3.14159265358979323846;

// The stream of one element (see Note [Counter-based streams]).
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
  // Uniform on the open interval (0, 1) with 53 random bits: logs never see 0.
  GA_RANDOM_FN double uniform() { return ((double)(next64() >> 11) + 0.5) * (1.0 / 9007199254740992.0); }
  // Box-Muller; one of the pair is dropped so that no state carries over.
  GA_RANDOM_FN double normal() {
    double u = uniform(), v = uniform();
    return sqrt(-2.0 * log(u)) * cos(2.0 * kPi * v);
  }
  GA_RANDOM_FN double exponential() { return -log(uniform()); }
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

// Marsaglia and Tsang; shape < 1 through Gamma(shape + 1) * U^(1/shape).
GA_RANDOM_FN double standard_gamma(Stream& s, double shape) {
  if (shape == 0.0) return 0.0;
  double boost = 1.0;
  if (shape < 1.0) {
    boost = pow(s.uniform(), 1.0 / shape);
    shape += 1.0;
  }
  double d = shape - 1.0 / 3.0, c = 1.0 / sqrt(9.0 * d);
  for (;;) {
    double x, v;
    do {
      x = s.normal();
      v = 1.0 + c * x;
    } while (v <= 0.0);
    v = v * v * v;
    double u = s.uniform();
    if (u < 1.0 - 0.0331 * (x * x) * (x * x)) return boost * d * v;
    if (log(u) < 0.5 * x * x + d * (1.0 - v + log(v))) return boost * d * v;
  }
}

GA_RANDOM_FN double beta(Stream& s, double a, double b) {
  double x = standard_gamma(s, a), y = standard_gamma(s, b);
  return x / (x + y);
}

GA_RANDOM_FN double chisquare(Stream& s, double df) { return 2.0 * standard_gamma(s, df / 2.0); }

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

// Best and Fisher (NumPy's vonmises), in [-pi, pi].
GA_RANDOM_FN double vonmises(Stream& s, double mu, double kappa) {
  if (kappa < 1e-8) return kPi * (2.0 * s.uniform() - 1.0);
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
  return neg ? -mod : mod;
}

GA_RANDOM_FN double wald(Stream& s, double mean, double scale) {
  double mu_2l = mean / (2.0 * scale), y = s.normal();
  y = mean * y * y;
  double x = mean + mu_2l * (y - sqrt(4.0 * scale * y + y * y));
  return s.uniform() <= mean / (mean + x) ? x : mean * mean / x;
}

GA_RANDOM_FN double triangular(Stream& s, double left, double mode, double right) {
  double base = right - left, leftbase = mode - left, u = s.uniform();
  if (u <= leftbase / base) return left + sqrt(u * leftbase * base);
  return right - sqrt((1.0 - u) * (right - mode) * base);
}

GA_RANDOM_FN double noncentral_chisquare(Stream& s, double df, double nonc) {
  if (nonc == 0.0) return chisquare(s, df);
  if (df > 1.0) {
    double n = s.normal() + sqrt(nonc);
    return chisquare(s, df - 1.0) + n * n;
  }
  return chisquare(s, df + 2.0 * (double)poisson(s, nonc / 2.0));
}

// Transforms of one draw (NumPy's formulas).
GA_RANDOM_FN double laplace(Stream& s, double loc, double scale) {
  double u = s.uniform();
  return u >= 0.5 ? loc - scale * log(2.0 - 2.0 * u) : loc + scale * log(2.0 * u);
}
GA_RANDOM_FN double logistic(Stream& s, double loc, double scale) {
  double u = s.uniform();
  return loc + scale * log(u / (1.0 - u));
}
GA_RANDOM_FN double gumbel(Stream& s, double loc, double scale) { return loc - scale * log(-log(s.uniform())); }
GA_RANDOM_FN double pareto(Stream& s, double a) { return expm1(s.exponential() / a); }
GA_RANDOM_FN double power(Stream& s, double a) { return pow(-expm1(-s.exponential()), 1.0 / a); }
GA_RANDOM_FN double weibull(Stream& s, double a) { return a == 0.0 ? 0.0 : pow(s.exponential(), 1.0 / a); }
GA_RANDOM_FN double rayleigh(Stream& s, double scale) { return scale * sqrt(2.0 * s.exponential()); }
GA_RANDOM_FN double standard_cauchy(Stream& s) { return s.normal() / s.normal(); }
GA_RANDOM_FN double standard_t(Stream& s, double df) {
  double n = s.normal();
  return n * sqrt(df / chisquare(s, df));
}
GA_RANDOM_FN double f(Stream& s, double dfnum, double dfden) {
  return (chisquare(s, dfnum) * dfden) / (chisquare(s, dfden) * dfnum);
}
GA_RANDOM_FN double noncentral_f(Stream& s, double dfnum, double dfden, double nonc) {
  return (noncentral_chisquare(s, dfnum, nonc) * dfden) / (chisquare(s, dfden) * dfnum);
}
GA_RANDOM_FN long long negative_binomial(Stream& s, double n, double p) {
  return poisson(s, standard_gamma(s, n) * (1.0 - p) / p);
}

}  // namespace random
}  // namespace ga
