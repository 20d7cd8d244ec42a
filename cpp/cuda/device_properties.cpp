// SPDX-License-Identifier: BSD-3-Clause
#include "cuda/device_properties.hpp"

#include <cuda_runtime_api.h>

#include <array>
#include <atomic>
#include <mutex>

#include "cuda/error.hpp"

namespace gpuarray {
namespace {

CachedDeviceProperties query(int device) {
  CachedDeviceProperties p;
  int major = 0, minor = 0;
  GA_CUDA_CHECK(cudaDeviceGetAttribute(&p.sm_count, cudaDevAttrMultiProcessorCount, device));
  GA_CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
  GA_CUDA_CHECK(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device));
  p.compute_capability = major * 10 + minor;
  return p;
}

struct Slot {
  std::atomic<bool> ready{false};  // set once `properties` is written, never cleared
  CachedDeviceProperties properties;
};

std::array<Slot, kMaxCachedDevices> g_slots;
std::mutex g_fill_mutex;  // one writer per slot; readers of a ready slot take no lock

}  // namespace

CachedDeviceProperties cached_device_properties(int device) {
  if (device < 0 || device >= kMaxCachedDevices) return query(device);  // throws for a negative ordinal
  Slot& slot = g_slots[device];
  if (slot.ready.load(std::memory_order_acquire)) return slot.properties;
  std::lock_guard<std::mutex> lock(g_fill_mutex);
  if (!slot.ready.load(std::memory_order_relaxed)) {
    slot.properties = query(device);
    slot.ready.store(true, std::memory_order_release);
  }
  return slot.properties;
}

}  // namespace gpuarray
