# SPDX-License-Identifier: BSD-3-Clause
"""bfloat16, ml_dtypes' type (Note [bfloat16] in cpp/core/dtype.hpp).

Without a GPU: the promotion and casting tables, loop resolution and every
bfloat16 kernel's compilation with NVRTC. On a GPU: creation, transfers,
casts, ufuncs, reductions, sorting, matmul and DLPack exchange with PyTorch,
against NumPy with ml_dtypes on the host."""
import numpy
import pytest

import gpuarray as xp
from gpuarray import _core
from test_elementwise_codegen import batched_sources, compile_all, nvrtc_options, operand  # noqa: F401 (a fixture)

ml_dtypes = pytest.importorskip("ml_dtypes", reason="bfloat16 is ml_dtypes' type")
BF16 = numpy.dtype(ml_dtypes.bfloat16)
NUMPY_DTYPES = [numpy.dtype(c) for c in "?bhilBHILefdFD"]
CASTINGS = ["no", "equiv", "safe", "same_kind", "unsafe"]
# Where gpuarray's casting table keeps NumPy's own rule for floats and ml_dtypes
# registered another: float16 and bfloat16 are both floats (same_kind), and
# complex to a real float is never same_kind.
CASTING_DIFFERENCES = {(BF16, numpy.dtype("e"), "same_kind"), (numpy.dtype("F"), BF16, "same_kind"),
                       (numpy.dtype("D"), BF16, "same_kind")}


def numpy_ufunc_result(name, dtypes):
    """The output dtypes NumPy with ml_dtypes gives, or None where it has no loop."""
    try:
        with numpy.errstate(all="ignore"):
            out = getattr(numpy, name)(*[numpy.ones(2, d) for d in dtypes])
    except TypeError:
        return None
    return [o.dtype for o in (out if isinstance(out, tuple) else (out,))]


def ufuncs_with_bfloat16_loops():
    return [n for n in _core._ufunc_names() if any("E" in t for t in _core._ufunc_info(n)["types"])]


def bits_equal(actual, expected):
    """Device and host bfloat16 arrays equal bit for bit (every NaN alike)."""
    a, e = numpy.asarray(actual), numpy.asarray(expected)
    assert a.dtype == e.dtype and a.shape == e.shape, (a.dtype, e.dtype, a.shape, e.shape)
    af, ef = a.astype(numpy.float32), e.astype(numpy.float32)
    same = (af.view(numpy.uint32) == ef.view(numpy.uint32)) | (numpy.isnan(af) & numpy.isnan(ef))
    assert same.all(), (a[~same], e[~same])


# ---- promotion, casting, resolution (no GPU) -------------------------------------

@pytest.mark.parametrize("other", NUMPY_DTYPES + [BF16], ids=str)
def test_promotion_is_what_numpy_ufuncs_give(other):
    for a, b in [(BF16, other), (other, BF16)]:
        assert _core._promote_types(a, b) == (numpy.ones(1, a) + numpy.ones(1, b)).dtype, (a, b)


def test_can_cast_matches_ml_dtypes_but_for_the_float_rules():
    wrong = {(a, b, c) for x in NUMPY_DTYPES + [BF16] for a, b in [(BF16, x), (x, BF16)] for c in CASTINGS
             if _core._can_cast(a, b, c) != numpy.can_cast(a, b, c)}
    assert wrong == CASTING_DIFFERENCES


def test_python_scalars_are_weak():
    assert _core._result_type([BF16, float]) == BF16  # NumPy with ml_dtypes: float32 (Note [bfloat16])
    assert _core._result_type([BF16, int]) == BF16
    assert _core._result_type([BF16, complex]) == numpy.dtype("F")
    assert _core._result_type([BF16, numpy.dtype("d")]) == numpy.dtype("d")
    assert xp.result_type(BF16, 1.0) == BF16 and xp.result_type(1, BF16) == BF16
    assert xp.result_type(BF16, numpy.int16) == numpy.float32 and xp.result_type(True, BF16) == BF16
    assert xp.result_type(numpy.float32, 1.0) == numpy.float32  # NumPy's own without bfloat16


def test_ufunc_types_leave_bfloat16_out_like_numpy():
    for name in ufuncs_with_bfloat16_loops():
        public = getattr(xp, name).types
        assert not [t for t in public if "E" in t], name
        engine = _core._ufunc_info(name)["types"]
        assert engine[:len(public)] == public  # NumPy's loops keep their indices


@pytest.mark.parametrize("name", ufuncs_with_bfloat16_loops())
def test_resolution_gives_numpys_result_dtypes(name):
    nin = _core._ufunc_info(name)["nin"]
    dtypes = [BF16, numpy.dtype("i")] if name == "ldexp" else [BF16] * nin  # ldexp's exponent is an integer
    loop = _core._ufunc_resolve(name, dtypes)
    assert loop is not None and "E" in loop.split("->")[0], loop
    expected = numpy_ufunc_result(name, dtypes)
    if name in ("degrees", "radians"):
        # ml_dtypes registers rad2deg and deg2rad but not these separate ufunc
        # objects, so NumPy computes them in float32; gpuarray's twin keeps bfloat16.
        assert expected == [numpy.dtype("f")] and loop == "E->E"
    elif expected is not None:
        assert [numpy.dtype(c) if c != "E" else BF16 for c in loop.split("->")[1]] == expected, (loop, expected)


@pytest.mark.parametrize("other", "?bBhiefdF")
def test_mixed_resolution_gives_numpys_result_dtype(other):
    other = numpy.dtype(other)
    for name in ["add", "multiply", "divide", "maximum", "arctan2", "hypot", "power"]:
        loop = _core._ufunc_resolve(name, [BF16, other])
        expected = numpy_ufunc_result(name, [BF16, other])
        if expected is None:  # arctan2 and hypot have no complex loop
            assert loop is None, (name, other)
            continue
        got = loop.split("->")[1]
        assert [BF16 if got == "E" else numpy.dtype(got)] == expected, (name, other, loop)


def test_every_bfloat16_loop_compiles(nvrtc_options):
    sources = {}
    for name in ufuncs_with_bfloat16_loops():
        info = _core._ufunc_info(name)
        for index, sig in enumerate(info["types"]):
            if "E" not in sig:
                continue
            ins, outs = sig.split("->")
            dtype = [BF16 if c == "E" else numpy.dtype(c) for c in ins + outs]
            op = _core._ufunc_loop_op(name, index, dtype[:len(ins)], dtype[len(ins):])
            ops = [operand((1000,), d) for d in dtype[:len(ins)]] + [operand((1000,), d, True) for d in dtype[len(ins):]]
            k = _core._elementwise_kernel(ops, *op)
            sources[k["kernel_name"]] = k["source"]
    assert len(sources) > 70
    compile_all(list(batched_sources(list(sources.values()), 40)), nvrtc_options + ["-fmad=false"])


def test_casts_to_and_from_every_dtype_compile(nvrtc_options):
    sources = []
    for other in NUMPY_DTYPES:
        for src, dst in [(BF16, other), (other, BF16)]:
            name, expression, _ = _core._cast_op(src, dst)
            assert "bfloat16" in name
            sources.append(_core._elementwise_kernel([operand((1000,), src), operand((1000,), dst, True)], name,
                                                     expression, "", [])["source"])
    compile_all(list(batched_sources(sources, 40)), nvrtc_options)


def test_kernel_names_tell_bfloat16_from_float16():
    a = _core._elementwise_kernel([operand((8,), BF16), operand((8,), BF16, True)], "k", "out0 = in0;", "", [])
    b = _core._elementwise_kernel([operand((8,), "e"), operand((8,), "e", True)], "k", "out0 = in0;", "", [])
    assert a["kernel_name"] != b["kernel_name"]
    assert "gpuarray/bfloat16.cuh" in a["source"] and "half.cuh" not in a["source"]


def test_gpuarray_names_the_type_and_its_limits():
    assert xp.bfloat16 is ml_dtypes.bfloat16
    assert "bfloat16" in dir(xp)
    assert float(xp.finfo(xp.bfloat16).eps) == 2.0 ** -7
    assert xp.finfo(numpy.float32) == numpy.finfo(numpy.float32)


def test_unsupported_ml_dtypes_are_refused_before_the_device():
    with pytest.raises(TypeError, match="does not support dtype float8_e4m3fn"):
        xp.empty(3, dtype=ml_dtypes.float8_e4m3fn)


# ---- on the device ---------------------------------------------------------------

EDGES = numpy.array([0.0, -0.0, 1.0, -1.5, 3.0e38, -3.0e38, 1e-40, -1e-39, 1.17e-38, numpy.inf, -numpy.inf,
                     numpy.nan, 0.1, 255.0, 256.0, 257.0, 1.0 + 2.0 ** -8 + 2.0 ** -30, 65504.0, 70000.0, -2.5],
                    numpy.float64)


@pytest.mark.gpu
def test_creation_and_transfers():
    host = EDGES.astype(BF16)
    a = xp.asarray(host)
    assert a.dtype == BF16 and a.itemsize == 2
    bits_equal(a.get(), host)
    bits_equal(xp.zeros((2, 3), BF16).get(), numpy.zeros((2, 3), BF16))
    bits_equal(xp.ones(4, dtype="bfloat16").get(), numpy.ones(4, BF16))
    bits_equal(xp.full(5, 1.0 + 2.0 ** -8 + 2.0 ** -30, dtype=BF16).get(),  # through float32, as ml_dtypes
               numpy.full(5, 1.0 + 2.0 ** -8 + 2.0 ** -30, dtype=BF16))
    bits_equal(xp.arange(0, 40, 0.75, dtype=BF16).get(), numpy.arange(0, 40, 0.75, dtype=BF16))
    bits_equal(xp.asarray([1.5, 2.25, -7.0], dtype=xp.bfloat16).get(), numpy.asarray([1.5, 2.25, -7.0], BF16))
    bits_equal(a[::-3].get(), host[::-3])
    bits_equal(xp.broadcast_to(a[:4], (3, 4)).copy().get(), numpy.broadcast_to(host[:4], (3, 4)))
    bits_equal(xp.asarray(host.reshape(4, 5)).T.copy().get(), host.reshape(4, 5).T)
    assert xp.empty((0, 2), BF16).get().dtype == BF16
    assert float(a[2]) == 1.0
    assert "bfloat16" in repr(a)
    a[0] = 2.5
    assert float(a[0]) == 2.5


@pytest.mark.gpu
@pytest.mark.parametrize("other", NUMPY_DTYPES, ids=str)
def test_casts_both_ways(other):
    values = EDGES if other.kind in "fc" else numpy.array([0, 1, -1, 3.7, -3.7, 100, 127.5, 255.0, 300.0], numpy.float64)
    if other.kind in "ub":
        values = numpy.abs(values)
    if other.kind in "iub":
        values = values[numpy.isfinite(values) & (numpy.abs(values) < numpy.iinfo(other).max if other.kind != "b"
                                                  else True)]
    host = values.astype(BF16)
    bits_equal(xp.asarray(host).astype(other).get().astype(BF16) if other.kind == "c" else
               xp.asarray(host).astype(other).get().astype(numpy.float64).astype(BF16),
               host.astype(other).astype(BF16) if other.kind == "c" else
               host.astype(other).astype(numpy.float64).astype(BF16))
    source = values.astype(other) if other.kind != "c" else (values + 1j).astype(other)
    with numpy.errstate(all="ignore"):
        bits_equal(xp.asarray(source).astype(BF16).get(), source.astype(BF16))


EXACT_UNARY = ["negative", "positive", "absolute", "fabs", "floor", "ceil", "trunc", "rint", "square",
               "sqrt", "reciprocal", "spacing", "isnan", "isinf", "isfinite", "signbit"]
EXACT_BINARY = ["add", "subtract", "multiply", "divide", "maximum", "minimum", "fmax", "fmin", "copysign",
                "nextafter", "equal", "less", "greater_equal", "not_equal", "floor_divide", "remainder", "fmod",
                "heaviside"]
CLOSE_UNARY = ["exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin", "cos", "tan", "arctan", "sinh",
               "tanh", "arcsinh", "cbrt", "deg2rad", "rad2deg"]
CLOSE_BINARY = ["power", "arctan2", "hypot", "logaddexp", "logaddexp2"]


def operands(n):
    rng = numpy.random.default_rng(7)
    x = numpy.concatenate([EDGES, rng.standard_normal(200) * 10.0]).astype(BF16)
    y = numpy.concatenate([EDGES[::-1], rng.standard_normal(200) * 3.0]).astype(BF16)
    return [x, y][:n]


@pytest.mark.gpu
@pytest.mark.parametrize("name", EXACT_UNARY + EXACT_BINARY)
def test_exact_ufuncs_bit_for_bit(name):
    f = getattr(numpy, name)
    hosts = operands(f.nin)
    with numpy.errstate(all="ignore"):
        expected = f(*hosts)
    actual = getattr(xp, name)(*[xp.asarray(h) for h in hosts])
    if expected.dtype == BF16:
        bits_equal(actual.get(), expected)
    else:
        numpy.testing.assert_array_equal(actual.get(), expected)


@pytest.mark.gpu
def test_sign_of_negative_zero_is_numpys():
    """NumPy's sign(-0.0) is +0.0 for every float type; ml_dtypes gives -0.0 for bfloat16.
    gpuarray keeps NumPy's rule, which its float16 and float32 loops follow."""
    host = operands(1)[0]
    bits_equal(xp.sign(xp.asarray(host)).get(), numpy.sign(host.astype(numpy.float32)).astype(BF16))


@pytest.mark.gpu
@pytest.mark.parametrize("name", CLOSE_UNARY + CLOSE_BINARY)
def test_transcendental_ufuncs_within_one_ulp(name):
    f = getattr(numpy, name)
    hosts = operands(f.nin)
    with numpy.errstate(all="ignore"):
        expected = f(*hosts)
    actual = getattr(xp, name)(*[xp.asarray(h) for h in hosts]).get()
    assert actual.dtype == expected.dtype == BF16
    a, e = actual.astype(numpy.float64), expected.astype(numpy.float64)
    finite = numpy.isfinite(e)
    assert (numpy.isnan(a) == numpy.isnan(e)).all(), name
    assert (a[numpy.isinf(e)] == e[numpy.isinf(e)]).all(), name
    # One bfloat16 ulp: both round a float32 result, whose libm values differ in the last float bits.
    numpy.testing.assert_allclose(a[finite], e[finite], rtol=2.0 ** -7, atol=1e-38)


@pytest.mark.gpu
def test_python_scalars_keep_bfloat16():
    a = xp.asarray(numpy.array([1.0, 2.0, 3.0], BF16))
    assert (a * 0.5).dtype == BF16 and (a + 2).dtype == BF16 and (a + 1j).dtype == numpy.complex64
    bits_equal((a * 0.1).get(), (numpy.array([1.0, 2.0, 3.0], BF16).astype(numpy.float32) *
                                 numpy.float32(0.1).astype(BF16).astype(numpy.float32)).astype(BF16))
    assert (a + xp.ones(3, numpy.int16)).dtype == numpy.float32
    assert (a + xp.ones(3, numpy.float16)).dtype == numpy.float32
    assert (a + xp.ones(3, numpy.int8)).dtype == BF16


@pytest.mark.gpu
@pytest.mark.parametrize("axis", [None, 0, 1])
def test_reductions(axis):
    rng = numpy.random.default_rng(3)
    host = (rng.standard_normal((64, 33)) * 4).astype(BF16)
    a = xp.asarray(host)
    for name in ["max", "min", "argmax", "argmin"]:
        numpy.testing.assert_array_equal(getattr(xp, name)(a, axis=axis).get() if axis is not None else
                                         numpy.asarray(getattr(xp, name)(a, axis=axis).get()),
                                         getattr(numpy, name)(host, axis=axis))
    exact = host.astype(numpy.float64)
    for name, ref in [("sum", exact.sum(axis=axis)), ("mean", exact.mean(axis=axis))]:
        r = getattr(xp, name)(a, axis=axis)
        assert r.dtype == getattr(numpy, name)(host, axis=axis).dtype == BF16
        # Summed in float32 and rounded once: within one bfloat16 ulp of the exact value.
        numpy.testing.assert_allclose(numpy.asarray(r.get()).astype(numpy.float64), ref, rtol=2.0 ** -7,
                                      atol=2.0 ** -15 * float(numpy.abs(exact).sum()))
    c = xp.cumsum(a, axis=axis)
    assert c.dtype == BF16
    numpy.testing.assert_allclose(c.get().astype(numpy.float64), numpy.cumsum(exact, axis=axis),
                                  rtol=2.0 ** -6, atol=0.5)
    assert bool(xp.any(a > 0)) and not bool(xp.all(a > 100))


@pytest.mark.gpu
def test_sort_argsort_and_unique_with_nan_and_signed_zeros():
    host = numpy.array([3.0, numpy.nan, -0.0, 0.0, -numpy.inf, 1.5, numpy.inf, -2.0, numpy.nan, 1.5], BF16)
    a = xp.asarray(host)
    # NumPy's sort of ml_dtypes' bfloat16 misplaces NaNs (its comparison is not a total order), so
    # the reference is float32's order, which bfloat16 values keep exactly.
    # -0.0 and 0.0 are equal keys, so their order (and which one unique keeps) is not compared.
    exact = host.astype(numpy.float32)
    numpy.testing.assert_array_equal(xp.sort(a).get().astype(numpy.float32), numpy.sort(exact))
    numpy.testing.assert_array_equal(exact[xp.argsort(a, kind="stable").get()], exact[numpy.argsort(exact, kind="stable")])
    numpy.testing.assert_array_equal(xp.unique(a).get().astype(numpy.float32), numpy.unique(exact))


@pytest.mark.gpu
@pytest.mark.parametrize("shape", [((64, 48), (48, 40)), ((3, 17, 9), (9, 5)), ((8,), (8, 3))])
def test_matmul_through_cublas(shape):
    rng = numpy.random.default_rng(5)
    ha = rng.standard_normal(shape[0]).astype(BF16)
    hb = rng.standard_normal(shape[1]).astype(BF16)
    r = xp.matmul(xp.asarray(ha), xp.asarray(hb))
    # bfloat16 out, as PyTorch and JAX give (NumPy with ml_dtypes has no bfloat16 matmul loop and
    # gives float32); accumulated in float32 by cuBLAS.
    assert r.dtype == BF16
    exact = ha.astype(numpy.float64) @ hb.astype(numpy.float64)
    scale = numpy.abs(ha.astype(numpy.float64)) @ numpy.abs(hb.astype(numpy.float64))
    assert (numpy.abs(r.get().astype(numpy.float64) - exact) <= 2.0 ** -8 * numpy.abs(exact) + 1e-5 * scale).all()
    assert (xp.asarray(ha) @ xp.asarray(hb)).dtype == BF16


@pytest.mark.gpu
def test_dlpack_with_pytorch_both_ways():
    torch = pytest.importorskip("torch", reason="PyTorch is not installed")
    t = torch.linspace(-3, 3, 11, dtype=torch.bfloat16, device="cuda")
    g = xp.from_dlpack(t)
    assert g.dtype == BF16 and g.data.ptr == t.data_ptr()
    bits_equal(g.get(), t.float().cpu().numpy().astype(BF16))
    back = torch.from_dlpack(g * 2)
    assert back.dtype == torch.bfloat16
    assert torch.equal(back, t * 2)
    cai = g.__cuda_array_interface__
    assert cai["typestr"] == "<V2"  # NumPy's own typestr for ml_dtypes' bfloat16: DLPack is the way to exchange
    with pytest.raises(TypeError, match="has no gpuarray dtype"):
        xp.asarray(type("Exporter", (), {"__cuda_array_interface__": cai})())


# Array functions written in Python over the engine, on bfloat16 data: the same
# dtype as NumPy with ml_dtypes gives and values within a bfloat16 rounding or two.
FUNCTIONS = {
    "linspace": lambda m, a: m.linspace(0, 10, 7, dtype=BF16),
    "var": lambda m, a: m.var(a, axis=0),
    "std": lambda m, a: m.std(a),
    "clip": lambda m, a: m.clip(a, -1, 1),
    "where": lambda m, a: m.where(a > 0, a, 0),
    "concatenate": lambda m, a: m.concatenate([a, a[::-1]]),
    "stack": lambda m, a: m.stack([a, a], axis=1),
    "isclose": lambda m, a: m.isclose(a, a[::-1]),
    "nanmax": lambda m, a: m.nanmax(a, axis=1),
    "nansum": lambda m, a: m.nansum(a, axis=0),
    "median": lambda m, a: m.median(a, axis=0),
    "diff": lambda m, a: m.diff(a, axis=1),
    "cumprod": lambda m, a: m.cumprod(a[:3] / 4, axis=0),
    "dot": lambda m, a: m.dot(a[0], a[1]),
    "round": lambda m, a: m.round(a, 1),
    "flip_roll": lambda m, a: m.roll(m.flip(a, 0), 3),
    "take": lambda m, a: m.take(a, [5, 0, 3], axis=1),
    "nonzero": lambda m, a: m.nonzero(a > 1)[1],
    "count_nonzero": lambda m, a: m.count_nonzero(a > 0),
    "tril": lambda m, a: m.tril(a),
    "maximum_reduce": lambda m, a: m.maximum.reduce(a, axis=1),
}


@pytest.mark.gpu
@pytest.mark.parametrize("name", FUNCTIONS)
def test_array_functions_on_bfloat16(name):
    host = (numpy.random.default_rng(11).standard_normal((6, 8)) * 2).astype(BF16)
    f = FUNCTIONS[name]
    with numpy.errstate(all="ignore"):
        expected = numpy.asarray(f(numpy, host))
    actual = f(xp, xp.asarray(host))
    actual = numpy.asarray(actual.get() if hasattr(actual, "get") else actual)
    if name == "clip":  # ml_dtypes has no clip loop (NumPy falls back to float32); gpuarray's twin keeps bfloat16
        expected = expected.astype(BF16)
    assert actual.dtype == expected.dtype, (actual.dtype, expected.dtype)
    assert actual.shape == expected.shape
    if expected.dtype.kind in "biu":
        numpy.testing.assert_array_equal(actual, expected)
    else:
        numpy.testing.assert_allclose(actual.astype(numpy.float64), expected.astype(numpy.float64),
                                      rtol=2.0 ** -6, atol=2.0 ** -6)
