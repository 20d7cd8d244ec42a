// SPDX-License-Identifier: BSD-3-Clause
// gpuarray._libs.fft: the whole 1-D transforms, the cuFFT executor and the
// plan cache (gpuarray.fft's engine). Conversion only; the logic is in
// libs/fft*.cpp.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string_view>

#include "bindings/py_array.hpp"
#include "cuda/device.hpp"
#include "libs/fft.hpp"
#include "libs/fft_call.hpp"
#include "libs/fft_plan_cache.hpp"

namespace py = pybind11;

namespace {
using gpuarray::bindings::PyArray;
using namespace gpuarray::libs::fft;

// `norm` as the C++ side reads it: None, or the text of any other object
// (NumPy compares it with the three names and prints it in the error).
struct NormArg {
  std::optional<std::string_view> view;
  py::str text;
};

NormArg to_norm(py::handle norm) {
  if (norm.is_none()) return {};
  NormArg arg{std::nullopt, py::str(norm)};
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(arg.text.ptr(), &size);
  if (data == nullptr) throw py::error_already_set();
  arg.view = std::string_view(data, static_cast<std::size_t>(size));
  return arg;
}

// An integer argument as operator.index takes it (NumPy's TypeError for a float).
std::int64_t to_index(py::handle value) {
  if (PyLong_CheckExact(value.ptr())) return value.cast<std::int64_t>();
  PyObject* index = PyNumber_Index(value.ptr());
  if (index == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::int_>(index).cast<std::int64_t>();
}

template <Transform1d T>
PyArray transform(const PyArray& a, py::handle n, py::handle axis, py::handle norm) {
  const std::optional<std::int64_t> n_arg = n.is_none() ? std::nullopt : std::optional<std::int64_t>(to_index(n));
  const NormArg norm_arg = to_norm(norm);
  return PyArray(transform_1d(a, n_arg, to_index(axis), norm_arg.view, T));
}
}  // namespace

void bind_fft(py::module_& m) {
  auto f = m.def_submodule("fft", "cuFFT execution and plan caches");

  const char* doc = "numpy.fft's 1-D transform of a gpuarray array, whole (Note [FFT call path]).";
  f.def("fft", &transform<Transform1d::Fft>, py::arg("a"), py::arg("n"), py::arg("axis"), py::arg("norm"), doc);
  f.def("ifft", &transform<Transform1d::Ifft>, py::arg("a"), py::arg("n"), py::arg("axis"), py::arg("norm"), doc);
  f.def("rfft", &transform<Transform1d::Rfft>, py::arg("a"), py::arg("n"), py::arg("axis"), py::arg("norm"), doc);
  f.def("scale", [](const PyArray& x, double factor) { scale_in_place(x, factor); }, py::arg("x"),
        py::arg("factor"), "x *= factor in place, on the current stream.");

  py::enum_<Kind>(f, "Kind").value("C2C", Kind::C2C).value("R2C", Kind::R2C).value("C2R", Kind::C2R);
  f.def("execute", [](const PyArray& in, const PyArray& out, int rank, Kind kind, bool forward,
                      bool input_scratch) { execute(in, out, rank, kind, forward, input_scratch); },
        py::arg("in_"), py::arg("out"), py::arg("rank"), py::arg("kind"), py::arg("forward"),
        py::arg("input_scratch") = false);

  py::class_<PlanCache, std::shared_ptr<PlanCache>>(f, "PlanCache")
      .def("get_size", &PlanCache::get_size)
      .def("set_size", &PlanCache::set_size, py::arg("size"))
      .def("get_memsize", &PlanCache::get_memsize)
      .def("set_memsize", &PlanCache::set_memsize, py::arg("memsize"))
      .def("get_curr_size", &PlanCache::get_curr_size)
      .def("get_curr_memsize", &PlanCache::get_curr_memsize)
      .def("clear", &PlanCache::clear)
      .def("show_info", [](const PlanCache& c) { py::print(c.info(), py::arg("end") = ""); })
      .def_property_readonly("hits", &PlanCache::hits)
      .def_property_readonly("misses", &PlanCache::misses)
      .def_property_readonly("device", &PlanCache::device)
      .def("__len__", &PlanCache::get_curr_size)
      .def("__repr__", &PlanCache::info);
  f.def("get_plan_cache", []() { return PlanCache::for_device(gpuarray::current_device()); },
        "The calling thread's plan cache for the current device.");
}
