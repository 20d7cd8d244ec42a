# SPDX-License-Identifier: BSD-3-Clause
"""The distribution kernels of gpuarray.random without a GPU: each method's
generated ElementwiseKernel (the very source the device would compile), built
as host C++ over random.cuh, run on the CPU in float64 and float32 and checked
against scipy.stats; compiled by NVRTC, where the float32 kernels must hold
float instructions only, but for the documented steps kept in double. The
bulk streams (uniform, normal, log-normal with scalar parameters) are tested
in test_random_bulk.py."""
import pathlib
import re

import numpy
import pytest

import gpuarray as xp
from gpuarray.random import _continuous, _sampling
from random_cases import DISCRETE, P_MIN, chi2_pvalue, ks_pvalue
from test_elementwise_codegen import compile_all, nvrtc_options, run_kernels_on_host  # noqa: F401 (a fixture)
from test_elementwise_kernel import host_kernel
from test_random_dtype import CASES, DOUBLE_INSIDE, RELATED, RELATED_FRACTION

N = 20_000
SEED = 12345
FLOATS = ["float64", "float32"]
# standard_normal is drawn by the bulk streams only; normal, uniform and
# lognormal take a distribution kernel when a parameter is an array.
KERNEL_CASES = [(m, a, d, dt) for dt in FLOATS for m, a, d in CASES if m != "standard_normal"]
ALL = [(m, a, d, None, dt) for m, a, d, dt in KERNEL_CASES] + [(m, a, d, k, "int64") for m, a, d, k in DISCRETE]


def captured_call(method, args, dtype):
    """The (sampler, params, dtype) a Generator method would launch, as if
    its parameters were device arrays (so normal, uniform and lognormal take
    their distribution kernel rather than a bulk stream)."""
    calls = []

    def record(bitgen, sampler, params, size, dtype, out=None):
        calls.append((sampler, params, numpy.dtype(dtype)))

    patches = [(_continuous, "sample", record), (_continuous, "host_scalars", lambda *values: False)]
    saved = [(m, name, getattr(m, name)) for m, name, _ in patches]
    for m, name, value in patches:
        setattr(m, name, value)
    try:
        kwargs = {"dtype": dtype} if dtype != "int64" else {}
        getattr(xp.random.default_rng(0), method)(*args, size=N, **kwargs)
    finally:
        for m, name, value in saved:
            setattr(m, name, value)
    (call,) = calls
    return call


def host_run(tmp, cases, n, seed, call_numbers):
    """Runs the kernels of `cases` [(method, args, dtype)] on the host: n
    elements each, with the seed and call numbers given. Returns (kernel dicts, outputs)."""
    built, outputs, kept = [], [], []
    for (method, args, dtype), call_no in zip(cases, call_numbers):
        sampler, params, out_dtype = captured_call(method, args, dtype)
        kernel = _sampling._kernel(sampler, tuple((t, name) for t, name, _ in params), out_dtype.name)
        out = numpy.zeros(n, out_dtype)
        values = [numpy.uint64(seed), numpy.zeros(1, numpy.uint64), numpy.uint64(call_no)] + [v for _, _, v in params]
        kernel_dict, keep = host_kernel(kernel, values, [out])
        built.append(kernel_dict)
        kept.append(keep)  # the raw base array, read by the host run
        outputs.append(out)
    run_kernels_on_host(tmp, built, '#include "gpuarray/random.cuh"')
    return built, outputs


@pytest.fixture(scope="module")
def host_samples(tmp_path_factory):
    cases = [(c[0], c[1], c[4]) for c in ALL]
    # One call number per (method, args), the same in both dtypes: as two generators of one seed would draw.
    keys = list(dict.fromkeys((m, a) for m, a, _ in cases))
    return host_run(pathlib.Path(tmp_path_factory.mktemp("random_kernels")), cases, N, SEED,
                    [keys.index((m, a)) + 1 for m, a, _ in cases])


@pytest.mark.parametrize("case", range(len(ALL)), ids=[f"{c[0]}{c[1]}-{c[4]}" for c in ALL])
def test_kernel_samples_follow_the_distribution(host_samples, case):
    method, args, dist, kmax, dtype = ALL[case]
    x = host_samples[1][case]
    assert x.dtype == dtype
    if kmax is None:
        assert ks_pvalue(x, dist) > P_MIN
    else:
        assert chi2_pvalue(x, dist, kmax) > P_MIN


@pytest.fixture(scope="module")
def ptx(host_samples, nvrtc_options):
    """NVRTC's result for every kernel the host ran, in the same order (each
    distinct source compiled once: cases that differ only in their arguments share one)."""
    sources = [k["source"] for k in host_samples[0]]
    distinct = list(dict.fromkeys(sources))
    results = dict(zip(distinct, compile_all(distinct, nvrtc_options + ["-fmad=false"])))
    return [results[s] for s in sources]


def test_kernels_compile_with_nvrtc(ptx):
    assert len(ptx) == len(ALL) and all(r["ok"] for r in ptx)


# A double instruction other than loading a float64 parameter or rounding one to float.
F64_ARITHMETIC = re.compile(r"^\s*(?:@!?%p\d+\s+)?(?!ld\.|cvt\.rn\.f32\.f64)[a-z]\w*(?:\.\w+)*\.f64\b", re.M)


@pytest.mark.parametrize("method", sorted({m for m, _, _, _ in KERNEL_CASES}))
def test_float32_kernels_compute_in_float(ptx, method):
    """The PTX of a float32 sampler does no double arithmetic, except in the
    samplers docs/random.md lists as keeping a step in double."""
    index = next(i for i, c in enumerate(ALL) if c[0] == method and c[4] == "float32")
    double_ops = F64_ARITHMETIC.findall(ptx[index]["ptx"])
    if method in DOUBLE_INSIDE:
        assert double_ops, f"{method} keeps a step in double: docs/random.md and DOUBLE_INSIDE say so"
    else:
        assert not double_ops, double_ops[:5]


@pytest.mark.parametrize("method, args", [(m, a) for m, a, _ in CASES if m in RELATED], ids=str)
def test_float32_stream_is_the_float64_stream_in_float(host_samples, method, args):
    """The same seed, call and element take the same words in both dtypes (a
    float32 uniform is the float64 one cut to 23 bits): transforms of
    uniforms agree elementwise to float32 precision but for the far tails."""
    pick = {c[4]: host_samples[1][i] for i, c in enumerate(ALL) if (c[0], c[1]) == (method, args)}
    close = numpy.isclose(pick["float32"], pick["float64"], rtol=1e-4, atol=1e-6)
    assert close.mean() > RELATED_FRACTION, close.mean()
