// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/batched_copy.hpp"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <mutex>
#include <stdexcept>

#include "cuda/device.hpp"
#include "cuda/error.hpp"
#include "cuda/stream.hpp"
#include "jit/arch.hpp"
#include "jit/kernel_cache.hpp"
#include "jit/loaded_library.hpp"
#include "kernels/array_copy.hpp"
#include "kernels/elementwise_launcher.hpp"

namespace gpuarray {
namespace {

// Mirrors ga::copy::Piece / Pieces in gpuarray/batched_copy.cuh.
constexpr int kMaxPieces = 64;
struct Piece {
  std::uint64_t src, dst, bytes;
};
struct Pieces {
  Piece piece[kMaxPieces];
};
constexpr unsigned int kBlock = 256;
// Blocks per piece: enough for 16 KiB each, at most this many (the rest loop).
constexpr unsigned int kMaxBlocksPerPiece = 1024;

// Both arrays walk the same bytes in the same order: equal shapes and dtypes,
// both C-contiguous or both F-contiguous.
bool same_dense_layout(const NDArray& dst, const NDArray& src) {
  if (dst.dtype != src.dtype || dst.shape != src.shape || !dst.writeable) return false;
  return (dst.is_c_contiguous() && src.is_c_contiguous()) || (dst.is_f_contiguous() && src.is_f_contiguous());
}

cudaKernel_t batched_kernel(int device) {
  static std::mutex mutex;
  static std::vector<cudaKernel_t> kernels;
  std::lock_guard<std::mutex> lock(mutex);
  if (device >= static_cast<int>(kernels.size())) kernels.resize(device + 1, nullptr);
  if (kernels[device] == nullptr) {
    jit::CompileRequest request;
    request.name = "ga_batched_copy";
    request.source = batched_copy_source();
    request.options = kGeneratedKernelOptions;
    const jit::CachedModule cached = jit::compile_with_cache(request, jit::arch_for_device(device));
    kernels[device] = jit::LoadedLibrary::load(cached.module).kernel(request.name);
  }
  return kernels[device];
}

void launch(const Pieces& pieces, int count, std::uint64_t largest) {
  if (count == 0) return;
  const int device = current_device();
  const std::uint64_t blocks = std::max<std::uint64_t>(1, (largest + 16 * 1024 - 1) / (16 * 1024));
  const dim3 grid(static_cast<unsigned int>(std::min<std::uint64_t>(blocks, kMaxBlocksPerPiece)),
                  static_cast<unsigned int>(count));
  void* params[] = {const_cast<Pieces*>(&pieces)};
  const cudaError_t status = cudaLaunchKernel(reinterpret_cast<const void*>(batched_kernel(device)), grid,
                                              dim3(kBlock), params, 0, current_stream(device));
  if (status != cudaSuccess) {
    cudaGetLastError();
    throw CudaRuntimeError(status, "cudaLaunchKernel of the batched copy");
  }
}

}  // namespace

std::string batched_copy_source() { return "#include \"gpuarray/batched_copy.cuh\"\n"; }

void copy_pairs(const std::vector<NDArray>& dsts, const std::vector<NDArray>& srcs) {
  if (dsts.size() != srcs.size())
    throw std::invalid_argument("copy_pairs: " + std::to_string(dsts.size()) + " destinations for " +
                                std::to_string(srcs.size()) + " sources");
  Pieces pieces{};
  int count = 0;
  std::uint64_t largest = 0;
  for (std::size_t k = 0; k < dsts.size(); ++k) {
    const NDArray& dst = dsts[k];
    const NDArray& src = srcs[k];
    if (dst.size() == 0) continue;
    if (!same_dense_layout(dst, src)) {
      copy_into(dst, src);
      continue;
    }
    const auto bytes = static_cast<std::uint64_t>(dst.nbytes());
    pieces.piece[count++] = {src.data_ptr(), dst.data_ptr(), bytes};
    largest = std::max(largest, bytes);
    if (count == kMaxPieces) {
      launch(pieces, count, largest);
      count = 0;
      largest = 0;
    }
  }
  launch(pieces, count, largest);
}

}  // namespace gpuarray
