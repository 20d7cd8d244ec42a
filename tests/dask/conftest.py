# SPDX-License-Identifier: BSD-3-Clause
"""The Dask tests run against gpuarray's `dask.array.backends` entry point. A
checkout run from its source tree (PYTHONPATH=python, no `pip install`) has no
package metadata, so Dask would not find the entry point pyproject.toml
declares: for that case this conftest writes the same entry point into a
throwaway dist-info folder on sys.path, for the whole session."""
import importlib.metadata
import os
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
ENTRY_POINT = "gpuarray._dask.backend:GpuarrayBackendEntrypoint"


def _have_entry_point():
    return any(ep.name == "gpuarray" for ep in importlib.metadata.entry_points(group="dask.array.backends"))


@pytest.fixture(scope="session", autouse=True)
def gpuarray_dask_entry_point(tmp_path_factory):
    """Makes `dask.array.backends: gpuarray` discoverable (it is where gpuarray is installed)."""
    if _have_entry_point():
        yield None
        return
    folder = tmp_path_factory.mktemp("entry_point")
    info = folder / "gpuarray_source_tree-0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: gpuarray-source-tree\nVersion: 0\n")
    (info / "entry_points.txt").write_text(f"[dask.array.backends]\ngpuarray = {ENTRY_POINT}\n")
    sys.path.insert(0, str(folder))
    _forget_dask_entry_points()
    yield folder
    sys.path.remove(str(folder))
    _forget_dask_entry_points()


@pytest.fixture
def subprocess_env(gpuarray_dask_entry_point):
    """The environment for a child Python that imports this checkout's gpuarray and
    finds its Dask entry point."""
    paths = [str(ROOT / "python"), str(ROOT / "tests")]
    if gpuarray_dask_entry_point is not None:
        paths.append(str(gpuarray_dask_entry_point))
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(paths + [p for p in [env.get("PYTHONPATH")] if p])
    return env


def _forget_dask_entry_points():
    backends = sys.modules.get("dask.backends")
    if backends is not None:
        backends.detect_entrypoints.cache_clear()  # Dask caches what it found
