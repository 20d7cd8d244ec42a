// SPDX-License-Identifier: BSD-3-Clause
// Cumulative sums and products along one axis (cumsum, cumprod, their nan
// variants, add/multiply.accumulate): the input is brought into a work
// buffer with the scanned axis last and contiguous (one elementwise copy
// that also casts and replaces NaN, skipped when the input already is that
// buffer), CUB scans the rows (cub/scan.hpp), and the rows are copied back
// into the result's layout and dtype. See docs/scans.md.
#pragma once
#include "core/ndarray.hpp"
#include "cub/scan.hpp"
#include "kernels/elementwise_kernel_key.hpp"

namespace gpuarray {

// NumPy's dtype for cumsum/cumprod (and add/multiply.accumulate) when none is
// given: bool and signed integers narrower than 64 bits become int64,
// unsigned ones uint64; every other dtype stays.
DType cumulative_default_dtype(DType in);

// The dtype a scan whose result is `dtype` runs in (Note [Scan work dtype]).
DType scan_work_dtype(DType dtype);

// Loads one element into the work buffer: `in0` (of dtype src) cast to
// `dtype` as NumPy casts the input to the loop's type, then to `work`. With
// `nan_identity` (inexact src only), a NaN input becomes the scan's identity
// first (nancumsum: 0, nancumprod: 1), as NumPy's _replace_nan does.
ElementwiseOp scan_load_op(DType src, DType dtype, DType work, bool nan_identity, ScanOp op);

// The inclusive scan of `a` along `axis` (0 <= axis < a.ndim()) computed in
// `dtype`: written into `out` (same shape; cast as NumPy's assignment does)
// when given, else into a new C-ordered array of `dtype`, which is returned.
// With `nan_as_identity` NaN inputs count as the identity. Launches on the
// current stream, never synchronizes. Throws std::invalid_argument (NumPy's
// ValueError) for an out of another shape or a read-only out.
NDArray cumulative_scan(const NDArray& a, int axis, ScanOp op, DType dtype, bool nan_as_identity,
                        const NDArray* out);

// Where a scan puts the scanned axis in its buffer: last for CUB's rows,
// first for the sequential accumulate (consecutive threads, consecutive rows).
enum class AxisPlace : std::uint8_t { First, Last };

// `shape` with axis `axis` moved first or last, the others in order.
Shape moved_axis_shape(const Shape& shape, int axis, AxisPlace place);

// A view of `moved` (a buffer of moved_axis_shape(shape, axis, place)) with
// `shape`'s axis order: what copies between the two layouts go through.
NDArray moved_axis_view(const NDArray& moved, const Shape& shape, int axis, AxisPlace place);

}  // namespace gpuarray
