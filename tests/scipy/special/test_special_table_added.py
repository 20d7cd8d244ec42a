# SPDX-License-Identifier: BSD-3-Clause
"""The rows added to the scipy.special table for issue 28's count, checked
from cpp/kernels/ufuncs_special.cpp's text (so without the rebuilt engine):
their loops are SciPy 1.18's real loops in its order, each has a summary, a
header and a SciPy name, and every loop body the table generates compiles
with NVRTC for sm_90 without warnings. (Once the engine is rebuilt,
test_special_table.py checks the same rows through the engine as well.)"""
import os
import re

import pytest
import scipy.special as sc
from special_host_cases import since_scipy_1_18

import test_elementwise_codegen
from gpuarray.scipy.special._ufuncs import SUMMARIES
from test_elementwise_codegen import PACKAGE_INCLUDE, compile_all

nvrtc_options = test_elementwise_codegen.nvrtc_options  # the fixture, for the compile test below

TABLE = os.path.join(os.path.dirname(__file__), "..", "..", "..", "cpp", "kernels", "ufuncs_special.cpp")
MARK = "// --- added for issue 28's count"


def table_text():
    with open(TABLE) as f:
        return f.read()


def added_rows():
    """name -> (nin, nout, loop strings, header, device function) for the rows after MARK and the two-output rows."""
    text = table_text()
    constants = dict(re.findall(r'constexpr const char\* (k\w+) = "([^"]*)";', text))
    block = text[text.index(MARK):text.index("};", text.index(MARK))]
    rows = {}
    for name, nin, loops, header, function in re.findall(
            r'\{"(\w+)", (\d), (k\w+|"[^"]*"), "(\w+)", "([\w:]+)", nullptr, nullptr\}', block):
        rows[name] = (int(nin), 1, (constants[loops] if loops.startswith("k") else loops.strip('"')).split(),
                      header, function)
    pairs = text[text.index("const PairRow kPairRows[]"):]
    pairs = pairs[:pairs.index("};")]
    for name, loops, header, function in re.findall(r'\{"(\w+)", "([^"]*)", "(\w+)", "([\w:]+)"\}', pairs):
        rows[name] = (1, 2, loops.split(), header, function)
    return rows


ROWS = added_rows()


def test_the_block_is_there():
    assert len(ROWS) >= 29
    assert {"sici", "shichi", "fresnel", "binom", "eval_chebyt", "gdtrib", "elliprf"} <= set(ROWS)


@pytest.mark.parametrize("name", sorted(ROWS))
def test_rows_name_scipy_functions_with_summaries_and_headers(name):
    nin, nout, _, header, _ = ROWS[name]
    ufunc = getattr(sc, name)
    assert (ufunc.nin, ufunc.nout) == (nin, nout)
    assert name in SUMMARIES
    assert os.path.exists(os.path.join(PACKAGE_INCLUDE, "gpuarray", "special", f"{header}.cuh"))


@pytest.mark.parametrize("name", sorted(ROWS))
@since_scipy_1_18
def test_rows_are_scipys_real_loops_in_order(name):
    keep = set("?bhilqBHILQefd")
    want = [t for t in getattr(sc, name).types if set(t.replace("->", "")) <= keep]
    assert ROWS[name][2] == want


CTYPES = {"f": "float", "d": "double", "l": "long long"}


def loop_source(index, name, signature):
    """A kernel around the body the table generates for one loop (ufuncs_special.cpp's body() and pair_body())."""
    nin, nout, _, header, function = ROWS[name]
    ins, outs = signature.split("->")
    params = [f"const {CTYPES[c]}* a{i}" for i, c in enumerate(ins)] + [f"{CTYPES[c]}* b{i}" for i, c in enumerate(outs)]
    lines = [f"const {CTYPES[c]} x{i} = a{i}[0];" for i, c in enumerate(ins)]
    lines += [f"{CTYPES[c]} y{i};" for i, c in enumerate(outs)]
    if nout == 2:
        lines.append(f"{function}(x0, y0, y1);" if outs[0] == "d" else
                     f"double r0, r1; {function}(static_cast<double>(x0), r0, r1); "
                     "y0 = static_cast<float>(r0); y1 = static_cast<float>(r1);")
    elif outs[0] == "d":
        lines.append(f"y0 = {function}({', '.join(f'x{i}' for i in range(nin))});")
    else:
        lines.append(f"y0 = static_cast<float>({function}("
                     f"{', '.join(f'static_cast<double>(x{i})' for i in range(nin))}));")
    lines += [f"b{i}[0] = y{i};" for i in range(len(outs))]
    return (f'#include "gpuarray/special/{header}.cuh"\n'
            f'extern "C" __global__ void k{index}({", ".join(params)}) {{ {" ".join(lines)} }}\n')


@pytest.mark.slow  # the parameter inverses' header is heavy for NVRTC: a minute or two of one core
def test_every_added_loop_compiles(nvrtc_options):
    sources = [loop_source(i, name, sig) for i, (name, sig) in
               enumerate((n, s) for n in sorted(ROWS) for s in ROWS[n][2])]
    by_header = {}
    for name, source in zip([n for n in sorted(ROWS) for _ in ROWS[n][2]], sources):
        by_header.setdefault(ROWS[name][3], []).append(source)
    compile_all(["".join(group) for group in by_header.values()], nvrtc_options)
