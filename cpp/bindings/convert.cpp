// SPDX-License-Identifier: BSD-3-Clause
#include "bindings/convert.hpp"

#include <cstring>
#include <stdexcept>
#include <utility>
#include <vector>

#include "jit/small_float.hpp"

namespace gpuarray::bindings {

DType to_dtype(py::handle obj) {
  // Types, dtype objects and None seen before skip numpy.dtype(), which costs
  // more than the rest of zeros(16). They are immutable and kept alive here;
  // strings are not cached (equal strings are different objects). The GIL guards it.
  static std::vector<std::pair<PyObject*, DType>> seen;
  for (const auto& [o, d] : seen)
    if (o == obj.ptr()) return d;
  py::dtype dt = py::dtype::from_args(py::reinterpret_borrow<py::object>(obj));
  // Byte order is not part of the engine's dtype: uploads convert to native.
  auto found = dtype_from_char(dt.char_());
  if (!found)
    throw py::type_error("gpuarray does not support dtype " + py::str(dt).cast<std::string>() +
                         ": only bool, integer, float, complex and bfloat16 (ml_dtypes) dtypes are supported");
  constexpr std::size_t kMaxSeen = 64;
  if (seen.size() < kMaxSeen && (obj.is_none() || PyType_Check(obj.ptr()) || py::isinstance<py::dtype>(obj)))
    seen.emplace_back(obj.inc_ref().ptr(), *found);
  return *found;
}

py::dtype to_numpy_dtype(DType dt) {
  // Built once: attribute reads like a.dtype must not construct a dtype each time.
  // Kept for the process's life (never destroyed after the interpreter).
  static PyObject* cache[kNumDTypes] = {};
  PyObject*& slot = cache[static_cast<int>(dt)];
  if (slot == nullptr) {
    // NumPy knows bfloat16 only once ml_dtypes has registered it, and not by
    // its char (Note [bfloat16]).
    slot = dt == DType::BFloat16
               ? py::dtype::from_args(py::module_::import("ml_dtypes").attr("bfloat16")).release().ptr()
               : py::dtype(std::string(1, dtype_info(dt).type_char)).release().ptr();
  }
  return py::reinterpret_borrow<py::dtype>(slot);
}

std::int64_t to_index(py::handle obj) {
  PyObject* o = obj.ptr();
  if (PyLong_Check(o)) {
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (overflow) throw py::value_error("Maximum allowed dimension exceeded");
    return v;
  }
  py::object index = py::reinterpret_steal<py::object>(PyNumber_Index(o));  // TypeError for floats etc.
  if (!index) throw py::error_already_set();
  return to_index(index);
}

Shape to_shape(py::handle obj) {
  PyObject* o = obj.ptr();
  if (PyTuple_Check(o)) {
    const Py_ssize_t n = PyTuple_GET_SIZE(o);
    Shape s(static_cast<std::size_t>(n));
    for (Py_ssize_t i = 0; i < n; ++i) s[i] = to_index(PyTuple_GET_ITEM(o, i));
    return s;
  }
  if (!PySequence_Check(o)) return {to_index(obj)};
  Shape s;
  for (auto item : obj) s.push_back(to_index(item));
  return s;
}

py::tuple to_tuple(const std::vector<std::int64_t>& v) {
  PyObject* t = PyTuple_New(static_cast<Py_ssize_t>(v.size()));
  if (t == nullptr) throw py::error_already_set();
  for (std::size_t i = 0; i < v.size(); ++i) PyTuple_SET_ITEM(t, i, PyLong_FromLongLong(v[i]));
  return py::reinterpret_steal<py::tuple>(t);
}

PythonInt to_python_int(py::handle obj) {
  int overflow = 0;
  const long long s = PyLong_AsLongLongAndOverflow(obj.ptr(), &overflow);
  if (s == -1 && PyErr_Occurred()) throw py::error_already_set();  // not an int
  if (overflow == 0) return {s < 0, s < 0 ? 0 - static_cast<std::uint64_t>(s) : static_cast<std::uint64_t>(s)};
  if (overflow > 0) {
    const unsigned long long u = PyLong_AsUnsignedLongLong(obj.ptr());
    if (!PyErr_Occurred()) return {false, u};
    PyErr_Clear();
  }
  return {overflow < 0, 0, true};
}

namespace {

template <typename T> ScalarArg scalar_of(DType dt, T value) {
  ScalarArg arg{dt, {}};
  std::memcpy(arg.bytes, &value, sizeof value);
  return arg;
}

// Python bool/int/float/complex as NumPy 2 converts them, without building an
// array: ints into integer dtypes (range checked, NumPy's OverflowError),
// anything numeric into bool, float and complex dtypes. False for the other
// cases (float to int, complex to real), which go through NumPy.
bool python_scalar_arg(py::handle value, DType dt, ScalarArg* out) {
  PyObject* o = value.ptr();
  const DTypeKind kind = dtype_info(dt).kind;
  double re = 0, im = 0;
  if (PyBool_Check(o)) {
    re = o == Py_True;
  } else if (PyLong_CheckExact(o)) {
    if (kind == DTypeKind::SignedInt || kind == DTypeKind::UnsignedInt) {
      const PythonInt v = to_python_int(value);
      if (!python_int_fits(dt, v)) throw std::overflow_error(python_int_overflow_message(dt, v));
      const std::uint64_t bits = v.negative ? 0 - v.magnitude : v.magnitude;
      *out = ScalarArg{dt, {}};
      std::memcpy(out->bytes, &bits, static_cast<std::size_t>(itemsize(dt)));  // little endian: the low bytes
      return true;
    }
    re = PyLong_AsDouble(o);
    if (re == -1.0 && PyErr_Occurred()) throw py::error_already_set();
  } else if (PyFloat_CheckExact(o) && kind != DTypeKind::SignedInt && kind != DTypeKind::UnsignedInt) {
    re = PyFloat_AS_DOUBLE(o);
  } else if (PyComplex_CheckExact(o) && kind == DTypeKind::Complex) {
    re = PyComplex_RealAsDouble(o);
    im = PyComplex_ImagAsDouble(o);
  } else {
    return false;
  }
  switch (dt) {
    case DType::Bool: *out = scalar_of(dt, static_cast<bool>(re != 0 || im != 0)); return true;
    case DType::Float16: *out = scalar_of(dt, jit::double_to_half(re).bits); return true;
    // Through float32, as ml_dtypes converts (Note [bfloat16]).
    case DType::BFloat16: *out = scalar_of(dt, jit::double_to_bfloat16(static_cast<float>(re)).bits); return true;
    case DType::Float32: *out = scalar_of(dt, static_cast<float>(re)); return true;
    case DType::Float64: *out = scalar_of(dt, re); return true;
    case DType::Complex64: {
      *out = scalar_of(dt, static_cast<float>(re));
      const float imag = static_cast<float>(im);
      std::memcpy(out->bytes + sizeof imag, &imag, sizeof imag);
      return true;
    }
    case DType::Complex128:
      *out = scalar_of(dt, re);
      std::memcpy(out->bytes + sizeof im, &im, sizeof im);
      return true;
    default: break;
  }
  if (PyBool_Check(o)) {  // bool into an integer dtype: 0 or 1
    *out = ScalarArg{dt, {}};
    out->bytes[0] = static_cast<unsigned char>(re != 0);
    return true;
  }
  return false;
}

}  // namespace

ScalarArg to_scalar_arg(py::handle value, DType dt) {
  ScalarArg fast;
  if (python_scalar_arg(value, dt, &fast)) return fast;
  // Kept for the process's life: a static py::object would be destroyed after the interpreter.
  static py::handle asarray = py::object(py::module_::import("numpy").attr("asarray")).release();
  py::array host = asarray(value, py::arg("dtype") = to_numpy_dtype(dt));
  if (host.size() != 1)
    throw py::value_error("expected a scalar value, got an array of shape " +
                          py::str(py::cast<py::object>(host.attr("shape"))).cast<std::string>());
  ScalarArg arg{dt, {}};
  std::memcpy(arg.bytes, host.data(), static_cast<std::size_t>(host.itemsize()));
  return arg;
}

PromotionOperand to_promotion_operand(py::handle obj) {
  PyObject* o = obj.ptr();
  if (o == reinterpret_cast<PyObject*>(&PyLong_Type)) return {DType::Int64, ScalarKind::Int};
  if (o == reinterpret_cast<PyObject*>(&PyFloat_Type)) return {DType::Float64, ScalarKind::Float};
  if (o == reinterpret_cast<PyObject*>(&PyComplex_Type)) return {DType::Complex128, ScalarKind::Complex};
  return {to_dtype(obj)};
}

}  // namespace gpuarray::bindings
