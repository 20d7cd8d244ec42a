# SPDX-License-Identifier: BSD-3-Clause
"""Telling Dask and distributed about gpuarray when they are imported, without
importing them (Note [Telling Dask about gpuarray]).

Note [Telling Dask about gpuarray]: Dask knows CuPy by name: its own modules
call ``register_lazy("cupy", ...)`` on its dispatch tables, and a table that
first meets a ``cupy.ndarray`` runs that registration. Dask names no
gpuarray, and neither package may import the other just in case (``import
gpuarray`` must not cost Dask's import time, nor ``import dask.array``
gpuarray's). So gpuarray watches for Dask's modules instead: ``install()``,
run by ``import gpuarray``, puts a finder at the front of ``sys.meta_path``
that changes nothing about how a module is found or loaded, but runs a
callback once one of the modules below has executed (at once for those
already imported). The callbacks only register:

- ``dask.array.dispatch``: ``register_lazy("gpuarray", ...)`` on each table
  Dask fills for CuPy. The first time a table meets a gpuarray array, the
  lazy hook asks Dask's ``array_creation_dispatch`` for the backend named
  ``gpuarray``; Dask loads it through the ``dask.array.backends`` entry point
  (``gpuarray._dask.backend``), whose constructor registers gpuarray in every
  table (``gpuarray._dask.dispatch``), as Dask's CuPy entry point does. So
  the Dask-importing modules are loaded by Dask's own mechanism, and only
  once a gpuarray array meets Dask.
- ``dask.array.chunk_types``: ``gpuarray.ndarray`` becomes a chunk type Dask
  does not defer to in arithmetic (NEP 13's hierarchy; NumPy's and CuPy's
  arrays are on Dask's list already).
- ``dask.sizeof``: a chunk's size is its ``nbytes`` (device memory), not
  the few bytes of the Python object.
- ``distributed.protocol.serialize`` and ``distributed.protocol.cuda``: the
  serializers of ``gpuarray._dask.serialize`` ("dask" family: a host copy;
  "cuda" family: the device buffer itself).
"""
import importlib
import sys
import threading
import warnings

from gpuarray._core import ndarray
from gpuarray._dask import serialize

BACKEND_NAME = "gpuarray"

# The dask.array.dispatch tables that Dask fills for CuPy (dask/array/backends.py).
ARRAY_DISPATCH_TABLES = (
    "concatenate_lookup", "take_lookup", "tensordot_lookup", "einsum_lookup", "empty_lookup",
    "percentile_lookup", "numel_lookup", "nannumel_lookup", "to_numpy_dispatch",
    "to_cupy_dispatch",
)

__all__ = []


def load_array_backend():
    """Dask's lazy registration for gpuarray arrays: load the ``gpuarray`` array
    backend through Dask's entry-point lookup, whose constructor registers
    gpuarray's functions in every dask.array dispatch table.

    A copy of gpuarray whose package metadata lacks the entry point (run from
    a source tree without ``pip install``) gets a RuntimeWarning, and Dask
    keeps its NumPy defaults, which reach gpuarray through NumPy's protocols.
    """
    backends = importlib.import_module("dask.array.backends")  # loaded already: Dask is dispatching
    try:
        backends.array_creation_dispatch.dispatch(BACKEND_NAME)
    except ValueError:
        warnings.warn(
            "gpuarray's Dask backend was not found: this gpuarray's package metadata has no "
            "'dask.array.backends' entry point named 'gpuarray' (install gpuarray with pip); "
            "Dask uses its NumPy defaults for gpuarray chunks (docs/dask.md)",
            RuntimeWarning, stacklevel=2)


def _on_dask_array_dispatch(module):
    for name in ARRAY_DISPATCH_TABLES:
        getattr(module, name).register_lazy(BACKEND_NAME, load_array_backend)


def _on_chunk_types(module):
    if ndarray not in module._HANDLED_CHUNK_TYPES:
        module.register_chunk_type(ndarray)


def _device_nbytes(a):
    """Dask's sizeof of a gpuarray array: the bytes it spans on the device."""
    return int(a.nbytes)


def _on_sizeof(module):
    module.sizeof.register(ndarray, _device_nbytes)


def _on_distributed_serialize(module):
    module.dask_serialize.register(ndarray, serialize.host_serialize)
    module.dask_deserialize.register(ndarray, serialize.host_deserialize)


def _on_distributed_cuda(module):
    module.cuda_serialize.register(ndarray, serialize.device_serialize)
    module.cuda_deserialize.register(ndarray, serialize.device_deserialize)


CALLBACKS = {
    "dask.array.dispatch": _on_dask_array_dispatch,
    "dask.array.chunk_types": _on_chunk_types,
    "dask.sizeof": _on_sizeof,
    "distributed.protocol.serialize": _on_distributed_serialize,
    "distributed.protocol.cuda": _on_distributed_cuda,
}


def _run(name, callback, module):
    # A failing registration must not break the user's `import dask`: it warns instead.
    try:
        callback(module)
    except Exception as exc:  # noqa: BLE001  (any failure: Dask's internals may have moved)
        warnings.warn(f"gpuarray could not register itself with {name}: {exc!r}", RuntimeWarning, stacklevel=2)


class _LoaderThenCallback:
    """Wraps the loader a finder chose: executes the module with it, then runs the callback.
    Everything else (create_module, get_source, resource readers) is the real loader's."""

    def __init__(self, loader, name, callback):
        self._loader = loader
        self._name = name
        self._callback = callback

    def __getattr__(self, attribute):
        return getattr(self._loader, attribute)

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module):
        # The module is seen with its real loader, as if this wrapper had never been there.
        module.__loader__ = self._loader
        if module.__spec__ is not None:
            module.__spec__.loader = self._loader
        self._loader.exec_module(module)
        _run(self._name, self._callback, module)


class AfterImportFinder:
    """A ``sys.meta_path`` finder that finds nothing itself: for a watched module it
    asks the finders after it and wraps the loader they give so that a callback runs
    once the module has executed. Each callback runs once."""

    def __init__(self, callbacks):
        self._callbacks = dict(callbacks)
        self._lock = threading.Lock()

    def pending(self):
        """The watched modules whose callback has not run yet."""
        return sorted(self._callbacks)

    def run_for_loaded(self):
        """Runs the callbacks of the watched modules that are already imported."""
        for name in self.pending():
            module = sys.modules.get(name)
            if module is not None:
                callback = self._pop(name)
                if callback is not None:
                    _run(name, callback, module)

    def _pop(self, name):
        with self._lock:
            return self._callbacks.pop(name, None)

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in self._callbacks:
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(fullname, path, target)
            if spec is not None:
                break
        else:
            return None
        callback = self._pop(fullname)
        if callback is not None and spec.loader is not None and hasattr(spec.loader, "exec_module"):
            spec.loader = _LoaderThenCallback(spec.loader, fullname, callback)
        return spec

    def invalidate_caches(self):
        pass


def install():
    """Puts one ``AfterImportFinder`` for CALLBACKS at the front of ``sys.meta_path``
    (none when there is one already) and runs the callbacks of the modules already
    imported; returns the finder."""
    for finder in sys.meta_path:
        if isinstance(finder, AfterImportFinder):
            return finder
    finder = AfterImportFinder(CALLBACKS)
    sys.meta_path.insert(0, finder)
    finder.run_for_loaded()
    return finder
