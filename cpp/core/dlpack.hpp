// SPDX-License-Identifier: BSD-3-Clause
// DLPack 1.0 (https://dmlc.github.io/dlpack/latest/c_api.html): the C structs,
// written here from the specification so that no dlpack.h is needed, and the
// conversions between them and NDArray. Python capsules are the bindings'
// business (bindings/interop.cpp); nothing here touches Python.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>

#include "core/ndarray.hpp"

namespace gpuarray::dlpack {

inline constexpr std::uint32_t kMajorVersion = 1;
inline constexpr std::uint32_t kMinorVersion = 0;

// DLDeviceType values this engine meets (the rest of the enum is not needed).
enum DeviceType : std::int32_t { kDLCPU = 1, kDLCUDA = 2, kDLCUDAHost = 3, kDLCUDAManaged = 13 };
// DLDataTypeCode.
enum DataTypeCode : std::uint8_t { kDLInt = 0, kDLUInt = 1, kDLFloat = 2, kDLBfloat = 4, kDLComplex = 5, kDLBool = 6 };

// DLManagedTensorVersioned::flags bits.
inline constexpr std::uint64_t kFlagReadOnly = 1ULL << 0;
inline constexpr std::uint64_t kFlagIsCopied = 1ULL << 1;

struct DLPackVersion {
  std::uint32_t major;
  std::uint32_t minor;
};

struct DLDevice {
  std::int32_t device_type;
  std::int32_t device_id;
};

struct DLDataType {
  std::uint8_t code;
  std::uint8_t bits;
  std::uint16_t lanes;
};

struct DLTensor {
  void* data;
  DLDevice device;
  std::int32_t ndim;
  DLDataType dtype;
  std::int64_t* shape;
  std::int64_t* strides;  // in elements; null means compact row-major
  std::uint64_t byte_offset;
};

// The legacy (pre-1.0) managed tensor, in "dltensor" capsules.
struct DLManagedTensor {
  DLTensor dl_tensor;
  void* manager_ctx;
  void (*deleter)(DLManagedTensor* self);
};

// The 1.0 managed tensor, in "dltensor_versioned" capsules.
struct DLManagedTensorVersioned {
  DLPackVersion version;
  void* manager_ctx;
  void (*deleter)(DLManagedTensorVersioned* self);
  std::uint64_t flags;
  DLTensor dl_tensor;
};

// What cannot be exchanged (a dtype, a device, a stride, a version): Python's
// BufferError, as the DLPack Python specification asks.
struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

DLDataType to_dl_dtype(DType dt);
// nullopt for the types gpuarray has no dtype for (bfloat16, vector lanes, ...).
std::optional<DType> from_dl_dtype(DLDataType t);
std::string describe(DLDataType t);  // "bfloat16", "int4x2", for messages

// Managed tensors viewing `a` (shape and element strides owned by the tensor,
// `a`'s memory kept alive until the consumer calls the deleter). Throws Error
// when a byte stride is not a multiple of the item size, which DLPack cannot
// express. `device` is the CUDA device the memory is on.
DLManagedTensorVersioned* export_versioned(const NDArray& a, int device, bool copied);
DLManagedTensor* export_legacy(const NDArray& a, int device);

// An NDArray viewing a CUDA (or managed) tensor's memory; `owner` is released
// (calling the producer's deleter) when the last view goes away. Throws Error
// for other devices and dtypes gpuarray lacks.
NDArray import_tensor(const DLTensor& t, std::shared_ptr<void> owner, bool readonly);

}  // namespace gpuarray::dlpack
