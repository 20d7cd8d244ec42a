# SPDX-License-Identifier: BSD-3-Clause
"""`inspect.signature` of every public callable (issue #32): the functions,
classes and class methods of each public namespace, so that help(), IDEs and
Sphinx show real parameters. Device-free."""
import doctest
import importlib
import inspect
import pathlib
import re

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

# Methods bound in C++ whose docstrings start with a text signature
# (cpp/bindings/method_docs.hpp, Note [Text signatures]): an engine built
# before that header has pybind11's own first line, which inspect cannot read.
TEXT_SIGNED = {
    "ndarray.reshape", "ndarray.transpose", "ndarray.copy", "ndarray.sum", "ndarray.prod",
    "MemoryPointer.__init__", "MemoryPointer.copy_from_device", "MemoryPointer.copy_from_device_async",
    "MemoryPointer.copy_from_host", "MemoryPointer.copy_from_host_async", "MemoryPointer.copy_to_host",
    "MemoryPointer.copy_to_host_async", "MemoryPointer.copy_from", "MemoryPointer.copy_from_async",
    "MemoryPointer.memset", "MemoryPointer.memset_async",
    "MemoryPool.__init__", "MemoryPool.malloc", "MemoryPool.free_all_blocks", "MemoryPool.n_free_blocks",
    "MemoryPool.used_bytes", "MemoryPool.free_bytes", "MemoryPool.total_bytes", "MemoryPool.get_limit",
    "PinnedMemoryPointer.__init__", "PinnedMemoryPointer.size",
    "PinnedMemoryPool.__init__", "PinnedMemoryPool.malloc", "PinnedMemoryPool.free_all_blocks",
    "PinnedMemoryPool.n_free_blocks", "UnownedMemory.__init__", "Function.__call__",
}
ENGINE_HAS_TEXT_SIGNATURES = gpuarray.ndarray.copy.__text_signature__ is not None
# Without a signature for good: BaseMemory, PinnedMemory and Function have no
# constructor (the runtime makes them), and ndarray.__init__'s default dtype
# (the class float) cannot be written in a text signature, whose defaults must
# be literals; inspect.signature(ndarray) gives it (its __signature__).
WITHOUT_SIGNATURE = {"BaseMemory", "PinnedMemory", "Function", "ndarray.__init__"} | (
    set() if ENGINE_HAS_TEXT_SIGNATURES else TEXT_SIGNED)
needs_rebuilt_engine = pytest.mark.skipif(not ENGINE_HAS_TEXT_SIGNATURES,
                                          reason="the engine predates cpp/bindings/method_docs.hpp")


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


# method_docs.hpp (ndarray, kernels), memory_pointer_docs.hpp, memory_pool_docs.hpp.
HEADERS = sorted((pathlib.Path(__file__).resolve().parents[2] / "cpp" / "bindings").glob("*_docs.hpp"))
_DOC = re.compile(r'inline constexpr const char\* (\w+) = R"doc\((.*?)\)doc";', re.S)


def _header_docs():
    """{C++ name: text} of the docstrings in the bindings' *_docs.hpp headers."""
    return {name: text for header in HEADERS for name, text in _DOC.findall(header.read_text())}


def test_header_docstrings_start_with_a_text_signature():
    """What CPython needs to read a builtin's signature (Note [Text
    signatures]), checked on the header itself, so that it holds before the
    engine is rebuilt: "name(...)\\n--\\n\\n", parameters inspect can parse,
    `self` written out (not `$self`), and NumPy's sections documenting exactly
    those parameters."""
    docs = _header_docs()
    assert len(docs) == len(TEXT_SIGNED)  # one text each (RawKernel.__call__ shares Function.__call__'s)
    stand_in = gpuarray.ndarray.__dict__["_astype"]  # any pybind11 builtin: what inspect parses against
    for cpp_name, text in docs.items():
        first, marker, body = text.partition("\n--\n\n")
        assert marker, cpp_name
        name, _, parameters = first.partition("(")
        assert cpp_name.endswith(name.strip("_")) or name == "__call__" or name == "__init__", cpp_name
        assert "$" not in parameters, cpp_name
        signature = inspect._signature_fromstr(inspect.Signature, stand_in, "(" + parameters, False)
        names = [("*" if p.kind == p.VAR_POSITIONAL else "") + p.name for p in signature.parameters.values()]
        assert names[0] == "self", cpp_name
        sections = dict(re.findall(r"^(\w[\w ]*)\n-{3,}\n(.*?)(?=^\w[\w ]*\n-{3,}$|\Z)", body, re.M | re.S))
        needed = {"See Also", "Examples"} | ({"Parameters"} if len(names) > 1 else set()) | (
            set() if name == "__init__" else {"Returns"})
        assert needed <= set(sections), f"{cpp_name}: no {needed - set(sections)}"
        documented = [line.split(" : ")[0] for line in sections.get("Parameters", "").splitlines()
                      if line and not line[0].isspace()]
        assert documented == names[1:], cpp_name
        assert sections["Examples"].lstrip().startswith(">>> import") or "from gpuarray import cuda" in \
            sections["Examples"], cpp_name


@needs_rebuilt_engine
@pytest.mark.parametrize("name", sorted(TEXT_SIGNED))
def test_cpp_methods_carry_the_headers_docstrings(name):
    """After the rebuild, each method's __doc__ is its header text without
    the signature lines (checked above), and its signature starts at self."""
    cls_name, method_name = name.split(".")
    method = getattr(getattr(gpuarray.cuda, cls_name, None) or getattr(gpuarray, cls_name), method_name)
    assert list(inspect.signature(method).parameters)[0] == "self", name
    bodies = {text.partition("\n--\n\n")[2].strip() for text in _header_docs().values()}
    assert inspect.getdoc(method).strip() in bodies, name


def _empty_array():
    """A 0-element array over a null pointer: made without a device."""
    pointer = gpuarray.cuda.MemoryPointer(gpuarray.cuda.UnownedMemory(0, 0, None, 0), 0)
    return gpuarray.ndarray((0,), numpy.float32, pointer), pointer


@needs_rebuilt_engine
def test_bound_cpp_methods_drop_only_self():
    a, pointer = _empty_array()
    assert str(inspect.signature(gpuarray.ndarray.copy)) == "(self, /, order='C')"
    assert str(inspect.signature(a.copy)) == "(order='C')"
    assert str(inspect.signature(a.reshape)) == "(*shape, order='C', copy=None)"
    assert str(inspect.signature(a.transpose)) == "(*axes)"
    assert list(inspect.signature(a.sum).parameters) == ["axis", "dtype", "out", "keepdims", "initial", "where"]
    assert str(inspect.signature(pointer.copy_from_host_async)) == "(mem, size, stream=None)"
    assert str(inspect.signature(gpuarray.cuda.MemoryPool().malloc)) == "(size)"


def test_cpp_methods_keep_their_keywords():
    """The text signatures name the bindings' keywords (checked on calls that
    need no device)."""
    a, pointer = _empty_array()
    assert a.reshape(shape=(0, 1), order="F").shape == (0, 1)
    assert a.transpose().shape == (0,)
    pointer.memset(value=0, size=0)
    pointer.copy_from_host(mem=b"", size=0)


@pytest.mark.gpu
@needs_rebuilt_engine
@pytest.mark.parametrize("name", sorted(TEXT_SIGNED))
def test_cpp_method_examples_run(name):
    cls_name, method_name = name.split(".")
    method = getattr(getattr(gpuarray.cuda, cls_name, None) or getattr(gpuarray, cls_name), method_name)
    test = doctest.DocTestParser().get_doctest(inspect.getdoc(method), {}, name, None, 0)
    runner = doctest.DocTestRunner(verbose=False)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0 and result.failed == 0, f"{result.failed} examples of {name} failed (see stdout)"


def test_python_wrappers_show_their_parameters():
    """Module functions and methods made by wrapping another callable carry
    its signature, not ``(*args, **kwargs)``."""
    assert str(inspect.signature(gpuarray.random.normal)) == str(
        inspect.signature(gpuarray.random.RandomState.normal)).replace("(self, ", "(")
    assert list(inspect.signature(gpuarray.random.rand).parameters) == ["size", "dtype"]
    assert list(inspect.signature(gpuarray.ndarray.max).parameters) == [
        "self", "axis", "out", "keepdims", "initial", "where"]
    assert list(inspect.signature(gpuarray.ndarray.mean).parameters) == [
        "self", "axis", "dtype", "out", "keepdims", "where"]
    assert str(inspect.signature(gpuarray.ndarray.fill)) == "(self, value)"


def test_no_public_callable_takes_only_args_and_kwargs():
    """``(*args, **kwargs)`` tells a reader nothing. Left: constructors that
    refuse every call or forward NumPy's own ``*args`` form, and fuse, which is
    CuPy's ``fuse(*args, **kwargs)`` (a decorator with or without arguments)."""
    allowed = {"BaseMemory.__init__", "Function.__init__", "PinnedMemory.__init__", "broadcast.__init__",
               "flatiter.__init__", "gpuarray.broadcast", "gpuarray.flatiter", "gpuarray.fuse",
               "vectorize.__call__"}
    vague = set()
    for name, obj in CALLABLES.items():
        try:
            parameters = [p for p in inspect.signature(obj).parameters.values() if p.name != "self"]
        except (TypeError, ValueError):
            continue
        kinds = {p.kind for p in parameters}
        if inspect.Parameter.VAR_KEYWORD in kinds and kinds <= {inspect.Parameter.VAR_POSITIONAL,
                                                               inspect.Parameter.VAR_KEYWORD}:
            vague.add(name.removeprefix("gpuarray.cuda.") if name.startswith("gpuarray.cuda.") and
                      name.count(".") > 2 else name)
    assert vague <= allowed, sorted(vague - allowed)


def test_is_available_is_a_function_with_a_signature():
    assert str(inspect.signature(gpuarray.cuda.is_available)) == "()"
    assert gpuarray.cuda.is_available is gpuarray.cuda.runtime.is_available
    assert isinstance(gpuarray.cuda.is_available(), bool)
