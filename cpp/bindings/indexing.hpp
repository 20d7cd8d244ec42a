// SPDX-License-Identifier: BSD-3-Clause
// Glue shared by ndarray.cpp (a[index], a[index] = v) and indexing.cpp (the
// index parser, take/put's modes, the host-only plan hooks for tests).
#pragma once
#include <pybind11/pybind11.h>

#include <cstdint>
#include <vector>

#include "bindings/py_array.hpp"
#include "core/advanced_index.hpp"
#include "kernels/gather_scatter.hpp"

namespace gpuarray::bindings {
namespace py = pybind11;

// ndarray.cpp: a new device array holding a host value (anything
// numpy.asarray takes), dst[...] = value as NumPy's assignment (broadcast,
// unsafe cast), and whether a value is a Python or NumPy scalar.
NDArray upload(py::handle value);
void assign(const NDArray& dst, py::handle value);
bool is_python_or_numpy_scalar(py::handle v);

// Python's index objects as engine items. Index arrays (gpuarray, NumPy,
// lists, nested sequences) are uploaded when `on_device`; otherwise they
// keep only shape, strides and dtype (no memory), and each mask's count of
// true elements is appended to *mask_counts (host-only planning in tests).
std::vector<IndexItem> parse_index(py::handle index, bool on_device, std::vector<std::int64_t>* mask_counts = nullptr);

// self[index] and self[index] = value, basic or advanced.
py::object getitem(py::object self_obj, py::handle index, IndexMode mode = IndexMode::Wrap);
void setitem(const PyArray& self, py::handle index, py::handle value, IndexMode mode = IndexMode::Wrap);

}  // namespace gpuarray::bindings
