// SPDX-License-Identifier: BSD-3-Clause
// DLPack capsules (the Python side of the DLPack exchange, see
// https://dmlc.github.io/dlpack/latest/python_spec.html). Stream handshakes and
// the choice between capsule kinds live in python/gpuarray/_interop/dlpack.py.
#include <string>

#include "bindings/bindings.hpp"
#include "bindings/py_array.hpp"
#include "core/dlpack.hpp"
#include "cuda/device.hpp"

namespace gpuarray::bindings {
namespace {
using namespace pybind11::literals;
namespace dl = gpuarray::dlpack;

constexpr const char* kVersionedName = "dltensor_versioned";
constexpr const char* kUsedVersionedName = "used_dltensor_versioned";
constexpr const char* kLegacyName = "dltensor";
constexpr const char* kUsedLegacyName = "used_dltensor";

// A capsule nobody consumed still owns its tensor; a consumed one was renamed
// "used_..." and its consumer calls the deleter. The destructor may run while
// an exception is being raised, so it keeps the error indicator intact.
template <typename Managed>
void destroy_unconsumed(PyObject* capsule, const char* name) {
  if (!PyCapsule_IsValid(capsule, name)) return;
  PyObject *type, *value, *traceback;
  PyErr_Fetch(&type, &value, &traceback);
  auto* managed = static_cast<Managed*>(PyCapsule_GetPointer(capsule, name));
  if (managed != nullptr && managed->deleter != nullptr) managed->deleter(managed);
  PyErr_Restore(type, value, traceback);
}

void destroy_versioned(PyObject* capsule) { destroy_unconsumed<dl::DLManagedTensorVersioned>(capsule, kVersionedName); }
void destroy_legacy(PyObject* capsule) { destroy_unconsumed<dl::DLManagedTensor>(capsule, kLegacyName); }

template <typename Managed>
py::capsule wrap(Managed* managed, const char* name, void (*destructor)(PyObject*)) {
  PyObject* capsule = PyCapsule_New(managed, name, destructor);
  if (capsule == nullptr) {
    managed->deleter(managed);
    throw py::error_already_set();
  }
  return py::reinterpret_steal<py::capsule>(capsule);
}

// The CUDA device an array's memory is on; empty arrays with no allocation
// are on the current device.
int array_device(const PyArray& a) { return a.data.mem ? a.device() : current_device(); }

py::capsule to_dlpack(const PyArray& a, bool versioned, bool copied) {
  try {
    if (versioned)
      return wrap(dl::export_versioned(a, array_device(a), copied), kVersionedName, destroy_versioned);
    if (!a.writeable)
      throw dl::Error("a read-only array cannot be exported as a legacy DLPack capsule, which has no read-only "
                      "flag; ask for max_version=(1, 0) or later");
    return wrap(dl::export_legacy(a, array_device(a)), kLegacyName, destroy_legacy);
  } catch (const dl::Error& e) {
    PyErr_SetString(PyExc_BufferError, e.what());
    throw py::error_already_set();
  }
}

// Takes ownership of the capsule's tensor: the capsule is renamed "used_..."
// before anything can fail, so that exactly one of the capsule's destructor
// and our owner calls the producer's deleter (ours, when the last view of the
// memory goes, or at once when the tensor cannot be viewed).
template <typename Managed>
NDArray consume(py::capsule capsule, const char* name, const char* used_name, bool readonly) {
  auto* managed = static_cast<Managed*>(PyCapsule_GetPointer(capsule.ptr(), name));
  if (managed == nullptr) throw py::error_already_set();
  if (PyCapsule_SetName(capsule.ptr(), used_name) != 0) throw py::error_already_set();
  std::shared_ptr<void> owner(managed, [](void* p) {
    auto* m = static_cast<Managed*>(p);
    if (m->deleter != nullptr) m->deleter(m);
  });
  return dl::import_tensor(managed->dl_tensor, std::move(owner), readonly);
}

// The name of an unconsumed DLPack capsule; TypeError for other objects, ValueError
// for a capsule already consumed.
std::string capsule_kind(py::handle obj) {
  if (!PyCapsule_CheckExact(obj.ptr()))
    throw py::type_error("expected a DLPack capsule ('dltensor' or 'dltensor_versioned'), not " +
                         std::string(py::str(py::type::handle_of(obj).attr("__name__"))));
  const char* name = PyCapsule_GetName(obj.ptr());
  const std::string kind = name == nullptr ? "" : name;
  if (kind == kUsedVersionedName || kind == kUsedLegacyName)
    throw py::value_error("this DLPack capsule was already consumed (its name is '" + kind +
                          "'); a capsule can be converted only once");
  if (kind != kVersionedName && kind != kLegacyName)
    throw py::type_error("expected a DLPack capsule named 'dltensor' or 'dltensor_versioned', not '" + kind + "'");
  return kind;
}

py::object from_dlpack_capsule(py::object obj, py::object base) {
  const std::string kind = capsule_kind(obj);
  auto capsule = py::reinterpret_borrow<py::capsule>(obj);
  try {
    NDArray a;
    if (kind == kVersionedName) {
      auto* managed = static_cast<dl::DLManagedTensorVersioned*>(PyCapsule_GetPointer(capsule.ptr(), kVersionedName));
      if (managed == nullptr) throw py::error_already_set();
      if (managed->version.major != dl::kMajorVersion)
        throw dl::Error("DLPack capsule has version " + std::to_string(managed->version.major) + "." +
                        std::to_string(managed->version.minor) + "; gpuarray reads major version " +
                        std::to_string(dl::kMajorVersion));
      a = consume<dl::DLManagedTensorVersioned>(capsule, kVersionedName, kUsedVersionedName,
                                                (managed->flags & dl::kFlagReadOnly) != 0);
    } else {
      a = consume<dl::DLManagedTensor>(capsule, kLegacyName, kUsedLegacyName, false);
    }
    return new_array_object(PyArray(std::move(a), base.is_none() ? py::object(capsule) : base));
  } catch (const dl::Error& e) {
    PyErr_SetString(PyExc_BufferError, e.what());
    throw py::error_already_set();
  }
}

// The device a capsule's tensor is on, (device_type, device_id), so that
// Python can route host tensors to a copy without consuming the capsule.
py::tuple capsule_device(py::object obj) {
  const std::string kind = capsule_kind(obj);
  const dl::DLTensor* t = nullptr;
  if (kind == kVersionedName)
    t = &static_cast<dl::DLManagedTensorVersioned*>(PyCapsule_GetPointer(obj.ptr(), kVersionedName))->dl_tensor;
  else
    t = &static_cast<dl::DLManagedTensor*>(PyCapsule_GetPointer(obj.ptr(), kLegacyName))->dl_tensor;
  return py::make_tuple(t->device.device_type, t->device.device_id);
}

// Marks an unconsumed versioned capsule's tensor as a copy (kDLFlagBitmaskIsCopied):
// a host export is NumPy's capsule over the host copy gpuarray made, and NumPy sets
// the flag only when it copies itself.
void mark_copied(py::object obj) {
  if (capsule_kind(obj) != kVersionedName)
    throw py::type_error("only a 'dltensor_versioned' capsule has flags to mark as copied");
  auto* managed = static_cast<dl::DLManagedTensorVersioned*>(PyCapsule_GetPointer(obj.ptr(), kVersionedName));
  if (managed == nullptr) throw py::error_already_set();
  managed->flags |= dl::kFlagIsCopied;
}

}  // namespace

void bind_interop(py::module_& m) {
  m.def("_to_dlpack", &to_dlpack, "array"_a, "versioned"_a, "copied"_a = false);
  m.def("_from_dlpack_capsule", &from_dlpack_capsule, "capsule"_a, "base"_a = py::none());
  m.def("_dlpack_capsule_device", &capsule_device, "capsule"_a);
  m.def("_mark_dlpack_copied", &mark_copied, "capsule"_a);
  m.attr("_DLPACK_VERSION") = py::make_tuple(dl::kMajorVersion, dl::kMinorVersion);
}

}  // namespace gpuarray::bindings
