// SPDX-License-Identifier: BSD-3-Clause
// Views: new shapes and strides over the same memory, with NumPy's rules and
// error messages. Basic indexing, reshape without a copy, transpose. Pure
// host code; nothing here touches the device.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/ndarray.hpp"

namespace gpuarray {

// NumPy's AxisError (a ValueError and an IndexError); bindings raise
// numpy.exceptions.AxisError for it.
struct AxisError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};
// NumPy's IndexError for indices (std::out_of_range becomes IndexError in the bindings).
struct IndexError : std::out_of_range {
  using std::out_of_range::out_of_range;
};

// One item of a basic index. Slices carry what Python's PySlice_Unpack gives
// (start/stop clamped to int64, None as the extreme value for the step's sign).
struct BasicIndexItem {
  enum class Kind : std::uint8_t { Integer, Slice, NewAxis, Ellipsis };
  Kind kind;
  std::int64_t start = 0, stop = 0, step = 1;  // Integer: start is the index

  static BasicIndexItem integer(std::int64_t i) { return {Kind::Integer, i, 0, 1}; }
  static BasicIndexItem slice(std::int64_t start, std::int64_t stop, std::int64_t step) {
    return {Kind::Slice, start, stop, step};
  }
  static BasicIndexItem new_axis() { return {Kind::NewAxis}; }
  static BasicIndexItem ellipsis() { return {Kind::Ellipsis}; }
};

// a[items]: a view. Throws IndexError as NumPy does (out of bounds, too many
// indices, two ellipses).
NDArray basic_index(const NDArray& a, const std::vector<BasicIndexItem>& items);

// The view a.reshape(requested, order) when NumPy's reshape gives one
// without a copy (the requested shape is a's own, a contiguous array, or
// NumPy's no-copy rule), else false. An unknown (-1) extent is resolved;
// ValueError as NumPy's for impossible shapes.
bool reshape_view(const NDArray& a, const Shape& requested, Order order, NDArray* out);

// `requested` with its one negative (unknown) extent filled in for `size`
// elements; ValueError with NumPy's messages otherwise.
Shape resolve_reshape(const Shape& requested, std::int64_t size);

// a.transpose(axes); `axes` empty means reversed. AxisError / ValueError as NumPy.
NDArray transpose(const NDArray& a, const std::vector<std::int64_t>& axes);

// `axis` in [-ndim, ndim) as a non-negative axis, else AxisError.
int normalize_axis(std::int64_t axis, int ndim);

// Python's PySlice_AdjustIndices: clamps start/stop into an axis of `length`
// and returns the slice's length.
std::int64_t adjust_slice(std::int64_t length, std::int64_t* start, std::int64_t* stop, std::int64_t step);

}  // namespace gpuarray
