// SPDX-License-Identifier: BSD-3-Clause
// Stream compaction built by nvcc from CUB (DeviceReduce, DeviceSelect): the
// positions of the nonzero bytes of a mask, for nonzero/argwhere/extract (see
// docs/scans.md). Plain C++ interface, no CUB types.
#pragma once
#include <cuda_runtime_api.h>

#include <cstdint>

namespace gpuarray {

// *d_count = the number of nonzero bytes among mask[0, n) (d_count is device
// memory). Launches on `stream`, the current stream of the current device;
// does not synchronize.
void cub_count_nonzero_bytes(const std::uint8_t* mask, std::int64_t n, std::int64_t* d_count, cudaStream_t stream);

// d_indices[0, count) = the positions i, ascending, where mask[i] != 0, and
// *d_count = count (device memory). d_indices must hold the count that
// cub_count_nonzero_bytes gave for the same mask. Same stream rules.
void cub_nonzero_byte_positions(const std::uint8_t* mask, std::int64_t n, std::int64_t* d_indices,
                                std::int64_t* d_count, cudaStream_t stream);

}  // namespace gpuarray
