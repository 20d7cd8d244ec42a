# SPDX-License-Identifier: BSD-3-Clause
"""The arithmetic ufunc table (cpp/kernels/ufuncs_arithmetic.cpp), checked
without a GPU: its rows are NumPy's (arity, identity, loops in order); every
loop compiles with NVRTC for sm_90 without warnings; and every loop, compiled
as host C++ through the same generated source and run on the CPU over edge
values of its dtypes, gives NumPy's result for that loop."""
import os

import numpy as np
import pytest

from gpuarray import _core
from test_elementwise_codegen import (PACKAGE_INCLUDE, compile_all, nvrtc_options,  # noqa: F401 (a fixture)
                                      operand, run_kernels_on_host, batched_sources)

NAMES = """add subtract multiply divide floor_divide remainder fmod divmod power float_power negative positive
    absolute fabs sign reciprocal conjugate square equal not_equal less less_equal greater greater_equal
    logical_and logical_or logical_xor logical_not bitwise_and bitwise_or bitwise_xor invert left_shift
    right_shift maximum minimum fmax fmin rint floor ceil trunc gcd lcm heaviside copysign nextafter spacing
    signbit isfinite isinf isnan ldexp frexp modf bitwise_count""".split()
GPU_CHARS = set("?bhilqBHILQefdFD")
INTEGER_CHARS = "bhilBHIL"


def numpy_loops(ufunc):
    """NumPy's loops over gpuarray's dtypes, in NumPy's order; a 'q'/'Q' loop
    only where no 'l'/'L' loop spells the same one."""
    kept = [t for t in ufunc.types if set(t.replace("->", "")) <= GPU_CHARS]
    return [t for t in kept if not (set(t) & set("qQ")) or normalized(t) not in kept]


def normalized(sig):
    return sig.replace("q", "l").replace("Q", "L")


def reorderable(ufunc):
    """Whether NumPy reduces over several axes at once (ReorderableNone when it has no identity)."""
    try:
        ufunc.reduce(np.ones((2, 2), ufunc.types[-1][0]), axis=(0, 1))
        return True
    except (ValueError, TypeError):
        return False


def numpy_identity(ufunc):
    if ufunc.identity is None:
        return "reorderable_none" if ufunc.nin == 2 and reorderable(ufunc) else "none"
    return {0: "zero", 1: "one", -1: "minus_one"}[ufunc.identity]  # True is 1, False is 0


def all_loops():
    """(ufunc name, loop index, NumPy's signature) of every loop."""
    return [(name, i, sig) for name in NAMES for i, sig in enumerate(numpy_loops(getattr(np, name)))]


def loop_op(name, index, sig):
    ins, outs = sig.split("->")
    return _core._ufunc_loop_op(name, index, [np.dtype(c) for c in ins], [np.dtype(c) for c in outs])


def numpys_types(name):
    """The table's loops but the bfloat16 twins, which follow them (Note [bfloat16])."""
    return [t for t in _core._ufunc_info(name)["types"] if "E" not in t]


# ---- the table ------------------------------------------------------------------

@pytest.mark.parametrize("name", NAMES)
def test_rows_are_numpys(name):
    ufunc = getattr(np, name)
    assert ufunc.__name__ == name
    info = _core._ufunc_info(name)
    info["types"] = numpys_types(name)
    assert (info["nin"], info["nout"]) == (ufunc.nin, ufunc.nout)
    assert info["identity"] == numpy_identity(ufunc)
    assert info["types"] == [normalized(t) for t in numpy_loops(ufunc)]


def test_table_holds_these_ufuncs_once():
    names = _core._ufunc_names()
    assert all(names.count(n) == 1 for n in NAMES)
    assert not {"true_divide", "mod", "isnat"} & set(names)  # NumPy 2's divide; an alias; no datetimes


def test_loop_counts():
    counts = {name: len(numpys_types(name)) for name in NAMES}
    assert sum(counts.values()) == len(all_loops()) == 605  # bitwise_count added 8
    assert counts["add"] == 14 and counts["equal"] == 16 and counts["power"] == 16 and counts["ldexp"] == 6


# ---- NVRTC ----------------------------------------------------------------------

def test_every_loop_compiles(nvrtc_options):
    sources = {}
    for name, index, sig in all_loops():
        ins, outs = sig.split("->")
        ops = [operand((1000,), c) for c in ins] + [operand((1000,), c, True) for c in outs]
        k = _core._elementwise_kernel(ops, *loop_op(name, index, sig))
        sources[k["kernel_name"]] = k["source"]  # a duplicate loop (power's second 'ff->f') is the same kernel
    # Kernels of the same headers together: the integer ones include neither half.cuh nor complex.cuh,
    # so ufunc_arith.cuh is shown to compile on its own.
    groups = {}
    for src in sources.values():
        groups.setdefault(("half.cuh" in src, "complex.cuh" in src), []).append(src)
    batches = [b for group in groups.values() for b in batched_sources(group, 40)]
    compile_all(batches, nvrtc_options + ["-fmad=false"])


def test_loops_in_a_type_no_operand_has_compile(nvrtc_options):
    """signbit of uint8 runs the float16 loop, multiply of float32 with
    dtype=complex64 into float32 the complex one: the kernel's operands bring
    neither header, so the op must (it did not: compile error on a GPU)."""
    sources = {}
    for name, index, sig in all_loops():
        ins, outs = sig.split("->")
        if not {"e", "F", "D"} & set(sig):
            continue
        # Operand dtypes of another kind than the loop's: cast in and out.
        stand_in = {"e": "B", "F": "f", "D": "d"}
        in_dtypes = [stand_in.get(c, c) for c in ins]
        out_dtypes = ["?" if c == "?" else "d" if c in "eFD" else c for c in outs]
        ops = [operand((1000,), c) for c in in_dtypes] + [operand((1000,), c, True) for c in out_dtypes]
        op = _core._ufunc_loop_op(name, index, [np.dtype(c) for c in in_dtypes], [np.dtype(c) for c in out_dtypes])
        k = _core._elementwise_kernel(ops, *op)
        sources[k["kernel_name"]] = k["source"]
    assert len(sources) > 100
    compile_all(batched_sources(list(sources.values()), 40), nvrtc_options + ["-fmad=false"])


def test_header_includes_nothing():
    with open(os.path.join(PACKAGE_INCLUDE, "gpuarray", "ufunc_arith.cuh")) as f:
        assert not [line for line in f if line.lstrip().startswith("#include")]


# ---- the loops, run on the host ----------------------------------------------------

def edge_values(dtype):
    dtype = np.dtype(dtype)
    if dtype.kind == "b":
        return np.array([False, True])
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        v = [0, 1, -1, 2, -2, 3, -3, 5, -7, 7, 8, 15, 16, 31, 32, 63, 64, 100, -100,
             info.min, info.min + 1, info.max, info.max - 1]
        return np.array(sorted({x for x in v if info.min <= x <= info.max}), dtype)
    if dtype.kind == "f":
        info = np.finfo(dtype)
        v = [0.0, -0.0, 1, -1, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 2, -2, 3, -3, 7, 0.1, -0.3, 1e-3, 100.5, 1e4,
             3e38, -1e10, info.eps, info.tiny, -info.tiny, info.smallest_subnormal, -info.smallest_subnormal,
             info.max, -info.max, np.inf, -np.inf, np.nan, -np.nan]
        with np.errstate(over="ignore"):
            return np.array(v, np.float64).astype(dtype)
    part = np.float32 if dtype == np.complex64 else np.float64
    parts = np.array([0.0, -0.0, 1, -1, 2.5, -0.5, np.finfo(part).max, np.inf, -np.inf, np.nan], part)
    z = np.empty(parts.size**2, dtype)
    z.real, z.imag = [g.ravel() for g in np.meshgrid(parts, parts)]  # re + 1j*im would turn inf*1j into nan
    return z


LDEXP_EXPONENTS = [0, 1, -1, 5, -5, 100, -100, 1000, -1100, 2**31 - 1, -2**31, 2**40, -2**40]


def loop_inputs(name, sig):
    """Inputs for a loop: every pair of edge values (NumPy's domain only, see below)."""
    ins = sig.split("->")[0]
    values = [edge_values(c) for c in ins]
    if name == "ldexp":
        values[1] = np.array([e for e in LDEXP_EXPONENTS if np.iinfo(ins[1]).min <= e <= np.iinfo(ins[1]).max], ins[1])
    if name == "power" and ins[1] in INTEGER_CHARS:
        values[1] = values[1][values[1] >= 0]  # NumPy raises for negative integer powers: see power/negative
    if name == "reciprocal" and ins[0] in INTEGER_CHARS:
        values[0] = values[0][values[0] != 0]  # see reciprocal/zero
    grids = np.meshgrid(*values, indexing="ij")
    return [np.ascontiguousarray(g.ravel()) for g in grids]


def host_cases():
    """(key, ufunc name, signature, inputs, outputs, expected): every loop against NumPy,
    then gpuarray's own results where NumPy has none (keys with a '/')."""
    cases = []
    for name, _, sig in all_loops():
        inputs = loop_inputs(name, sig)
        with np.errstate(all="ignore"):
            want = getattr(np, name)(*inputs, signature=sig)
            if name == "nextafter":  # C99: y when x == y (NumPy before 2.5 gave x for float16 zeros)
                want = np.where(inputs[0] == inputs[1], inputs[1], want)
        cases.append((name, name, sig, inputs, want if isinstance(want, tuple) else (want,)))
    for c in INTEGER_CHARS:
        info = np.iinfo(c)
        signed = info.min < 0
        # 1/0 is 0, like every integer division by zero (NumPy converts 1/0.0 to the integer type).
        x = np.array([0, 1, 2, 3, info.max] + ([-1, info.min] if signed else []), c)
        want = np.array([0, 1, 0, 0, 0] + ([-1, 0] if signed else []), c)
        cases.append(("reciprocal/zero", "reciprocal", f"{c}->{c}", [x], (want,)))
        if signed:  # negative powers: 1/a**-b truncated (NumPy raises ValueError)
            a, b = [g.ravel().astype(c) for g in np.meshgrid([-2, -1, 0, 1, 2, 5], [-1, -2, -3, -64])]
            want = np.where(a == 1, 1, np.where(a == -1, np.where(b % 2 == 0, 1, -1), 0)).astype(c)
            cases.append(("power/negative", "power", f"{c}{c}->{c}", [a, b], (want,)))
    return [(key, name, sig, inputs, [np.zeros(inputs[0].shape, o) for o in sig.split("->")[1]], want)
            for key, name, sig, inputs, want in cases]


@pytest.fixture(scope="module")
def host_runs(tmp_path_factory):
    cases = host_cases()
    kernels = []
    for _, name, sig, inputs, outputs, _ in cases:
        ops = [(x.shape, x.strides, x.dtype, x.ctypes.data, False) for x in inputs]
        ops += [(y.shape, y.strides, y.dtype, y.ctypes.data, True) for y in outputs]
        kernels.append(_core._elementwise_kernel(ops, *loop_op(name, numpy_loops(getattr(np, name)).index(sig), sig)))
    run_kernels_on_host(tmp_path_factory.mktemp("ufunc_arith_host"), kernels, '#include "gpuarray/ufunc_arith.cuh"')
    runs = {}
    for key, name, sig, inputs, outputs, want in cases:
        runs.setdefault(key, []).append((sig, inputs, outputs, want))
    return runs


def parts(x):
    return [x.real, x.imag] if x.dtype.kind == "c" else [x]


def assert_same(got, want, signed_zeros=True):
    """Equal values, NaN where NumPy has NaN, and the same sign on zeros and infinities."""
    for g, w in zip(parts(got), parts(want)):
        np.testing.assert_array_equal(g, w)
        if signed_zeros and g.dtype.kind == "f":
            real = ~np.isnan(w)
            np.testing.assert_array_equal(np.signbit(g[real]), np.signbit(w[real]))


def assert_within_ulps(got, want, maxulp):
    """Equal non-finite values, finite ones within maxulp units in the last place."""
    for g, w in zip(parts(got), parts(want)):
        finite = np.isfinite(w)
        np.testing.assert_array_equal(g[~finite], w[~finite])
        np.testing.assert_array_max_ulp(g[finite], w[finite], maxulp)


def portable_product(a, b):
    """NumPy's portable complex product: each of the four products rounded."""
    out = np.empty_like(a)
    with np.errstate(all="ignore"):
        out.real = a.real * b.real - a.imag * b.imag
        out.imag = a.real * b.imag + a.imag * b.real
    return out


def check_loop(name, sig, inputs, got, want):
    """Compares one output with NumPy's. Where NumPy on this machine runs an AVX-512
    loop that its portable loop (and the device) does not reproduce, the comparison
    says how: complex products are fused there (FMA; so inf*x can give inf where
    the rounded products give nan), float and double power come from SVML, complex
    absolute from a vectorized hypot (1 ulp apart from libm's)."""
    kind = np.dtype(sig[0]).kind
    if name in ("multiply", "square") and kind == "c":
        assert_same(got, portable_product(inputs[0], inputs[-1]))
    elif name in ("power", "float_power") and kind == "c":
        assert_complex_power(inputs, got, want)
    elif (name in ("power", "float_power") and sig[0] in "fd") or (name == "absolute" and kind == "c"):
        assert_within_ulps(got, want, 2)
    else:
        assert_same(got, want, name not in ZERO_SIGN_FREE)


def assert_complex_power(inputs, got, want):
    """Exact where NumPy multiplies (integral real exponents below 100, zero base or
    exponent); otherwise exp(b log a), compared within a few rounding errors of |a**b|
    where every part is finite and moderate: glibc's cpow (NumPy's) treats inf and
    NaN parts and huge values by C99's rules, which gpuarray does not reproduce."""
    a, b = inputs
    eps = np.finfo(got.real.dtype).eps
    products = ((b.imag == 0) & (b.real == np.trunc(b.real)) & (abs(b.real) < 100)) | (a == 0) | (b == 0)
    assert_same(got[products], want[products])
    moderate = ~products & np.all([abs(p) < 1e30 for x in inputs for p in parts(x)], axis=0)
    np.testing.assert_allclose(got[moderate], want[moderate], rtol=8 * eps, atol=0)
    assert moderate.sum() > 500


# NumPy itself gives +0 or -0 for maximum(+0, -0) depending on the path (vectorized
# or not, float16 or not); the sign of such a zero is not part of the contract.
ZERO_SIGN_FREE = {"maximum", "minimum", "fmax", "fmin"}


@pytest.mark.parametrize("name", NAMES)
def test_loops_compute_what_numpy_computes(host_runs, name):
    for sig, inputs, outputs, want in host_runs[name]:
        for k, (got, w) in enumerate(zip(outputs, want)):
            try:
                check_loop(name, sig, inputs, got, w)
            except AssertionError as e:
                raise AssertionError(f"{name} {sig} output {k}:\n{e}") from None


def test_integer_division_by_zero_gives_zero(host_runs):
    for name in ("floor_divide", "remainder", "fmod", "divmod"):
        for sig, (a, b), outputs, _ in host_runs[name]:
            if sig[0] in INTEGER_CHARS:
                assert (b == 0).sum() == len(edge_values(sig[0]))
                for out in outputs:
                    assert not out[b == 0].any(), (name, sig)
    for sig, inputs, (got,), (want,) in host_runs["reciprocal/zero"]:
        np.testing.assert_array_equal(got, want, err_msg=sig)


def test_integer_negative_powers(host_runs):
    for sig, inputs, (got,), (want,) in host_runs["power/negative"]:
        np.testing.assert_array_equal(got, want, err_msg=sig)
