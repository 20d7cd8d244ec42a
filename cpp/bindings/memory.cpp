// SPDX-License-Identifier: BSD-3-Clause
// Memory pointers, the device and pinned pools, and the allocator switches.
#include <pybind11/stl.h>

#include <cstdio>
#include <string>

#include "bindings/bindings.hpp"
#include "bindings/memory_pointer_docs.hpp"
#include "bindings/memory_pool_docs.hpp"
#include "cuda/stream.hpp"
#include "memory/memory.hpp"
#include "memory/pinned.hpp"
#include "memory/pointer_ops.hpp"
#include "memory/pool.hpp"

namespace gpuarray::bindings {
namespace {
using namespace pybind11::literals;

// A Python object that C++ may drop from any thread: the last owner takes the
// GIL to release it, or leaks it once the interpreter has shut down.
std::shared_ptr<py::object> share_python_object(py::object obj) {
  return std::shared_ptr<py::object>(new py::object(std::move(obj)), [](py::object* o) {
    if (Py_IsInitialized()) {
      py::gil_scoped_acquire gil;
      delete o;
    } else {
      o->release();
      delete o;
    }
  });
}

std::string type_name(py::handle obj) { return py::str(py::type::handle_of(obj).attr("__name__")); }

cudaStream_t stream_handle(py::handle stream) {
  return reinterpret_cast<cudaStream_t>(stream.attr("ptr").cast<std::uintptr_t>());
}

// A stream argument: None is the current stream of `device` (the device of
// the memory being worked on), anything else a Stream or any object with .ptr.
cudaStream_t stream_arg(py::handle stream, int device) {
  return stream.is_none() ? current_stream(device) : stream_handle(stream);
}

void reject_allocator(py::handle allocator, const char* pool, const char* cuda_call) {
  if (!allocator.is_none())
    throw py::type_error(std::string(pool) + "(allocator=...): gpuarray's pools allocate with " + cuda_call +
                         " only; pass allocator=None (got " + type_name(allocator) + ")");
}

// Host memory named the ways CuPy accepts, plus objects with the buffer
// protocol: an int address, a ctypes pointer, a PinnedMemoryPointer, or a
// contiguous buffer (a NumPy array, a bytearray). A buffer view, when one is
// taken, is held until the copy returns; it needs the GIL to release.
class HostMemory {
 public:
  HostMemory(py::handle mem, std::size_t nbytes, bool writable, const char* call) {
    if (py::isinstance<PinnedMemoryPointer>(mem)) {
      const auto& p = mem.cast<const PinnedMemoryPointer&>();
      check_size(call, nbytes, p.size());
      ptr_ = reinterpret_cast<void*>(p.ptr());
      return;
    }
    if (PyLong_Check(mem.ptr())) {
      ptr_ = reinterpret_cast<void*>(mem.cast<std::uintptr_t>());
      return;
    }
    py::module_ ctypes = py::module_::import("ctypes");
    if (py::isinstance(mem, ctypes.attr("_Pointer")) || py::isinstance(mem, ctypes.attr("c_char_p"))) {
      py::object address = ctypes.attr("cast")(mem, ctypes.attr("c_void_p")).attr("value");
      ptr_ = address.is_none() ? nullptr : reinterpret_cast<void*>(address.cast<std::uintptr_t>());
      return;
    }
    if (py::isinstance(mem, ctypes.attr("c_void_p"))) {
      py::object value = mem.attr("value");
      ptr_ = value.is_none() ? nullptr : reinterpret_cast<void*>(value.cast<std::uintptr_t>());
      return;
    }
    if (PyObject_CheckBuffer(mem.ptr())) {
      const int flags = PyBUF_ANY_CONTIGUOUS | (writable ? PyBUF_WRITABLE : 0);
      if (PyObject_GetBuffer(mem.ptr(), &view_, flags) != 0) throw py::error_already_set();
      if (nbytes > static_cast<std::size_t>(view_.len)) {
        const std::size_t len = static_cast<std::size_t>(view_.len);
        PyBuffer_Release(&view_);
        check_size(call, nbytes, len);
      }
      ptr_ = view_.buf;
      return;
    }
    throw py::type_error(std::string(call) +
                         ": host memory must be an int address, a ctypes pointer, a PinnedMemoryPointer or an "
                         "object with the buffer protocol, not " +
                         type_name(mem));
  }
  ~HostMemory() {
    if (view_.obj != nullptr) PyBuffer_Release(&view_);
  }
  HostMemory(const HostMemory&) = delete;
  HostMemory& operator=(const HostMemory&) = delete;

  void* ptr() const { return ptr_; }

 private:
  static void check_size(const char* call, std::size_t nbytes, std::size_t available) {
    if (nbytes > available)
      throw py::value_error(std::string(call) + ": " + std::to_string(nbytes) +
                            " bytes requested but the host memory has " + std::to_string(available));
  }

  Py_buffer view_{};
  void* ptr_ = nullptr;
};

// set_allocator(f): f(size) is called with the GIL held, from whichever
// thread allocates, and must return a MemoryPointer of at least `size` bytes.
Allocator python_allocator(py::function fn) {
  return [shared = share_python_object(std::move(fn))](std::size_t nbytes) -> MemoryPointer {
    py::gil_scoped_acquire gil;
    py::object result = (*shared)(nbytes);
    if (!py::isinstance<MemoryPointer>(result))
      throw py::type_error("the allocator given to set_allocator() returned " + type_name(result) +
                           "; it must return a gpuarray.cuda.MemoryPointer");
    MemoryPointer p = result.cast<MemoryPointer>();
    if (p.size() < nbytes)
      throw py::value_error("the allocator given to set_allocator() returned " + std::to_string(p.size()) +
                            " bytes for a request of " + std::to_string(nbytes) + " bytes");
    return p;
  };
}

template <typename Pointer>
std::string pointer_repr(const char* name, const Pointer& p) {
  char buf[128];
  std::snprintf(buf, sizeof buf, "<%s 0x%llx size=%llu>", name, static_cast<unsigned long long>(p.ptr()),
                static_cast<unsigned long long>(p.size()));
  return buf;
}

// The MemoryPointer copy methods. The synchronous ones run on the current
// stream of the memory's device and wait for it without holding the GIL.
void copy_from_device(const MemoryPointer& dst, const MemoryPointer& src, std::size_t size) {
  cudaStream_t s = current_stream(dst.device());
  py::gil_scoped_release release;
  copy_device_to_device(dst, src, size, s, true);
}

void copy_from_device_async(const MemoryPointer& dst, const MemoryPointer& src, std::size_t size,
                            py::handle stream) {
  copy_device_to_device(dst, src, size, stream_arg(stream, dst.device()), false);
}

void copy_from_host(const MemoryPointer& dst, py::handle mem, std::size_t size) {
  HostMemory host(mem, size, false, "copy_from_host");
  cudaStream_t s = current_stream(dst.device());
  py::gil_scoped_release release;
  copy_host_to_device(dst, host.ptr(), size, s, true);
}

void copy_from_host_async(const MemoryPointer& dst, py::handle mem, std::size_t size, py::handle stream) {
  HostMemory host(mem, size, false, "copy_from_host_async");
  copy_host_to_device(dst, host.ptr(), size, stream_arg(stream, dst.device()), false);
}

void copy_to_host(const MemoryPointer& src, py::handle mem, std::size_t size) {
  HostMemory host(mem, size, true, "copy_to_host");
  cudaStream_t s = current_stream(src.device());
  py::gil_scoped_release release;
  copy_device_to_host(host.ptr(), src, size, s, true);
}

void copy_to_host_async(const MemoryPointer& src, py::handle mem, std::size_t size, py::handle stream) {
  HostMemory host(mem, size, true, "copy_to_host_async");
  copy_device_to_host(host.ptr(), src, size, stream_arg(stream, src.device()), false);
}

void copy_from(const MemoryPointer& dst, py::handle mem, std::size_t size) {
  if (py::isinstance<MemoryPointer>(mem))
    copy_from_device(dst, mem.cast<const MemoryPointer&>(), size);
  else
    copy_from_host(dst, mem, size);
}

void copy_from_async(const MemoryPointer& dst, py::handle mem, std::size_t size, py::handle stream) {
  if (py::isinstance<MemoryPointer>(mem))
    copy_from_device_async(dst, mem.cast<const MemoryPointer&>(), size, stream);
  else
    copy_from_host_async(dst, mem, size, stream);
}

void memset(const MemoryPointer& dst, int value, std::size_t size) {
  cudaStream_t s = current_stream(dst.device());
  py::gil_scoped_release release;
  memset_device(dst, value, size, s, true);
}

void memset_async(const MemoryPointer& dst, int value, std::size_t size, py::handle stream) {
  memset_device(dst, value, size, stream_arg(stream, dst.device()), false);
}

// __add__/__radd__/__sub__/__iadd__/__isub__ with int offsets, as CuPy's pointers.
template <typename Pointer, typename Class>
void bind_pointer_arithmetic(Class& cls) {
  cls.def("__add__", [](const Pointer& p, std::ptrdiff_t d) { return offset_pointer(p, d); }, py::is_operator())
      .def("__radd__", [](const Pointer& p, std::ptrdiff_t d) { return offset_pointer(p, d); }, py::is_operator())
      .def("__sub__", [](const Pointer& p, std::ptrdiff_t d) { return offset_pointer(p, -d); }, py::is_operator())
      .def("__iadd__",
           [](py::object self, std::ptrdiff_t d) {
             auto& p = self.cast<Pointer&>();
             p = offset_pointer(p, d);
             return self;
           },
           py::is_operator())
      .def("__isub__",
           [](py::object self, std::ptrdiff_t d) {
             auto& p = self.cast<Pointer&>();
             p = offset_pointer(p, -d);
             return self;
           },
           py::is_operator());
}

void bind_memory_objects(py::module_& m) {
  py::class_<Memory, std::shared_ptr<Memory>>(m, "BaseMemory")
      .def_property_readonly("ptr", &Memory::ptr)
      .def_property_readonly("size", &Memory::size)
      .def_property_readonly("device_id", &Memory::device)
      .def("__int__", &Memory::ptr);

  {
    // Docstrings that start with a text signature (Note [Text signatures] in method_docs.hpp).
    py::options text_signatures;
    text_signatures.disable_function_signatures();
    py::class_<BorrowedMemory, Memory, std::shared_ptr<BorrowedMemory>>(m, "UnownedMemory")
        .def(py::init([](std::uintptr_t ptr, std::size_t size, py::object owner, int device_id) {
               if (device_id < 0) {
                 if (ptr == 0) throw py::value_error("UnownedMemory: a null pointer needs an explicit device_id");
                 device_id = pointer_device(ptr);
               }
               return std::make_shared<BorrowedMemory>(ptr, size, device_id, share_python_object(std::move(owner)));
             }),
             docs::unowned_memory_init, "ptr"_a, "size"_a, "owner"_a, "device_id"_a = -1);
  }

  py::class_<PinnedMemory, std::shared_ptr<PinnedMemory>>(m, "PinnedMemory")
      .def_property_readonly("ptr", &PinnedMemory::ptr)
      .def_property_readonly("size", &PinnedMemory::size)
      .def("__int__", &PinnedMemory::ptr);
}

void bind_memory_pointer(py::module_& m) {
  py::class_<MemoryPointer> cls(m, "MemoryPointer");
  cls.def_property_readonly("ptr", &MemoryPointer::ptr)
      .def_property_readonly("size", &MemoryPointer::size)
      .def_property_readonly("device_id", &MemoryPointer::device)
      .def_property_readonly("mem", [](const MemoryPointer& p) { return p.mem; })
      .def_readonly("offset", &MemoryPointer::offset)
      .def("__int__", &MemoryPointer::ptr)
      .def("__repr__", [](const MemoryPointer& p) { return pointer_repr("MemoryPointer", p); });
  bind_pointer_arithmetic<MemoryPointer>(cls);

  // Docstrings that start with a text signature (Note [Text signatures] in method_docs.hpp).
  py::options text_signatures;
  text_signatures.disable_function_signatures();
  cls.def(py::init([](std::shared_ptr<Memory> mem, std::ptrdiff_t offset) {
            if (!mem) throw py::type_error("MemoryPointer: mem must be a memory object, not None");
            return offset_pointer(MemoryPointer{std::move(mem), 0}, offset);
          }),
          docs::memory_pointer_init, "mem"_a, "offset"_a)
      .def("copy_from_device", &copy_from_device, docs::memory_pointer_copy_from_device, "src"_a, "size"_a)
      .def("copy_from_device_async", &copy_from_device_async, docs::memory_pointer_copy_from_device_async, "src"_a,
           "size"_a, "stream"_a = py::none())
      .def("copy_from_host", &copy_from_host, docs::memory_pointer_copy_from_host, "mem"_a, "size"_a)
      .def("copy_from_host_async", &copy_from_host_async, docs::memory_pointer_copy_from_host_async, "mem"_a,
           "size"_a, "stream"_a = py::none())
      .def("copy_to_host", &copy_to_host, docs::memory_pointer_copy_to_host, "mem"_a, "size"_a)
      .def("copy_to_host_async", &copy_to_host_async, docs::memory_pointer_copy_to_host_async, "mem"_a, "size"_a,
           "stream"_a = py::none())
      .def("copy_from", &copy_from, docs::memory_pointer_copy_from, "mem"_a, "size"_a)
      .def("copy_from_async", &copy_from_async, docs::memory_pointer_copy_from_async, "mem"_a, "size"_a,
           "stream"_a = py::none())
      .def("memset", &memset, docs::memory_pointer_memset, "value"_a, "size"_a)
      .def("memset_async", &memset_async, docs::memory_pointer_memset_async, "value"_a, "size"_a,
           "stream"_a = py::none());
}

void bind_pools(py::module_& m) {
  py::class_<MemoryPool, std::shared_ptr<MemoryPool>> memory_pool(m, "MemoryPool");
  memory_pool.def("_set_limit_bytes", &MemoryPool::set_limit, "size"_a)
      .def("_set_limit_fraction", &MemoryPool::set_limit_fraction, "fraction"_a);

  py::class_<PinnedMemoryPointer> pinned(m, "PinnedMemoryPointer", py::buffer_protocol());
  pinned.def_property_readonly("ptr", &PinnedMemoryPointer::ptr)
      .def_property_readonly("mem", [](const PinnedMemoryPointer& p) { return p.mem; })
      .def("__int__", &PinnedMemoryPointer::ptr)
      .def("__repr__", [](const PinnedMemoryPointer& p) { return pointer_repr("PinnedMemoryPointer", p); })
      // Bytes, writable; the exporter (this object, which holds the memory)
      // stays referenced by every view, so a NumPy array keeps it alive.
      .def_buffer([](const PinnedMemoryPointer& p) {
        return py::buffer_info(reinterpret_cast<void*>(p.ptr()), 1, py::format_descriptor<unsigned char>::format(), 1,
                               {static_cast<py::ssize_t>(p.size())}, {py::ssize_t{1}}, false);
      });
  bind_pointer_arithmetic<PinnedMemoryPointer>(pinned);

  py::class_<PinnedMemoryPool, std::shared_ptr<PinnedMemoryPool>> pinned_pool(m, "PinnedMemoryPool");

  // Docstrings that start with a text signature (Note [Text signatures] in method_docs.hpp).
  py::options text_signatures;
  text_signatures.disable_function_signatures();
  memory_pool.def(py::init([](py::handle allocator) {
             reject_allocator(allocator, "MemoryPool", "cudaMalloc");
             return std::make_shared<MemoryPool>();
           }),
           docs::memory_pool_init, "allocator"_a = py::none())
      .def("malloc", &MemoryPool::malloc, docs::memory_pool_malloc, "size"_a)
      .def("free_all_blocks",
           [](MemoryPool& pool, py::handle stream) {
             if (stream.is_none()) {
               py::gil_scoped_release release;
               pool.free_all_blocks();
               return;
             }
             cudaStream_t s = stream_handle(stream);
             py::gil_scoped_release release;
             pool.free_all_blocks(s);
           },
           docs::memory_pool_free_all_blocks, "stream"_a = py::none())
      .def("n_free_blocks", &MemoryPool::n_free_blocks, docs::memory_pool_n_free_blocks)
      .def("used_bytes", &MemoryPool::used_bytes, docs::memory_pool_used_bytes)
      .def("free_bytes", &MemoryPool::free_bytes, docs::memory_pool_free_bytes)
      .def("total_bytes", &MemoryPool::total_bytes, docs::memory_pool_total_bytes)
      .def("get_limit", &MemoryPool::get_limit, docs::memory_pool_get_limit);

  pinned
      .def(py::init([](std::shared_ptr<PinnedMemory> mem, std::ptrdiff_t offset) {
             if (!mem) throw py::type_error("PinnedMemoryPointer: mem must be a PinnedMemory, not None");
             return offset_pointer(PinnedMemoryPointer{std::move(mem), 0}, offset);
           }),
           docs::pinned_memory_pointer_init, "mem"_a, "offset"_a)
      .def("size", &PinnedMemoryPointer::size, docs::pinned_memory_pointer_size);

  pinned_pool
      .def(py::init([](py::handle allocator) {
             reject_allocator(allocator, "PinnedMemoryPool", "cudaHostAlloc");
             return std::make_shared<PinnedMemoryPool>();
           }),
           docs::pinned_memory_pool_init, "allocator"_a = py::none())
      .def("malloc", &PinnedMemoryPool::malloc, docs::pinned_memory_pool_malloc, "size"_a)
      .def("free_all_blocks", &PinnedMemoryPool::free_all_blocks, docs::pinned_memory_pool_free_all_blocks,
           py::call_guard<py::gil_scoped_release>())
      .def("n_free_blocks", &PinnedMemoryPool::n_free_blocks, docs::pinned_memory_pool_n_free_blocks);
}

void bind_allocators(py::module_& m) {
  m.def("default_memory_pool", [] { return default_memory_pool(); });
  m.def("default_pinned_memory_pool", [] { return default_pinned_memory_pool(); });
  m.def("alloc", &allocate, "size"_a);
  m.def("malloc_uncached", &allocate_uncached, "size"_a);
  m.def("malloc_pinned_uncached", &allocate_pinned_uncached, "size"_a);
  m.def("set_allocator_uncached", [] { set_allocator(Allocator(&allocate_uncached)); });
  m.def("set_allocator_pool", [](std::shared_ptr<MemoryPool> pool) { set_allocator(std::move(pool)); }, "pool"_a);
  m.def("set_allocator_callable", [](py::function fn) { set_allocator(python_allocator(std::move(fn))); },
        "allocator"_a);
  m.def("_bench_pool_malloc_free", &benchmark_pool_malloc_free_ns, "size"_a, "iterations"_a,
        py::call_guard<py::gil_scoped_release>());
}

}  // namespace

void bind_memory(py::module_& m) {
  bind_memory_objects(m);
  bind_memory_pointer(m);
  bind_pools(m);
  bind_allocators(m);
}

}  // namespace gpuarray::bindings
