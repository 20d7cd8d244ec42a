// SPDX-License-Identifier: BSD-3-Clause
#include "libs/curand_generator.hpp"

#include <stdexcept>

#include "cuda/device.hpp"
#include "cuda/error.hpp"
#include "cuda/stream.hpp"

namespace gpuarray::libs {
namespace {

const char* status_name(curandStatus_t s) {
  switch (s) {
    case CURAND_STATUS_VERSION_MISMATCH: return "CURAND_STATUS_VERSION_MISMATCH";
    case CURAND_STATUS_NOT_INITIALIZED: return "CURAND_STATUS_NOT_INITIALIZED";
    case CURAND_STATUS_ALLOCATION_FAILED: return "CURAND_STATUS_ALLOCATION_FAILED";
    case CURAND_STATUS_TYPE_ERROR: return "CURAND_STATUS_TYPE_ERROR";
    case CURAND_STATUS_OUT_OF_RANGE: return "CURAND_STATUS_OUT_OF_RANGE";
    case CURAND_STATUS_LENGTH_NOT_MULTIPLE: return "CURAND_STATUS_LENGTH_NOT_MULTIPLE";
    case CURAND_STATUS_DOUBLE_PRECISION_REQUIRED: return "CURAND_STATUS_DOUBLE_PRECISION_REQUIRED";
    case CURAND_STATUS_LAUNCH_FAILURE: return "CURAND_STATUS_LAUNCH_FAILURE";
    case CURAND_STATUS_PREEXISTING_FAILURE: return "CURAND_STATUS_PREEXISTING_FAILURE";
    case CURAND_STATUS_INITIALIZATION_FAILED: return "CURAND_STATUS_INITIALIZATION_FAILED";
    case CURAND_STATUS_ARCH_MISMATCH: return "CURAND_STATUS_ARCH_MISMATCH";
    case CURAND_STATUS_INTERNAL_ERROR: return "CURAND_STATUS_INTERNAL_ERROR";
    default: return "CURAND_STATUS_UNKNOWN";
  }
}

void check(curandStatus_t s, const char* call) {
  if (s != CURAND_STATUS_SUCCESS) throw std::runtime_error(std::string(call) + " failed: " + status_name(s));
}

curandRngType_t rng_type(const std::string& kind) {
  if (kind == "XORWOW") return CURAND_RNG_PSEUDO_XORWOW;
  if (kind == "Philox4x32_10") return CURAND_RNG_PSEUDO_PHILOX4_32_10;
  if (kind == "MRG32k3a") return CURAND_RNG_PSEUDO_MRG32K3A;
  throw std::invalid_argument("unknown cuRAND generator '" + kind + "': expected XORWOW, Philox4x32_10 or MRG32k3a");
}

}  // namespace

CurandGenerator::CurandGenerator(const std::string& kind, unsigned long long seed) {
  curandRngType_t type = rng_type(kind);
  device_ = current_device();
  check(curandCreateGenerator(&gen_, type), "curandCreateGenerator");
  reseed(seed);
}

CurandGenerator::~CurandGenerator() {
  if (gen_) curandDestroyGenerator(gen_);
}

void CurandGenerator::reseed(unsigned long long seed) {
  check(curandSetPseudoRandomGeneratorSeed(gen_, seed), "curandSetPseudoRandomGeneratorSeed");
  check(curandSetGeneratorOffset(gen_, 0), "curandSetGeneratorOffset");
}

// The caller's current stream may change between calls (`with stream:`).
void CurandGenerator::bind_stream() {
  check(curandSetStream(gen_, current_stream(device_)), "curandSetStream");
}

void CurandGenerator::uniform(std::uintptr_t out, std::size_t n, bool double_precision) {
  if (n == 0) return;
  bind_stream();
  if (double_precision)
    check(curandGenerateUniformDouble(gen_, reinterpret_cast<double*>(out), n), "curandGenerateUniformDouble");
  else
    check(curandGenerateUniform(gen_, reinterpret_cast<float*>(out), n), "curandGenerateUniform");
}

void CurandGenerator::normal(std::uintptr_t out, std::size_t n, double mean, double stddev, bool double_precision) {
  if (n == 0) return;
  bind_stream();
  if (double_precision)
    check(curandGenerateNormalDouble(gen_, reinterpret_cast<double*>(out), n, mean, stddev),
          "curandGenerateNormalDouble");
  else
    check(curandGenerateNormal(gen_, reinterpret_cast<float*>(out), n, static_cast<float>(mean),
                               static_cast<float>(stddev)),
          "curandGenerateNormal");
}

void CurandGenerator::lognormal(std::uintptr_t out, std::size_t n, double mean, double stddev,
                                bool double_precision) {
  if (n == 0) return;
  bind_stream();
  if (double_precision)
    check(curandGenerateLogNormalDouble(gen_, reinterpret_cast<double*>(out), n, mean, stddev),
          "curandGenerateLogNormalDouble");
  else
    check(curandGenerateLogNormal(gen_, reinterpret_cast<float*>(out), n, static_cast<float>(mean),
                                  static_cast<float>(stddev)),
          "curandGenerateLogNormal");
}

void CurandGenerator::raw32(std::uintptr_t out, std::size_t n) {
  if (n == 0) return;
  bind_stream();
  check(curandGenerate(gen_, reinterpret_cast<unsigned int*>(out), n), "curandGenerate");
}

}  // namespace gpuarray::libs
