// SPDX-License-Identifier: BSD-3-Clause
#include "memory/pointer_ops.hpp"

#include <stdexcept>
#include <string>

#include "cuda/device.hpp"
#include "cuda/error.hpp"
#include "cuda/graph.hpp"

namespace gpuarray {
namespace {

void check_fits(const char* call, const char* which, const MemoryPointer& p, std::size_t nbytes) {
  if (nbytes > p.size())
    throw std::invalid_argument(std::string(call) + ": " + std::to_string(nbytes) + " bytes requested but the " +
                                which + " has " + std::to_string(p.size()) + " bytes from its pointer to the end");
}

void check_host(const char* call, const void* host) {
  if (host == nullptr) throw std::invalid_argument(std::string(call) + ": the host pointer is null");
}

void finish(cudaStream_t stream, bool synchronous) {
  if (!synchronous) return;
  refuse_during_capture(stream, "A synchronous copy or memset (MemoryPointer.copy_*/memset)");
  GA_CUDA_CHECK(cudaStreamSynchronize(stream));
}

}  // namespace

MemoryPointer offset_pointer(const MemoryPointer& p, std::ptrdiff_t delta) {
  const std::size_t size = p.mem ? p.mem->size() : 0;
  const std::ptrdiff_t offset = p.offset + delta;
  if (offset < 0 || static_cast<std::size_t>(offset) > size)
    throw std::invalid_argument("MemoryPointer: offset " + std::to_string(offset) +
                                " is outside its allocation of " + std::to_string(size) + " bytes");
  return {p.mem, offset};
}

int pointer_device(std::uintptr_t ptr) {
  cudaPointerAttributes attributes{};
  GA_CUDA_CHECK(cudaPointerGetAttributes(&attributes, reinterpret_cast<const void*>(ptr)));
  if (attributes.type != cudaMemoryTypeDevice && attributes.type != cudaMemoryTypeManaged)
    throw std::invalid_argument("pointer " + std::to_string(ptr) + " is not device memory");
  return attributes.device;
}

// Copies and memsets run with the device pointer's device current, which is
// the device whose streams the callers pass.
void copy_device_to_device(const MemoryPointer& dst, const MemoryPointer& src, std::size_t nbytes,
                           cudaStream_t stream, bool synchronous) {
  check_fits("copy_from_device", "destination", dst, nbytes);
  check_fits("copy_from_device", "source", src, nbytes);
  if (nbytes == 0) return;
  DeviceGuard guard(dst.device());
  // cudaMemcpyDefault lets unified addressing find both ends, so this also
  // copies between devices.
  GA_CUDA_CHECK(cudaMemcpyAsync(reinterpret_cast<void*>(dst.ptr()), reinterpret_cast<const void*>(src.ptr()),
                                nbytes, cudaMemcpyDefault, stream));
  finish(stream, synchronous);
}

void copy_host_to_device(const MemoryPointer& dst, const void* src, std::size_t nbytes, cudaStream_t stream,
                         bool synchronous) {
  check_fits("copy_from_host", "destination", dst, nbytes);
  if (nbytes == 0) return;
  check_host("copy_from_host", src);
  DeviceGuard guard(dst.device());
  GA_CUDA_CHECK(cudaMemcpyAsync(reinterpret_cast<void*>(dst.ptr()), src, nbytes, cudaMemcpyHostToDevice, stream));
  finish(stream, synchronous);
}

void copy_device_to_host(void* dst, const MemoryPointer& src, std::size_t nbytes, cudaStream_t stream,
                         bool synchronous) {
  check_fits("copy_to_host", "source", src, nbytes);
  if (nbytes == 0) return;
  check_host("copy_to_host", dst);
  DeviceGuard guard(src.device());
  GA_CUDA_CHECK(cudaMemcpyAsync(dst, reinterpret_cast<const void*>(src.ptr()), nbytes, cudaMemcpyDeviceToHost, stream));
  finish(stream, synchronous);
}

void memset_device(const MemoryPointer& dst, int value, std::size_t nbytes, cudaStream_t stream, bool synchronous) {
  check_fits("memset", "destination", dst, nbytes);
  if (nbytes == 0) return;
  DeviceGuard guard(dst.device());
  GA_CUDA_CHECK(cudaMemsetAsync(reinterpret_cast<void*>(dst.ptr()), value, nbytes, stream));
  finish(stream, synchronous);
}

}  // namespace gpuarray
