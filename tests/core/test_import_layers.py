# SPDX-License-Identifier: BSD-3-Clause
"""The Python package's imports go one way (issue 23; docs/architecture.md,
"The Python package"): no import cycle between gpuarray's modules, counting
imports inside functions, and no function that imports a gpuarray module
except the lazy ones the design allows. Read from the source, no GPU."""
import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parents[2] / "python" / "gpuarray"

# Imported on first use on purpose: the CUDA library bindings (mapping cuBLAS,
# cuSOLVER and cuFFT would slow `import gpuarray`), NCCL's (which may be
# missing) and show_config's report.
LAZY = {"gpuarray._libs", "gpuarray.__main__", "gpuarray.cuda.nccl"}


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
