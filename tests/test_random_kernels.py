# SPDX-License-Identifier: BSD-3-Clause
"""The distribution kernels of gpuarray.random without a GPU: each method's
generated ElementwiseKernel (the very source the device would compile), built
as host C++ over random.cuh, run on the CPU and checked against scipy.stats;
and compiled by NVRTC. The bulk streams (uniform, normal, log-normal with
scalar parameters) are tested in test_random_bulk.py."""
import pathlib

import numpy
import pytest

import gpuarray as xp
from gpuarray.random import _distributions, _generator, _sampling
from random_cases import CONTINUOUS, DISCRETE, P_MIN, chi2_pvalue, ks_pvalue
from test_elementwise_codegen import compile_all, nvrtc_options, run_kernels_on_host  # noqa: F401 (a fixture)
from test_elementwise_kernel import host_kernel

N = 20_000
BULK = {"lognormal", "normal", "standard_normal", "uniform"}  # drawn by the bulk streams, not by a sampler
CASES = [(m, a, d, None) for m, a, d in CONTINUOUS if m not in BULK] + DISCRETE


def captured_call(method, args):
    """The (sampler, params, dtype) a Generator method would launch."""
    calls = []

    def record(bitgen, sampler, params, size, dtype, out=None):
        calls.append((sampler, params, numpy.dtype(dtype)))

    modules = (_distributions, _generator)  # Generator's own methods call sample directly
    real = [m.sample for m in modules]
    for m in modules:
        m.sample = record
    try:
        getattr(xp.random.default_rng(0), method)(*args, size=N)
    finally:
        for m, f in zip(modules, real):
            m.sample = f
    (call,) = calls
    return call


@pytest.fixture(scope="module")
def host_samples(tmp_path_factory):
    built, outputs = [], []
    for call_no, (method, args, _, _) in enumerate(CASES, 1):
        sampler, params, dtype = captured_call(method, args)
        kernel = _sampling._kernel(sampler, tuple((t, n) for t, n, _ in params), dtype.name)
        out = numpy.zeros(N, dtype)
        values = [numpy.uint64(12345), numpy.uint64(call_no)] + [v for _, _, v in params]
        built.append(host_kernel(kernel, values, [out])[0])
        outputs.append(out)
    run_kernels_on_host(pathlib.Path(tmp_path_factory.mktemp("random_kernels")), built,
                        '#include "gpuarray/random.cuh"')
    return built, outputs


@pytest.mark.parametrize("case", range(len(CASES)), ids=[f"{c[0]}{c[1]}" for c in CASES])
def test_kernel_samples_follow_the_distribution(host_samples, case):
    method, args, dist, kmax = CASES[case]
    x = host_samples[1][case]
    if kmax is None:
        assert ks_pvalue(x, dist) > P_MIN
    else:
        assert chi2_pvalue(x, dist, kmax) > P_MIN


def test_kernels_compile_with_nvrtc(host_samples, nvrtc_options):
    compile_all([k["source"] for k in host_samples[0]], nvrtc_options + ["-fmad=false"])
