# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.jit without a device: translation to CUDA C++, NumPy's type rules,
where the source comes from (files, nested functions, closures, exec'd code,
IPython-style cells), errors at the user's line, and NVRTC compiling the
generated code of every builtin for sm_90."""
import inspect
import linecache
import math
import re

import numpy as np
import pytest

import gpuarray
from gpuarray import jit
from gpuarray.cuda import compiler
from gpuarray.jit import _kernel, _math
from fake_memory import fake_array

F32_1D = (np.float32, 1)
ELF_MAGIC = b"\x7fELF"
HERE = __file__


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("GPUARRAY_CACHE_DIR", str(tmp_path / "kernel-cache"))
    compiler._reset_cache()
    yield
    compiler._reset_cache()


def line_of(func, text):
    """The file line of `func`'s source holding `text`."""
    lines, first = inspect.getsourcelines(func)
    for k, line in enumerate(lines):
        if text in line:
            return first + k
    raise AssertionError(text)


# --- The kernel object ---------------------------------------------------------------------

@jit.rawkernel()
def axpy(a, x, y, out):
    i = jit.grid(1)
    if i < x.size:
        out[i] = a * x[i] + y[i]


def test_namespace():
    assert gpuarray.jit is jit
    assert callable(gpuarray.vectorize)
    assert set(jit.__all__) <= set(dir(jit))
    for name in ("threadIdx", "grid", "shared_memory", "atomic_add", "shfl_down_sync", "rawkernel", "JitError"):
        assert name in jit.__all__


def test_translation_of_axpy():
    code = axpy.translate(np.float32, F32_1D, F32_1D, F32_1D)
    assert code.startswith("#include <gpuarray/jit.cuh>")
    assert ('extern "C" __global__ void axpy(float a, float* _ga_x_data, long long _ga_x_shape0, '
            'long long _ga_x_stride0,') in code
    assert "const ga::jit::Array<float, 1> x{_ga_x_data, {_ga_x_shape0}, {_ga_x_stride0}};" in code
    assert "out(i) = ((a * x(i)) + y(i));" in code
    assert "gpuarray/half.cuh" not in code
    assert axpy.cached_code == code


def test_one_translation_per_signature():
    @jit.rawkernel()
    def copy(x, y):
        y[jit.grid(1)] = x[jit.grid(1)]
    with pytest.raises(RuntimeError, match="not been translated"):
        copy.cached_code
    a = copy.translate(F32_1D, F32_1D)
    b = copy.translate((np.float64, 1), (np.int8, 1))
    assert a != b and "signed char" in b and "Array<double, 1>" in b
    assert copy.cached_code == b
    assert len(copy.cached_codes) == 2
    assert copy.translate(F32_1D, F32_1D) is a   # from the per-signature cache
    assert copy.cached_code == a


def test_argument_types_from_values():
    @jit.rawkernel()
    def k(x, n, f, b, s):
        x_data = n + f + b + s   # no clash with the array's own parameters
        x[0] = x_data
    host_array = np.zeros(3, np.float32)
    with pytest.raises(TypeError, match="host memory"):
        k.translate(host_array, 1, 1.0, True, np.int16(3))
    code = k.translate((np.float64, 1), 1, 1.0, True, np.int16(3))
    assert "long long n, double f, bool b, short s" in code
    with pytest.raises(TypeError, match="not an argument kernels take"):
        k.translate((np.float64, 1), "text", 1.0, True, 1)
    with pytest.raises(jit.JitError, match="complex128 is not supported"):
        k.translate((np.complex128, 1), 1, 1.0, True, 1)


def test_decorator_forms_and_repr():
    def f(x):
        x[0] = 1
    assert isinstance(jit.rawkernel(f), jit.JitKernel)
    assert isinstance(jit.rawkernel()(f), jit.JitKernel)
    assert "device function" in repr(jit.rawkernel(device=True)(f))
    assert jit.rawkernel()(f).__name__ == "f"
    with pytest.raises(ValueError, match="mode='cuda'"):
        jit.rawkernel(mode="cpu")
    with pytest.raises(TypeError, match="Python function"):
        jit.rawkernel()(len)


def test_builtins_refuse_host_calls():
    with pytest.raises(RuntimeError, match="only be called inside"):
        jit.syncthreads()
    with pytest.raises(RuntimeError, match="only be called inside"):
        jit.grid(1)
    device = jit.rawkernel(device=True)(lambda x: x)
    with pytest.raises(RuntimeError, match="device function"):
        device((1,), (1,), (1,))
    with pytest.raises(TypeError, match="device function"):
        device.translate(1)


def test_launch_refuses_bad_arguments_before_the_device():
    with pytest.raises(TypeError, match="args must be a tuple"):
        axpy(1, 1, 3)
    with pytest.raises(TypeError, match="kernel\\[...\\] takes grid, block"):
        axpy[1]
    with pytest.raises(TypeError, match="host memory"):
        axpy[1, 1](np.float32(1), np.zeros(3, np.float32), np.zeros(3, np.float32), np.zeros(3, np.float32))


# --- Types ---------------------------------------------------------------------------------

TYPES = ["bool", "int8", "uint8", "int16", "int32", "uint32", "int64", "uint64", "float16", "float32", "float64"]
OPERATORS = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b, "/": lambda a, b: a / b,
             "//": lambda a, b: a // b, "%": lambda a, b: a % b, "**": lambda a, b: a ** b,
             "&": lambda a, b: a & b, "<": lambda a, b: a < b, "==": lambda a, b: a == b,
             "max": lambda a, b: max(a, b), "ternary": lambda a, b: a if a > b else b}


def numpy_result(op, d1, d2):
    with np.errstate(all="ignore"):
        return op(np.ones(1, d1), np.ones(1, d2)).dtype if op not in (OPERATORS["max"], OPERATORS["ternary"]) \
            else np.result_type(d1, d2)


@pytest.mark.parametrize("symbol", list(OPERATORS))
def test_binary_result_types_are_numpys(symbol):
    op = OPERATORS[symbol]
    v = gpuarray.vectorize(op)
    checked = 0
    for d1 in TYPES:
        for d2 in TYPES:
            try:
                want = numpy_result(op, d1, d2)
            except TypeError:
                with pytest.raises(jit.JitError):
                    v._kernel_source([None, None], [np.dtype(d1), np.dtype(d2)])
                continue
            out_params = v._kernel_source([None, None], [np.dtype(d1), np.dtype(d2)])[1]
            assert out_params == f"{want.name} out0", (symbol, d1, d2)
            checked += 1
    assert checked > 50


@pytest.mark.parametrize("dtype", TYPES)
@pytest.mark.parametrize("constant", [2, 2.5, True, -1])
def test_python_scalars_are_weak(dtype, constant):
    v = gpuarray.vectorize(lambda a: a * constant)
    try:
        with np.errstate(all="ignore"):
            want = (np.ones(1, dtype) * constant).dtype
    except (TypeError, OverflowError):
        with pytest.raises(jit.JitError):
            v._kernel_source([None], [np.dtype(dtype)])
        return
    assert v._kernel_source([None], [np.dtype(dtype)])[1] == f"{want.name} out0"


@pytest.mark.parametrize("name", ["sqrt", "exp", "log", "sin", "arctan2", "hypot", "floor", "isnan", "absolute",
                                  "maximum", "power", "square", "fmod", "copysign"])
@pytest.mark.parametrize("dtype", ["int8", "int32", "uint16", "float16", "float32", "float64", "bool"])
def test_math_result_types_are_numpys(name, dtype):
    ufunc = getattr(np, name)
    if ufunc.nin == 1:
        v = gpuarray.vectorize(lambda a: ufunc(a))
        operands = [np.dtype(dtype)]
    else:
        v = gpuarray.vectorize(lambda a, b: ufunc(a, b))
        operands = [np.dtype(dtype)] * 2
    try:
        want = ufunc.resolve_dtypes(tuple(operands) + (None,))[-1]
    except TypeError:
        with pytest.raises(jit.JitError):
            v._kernel_source([None] * len(operands), operands)
        return
    assert v._kernel_source([None] * len(operands), operands)[1] == f"{want.name} out0"


def test_math_module_functions_follow_the_ufunc():
    v = gpuarray.vectorize(lambda a: math.sqrt(a) + math.floor(a) + math.pi)
    assert v._kernel_source([None], [np.dtype("float32")])[1] == "float32 out0"
    assert v._kernel_source([None], [np.dtype("int32")])[1] == "float64 out0"


def test_constants_fold_as_python():
    n = 10
    v = gpuarray.vectorize(lambda a: a + n // 3 * 2 ** 3 + (n > 3))
    source = v._kernel_source([None], [np.dtype("int16")])
    assert source[1] == "int16 out0"
    # (a + 24) + True: Python folds the constants it can, left to right; bool is a bool.
    assert "(a + static_cast<short>(24))" in source[3] and "static_cast<short>(1)" in source[3]


# --- Names: closures, globals, dtypes, nested and exec'd functions -----------------------

SCALE = 3
GLOBAL_DTYPE = np.float32
COEFFICIENTS = (1.0, -2.0, 0.5)


def test_closures_and_globals_are_constants():
    block = 64
    flag = False

    @jit.rawkernel()
    def k(x):
        s = jit.shared_memory(GLOBAL_DTYPE, block * 2)
        i = jit.grid(1)
        total = GLOBAL_DTYPE(0)
        for c in COEFFICIENTS:
            total = total * x[i] + c
        if flag:
            total = total * 1000
        s[i % block] = total * SCALE
        x[i] = s[i % block]
    code = k.translate(F32_1D)
    assert "__shared__ float _ga_shared1[128];" in code
    assert "1000" not in code            # a closure flag known at translation drops the branch
    assert code.count("total = ((total * x(i)) + ") == 3   # the tuple loop is unrolled
    assert "3.0f" in code                 # SCALE, weak, becomes float32


def test_nested_function_and_device_function_from_closure():
    def make(offset):
        @jit.rawkernel(device=True)
        def shift(v):
            return v + offset

        def helper(v):   # a plain Python function is a device function too
            return shift(v) * 2

        @jit.rawkernel()
        def k(x):
            i = jit.grid(1)
            x[i] = helper(x[i])
        return k
    code = make(5).translate((np.int32, 1))
    assert re.search(r"__device__ int shift_\d+\(int v\)", code)
    assert re.search(r"__device__ int helper_\d+\(int v\)", code)
    assert "(v + 5)" in code


def test_exec_code_needs_its_source_registered():
    source = "def from_exec(x):\n    i = jit.grid(1)\n    x[i] = x[i] + 1\n"
    namespace = {"jit": jit}
    exec(compile(source, "<from-exec-unregistered>", "exec"), namespace)
    k = jit.rawkernel()(namespace["from_exec"])
    with pytest.raises(jit.JitError, match="register_source") as info:
        k.translate(F32_1D)
    assert "<from-exec-unregistered>" in str(info.value)
    jit.register_source(source, "<from-exec-registered>")
    exec(compile(source, "<from-exec-registered>", "exec"), namespace)
    assert "x(i) = (x(i) + 1.0f);" in jit.rawkernel()(namespace["from_exec"]).translate(F32_1D)


def test_ipython_cell_sources_are_found_through_linecache():
    # IPython and Jupyter register each cell's text under the cell's file name.
    cell = "import numpy\n\n@jit.rawkernel()\ndef cell_kernel(x):\n    x[jit.grid(1)] = numpy.float32(2)\n"
    filename = "<ipython-input-7-0123456789ab>"
    linecache.cache[filename] = (len(cell), None, cell.splitlines(True), filename)
    try:
        namespace = {"jit": jit}
        exec(compile(cell, filename, "exec"), namespace)
        assert "x(((static_cast<long long>(blockIdx.x)" in namespace["cell_kernel"].translate(F32_1D)
    finally:
        del linecache.cache[filename]


def test_register_source_checks_its_arguments():
    with pytest.raises(TypeError):
        jit.register_source(b"text", "<x>")


# --- Errors at the user's line ------------------------------------------------------------

def translate_error(kernel, *types):
    with pytest.raises(jit.JitError) as info:
        kernel.translate(*types)
    return info.value


def test_type_mismatch_names_the_line_and_the_variable():
    @jit.rawkernel()
    def summed(x, out):
        acc = 0
        for i in range(x.size):
            acc += x[i]
        out[0] = acc
    e = translate_error(summed, F32_1D, F32_1D)
    assert isinstance(e, TypeError)
    line = line_of(summed.__wrapped__, "acc += x[i]")
    assert str(e).startswith(f"{HERE}:{line}: in function 'summed': type mismatch: variable 'acc' is int64")
    assert f"first assigned at line {line - 2}" in str(e)
    assert str(e).rstrip().endswith("acc += x[i]")
    assert e.location.line == line and e.location.filename == HERE


@pytest.mark.parametrize("body, message", [
    ("    with open('f') as f:\n        pass\n", "With statements are not supported"),
    ("    try:\n        x[0] = 1\n    except Exception:\n        pass\n", "Try statements are not supported"),
    ("    x[0:2] = 1\n", "slice assignment"),
    ("    y = x[1:]\n", "slicing"),
    ("    y = 'text'\n", "constant 'text'"),
    ("    y = undefined_name\n", "name 'undefined_name' is not defined"),
    ("    x[0] = y\n    y = 1\n", "variable 'y' is used before it is assigned"),
    ("    y = [v for v in range(3)]\n", "ListComp"),
    ("    y = x[0, 1]\n", "takes 1 indices, got 2"),
    ("    y = x.transpose\n", "not 'transpose'"),
    ("    jit.atomic_inc(x, 0, 1)\n", "atomic_inc is not available for float32"),
    ("    jit.shared_memory(numpy.float32, x.size)\n", "size must be an integer known"),
    ("    jit.grid(4)\n", "ndim must be 1, 2 or 3"),
    ("    jit.syncthreads(1)\n", "takes 0 arguments"),
    ("    return 1\n", "a kernel cannot return a value"),
    ("    y = 1 if x[0] else x\n", "must be a scalar"),
    ("    for v in x:\n        pass\n", "for loops in kernels iterate over range"),
    ("    for v in range(3):\n        pass\n    else:\n        pass\n", "for ... else"),
    ("    y = x[0] is None\n", "comparison Is"),
    ("    y = x[0] @ x[1]\n", "operator MatMult"),
    ("    y = len(3)\n", "len() of"),
    ("    y = print(x)\n", "cannot be called in kernels"),
    ("    y = 1\n    y = x\n", "cannot be assigned 1-d float32 array"),
    ("    y = numpy.int32(1)\n    y = y * 1.5\n", "type mismatch: variable 'y' is int32"),
    ("    y = numpy.bool_(True) - numpy.bool_(False)\n", "boolean subtract"),
    ("    y = numpy.int8(1) + 300\n", "out of bounds for int8"),
])
def test_errors_point_at_the_users_line(body, message):
    source = f"def bad(x):\n    i = 0\n{body}"
    filename = f"<errors-{abs(hash(body))}>"
    jit.register_source(source, filename)
    namespace = {"jit": jit, "numpy": np}
    exec(compile(source, filename, "exec"), namespace)
    e = translate_error(jit.rawkernel()(namespace["bad"]), F32_1D)
    assert message in str(e)
    assert str(e).startswith(f"{filename}:"), str(e)
    assert e.location.line >= 3
    quoted = source.splitlines()[e.location.line - 1].strip()
    assert str(e).rstrip().endswith(quoted)


def test_recursion_and_kernel_calls_are_refused():
    @jit.rawkernel(device=True)
    def forever(v):
        return forever(v)

    @jit.rawkernel()
    def calls_recursive(x):
        x[0] = forever(x[0])
    assert "recursion is not supported" in str(translate_error(calls_recursive, F32_1D))

    @jit.rawkernel()
    def calls_kernel(x):
        axpy(x[0], x, x, x)
    assert "kernels cannot be called from kernels" in str(translate_error(calls_kernel, F32_1D))


def test_device_function_errors_point_into_the_device_function():
    @jit.rawkernel(device=True)
    def broken(v):
        return v.nothing

    @jit.rawkernel()
    def k(x):
        x[0] = broken(x[0])
    e = translate_error(k, F32_1D)
    assert e.location.function == "broken"
    assert e.location.line == line_of(broken.__wrapped__, "return v.nothing")


def test_nvrtc_errors_show_the_generated_and_the_python_line(cache_dir, monkeypatch):
    # The translator emits no code NVRTC refuses; a broken function name stands in for a bug.
    monkeypatch.setitem(_math._UNARY, "sqrt", "no_such_sqrt")

    @jit.rawkernel()
    def roots(x):
        i = jit.grid(1)
        x[i] = np.sqrt(x[i])
    with pytest.raises(jit.JitCompileError) as info:
        roots.compile((np.float64, 1), arch="sm_90")
    e = info.value
    assert isinstance(e, compiler.CompileException)
    text = str(e)
    assert "no_such_sqrt" in e.log and e.source == roots.cached_code
    match = re.search(r"generated line (\d+): (.*)\n    from (.*):(\d+): (.*)", text)
    assert match, text
    generated = roots.cached_code.splitlines()[int(match.group(1)) - 1].strip()
    assert match.group(2) == generated and "no_such_sqrt" in generated
    assert match.group(3) == HERE and int(match.group(4)) == line_of(roots.__wrapped__, "np.sqrt(x[i])")
    assert match.group(5) == "x[i] = np.sqrt(x[i])"


# --- The launch path, with arrays over made-up addresses -----------------------------------

class RecordingRawKernel:
    """Stands in for gpuarray.RawKernel: compiles for sm_90 and records each launch."""
    launches = []

    def __init__(self, code, name):
        self.code, self.name = code, name
        compiler.compile_with_cache(code, arch="sm_90")

    def __call__(self, grid, block, args, shared_mem=0, stream=None):
        self.launches.append((self.name, grid, block, list(args), shared_mem, stream))


def test_launch_passes_pointer_shape_and_strides(cache_dir, monkeypatch):
    monkeypatch.setattr(_kernel, "RawKernel", RecordingRawKernel)
    RecordingRawKernel.launches.clear()

    @jit.rawkernel()
    def k(x, y, a, b):
        i, j = jit.grid(2)
        y[i] = x[i, j] * a + b
    x, _ = fake_array((4, 6), np.float32)
    xt = x.T
    y, _ = fake_array((10,), np.float64, strides=(-8,), offset=72)
    k[(2, 3), (16, 16)](xt, y, np.float32(2), 3)
    k((1,), (32,), (x, y, np.float32(1), 4), shared_mem=128, stream="s")
    (name, grid, block, args, shared, stream), second = RecordingRawKernel.launches
    assert (name, grid, block, shared, stream) == ("k", (2, 3), (16, 16), 0, None)
    assert args[0] is xt and args[1:5] == [6, 4, 4, 24]
    assert args[5] is y and args[6:8] == [10, -8]
    assert args[8] == np.float32(2) and args[9] == 3
    assert second[4:] == (128, "s") and second[3][1:5] == [4, 6, 24, 4]
    assert len(k.cached_codes) == 1   # both launches share one signature: one translation
    with pytest.raises(jit.JitError, match="takes 4 arguments, got 3"):
        k[1, 1](x, y, 1)


class ForeignArray:
    """Another library's device array: only __cuda_array_interface__ (version 3)."""

    def __init__(self, shape, typestr, strides=None):
        self.__cuda_array_interface__ = {"shape": shape, "typestr": typestr, "strides": strides,
                                         "data": (0x7F0000001000, False), "version": 3}


def test_foreign_arrays_pass_their_interface(cache_dir, monkeypatch):
    monkeypatch.setattr(_kernel, "RawKernel", RecordingRawKernel)
    RecordingRawKernel.launches.clear()

    @jit.rawkernel()
    def k(x, y):
        i, j = jit.grid(2)
        x[i, j] = y[j, i]
    contiguous = ForeignArray((3, 5), "<f8")
    strided = ForeignArray((5, 3), "<f8", strides=(8, 40))
    k[1, 32](contiguous, strided)
    args = RecordingRawKernel.launches[-1][3]
    assert args[0] is contiguous and args[1:5] == [3, 5, 40, 8]   # C-contiguous strides computed
    assert args[5] is strided and args[6:10] == [5, 3, 8, 40]
    assert "Array<double, 2>" in k.cached_code


def test_annotations_declare_a_variables_type():
    @jit.rawkernel()
    def k(x):
        acc: np.float32 = 0
        total: np.int16
        total = 3
        for i in range(x.size):
            acc += x[i]
        x[0] = acc + total
    code = k.translate(F32_1D)
    assert "float acc;" in code and "short total;" in code and "acc = 0.0f;" in code

    source = 'def named(x):\n    y: "uint8" = 300 - 45\n    x[0] = y\n'
    jit.register_source(source, "<annotation-by-name>")
    namespace = {}
    exec(compile(source, "<annotation-by-name>", "exec"), namespace)
    assert "unsigned char y;" in jit.rawkernel()(namespace["named"]).translate(F32_1D)

    @jit.rawkernel()
    def bad(x):
        y: len = 1
        x[0] = y
    with pytest.raises(jit.JitError, match="annotation of 'y' must be a dtype"):
        bad.translate(F32_1D)
