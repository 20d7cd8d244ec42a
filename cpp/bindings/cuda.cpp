// SPDX-License-Identifier: BSD-3-Clause
// Devices, streams, events, profiler marks and the CUDARuntimeError exception.
#include <pybind11/stl.h>

#include "bindings/bindings.hpp"
#include "cuda/device.hpp"
#include "cuda/error.hpp"
#include "cuda/event.hpp"
#include "cuda/profiler.hpp"
#include "memory/graph_capture.hpp"
#include "cuda/stream.hpp"

namespace gpuarray::bindings {
namespace {

cudaStream_t to_stream(std::uintptr_t ptr) { return reinterpret_cast<cudaStream_t>(ptr); }

template <typename T, std::size_t N>
py::tuple to_tuple(const T (&values)[N]) {
  py::tuple t(N);
  for (std::size_t i = 0; i < N; ++i) t[i] = values[i];
  return t;
}

// The keys and value types CuPy's runtime.getDeviceProperties returns.
py::dict properties_dict(const cudaDeviceProp& p) {
  py::dict d;
  d["name"] = py::bytes(p.name);
  d["uuid"] = py::bytes(p.uuid.bytes, sizeof(p.uuid.bytes));
  d["totalGlobalMem"] = p.totalGlobalMem;
  d["sharedMemPerBlock"] = p.sharedMemPerBlock;
  d["regsPerBlock"] = p.regsPerBlock;
  d["warpSize"] = p.warpSize;
  d["memPitch"] = p.memPitch;
  d["maxThreadsPerBlock"] = p.maxThreadsPerBlock;
  d["maxThreadsDim"] = to_tuple(p.maxThreadsDim);
  d["maxGridSize"] = to_tuple(p.maxGridSize);
  d["totalConstMem"] = p.totalConstMem;
  d["major"] = p.major;
  d["minor"] = p.minor;
  d["textureAlignment"] = p.textureAlignment;
  d["texturePitchAlignment"] = p.texturePitchAlignment;
  d["multiProcessorCount"] = p.multiProcessorCount;
  d["integrated"] = p.integrated;
  d["canMapHostMemory"] = p.canMapHostMemory;
  d["concurrentKernels"] = p.concurrentKernels;
  d["ECCEnabled"] = p.ECCEnabled;
  d["pciBusID"] = p.pciBusID;
  d["pciDeviceID"] = p.pciDeviceID;
  d["pciDomainID"] = p.pciDomainID;
  d["tccDriver"] = p.tccDriver;
  d["asyncEngineCount"] = p.asyncEngineCount;
  d["unifiedAddressing"] = p.unifiedAddressing;
  d["memoryBusWidth"] = p.memoryBusWidth;
  d["l2CacheSize"] = p.l2CacheSize;
  d["persistingL2CacheMaxSize"] = p.persistingL2CacheMaxSize;
  d["maxThreadsPerMultiProcessor"] = p.maxThreadsPerMultiProcessor;
  d["streamPrioritiesSupported"] = p.streamPrioritiesSupported;
  d["globalL1CacheSupported"] = p.globalL1CacheSupported;
  d["localL1CacheSupported"] = p.localL1CacheSupported;
  d["sharedMemPerMultiprocessor"] = p.sharedMemPerMultiprocessor;
  d["regsPerMultiprocessor"] = p.regsPerMultiprocessor;
  d["managedMemory"] = p.managedMemory;
  d["isMultiGpuBoard"] = p.isMultiGpuBoard;
  d["multiGpuBoardGroupID"] = p.multiGpuBoardGroupID;
  d["hostNativeAtomicSupported"] = p.hostNativeAtomicSupported;
  d["pageableMemoryAccess"] = p.pageableMemoryAccess;
  d["concurrentManagedAccess"] = p.concurrentManagedAccess;
  d["computePreemptionSupported"] = p.computePreemptionSupported;
  d["canUseHostPointerForRegisteredMem"] = p.canUseHostPointerForRegisteredMem;
  d["cooperativeLaunch"] = p.cooperativeLaunch;
  d["sharedMemPerBlockOptin"] = p.sharedMemPerBlockOptin;
  d["pageableMemoryAccessUsesHostPageTables"] = p.pageableMemoryAccessUsesHostPageTables;
  d["directManagedMemAccessFromHost"] = p.directManagedMemAccessFromHost;
  d["maxBlocksPerMultiProcessor"] = p.maxBlocksPerMultiProcessor;
  d["accessPolicyMaxWindowSize"] = p.accessPolicyMaxWindowSize;
  d["reservedSharedMemPerBlock"] = p.reservedSharedMemPerBlock;
  d["hostRegisterSupported"] = p.hostRegisterSupported;
  d["memoryPoolsSupported"] = p.memoryPoolsSupported;
  d["clusterLaunch"] = p.clusterLaunch;
  return d;
}

void register_errors(py::module_& m) {
  static py::handle cuda_error =
      PyErr_NewException("gpuarray.cuda.CUDARuntimeError", PyExc_RuntimeError, nullptr);
  static py::handle oom_error =
      PyErr_NewException("gpuarray.cuda.OutOfMemoryError", PyExc_MemoryError, nullptr);
  m.add_object("CUDARuntimeError", cuda_error);
  m.add_object("OutOfMemoryError", oom_error);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const CudaRuntimeError& e) {
      py::object exc = py::reinterpret_borrow<py::object>(cuda_error)(e.what());
      exc.attr("status") = static_cast<int>(e.status());
      PyErr_SetObject(cuda_error.ptr(), exc.ptr());
    } catch (const OutOfMemoryError& e) {
      PyErr_SetString(oom_error.ptr(), e.what());
    }
  });
}

}  // namespace

void bind_cuda(py::module_& m) {
  register_errors(m);

  m.def("is_available", &is_available);
  m.def("get_device_count", &device_count);
  m.def("get_device", &current_device);
  m.def("set_device", [](int d) {
    check_device_id(d);
    set_current_device(d);
  });
  m.def("device_synchronize", &synchronize_device, py::call_guard<py::gil_scoped_release>());
  m.def("device_properties", [](int d) { return properties_dict(device_properties(d)); });
  m.def("compute_capability", &compute_capability);
  m.def("mem_info", &device_mem_info);
  m.def("device_can_access_peer", &can_access_peer);
  m.def("device_enable_peer_access", &enable_peer_access);
  // A library call (cuBLAS, cuSOLVER) on the current device reads memory of `owner`: peer access
  // on, or ValueError naming both (Note [Arrays of another device]).
  m.def("_require_access",
        [](int owner, const std::string& what) { require_access(current_device(), owner, what.c_str()); });
  m.def("device_attributes", [](int d) {
    py::dict out;
    for (const auto& [name, value] : device_attributes(d)) out[name] = value;
    return out;
  });
  m.def("runtime_version", &runtime_version);
  m.def("driver_version", &driver_version);

  m.def("current_stream_ptr",
        [](int device) { return reinterpret_cast<std::uintptr_t>(current_stream(device)); });
  m.def("set_current_stream",
        [](int device, std::uintptr_t ptr) { set_current_stream(device, to_stream(ptr)); });

  py::class_<Stream>(m, "Stream")
      .def(py::init<bool, int>(), py::arg("non_blocking"), py::arg("priority"))
      .def_static("borrowed", [](std::uintptr_t ptr, int device) { return Stream::borrowed(to_stream(ptr), device); })
      .def_property_readonly("ptr", &Stream::ptr)
      .def_property_readonly("device_id", &Stream::device)
      .def_property_readonly("done", &Stream::done)
      .def("synchronize", &Stream::synchronize, py::call_guard<py::gil_scoped_release>())
      .def("wait_event", [](const Stream& s, const Event& e) { s.wait_event(e.handle()); });

  py::class_<Event>(m, "Event")
      .def(py::init<bool, bool, bool>(), py::arg("block"), py::arg("disable_timing"),
           py::arg("interprocess"))
      .def_property_readonly("ptr", [](const Event& e) { return reinterpret_cast<std::uintptr_t>(e.handle()); })
      .def_property_readonly("device_id", &Event::device)
      .def_property_readonly("done", &Event::done)
      .def("record", [](Event& e, std::uintptr_t stream) { e.record(to_stream(stream)); })
      .def("synchronize", &Event::synchronize, py::call_guard<py::gil_scoped_release>());
  m.def("elapsed_time", &elapsed_time_ms);

  py::class_<Graph>(m, "Graph")
      .def_property_readonly("device_id", &Graph::device)
      .def("launch", [](const Graph& g, std::uintptr_t stream) { g.launch(to_stream(stream)); })
      .def("upload", [](const Graph& g, std::uintptr_t stream) { g.upload(to_stream(stream)); })
      .def("debug_dot", &Graph::debug_dot, py::arg("flags"));
  m.def("begin_graph_capture", [](std::uintptr_t stream, int mode) {
    begin_graph_capture(to_stream(stream), static_cast<cudaStreamCaptureMode>(mode));
  });
  m.def("end_graph_capture", [](std::uintptr_t stream) { return end_graph_capture(to_stream(stream)); });
  m.def("is_capturing", [](std::uintptr_t stream) { return is_capturing(to_stream(stream)); });

  m.def("nvtx_range_push", &nvtx_range_push, py::arg("message"), py::arg("argb"));
  m.def("nvtx_range_pop", &nvtx_range_pop);
  m.def("nvtx_mark", &nvtx_mark, py::arg("message"), py::arg("argb"));
  m.def("profiler_start", &profiler_start);
  m.def("profiler_stop", &profiler_stop);
}

}  // namespace gpuarray::bindings
