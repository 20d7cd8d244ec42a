// SPDX-License-Identifier: BSD-3-Clause
// gpuarray._libs.fft: the cuFFT executor and the plan cache (gpuarray.fft's
// engine). Conversion only; the logic is in libs/fft*.cpp.
#include <pybind11/pybind11.h>


#include "bindings/py_array.hpp"
#include "cuda/device.hpp"
#include "libs/fft.hpp"
#include "libs/fft_plan_cache.hpp"

namespace py = pybind11;

void bind_fft(py::module_& m) {
  using gpuarray::bindings::PyArray;
  using namespace gpuarray::libs::fft;
  auto f = m.def_submodule("fft", "cuFFT execution and plan caches");

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
