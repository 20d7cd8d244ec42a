// SPDX-License-Identifier: BSD-3-Clause
#include "core/views.hpp"

#include "core/array_size.hpp"

namespace gpuarray {
namespace {

// A view of `a` whose element 0 moved by `offset` bytes.
NDArray view_of(const NDArray& a, Shape shape, Strides strides, std::int64_t offset) {
  check_array_size(shape, a.itemsize());
  NDArray v;
  v.data = MemoryPointer{a.data.mem, a.data.offset + static_cast<std::ptrdiff_t>(offset)};
  v.shape = std::move(shape);
  v.strides = std::move(strides);
  v.dtype = a.dtype;
  v.writeable = a.writeable;
  return v;
}


// NumPy's spelling of a requested shape in reshape errors: leading unknown
// extents are skipped, later ones print as "newaxis".
std::string requested_shape_repr(const Shape& s) {
  std::size_t i = 0;
  while (i < s.size() && s[i] < 0) ++i;
  if (i == s.size()) return "()";
  std::string out = std::to_string(s[i++]);
  const bool single = i == 1 && s.size() == 1;
  for (; i < s.size(); ++i) out += s[i] < 0 ? ",newaxis" : "," + std::to_string(s[i]);
  return single ? "(" + out + ",)" : "(" + out + ")";
}

// NumPy's no-copy reshape rule: group old and new axes with equal products;
// each old group must be contiguous within itself (in `order`), and the new
// axes of a group take strides from its innermost old axis.
bool nocopy_strides(const NDArray& a, const Shape& newdims, Order order, Strides* newstrides) {
  const bool f = order == Order::F;
  std::vector<std::int64_t> olddims, oldstrides;
  for (int i = 0; i < a.ndim(); ++i)
    if (a.shape[i] != 1) {
      olddims.push_back(a.shape[i]);
      oldstrides.push_back(a.strides[i]);
    }
  const int oldnd = static_cast<int>(olddims.size()), newnd = static_cast<int>(newdims.size());
  Strides& ns = *newstrides;
  ns.assign(newnd, 0);
  int oi = 0, oj = 1, ni = 0, nj = 1;
  while (ni < newnd && oi < oldnd) {
    std::int64_t np = newdims[ni], op = olddims[oi];
    while (np != op) {
      if (np < op)
        np *= newdims[nj++];
      else
        op *= olddims[oj++];
    }
    for (int ok = oi; ok < oj - 1; ++ok) {
      const bool contiguous = f ? oldstrides[ok + 1] == olddims[ok] * oldstrides[ok]
                                : oldstrides[ok] == olddims[ok + 1] * oldstrides[ok + 1];
      if (!contiguous) return false;
    }
    if (f) {
      ns[ni] = oldstrides[oi];
      for (int nk = ni + 1; nk < nj; ++nk) ns[nk] = ns[nk - 1] * newdims[nk - 1];
    } else {
      ns[nj - 1] = oldstrides[oj - 1];
      for (int nk = nj - 1; nk > ni; --nk) ns[nk - 1] = ns[nk] * newdims[nk];
    }
    ni = nj++;
    oi = oj++;
  }
  // Trailing new axes of extent 1 continue from the last one set.
  std::int64_t last = ni >= 1 ? ns[ni - 1] : a.itemsize();
  if (f && ni >= 1) last *= newdims[ni - 1];
  for (int nk = ni; nk < newnd; ++nk) ns[nk] = last;
  return true;
}

}  // namespace

std::int64_t adjust_slice(std::int64_t length, std::int64_t* start, std::int64_t* stop, std::int64_t step) {
  auto clamp = [&](std::int64_t* v) {
    if (*v < 0) {
      *v += length;
      if (*v < 0) *v = step < 0 ? -1 : 0;
    } else if (*v >= length) {
      *v = step < 0 ? length - 1 : length;
    }
  };
  clamp(start);
  clamp(stop);
  if (step < 0) return *stop < *start ? (*start - *stop - 1) / (-step) + 1 : 0;
  return *start < *stop ? (*stop - *start - 1) / step + 1 : 0;
}

int normalize_axis(std::int64_t axis, int ndim) {
  if (axis < -ndim || axis >= ndim)
    throw AxisError("axis " + std::to_string(axis) + " is out of bounds for array of dimension " +
                    std::to_string(ndim));
  return static_cast<int>(axis < 0 ? axis + ndim : axis);
}

NDArray basic_index(const NDArray& a, const std::vector<BasicIndexItem>& items) {
  using K = BasicIndexItem::Kind;
  int consumed = 0, ellipses = 0;
  for (const auto& it : items) {
    if (it.kind == K::Integer || it.kind == K::Slice) ++consumed;
    if (it.kind == K::Ellipsis && ++ellipses > 1)
      throw IndexError("an index can only have a single ellipsis ('...')");
  }
  if (consumed > a.ndim())
    throw IndexError("too many indices for array: array is " + std::to_string(a.ndim()) + "-dimensional, but " +
                     std::to_string(consumed) + " were indexed");
  Shape shape;
  Strides strides;
  std::int64_t offset = 0;
  int axis = 0;
  for (const auto& it : items) {
    switch (it.kind) {
      case K::Integer: {
        const std::int64_t n = a.shape[axis];
        std::int64_t i = it.start;
        if (i < -n || i >= n)
          throw IndexError("index " + std::to_string(i) + " is out of bounds for axis " + std::to_string(axis) +
                           " with size " + std::to_string(n));
        if (i < 0) i += n;
        offset += i * a.strides[axis];
        ++axis;
        break;
      }
      case K::Slice: {
        std::int64_t start = it.start, stop = it.stop;
        const std::int64_t len = adjust_slice(a.shape[axis], &start, &stop, it.step);
        if (len > 0) offset += start * a.strides[axis];
        shape.push_back(len);
        strides.push_back(a.strides[axis] * it.step);
        ++axis;
        break;
      }
      case K::NewAxis:
        shape.push_back(1);
        strides.push_back(0);
        break;
      case K::Ellipsis:
        for (int k = 0; k < a.ndim() - consumed; ++k, ++axis) {
          shape.push_back(a.shape[axis]);
          strides.push_back(a.strides[axis]);
        }
        break;
    }
  }
  for (; axis < a.ndim(); ++axis) {
    shape.push_back(a.shape[axis]);
    strides.push_back(a.strides[axis]);
  }
  return view_of(a, std::move(shape), std::move(strides), offset);
}

Shape resolve_reshape(const Shape& requested, std::int64_t size) {
  Shape shape = requested;
  int unknown = -1;
  std::int64_t known = 1;
  for (int i = 0; i < static_cast<int>(shape.size()); ++i) {
    if (shape[i] < 0) {
      if (unknown >= 0) throw std::invalid_argument("can only specify one unknown dimension");
      unknown = i;
    } else {
      known *= shape[i];
    }
  }
  auto mismatch = [&] {
    return std::invalid_argument("cannot reshape array of size " + std::to_string(size) + " into shape " +
                                 requested_shape_repr(requested));
  };
  if (unknown >= 0) {
    if (known == 0 || size % known != 0) throw mismatch();
    shape[unknown] = size / known;
  } else if (known != size) {
    throw mismatch();
  }
  return shape;
}

bool reshape_view(const NDArray& a, const Shape& requested, Order order, NDArray* out) {
  // Only a literally unchanged shape keeps the strides (NumPy compares before
  // resolving -1, so an empty array's reshape(-1, n) gets dense strides).
  if (requested == a.shape) {
    *out = view_of(a, a.shape, a.strides, 0);
    return true;
  }
  const Shape shape = resolve_reshape(requested, a.size());
  const bool contiguous = order == Order::C ? a.is_c_contiguous() : a.is_f_contiguous();
  Strides strides;
  if (contiguous)
    strides = dense_strides(shape, a.itemsize(), order);
  else if (!nocopy_strides(a, shape, order, &strides))
    return false;
  *out = view_of(a, shape, std::move(strides), 0);
  return true;
}

NDArray transpose(const NDArray& a, const std::vector<std::int64_t>& axes) {
  const int nd = a.ndim();
  std::vector<int> perm(nd);
  if (axes.empty()) {
    for (int i = 0; i < nd; ++i) perm[i] = nd - 1 - i;
  } else {
    if (static_cast<int>(axes.size()) != nd) throw std::invalid_argument("axes don't match array");
    std::vector<bool> seen(nd, false);
    for (int i = 0; i < nd; ++i) {
      perm[i] = normalize_axis(axes[i], nd);
      if (seen[perm[i]]) throw std::invalid_argument("repeated axis in transpose");
      seen[perm[i]] = true;
    }
  }
  Shape shape(nd);
  Strides strides(nd);
  for (int i = 0; i < nd; ++i) {
    shape[i] = a.shape[perm[i]];
    strides[i] = a.strides[perm[i]];
  }
  return view_of(a, std::move(shape), std::move(strides), 0);
}

}  // namespace gpuarray
