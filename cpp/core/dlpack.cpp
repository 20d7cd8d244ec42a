// SPDX-License-Identifier: BSD-3-Clause
#include "core/dlpack.hpp"

#include <utility>
#include <vector>

#include "core/array_size.hpp"

namespace gpuarray::dlpack {
namespace {

// The manager_ctx of an exported tensor: the view (whose MemoryPointer keeps
// the allocation alive) and the arrays DLTensor points into.
struct ExportContext {
  NDArray array;
  std::vector<std::int64_t> shape;
  std::vector<std::int64_t> strides;
};

ExportContext* make_context(const NDArray& a) {
  auto ctx = std::make_unique<ExportContext>();
  ctx->array = a;
  ctx->shape = a.shape;
  const int item = a.itemsize();
  for (std::size_t i = 0; i < a.strides.size(); ++i) {
    // A length-0 or length-1 axis can carry any stride; NumPy does the same.
    if (a.strides[i] % item != 0 && a.shape[i] > 1)
      throw Error("DLPack strides are counted in elements, and byte stride " + std::to_string(a.strides[i]) +
                  " of axis " + std::to_string(i) + " is not a multiple of the item size " + std::to_string(item));
    ctx->strides.push_back(a.strides[i] / item);
  }
  return ctx.release();
}

DLTensor describe_tensor(ExportContext* ctx, int device) {
  DLTensor t{};
  t.data = reinterpret_cast<void*>(ctx->array.data_ptr());
  t.device = DLDevice{kDLCUDA, device};
  t.ndim = ctx->array.ndim();
  t.dtype = to_dl_dtype(ctx->array.dtype);
  t.shape = ctx->shape.empty() ? nullptr : ctx->shape.data();
  t.strides = ctx->strides.empty() ? nullptr : ctx->strides.data();
  t.byte_offset = 0;
  return t;
}

// Byte offsets (low, high) of the memory a tensor spans around its element 0.
std::pair<std::int64_t, std::int64_t> extent(const Shape& shape, const Strides& strides, int itemsize) {
  std::int64_t low = 0, high = 0;
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == 0) return {0, 0};
    const std::int64_t span = (shape[i] - 1) * strides[i];
    (span < 0 ? low : high) += span;
  }
  return {low, high + itemsize};
}

}  // namespace

DLDataType to_dl_dtype(DType dt) {
  if (dt == DType::BFloat16) return DLDataType{kDLBfloat, 16, 1};
  const DTypeInfo& info = dtype_info(dt);
  static constexpr DataTypeCode codes[] = {kDLBool, kDLInt, kDLUInt, kDLFloat, kDLComplex};
  return DLDataType{codes[static_cast<int>(info.kind)], static_cast<std::uint8_t>(info.itemsize * 8), 1};
}

std::optional<DType> from_dl_dtype(DLDataType t) {
  if (t.lanes != 1) return std::nullopt;
  for (int i = 0; i < kNumDTypes; ++i) {
    const DLDataType candidate = to_dl_dtype(static_cast<DType>(i));
    if (candidate.code == t.code && candidate.bits == t.bits) return static_cast<DType>(i);
  }
  return std::nullopt;
}

std::string describe(DLDataType t) {
  static const char* names[] = {"int", "uint", "float", "opaque_handle", "bfloat", "complex", "bool"};
  std::string s = t.code < 7 ? names[t.code] : "code " + std::to_string(t.code) + " ";
  s += std::to_string(t.bits);
  if (t.lanes != 1) s += "x" + std::to_string(t.lanes);
  return s;
}

DLManagedTensorVersioned* export_versioned(const NDArray& a, int device, bool copied) {
  ExportContext* ctx = make_context(a);
  auto* m = new DLManagedTensorVersioned{};
  m->version = DLPackVersion{kMajorVersion, kMinorVersion};
  m->manager_ctx = ctx;
  m->deleter = [](DLManagedTensorVersioned* self) {
    delete static_cast<ExportContext*>(self->manager_ctx);
    delete self;
  };
  m->flags = (a.writeable ? 0 : kFlagReadOnly) | (copied ? kFlagIsCopied : 0);
  m->dl_tensor = describe_tensor(ctx, device);
  return m;
}

DLManagedTensor* export_legacy(const NDArray& a, int device) {
  ExportContext* ctx = make_context(a);
  auto* m = new DLManagedTensor{};
  m->manager_ctx = ctx;
  m->deleter = [](DLManagedTensor* self) {
    delete static_cast<ExportContext*>(self->manager_ctx);
    delete self;
  };
  m->dl_tensor = describe_tensor(ctx, device);
  return m;
}

NDArray import_tensor(const DLTensor& t, std::shared_ptr<void> owner, bool readonly) {
  if (t.device.device_type != kDLCUDA && t.device.device_type != kDLCUDAManaged)
    throw Error("DLPack tensor is on device type " + std::to_string(t.device.device_type) +
                ", not CUDA (2) or CUDA managed (13) memory, which gpuarray can view");
  const std::optional<DType> dt = from_dl_dtype(t.dtype);
  if (!dt) throw Error("DLPack dtype " + describe(t.dtype) + " has no gpuarray dtype");
  if (t.ndim < 0) throw Error("DLPack tensor has negative ndim " + std::to_string(t.ndim));
  NDArray a;
  a.dtype = *dt;
  a.writeable = !readonly;
  a.shape.assign(t.shape, t.shape + t.ndim);
  const int item = itemsize(*dt);
  check_array_size(a.shape, item);  // a producer's shape is not trusted: Note [Array size limit]
  if (t.strides == nullptr || t.ndim == 0) {
    a.strides = dense_strides(a.shape, item, Order::C);
  } else {
    for (int i = 0; i < t.ndim; ++i) a.strides.push_back(t.strides[i] * item);
  }
  const auto [low, high] = extent(a.shape, a.strides, item);
  const std::uintptr_t first = reinterpret_cast<std::uintptr_t>(t.data) + t.byte_offset;
  auto mem = std::make_shared<BorrowedMemory>(first + low, static_cast<std::size_t>(high - low), t.device.device_id,
                                               std::move(owner));
  a.data = MemoryPointer{std::move(mem), -low};
  return a;
}

}  // namespace gpuarray::dlpack
