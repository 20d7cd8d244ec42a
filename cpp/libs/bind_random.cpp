// SPDX-License-Identifier: BSD-3-Clause
// gpuarray._libs.CurandGenerator: glue only; gpuarray/random/_bit_generator.py
// passes device addresses and element counts.
#include <pybind11/pybind11.h>

#include "libs/curand_generator.hpp"

namespace py = pybind11;

void bind_random(py::module_& m) {
  using gpuarray::libs::CurandGenerator;
  py::class_<CurandGenerator>(m, "CurandGenerator")
      .def(py::init<const std::string&, unsigned long long>(), py::arg("kind"), py::arg("seed"))
      .def("reseed", &CurandGenerator::reseed)
      .def("uniform", &CurandGenerator::uniform, py::arg("ptr"), py::arg("n"), py::arg("double_precision"))
      .def("normal", &CurandGenerator::normal, py::arg("ptr"), py::arg("n"), py::arg("mean"), py::arg("stddev"),
           py::arg("double_precision"))
      .def("lognormal", &CurandGenerator::lognormal, py::arg("ptr"), py::arg("n"), py::arg("mean"),
           py::arg("stddev"), py::arg("double_precision"))
      .def("raw32", &CurandGenerator::raw32)
      .def_property_readonly("device", &CurandGenerator::device);
}
