// SPDX-License-Identifier: BSD-3-Clause
// Advanced indexing as a plan: which source axes index arrays pick along,
// the result's shape (NumPy's rule for where the broadcast index dimensions
// land), and the basic part (integers, slices, None, ...) as byte strides
// and an offset over the same memory. Pure host code: the gather and scatter
// kernels (kernels/gather_scatter.hpp) run the plan. See docs/indexing.md.
#pragma once
#include <cstdint>
#include <vector>

#include "core/ndarray.hpp"
#include "core/views.hpp"

namespace gpuarray {

// One item of a NumPy index. Array items hold the index array (device
// memory; the plan reads only its shape and strides). Boolean arrays are
// NumPy's masks: before planning, expand_masks replaces each by the integer
// arrays of its nonzero positions (BoolScalar for a 0-d mask).
struct IndexItem {
  enum class Kind : std::uint8_t { Integer, Slice, NewAxis, Ellipsis, IntArray, BoolArray, BoolScalar };
  Kind kind = Kind::NewAxis;
  std::int64_t start = 0, stop = 0, step = 1;  // Integer: start is the index; BoolScalar: start is 0 or 1
  NDArray array;                              // IntArray, BoolArray

  static IndexItem basic(const BasicIndexItem& b);
  static IndexItem int_array(NDArray a);
  static IndexItem bool_array(NDArray a);
};

// True when some item is an array or a boolean (NumPy's advanced indexing).
bool is_advanced_index(const std::vector<IndexItem>& items);

// The items of an index that is not advanced, for basic_index.
std::vector<BasicIndexItem> basic_items(const std::vector<IndexItem>& items);

// NumPy's IndexErrors that need no index values: more than one ellipsis, too
// many indices, an integer out of bounds, a mask whose shape differs from
// the axes it covers.
void check_index(const Shape& shape, const std::vector<IndexItem>& items);

// Each BoolArray item replaced by the columns of `positions[j]` (for the
// j-th BoolArray: its argwhere, an int64 (count, mask.ndim) array) as IntArray
// items of shape (count,); a 0-d mask becomes BoolScalar with start = count.
std::vector<IndexItem> expand_masks(const std::vector<IndexItem>& items, const std::vector<NDArray>& positions);

// One index array and the source axis it picks along.
struct IndexedAxis {
  int item;              // position of the IntArray in the item list
  int axis;              // the source axis
  std::int64_t extent;   // the axis' length: indices wrap (or clip) modulo it
  std::int64_t stride;   // bytes
};

// Note [Advanced index plan]
// result[pre..., b..., post...] = source[basic part at (pre, post)] moved by
// sum over indexed axes k of index_k[b] * stride_k. `source_strides` gives,
// per result dimension, the source's byte stride (0 on the broadcast index
// dimensions b), `source_offset` the bytes from the array's element 0 to the
// basic part's. The index dimensions occupy result dimensions
// [advanced_first, advanced_first + broadcast_shape.size()): where the first
// advanced item stood when all advanced items (integers count as advanced
// here) are adjacent in the index, else first (NumPy's rule).
struct AdvancedIndex {
  Shape result_shape;
  Strides source_strides;
  std::int64_t source_offset = 0;
  int advanced_first = 0;
  Shape broadcast_shape;
  std::vector<IndexedAxis> axes;
};

// The plan for an array of `shape` and byte `strides` and an index with no
// BoolArray items left. IndexError as NumPy's for indices that do not
// broadcast together, too many indices, an integer out of bounds, and for a
// non-empty index into an empty axis (nothing to wrap around).
AdvancedIndex plan_advanced_index(const Shape& shape, const Strides& strides, const std::vector<IndexItem>& items);

// `index` (an IntArray of the plan) as an operand of the result's shape:
// its dimensions on the broadcast index dimensions, stride 0 elsewhere.
NDArray index_operand(const AdvancedIndex& plan, const NDArray& index);

// NumPy's spelling of a shape in messages: (2,3) and (5,).
std::string shape_repr(const Shape& shape);

}  // namespace gpuarray
