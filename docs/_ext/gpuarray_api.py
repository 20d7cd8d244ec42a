# SPDX-License-Identifier: BSD-3-Clause
"""Writes the API reference (docs/api/*.rst) from the installed gpuarray at
build time: one page per public namespace, its ufuncs, functions and classes
by autodoc from their docstrings, the NumPy objects it re-exports and its
constants listed by name. Nothing is kept in the repository, so a name added
to a module's __all__ appears on the next build."""
import importlib
import inspect
import os

import gpuarray

# (namespace, title, what it is): the order of the reference's table of contents.
NAMESPACES = [
    ("gpuarray", "gpuarray", "NumPy's top-level namespace on the GPU."),
    ("gpuarray.linalg", "gpuarray.linalg", "numpy.linalg: cuBLAS and cuSOLVER."),
    ("gpuarray.fft", "gpuarray.fft", "numpy.fft: cuFFT."),
    ("gpuarray.random", "gpuarray.random", "numpy.random: Generator, the legacy functions, bit generators."),
    ("gpuarray.polynomial", "gpuarray.polynomial", "numpy.polynomial's power series."),
    ("gpuarray.emath", "gpuarray.emath", "numpy.emath: complex results outside the real domain."),
    ("gpuarray.testing", "gpuarray.testing", "numpy.testing's assertions for device arrays."),
    ("gpuarray.scipy.special", "gpuarray.scipy.special", "scipy.special."),
    ("gpuarray.scipy.linalg", "gpuarray.scipy.linalg", "scipy.linalg."),
    ("gpuarray.scipy.fft", "gpuarray.scipy.fft", "scipy.fft."),
    ("gpuarray.scipy.fftpack", "gpuarray.scipy.fftpack", "scipy.fftpack (legacy)."),
    ("gpuarray.scipy.signal", "gpuarray.scipy.signal", "scipy.signal."),
    ("gpuarray.scipy.signal.windows", "gpuarray.scipy.signal.windows", "scipy.signal.windows."),
    ("gpuarray.scipy.stats", "gpuarray.scipy.stats", "scipy.stats."),
    ("gpuarray.cuda", "gpuarray.cuda", "CuPy's cupy.cuda: devices, streams, events, memory, kernels, graphs."),
    ("gpuarray.jit", "gpuarray.jit", "CuPy's cupyx.jit: kernels written in Python."),
    ("gpuarray.profiler", "gpuarray.profiler", "CuPy's cupyx.profiler: benchmark, time_range, profile."),
]


def public_names(module):
    """The module's public names: __all__ where it has one."""
    names = getattr(module, "__all__", None)
    if names is None:
        names = [n for n in dir(module) if not n.startswith("_")]
    return list(dict.fromkeys(names))


def is_foreign(obj):
    """Whether `obj` is another library's object that gpuarray re-exports
    (NumPy's scalar types, errstate, ...): documented there, listed here."""
    module = getattr(obj, "__module__", None) or ""
    if inspect.ismodule(obj):
        return not obj.__name__.startswith("gpuarray")
    return isinstance(module, str) and not module.startswith("gpuarray") and (
        inspect.isclass(obj) or inspect.isroutine(obj) or callable(obj))


def classify(namespace):
    """{kind: [names]} for a namespace: ufunc, function, class, module, foreign, data."""
    module = importlib.import_module(namespace)
    kinds = {k: [] for k in ("ufunc", "function", "class", "module", "foreign", "data")}
    for name in public_names(module):
        obj = getattr(module, name, None)
        if obj is None and not hasattr(module, name):
            continue
        if isinstance(obj, gpuarray.ufunc):
            kinds["ufunc"].append(name)
        elif is_foreign(obj):
            kinds["foreign"].append(name)
        elif inspect.ismodule(obj):
            kinds["module"].append(name)
        elif inspect.isclass(obj):
            kinds["class"].append(name)
        elif callable(obj):
            kinds["function"].append(name)
        else:
            kinds["data"].append(name)
    return kinds


def _title(text, mark):
    return f"{text}\n{mark * len(text)}\n\n"


def namespace_page(namespace, title, summary, documented_classes):
    """The reST text of one namespace's page. A class exported by several
    namespaces (gpuarray.RawKernel is gpuarray.cuda.RawKernel) is indexed on
    the first page only: `documented_classes` holds those already indexed."""
    kinds = classify(namespace)
    module = importlib.import_module(namespace)
    out = [f".. currentmodule:: {namespace}\n\n", _title(title, "="), summary + "\n\n"]
    if kinds["module"]:
        out.append("Submodules: " + ", ".join(f"``{namespace}.{m}``" for m in kinds["module"]) + ".\n\n")
    for kind, heading, directive in (("ufunc", "Ufuncs", "autofunction"), ("function", "Functions", "autofunction"),
                                     ("class", "Classes", "autoclass")):
        if not kinds[kind]:
            continue
        out.append(_title(heading, "-"))
        for name in kinds[kind]:
            out.append(f".. {directive}:: {name}\n")
            if directive == "autoclass":
                out.append("   :members:\n")
                cls = getattr(module, name)
                if cls in documented_classes:
                    out.append("   :no-index:\n")
                documented_classes.add(cls)
            out.append("\n")
    if kinds["foreign"]:
        out.append(_title("Re-exported objects", "-"))
        out.append("These names are another library's own objects (NumPy's, mostly), available here so that code"
                   " written for that library runs unchanged; see that library's documentation.\n\n")
        out.append(", ".join(f"``{n}``" for n in kinds["foreign"]) + "\n\n")
    if kinds["data"]:
        out.append(_title("Constants", "-"))
        for name in kinds["data"]:
            value = repr(getattr(module, name))
            value = value if len(value) < 60 else type(getattr(module, name)).__name__
            out.append(f"- ``{name}``: ``{value}``\n")
        out.append("\n")
    return "".join(out)


def write_if_changed(path, text):
    """Writes `text` to `path` unless it is there already, so that Sphinx's
    incremental builds reread only what changed."""
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def write_api_pages(app):
    folder = os.path.join(app.srcdir, "api")
    os.makedirs(folder, exist_ok=True)
    index = [_title("API reference", "="),
             "Generated from the docstrings of the installed gpuarray. Each page is one namespace; NumPy and"
             " SciPy code reaches the same names through ``import gpuarray as xp`` and"
             " ``gpuarray.scipy``.\n\n",
             ".. toctree::\n   :maxdepth: 1\n\n"]
    documented_classes = set()
    for namespace, title, summary in NAMESPACES:
        write_if_changed(os.path.join(folder, f"{namespace}.rst"),
                         namespace_page(namespace, title, summary, documented_classes))
        index.append(f"   {namespace}\n")
    write_if_changed(os.path.join(folder, "index.rst"), "".join(index))


def setup(app):
    app.connect("builder-inited", write_api_pages)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
