# SPDX-License-Identifier: BSD-3-Clause
"""Writes the coverage tables (docs/_generated/coverage.md, included by
docs/coverage.md) at build time: for each NumPy and SciPy module, every
public name, whether gpuarray has it and whether CuPy has it. NumPy's and
SciPy's names come from the installed libraries; CuPy's from
docs/_data/cupy_names.txt (tools/cupy_names.py), so the build needs no CuPy."""
import collections
import importlib
import os

import numpy

from gpuarray_api import write_if_changed

# (reference module, gpuarray module, CuPy module)
MODULES = [
    ("numpy", "gpuarray", "cupy"),
    ("numpy.linalg", "gpuarray.linalg", "cupy.linalg"),
    ("numpy.fft", "gpuarray.fft", "cupy.fft"),
    ("numpy.random", "gpuarray.random", "cupy.random"),
    ("numpy.polynomial", "gpuarray.polynomial", "cupy.polynomial"),
    ("numpy.testing", "gpuarray.testing", "cupy.testing"),
    ("scipy.special", "gpuarray.scipy.special", "cupyx.scipy.special"),
    ("scipy.linalg", "gpuarray.scipy.linalg", "cupyx.scipy.linalg"),
    ("scipy.fft", "gpuarray.scipy.fft", "cupyx.scipy.fft"),
    ("scipy.fftpack", "gpuarray.scipy.fftpack", "cupyx.scipy.fftpack"),
    ("scipy.signal", "gpuarray.scipy.signal", "cupyx.scipy.signal"),
    ("scipy.signal.windows", "gpuarray.scipy.signal.windows", "cupyx.scipy.signal.windows"),
    ("scipy.stats", "gpuarray.scipy.stats", "cupyx.scipy.stats"),
    ("scipy.ndimage", "gpuarray.scipy.ndimage", "cupyx.scipy.ndimage"),
    ("scipy.sparse", "gpuarray.scipy.sparse", "cupyx.scipy.sparse"),
    ("scipy.sparse.linalg", "gpuarray.scipy.sparse.linalg", "cupyx.scipy.sparse.linalg"),
]
YES, NO = "yes", "—"


def reference_names(module):
    """A NumPy/SciPy module's public names: __all__, else dir() without
    private names and without the submodules it imports."""
    names = getattr(module, "__all__", None)
    if names is None:
        names = [n for n in dir(module) if not n.startswith("_")]
    return sorted(n for n in set(names) if not n.startswith("_"))


def cupy_names(srcdir):
    """{CuPy module: set of names} from the stored list."""
    names = collections.defaultdict(set)
    with open(os.path.join(srcdir, "_data", "cupy_names.txt"), encoding="utf-8") as f:
        header = f.readline().lstrip("# ").split(":")[0]  # "CuPy 14.2.0"
        for line in f:
            module, name = line.split()
            names[module].add(name)
    return header, names


def import_or_none(name):
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def coverage_markdown(srcdir):
    header, cupy = cupy_names(srcdir)
    summary = ["| module | names | gpuarray | CuPy |", "| :-- | --: | --: | --: |"]
    details = []
    for reference, ours, theirs in MODULES:
        ref_module = import_or_none(reference)
        if ref_module is None:
            continue
        our_module = import_or_none(ours)
        names = reference_names(ref_module)
        have = [n for n in names if our_module is not None and hasattr(our_module, n)]
        cupy_have = [n for n in names if n in cupy[theirs]]
        anchor = reference.replace(".", "-")
        summary.append(f"| [`{reference}`](#{anchor}) | {len(names)} | {len(have)} | {len(cupy_have)} |")
        details += [f"({anchor})=", f"## `{reference}`", "",
                    f"`{ours}` has {len(have)} of the {len(names)} names, CuPy's `{theirs}` {len(cupy_have)}."
                    + ("" if our_module is not None else f" `{ours}` does not exist yet."), "",
                    "| name | gpuarray | CuPy |", "| :-- | :-: | :-: |"]
        have, cupy_have = set(have), set(cupy_have)
        details += [f"| `{n}` | {YES if n in have else NO} | {YES if n in cupy_have else NO} |" for n in names]
        details.append("")
    scipy = import_or_none("scipy")
    intro = [f"Generated when the site was built, from NumPy {numpy.__version__}"
             + (f", SciPy {scipy.__version__}" if scipy else "") + f" and {header}.", ""]
    return "\n".join(intro + summary + [""] + details) + "\n"


def write_coverage(app):
    folder = os.path.join(app.srcdir, "_generated")
    os.makedirs(folder, exist_ok=True)
    write_if_changed(os.path.join(folder, "coverage.md"), coverage_markdown(app.srcdir))


def setup(app):
    app.connect("builder-inited", write_coverage)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
