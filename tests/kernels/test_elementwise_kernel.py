# SPDX-License-Identifier: BSD-3-Clause
"""ElementwiseKernel (CuPy's API). Without a GPU: parameter parsing, type
placeholders, the generated ops, NVRTC compilation of them, and runs of the
generated kernels on the host. With one (marked `gpu`): calls against NumPy."""
import numpy as np
import pytest

import gpuarray
from gpuarray import _core
from gpuarray import ElementwiseKernel as EK
from test_elementwise_codegen import compile_all, nvrtc_options, run_kernels_on_host  # noqa: F401 (a fixture)

gpu = pytest.mark.gpu

SQUARED_DIFF = ("float32 x, float32 y", "float32 z", "z = (x - y) * (x - y)", "squared_diff")
SQUARED_DIFF_T = ("T x, T y", "T z", "z = (x - y) * (x - y)", "squared_diff_generic")
ADD_REVERSE = ("T x, raw T y", "T z", "z = x + y[_ind.size() - i - 1]", "add_reverse")


# ---- parameters -----------------------------------------------------------------

def test_parameters_parse_as_cupy_does():
    k = EK("float32 x, raw T y, int64 n,bool b", "T z, raw uint8 w", "z = y[i]", "k")
    assert [(p.name, p.dtype, p.ctype, p.raw, p.is_const) for p in k.in_params] == [
        ("x", np.float32, "float32", False, True), ("y", None, "T", True, True),
        ("n", np.int64, "int64", False, True), ("b", np.bool_, "bool", False, True)]
    assert [(p.name, p.dtype, p.raw, p.is_const) for p in k.out_params] == [("z", None, False, False),
                                                                           ("w", np.uint8, True, False)]
    assert (k.nin, k.nout, k.nargs, k.name, k.__name__) == (4, 2, 6, "k", "k")
    assert (k.reduce_dims, k.no_return, k.return_tuple) == (True, False, False)
    assert EK("", "int32 y", "y = i").in_params == ()


def test_type_names_are_numpy_dtype_names_and_one_character_is_a_placeholder():
    k = EK("float a, double b, int c, f4 d, complex128 e, f f", "U y", "y = a")
    assert [p.dtype for p in k.in_params] == [np.float64, np.float64, np.int64, np.float32, np.complex128, None]
    assert k.in_params[5].ctype == "f" and k.out_params[0].ctype == "U"


@pytest.mark.parametrize("args,error,match", [
    (("float32", "float32 y", "y = 1"), ValueError, "Syntax error"),
    (("float32 x,", "float32 y", "y = x"), ValueError, "Syntax error"),
    (("const float32 x", "float32 y", "y = x"), ValueError, 'Unknown keyword "const"'),
    (("float32 i", "float32 y", "y = i"), ValueError, "Can not use 'i'"),
    (("Tx x", "float32 y", "y = x"), TypeError, "not understood"),
    (("object x", "float32 y", "y = x"), TypeError, "does not support dtype"),
    (("float32 x", "float32 y", "y = x", "bad-name"), ValueError, "Invalid kernel name"),
    (("float32 x", "float32 y", "y = x", "1k"), ValueError, "Invalid kernel name"),
])
def test_parameter_errors(args, error, match):
    with pytest.raises(error, match=match):
        EK(*args)


def test_options():
    k = EK("T x", "T y", "y = x * SCALE", options=("-DSCALE=3", "--define-macro=FLAG", "-std=c++14",
                                                    "--use_fast_math"))
    preamble = k._op(["f4", "f4"], "aa", False)["preamble"]
    assert "#define SCALE 3\n#define FLAG 1\n" in preamble
    with pytest.raises(ValueError, match="compile option '-G'"):
        EK("T x", "T y", "y = x", options=("-G",))
    with pytest.raises(ValueError, match="c\\+\\+20"):
        EK("T x", "T y", "y = x", options="-std=c++20")


# ---- types ----------------------------------------------------------------------

def test_placeholders_are_bound_by_arrays_outputs_first():
    k = EK("T x, T y, U s", "T z", "z = x + y + s")
    assert k._resolve(["f4", "f4", "i2"], None) == ["f4", "f4", "i2", "f4"]
    assert k._resolve(["f8", "f8", "u1"], ["f8"]) == ["f8", "f8", "u1", "f8"]
    # Scalars (None) bind nothing: y takes T from x, s must come from an array.
    assert k._resolve(["c8", None, "?"], None) == ["c8", "c8", "?", "c8"]
    with pytest.raises(TypeError, match="Type is mismatched. y: got float64, but type placeholder T is float32"):
        k._resolve(["f4", "f8", "i2"], None)
    with pytest.raises(TypeError, match="Type is mismatched. x: got float32, but type placeholder T is float64"):
        k._resolve(["f4", "f4", "i2"], ["f8"])  # the output bound T first
    with pytest.raises(TypeError, match="placeholder U of 's' is not bound"):
        k._resolve(["f4", "f4", None], None)


def test_typed_parameters_take_exactly_their_dtype():
    k = EK(*SQUARED_DIFF)
    assert k._resolve([None, None], None) == ["f4"] * 3
    with pytest.raises(TypeError, match="Type is mismatched. y: got float64, the kernel declares float32"):
        k._resolve(["f4", "f8"], None)
    with pytest.raises(TypeError, match="Type is mismatched. z: got int32"):
        k._resolve(["f4", "f4"], ["i4"])


# ---- generated ops --------------------------------------------------------------

def test_squared_diff_op():
    op = EK(*SQUARED_DIFF)._op(["f4", "f4", "f4"], "aaa", False)
    assert op["name"] == "squared_diff" and op["preamble"] == ""
    assert op["expression"] == ("const auto& ga_in0 = in0; const auto& ga_in1 = in1; auto& ga_out0 = out0; \n{\n"
                                "const float& x = ga_in0;\nconst float& y = ga_in1;\nfloat& z = ga_out0;\n"
                                "{\nz = (x - y) * (x - y)\n;\n}\n}")
    assert not op["reads_outputs"] and not op["uses_index"]


def test_placeholders_are_typedefs_before_the_preamble():
    k = EK("T x, U n", "T y", "y = twice(x) + n", preamble="__device__ T twice(T v) { return v + v; }")
    op = k._op(["f8", "i4", "f8"], "asa", False)
    assert op["preamble"].endswith("typedef double T;\ntypedef int U;\n__device__ T twice(T v) { return v + v; }")
    assert "const int n = ga_s0;" in op["expression"]


def test_raw_parameters_and_the_indexer():
    op = EK(*ADD_REVERSE)._op(["i2", "i2", "i2"], "ara", False)
    e = op["expression"]
    assert "const ga_user_raw<const short> y{reinterpret_cast<const short*>(ga_s0), ga_s1};" in e
    assert "const ga_user_indexer _ind{ga_s2};" in e
    assert "struct ga_user_raw" in op["preamble"] and op["uses_index"]
    out = EK("raw T x", "raw T y", "y[i] = x[i]")._op(["F", "F"], "rr", True)
    assert "const ga_user_raw<ga::complex<float>> y{reinterpret_cast<ga::complex<float>*>(ga_s2), ga_s3};" in \
        out["expression"]
    # A raw complex array is no operand: the op includes the type's header itself.
    assert '#include "gpuarray/complex.cuh"' in out["preamble"] and "_ind" not in out["expression"]
    assert not out["reads_outputs"]  # raw outputs are written in place


def test_given_outputs_are_read_and_allocated_ones_are_not():
    k = EK("T x", "T y", "y += x")
    assert k._op(["f4", "f4"], "aa", True)["reads_outputs"]
    assert not k._op(["f4", "f4"], "aa", False)["reads_outputs"]


def test_index_and_indexer_are_found_as_tokens():
    assert not EK("T x", "T y", "y = x; // idx")._op(["f4", "f4"], "aa", False)["uses_index"]
    assert EK("T x", "T y", "y = x + IDX", preamble="#define IDX i")._op(["f4", "f4"], "aa", False)["uses_index"]
    assert "_ind{" in EK("T x", "T y", "y = x / N", loop_prep="long long N = _ind.size()")._op(
        ["f4", "f4"], "aa", False)["expression"]


def test_ops_are_cached_per_signature_and_deterministic():
    k = EK(*SQUARED_DIFF_T)
    a = k._op(["f4"] * 3, "aaa", False)
    assert k._op(["f4"] * 3, "aaa", False) == a == EK(*SQUARED_DIFF_T)._op(["f4"] * 3, "aaa", False)
    hashes = {a["hash"], k._op(["f8"] * 3, "aaa", False)["hash"], k._op(["f4"] * 3, "asa", False)["hash"],
              k._op(["f4"] * 3, "aaa", True)["hash"]}
    assert len(hashes) == 4


# ---- host runs and NVRTC --------------------------------------------------------

def scalar(dtype, value):
    return (np.dtype(dtype), np.asarray(value, dtype).tobytes())


def host_kernel(k, args, outs, outputs_given=True, size=None):
    """The engine kernel for a call of `k` on host arrays, with the operands and scalars laid
    out as Note [User elementwise kernels] says (raw arrays as C-contiguous copies).
    Returns (kernel dict, arrays to keep alive)."""
    in_dtypes = [a.dtype if isinstance(a, np.ndarray) else None for a in args]
    dtypes = k._resolve(in_dtypes, [o.dtype for o in outs] if outputs_given else None)
    kinds, operands, scalars, keep, shapes = "", [], [], [], []
    for p, a, dt, out in zip(k.in_params + k.out_params, list(args) + outs, dtypes,
                             [False] * k.nin + [True] * k.nout):
        if not isinstance(a, np.ndarray):
            kinds += "s"
            scalars.append(scalar(dt, a))
        elif p.raw:
            kinds += "r"
            assert not out or a.flags.c_contiguous
            keep.append(np.ascontiguousarray(a))
            scalars += [scalar("u8", keep[-1].ctypes.data), scalar("i8", a.size)]
        else:
            kinds += "a"
            operands.append((a.shape, a.strides, a.dtype, a.ctypes.data, out))
            shapes.append(a.shape)
    op = k._op(dtypes, kinds, outputs_given)
    numel = size if size is not None else int(np.prod(np.broadcast_shapes(*shapes)))
    if "ga_user_indexer _ind" in op["expression"]:
        scalars.append(scalar("i8", numel))
    if not operands:
        keep.append(np.zeros(1, np.uint8))
        operands.append(((numel,), (0,), np.dtype(np.uint8), keep[-1].ctypes.data, False))
    return _core._elementwise_kernel(operands, op["name"], op["expression"], op["preamble"], scalars, 132,
                                     op["reads_outputs"], op["uses_index"]), keep


def host_cases():
    """(name, kernel, args, outputs, outputs_given, size, expected outputs)."""
    rng = np.random.default_rng(3)
    f = rng.standard_normal((5, 6)).astype(np.float32)
    g = rng.standard_normal(6).astype(np.float32)
    d = rng.standard_normal((4, 7))
    n = rng.integers(-50, 50, (3, 5)).astype(np.int32)
    z = (rng.standard_normal(9) + 1j * rng.standard_normal(9)).astype(np.complex64)
    y0 = rng.standard_normal((5, 6)).astype(np.float32)
    return [
        ("squared_diff_broadcast", EK(*SQUARED_DIFF), [f, g], [np.zeros((5, 6), np.float32)], False, None,
         [(f - g) * (f - g)]),
        ("generic_float64", EK(*SQUARED_DIFF_T), [d, d[::-1]], [np.zeros((4, 7))], False, None, [(d - d[::-1]) ** 2]),
        ("generic_int32_scalar", EK(*SQUARED_DIFF_T), [n, 7], [np.zeros((3, 5), np.int32)], False, None,
         [(n - 7) * (n - 7)]),
        ("add_reverse_strided_raw", EK(*ADD_REVERSE), [d[:, 1], d[::-1, 3]], [np.zeros(4)], False, None,
         [d[:, 1] + d[::-1, 3][::-1]]),
        ("index_into_transposed_output", EK("T x", "int64 y", "y = i * 10 + (long long)x"),
         [n.T], [np.zeros((3, 5), np.int64).T], True, None, [np.arange(15).reshape(5, 3) * 10 + n.T]),
        ("accumulate_given_output", EK("T x", "T y", "y += x"), [f], [y0.copy()], True, None, [y0 + f]),
        ("conditional_write_keeps_old", EK("T x", "T y", "if (x > 0) y = x"), [f], [y0.copy()], True, None,
         [np.where(f > 0, f, y0)]),
        ("two_outputs_and_a_scalar", EK("T x, T a", "T s, T p", "s = x + a; p = x * a"), [d, 2.5],
         [np.zeros_like(d), np.zeros_like(d)], False, None, [d + 2.5, d * 2.5]),
        ("raw_only_with_size", EK("raw T x", "raw T y", "y[i] = x[x.size() - 1 - i] * 2"), [g],
         [np.zeros(6, np.float32)], True, 6, [g[::-1] * 2]),
        ("complex", EK("T x", "T y", "y = x * x + T(1, 0)"), [z], [np.zeros_like(z)], False, None, [z * z + 1]),
        ("engine_names_as_parameters", EK("T in1, T in0, T s0", "T out0", "out0 = (in1 - in0) * s0"),
         [f, g, 3.0], [np.zeros((5, 6), np.float32)], False, None, [(f - g) * np.float32(3)]),
        ("preamble_uses_placeholder",
         EK("T x", "T y", "y = twice(x)", preamble="__device__ T twice(T v) { return v + v; }"),
         [d], [np.zeros_like(d)], False, None, [d + d]),
        ("loop_prep_and_after_loop", EK("T x", "raw T total", "acc += x", "partial_sums",
                                        loop_prep="T acc = 0", after_loop="atomicAdd(&total[0], acc)"),
         [n], [np.zeros(1, np.int32)], True, None, [np.array([n.sum()], np.int32)]),
        ("define_option_and_a_trailing_comment",
         EK("T x", "T y", "y = x * SCALE  // from -D", options=("-DSCALE=3",)), [n],
         [np.zeros_like(n)], False, None, [n * 3]),
    ]


# Stand-in for the device built-in, so after_loop's atomics run on the host.
HOST_ATOMICS = "template <typename T> T atomicAdd(T* p, T v) { T old = *p; *p += v; return old; }"


@pytest.fixture(scope="module")
def host_runs(tmp_path_factory):
    cases = host_cases()
    built = [host_kernel(k, args, outs, given, size) for _, k, args, outs, given, size, _ in cases]
    run_kernels_on_host(tmp_path_factory.mktemp("user_elementwise"), [k for k, _ in built], HOST_ATOMICS)
    return {name: (outs, want, k) for (name, _, _, outs, _, _, want), (k, _) in zip(cases, built)}


@pytest.mark.parametrize("name", [c[0] for c in host_cases()])
def test_generated_kernels_compute_what_numpy_computes(host_runs, name):
    outs, want, _ = host_runs[name]
    for got, expected in zip(outs, want):
        if got.dtype.kind in "fc":
            np.testing.assert_allclose(got, expected, rtol=1e-6)
        else:
            np.testing.assert_array_equal(got, expected)


def test_host_runs_cover_the_plan_kinds(host_runs):
    assert host_runs["index_into_transposed_output"][2]["kind"] == "strided"
    assert host_runs["squared_diff_broadcast"][2]["kind"] == "strided"
    assert host_runs["accumulate_given_output"][2]["kind"] == "contiguous"
    assert host_runs["raw_only_with_size"][2]["broadcast"] == [True]  # the placeholder operand


def test_generated_kernels_compile_with_nvrtc(host_runs, nvrtc_options):
    sources = [k["source"] for _, _, k in host_runs.values()]
    f16 = EK("T x, raw T r, T a", "T y", "y = x * a + r[i % r.size()]")
    sources.append(host_kernel(f16, [np.ones(8, np.float16), np.ones(3, np.float16), 2.0],
                               [np.zeros(8, np.float16)], False)[0]["source"])
    flag = EK("bool m, T x", "T y", "y = m ? x : -x")
    sources.append(host_kernel(flag, [np.ones(4, bool), np.ones((3, 4), np.int8)], [np.zeros((3, 4), np.int8)],
                               True)[0]["source"])
    compile_all(sources, nvrtc_options + ["-fmad=false"])


def test_calls_fail_before_the_device_is_needed():
    k = EK(*SQUARED_DIFF)
    with pytest.raises(TypeError, match="Wrong number of arguments for 'squared_diff'. It must be either 2 or 3"):
        k(1.0)
    with pytest.raises(TypeError, match="unsupported argument type numpy.ndarray"):
        k(np.zeros(3, np.float32), 1.0)
    with pytest.raises(ValueError, match="Loop size is undecided"):
        k(1.0, 2.0)
    with pytest.raises(ValueError, match="block_size must be greater than zero"):
        k(1.0, 2.0, block_size=0)
    with pytest.raises(TypeError):
        k(1.0, 2.0, out=None)
    with pytest.raises(ValueError, match="size must be non-negative"):
        EK("float32 x", "raw float32 y", "y[i] = x")(1.0, size=-2)


# ---- on a device ----------------------------------------------------------------

def dev(a):
    return gpuarray.asarray(a)


@gpu
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int32, np.uint8, np.complex64, np.float16])
def test_generic_kernel_against_numpy(dtype):
    rng = np.random.default_rng(0)
    if np.dtype(dtype).kind in "iu":
        x, y = rng.integers(0, 40, (6, 7)).astype(dtype), rng.integers(0, 40, 7).astype(dtype)
    else:
        x, y = rng.standard_normal((6, 7)).astype(dtype), rng.standard_normal(7).astype(dtype)
    got = EK(*SQUARED_DIFF_T)(dev(x), dev(y))
    assert got.dtype == dtype and got.shape == (6, 7) and got._c_contiguous
    np.testing.assert_allclose(got.get(), (x - y) * (x - y), rtol=1e-3 if dtype == np.float16 else 1e-6)


@gpu
def test_squared_diff_layouts_and_scalars():
    rng = np.random.default_rng(1)
    base = rng.standard_normal((8, 10)).astype(np.float32)
    dbase = dev(base)
    k = EK(*SQUARED_DIFF)
    cases = [(dbase, base, dbase[0], base[0]),                                   # broadcast row
             (dbase[::-1, ::2], base[::-1, ::2], dbase[:, 1::2], base[:, 1::2]),  # negative and gapped strides
             (dbase.T, base.T, dbase[::-1].T, base[::-1].T),                     # transposed
             (dbase.T, base.T, 0.5, 0.5),                                         # a Python scalar
             (np.float32(2), np.float32(2), dbase[:, :1], base[:, :1])]           # a NumPy scalar
    for dx, x, dy, y in cases:
        np.testing.assert_allclose(k(dx, dy).get(), (x - y) * (x - y), rtol=1e-6)


@gpu
def test_given_outputs_are_returned_and_read():
    x = np.arange(12.0).reshape(3, 4)
    y = np.ones((3, 4))
    dy = dev(y)
    k = EK("T x", "T y", "y += x")
    assert k(dev(x), dy) is dy
    np.testing.assert_array_equal(dy.get(), y + x)
    wide = EK("T x", "T y", "y = x")(dev(x[0]), dev(np.zeros((3, 4))))  # inputs broadcast to given outputs
    np.testing.assert_array_equal(wide.get(), np.broadcast_to(x[0], (3, 4)))
    strided = dev(np.zeros((3, 8)))[:, ::2]
    EK("T x", "T y", "if (x > 4) y = x")(dev(x), strided)
    np.testing.assert_array_equal(strided.get(), np.where(x > 4, x, 0))


@gpu
def test_raw_arrays_index_and_size():
    x = np.arange(10.0)
    y = np.arange(20.0)[::-2]
    got = EK(*ADD_REVERSE)(dev(x), dev(np.arange(20.0))[::-2])
    np.testing.assert_array_equal(got.get(), x + y[::-1])
    dbl = EK("raw T x", "raw T y", "y[i] = x[i] * 2")
    out = dbl(dev(x), size=10)
    np.testing.assert_array_equal(out.get(), x * 2)
    given = dev(np.zeros(20))[::2]  # not contiguous: written through a copy
    assert dbl(dev(x), given, size=10) is given
    np.testing.assert_array_equal(given.get(), x * 2)
    idx = EK("", "int64 y", "y = i")(size=5)
    np.testing.assert_array_equal(idx.get(), np.arange(5))


@gpu
def test_index_is_the_c_order_position():
    out = dev(np.zeros((4, 6), np.int64)).T
    EK("T x", "int64 y", "y = i + (long long)x * 0")(dev(np.zeros((6, 4))), out)
    np.testing.assert_array_equal(out.get(), np.arange(24).reshape(6, 4))


@gpu
def test_returns_and_scalar_conversion():
    x = np.arange(6, dtype=np.int16)
    k = EK("T x, float32 a", "T s, float32 p", "s = x + (T)a; p = x * a")
    for a in (1.5, np.float64(1.5)):  # scalars take the parameter's type
        s, p = k(dev(x), a)
        np.testing.assert_array_equal(s.get(), x + 1)
        np.testing.assert_array_equal(p.get(), x * np.float32(1.5))
    (only,) = EK("T x", "T y", "y = x", return_tuple=True)(dev(x))
    assert only.shape == (6,)
    assert EK("T x", "T y", "y = x", no_return=True)(dev(x)) is None
    assert EK("T x", "T y", "y = x * a", preamble="#define a 2")(dev(x)).get().tolist() == (x * 2).tolist()
    with pytest.raises(OverflowError):
        EK("T x, int8 a", "T y", "y = x + a")(dev(x), 300)


@gpu
def test_loop_prep_after_loop_and_stream():
    x = np.arange(1000, dtype=np.int32)
    total = dev(np.zeros(1, np.int32))
    stream = gpuarray.cuda.Stream()
    EK("T x", "raw T total", "acc += x", loop_prep="T acc = 0", after_loop="atomicAdd(&total[0], acc)")(
        dev(x), total, stream=stream)
    stream.synchronize()
    assert total.get()[0] == x.sum()


@gpu
def test_empty_and_zero_d():
    k = EK(*SQUARED_DIFF_T)
    assert k(dev(np.zeros((0, 3))), dev(np.zeros(3))).shape == (0, 3)
    assert k(dev(np.array(3.0)), 1.0).get() == 4.0


@gpu
def test_call_errors():
    k = EK(*SQUARED_DIFF)
    a = dev(np.zeros((2, 3), np.float32))
    with pytest.raises(TypeError, match="Type is mismatched"):
        k(a, dev(np.zeros(3)))
    with pytest.raises(TypeError, match="Type is mismatched"):
        EK(*SQUARED_DIFF_T)(a, dev(np.zeros(3)))
    with pytest.raises(ValueError, match="Out shape is mismatched"):
        k(a, a, dev(np.zeros((3,), np.float32)))
    with pytest.raises(ValueError, match="could not be broadcast"):
        k(a, dev(np.zeros(4, np.float32)))
    with pytest.raises(ValueError, match="Specified 'size' can be used only"):
        k(a, a, size=6)
    with pytest.raises(ValueError, match="Output array size is Undecided"):
        EK("T x", "raw T y", "y[i] = x")(a)
    with pytest.raises(TypeError, match="Output arguments type must be gpuarray.ndarray"):
        k(a, a, 1.0)
    with pytest.raises(TypeError, match="not bound"):
        EK("T x, U y", "T z", "z = x + y")(a, 1)
    with pytest.raises(gpuarray.cuda.CompileException):
        EK("T x", "T y", "y = undefined_name(x)")(a)
    with pytest.raises(gpuarray.cuda.CompileException):
        EK("T x", "T y", "y = (no_such_type)x")(a)
