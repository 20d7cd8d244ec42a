// SPDX-License-Identifier: BSD-3-Clause
// Index objects to engine items, a[index] / a[index] = v (basic views or
// advanced gathers and scatters), the modes take/put use, and host-only
// hooks that show the plan and the generated kernels to tests.
#include "bindings/indexing.hpp"

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "bindings/bindings.hpp"
#include "bindings/convert.hpp"
#include "core/views.hpp"
#include "kernels/advanced_indexing.hpp"

namespace gpuarray::bindings {
namespace {

using K = IndexItem::Kind;

[[noreturn]] void throw_invalid_index() {
  throw py::index_error(
      "only integers, slices (`:`), ellipsis (`...`), numpy.newaxis (`None`) and integer or boolean arrays are "
      "valid indices");
}

bool is_numpy_bool(PyObject* o) {
  static py::handle numpy_bool = py::object(py::module_::import("numpy").attr("bool_")).release();
  return PyObject_TypeCheck(o, reinterpret_cast<PyTypeObject*>(numpy_bool.ptr()));
}

bool is_numpy_array(PyObject* o) {
  static py::handle numpy_ndarray = py::object(py::module_::import("numpy").attr("ndarray")).release();
  return PyObject_TypeCheck(o, reinterpret_cast<PyTypeObject*>(numpy_ndarray.ptr()));
}

IndexItem bool_scalar(bool value) {
  IndexItem it;
  it.kind = K::BoolScalar;
  it.start = value ? 1 : 0;
  return it;
}

// A device array as an index item: a mask when bool, else an integer array
// (check_index rejects other dtypes). A 0-d integer array stays an array
// (reading it would synchronize), so the result is a copy, as CuPy's.
IndexItem array_item(NDArray a) {
  return a.dtype == DType::Bool ? IndexItem::bool_array(std::move(a)) : IndexItem::int_array(std::move(a));
}

// A NumPy array as an index item: 0-d integers and booleans are scalars
// (NumPy's rule); arrays are uploaded, or described without memory.
IndexItem host_array_item(py::array host, bool on_device, std::vector<std::int64_t>* mask_counts) {
  const char kind = host.dtype().kind();
  if (kind != 'b' && kind != 'i' && kind != 'u')
    throw py::index_error("arrays used as indices must be of integer (or boolean) type");
  if (host.ndim() == 0) {
    if (kind == 'b') return bool_scalar(host.attr("item")().cast<bool>());
    return IndexItem::basic(BasicIndexItem::integer(host.attr("item")().cast<std::int64_t>()));
  }
  if (on_device) return array_item(upload(host));
  NDArray described;
  described.shape = to_shape(host.attr("shape"));
  described.strides = to_shape(host.attr("strides"));
  described.dtype = to_dtype(host.attr("dtype"));
  if (kind == 'b' && mask_counts)
    mask_counts->push_back(py::module_::import("numpy").attr("count_nonzero")(host).cast<std::int64_t>());
  return array_item(std::move(described));
}

// A list or nested sequence: NumPy's array of it; an empty one indexes as intp.
py::array sequence_array(py::handle seq) {
  static py::handle asarray = py::object(py::module_::import("numpy").attr("asarray")).release();
  py::array host = asarray(seq);
  if (host.size() == 0 && host.dtype().kind() == 'f') host = host.attr("astype")("int64");
  return host;
}

IndexItem parse_item(PyObject* o, bool on_device, std::vector<std::int64_t>* mask_counts) {
  if (o == Py_None) return IndexItem::basic(BasicIndexItem::new_axis());
  if (o == Py_Ellipsis) return IndexItem::basic(BasicIndexItem::ellipsis());
  if (PySlice_Check(o)) {
    Py_ssize_t start, stop, step;
    if (PySlice_Unpack(o, &start, &stop, &step) < 0) throw py::error_already_set();
    return IndexItem::basic(BasicIndexItem::slice(start, stop, step));
  }
  if (PyBool_Check(o) || is_numpy_bool(o)) return bool_scalar(PyObject_IsTrue(o) == 1);
  if (py::isinstance<PyArray>(o)) {
    const NDArray& a = py::handle(o).cast<const PyArray&>();
    if (on_device) return array_item(a);
    NDArray described = a;
    described.data = MemoryPointer{};
    if (a.dtype == DType::Bool && mask_counts)
      throw py::type_error("host-only index planning takes NumPy masks, not gpuarray ones");
    return array_item(std::move(described));
  }
  if (is_numpy_array(o)) return host_array_item(py::reinterpret_borrow<py::array>(o), on_device, mask_counts);
  if (PyList_Check(o) || PyTuple_Check(o))
    return host_array_item(sequence_array(o), on_device, mask_counts);
  if (PyIndex_Check(o)) {
    Py_ssize_t i = PyNumber_AsSsize_t(o, PyExc_IndexError);
    if (i == -1 && PyErr_Occurred()) throw py::error_already_set();
    return IndexItem::basic(BasicIndexItem::integer(i));
  }
  throw_invalid_index();
}

IndexMode to_mode(const std::string& mode) {
  if (mode == "wrap") return IndexMode::Wrap;
  if (mode == "clip") return IndexMode::Clip;
  throw py::value_error("index mode must be 'wrap' or 'clip' (mode='raise' checks first, then wraps); got '" +
                        mode + "'");
}

// The plan of `index` over an array of `shape` and byte `strides`, no
// device involved: masks are NumPy arrays whose counts stand in for positions.
struct HostPlan {
  std::vector<IndexItem> items;
  AdvancedIndex plan;
};

HostPlan host_plan(py::handle shape, py::handle strides, py::handle index) {
  const Shape s = to_shape(shape), st = to_shape(strides);
  if (s.size() != st.size()) throw py::value_error("shape and strides differ in length");
  std::vector<std::int64_t> counts;
  std::vector<IndexItem> items = parse_index(index, false, &counts);
  check_index(s, items);
  std::vector<NDArray> positions;
  std::size_t next = 0;
  for (const auto& it : items) {
    if (it.kind != K::BoolArray) continue;
    NDArray pos;
    const std::int64_t k = it.array.ndim();
    pos.shape = {counts.at(next++), k};
    pos.strides = {8 * k, 8};
    pos.dtype = DType::Int64;
    positions.push_back(std::move(pos));
  }
  HostPlan hp;
  hp.items = positions.empty() ? items : expand_masks(items, positions);
  hp.plan = plan_advanced_index(s, st, hp.items);
  return hp;
}

}  // namespace

std::vector<IndexItem> parse_index(py::handle index, bool on_device, std::vector<std::int64_t>* mask_counts) {
  std::vector<IndexItem> items;
  if (PyTuple_Check(index.ptr())) {
    const Py_ssize_t n = PyTuple_GET_SIZE(index.ptr());
    items.reserve(static_cast<std::size_t>(n));
    for (Py_ssize_t i = 0; i < n; ++i) items.push_back(parse_item(PyTuple_GET_ITEM(index.ptr(), i), on_device, mask_counts));
  } else {
    items.push_back(parse_item(index.ptr(), on_device, mask_counts));
  }
  return items;
}

py::object getitem(py::object self_obj, py::handle index, IndexMode mode) {
  const PyArray& self = self_obj.cast<const PyArray&>();
  const std::vector<IndexItem> items = parse_index(index, true);
  if (!is_advanced_index(items)) return make_view(self_obj, self, basic_index(self, basic_items(items)));
  NDArray result;
  {
    py::gil_scoped_release release;
    result = advanced_get(self, items, mode);
  }
  return new_array_object(PyArray(std::move(result)));
}

void setitem(const PyArray& self, py::handle index, py::handle value, IndexMode mode) {
  const std::vector<IndexItem> items = parse_index(index, true);
  if (!is_advanced_index(items)) {
    assign(basic_index(self, basic_items(items)), value);
    return;
  }
  ScatterValue v;
  NDArray uploaded;
  if (py::isinstance<PyArray>(value)) {
    v.array = &value.cast<const PyArray&>();
  } else if (is_python_or_numpy_scalar(value)) {
    v.scalar = to_scalar_arg(value, self.dtype);
  } else {
    uploaded = upload(value);
    v.array = &uploaded;
  }
  py::gil_scoped_release release;
  advanced_set(self, items, v, mode);
}

void bind_indexing(py::module_& m) {
  m.def("_index_get", [](py::object a, py::handle index, const std::string& mode) {
    return getitem(std::move(a), index, to_mode(mode));
  });
  m.def("_index_set", [](const PyArray& a, py::handle index, py::handle value, const std::string& mode) {
    setitem(a, index, value, to_mode(mode));
  });
  m.def("_advanced_index_plan", [](py::handle shape, py::handle strides, py::handle index) {
    const HostPlan hp = host_plan(shape, strides, index);
    py::list axes;
    for (const auto& ax : hp.plan.axes) axes.append(py::make_tuple(ax.axis, ax.extent, ax.stride));
    py::dict d;
    d["result_shape"] = to_tuple(hp.plan.result_shape);
    d["source_strides"] = to_tuple(hp.plan.source_strides);
    d["source_offset"] = hp.plan.source_offset;
    d["advanced_first"] = hp.plan.advanced_first;
    d["broadcast_shape"] = to_tuple(hp.plan.broadcast_shape);
    d["axes"] = axes;
    return d;
  });
  // (kernel name, source) of the gather (value None), scatter of an array of
  // `value`'s dtype shaped like the result, or of a scalar (value "scalar");
  // None when the result is empty or needs no kernel.
  m.def("_gather_scatter_source", [](py::handle shape, py::handle strides, py::handle dtype, py::handle index,
                                     py::handle value, const std::string& mode) -> py::object {
    const HostPlan hp = host_plan(shape, strides, index);
    if (hp.plan.axes.empty()) return py::none();
    NDArray target;
    target.shape = to_shape(shape);
    target.strides = to_shape(strides);
    target.dtype = to_dtype(dtype);
    NDArray other;
    other.shape = hp.plan.result_shape;
    ScatterValue v;
    const bool scalar = py::isinstance<py::str>(value) && value.cast<std::string>() == "scalar";
    other.dtype = value.is_none() || scalar ? target.dtype : to_dtype(value);
    other.strides = contiguous_strides(other.shape, other.itemsize(), Order::C);
    if (scalar) v.scalar.dtype = target.dtype;
    else v.array = &other;
    const GatherScatter launch(target, hp.plan, hp.items, to_mode(mode), value.is_none() ? &other : nullptr,
                               value.is_none() ? nullptr : &v);
    if (launch.empty()) return py::none();
    return py::make_tuple(launch.kernel_name(), launch.kernel_source());
  });
}

}  // namespace gpuarray::bindings
