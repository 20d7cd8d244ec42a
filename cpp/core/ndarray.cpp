// SPDX-License-Identifier: BSD-3-Clause
#include "core/ndarray.hpp"

#include <stdexcept>
#include <string>

#include "core/array_size.hpp"
#include "cuda/error.hpp"
#include "cuda/graph.hpp"
#include "cuda/stream.hpp"

namespace gpuarray {

std::int64_t shape_size(const Shape& shape) {
  std::int64_t n = 1;
  for (auto d : shape) n *= d;
  return n;
}

void check_array_size(const Shape& shape, int itemsize) {
  std::int64_t bytes = itemsize;
  bool too_big = false;
  for (auto d : shape) {
    if (d < 0) throw std::invalid_argument("negative dimensions are not allowed");
    if (d != 0) too_big |= __builtin_mul_overflow(bytes, d, &bytes);
  }
  if (too_big) {
    std::string dims;
    for (auto d : shape) dims += (dims.empty() ? "" : ", ") + std::to_string(d);
    throw std::length_error("array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible "
                            "size (shape (" + dims + "), itemsize " + std::to_string(itemsize) + ")");
  }
}

namespace {
bool g_zero_strides_for_empty_arrays = false;
}  // namespace

void set_zero_strides_for_empty_arrays(bool zero) { g_zero_strides_for_empty_arrays = zero; }

Strides contiguous_strides(const Shape& shape, int itemsize, Order order) {
  if (g_zero_strides_for_empty_arrays && shape_size(shape) == 0) return Strides(shape.size());
  return dense_strides(shape, itemsize, order);
}

Strides dense_strides(const Shape& shape, int itemsize, Order order) {
  const int nd = static_cast<int>(shape.size());
  Strides strides(nd);
  std::int64_t step = itemsize;
  // Size-0 dimensions get the stride they would have with extent 1.
  if (order == Order::C) {
    for (int i = nd - 1; i >= 0; --i) {
      strides[i] = step;
      step *= shape[i] > 0 ? shape[i] : 1;
    }
  } else {
    for (int i = 0; i < nd; ++i) {
      strides[i] = step;
      step *= shape[i] > 0 ? shape[i] : 1;
    }
  }
  return strides;
}

NDArray NDArray::empty(const Shape& shape, DType dtype, Order order) {
  check_array_size(shape, gpuarray::itemsize(dtype));
  NDArray a;
  a.shape = shape;
  a.dtype = dtype;
  a.strides = contiguous_strides(shape, gpuarray::itemsize(dtype), order);
  a.data = allocate(static_cast<std::size_t>(a.nbytes()));
  return a;
}

NDArray NDArray::zeros(const Shape& shape, DType dtype, Order order) {
  NDArray a = empty(shape, dtype, order);
  if (a.nbytes() > 0)
    GA_CUDA_CHECK(cudaMemsetAsync(reinterpret_cast<void*>(a.data_ptr()), 0, a.nbytes(), current_stream()));
  return a;
}

namespace {
// NumPy's rule: a dimension of extent 1 may have any stride; an empty array is
// contiguous in both orders.
bool is_contiguous(const NDArray& a, Order order) {
  if (a.size() == 0) return true;
  std::int64_t expected = a.itemsize();
  const int nd = a.ndim();
  for (int k = 0; k < nd; ++k) {
    int i = order == Order::C ? nd - 1 - k : k;
    if (a.shape[i] == 1) continue;
    if (a.strides[i] != expected) return false;
    expected *= a.shape[i];
  }
  return true;
}

void require_contiguous(const NDArray& a, const char* what) {
  if (!a.is_c_contiguous())
    throw std::invalid_argument(std::string(what) + ": the array must be C-contiguous");
}
}  // namespace

bool NDArray::is_c_contiguous() const { return is_contiguous(*this, Order::C); }
bool NDArray::is_f_contiguous() const { return is_contiguous(*this, Order::F); }

void copy_from_host(NDArray& dst, const void* src) {
  require_contiguous(dst, "copy_from_host");
  if (dst.nbytes() == 0) return;
  cudaStream_t s = current_stream();
  refuse_during_capture(s, "Copying host data to the device");
  GA_CUDA_CHECK(cudaMemcpyAsync(reinterpret_cast<void*>(dst.data_ptr()), src, dst.nbytes(),
                                cudaMemcpyHostToDevice, s));
  GA_CUDA_CHECK(cudaStreamSynchronize(s));
}

void copy_to_host(void* dst, const NDArray& src) {
  require_contiguous(src, "copy_to_host");
  if (src.nbytes() == 0) return;
  cudaStream_t s = current_stream();
  refuse_during_capture(s, "Copying device data to the host (get, item, bool, printing, ...)");
  GA_CUDA_CHECK(cudaMemcpyAsync(dst, reinterpret_cast<const void*>(src.data_ptr()), src.nbytes(),
                                cudaMemcpyDeviceToHost, s));
  GA_CUDA_CHECK(cudaStreamSynchronize(s));
}

}  // namespace gpuarray
