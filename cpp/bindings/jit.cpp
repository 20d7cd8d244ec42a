// SPDX-License-Identifier: BSD-3-Clause
// NVRTC, the kernel cache and RawKernel/RawModule. The one piece of work done
// here is turning each Python launch argument into a jit::KernelArg; the
// conversion to the kernel's parameter types is C++ (jit/kernel_args.hpp).
#include <pybind11/stl.h>

#include <optional>

#include "bindings/bindings.hpp"
#include "bindings/method_docs.hpp"
#include "bindings/py_array.hpp"
#include "core/ndarray.hpp"
#include "cuda/device.hpp"
#include "cuda/stream.hpp"
#include "jit/arch.hpp"
#include "jit/compile_error.hpp"
#include "jit/disk_cache.hpp"
#include "jit/hash.hpp"
#include "jit/include_paths.hpp"
#include "jit/kernel_args.hpp"
#include "jit/kernel_cache.hpp"
#include "jit/kernel_function.hpp"
#include "jit/kernel_signature.hpp"
#include "jit/kernel_table.hpp"
#include "jit/nvrtc_compiler.hpp"
#include "jit/raw_module.hpp"
#include "kernels/device_templates.hpp"
#include "kernels/prebuilt_kernels.hpp"

namespace gpuarray::bindings {
namespace {

using jit::KernelArg;

void register_errors(py::module_& m) {
  static py::handle compile_exception =
      PyErr_NewException("gpuarray.cuda.compiler.CompileException", PyExc_Exception, nullptr);
  m.add_object("CompileException", compile_exception);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const jit::CompileError& e) {
      py::object exc = py::reinterpret_borrow<py::object>(compile_exception)(e.what());
      exc.attr("log") = e.log();
      exc.attr("source") = e.source();
      exc.attr("options") = py::tuple(py::cast(e.options()));
      exc.attr("name") = e.name();
      PyErr_SetObject(compile_exception.ptr(), exc.ptr());
    } catch (const jit::KernelArgumentTypeError& e) {
      PyErr_SetString(PyExc_TypeError, e.what());
    }
  });
}

jit::Arch to_arch(const py::object& arch) {
  if (arch.is_none()) return jit::arch_for_device(current_device());
  return jit::parse_arch(py::str(arch).cast<std::string>());
}

jit::Backend to_backend(const std::string& backend) {
  if (backend == "nvrtc") return jit::Backend::Nvrtc;
  if (backend == "nvcc") return jit::Backend::Nvcc;
  throw py::value_error("backend must be 'nvrtc' or 'nvcc', got '" + backend + "'");
}

jit::CompileRequest to_request(std::string source, std::vector<std::string> options,
                               std::vector<std::string> name_expressions, const std::string& backend,
                               std::string name) {
  return {std::move(source), std::move(options), std::move(name_expressions), to_backend(backend), std::move(name)};
}

KernelArg integer_arg(PyObject* obj) {
  int overflow = 0;
  long long value = PyLong_AsLongLongAndOverflow(obj, &overflow);
  if (overflow == 0) {
    if (value == -1 && PyErr_Occurred()) throw py::error_already_set();
    return KernelArg::signed_integer(value);
  }
  if (overflow < 0) return KernelArg::integer_too_large(true);
  unsigned long long big = PyLong_AsUnsignedLongLong(obj);
  if (big == static_cast<unsigned long long>(-1) && PyErr_Occurred()) {
    PyErr_Clear();
    return KernelArg::integer_too_large(false);
  }
  return KernelArg::unsigned_integer(big);
}

// NumPy's buffer format for a scalar ("f", "l", "Zd", ...) as dtype.char.
char numpy_type_char(const char* format) {
  if (!format) return 0;
  if (format[0] == '@' || format[0] == '=') ++format;
  if (format[0] == 'Z' && format[1] && !format[2]) return static_cast<char>(format[1] - 'a' + 'A');
  return format[0] && !format[1] ? format[0] : 0;
}

// A NumPy scalar's bytes, held (with the buffer) until the argument is packed.
class ScalarBytes {
 public:
  explicit ScalarBytes(PyObject* obj) : ok_(PyObject_GetBuffer(obj, &view_, PyBUF_FORMAT) == 0) {
    if (!ok_) PyErr_Clear();  // datetime64 and the like expose no buffer
  }
  ~ScalarBytes() {
    if (ok_) PyBuffer_Release(&view_);
  }
  ScalarBytes(const ScalarBytes&) = delete;
  ScalarBytes& operator=(const ScalarBytes&) = delete;

  KernelArg arg(PyObject* obj) const {
    if (!ok_) return KernelArg::unsupported(Py_TYPE(obj)->tp_name);
    return KernelArg::numpy_scalar(view_.buf, static_cast<std::size_t>(view_.len), numpy_type_char(view_.format),
                                   Py_TYPE(obj)->tp_name);
  }

 private:
  Py_buffer view_;
  bool ok_;
};

std::uintptr_t to_address(const py::object& value) { return value.cast<std::uintptr_t>(); }

// The launch-path conversion of anything but a NumPy scalar: exact builtin
// types first (the common case), then arrays, then the protocols.
KernelArg to_kernel_arg(py::handle obj, PyTypeObject* ndarray_type) {
  PyObject* o = obj.ptr();
  if (o == Py_None) return KernelArg::null();
  if (PyBool_Check(o)) return KernelArg::boolean(o == Py_True);
  if (PyLong_CheckExact(o)) return integer_arg(o);
  if (PyFloat_CheckExact(o)) return KernelArg::floating(PyFloat_AS_DOUBLE(o));
  if (PyObject_TypeCheck(o, ndarray_type)) return KernelArg::pointer(obj.cast<const PyArray&>().data_ptr(), "gpuarray.ndarray");
  if (PyLong_Check(o)) return integer_arg(o);
  if (PyFloat_Check(o)) return KernelArg::floating(PyFloat_AsDouble(o));
  if (PyComplex_Check(o)) return KernelArg::complex(PyComplex_RealAsDouble(o), PyComplex_ImagAsDouble(o));
  if (py::hasattr(obj, "__cuda_array_interface__")) {
    py::object data = obj.attr("__cuda_array_interface__")["data"];
    return KernelArg::pointer(to_address(data[py::int_(0)]), Py_TYPE(o)->tp_name);
  }
  if (py::hasattr(obj, "ptr")) return KernelArg::pointer(to_address(obj.attr("ptr")), Py_TYPE(o)->tp_name);
  return KernelArg::unsupported(Py_TYPE(o)->tp_name);
}

struct ArgTypes {
  PyTypeObject* ndarray;
  PyTypeObject* numpy_generic;
};

const ArgTypes& arg_types() {
  static const ArgTypes types{
      reinterpret_cast<PyTypeObject*>(py::type::of<PyArray>().ptr()),
      // Kept for the process's life, as the types themselves are.
      reinterpret_cast<PyTypeObject*>(py::object(py::module_::import("numpy").attr("generic")).release().ptr())};
  return types;
}

// `args` is a tuple or a list.
void pack(jit::PackedArguments& packed, py::handle args) {
  const ArgTypes& types = arg_types();
  PyObject** items = PySequence_Fast_ITEMS(args.ptr());
  Py_ssize_t n = PySequence_Fast_GET_SIZE(args.ptr());
  for (Py_ssize_t i = 0; i < n; ++i) {
    auto index = static_cast<std::size_t>(i);
    // NumPy scalars before the int/float subclass checks: numpy.float64 is a float.
    if (PyObject_TypeCheck(items[i], types.numpy_generic)) {
      ScalarBytes bytes(items[i]);
      packed.set(index, bytes.arg(items[i]));
    } else {
      packed.set(index, to_kernel_arg(items[i], types.ndarray));
    }
  }
}

std::size_t arg_count(py::handle args, const std::string& kernel) {
  if (!PyTuple_Check(args.ptr()) && !PyList_Check(args.ptr()))
    throw py::type_error("kernel '" + kernel + "': args must be a tuple or list, got " +
                         std::string(Py_TYPE(args.ptr())->tp_name));
  return static_cast<std::size_t>(PySequence_Fast_GET_SIZE(args.ptr()));
}

unsigned to_dim(py::handle value, const char* what) {
  long long v = PyLong_AsLongLong(value.ptr());  // any object with __index__
  if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
  if (v < 0 || v > 0xFFFFFFFFLL)
    throw py::value_error(std::string(what) + " sizes must be between 0 and 2**32-1, got " + std::to_string(v));
  return static_cast<unsigned>(v);
}

// An int or a tuple of 1 to 3 ints.
dim3 to_dim3(py::handle value, const char* what) {
  if (!PyTuple_Check(value.ptr()) && !PyList_Check(value.ptr())) return dim3(to_dim(value, what), 1, 1);
  py::sequence seq = py::reinterpret_borrow<py::sequence>(value);
  if (seq.size() < 1 || seq.size() > 3)
    throw py::value_error(std::string(what) + " must be an int or a tuple of 1 to 3 ints, got " +
                          py::repr(value).cast<std::string>());
  unsigned d[3] = {1, 1, 1};
  for (std::size_t i = 0; i < seq.size(); ++i) d[i] = to_dim(seq[i], what);
  return dim3(d[0], d[1], d[2]);
}

cudaStream_t to_stream(py::handle stream) {
  if (stream.is_none()) return current_stream();
  return reinterpret_cast<cudaStream_t>(stream.attr("ptr").cast<std::uintptr_t>());
}

void launch(const jit::KernelFunction& function, py::handle grid, py::handle block, py::handle args,
            std::size_t shared_mem, py::handle stream) {
  std::size_t count = arg_count(args, function.name());
  dim3 g = to_dim3(grid, "grid"), b = to_dim3(block, "block");
  jit::PackedArguments packed(function.params(), count);
  pack(packed, args);
  function.launch(g, b, packed, shared_mem, to_stream(stream));
}

py::dict attributes_dict(const cudaFuncAttributes& a) {
  py::dict d;
  d["binary_version"] = a.binaryVersion;
  d["cache_mode_ca"] = a.cacheModeCA;
  d["const_size_bytes"] = a.constSizeBytes;
  d["local_size_bytes"] = a.localSizeBytes;
  d["max_dynamic_shared_size_bytes"] = a.maxDynamicSharedSizeBytes;
  d["max_threads_per_block"] = a.maxThreadsPerBlock;
  d["num_regs"] = a.numRegs;
  d["preferred_shared_memory_carveout"] = a.preferredShmemCarveout;
  d["ptx_version"] = a.ptxVersion;
  d["shared_size_bytes"] = a.sharedSizeBytes;
  return d;
}

// Launching and attributes, the same on Function and RawKernel; `get`
// returns the KernelFunction (compiling a RawKernel on first use).
template <typename Class, typename Get>
void bind_kernel_api(Class& cls, Get get) {
  using Self = typename Class::type;
  {
    // The docstring starts with a text signature (Note [Text signatures] in method_docs.hpp).
    py::options text_signatures;
    text_signatures.disable_function_signatures();
    cls.def("__call__",
            [get](Self& self, py::handle grid, py::handle block, py::handle args, std::size_t shared_mem,
                  py::handle stream) { launch(get(self), grid, block, args, shared_mem, stream); },
            docs::kernel_call, py::arg("grid"), py::arg("block"), py::arg("args"), py::kw_only(),
            py::arg("shared_mem") = 0, py::arg("stream") = py::none());
  }
  cls.def_property_readonly("attributes", [get](Self& self) { return attributes_dict(get(self).attributes()); })
      .def_property_readonly("max_threads_per_block",
                             [get](Self& self) { return get(self).attributes().maxThreadsPerBlock; })
      .def_property_readonly("shared_size_bytes", [get](Self& self) { return get(self).attributes().sharedSizeBytes; })
      .def_property_readonly("const_size_bytes", [get](Self& self) { return get(self).attributes().constSizeBytes; })
      .def_property_readonly("local_size_bytes", [get](Self& self) { return get(self).attributes().localSizeBytes; })
      .def_property_readonly("num_regs", [get](Self& self) { return get(self).attributes().numRegs; })
      .def_property_readonly("ptx_version", [get](Self& self) { return get(self).attributes().ptxVersion; })
      .def_property_readonly("binary_version", [get](Self& self) { return get(self).attributes().binaryVersion; })
      .def_property_readonly("cache_mode_ca", [get](Self& self) { return get(self).attributes().cacheModeCA; })
      .def_property(
          "max_dynamic_shared_size_bytes", [get](Self& self) { return get(self).attributes().maxDynamicSharedSizeBytes; },
          [get](Self& self, int bytes) { get(self).set_attribute(cudaFuncAttributeMaxDynamicSharedMemorySize, bytes); })
      .def_property(
          "preferred_shared_memory_carveout",
          [get](Self& self) { return get(self).attributes().preferredShmemCarveout; },
          [get](Self& self, int percent) {
            get(self).set_attribute(cudaFuncAttributePreferredSharedMemoryCarveout, percent);
          });
}

// A RawKernel compiles on first use: without the GIL, so other threads run.
const jit::KernelFunction& resolve(jit::RawKernel& kernel) {
  if (kernel.resolved()) return kernel.function();
  py::gil_scoped_release release;
  return kernel.function();
}

py::object describe_signature(const std::optional<jit::KernelSignature>& signature) {
  if (!signature) return py::none();
  py::list params;
  for (const auto& p : signature->params)
    params.append(py::make_tuple(p.type.spelling, p.name, jit::param_kind_name(p.type.kind), p.type.size));
  return std::move(params);
}

}  // namespace

void bind_jit(py::module_& m) {
  register_errors(m);

  m.def("_set_include_dir", &jit::set_device_header_dir);
  m.def("nvrtc_version", [] { return py::make_tuple(jit::nvrtc_version() / 1000, jit::nvrtc_version() % 1000 / 10); });
  m.def("nvrtc_supported_archs", &jit::nvrtc_supported_archs);
  m.def("kernel_cache_dir", &jit::kernel_cache_dir);
  m.def("_toolkit_include_dirs", &jit::toolkit_include_dirs);
  // (name, source, options, name expressions) of each kernel installed
  // prebuilt, for tests/core/test_packaging.py to compile for every architecture.
  m.def("_prebuilt_kernel_requests", [] {
    py::list out;
    for (const auto& r : prebuilt_kernel_requests())
      out.append(py::make_tuple(r.name, r.source, r.options, r.name_expressions));
    return out;
  });
  m.def("_reset_kernel_cache", [] {
    jit::clear_kernel_memory_cache();
    jit::reset_kernel_cache_dir();
  });
  // The kernel table's counters (Note [Kernel table]), for tests and benchmarks.
  m.def("_kernel_table_stats", [] {
    const jit::KernelTableStats s = jit::kernel_table().stats();
    py::dict out;
    out["hits"] = s.hits;
    out["builds"] = s.builds;
    out["waits"] = s.waits;
    out["failures"] = s.failures;
    out["evictions"] = s.evictions;
    out["entries"] = s.entries;
    out["max_entries"] = jit::kernel_table().max_entries();
    return out;
  });
  m.def(
      "_compile_with_cache",
      [](std::string source, std::vector<std::string> options, py::object arch,
         std::vector<std::string> name_expressions, const std::string& backend) {
        jit::CompileRequest request =
            to_request(std::move(source), std::move(options), std::move(name_expressions), backend, "module");
        jit::Arch target = to_arch(arch);
        jit::CachedModule cached;
        {
          py::gil_scoped_release release;
          cached = jit::compile_with_cache(request, target);
        }
        py::dict lowered;
        for (const auto& [expression, name] : cached.module->lowered_names) lowered[py::str(expression)] = name;
        return py::make_tuple(py::bytes(cached.module->binary), jit::cache_origin_name(cached.origin), lowered);
      },
      py::arg("source"), py::arg("options"), py::arg("arch"), py::arg("name_expressions"), py::arg("backend"));
  m.def("_parse_signature",
        [](const std::string& source, const std::string& name) {
          return describe_signature(jit::parse_kernel_signature(source, name));
        });
  m.def("_signature_from_mangled_name",
        [](const std::string& mangled) { return describe_signature(jit::signature_from_mangled_name(mangled)); });
  m.def("_demangle", &jit::demangle);
  m.def("_pack_arguments", [](const std::string& source, const std::string& name, py::handle args) {
    std::optional<jit::KernelSignature> signature = jit::parse_kernel_signature(source, name);
    if (!signature) throw py::value_error("no __global__ function '" + name + "' is declared in the source");
    jit::KernelParams params = jit::natural_kernel_params(name, *signature);
    jit::PackedArguments packed(params, arg_count(args, name));
    pack(packed, args);
    return py::bytes(std::string(packed.bytes()));
  });

  py::class_<jit::KernelFunction, std::shared_ptr<jit::KernelFunction>> function(m, "Function");
  function.def_property_readonly("name", &jit::KernelFunction::name)
      .def_property_readonly("symbol", &jit::KernelFunction::symbol)
      .def_property_readonly("signature", [](const jit::KernelFunction& f) { return f.params().describe(); });
  bind_kernel_api(function, [](jit::KernelFunction& f) -> const jit::KernelFunction& { return f; });

  // The engine's own template kernels (Note [Device templates]): Python names
  // a row and its type arguments and launches the Function.
  m.def(
      "_device_template_kernel",
      [](const std::string& row, const std::vector<std::string>& args, int max_threads, int min_blocks) {
        py::gil_scoped_release release;
        return device_template_kernel(row, args, {max_threads, min_blocks});
      },
      py::arg("row"), py::arg("args"), py::kw_only(), py::arg("max_threads") = 0, py::arg("min_blocks") = 0);
  m.def(
      "_device_template_source",
      [](const std::string& row, const std::vector<std::string>& args, int max_threads, int min_blocks) {
        DeviceTemplateSource glue = device_template_source(row, args, {max_threads, min_blocks});
        return py::make_tuple(glue.symbol, glue.source);
      },
      py::arg("row"), py::arg("args"), py::kw_only(), py::arg("max_threads") = 0, py::arg("min_blocks") = 0);

  py::class_<jit::RawModule, std::shared_ptr<jit::RawModule>>(m, "_RawModule")
      .def(py::init([](std::optional<std::string> code, std::optional<py::bytes> binary,
                       std::vector<std::string> options, std::vector<std::string> name_expressions,
                       const std::string& backend, bool cooperative, std::string name) {
             if (binary) return jit::RawModule::from_binary(std::string(*binary), cooperative);
             return jit::RawModule::from_source(
                 to_request(code.value_or(""), std::move(options), std::move(name_expressions), backend, std::move(name)),
                 cooperative);
           }),
           py::arg("code"), py::arg("binary"), py::arg("options"), py::arg("name_expressions"), py::arg("backend"),
           py::arg("enable_cooperative_groups"), py::arg("name"))
      .def("compile", [](jit::RawModule& module) {
        py::gil_scoped_release release;
        module.library_for_current_device();
      })
      .def("get_function", [](jit::RawModule& module, const std::string& name) {
        py::gil_scoped_release release;
        return module.get_function(name);
      })
      .def("get_global", [](jit::RawModule& module, const std::string& name) {
        py::gil_scoped_release release;
        return module.get_global(name);
      });

  py::class_<jit::RawKernel> raw_kernel(m, "_RawKernel");
  raw_kernel.def(py::init<std::shared_ptr<jit::RawModule>, std::string>(), py::arg("module"), py::arg("name"))
      .def("compile", [](jit::RawKernel& kernel) { resolve(kernel); })
      .def_property_readonly("kernel", [](jit::RawKernel& kernel) {
        resolve(kernel);
        return kernel.shared_function();
      });
  bind_kernel_api(raw_kernel, &resolve);
}

}  // namespace gpuarray::bindings
