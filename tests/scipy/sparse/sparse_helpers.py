# SPDX-License-Identifier: BSD-3-Clause
"""Helpers and fixtures of the gpuarray.scipy.sparse tests.

`backend` runs a test twice. On the host, NumPy's functions stand in for
gpuarray's in gpuarray.scipy.sparse._array_ops (the one namespace the sparse
modules reach array functions through): the formats, conversions, operators
and the kernels of _kernels.py then run on a machine without a device and
are compared with scipy.sparse. On the device (marked `gpu`) the same test
runs on device arrays."""
import numpy as np
import pytest
import scipy.linalg
import scipy.sparse

import gpuarray
from gpuarray.scipy.sparse import _array_ops

HOST = {name: getattr(np, name) for name in _array_ops.__all__ if hasattr(np, name)}
HOST.update(asnumpy=np.asarray, ndarray=np.ndarray, dense_norm=np.linalg.norm, dense_eigh=np.linalg.eigh,
            dense_eigvalsh=np.linalg.eigvalsh, dense_qr=np.linalg.qr, dense_svd=np.linalg.svd,
            dense_inv=np.linalg.inv, dense_expm=scipy.linalg.expm, dense_eig=np.linalg.eig,
            dense_eigvals=np.linalg.eigvals,
            reduceat_in_range=lambda ufunc, values, starts: ufunc.reduceat(values, starts, axis=0))
assert set(HOST) == set(_array_ops.__all__), set(_array_ops.__all__) - set(HOST)


class HostBackend:
    """NumPy in gpuarray's place: arrays stay NumPy arrays."""
    name = "host"

    @staticmethod
    def put(a):
        return np.asarray(a)

    @staticmethod
    def get(result):
        return np.asarray(result)


class DeviceBackend:
    """gpuarray: inputs are uploaded, results downloaded."""
    name = "device"

    @staticmethod
    def put(a):
        return gpuarray.asarray(np.asarray(a))

    @staticmethod
    def get(result):
        return gpuarray.asnumpy(result)


@pytest.fixture(params=["host", pytest.param("device", marks=pytest.mark.gpu)])
def backend(request, monkeypatch):
    if request.param == "host":
        for name, function in HOST.items():
            monkeypatch.setattr(_array_ops, name, function)
        return HostBackend()
    return DeviceBackend()


FORMATS = ["csr", "csc", "coo", "dia"]
DTYPES = [np.float64, np.float32, np.complex128, np.complex64, np.bool_]


def host_matrix(shape=(6, 7), density=0.4, dtype=np.float64, seed=0, format="csr"):
    """A SciPy sparse array with values of `dtype` (complex ones with imaginary parts)."""
    rng = np.random.default_rng(seed)
    a = scipy.sparse.random_array(shape, density=density, format="coo", rng=rng)
    values = rng.standard_normal(a.nnz)
    dtype = np.dtype(dtype)
    if dtype.kind == "c":
        values = values + 1j * rng.standard_normal(a.nnz)
    if dtype == np.bool_:
        values = values > 0
    a = scipy.sparse.coo_array((values.astype(dtype), (a.row, a.col)), shape=shape)
    return a.asformat(format)


def with_duplicates(host_coo, seed=0):
    """A COO array with every entry split in two (duplicates), in shuffled order."""
    rng = np.random.default_rng(seed)
    coo = scipy.sparse.coo_array(host_coo)
    row = np.concatenate([coo.row, coo.row])
    col = np.concatenate([coo.col, coo.col])
    if coo.dtype == np.bool_:
        data = np.concatenate([coo.data, coo.data])
    else:
        half = (coo.data / 2).astype(coo.dtype)
        data = np.concatenate([half, coo.data - half])
    order = rng.permutation(row.shape[0])
    return scipy.sparse.coo_array((data[order], (row[order], col[order])), shape=coo.shape)


def dense_of(x, backend):
    """A result (ours, dense or sparse) as a NumPy array."""
    if hasattr(x, "toarray") and not isinstance(x, np.ndarray):
        x = x.toarray()
    return backend.get(x)


def assert_dense_equal(actual, expected, dtype=None, rtol=None):
    """`actual` (NumPy) equals `expected` (SciPy sparse or dense): shape, dtype, values."""
    if hasattr(expected, "toarray"):
        expected = expected.toarray()
    expected = np.asarray(expected)
    actual = np.asarray(actual)
    assert actual.shape == expected.shape, (actual.shape, expected.shape)
    assert actual.dtype == expected.dtype, (actual.dtype, expected.dtype)
    if rtol is None:
        rtol = 1e-5 if actual.dtype in (np.float32, np.complex64) else 1e-12
    if actual.dtype.kind in "fc":
        np.testing.assert_allclose(actual, expected, rtol=rtol, atol=rtol, equal_nan=True)
    else:
        np.testing.assert_array_equal(actual, expected)
