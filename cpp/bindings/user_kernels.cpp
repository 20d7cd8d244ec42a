// SPDX-License-Identifier: BSD-3-Clause
// The C++ base of gpuarray.ElementwiseKernel: parameters parsed in Python
// come in once; a call goes from Python straight to __call__ here (no Python
// frame), which sorts the arguments, resolves the types, converts the
// scalars and hands the rest to the engine (kernels/user_elementwise.hpp).
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "bindings/bindings.hpp"
#include "bindings/convert.hpp"
#include "bindings/py_array.hpp"
#include "cuda/device.hpp"
#include "cuda/stream.hpp"
#include "kernels/user_elementwise.hpp"

namespace gpuarray::bindings {
namespace {

struct PyUserKernel : UserElementwiseKernel {
  PyUserKernel(UserKernelDef def, bool no_return, bool return_tuple)
      : UserElementwiseKernel(std::move(def)), no_return(no_return), return_tuple(return_tuple) {}
  bool no_return;
  bool return_tuple;
};

// (name, dtype or None, type as written, raw) tuples.
std::vector<UserParam> to_params(const py::sequence& items) {
  std::vector<UserParam> params;
  for (auto item : items) {
    auto t = item.cast<py::tuple>();
    UserParam p{t[0].cast<std::string>(), std::nullopt, t[2].cast<std::string>(), t[3].cast<bool>()};
    if (!t[1].is_none()) p.dtype = to_dtype(t[1]);
    params.push_back(std::move(p));
  }
  return params;
}

// Python bool/int/float/complex and NumPy scalars, as CuPy takes them.
bool is_scalar(py::handle obj) {
  static py::handle generic = py::object(py::module_::import("numpy").attr("generic")).release();
  PyObject* o = obj.ptr();
  return PyLong_Check(o) || PyFloat_Check(o) || PyComplex_Check(o) ||
         PyObject_TypeCheck(o, reinterpret_cast<PyTypeObject*>(generic.ptr()));
}

// stream= (anything with .ptr) is the current stream for the call: the
// launch and the allocations and copies around it.
class StreamGuard {
 public:
  explicit StreamGuard(py::handle stream) : active_(!stream.is_none()) {
    if (!active_) return;
    device_ = current_device();
    previous_ = current_stream(device_);
    set_current_stream(device_, reinterpret_cast<cudaStream_t>(stream.attr("ptr").cast<std::uintptr_t>()));
  }
  ~StreamGuard() {
    if (active_) set_current_stream(device_, previous_);
  }
  StreamGuard(const StreamGuard&) = delete;
  StreamGuard& operator=(const StreamGuard&) = delete;

 private:
  bool active_;
  int device_ = 0;
  cudaStream_t previous_ = nullptr;
};

py::object call(PyUserKernel& self, const py::args& args, py::handle size_obj, py::handle block_size,
                py::handle stream) {
  const UserKernelDef& def = self.def();
  const std::size_t nin = def.in.size(), nout = def.out.size(), n = args.size();
  if (n != nin && n != nin + nout)
    throw py::type_error("Wrong number of arguments for '" + def.name + "'. It must be either " +
                         std::to_string(nin) + " or " + std::to_string(nin + nout) + " (with outputs), but given " +
                         std::to_string(n) + ".");
  // The engine picks its own launch shape; block_size is only checked.
  if (!block_size.is_none() && to_index(block_size) <= 0) throw py::value_error("block_size must be greater than zero");
  std::optional<std::int64_t> size;
  if (!size_obj.is_none()) size = to_index(size_obj);

  std::vector<UserInput> inputs(nin);
  std::vector<std::optional<DType>> in_dtypes(nin);
  for (std::size_t k = 0; k < nin; ++k) {
    if (py::isinstance<PyArray>(args[k])) {
      inputs[k].array = &args[k].cast<const PyArray&>();
      in_dtypes[k] = inputs[k].array->dtype;
    } else if (!is_scalar(args[k])) {
      throw py::type_error("ElementwiseKernel '" + def.name + "': unsupported argument type " +
                           Py_TYPE(args[k].ptr())->tp_name +
                           " (gpuarray takes gpuarray arrays and Python or NumPy scalars)");
    }
  }
  const bool given = n > nin;
  std::vector<const NDArray*> outs;
  std::vector<DType> out_dtypes;
  for (std::size_t k = 0; given && k < nout; ++k) {
    if (!py::isinstance<PyArray>(args[nin + k])) throw py::type_error("Output arguments type must be gpuarray.ndarray");
    outs.push_back(&args[nin + k].cast<const PyArray&>());
    out_dtypes.push_back(outs.back()->dtype);
  }
  const std::vector<DType> dtypes = self.resolve_types(in_dtypes.data(), given ? out_dtypes.data() : nullptr);
  for (std::size_t k = 0; k < nin; ++k)
    if (!inputs[k].array) inputs[k].scalar = to_scalar_arg(args[k], dtypes[k]);

  std::vector<NDArray> results;
  {
    StreamGuard guard(stream);
    results = self.run(inputs.data(), given ? outs.data() : nullptr, size, dtypes.data());
  }
  if (self.no_return) return py::none();
  py::tuple wrapped(nout);
  for (std::size_t k = 0; k < nout; ++k)
    wrapped[k] = given ? py::reinterpret_borrow<py::object>(args[nin + k]) : new_array_object(PyArray(std::move(results[k])));
  if (!self.return_tuple && nout == 1) return wrapped[0];
  return std::move(wrapped);
}

UserArgKind to_kind(char c) {
  switch (c) {
    case 'a': return UserArgKind::Array;
    case 'r': return UserArgKind::Raw;
    case 's': return UserArgKind::Scalar;
  }
  throw py::value_error(std::string("argument kinds are 'a' (array), 'r' (raw) or 's' (scalar), got '") + c + "'");
}

}  // namespace

void bind_user_kernels(py::module_& m) {
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const UserKernelTypeError& e) {
      PyErr_SetString(PyExc_TypeError, e.what());
    }
  });
  py::class_<PyUserKernel>(m, "_ElementwiseKernel")
      .def(py::init([](const py::sequence& in, const py::sequence& out, std::string operation, std::string name,
                       std::string preamble, std::string loop_prep, std::string after_loop, bool no_return,
                       bool return_tuple) {
             UserKernelDef def{to_params(in),          to_params(out),         std::move(name),
                               std::move(operation),   std::move(preamble),    std::move(loop_prep),
                               std::move(after_loop)};
             return new PyUserKernel(std::move(def), no_return, return_tuple);
           }),
           py::arg("in_params"), py::arg("out_params"), py::arg("operation"), py::arg("name"), py::arg("preamble"),
           py::arg("loop_prep"), py::arg("after_loop"), py::arg("no_return"), py::arg("return_tuple"))
      .def("__call__", &call, py::arg("size") = py::none(), py::arg("block_size") = py::none(),
           py::arg("stream") = py::none())
      // Test hooks: the parameter dtypes a call resolves to (dtypes or None
      // for scalars; out_dtypes None when outputs are allocated), and the op
      // of one signature (kinds: one of 'a', 'r', 's' per parameter).
      .def("_resolve",
           [](const PyUserKernel& self, const py::sequence& in_dtypes, const py::object& out_dtypes) {
             std::vector<std::optional<DType>> in;
             for (auto d : in_dtypes) in.push_back(d.is_none() ? std::nullopt : std::optional<DType>(to_dtype(d)));
             std::vector<DType> out;
             if (!out_dtypes.is_none())
               for (auto d : out_dtypes) out.push_back(to_dtype(d));
             if (in.size() != self.def().in.size() || (!out_dtypes.is_none() && out.size() != self.def().out.size()))
               throw py::value_error("one dtype per parameter");
             py::list result;
             for (DType dt : self.resolve_types(in.data(), out_dtypes.is_none() ? nullptr : out.data()))
               result.append(to_numpy_dtype(dt));
             return result;
           })
      .def("_op", [](PyUserKernel& self, const py::sequence& dtypes, const std::string& kinds, bool outputs_given) {
        std::vector<DType> dts;
        std::vector<UserArgKind> ks;
        for (auto d : dtypes) dts.push_back(to_dtype(d));
        for (char c : kinds) ks.push_back(to_kind(c));
        if (dts.size() != self.def().in.size() + self.def().out.size() || ks.size() != dts.size())
          throw py::value_error("one dtype and one kind per parameter");
        const ElementwiseOp& op = self.op(dts.data(), ks.data(), outputs_given);
        py::dict d;
        d["name"] = op.name;
        d["expression"] = op.expression;
        d["preamble"] = op.preamble;
        d["reads_outputs"] = op.reads_outputs;
        d["uses_index"] = op.uses_index;
        d["hash"] = op.hash;
        return d;
      });
}

}  // namespace gpuarray::bindings
