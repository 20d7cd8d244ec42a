# SPDX-License-Identifier: BSD-3-Clause
"""The type stubs of the compiled modules name exactly what the modules hold
(regenerate them with tools/gen_stubs.sh after changing the bindings)."""
import ast
import importlib
import pathlib

import pytest

import gpuarray

PACKAGE = pathlib.Path(gpuarray.__file__).parent
STUBS = {
    "gpuarray._core": PACKAGE / "_core.pyi",
    "gpuarray._libs_ext": PACKAGE / "_libs_ext" / "__init__.pyi",
    "gpuarray._libs_ext.fft": PACKAGE / "_libs_ext" / "fft.pyi",
}


def stub_names(path):
    names = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets)
        elif isinstance(node, ast.ImportFrom) and node.module not in ("__future__",):
            names.update(alias.asname or alias.name for alias in node.names)
    return names - {"__all__"}


def test_the_package_is_typed():
    assert (PACKAGE / "py.typed").is_file()


@pytest.mark.parametrize("module", sorted(STUBS))
def test_stub_names_what_the_module_holds(module):
    if module.startswith("gpuarray._libs_ext"):
        importlib.import_module("gpuarray._base.libs")  # finds the CUDA libraries first
    held = {name for name in vars(importlib.import_module(module)) if not name.startswith("__")}
    stubbed = stub_names(STUBS[module])
    assert held - stubbed == set(), "no stub: run tools/gen_stubs.sh"
    assert stubbed - held == set(), "stub of something the module lacks: run tools/gen_stubs.sh"
