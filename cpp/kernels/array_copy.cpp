// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/array_copy.hpp"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>
#include <utility>

#include "cuda/error.hpp"
#include "cuda/stream.hpp"
#include "kernels/cast_expressions.hpp"
#include "kernels/elementwise_launcher.hpp"

namespace gpuarray {
namespace {

void require_writeable(const NDArray& dst) {
  if (!dst.writeable) throw std::invalid_argument("assignment destination is read-only");
}

// [lowest, highest) byte addresses an array can touch.
std::pair<std::uintptr_t, std::uintptr_t> extent(const NDArray& a) {
  std::int64_t lo = 0, hi = 0;
  for (int i = 0; i < a.ndim(); ++i) {
    std::int64_t span = (a.shape[i] - 1) * a.strides[i];
    if (span < 0) lo += span; else hi += span;
  }
  const auto base = static_cast<std::int64_t>(a.data_ptr());
  return {static_cast<std::uintptr_t>(base + lo), static_cast<std::uintptr_t>(base + hi + a.itemsize())};
}

bool same_dense_layout(const NDArray& a, const NDArray& b) {
  if (a.shape != b.shape || a.dtype != b.dtype) return false;
  return (a.is_c_contiguous() && b.is_c_contiguous()) || (a.is_f_contiguous() && b.is_f_contiguous());
}

}  // namespace

bool may_share_memory(const NDArray& a, const NDArray& b) {
  if (a.size() == 0 || b.size() == 0) return false;
  auto [alo, ahi] = extent(a);
  auto [blo, bhi] = extent(b);
  return alo < bhi && blo < ahi;
}

void copy_into(const NDArray& dst, const NDArray& src) {
  require_writeable(dst);
  if (dst.size() == 0) {
    OperandDesc ops[2] = {OperandDesc::input(src), OperandDesc::output(dst)};
    IterationPlan check(ops, 2);  // NumPy still reports shapes that do not broadcast
    return;
  }
  if (same_dense_layout(dst, src)) {
    if (dst.data_ptr() == src.data_ptr()) return;
    GA_CUDA_CHECK(cudaMemcpyAsync(reinterpret_cast<void*>(dst.data_ptr()), reinterpret_cast<const void*>(src.data_ptr()),
                                  dst.nbytes(), cudaMemcpyDeviceToDevice, current_stream()));
    return;
  }
  if (may_share_memory(dst, src)) {
    // Threads would read elements other threads already overwrote.
    copy_into(dst, copy_array(src, src.dtype, 'K'));
    return;
  }
  OperandDesc ops[2] = {OperandDesc::input(src), OperandDesc::output(dst)};
  run_elementwise(cast_op(src.dtype, dst.dtype), ops, 2);
}

void fill(const NDArray& dst, const ScalarArg& value) {
  require_writeable(dst);
  if (value.dtype != dst.dtype)
    throw std::invalid_argument(std::string("fill: a ") + dtype_name(value.dtype) + " value for a " +
                                dtype_name(dst.dtype) + " array");
  OperandDesc ops[1] = {OperandDesc::output(dst)};
  run_elementwise(fill_op(dst.dtype), ops, 1, &value, 1);
}

Strides strides_for_order(const NDArray& like, int itemsize, char order) {
  switch (order) {
    case 'C': case 'c': return contiguous_strides(like.shape, itemsize, Order::C);
    case 'F': case 'f': return contiguous_strides(like.shape, itemsize, Order::F);
    case 'A': case 'a':
      return contiguous_strides(like.shape, itemsize,
                                like.is_f_contiguous() && !like.is_c_contiguous() ? Order::F : Order::C);
    case 'K': case 'k': break;
    default: throw std::invalid_argument(std::string("order must be one of 'C', 'F', 'A', or 'K' (got '") + order + "')");
  }
  if (like.is_c_contiguous()) return contiguous_strides(like.shape, itemsize, Order::C);
  if (like.is_f_contiguous()) return contiguous_strides(like.shape, itemsize, Order::F);
  // NumPy's 'K': the axes sorted by decreasing |stride| (stable), laid out C-contiguously in that order.
  const int nd = like.ndim();
  std::vector<int> perm(nd);
  std::iota(perm.begin(), perm.end(), 0);
  std::stable_sort(perm.begin(), perm.end(), [&](int a, int b) {
    return std::llabs(like.strides[a]) > std::llabs(like.strides[b]);
  });
  Shape permuted(nd);
  for (int i = 0; i < nd; ++i) permuted[i] = like.shape[perm[i]];
  Strides dense = contiguous_strides(permuted, itemsize, Order::C);
  Strides out(nd);
  for (int i = 0; i < nd; ++i) out[perm[i]] = dense[i];
  return out;
}

NDArray copy_array(const NDArray& src, DType dtype, char order) {
  NDArray out;
  out.shape = src.shape;
  out.dtype = dtype;
  out.strides = strides_for_order(src, gpuarray::itemsize(dtype), order);
  out.data = allocate(static_cast<std::size_t>(out.nbytes()));
  copy_into(out, src);
  return out;
}

}  // namespace gpuarray
