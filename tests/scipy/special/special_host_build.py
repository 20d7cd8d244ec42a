# SPDX-License-Identifier: BSD-3-Clause
"""The scipy.special device headers built as host C++ (g++, a shim that
defines __host__/__device__ away) and called through ctypes, so that their
numerics are checked against SciPy on a machine without a GPU. On the host
the headers take their own implementations where the device calls CUDA's
(erfinv, ndtri, sinpi, ...): those are the ones checked here."""
import ctypes
import importlib.util
import pathlib
import shutil
import subprocess

import numpy

# The package's folder, found without importing it: the headers need no engine.
INCLUDE = pathlib.Path(importlib.util.find_spec("gpuarray").submodule_search_locations[0]) / "_include"
HEADERS = ["error", "gamma", "beta", "bessel", "zeta", "expint", "elementary", "elliptic", "distributions", "quantiles", "polynomials"]

SHIM = """\
#include <cmath>
#include <math.h>
using std::isnan; using std::isinf; using std::isfinite;
#define __host__
#define __device__
"""


def compiler():
    """The host C++ compiler, or None."""
    return shutil.which("g++") or shutil.which("c++")


def source(functions, headers=None):
    """One translation unit: the shim, every header (HEADERS, or `headers`), and for each function
    (name, nin, call) an extern "C" loop `name_d` (double) and `name_f` (float)."""
    lines = [SHIM] + [f'#include "gpuarray/special/{h}.cuh"' for h in (HEADERS if headers is None else headers)]
    for name, nin, call in functions:
        for suffix, ctype in (("d", "double"), ("f", "float")):
            params = ", ".join(f"const {ctype}* a{i}" for i in range(nin))
            args = ", ".join(f"a{i}[i]" for i in range(nin))
            lines.append(f'extern "C" void {name}_{suffix}({params}, {ctype}* y, long n) '
                         f'{{ for (long i = 0; i < n; ++i) y[i] = {call}({args}); }}')
    return "\n".join(lines) + "\n"


def build(functions, folder, headers=None):
    """Compiles source(functions, headers) into folder/special_host.so; the CDLL."""
    src = pathlib.Path(folder) / "special_host.cpp"
    lib = pathlib.Path(folder) / "special_host.so"
    src.write_text(source(functions, headers))
    subprocess.run([compiler(), "-std=c++17", "-O2", "-shared", "-fPIC", "-ffp-contract=off", f"-I{INCLUDE}",
                    str(src), "-o", str(lib)], check=True, capture_output=False)
    return ctypes.CDLL(str(lib))


class HostFunctions:
    """Calls `name` on NumPy arrays (broadcast, float64 or float32) through the library."""

    def __init__(self, library):
        self.library = library

    def __call__(self, name, *args, dtype=numpy.float64):
        arrays = [numpy.ascontiguousarray(a, dtype=dtype).ravel() for a in numpy.broadcast_arrays(*args)]
        out = numpy.empty(arrays[0].size, dtype)
        suffix = "d" if dtype == numpy.float64 else "f"
        fn = getattr(self.library, f"{name}_{suffix}")
        fn(*[a.ctypes.data_as(ctypes.c_void_p) for a in arrays], out.ctypes.data_as(ctypes.c_void_p),
           ctypes.c_long(out.size))
        return out.reshape(numpy.broadcast_shapes(*(numpy.shape(a) for a in args)))


def relative_error(got, want, tiny=0.0):
    """max |got - want| / max(|want|, tiny) over finite `want`; NaN/inf must agree exactly."""
    got, want = numpy.asarray(got, numpy.float64), numpy.asarray(want, numpy.float64)
    finite = numpy.isfinite(want)
    # inf where the other side overflowed only just (past 1e300) counts as agreeing
    overflow = numpy.isinf(want) & (numpy.abs(got) > 1e300) & (numpy.sign(got) == numpy.sign(want))
    mismatch = ~finite & ~((got == want) | (numpy.isnan(got) & numpy.isnan(want)) | overflow)
    if mismatch.any():
        i = numpy.flatnonzero(mismatch)[0]
        raise AssertionError(f"special value differs at {i}: got {got.flat[i]!r}, want {want.flat[i]!r}")
    if not finite.any():
        return 0.0
    g, w = got[finite], want[finite]
    with numpy.errstate(invalid="ignore", divide="ignore"):
        err = numpy.abs(g - w) / numpy.maximum(numpy.abs(w), max(tiny, 1e-300))  # below: underflow
    err = numpy.where(g == w, 0.0, numpy.where(numpy.isnan(err), numpy.inf, err))
    return float(numpy.max(err))
