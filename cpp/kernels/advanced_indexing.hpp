// SPDX-License-Identifier: BSD-3-Clause
// a[index] and a[index] = value for NumPy's advanced indices (integer and
// boolean arrays mixed with slices, integers, None, Ellipsis): masks become
// integer positions by compaction (kernels/compaction.hpp: one count read,
// the only synchronization), the index becomes a plan
// (core/advanced_index.hpp), and one gather or scatter kernel moves the
// elements (kernels/gather_scatter.hpp). See docs/indexing.md.
#pragma once
#include <vector>

#include "core/advanced_index.hpp"
#include "kernels/gather_scatter.hpp"

namespace gpuarray {

// A new C-ordered array: a[items]. IndexError as NumPy's (too many indices,
// mask shapes, float arrays, indices that do not broadcast); out-of-range
// indices wrap or clip (`mode`), never raise.
NDArray advanced_get(const NDArray& a, const std::vector<IndexItem>& items, IndexMode mode = IndexMode::Wrap);

// a[items] = value: the value broadcast to the indexing result's shape
// (ValueError with NumPy's message otherwise) and cast to a's dtype. With
// repeated indices, one of the values written to an element remains
// (unspecified which). A full-shape mask with a scalar value is one
// elementwise kernel and does not synchronize.
void advanced_set(const NDArray& a, const std::vector<IndexItem>& items, const ScatterValue& value,
                  IndexMode mode = IndexMode::Wrap);

}  // namespace gpuarray
