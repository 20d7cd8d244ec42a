// SPDX-License-Identifier: BSD-3-Clause
// A cuRAND host-API generator (XORWOW, Philox4x32-10 or MRG32k3a) for the bulk
// uniform and normal streams of gpuarray.random. Each generator belongs to the
// device current when it was created and writes straight into caller memory on
// that device's current stream (curandSetStream before every call), so
// generation is ordered with the launches around it and never synchronizes.
#pragma once
#include <curand.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace gpuarray::libs {

class CurandGenerator {
 public:
  // kind: "XORWOW", "Philox4x32_10" or "MRG32k3a" (CuPy's bit generator names).
  CurandGenerator(const std::string& kind, unsigned long long seed);
  ~CurandGenerator();
  CurandGenerator(const CurandGenerator&) = delete;
  CurandGenerator& operator=(const CurandGenerator&) = delete;

  // Restarts the sequence: new seed, offset 0.
  void reseed(unsigned long long seed);
  // Uniform on (0, 1]; `n` elements of float32 (double_precision false) or float64.
  void uniform(std::uintptr_t out, std::size_t n, bool double_precision);
  // Normal(mean, stddev). cuRAND produces pairs: `n` must be even (the Python
  // side rounds up into a scratch element).
  void normal(std::uintptr_t out, std::size_t n, double mean, double stddev, bool double_precision);
  // Log-normal: exp of Normal(mean, stddev); `n` even as for normal.
  void lognormal(std::uintptr_t out, std::size_t n, double mean, double stddev, bool double_precision);
  // Raw 32-bit words.
  void raw32(std::uintptr_t out, std::size_t n);
  int device() const { return device_; }

 private:
  void bind_stream();
  curandGenerator_t gen_ = nullptr;
  int device_ = 0;
};

}  // namespace gpuarray::libs
