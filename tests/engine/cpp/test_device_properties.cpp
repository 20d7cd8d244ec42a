// SPDX-License-Identifier: BSD-3-Clause
// The device-properties cache (cuda/device_properties.hpp) against a fake
// cudaDeviceGetAttribute (fake_cudart.hpp): each device's properties are
// read once per process, devices are kept apart, and a bad ordinal throws.
#include "check.hpp"
#include "cuda/device_properties.hpp"
#include "cuda/error.hpp"
#include "fake_cudart.hpp"

using namespace gpuarray;
using namespace gpuarray::test;

TEST(device_properties_are_read_once_per_device) {
  const CachedDeviceProperties first = cached_device_properties(1);
  CHECK_EQ(first.sm_count, 101);
  CHECK_EQ(first.compute_capability, 91);
  const int queries = fake_attribute_queries();
  for (int i = 0; i < 10; ++i) CHECK_EQ(cached_device_properties(1).sm_count, 101);
  CHECK_EQ(fake_attribute_queries(), queries);
}

TEST(device_properties_keep_devices_apart) {
  CHECK_EQ(cached_device_properties(0).sm_count, 100);
  CHECK_EQ(cached_device_properties(2).sm_count, 102);
  CHECK_EQ(cached_device_properties(0).compute_capability, 90);
  CHECK_EQ(cached_device_properties(2).compute_capability, 92);
}

TEST(device_properties_of_a_bad_device_throw) {
  CHECK_THROWS(cached_device_properties(-1), CudaRuntimeError, "");
  CHECK_THROWS(cached_device_properties(5), CudaRuntimeError, "");
  const int queries = fake_attribute_queries();
  CHECK_THROWS(cached_device_properties(5), CudaRuntimeError, "");  // a failure is not kept
  CHECK(fake_attribute_queries() > queries);
}
