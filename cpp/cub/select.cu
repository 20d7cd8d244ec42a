// SPDX-License-Identifier: BSD-3-Clause
// Two CUB instantiations, whatever the array's dtype: the caller first turns
// any array into a C-ordered byte mask through the elementwise engine, so
// only bytes are ever counted and selected (see docs/scans.md).
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_select.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <string>

#include "cub/select.hpp"
#include "cuda/error.hpp"
#include "memory/memory.hpp"

namespace gpuarray {
namespace {

// 0 or 1 per byte, so that the count agrees with what Flagged selects even
// for bytes other than 0 and 1.
struct IsNonzero {
  __host__ __device__ std::int64_t operator()(std::uint8_t b) const { return b != 0; }
};

void check_cub(cudaError_t status, const char* call, std::int64_t n) {
  if (status != cudaSuccess) {
    cudaGetLastError();
    const std::string what = std::string(call) + " over " + std::to_string(n) + " mask bytes";
    throw CudaRuntimeError(status, what.c_str());
  }
}

}  // namespace

// Both use CUB's two-call protocol: a size query, then the run with scratch
// memory from the pool (stream-ordered, released at the end of the scope).
void cub_count_nonzero_bytes(const std::uint8_t* mask, std::int64_t n, std::int64_t* d_count, cudaStream_t stream) {
  const auto ones = thrust::make_transform_iterator(mask, IsNonzero{});
  std::size_t bytes = 0;
  check_cub(cub::DeviceReduce::Sum(nullptr, bytes, ones, d_count, n, stream),
            "cub::DeviceReduce::Sum (size query)", n);
  MemoryPointer scratch = allocate(bytes ? bytes : 1);
  check_cub(cub::DeviceReduce::Sum(reinterpret_cast<void*>(scratch.ptr()), bytes, ones, d_count, n, stream),
            "cub::DeviceReduce::Sum", n);
}

void cub_nonzero_byte_positions(const std::uint8_t* mask, std::int64_t n, std::int64_t* d_indices,
                                std::int64_t* d_count, cudaStream_t stream) {
  const thrust::counting_iterator<std::int64_t> positions(0);
  std::size_t bytes = 0;
  check_cub(cub::DeviceSelect::Flagged(nullptr, bytes, positions, mask, d_indices, d_count, n, stream),
            "cub::DeviceSelect::Flagged (size query)", n);
  MemoryPointer scratch = allocate(bytes ? bytes : 1);
  check_cub(cub::DeviceSelect::Flagged(reinterpret_cast<void*>(scratch.ptr()), bytes, positions, mask, d_indices,
                                       d_count, n, stream),
            "cub::DeviceSelect::Flagged", n);
}

}  // namespace gpuarray
