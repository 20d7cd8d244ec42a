// SPDX-License-Identifier: BSD-3-Clause
// gpuarray._nccl_ext: the glue over comm/nccl.hpp. Built where NCCL was
// found; imported through gpuarray/_nccl.py (which finds libnccl first) on
// first use of gpuarray.cuda.nccl. Collectives and communicator setup
// release the GIL: ncclCommInitRank waits for the other ranks, which may be
// threads of this process.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "comm/nccl.hpp"

namespace py = pybind11;
using gpuarray::comm::Communicator;
using gpuarray::comm::NcclError;

PYBIND11_MODULE(_nccl_ext, m) {
  m.doc() = "gpuarray's bindings over NCCL (gpuarray.cuda.nccl is the API)";
  py::exception<NcclError>(m, "NcclError", PyExc_RuntimeError);
  // The exception carries NCCL's code as `status`, as CuPy's NcclError does.
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const NcclError& e) {
      py::object type = py::module_::import("gpuarray._nccl_ext").attr("NcclError");
      py::object error = type(py::str(e.what()));
      error.attr("status") = e.status;
      PyErr_SetObject(type.ptr(), error.ptr());
    }
  });

  m.def("runtime_version", &gpuarray::comm::runtime_version);
  m.def("build_version", &gpuarray::comm::build_version);
  m.def("unique_id", [] { return py::bytes(gpuarray::comm::unique_id()); });
  m.def("group_start", &gpuarray::comm::group_start, py::call_guard<py::gil_scoped_release>());
  m.def("group_end", &gpuarray::comm::group_end, py::call_guard<py::gil_scoped_release>());

  py::class_<Communicator>(m, "Communicator")
      .def(py::init([](int ndev, py::bytes id, int rank) {
             std::string bytes = id;
             py::gil_scoped_release release;
             return new Communicator(ndev, bytes, rank);
           }),
           py::arg("ndev"), py::arg("unique_id"), py::arg("rank"))
      .def_static("init_all", &Communicator::init_all, py::call_guard<py::gil_scoped_release>(),
                  py::return_value_policy::take_ownership)
      .def("destroy", &Communicator::destroy, py::call_guard<py::gil_scoped_release>())
      .def("abort", &Communicator::abort, py::call_guard<py::gil_scoped_release>())
      .def_property_readonly("alive", &Communicator::alive)
      .def("device_id", &Communicator::device_id)
      .def("rank_id", &Communicator::rank_id)
      .def("size", &Communicator::size)
      .def("check_async_error", &Communicator::check_async_error)
      .def("all_reduce", &Communicator::all_reduce, py::call_guard<py::gil_scoped_release>())
      .def("reduce", &Communicator::reduce, py::call_guard<py::gil_scoped_release>())
      .def("broadcast", &Communicator::broadcast, py::call_guard<py::gil_scoped_release>())
      .def("reduce_scatter", &Communicator::reduce_scatter, py::call_guard<py::gil_scoped_release>())
      .def("all_gather", &Communicator::all_gather, py::call_guard<py::gil_scoped_release>())
      .def("send", &Communicator::send, py::call_guard<py::gil_scoped_release>())
      .def("recv", &Communicator::recv, py::call_guard<py::gil_scoped_release>());
}
