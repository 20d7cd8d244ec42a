# SPDX-License-Identifier: BSD-3-Clause
"""Writes docs/_data/cupy_names.txt: the public names of the CuPy modules
that docs/_ext/gpuarray_coverage.py compares gpuarray with, so the docs build
needs no CuPy. Run it where CuPy is installed (no GPU needed) when CuPy's
version moves: `python tools/cupy_names.py`."""
import importlib
import os

import cupy

# The CuPy module that stands for each NumPy/SciPy module in the coverage tables.
MODULES = ["cupy", "cupy.linalg", "cupy.fft", "cupy.random", "cupy.polynomial", "cupy.testing",
           "cupyx.scipy.special", "cupyx.scipy.linalg", "cupyx.scipy.fft", "cupyx.scipy.fftpack",
           "cupyx.scipy.signal", "cupyx.scipy.signal.windows", "cupyx.scipy.stats", "cupyx.scipy.ndimage",
           "cupyx.scipy.sparse", "cupyx.scipy.sparse.linalg"]


def main():
    path = os.path.join(os.path.dirname(__file__), "..", "docs", "_data", "cupy_names.txt")
    lines = [f"# CuPy {cupy.__version__}: the public names of its modules, one 'module name' a line"
             " (tools/cupy_names.py)"]
    for name in MODULES:
        module = importlib.import_module(name)
        names = getattr(module, "__all__", None) or [n for n in dir(module) if not n.startswith("_")]
        lines += [f"{name} {n}" for n in sorted(set(names)) if not n.startswith("_")]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
