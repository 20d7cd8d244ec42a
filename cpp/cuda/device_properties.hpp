// SPDX-License-Identifier: BSD-3-Clause
// The device properties that launches and compiles read, queried from the
// runtime once per device and process: a device's properties do not change
// while a process runs, and cudaDeviceGetAttribute on every launch would cost
// host time that a 1-element op cannot spare.
#pragma once

namespace gpuarray {

struct CachedDeviceProperties {
  int sm_count = 0;            // streaming multiprocessors: grids are sized by it
  int compute_capability = 0;  // 90 for 9.0: picks the compile target (jit/arch.hpp)
};

// Devices whose properties are kept; an ordinal at or past this is queried
// on every call (correct, only slower). No machine we know has more.
inline constexpr int kMaxCachedDevices = 64;

// `device`'s properties. Thread-safe; after a device's first call, a call is
// one atomic load. Throws CudaRuntimeError for an invalid device.
CachedDeviceProperties cached_device_properties(int device);

}  // namespace gpuarray
