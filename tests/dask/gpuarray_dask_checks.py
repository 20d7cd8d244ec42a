# SPDX-License-Identifier: BSD-3-Clause
"""Dask's assert_eq for gpuarray chunks. Dask's own brings CuPy arrays to the host
by name (``is_cupy_type``) and would hand a gpuarray array to NumPy, which gpuarray
refuses (no implicit transfers); this one copies every gpuarray value to the host
first, after checking that a Dask array's meta, its computed value and the meta
agree in type, then lets Dask's assert_eq compare the host values."""
import numpy
from dask.array.utils import assert_eq as dask_assert_eq

import dask.array as da
import gpuarray


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
