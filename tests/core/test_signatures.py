# SPDX-License-Identifier: BSD-3-Clause
"""`inspect.signature` of every public callable (issue #32): the functions,
classes and class methods of each public namespace, so that help(), IDEs and
Sphinx show real parameters. Device-free."""
import importlib
import inspect

import numpy
import pytest

import gpuarray
from gpuarray import jit
from gpuarray.scipy import linalg as scipy_linalg
from gpuarray.scipy import stats

NAMESPACES = ["gpuarray", "gpuarray.linalg", "gpuarray.fft", "gpuarray.random", "gpuarray.polynomial",
              "gpuarray.emath", "gpuarray.testing", "gpuarray.cuda", "gpuarray.cuda.runtime", "gpuarray.jit",
              "gpuarray.profiler", "gpuarray.scipy.fft", "gpuarray.scipy.fftpack", "gpuarray.scipy.linalg",
              "gpuarray.scipy.signal", "gpuarray.scipy.signal.windows", "gpuarray.scipy.special",
              "gpuarray.scipy.stats"]

# Methods bound in C++ by pybind11: builtin functions, which take no
# __signature__ and get no __text_signature__ from pybind11's docstrings. Their
# signatures need the bindings to write a text signature ("name($self, ...)\n--\n\n")
# in their docstrings. BaseMemory, PinnedMemory and Function have no constructor
# (the runtime makes them). Fixing one means removing it here.
WITHOUT_SIGNATURE = {
    "ndarray.__init__", "ndarray.reshape", "ndarray.transpose", "ndarray.copy", "ndarray.fill", "ndarray.sum",
    "ndarray.prod",
    "MemoryPointer.__init__", "MemoryPointer.copy_from_device", "MemoryPointer.copy_from_device_async",
    "MemoryPointer.copy_from_host", "MemoryPointer.copy_from_host_async", "MemoryPointer.copy_to_host",
    "MemoryPointer.copy_to_host_async", "MemoryPointer.copy_from", "MemoryPointer.copy_from_async",
    "MemoryPointer.memset", "MemoryPointer.memset_async",
    "MemoryPool.__init__", "MemoryPool.malloc", "MemoryPool.free_all_blocks", "MemoryPool.n_free_blocks",
    "MemoryPool.used_bytes", "MemoryPool.free_bytes", "MemoryPool.total_bytes", "MemoryPool.get_limit",
    "PinnedMemoryPointer.__init__", "PinnedMemoryPointer.size",
    "PinnedMemoryPool.__init__", "PinnedMemoryPool.malloc", "PinnedMemoryPool.free_all_blocks",
    "PinnedMemoryPool.n_free_blocks", "UnownedMemory.__init__", "Function.__call__",
    "BaseMemory", "PinnedMemory", "Function",
}


def _public_callables():
    """{qualified name: object} of the public callables of NAMESPACES and the
    public methods (and __init__, __call__) of their classes, each object
    once. Another library's objects (NumPy's scalar types, ...) are left out."""
    seen, out = set(), {}

    def add(name, obj):
        if id(obj) not in seen:
            seen.add(id(obj))
            out[name] = obj

    for namespace in NAMESPACES:
        module = importlib.import_module(namespace)
        for name in getattr(module, "__all__", [n for n in dir(module) if not n.startswith("_")]):
            obj = getattr(module, name, None)
            if inspect.ismodule(obj) or not callable(obj):
                continue
            if not (getattr(obj, "__module__", None) or "gpuarray").startswith("gpuarray"):
                continue
            add(f"{namespace}.{name}", obj)
            if inspect.isclass(obj):
                for attr, value in vars(obj).items():
                    if (attr in ("__init__", "__call__") or not attr.startswith("_")) and callable(value):
                        add(f"{obj.__name__}.{attr}", getattr(obj, attr))
    return out


CALLABLES = _public_callables()


def _fails(obj):
    try:
        inspect.signature(obj)
    except (TypeError, ValueError):
        return True
    return False


def test_enumeration_covers_the_namespaces():
    assert len(CALLABLES) > 1000
    assert "gpuarray.add" in CALLABLES and "gpuarray.scipy.special.gamma" in CALLABLES
    assert "ndarray.astype" in CALLABLES and "MemoryPool.set_limit" in CALLABLES


def test_only_the_listed_callables_lack_a_signature():
    failing = {name.removeprefix("gpuarray.cuda.") for name, obj in CALLABLES.items() if _fails(obj)}
    assert failing == WITHOUT_SIGNATURE


@pytest.mark.parametrize("name", sorted(n for n in CALLABLES if n.removeprefix("gpuarray.cuda.") not in WITHOUT_SIGNATURE))
def test_signature_is_readable(name):
    assert inspect.signature(CALLABLES[name]) is not None


@pytest.mark.parametrize("cls, parameters", [
    (gpuarray.ndarray, ["shape", "dtype", "memptr", "strides", "order"]),
    (gpuarray.cuda.MemoryPool, ["allocator"]),
    (gpuarray.cuda.PinnedMemoryPool, ["allocator"]),
    (gpuarray.cuda.MemoryPointer, ["mem", "offset"]),
    (gpuarray.cuda.PinnedMemoryPointer, ["mem", "offset"]),
    (gpuarray.cuda.UnownedMemory, ["ptr", "size", "owner", "device_id"]),
])
def test_cpp_classes_show_their_bindings_arguments(cls, parameters):
    assert list(inspect.signature(cls).parameters) == parameters


def test_ndarray_signature_defaults_are_numpys():
    signature = inspect.signature(gpuarray.ndarray)
    assert signature.parameters["dtype"].default is float and signature.parameters["order"].default == "C"
    assert list(inspect.signature(numpy.ndarray).parameters)[:2] == ["shape", "dtype"]


@pytest.mark.parametrize("cls", [gpuarray.cuda.CUDARuntimeError, gpuarray.cuda.OutOfMemoryError,
                                 gpuarray.cuda.CompileException, jit.JitCompileError, scipy_linalg.LinAlgWarning,
                                 stats.SmallSampleWarning])
def test_exception_classes_take_args(cls):
    assert str(inspect.signature(cls)) == "(*args)"
    assert cls("message").args == ("message",)


@pytest.mark.parametrize("name", [n for n in jit.__all__ if isinstance(getattr(jit, n), type(jit.syncthreads))])
def test_jit_builtins_signature_is_their_docstrings_first_line(name):
    builtin = getattr(jit, name)
    assert inspect.getdoc(builtin).splitlines()[0] == f"{name}{inspect.signature(builtin)}".replace(
        "4294967295", "0xffffffff")


def test_is_available_is_a_function_with_a_signature():
    assert str(inspect.signature(gpuarray.cuda.is_available)) == "()"
    assert gpuarray.cuda.is_available is gpuarray.cuda.runtime.is_available
    assert isinstance(gpuarray.cuda.is_available(), bool)
