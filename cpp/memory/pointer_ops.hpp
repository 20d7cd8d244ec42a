// SPDX-License-Identifier: BSD-3-Clause
// What a MemoryPointer can do, as CuPy's MemoryPointer methods: pointer
// arithmetic, copies to and from device or host memory, and memset.
#pragma once
#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "memory/memory.hpp"

namespace gpuarray {

// `p` moved by `delta` bytes. The result must stay within the allocation
// (one past its end included); std::invalid_argument otherwise.
MemoryPointer offset_pointer(const MemoryPointer& p, std::ptrdiff_t delta);

// The device that owns a device pointer, as cudaPointerGetAttributes reports it.
int pointer_device(std::uintptr_t ptr);

// Each call enqueues its work on `stream`; with `synchronous` it also waits
// for the stream before returning. `nbytes` must not exceed the device
// pointers' size() (std::invalid_argument otherwise); zero bytes does nothing.
// Host pointers may be pageable or pinned; only pinned ones make the
// asynchronous variants overlap with the host.
void copy_device_to_device(const MemoryPointer& dst, const MemoryPointer& src, std::size_t nbytes,
                           cudaStream_t stream, bool synchronous);
void copy_host_to_device(const MemoryPointer& dst, const void* src, std::size_t nbytes, cudaStream_t stream,
                         bool synchronous);
void copy_device_to_host(void* dst, const MemoryPointer& src, std::size_t nbytes, cudaStream_t stream,
                         bool synchronous);
// Sets `nbytes` bytes at `dst` to the low byte of `value`, as cudaMemset.
void memset_device(const MemoryPointer& dst, int value, std::size_t nbytes, cudaStream_t stream,
                   bool synchronous);

}  // namespace gpuarray
