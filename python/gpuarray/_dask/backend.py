# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray as a Dask array backend: ``dask.config.set({"array.backend": "gpuarray"})``
makes ``da.ones``, ``da.zeros``, ``da.empty``, ``da.full``, ``da.arange`` and
``da.random`` create gpuarray chunks, and ``x.to_backend("gpuarray")`` moves an
array's chunks to the device.

Dask finds ``GpuarrayBackendEntrypoint`` through the ``dask.array.backends`` entry
point named ``gpuarray`` (pyproject.toml) and makes one; making one registers
gpuarray in Dask's dispatch tables (``gpuarray._dask.dispatch``), as Dask's own
CuPy backend does. ``import gpuarray`` does not load this module.
"""
import dask.array as da
from dask import config
from dask.array.backends import ArrayBackendEntrypoint

from gpuarray._array_creation.from_shape import empty
from gpuarray._core import ndarray
from gpuarray._dask.dispatch import register_dispatch, to_gpuarray_dispatch
from gpuarray.random import XORWOW, RandomState

__all__ = ["GpuarrayBackendEntrypoint"]


def _with_gpuarray_meta(creator, args, kwargs):
    """Dask's NumPy-backend creation function `creator` with a gpuarray meta array
    (a 0-d gpuarray array when the caller gave none): its chunks are then made by
    the gpuarray functions NumPy's protocols dispatch to."""
    if kwargs.get("meta") is None:
        kwargs["meta"] = empty(())
    with config.set({"array.backend": "numpy"}):
        return getattr(da, creator)(*args, **kwargs)


class GpuarrayBackendEntrypoint(ArrayBackendEntrypoint):
    """Dask's array backend for gpuarray (``array.backend: gpuarray``).

    Creating one registers gpuarray's functions in Dask's dispatch tables.

    Examples
    --------
    >>> import dask
    >>> import dask.array as da
    >>> import gpuarray
    >>> with dask.config.set({"array.backend": "gpuarray"}):
    ...     x = da.ones((4, 4), chunks=2)
    >>> type(x._meta).__name__, int(x.sum().compute())
    ('ndarray', 16)
    """

    def __init__(self):
        register_dispatch()

    @classmethod
    def to_backend_dispatch(cls):
        """The dispatch table that moves a chunk to gpuarray."""
        return to_gpuarray_dispatch

    @classmethod
    def to_backend(cls, data, **kwargs):
        """`data` (a Dask array) with gpuarray chunks: itself when they are already,
        else a copy (from the host) or a view (of a CUDA Array Interface exporter)
        of each chunk."""
        if isinstance(data._meta, ndarray):
            return data
        return data.map_blocks(cls.to_backend_dispatch(), **kwargs)

    @property
    def RandomState(self):
        """gpuarray's ``RandomState``, which ``da.random.RandomState`` draws chunks with."""
        return RandomState

    @property
    def default_bit_generator(self):
        """gpuarray's default bit generator (XORWOW, as CuPy's), for ``da.random.default_rng``."""
        return XORWOW

    @staticmethod
    def ones(*args, **kwargs):
        """``da.ones`` with gpuarray chunks."""
        return _with_gpuarray_meta("ones", args, kwargs)

    @staticmethod
    def zeros(*args, **kwargs):
        """``da.zeros`` with gpuarray chunks."""
        return _with_gpuarray_meta("zeros", args, kwargs)

    @staticmethod
    def empty(*args, **kwargs):
        """``da.empty`` with gpuarray chunks."""
        return _with_gpuarray_meta("empty", args, kwargs)

    @staticmethod
    def full(*args, **kwargs):
        """``da.full`` with gpuarray chunks."""
        return _with_gpuarray_meta("full", args, kwargs)

    @staticmethod
    def arange(*args, like=None, **kwargs):
        """``da.arange`` with gpuarray chunks."""
        with config.set({"array.backend": "numpy"}):
            return da.arange(*args, like=empty(()) if like is None else like, **kwargs)
