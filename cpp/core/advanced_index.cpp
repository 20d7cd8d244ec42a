// SPDX-License-Identifier: BSD-3-Clause
#include "core/advanced_index.hpp"
#include "core/views.hpp"

#include <stdexcept>
#include <string>

namespace gpuarray {
namespace {

using K = IndexItem::Kind;

// How many array axes an item consumes.
int consumed_axes(const IndexItem& it) {
  switch (it.kind) {
    case K::Integer:
    case K::Slice:
    case K::IntArray:
      return 1;
    case K::BoolArray:
      return it.array.ndim();
    default:
      return 0;
  }
}

bool is_array_item(const IndexItem& it) {
  return it.kind == K::IntArray || it.kind == K::BoolArray || it.kind == K::BoolScalar;
}

int total_consumed(const std::vector<IndexItem>& items) {
  int consumed = 0;
  for (const auto& it : items) consumed += consumed_axes(it);
  return consumed;
}

// NumPy's broadcast of the index arrays' shapes, right-aligned.
Shape broadcast_index_shapes(const std::vector<Shape>& shapes) {
  Shape out;
  for (const auto& s : shapes)
    if (s.size() > out.size()) out.insert(out.begin(), s.size() - out.size(), 1);
  for (const auto& s : shapes) {
    const std::size_t lead = out.size() - s.size();
    for (std::size_t d = 0; d < s.size(); ++d) {
      std::int64_t& o = out[lead + d];
      if (s[d] == o || s[d] == 1) continue;
      if (o != 1) {
        std::string all;
        for (const auto& t : shapes) all += shape_repr(t) + " ";
        throw IndexError("shape mismatch: indexing arrays could not be broadcast together with shapes " + all);
      }
      o = s[d];
    }
  }
  return out;
}


std::int64_t checked_integer(std::int64_t i, std::int64_t n, int axis) {
  if (i < -n || i >= n)
    throw IndexError("index " + std::to_string(i) + " is out of bounds for axis " + std::to_string(axis) +
                     " with size " + std::to_string(n));
  return i < 0 ? i + n : i;
}

}  // namespace

std::string shape_repr(const Shape& shape) {
  std::string s = "(";
  for (std::size_t d = 0; d < shape.size(); ++d) s += (d ? "," : "") + std::to_string(shape[d]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

IndexItem IndexItem::basic(const BasicIndexItem& b) {
  IndexItem it;
  using B = BasicIndexItem::Kind;
  it.kind = b.kind == B::Integer ? K::Integer : b.kind == B::Slice ? K::Slice : b.kind == B::NewAxis ? K::NewAxis
                                                                                                       : K::Ellipsis;
  it.start = b.start;
  it.stop = b.stop;
  it.step = b.step;
  return it;
}

IndexItem IndexItem::int_array(NDArray a) {
  IndexItem it;
  it.kind = K::IntArray;
  it.array = std::move(a);
  return it;
}

IndexItem IndexItem::bool_array(NDArray a) {
  IndexItem it;
  it.kind = K::BoolArray;
  it.array = std::move(a);
  return it;
}

bool is_advanced_index(const std::vector<IndexItem>& items) {
  for (const auto& it : items)
    if (is_array_item(it)) return true;
  return false;
}

std::vector<BasicIndexItem> basic_items(const std::vector<IndexItem>& items) {
  std::vector<BasicIndexItem> out;
  out.reserve(items.size());
  for (const auto& it : items) {
    switch (it.kind) {
      case K::Integer: out.push_back(BasicIndexItem::integer(it.start)); break;
      case K::Slice: out.push_back(BasicIndexItem::slice(it.start, it.stop, it.step)); break;
      case K::NewAxis: out.push_back(BasicIndexItem::new_axis()); break;
      case K::Ellipsis: out.push_back(BasicIndexItem::ellipsis()); break;
      default: throw std::logic_error("basic_items: the index has arrays (advanced indexing)");
    }
  }
  return out;
}

void check_index(const Shape& shape, const std::vector<IndexItem>& items) {
  const int ndim = static_cast<int>(shape.size());
  int ellipses = 0;
  for (const auto& it : items)
    if (it.kind == K::Ellipsis && ++ellipses > 1)
      throw IndexError("an index can only have a single ellipsis ('...')");
  const int consumed = total_consumed(items);
  if (consumed > ndim)
    throw IndexError("too many indices for array: array is " + std::to_string(ndim) + "-dimensional, but " +
                     std::to_string(consumed) + " were indexed");
  int axis = 0;
  for (const auto& it : items) {
    if (it.kind == K::IntArray) {
      const DTypeKind kind = dtype_info(it.array.dtype).kind;
      if (kind != DTypeKind::SignedInt && kind != DTypeKind::UnsignedInt)
        throw IndexError(std::string("arrays used as indices must be of integer (or boolean) type, got ") +
                         dtype_name(it.array.dtype));
    }
    if (it.kind == K::Ellipsis) axis += ndim - consumed;
    if (it.kind == K::Integer) checked_integer(it.start, shape[axis], axis);
    if (it.kind == K::BoolArray) {
      for (int d = 0; d < it.array.ndim(); ++d)
        if (it.array.shape[d] != shape[axis + d])
          throw IndexError("boolean index did not match indexed array along axis " + std::to_string(axis + d) +
                           "; size of axis is " + std::to_string(shape[axis + d]) +
                           " but size of corresponding boolean axis is " + std::to_string(it.array.shape[d]));
    }
    axis += consumed_axes(it);
  }
}

std::vector<IndexItem> expand_masks(const std::vector<IndexItem>& items, const std::vector<NDArray>& positions) {
  std::vector<IndexItem> out;
  std::size_t next = 0;
  for (const auto& it : items) {
    if (it.kind != K::BoolArray) {
      out.push_back(it);
      continue;
    }
    if (next >= positions.size()) throw std::logic_error("expand_masks: fewer position arrays than masks");
    const NDArray& pos = positions[next++];
    const std::int64_t count = pos.shape[0];
    if (it.array.ndim() == 0) {
      IndexItem scalar;
      scalar.kind = K::BoolScalar;
      scalar.start = count;
      out.push_back(scalar);
      continue;
    }
    for (int d = 0; d < it.array.ndim(); ++d) {
      NDArray column = pos;
      column.shape = {count};
      column.strides = {pos.strides[0]};
      column.data.offset += static_cast<std::ptrdiff_t>(d) * pos.strides[1];
      out.push_back(IndexItem::int_array(std::move(column)));
    }
  }
  return out;
}

AdvancedIndex plan_advanced_index(const Shape& shape, const Strides& strides, const std::vector<IndexItem>& items) {
  check_index(shape, items);
  const int ndim = static_cast<int>(shape.size());
  const int consumed = total_consumed(items);
  AdvancedIndex plan;
  Shape basic_shape;      // the result's dimensions that are not index dimensions
  Strides basic_strides;
  std::vector<Shape> index_shapes;
  int first_advanced_at = -1;  // basic dimensions before the first advanced item
  bool adjacent = true;
  int previous_item = -2;      // item position of the last advanced item seen
  int axis = 0;
  for (int k = 0; k < static_cast<int>(items.size()); ++k) {
    const IndexItem& it = items[k];
    // Integers are advanced for placement when any array is present.
    const bool advanced = is_array_item(it) || it.kind == K::Integer;
    if (advanced) {
      if (first_advanced_at < 0) first_advanced_at = static_cast<int>(basic_shape.size());
      else if (previous_item != k - 1) adjacent = false;
      previous_item = k;
    }
    switch (it.kind) {
      case K::Integer:
        plan.source_offset += checked_integer(it.start, shape[axis], axis) * strides[axis];
        ++axis;
        break;
      case K::Slice: {
        std::int64_t start = it.start, stop = it.stop;
        const std::int64_t len = adjust_slice(shape[axis], &start, &stop, it.step);
        if (len > 0) plan.source_offset += start * strides[axis];
        basic_shape.push_back(len);
        basic_strides.push_back(strides[axis] * it.step);
        ++axis;
        break;
      }
      case K::NewAxis:
        basic_shape.push_back(1);
        basic_strides.push_back(0);
        break;
      case K::Ellipsis:
        for (int e = 0; e < ndim - consumed; ++e, ++axis) {
          basic_shape.push_back(shape[axis]);
          basic_strides.push_back(strides[axis]);
        }
        break;
      case K::IntArray:
        index_shapes.push_back(it.array.shape);
        plan.axes.push_back({k, axis, shape[axis], strides[axis]});
        ++axis;
        break;
      case K::BoolScalar:
        index_shapes.push_back({it.start});
        break;
      case K::BoolArray:
        throw std::logic_error("plan_advanced_index: boolean masks must be expanded first (expand_masks)");
    }
  }
  for (; axis < ndim; ++axis) {
    basic_shape.push_back(shape[axis]);
    basic_strides.push_back(strides[axis]);
  }
  // Only arrays make an index advanced; integers alone were basic.
  if (index_shapes.empty()) first_advanced_at = static_cast<int>(basic_shape.size());
  plan.broadcast_shape = broadcast_index_shapes(index_shapes);
  const std::int64_t picks = shape_size(plan.broadcast_shape);
  for (const auto& ax : plan.axes)
    if (ax.extent == 0 && picks > 0)
      throw IndexError("cannot index axis " + std::to_string(ax.axis) +
                       " of size 0 with a non-empty index array (every index is out of bounds)");
  plan.advanced_first = adjacent ? first_advanced_at : 0;
  plan.result_shape = basic_shape;
  plan.source_strides = basic_strides;
  plan.result_shape.insert(plan.result_shape.begin() + plan.advanced_first, plan.broadcast_shape.begin(),
                           plan.broadcast_shape.end());
  plan.source_strides.insert(plan.source_strides.begin() + plan.advanced_first, plan.broadcast_shape.size(), 0);
  return plan;
}

NDArray index_operand(const AdvancedIndex& plan, const NDArray& index) {
  NDArray v = index;
  const int nd = static_cast<int>(plan.result_shape.size());
  const int nb = static_cast<int>(plan.broadcast_shape.size());
  v.shape = plan.result_shape;
  v.strides.assign(nd, 0);
  const int lead = nb - index.ndim();  // index dimensions are right-aligned within b
  for (int d = 0; d < index.ndim(); ++d)
    if (index.shape[d] != 1) v.strides[plan.advanced_first + lead + d] = index.strides[d];
  return v;
}

}  // namespace gpuarray
