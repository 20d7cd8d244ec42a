// SPDX-License-Identifier: BSD-3-Clause
// Devices: count, the calling thread's current device, properties, attributes.
#pragma once
#include <cuda_runtime_api.h>

#include <string>
#include <utility>
#include <vector>

namespace gpuarray {

// Number of CUDA devices; throws CudaRuntimeError when there is no driver or device.
int device_count();
// True when a driver and at least one device are present. Never throws.
bool is_available();

// The runtime keeps the current device per host thread; these wrap it with checks.
int current_device();
void set_current_device(int device);
void synchronize_device(int device);

// Validates a device ordinal, raising CudaRuntimeError(cudaErrorInvalidDevice).
void check_device_id(int device);

// cudaDeviceCanAccessPeer and cudaDeviceEnablePeerAccess (from the current
// device), checked, as CuPy's runtime module exposes them.
bool can_access_peer(int device, int peer);
void enable_peer_access(int peer);

// Lets kernels on `device` read and write memory of `owner` (Note [Arrays of
// another device]): nothing when they are the same (or owner < 0), peer
// access enabled once per pair where the hardware allows, else
// std::invalid_argument naming `what` and both devices.
void require_access(int device, int owner, const char* what);

cudaDeviceProp device_properties(int device);
// "90" for compute capability 9.0, as CuPy spells it.
std::string compute_capability(int device);
// (free, total) bytes on `device`.
std::pair<size_t, size_t> device_mem_info(int device);
// Every device attribute the driver reports, keyed by CuPy's names
// ("MaxThreadsPerBlock", "MultiProcessorCount", ...).
std::vector<std::pair<const char*, int>> device_attributes(int device);

int runtime_version();
int driver_version();  // 0 when no driver is installed

// Makes `device` current for the guard's lifetime and restores the previous one.
class DeviceGuard {
 public:
  explicit DeviceGuard(int device);
  ~DeviceGuard();
  DeviceGuard(const DeviceGuard&) = delete;
  DeviceGuard& operator=(const DeviceGuard&) = delete;

 private:
  int previous_;
  bool switched_;
};

}  // namespace gpuarray
