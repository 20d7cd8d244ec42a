# SPDX-License-Identifier: BSD-3-Clause
"""The Python package's imports go one way (issue 23; docs/architecture.md,
"The Python package"): every module belongs to a layer of LAYERS and imports
only from its own layer and the layers below it; no import cycle between
gpuarray's modules, counting imports inside functions; and no function that
imports a gpuarray module except the lazy ones the design allows. Read from the
source, no GPU."""
import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parents[2] / "python" / "gpuarray"

# Imported on first use on purpose: the CUDA library bindings (mapping cuBLAS,
# cuSOLVER and cuFFT would slow `import gpuarray`), NCCL's (which may be
# missing) and show_config's report.
LAZY = {"gpuarray._base.libs", "gpuarray.__main__", "gpuarray.cuda.nccl"}

# The layers, bottom first: a module may import modules of its own layer and of
# the layers before it (docs/architecture.md, section 1). A layer is a dotted
# prefix under gpuarray; a module belongs to the longest prefix that names it.
# `_base` is what every module may import; each area after it follows a section
# of NumPy's reference and imports only the areas listed before it. The
# namespace itself (gpuarray/__init__.py) is the top: modules that hand it out
# as a value (`__array_namespace__`, get_array_module, random, testing) import
# it, which is how Python packages load, not an upward import.
LAYERS = [
    "_core", "dtypes", "exceptions",
    "_base.signatures",  # text signatures for the bindings, which cuda/ sets too
    "cuda",
    "_base",
    "cuda.nccl",  # loaded on first use, over _base/nccl.py (which finds libnccl)
    "_user_kernels",
    "_interop",
    "_array_creation",
    "_ufunc",
    "_array_manipulation",
    "_sorting_searching",
    "_reduction",
    "_math",
    "_binary_ops",
    "_logic",
    "_matrix_building",
    "_array_editing",
    "_index_routines",
    "_set_routines",
    "_stats",
    "_windows",
    "_array_padding",
    "_file_io",
    "_functional_programming",
    "linalg",
    "_poly",
    "_matlib",
    "ma",
    "fft",
    "emath",
    "polynomial",
    "random",
    "jit",
    "profiler",
    "testing",
    "_dask",
    # ndarray's and ufunc's methods, attached once the NumPy layer has loaded;
    # below scipy/, whose sparse arrays reuse ufunc.reduceat's kernel launch.
    "_methods",
    "scipy.special",
    "scipy.fft",
    "scipy.fftpack",
    "scipy.linalg",
    "scipy.stats",
    "scipy.signal",
    "scipy",
    "__main__",
]

# The only modules directly in gpuarray/ besides the namespace: every other
# module belongs to a subpackage (an area), so that the tree shows the layers.
TOP_LEVEL = {"gpuarray.__main__", "gpuarray.dtypes", "gpuarray.exceptions", "gpuarray.emath"}


def _modules():
    """{dotted module name: parsed source} for every .py file of the package."""
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = (path, ast.parse(path.read_text(), str(path)))
    return out


MODULES = _modules()


def _targets(module, node):
    """The package modules an import statement in `module` loads (the package
    `gpuarray` itself only for names that are not submodules)."""
    path, _ = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name in MODULES]
    base = node.module or ""
    if node.level:
        stem = package.split(".")[:len(package.split(".")) - node.level + 1]
        base = ".".join(stem + ([node.module] if node.module else []))
    found = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in MODULES]
    if len(found) < len(node.names) and base in MODULES:
        found.append(base)
    return found


def _edges():
    """(importer, imported, inside a function) for every import of a package module."""
    for module, (_, tree) in MODULES.items():
        top = set(map(id, tree.body))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for target in _targets(module, node):
                    if target != module:
                        yield module, target, id(node) not in top


def _layer(module):
    """The index in LAYERS of `module` (a dotted name under gpuarray), or None."""
    rest = module.partition(".")[2]
    best = None
    for i, prefix in enumerate(LAYERS):
        if rest == prefix or rest.startswith(prefix + "."):
            if best is None or len(prefix) > len(LAYERS[best]):
                best = i
    return best


def test_every_module_has_a_layer():
    unplaced = sorted(m for m in MODULES if m != "gpuarray" and _layer(m) is None)
    assert not unplaced, "put these modules in an area of LAYERS (or add the area):\n" + "\n".join(unplaced)


def test_top_level_holds_no_area_module():
    flat = sorted(m for m in MODULES if m.count(".") == 1 and m not in TOP_LEVEL and m.split(".")[1] not in LAYERS)
    assert not flat, "modules directly in gpuarray/ belong in an area subpackage:\n" + "\n".join(flat)


def test_imports_go_down_the_layers():
    """An import (at the top or inside a function) names a module of the same layer
    or of a layer below; importing the namespace `gpuarray` itself is allowed."""
    upward = []
    for a, b, _ in _edges():
        if b == "gpuarray" or a.startswith(b + "."):
            continue
        la, lb = _layer(a), _layer(b)
        if la is not None and lb is not None and lb > la and b not in LAZY:
            upward.append(f"{a} ({LAYERS[la]}) imports {b} ({LAYERS[lb]})")
    assert not upward, "imports from a higher layer:\n" + "\n".join(sorted(upward))


def test_area_packages_import_nothing():
    """An area's __init__.py is its docstring: importing one module of an area loads
    only what that module needs, not the whole area."""
    busy = []
    for module, (path, tree) in MODULES.items():
        rest = module.partition(".")[2]
        if path.name == "__init__.py" and rest.startswith("_") and rest in LAYERS:
            if any(isinstance(n, (ast.Import, ast.ImportFrom)) for n in ast.walk(tree)):
                busy.append(module)
    assert not busy, "area packages that import:\n" + "\n".join(busy)


def test_no_function_imports_a_gpuarray_module_but_the_lazy_ones():
    local = sorted(f"{a} imports {b}" for a, b, inside in _edges() if inside and b not in LAZY)
    assert not local, "import these at the top of the module (or add a reason to LAZY):\n" + "\n".join(local)


@pytest.mark.parametrize("count_function_imports", [False, True], ids=["top-level", "all"])
def test_no_import_cycle(count_function_imports):
    graph = {m: set() for m in MODULES}
    for a, b, inside in _edges():
        # A submodule importing its own package (or the top-level namespace,
        # loaded first anyway) is how Python packages load, not a cycle.
        if (count_function_imports or not inside) and not a.startswith(b + "."):
            graph[a].add(b)
    # Depth-first search; a back edge closes a cycle.
    state, stack, cycles = {}, [], []

    def visit(m):
        state[m] = "open"
        stack.append(m)
        for n in sorted(graph[m]):
            if state.get(n) == "open":
                cycles.append(" -> ".join(stack[stack.index(n):] + [n]))
            elif n not in state:
                visit(n)
        stack.pop()
        state[m] = "done"

    for m in sorted(graph):
        if m not in state:
            visit(m)
    assert not cycles, "import cycles:\n" + "\n".join(cycles)
