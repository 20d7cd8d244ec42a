# SPDX-License-Identifier: BSD-3-Clause
"""The notebooks in notebooks/ (issue #32): valid, stored without outputs,
each stating its data size, every code cell valid Python whose gpuarray
names exist (here, no device needed); and executed start to end on a GPU
(nbclient and ipykernel: the `gpu` test), so that they cannot rot."""
import ast
import importlib
import pathlib

import pytest

nbformat = pytest.importorskip("nbformat")

NOTEBOOKS = sorted((pathlib.Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))
IDS = [path.name for path in NOTEBOOKS]
# The names the notebooks bind to gpuarray modules, and what they are.
MODULES = {"xp": "gpuarray", "cuda": "gpuarray.cuda", "jit": "gpuarray.jit", "fft": "gpuarray.scipy.fft",
           "linalg": "gpuarray.scipy.linalg", "signal": "gpuarray.scipy.signal",
           "special": "gpuarray.scipy.special", "stats": "gpuarray.scipy.stats", "ndimage": "gpuarray.scipy.ndimage",
           "sparse": "gpuarray.scipy.sparse", "splinalg": "gpuarray.scipy.sparse.linalg"}


def _read(path):
    notebook = nbformat.read(path, as_version=4)
    nbformat.validate(notebook)
    return notebook


def _code(notebook):
    return [cell.source for cell in notebook.cells if cell.cell_type == "code"]


def test_there_are_notebooks():
    assert len(NOTEBOOKS) >= 4


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_valid_without_outputs_and_says_its_data_size(path):
    notebook = _read(path)
    assert notebook.cells[0].cell_type == "markdown" and notebook.cells[0].source.startswith("# ")
    assert "Data size" in notebook.cells[0].source
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, "store notebooks without outputs"


def _attribute_chains(tree):
    """Each `name.attr` whose `name` is one of MODULES' keys, as (name, attr)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in MODULES:
            yield node.value.id, node.attr


@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_code_compiles_and_names_exist(path):
    tree = ast.parse("\n".join(_code(_read(path))), filename=path.name)
    imported = {alias.asname or alias.name for node in ast.walk(tree)
                if isinstance(node, (ast.Import, ast.ImportFrom)) for alias in node.names}
    for name, attr in _attribute_chains(tree):
        if name in imported:
            assert hasattr(importlib.import_module(MODULES[name]), attr), f"{path.name}: {name}.{attr}"


@pytest.mark.gpu
@pytest.mark.parametrize("path", NOTEBOOKS, ids=IDS)
def test_notebook_runs(path):
    nbclient = pytest.importorskip("nbclient")
    notebook = _read(path)
    # Each notebook states it runs in under two minutes on an H100.
    nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}}).execute()
    errors = [output for cell in notebook.cells if cell.cell_type == "code"
              for output in cell.outputs if output.output_type == "error"]
    assert not errors
