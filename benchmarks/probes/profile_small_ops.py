# SPDX-License-Identifier: BSD-3-Clause
"""Host time per call of small ops on 1-element arrays (run on a GPU machine):
which part of `a.sum()` and `a + b` costs what."""
import time

import numpy

import gpuarray as xp
from gpuarray import _core


def per_call(fn, n=20000):
    for _ in range(1000):
        fn()
    xp.cuda.Device().synchronize()
    best = float("inf")
    for _ in range(5):
        t = time.perf_counter()
        for _ in range(n):
            fn()
        best = min(best, (time.perf_counter() - t) / n)
        xp.cuda.Device().synchronize()
    return best * 1e6


a = xp.ones(1, dtype=numpy.float32)
b = xp.ones(1, dtype=numpy.float32)
cases = {
    "a.sum()": lambda: a.sum(),
    "xp.sum(a)": lambda: xp.sum(a),
    "_core._reduce positional": lambda: _core._reduce("sum", a, None, None, None, False, None, None, 0.0),
    "a.max()": lambda: a.max(),
    "a.argmax()": lambda: a.argmax(),
    "a + b": lambda: a + b,
    "xp.sin(a)": lambda: xp.sin(a),
    "_core._ufunc_call('sin', (a,))": lambda: _core._ufunc_call("sin", (a,)),
    "a.shape (a bound property)": lambda: a.shape,
    "a[0:1] (a view, no launch)": lambda: a[0:1],
    "xp.empty(1)": lambda: xp.empty(1, dtype=numpy.float32),
    "a.copy()": lambda: a.copy(),
    "a.cumsum()": lambda: a.cumsum(),
}
for name, fn in cases.items():
    print(f"{name:28s} {per_call(fn):7.2f} µs")
