# SPDX-License-Identifier: BSD-3-Clause
"""The math ufunc table (cpp/kernels/ufuncs_math.cpp), checked without a GPU:
its rows are NumPy's (arity, identity, loops in order); every loop compiles
with NVRTC for sm_90 without warnings; and every loop, compiled as host C++
from the same generated source and run on the CPU, gives NumPy's result for
that loop on edge values (zeros, subnormals, infinities, NaN, domain edges,
branch points and cuts, huge arguments) and on random ones: the same NaN, inf
and signed-zero pattern exactly, finite values within the ulp bounds below.
The host run uses the host's libm, so it checks the bodies and the complex
algorithms of gpuarray/ufunc_math.cuh; the device's own accuracy is a GPU
test's."""
import os

import numpy as np
import pytest

from gpuarray import _core
from test_elementwise_codegen import (PACKAGE_INCLUDE, compile_all, nvrtc_options,  # noqa: F401 (a fixture)
                                      operand, run_kernels_on_host, batched_sources)

NAMES = """sqrt cbrt exp exp2 expm1 log log2 log10 log1p logaddexp logaddexp2 sin cos tan arcsin arccos arctan
    arctan2 hypot sinh cosh tanh arcsinh arccosh arctanh deg2rad rad2deg degrees radians""".split()
GPU_CHARS = set("?bhilqBHILQefdFD")

# The largest difference from NumPy allowed, in units in the last place of each
# part. float16 (every value is tried) is computed in float and rounded once,
# as NumPy does: the two round apart only where the float results straddle a
# float16 half-way point. float and double: the host's libm against NumPy's
# loops (SVML on AVX-512 machines), each within about an ulp of the exact
# value; deg2rad and friends are one multiplication. Complex, per function:
# NumPy calls glibc (within 3 ulp of the exact value, 4 for complex64 atanh,
# measured against mpmath), gpuarray's ufunc_math.cuh is within 2 (tan and
# tanh 5, like glibc, which has the same formula); NumPy's own formulas
# (expm1, log1p) are reproduced to the rounding.
REAL_ULPS = {"e": 1, "f": 2, "d": 2}
COMPLEX_ULPS = {"sqrt": 2, "exp": 3, "exp2": 2, "expm1": 1, "log": 3, "log2": 3, "log10": 3, "log1p": 1,
                "sin": 3, "cos": 3, "tan": 3, "sinh": 3, "cosh": 3, "tanh": 3,
                "arcsin": 5, "arccos": 5, "arctan": 5, "arcsinh": 5, "arccosh": 5, "arctanh": 5}
EXACT = {"deg2rad", "rad2deg", "degrees", "radians"}


def numpy_loops(ufunc):
    return [t for t in ufunc.types if set(t.replace("->", "")) <= GPU_CHARS]


def all_loops():
    """(ufunc name, loop index, NumPy's signature) of every loop."""
    return [(name, i, sig) for name in NAMES for i, sig in enumerate(numpy_loops(getattr(np, name)))]


def loop_op(name, index, sig):
    ins, outs = sig.split("->")
    return _core._ufunc_loop_op(name, index, [np.dtype(c) for c in ins], [np.dtype(c) for c in outs])


def loop_kernel(name, index, sig):
    ins, outs = sig.split("->")
    ops = [operand((1000,), c) for c in ins] + [operand((1000,), c, True) for c in outs]
    return _core._elementwise_kernel(ops, *loop_op(name, index, sig))


def numpys_types(name):
    """The table's loops but the bfloat16 twins, which follow them (Note [bfloat16])."""
    return [t for t in _core._ufunc_info(name)["types"] if "E" not in t]


# ---- the table ------------------------------------------------------------------

IDENTITIES = {"none": None, "reorderable_none": None, "zero": 0, "one": 1, "minus_one": -1,
              "minus_infinity": -np.inf}


@pytest.mark.parametrize("name", NAMES)
def test_rows_are_numpys(name):
    ufunc = getattr(np, name)
    assert ufunc.__name__ == name
    info = _core._ufunc_info(name)
    info["types"] = numpys_types(name)
    assert (info["nin"], info["nout"]) == (ufunc.nin, ufunc.nout)
    assert info["types"] == numpy_loops(ufunc)
    assert IDENTITIES[info["identity"]] == ufunc.identity


def test_table_holds_these_ufuncs_once():
    names = _core._ufunc_names()
    assert all(names.count(n) == 1 for n in NAMES)
    assert np.degrees is not np.rad2deg and np.radians is not np.deg2rad  # separate objects in NumPy too


def test_loop_counts_and_duplicates():
    counts = {name: len(numpys_types(name)) for name in NAMES}
    assert sum(counts.values()) == len(all_loops()) == 181
    assert counts["sqrt"] == 7 and counts["sin"] == 5 and counts["arcsinh"] == 8 and counts["hypot"] == 3
    # NumPy's repeated loops (its SIMD registrations) are the same kernel here.
    for name in NAMES:
        types = numpys_types(name)
        for i, sig in enumerate(types):
            first = types.index(sig)
            if first != i:
                assert loop_kernel(name, i, sig)["source"] == loop_kernel(name, first, sig)["source"]


def test_header_includes_nothing():
    with open(os.path.join(PACKAGE_INCLUDE, "gpuarray", "ufunc_math.cuh")) as f:
        assert not [line for line in f if line.lstrip().startswith("#include")]


# ---- NVRTC ----------------------------------------------------------------------

def test_every_loop_compiles(nvrtc_options):
    sources = {}
    for name, index, sig in all_loops():
        k = loop_kernel(name, index, sig)
        sources[k["kernel_name"]] = k["source"]
    # Grouped by the headers they include: float and double loops show that ufunc_math.cuh
    # compiles without complex.cuh and half.cuh.
    groups = {}
    for src in sources.values():
        groups.setdefault(("half.cuh" in src, "complex.cuh" in src), []).append(src)
    assert len(groups) == 3
    batches = [b for key, group in groups.items() for b in batched_sources(group, 8 if key[1] else 40)]
    compile_all(batches, nvrtc_options + ["-fmad=false"])


# ---- the loops, run on the host ---------------------------------------------------

def real_values(dtype, rng):
    """Edge values of a real dtype (every float16), and random ones of all magnitudes."""
    dtype = np.dtype(dtype)
    if dtype == np.float16:
        return np.arange(1 << 16, dtype=np.uint16).view(np.float16)
    fi = np.finfo(dtype)
    big = [1e5, 1e10, 1e22, 3e38] + ([1e100, 1e300] if dtype == np.float64 else [])
    edges = [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 10.0, 30.0, 100.0, 1000.0, 1e-10, 1e-30, float(fi.eps), 1 - float(fi.epsneg),
             1 + float(fi.eps), float(fi.tiny), float(fi.tiny) / 2, float(fi.smallest_subnormal), float(fi.max), np.inf,
             np.pi / 2, np.pi, 2 * np.pi, 88.72, 89.4, 709.78, 710.5, 745.2, 1075.0, *big]
    edges = np.array(edges, np.float64).astype(dtype)
    lo, hi = np.log10(float(fi.smallest_subnormal)), np.log10(float(fi.max))
    spread = 10.0 ** rng.uniform(lo, hi, 1500) * rng.choice([-1, 1], 1500)
    near = rng.uniform(-12, 12, 1500)
    return np.concatenate([edges, -edges, [np.nan], spread.astype(dtype), near.astype(dtype)])


def real_pairs(dtype, rng):
    """A grid of edge values, random pairs, and near-equal pairs (logaddexp's x == y branch)."""
    dtype = np.dtype(dtype)
    fi = np.finfo(dtype)
    e = [0.0, 0.5, 1.0, 2.0, 30.0, 1e-10, float(fi.tiny), float(fi.smallest_subnormal), float(fi.max), np.inf]
    e = np.array(e + [-v for v in e] + [np.nan], np.float64).astype(dtype)
    a, b = [g.ravel() for g in np.meshgrid(e, e)]
    if dtype == np.float16:
        r = rng.integers(0, 1 << 16, (2, 20000), dtype=np.uint16).view(np.float16)
    else:
        with np.errstate(over="ignore"):
            r = (10.0 ** rng.uniform(-40, 40, (2, 3000)) * rng.choice([-1, 1], (2, 3000))).astype(dtype)
    c = rng.uniform(-50, 50, 1000).astype(dtype)
    d = (c * (1 + rng.uniform(-1e-3, 1e-3, 1000))).astype(dtype)
    return np.concatenate([a, r[0], c]), np.concatenate([b, r[1], d])


def complex_values(dtype, rng):
    """A grid of edge parts (each of C99 Annex G's special cases) and random values in the
    regions the algorithms tell apart: near the branch points +-1 and +-i and along the
    cuts (both sides), near the unit circle, tiny and huge, and large real parts (exp)."""
    dtype = np.dtype(dtype)
    part = np.float32 if dtype == np.complex64 else np.float64
    fi = np.finfo(part)
    big = 1e30 if part == np.float32 else 1e300
    p = [0.0, float(fi.smallest_subnormal), float(fi.tiny), 1e-10, 0.5, 1 - float(fi.epsneg), 1.0,
         1 + float(fi.eps), 2.0, 10.0, 1e10, big, float(fi.max), np.inf]
    p = np.array(p + [-v for v in p] + [np.nan], part)
    re, im = [g.ravel() for g in np.meshgrid(p, p)]
    n = 400
    sign = lambda: rng.choice([-1.0, 1.0], n)  # noqa: E731
    tiny = lambda lo: 10.0 ** rng.uniform(lo, -1, n) * sign()  # noqa: E731
    rnd = [(rng.uniform(-3, 3, n), rng.uniform(-3, 3, n)),
           (sign() * (1 + tiny(-16)), tiny(-20)),                                   # near +-1
           (sign() * rng.uniform(1, 4, n), sign() * 10.0 ** rng.uniform(-300, -1, n)),  # along the real cuts
           (sign() * 10.0 ** rng.uniform(-300, -1, n), sign() * rng.uniform(1, 4, n)),  # along the imaginary cuts
           (sign() * 10.0 ** rng.uniform(-30, 30, n), sign() * 10.0 ** rng.uniform(-30, 30, n)),
           (rng.uniform(-720, 720, n) if part == np.float64 else rng.uniform(-95, 95, n), rng.uniform(-4, 4, n))]
    w = np.exp(1j * rng.uniform(-4, 4, n)) * (1 + tiny(-16))                       # near |z| = 1
    rnd += [(w.real, w.imag), (tiny(-16), sign() * (1 + tiny(-16)))]               # near +-i
    with np.errstate(over="ignore"):
        re = np.concatenate([re] + [a.astype(part) for a, _ in rnd])
        im = np.concatenate([im] + [b.astype(part) for _, b in rnd])
    z = np.empty(re.size, dtype)
    z.real, z.imag = re, im  # re + 1j*im would turn inf*1j into nan
    return z


def loop_inputs(sig, rng):
    ins = sig.split("->")[0]
    if len(ins) == 2:
        return list(real_pairs(ins[0], rng))
    return [complex_values(ins, rng) if ins in "FD" else real_values(ins, rng)]


@pytest.fixture(scope="module")
def host_runs(tmp_path_factory):
    """{ufunc name: [(signature, inputs, output, NumPy's output)]}, one run per distinct loop."""
    rng = np.random.default_rng(11)
    cases = []
    for name, index, sig in all_loops():
        if numpy_loops(getattr(np, name)).index(sig) != index:
            continue  # a repeated loop: the same kernel (test_loop_counts_and_duplicates)
        inputs = loop_inputs(sig, rng)
        out = np.zeros(inputs[0].shape, sig[-1])
        ops = [(x.shape, x.strides, x.dtype, x.ctypes.data, False) for x in inputs]
        ops.append((out.shape, out.strides, out.dtype, out.ctypes.data, True))
        k = _core._elementwise_kernel(ops, *loop_op(name, index, sig))
        with np.errstate(all="ignore"):
            want = getattr(np, name)(*inputs, signature=sig)
        cases.append((name, sig, inputs, out, want, k))
    run_kernels_on_host(tmp_path_factory.mktemp("ufunc_math_host"), [k for *_, k in cases],
                        '#include "gpuarray/ufunc_math.cuh"')
    runs = {}
    for name, sig, inputs, out, want, _ in cases:
        runs.setdefault(name, []).append((sig, inputs, out, want))
    return runs


def ordinal(x):
    """Floats as integers in the order of their values (-0 and +0 both 0): the difference of two is their
    distance in ulps, subnormals included."""
    bits = {2: np.int16, 4: np.int32, 8: np.int64}[x.dtype.itemsize]
    i = x.view(bits).astype(np.int64)
    return np.where(i < 0, np.iinfo(bits).min - i, i)


def compare(got, want, maxulp):
    """(index, message) of the elements of one real array beyond the contract: NaN where
    NumPy has NaN, its infinities, the sign of zero where both are zero, finite values
    within maxulp (a subnormal next to zero is 1 ulp from it)."""
    nan, inf = np.isnan(want), np.isinf(want)
    finite = ~nan & ~inf & np.isfinite(got)
    ulps = np.zeros(got.shape, np.int64)
    ulps[finite] = np.abs(ordinal(got[finite]) - ordinal(want[finite]))
    bad = (np.isnan(got) != nan) | (inf & (got != want)) | (~nan & ~inf & ~finite) | (ulps > maxulp)
    bad |= (got == 0) & (want == 0) & (np.signbit(got) != np.signbit(want))
    return [(i, f"got {got[i]!r}, NumPy {want[i]!r}" + (f" ({ulps[i]} ulp)" if finite[i] else ""))
            for i in np.nonzero(bad)[0][:10]]


@pytest.mark.parametrize("name", NAMES)
def test_loops_compute_what_numpy_computes(host_runs, name):
    report = []
    for sig, inputs, got, want in host_runs[name]:
        maxulp = 0 if name in EXACT else COMPLEX_ULPS[name] if sig[0] in "FD" else REAL_ULPS[sig[0]]
        parts = [(got.real, want.real), (got.imag, want.imag)] if got.dtype.kind == "c" else [(got, want)]
        for part, (g, w) in enumerate(parts):
            report += [f"{name} {sig} part {part}: input {tuple(x[i] for x in inputs)}: {msg}"
                       for i, msg in compare(g, w, maxulp)]
    assert not report, "\n".join(report)
