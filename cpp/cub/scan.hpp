// SPDX-License-Identifier: BSD-3-Clause
// Device-wide inclusive scans (sum and product) built by nvcc from CUB's
// DeviceScan, for the accumulator types only: see docs/scans.md. The
// interface is plain C++ (no CUB types), so the rest of the engine includes
// it without nvcc.
#pragma once
#include <cuda_runtime_api.h>

#include <cstdint>

namespace gpuarray {

// The value types a CUB scan exists for. Every other dtype is scanned in one
// of these (see scan_value_of in kernels/scan.hpp): int64 shares UInt64's
// instantiation, since two's-complement sums and products are the same bits.
enum class ScanValue : std::uint8_t { UInt64, Float32, Float64, Complex64, Complex128 };
enum class ScanOp : std::uint8_t { Sum, Product };

// dst[r, k] = src[r, 0] op src[r, 1] op ... op src[r, k] for `rows` rows of
// `length` items, each buffer C-contiguous (rows x length) in `value`'s
// layout (complex: real then imaginary). One row is scanned by
// DeviceScan::InclusiveScan (src may equal dst); several by
// InclusiveScanByKey with the row index as the key (src must not overlap
// dst). Launches on `stream`, which must be the current stream of the
// current device (scratch memory comes from the pool for that stream); does
// not synchronize. Throws CudaRuntimeError naming the CUB call.
void cub_inclusive_scan_rows(ScanValue value, ScanOp op, const void* src, void* dst, std::int64_t rows,
                             std::int64_t length, cudaStream_t stream);

}  // namespace gpuarray
