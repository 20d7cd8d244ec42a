// SPDX-License-Identifier: BSD-3-Clause
// cuBLAS products and the batched LU used for small batched inverses and
// solves. Operands are device addresses of column-major matrices (cuBLAS's
// convention); the Python layer maps NumPy's row-major arrays onto them.
// Strides and leading dimensions are in elements; a batch stride may be 0
// (a broadcast operand).
#pragma once
#include <cstdint>

namespace gpuarray::libs {

struct GemmOperand {
  std::uintptr_t ptr;
  std::int64_t ld;
  std::int64_t batch_stride;
  char op;  // 'N', 'T' or 'C' (conjugate transpose)
};

// C[b] = op(A[b]) @ op(B[b]) for b < batch; C is m x n, the sum runs over k.
// float16 accumulates in float32; float32 uses TF32 tensor cores only when
// set_tf32(true).
void gemm(char dtype_char, std::int64_t m, std::int64_t n, std::int64_t k, const GemmOperand& a,
          const GemmOperand& b, std::uintptr_t c, std::int64_t ldc, std::int64_t c_stride, std::int64_t batch);

// In-place LU with partial pivoting of `batch` n x n matrices at a (stride
// n*n), pivots as int32 (batch x n), info per matrix.
void getrf_batched(char dtype_char, std::int64_t n, std::uintptr_t a, std::uintptr_t pivots, std::uintptr_t info,
                   std::int64_t batch);
// inverse[b] = inverse of lu[b]: LU in place of lu (getrf), then the inverse
// out of place (getri); info is getrf's per matrix.
void inverse_batched(char dtype_char, std::int64_t n, std::uintptr_t lu, std::uintptr_t pivots,
                     std::uintptr_t inverse, std::uintptr_t info, std::int64_t batch);
// Solves lu[b] x = b[b] (or its transpose, as getrs) in place of b (n x nrhs,
// column-major, stride n*nrhs).
void getrs_batched(char dtype_char, bool transpose, std::int64_t n, std::int64_t nrhs, std::uintptr_t lu, std::uintptr_t pivots,
                   std::uintptr_t b, std::int64_t batch);

// Solves the triangle of a[b] (column-major n x n, stride n*n; upper or
// lower, transposed or not, unit diagonal or not) against the vector x[b]
// (stride n) in place: cuBLAS's trsv per matrix.
void trsv(char dtype_char, bool upper, bool transpose, bool unit_diagonal, std::int64_t n, std::uintptr_t a,
          std::uintptr_t x, std::int64_t batch);

}  // namespace gpuarray::libs
