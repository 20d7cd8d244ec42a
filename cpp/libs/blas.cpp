// SPDX-License-Identifier: BSD-3-Clause
#include "libs/blas.hpp"

#include <cstring>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <stdexcept>

#include "cuda/error.hpp"
#include "cuda/stream.hpp"
#include "kernels/sequence_fill.hpp"
#include "libs/handles.hpp"
#include "libs/lib_types.hpp"
#include "core/ndarray.hpp"
#include "memory/memory.hpp"

namespace gpuarray::libs {
namespace {

cublasOperation_t to_op(char op) {
  switch (op) {
    case 'N': return CUBLAS_OP_N;
    case 'T': return CUBLAS_OP_T;
    case 'C': return CUBLAS_OP_C;
    default: throw std::invalid_argument(std::string("gemm: bad operation '") + op + "'");
  }
}

// The scalar 1 (and 0) in the compute type's scalar layout: real parts first,
// imaginary parts zero, so one 16-byte buffer serves every type.
struct Scalars {
  alignas(16) unsigned char one[16] = {};
  alignas(16) unsigned char zero[16] = {};
};

Scalars scalars_for(cublasComputeType_t compute) {
  Scalars s;
  if (compute == CUBLAS_COMPUTE_64F) {
    const double v = 1.0;
    std::memcpy(s.one, &v, sizeof v);
  } else {
    const float v = 1.0f;
    std::memcpy(s.one, &v, sizeof v);
  }
  return s;
}

cublasComputeType_t compute_type(char dtype_char) {
  switch (dtype_char) {
    case 'e':
    case 'E': return CUBLAS_COMPUTE_32F;  // 16-bit float storage, float32 accumulation
    case 'f':
    case 'F': return tf32_enabled() ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F;
    default: return CUBLAS_COMPUTE_64F;
  }
}

// One operand of a batched cuBLAS call: `batch` matrices at base + i * stride_bytes.
struct Strided {
  std::uintptr_t base;
  std::int64_t stride_bytes;
};

// The operands' device pointer arrays, one after another in one pool block
// (operand k's array at ptr() + k * batch pointers), each written on the device
// by the uint64 arange fill: base, base + stride, ... No host memory is read, so
// a CUDA graph that records a batched call replays it (a copy from a host vector
// would be recorded with the vector's address, freed when the call returns).
MemoryPointer pointer_arrays(std::initializer_list<Strided> operands, std::int64_t batch) {
  const std::int64_t count = static_cast<std::int64_t>(operands.size()) * batch;
  NDArray all = NDArray::empty({count}, DType::UInt64);
  std::int64_t k = 0;
  for (const Strided& op : operands) {
    NDArray pointers = all;
    pointers.shape = {batch};
    pointers.data.offset += static_cast<std::ptrdiff_t>(k++ * batch * sizeof(std::uint64_t));
    const std::uint64_t first = op.base, second = op.base + static_cast<std::uint64_t>(op.stride_bytes);
    ScalarArg a{DType::UInt64, {}}, b{DType::UInt64, {}};
    std::memcpy(a.bytes, &first, sizeof first);
    std::memcpy(b.bytes, &second, sizeof second);
    fill_arange(pointers, a, b);
  }
  return all.data;
}

// Operand k's array in a pointer_arrays block, as cuBLAS's T* const*.
template <typename T>
T* const* operand(const MemoryPointer& arrays, int k, std::int64_t batch) {
  return reinterpret_cast<T* const*>(arrays.ptr() + static_cast<std::uintptr_t>(k * batch) * sizeof(std::uintptr_t));
}

void getrf_batched_on(char dtype_char, int n, const MemoryPointer& arrays, int* pivots, int* info, int batch) {
  cublasHandle_t h = cublas_handle();
  dispatch_lapack_type(dtype_char, [&](auto tag) {
    using T = decltype(tag);
    T* const* a = operand<T>(arrays, 0, batch);
    cublasStatus_t st;
    if constexpr (std::is_same_v<T, float>) st = cublasSgetrfBatched(h, n, a, n, pivots, info, batch);
    else if constexpr (std::is_same_v<T, double>) st = cublasDgetrfBatched(h, n, a, n, pivots, info, batch);
    else if constexpr (std::is_same_v<T, cuComplex>) st = cublasCgetrfBatched(h, n, a, n, pivots, info, batch);
    else st = cublasZgetrfBatched(h, n, a, n, pivots, info, batch);
    check_cublas(st, "cublas<t>getrfBatched");
  });
}

}  // namespace

void gemm(char dtype_char, std::int64_t m, std::int64_t n, std::int64_t k, const GemmOperand& a,
          const GemmOperand& b, std::uintptr_t c, std::int64_t ldc, std::int64_t c_stride, std::int64_t batch) {
  if (m == 0 || n == 0 || batch == 0) return;
  const LibType t = lib_type(dtype_char);
  const cublasComputeType_t compute = compute_type(dtype_char);
  const Scalars s = scalars_for(compute);
  check_cublas(cublasGemmStridedBatchedEx_64(
                   cublas_handle(), to_op(a.op), to_op(b.op), m, n, k, s.one, reinterpret_cast<const void*>(a.ptr),
                   t.data, a.ld, a.batch_stride, reinterpret_cast<const void*>(b.ptr), t.data, b.ld, b.batch_stride,
                   s.zero, reinterpret_cast<void*>(c), t.data, ldc, c_stride, batch, compute, CUBLAS_GEMM_DEFAULT),
               "cublasGemmStridedBatchedEx");
}

void getrf_batched(char dtype_char, std::int64_t n, std::uintptr_t a, std::uintptr_t pivots, std::uintptr_t info,
                   std::int64_t batch) {
  const int itemsize = lib_type(dtype_char).itemsize;
  MemoryPointer arrays = pointer_arrays({{a, n * n * itemsize}}, batch);
  getrf_batched_on(dtype_char, static_cast<int>(n), arrays, reinterpret_cast<int*>(pivots),
                   reinterpret_cast<int*>(info), static_cast<int>(batch));
}

void inverse_batched(char dtype_char, std::int64_t n, std::uintptr_t lu, std::uintptr_t pivots,
                     std::uintptr_t inverse, std::uintptr_t info, std::int64_t batch) {
  const int itemsize = lib_type(dtype_char).itemsize;
  MemoryPointer arrays = pointer_arrays({{lu, n * n * itemsize}, {inverse, n * n * itemsize}}, batch);
  auto* p = reinterpret_cast<int*>(pivots);
  auto* inf = reinterpret_cast<int*>(info);
  const int nn = static_cast<int>(n), bb = static_cast<int>(batch);
  getrf_batched_on(dtype_char, nn, arrays, p, inf, bb);
  cublasHandle_t h = cublas_handle();
  dispatch_lapack_type(dtype_char, [&](auto tag) {
    using T = decltype(tag);
    const T* const* a = operand<T>(arrays, 0, batch);
    T* const* c = operand<T>(arrays, 1, batch);
    cublasStatus_t st;
    if constexpr (std::is_same_v<T, float>) st = cublasSgetriBatched(h, nn, a, nn, p, c, nn, inf, bb);
    else if constexpr (std::is_same_v<T, double>) st = cublasDgetriBatched(h, nn, a, nn, p, c, nn, inf, bb);
    else if constexpr (std::is_same_v<T, cuComplex>) st = cublasCgetriBatched(h, nn, a, nn, p, c, nn, inf, bb);
    else st = cublasZgetriBatched(h, nn, a, nn, p, c, nn, inf, bb);
    check_cublas(st, "cublas<t>getriBatched");
  });
}

void getrs_batched(char dtype_char, bool transpose, std::int64_t n, std::int64_t nrhs, std::uintptr_t lu,
                   std::uintptr_t pivots, std::uintptr_t b, std::int64_t batch) {
  const int itemsize = lib_type(dtype_char).itemsize;
  MemoryPointer arrays = pointer_arrays({{lu, n * n * itemsize}, {b, n * nrhs * itemsize}}, batch);
  const auto* p = reinterpret_cast<const int*>(pivots);
  int host_info = 0;  // getrsBatched reports only argument errors, on the host
  const cublasOperation_t op = transpose ? CUBLAS_OP_T : CUBLAS_OP_N;
  const int nn = static_cast<int>(n), nr = static_cast<int>(nrhs), bb = static_cast<int>(batch);
  cublasHandle_t h = cublas_handle();
  dispatch_lapack_type(dtype_char, [&](auto tag) {
    using T = decltype(tag);
    const T* const* a = operand<T>(arrays, 0, batch);
    T* const* x = operand<T>(arrays, 1, batch);
    cublasStatus_t st;
    if constexpr (std::is_same_v<T, float>)
      st = cublasSgetrsBatched(h, op, nn, nr, a, nn, p, x, nn, &host_info, bb);
    else if constexpr (std::is_same_v<T, double>)
      st = cublasDgetrsBatched(h, op, nn, nr, a, nn, p, x, nn, &host_info, bb);
    else if constexpr (std::is_same_v<T, cuComplex>)
      st = cublasCgetrsBatched(h, op, nn, nr, a, nn, p, x, nn, &host_info, bb);
    else
      st = cublasZgetrsBatched(h, op, nn, nr, a, nn, p, x, nn, &host_info, bb);
    check_cublas(st, "cublas<t>getrsBatched");
  });
}

void trsv(char dtype_char, bool upper, bool transpose, bool unit_diagonal, std::int64_t n, std::uintptr_t a,
          std::uintptr_t x, std::int64_t batch) {
  const int itemsize = lib_type(dtype_char).itemsize;
  const cublasFillMode_t fill = upper ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER;
  const cublasOperation_t op = transpose ? CUBLAS_OP_T : CUBLAS_OP_N;
  const cublasDiagType_t diag = unit_diagonal ? CUBLAS_DIAG_UNIT : CUBLAS_DIAG_NON_UNIT;
  const int nn = static_cast<int>(n);
  cublasHandle_t h = cublas_handle();
  dispatch_lapack_type(dtype_char, [&](auto tag) {
    using T = decltype(tag);
    for (std::int64_t i = 0; i < batch; ++i) {
      const T* ai = reinterpret_cast<const T*>(a + static_cast<std::uintptr_t>(i * n * n * itemsize));
      T* xi = reinterpret_cast<T*>(x + static_cast<std::uintptr_t>(i * n * itemsize));
      cublasStatus_t st;
      if constexpr (std::is_same_v<T, float>) st = cublasStrsv(h, fill, op, diag, nn, ai, nn, xi, 1);
      else if constexpr (std::is_same_v<T, double>) st = cublasDtrsv(h, fill, op, diag, nn, ai, nn, xi, 1);
      else if constexpr (std::is_same_v<T, cuComplex>) st = cublasCtrsv(h, fill, op, diag, nn, ai, nn, xi, 1);
      else st = cublasZtrsv(h, fill, op, diag, nn, ai, nn, xi, 1);
      check_cublas(st, "cublas<t>trsv");
    }
  });
}

}  // namespace gpuarray::libs
