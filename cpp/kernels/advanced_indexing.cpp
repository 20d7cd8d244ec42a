// SPDX-License-Identifier: BSD-3-Clause
#include "kernels/advanced_indexing.hpp"

#include <stdexcept>

#include "kernels/array_copy.hpp"
#include "kernels/compaction.hpp"

namespace gpuarray {
namespace {

using K = IndexItem::Kind;

// An index that is one mask covering all of a C-contiguous `a`: indexing
// the flat array by the mask's flat positions needs one index array, where
// argwhere's columns would need one unravel pass and one operand per axis.
bool is_flat_mask(const NDArray& a, const std::vector<IndexItem>& items) {
  return items.size() == 1 && items[0].kind == K::BoolArray && items[0].array.ndim() >= 1 &&
         items[0].array.shape == a.shape && a.is_c_contiguous();
}

// `a` as one dimension (a is C-contiguous).
NDArray flat_view(const NDArray& a) {
  NDArray v = a;
  v.shape = {a.size()};
  v.strides = {a.itemsize()};
  return v;
}

// The index with every mask replaced by its nonzero positions: one count
// read (a synchronization) per mask; the rest stays on the device.
std::vector<IndexItem> resolve_masks(const std::vector<IndexItem>& items) {
  std::vector<NDArray> positions;
  for (const auto& it : items) {
    if (it.kind != K::BoolArray) continue;
    if (it.array.ndim() == 0) {
      NDArray flat = flat_nonzero(it.array);  // (0,) or (1,)
      flat.shape = {flat.shape[0], 0};
      flat.strides = {8, 8};
      positions.push_back(std::move(flat));
    } else {
      positions.push_back(argwhere(it.array));
    }
  }
  return positions.empty() ? items : expand_masks(items, positions);
}

// The array the plan indexes and the items it uses, masks resolved.
struct ResolvedIndex {
  NDArray target;
  std::vector<IndexItem> items;
  AdvancedIndex plan;
};

ResolvedIndex resolve(const NDArray& a, const std::vector<IndexItem>& items) {
  check_index(a.shape, items);
  ResolvedIndex r;
  if (is_flat_mask(a, items)) {
    r.target = flat_view(a);
    r.items = {IndexItem::int_array(flat_nonzero(items[0].array))};
  } else {
    r.target = a;
    r.items = resolve_masks(items);
  }
  r.plan = plan_advanced_index(r.target.shape, r.target.strides, r.items);
  return r;
}

// The basic part of the plan as a view of the target (for indices whose
// only advanced items are 0-d booleans: a copy of a view, no gather).
NDArray basic_part(const ResolvedIndex& r) {
  NDArray v = r.target;
  v.shape = r.plan.result_shape;
  v.strides = r.plan.source_strides;
  v.data.offset += static_cast<std::ptrdiff_t>(r.plan.source_offset);
  return v;
}

// NumPy's assignment rule: leading extents of 1 beyond the result's rank
// are dropped, the rest must broadcast to the result's shape.
NDArray value_for(const NDArray& value, const Shape& result) {
  NDArray v = value;
  while (v.ndim() > static_cast<int>(result.size()) && v.shape[0] == 1) {
    v.shape.erase(v.shape.begin());
    v.strides.erase(v.strides.begin());
  }
  bool fits = v.ndim() <= static_cast<int>(result.size());
  for (int d = 0; fits && d < v.ndim(); ++d) {
    const std::int64_t want = result[result.size() - v.ndim() + d];
    fits = v.shape[d] == want || v.shape[d] == 1;
  }
  if (!fits)
    throw std::invalid_argument("shape mismatch: value array of shape " + shape_repr(value.shape) +
                                " could not be broadcast to indexing result of shape " + shape_repr(result));
  return v;
}

}  // namespace

NDArray advanced_get(const NDArray& a, const std::vector<IndexItem>& items, IndexMode mode) {
  const ResolvedIndex r = resolve(a, items);
  if (r.plan.axes.empty()) return copy_array(basic_part(r), a.dtype, 'C');
  NDArray out = NDArray::empty(r.plan.result_shape, a.dtype);
  GatherScatter(r.target, r.plan, r.items, mode, &out, nullptr).run();
  return out;
}

void advanced_set(const NDArray& a, const std::vector<IndexItem>& items, const ScatterValue& value, IndexMode mode) {
  if (!a.writeable) throw std::invalid_argument("assignment destination is read-only");
  check_index(a.shape, items);
  if (value.array == nullptr && items.size() == 1 && items[0].kind == K::BoolArray &&
      items[0].array.shape == a.shape) {
    // a[mask] = scalar is where(mask, scalar, a) in place: no positions, no count.
    SelectOperand x, y;
    x.scalar = value.scalar;
    y.array = &a;
    where_select(items[0].array, x, y, a);
    return;
  }
  const ResolvedIndex r = resolve(a, items);
  ScatterValue v = value;
  NDArray held;
  if (value.array) {
    held = value_for(*value.array, r.plan.result_shape);
    // NumPy reads the whole value before writing: a value overlapping the
    // destination is copied first (x[idx] = x[::-1]).
    if (may_share_memory(held, a)) held = copy_array(held, held.dtype, 'C');
    v.array = &held;
  }
  if (r.plan.axes.empty()) {
    const NDArray view = basic_part(r);
    if (v.array) copy_into(view, *v.array);
    else fill(view, v.scalar);
    return;
  }
  GatherScatter(r.target, r.plan, r.items, mode, nullptr, &v).run();
}

}  // namespace gpuarray
