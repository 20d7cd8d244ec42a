# SPDX-License-Identifier: BSD-3-Clause
"""What the Dask tests share (a helper module, not a conftest: other test folders
import tests/conftest.py as `conftest`, which a second conftest here would shadow).

- The entry point: the tests run against gpuarray's `dask.array.backends` entry
  point. A checkout run from its source tree (PYTHONPATH=python, no `pip
  install`) has no package metadata, so Dask would not find the entry point
  pyproject.toml declares; importing this module then writes the same entry
  point into a throwaway dist-info folder on sys.path, for the process.
- `subprocess_env()`: the environment of a child interpreter that imports the
  same gpuarray and Dask as the test process, and finds that entry point.
- `assert_eq`: Dask's assert_eq for gpuarray chunks. Dask's own brings CuPy
  arrays to the host by name (``is_cupy_type``) and would hand a gpuarray array
  to NumPy, which gpuarray refuses (no implicit transfers); this one copies
  every gpuarray value to the host first, after checking that a Dask array's
  meta and computed value are gpuarray arrays.
"""
import atexit
import importlib.metadata
import os
import pathlib
import shutil
import sys
import tempfile

import numpy

import dask.array as da
import dask.backends
from dask.array.utils import assert_eq as dask_assert_eq

import gpuarray

ROOT = pathlib.Path(__file__).resolve().parents[2]
ENTRY_POINT = "gpuarray._dask.backend:GpuarrayBackendEntrypoint"


def _have_entry_point():
    return any(ep.name == "gpuarray" for ep in importlib.metadata.entry_points(group="dask.array.backends"))


def _provide_entry_point():
    """The folder of a dist-info declaring the entry point, put on sys.path; None
    where gpuarray's own metadata declares it already."""
    if _have_entry_point():
        return None
    folder = tempfile.mkdtemp(prefix="gpuarray-dask-entry-point-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    info = pathlib.Path(folder, "gpuarray_source_tree-0.dist-info")
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: gpuarray-source-tree\nVersion: 0\n")
    (info / "entry_points.txt").write_text(f"[dask.array.backends]\ngpuarray = {ENTRY_POINT}\n")
    sys.path.insert(0, folder)
    dask.backends.detect_entrypoints.cache_clear()  # Dask caches what it found
    return folder


ENTRY_POINT_FOLDER = _provide_entry_point()


def _import_root(module):
    """The sys.path entry a package was imported from."""
    return os.path.dirname(os.path.dirname(os.path.abspath(module.__file__)))


def subprocess_env():
    """The environment for a child Python that imports the same gpuarray and Dask
    as this process (the installed gpuarray where the tests run from a checkout
    without a build) and finds gpuarray's Dask entry point.

    The child's path is this process's sys.path, in its order (so each package
    resolves as it did here: a Dask installed with ``pip --target`` included),
    after the folders gpuarray and Dask were imported from where sys.path lacks
    them (an editable install's finder), then tests/ (fake_memory) and the
    entry-point folder; never the checkout's python/ folder unless this process
    imports gpuarray from there."""
    paths = [os.path.abspath(p) for p in sys.path if p]
    modules = [gpuarray, dask] + [m for m in [sys.modules.get("distributed")] if m is not None]
    paths = [root for root in map(_import_root, modules) if root not in paths] + paths
    paths.append(str(ROOT / "tests"))
    if ENTRY_POINT_FOLDER is not None:
        paths.append(ENTRY_POINT_FOLDER)
    env = dict(os.environ)
    if env.get("PYTHONPATH"):
        paths.append(env["PYTHONPATH"])
    env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(paths))  # first occurrence wins, as on sys.path
    return env


def to_host(x):
    """A Dask array (computed), gpuarray array or anything NumPy takes, as NumPy data."""
    if isinstance(x, da.Array):
        x = x.compute()
    if isinstance(x, gpuarray.ndarray):
        return gpuarray.asnumpy(x)
    return x


def check_gpuarray_backed(x):
    """A Dask array's meta is a gpuarray array and its computed value is one too."""
    assert type(x._meta) is gpuarray.ndarray, f"meta is {type(x._meta)}"
    computed = x.compute()
    assert type(computed) is gpuarray.ndarray, f"computed is {type(computed)}"
    assert computed.ndim == x._meta.ndim
    return computed


def assert_eq(a, b, check_type=True, **kwargs):
    """Dask's assert_eq over host copies; with `check_type`, every Dask array among a
    and b must be gpuarray-backed (meta and computed chunks)."""
    if check_type:
        for x in (a, b):
            if isinstance(x, da.Array):
                check_gpuarray_backed(x)
            elif not isinstance(x, (numpy.ndarray, numpy.generic, int, float, complex, bool, list)):
                assert type(x) is gpuarray.ndarray, f"{type(x)} is not a gpuarray array"
    dask_assert_eq(to_host(a), to_host(b), **kwargs)
