// SPDX-License-Identifier: BSD-3-Clause
// CUB's decoupled look-back scans for the accumulator types (see
// docs/scans.md). Note [Scan instantiations]: one operator type serves sum
// and product (a runtime flag, uniform across the grid, so it costs no
// bandwidth), and one offset type (64-bit) serves every size, so each value
// type has exactly two instantiations: the flat InclusiveScan and the batched
// InclusiveScanByKey. Five value types make ten, and a flat InclusiveSum
// each for CUB's plus-specific tunings; nvcc's time is the cost.
#include <cub/device/device_scan.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <cstdint>
#include <string>

#include "cub/scan.hpp"
#include "cuda/error.hpp"
#include "kernels/elementwise_args.hpp"
#include "memory/memory.hpp"

namespace gpuarray {
namespace {

// Complex values as NumPy lays them out and multiplies them: (ac - bd, ad + bc),
// no special cases for infinities (NumPy's loops have none either).
template <typename T>
struct alignas(2 * sizeof(T)) ComplexValue {
  T re, im;
  __host__ __device__ friend ComplexValue operator+(const ComplexValue& a, const ComplexValue& b) {
    return {a.re + b.re, a.im + b.im};
  }
  __host__ __device__ friend ComplexValue operator*(const ComplexValue& a, const ComplexValue& b) {
    return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};
  }
};

// Sum or product, chosen at run time (Note [Scan instantiations]).
struct SumOrProduct {
  bool product;
  template <typename T>
  __host__ __device__ T operator()(const T& a, const T& b) const {
    return product ? a * b : a + b;
  }
};

// Item i's row: i / length. Below 2^31 items by multiply-high and shift
// (Note [Division by a constant] in gpuarray/elementwise.cuh): a 64-bit
// division is tens of instructions per item.
struct RowOfItem {
  unsigned long long length;
  unsigned int magic;
  unsigned int shift;
  bool small;
  __host__ __device__ unsigned long long operator()(unsigned long long i) const {
    if (!small) return i / length;
    const unsigned int n = static_cast<unsigned int>(i);
    const unsigned int high = static_cast<unsigned int>((static_cast<unsigned long long>(n) * magic) >> 32);
    return (high + n) >> shift;
  }
};

RowOfItem row_of_item(std::int64_t rows, std::int64_t length) {
  RowOfItem f{static_cast<unsigned long long>(length), 0, 0, false};
  if (rows * length < (std::int64_t{1} << 31)) {
    const DivisionMagic m = division_magic(static_cast<std::uint32_t>(length));
    f = {f.length, m.magic, m.shift, true};
  }
  return f;
}

void check_cub(cudaError_t status, const char* call, std::int64_t rows, std::int64_t length) {
  if (status != cudaSuccess) {
    cudaGetLastError();  // CUB's launch errors are sticky only for this call
    const std::string what = std::string(call) + " over " + std::to_string(rows) + " row(s) of " +
                             std::to_string(length);
    throw CudaRuntimeError(status, what.c_str());
  }
}

// CUB's two-call protocol: the first call (no storage) asks the size, the
// second runs with scratch memory from the pool (stream-ordered: released
// when `scratch` goes out of scope, reused only after this stream's work).
template <typename T, typename Count>
void inclusive_sum(const T* in, T* out, Count count, cudaStream_t stream) {
  std::size_t bytes = 0;
  check_cub(cub::DeviceScan::InclusiveSum(nullptr, bytes, in, out, count, stream),
            "cub::DeviceScan::InclusiveSum (size query)", 1, count);
  MemoryPointer scratch = allocate(bytes ? bytes : 1);
  check_cub(cub::DeviceScan::InclusiveSum(reinterpret_cast<void*>(scratch.ptr()), bytes, in, out, count, stream),
            "cub::DeviceScan::InclusiveSum", 1, count);
}

template <typename T>
void scan_rows(ScanOp op, const void* src, void* dst, std::int64_t rows, std::int64_t length, cudaStream_t stream) {
  const SumOrProduct scan_op{op == ScanOp::Product};
  const T* in = static_cast<const T*>(src);
  T* out = static_cast<T*>(dst);
  const std::int64_t n = rows * length;
  std::size_t bytes = 0;
  if (rows == 1 && op == ScanOp::Sum) {
    // cub::DeviceScan::InclusiveSum: CUB's tunings for a known plus (the
    // cumsum of one row, the common and the benchmarked case), with 32-bit
    // offsets when they fit (CUB's faster index arithmetic).
    if (n <= INT32_MAX) inclusive_sum(in, out, static_cast<int>(n), stream);
    else inclusive_sum(in, out, n, stream);
    return;
  }
  if (rows == 1) {
    check_cub(cub::DeviceScan::InclusiveScan(nullptr, bytes, in, out, scan_op, n, stream),
              "cub::DeviceScan::InclusiveScan (size query)", rows, length);
    MemoryPointer scratch = allocate(bytes ? bytes : 1);
    check_cub(cub::DeviceScan::InclusiveScan(reinterpret_cast<void*>(scratch.ptr()), bytes, in, out, scan_op, n,
                                             stream),
              "cub::DeviceScan::InclusiveScan", rows, length);
    return;
  }
  const auto keys = thrust::make_transform_iterator(thrust::counting_iterator<unsigned long long>(0),
                                                    row_of_item(rows, length));
  check_cub(cub::DeviceScan::InclusiveScanByKey(nullptr, bytes, keys, in, out, scan_op, n,
                                                cuda::std::equal_to<>(), stream),
            "cub::DeviceScan::InclusiveScanByKey (size query)", rows, length);
  MemoryPointer scratch = allocate(bytes ? bytes : 1);
  check_cub(cub::DeviceScan::InclusiveScanByKey(reinterpret_cast<void*>(scratch.ptr()), bytes, keys, in, out,
                                                scan_op, n, cuda::std::equal_to<>(), stream),
            "cub::DeviceScan::InclusiveScanByKey", rows, length);
}

}  // namespace

void cub_inclusive_scan_rows(ScanValue value, ScanOp op, const void* src, void* dst, std::int64_t rows,
                             std::int64_t length, cudaStream_t stream) {
  if (rows <= 0 || length <= 0) return;
  switch (value) {
    case ScanValue::UInt64: return scan_rows<unsigned long long>(op, src, dst, rows, length, stream);
    case ScanValue::Float32: return scan_rows<float>(op, src, dst, rows, length, stream);
    case ScanValue::Float64: return scan_rows<double>(op, src, dst, rows, length, stream);
    case ScanValue::Complex64: return scan_rows<ComplexValue<float>>(op, src, dst, rows, length, stream);
    case ScanValue::Complex128: return scan_rows<ComplexValue<double>>(op, src, dst, rows, length, stream);
  }
}

}  // namespace gpuarray
