// SPDX-License-Identifier: BSD-3-Clause
// cuComplex.h's names on top of ga::complex, so that kernels written against
// cuComplex use the same type as complex64/complex128 arrays. RawKernel and
// RawModule with translate_cucomplex=True include this in place of cuComplex.h.
#pragma once
#include <gpuarray/complex.cuh>

typedef ga::complex<float> cuFloatComplex;
typedef ga::complex<double> cuDoubleComplex;
typedef cuFloatComplex cuComplex;

__host__ __device__ inline float cuCrealf(cuFloatComplex z) { return z.real(); }
__host__ __device__ inline float cuCimagf(cuFloatComplex z) { return z.imag(); }
__host__ __device__ inline cuFloatComplex make_cuFloatComplex(float re, float im) { return cuFloatComplex(re, im); }
__host__ __device__ inline cuFloatComplex make_cuComplex(float re, float im) { return cuFloatComplex(re, im); }
__host__ __device__ inline cuFloatComplex cuConjf(cuFloatComplex z) { return ga::conj(z); }
__host__ __device__ inline cuFloatComplex cuCaddf(cuFloatComplex a, cuFloatComplex b) { return a + b; }
__host__ __device__ inline cuFloatComplex cuCsubf(cuFloatComplex a, cuFloatComplex b) { return a - b; }
__host__ __device__ inline cuFloatComplex cuCmulf(cuFloatComplex a, cuFloatComplex b) { return a * b; }
__host__ __device__ inline cuFloatComplex cuCdivf(cuFloatComplex a, cuFloatComplex b) { return a / b; }
__host__ __device__ inline float cuCabsf(cuFloatComplex z) { return ga::abs(z); }
__host__ __device__ inline cuFloatComplex cuCfmaf(cuFloatComplex a, cuFloatComplex b, cuFloatComplex c) { return a * b + c; }

__host__ __device__ inline double cuCreal(cuDoubleComplex z) { return z.real(); }
__host__ __device__ inline double cuCimag(cuDoubleComplex z) { return z.imag(); }
__host__ __device__ inline cuDoubleComplex make_cuDoubleComplex(double re, double im) { return cuDoubleComplex(re, im); }
__host__ __device__ inline cuDoubleComplex cuConj(cuDoubleComplex z) { return ga::conj(z); }
__host__ __device__ inline cuDoubleComplex cuCadd(cuDoubleComplex a, cuDoubleComplex b) { return a + b; }
__host__ __device__ inline cuDoubleComplex cuCsub(cuDoubleComplex a, cuDoubleComplex b) { return a - b; }
__host__ __device__ inline cuDoubleComplex cuCmul(cuDoubleComplex a, cuDoubleComplex b) { return a * b; }
__host__ __device__ inline cuDoubleComplex cuCdiv(cuDoubleComplex a, cuDoubleComplex b) { return a / b; }
__host__ __device__ inline double cuCabs(cuDoubleComplex z) { return ga::abs(z); }
__host__ __device__ inline cuDoubleComplex cuCfma(cuDoubleComplex a, cuDoubleComplex b, cuDoubleComplex c) { return a * b + c; }

__host__ __device__ inline cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex z) { return cuDoubleComplex(z); }
__host__ __device__ inline cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex z) { return cuFloatComplex(z); }
