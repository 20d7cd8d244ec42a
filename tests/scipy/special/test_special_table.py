# SPDX-License-Identifier: BSD-3-Clause
"""The scipy.special ufunc table (cpp/kernels/ufuncs_special.cpp), checked
without a GPU: its rows are SciPy's (arity, loops in SciPy's order with the
complex and long double ones dropped), the module namespace keeps NumPy's
names apart, loop resolution matches SciPy's ufuncs (numpy.ufunc.resolve_dtypes)
for every dtype and Python scalar kind, and every loop and every header
compiles with NVRTC for sm_90 without warnings."""
import itertools
import os

import numpy
import pytest
import scipy.special as sc
from special_host_cases import since_scipy_1_18

from gpuarray import _core
import test_elementwise_codegen
from test_elementwise_codegen import PACKAGE_INCLUDE, batched_sources, compile_all, compile_ok, operand

nvrtc_options = test_elementwise_codegen.nvrtc_options  # the fixture, for the compile tests below

MODULE = "scipy.special"
NAMES = _core._ufunc_names(MODULE)
PUBLIC = [n for n in NAMES if not n.startswith("_")]
# The rows named with an underscore: scipy.special.zeta(x, q=None) chooses between them.
PRIVATE = {"_zeta": ('ff->f', 'dd->d'), "_riemann_zeta": ('f->f', 'd->d')}  # SciPy 1.18's loop order
# Complex loops the table keeps (NumPy's complex expm1 and log1p serve them).
COMPLEX_KEPT = {"expm1", "log1p"}
DTYPES = [numpy.dtype(c) for c in "?bhilBHILefd"]
WEAK = [int, float]  # Python scalars (NEP 50's weak operands)


def scipy_loops(name):
    keep = set("?bhilqBHILQefd") | (set("FD") if name in COMPLEX_KEPT else set())
    return [t for t in getattr(sc, name).types if set(t.replace("->", "")) <= keep]


def test_names_are_scipys_and_apart_from_numpys():
    assert len(NAMES) == len(set(NAMES))
    assert set(PUBLIC) <= set(dir(sc))
    assert set(NAMES) - set(PUBLIC) == set(PRIVATE)
    # NumPy's table is unchanged by the special one: its cbrt has NumPy's loops.
    assert "erf" not in _core._ufunc_names() and "cbrt" in _core._ufunc_names()
    assert _core._ufunc_info("cbrt")["types"] != _core._ufunc_info("cbrt", MODULE)["types"]
    with pytest.raises(KeyError, match="no ufunc named 'erf' in numpy"):
        _core._ufunc_info("erf")
    with pytest.raises(ValueError, match="'numpy' or 'scipy.special'"):
        _core._ufunc_names("scipy.stats")


@pytest.mark.parametrize("name", PUBLIC)
@since_scipy_1_18
def test_rows_are_scipys(name):
    info = _core._ufunc_info(name, MODULE)
    ufunc = getattr(sc, name)
    assert (info["nin"], info["nout"]) == (ufunc.nin, ufunc.nout)
    assert info["types"] == scipy_loops(name)
    assert info["identity"] == "none"


def test_private_rows():
    for name, types in PRIVATE.items():
        assert tuple(_core._ufunc_info(name, MODULE)["types"]) == types


def scipy_loop(ufunc, operands):
    try:
        dtypes = ufunc.resolve_dtypes(tuple(operands) + (None,) * ufunc.nout)
    except (TypeError, numpy.exceptions.DTypePromotionError):
        return None
    chars = [numpy.dtype(d).char.replace("q", "l").replace("Q", "L") for d in dtypes]
    return "".join(chars[:ufunc.nin]) + "->" + "".join(chars[ufunc.nin:])


@pytest.mark.parametrize("name", PUBLIC)
@since_scipy_1_18
def test_loop_resolution_matches_scipy(name):
    ufunc = getattr(sc, name)
    differences = []
    for ops in itertools.product(DTYPES + list(WEAK), repeat=ufunc.nin):
        if all(isinstance(o, type) for o in ops):
            continue  # no array operand
        expected = scipy_loop(ufunc, ops)
        if expected is not None and expected not in _core._ufunc_info(name, MODULE)["types"]:
            continue  # a loop the table drops (long double, complex)
        actual = _core._ufunc_resolve(name, list(ops), MODULE)
        if actual != expected:
            differences.append((ops, expected, actual))
    assert not differences, f"{len(differences)} differ, e.g. {differences[:5]}"


def loop_kernel(name, index, sig):
    ins, outs = sig.split("->")
    op = _core._ufunc_loop_op(name, index, [numpy.dtype(c) for c in ins], [numpy.dtype(c) for c in outs],
                              module=MODULE)
    ops = [operand((1000,), c) for c in ins] + [operand((1000,), c, True) for c in outs]
    return _core._elementwise_kernel(ops, *op)


@pytest.mark.slow  # 228 loops over the heavy headers: 4-5 minutes of one core of the 2-core CI machine
def test_every_loop_compiles(nvrtc_options):
    sources = {}
    for name in NAMES:
        for index, sig in enumerate(_core._ufunc_info(name, MODULE)["types"]):
            k = loop_kernel(name, index, sig)
            sources[k["kernel_name"]] = k["source"]
    compile_all(list(batched_sources(list(sources.values()), 30)), nvrtc_options)


HEADERS = sorted(name[:-4] for name in os.listdir(os.path.join(PACKAGE_INCLUDE, "gpuarray", "special")))


def test_every_row_names_a_header():
    assert {"common", "error", "gamma", "beta", "distributions", "bessel", "zeta", "expint", "elliptic",
            "elementary"} <= set(HEADERS)


@pytest.mark.parametrize("header", HEADERS)
def test_header_compiles_alone_and_includes_only_special_headers(nvrtc_options, header):
    path = os.path.join(PACKAGE_INCLUDE, "gpuarray", "special", f"{header}.cuh")
    with open(path) as f:
        includes = [line.strip() for line in f if line.lstrip().startswith("#include")]
    assert all(line.startswith('#include "gpuarray/special/') for line in includes)
    assert (header == "common") == (not includes)
    compile_ok(f'#include "gpuarray/special/{header}.cuh"\nextern "C" __global__ void k(double* d) {{ d[0] = 1; }}\n',
               nvrtc_options)


def test_heavy_rows_take_cudas_math_out_of_line(nvrtc_options):
    # Note [Out-of-line math in the heavy kernels] (gpuarray/special/common.cuh): the incomplete beta
    # family's kernels define GA_SPECIAL_OUTLINE_MATH, which halves their PTX (11,500 lines for betainc
    # with CUDA's math inline) and ptxas's share of the first call's compile; the cheap rows do not.
    betainc = loop_kernel("betainc", 1, "ddd->d")
    assert "#define GA_SPECIAL_OUTLINE_MATH" in betainc["source"]
    assert "GA_SPECIAL_OUTLINE_MATH" not in loop_kernel("erf", 1, "d->d")["source"]
    to_ptx = [o.replace("sm_90", "compute_90") for o in nvrtc_options]
    assert len(compile_ok(betainc["source"], to_ptx)["ptx"].splitlines()) < 7000
