# SPDX-License-Identifier: BSD-3-Clause
"""Device-side parts of the Dask integration: content-hash tokens (Note [Tokens of
device arrays]), distributed's serializers for gpuarray arrays with real device
memory, and Dask clusters computing on gpuarray chunks: a LocalCluster of two
workers (threads of one process: one GPU suffices) and, where dask_cuda is
installed, a LocalCUDACluster (one worker per GPU)."""
import pickle

import numpy as np
import pytest

pytest.importorskip("dask.array")

import dask.array as da  # noqa: E402
from dask.base import tokenize  # noqa: E402

import gpuarray  # noqa: E402
from gpuarray._dask import serialize, tokenize as gpuarray_tokenize  # noqa: E402
from dask_test_support import assert_eq, subprocess_env, to_host  # noqa: E402

pytestmark = pytest.mark.gpu

DTYPES = ["bool", "int8", "uint16", "int32", "int64", "float16", "float32", "float64", "complex64", "complex128"]


def _values(shape, dtype, seed=0):
    n = np.random.default_rng(seed).integers(0, 100, size=shape)
    return n.astype(dtype)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(), (1,), (7,), (4, 6), (3, 5, 2)])
def test_equal_contents_give_equal_tokens(shape, dtype):
    n = _values(shape, dtype)
    assert tokenize(gpuarray.asarray(n)) == tokenize(gpuarray.asarray(n.copy()))


@pytest.mark.parametrize("layout", ["fortran", "reversed", "strided", "broadcast", "transposed"])
def test_token_follows_values_not_layout(layout):
    n = _values((6, 8), np.float32)
    g = gpuarray.asarray(n)
    view, host = {
        "fortran": (gpuarray.asfortranarray(g), n),
        "reversed": (g[::-1, ::-1], n[::-1, ::-1]),
        "strided": (g[::2, 1::3], n[::2, 1::3]),
        "broadcast": (gpuarray.broadcast_to(g[0], (5, 8)), np.broadcast_to(n[0], (5, 8))),
        "transposed": (g.T, n.T),
    }[layout]
    assert tokenize(view) == tokenize(gpuarray.asarray(np.ascontiguousarray(host)))


def test_tokens_differ_by_one_element_anywhere():
    n = np.zeros(3 * gpuarray_tokenize.BLOCK_WORDS // 4 + 5, np.float32)  # spans several hash blocks
    g = gpuarray.asarray(n)
    tokens = {tokenize(g)}
    for i in (0, 1, n.size // 2, n.size - 1):
        changed = g.copy()
        changed[i] = 1.0
        tokens.add(tokenize(changed))
    assert len(tokens) == 5


def test_tokens_differ_by_dtype_shape_and_order_of_values():
    a = gpuarray.arange(12, dtype=np.int32)
    tokens = {tokenize(a), tokenize(a.reshape(3, 4)), tokenize(a.astype(np.uint32)), tokenize(a.view(np.float32)),
              tokenize(a[::-1].copy()), tokenize(a.reshape(4, 3).T.copy())}
    assert len(tokens) == 6


def _reference_digest(host):
    """Note [Tokens of device arrays]'s hash computed with NumPy on the host."""
    t = gpuarray_tokenize
    data = np.ascontiguousarray(host).reshape(-1).view(np.uint8)
    words = np.concatenate([data, np.zeros(-data.size % 8, np.uint8)]).view(np.uint64)

    def fmix(x):
        for multiplier in (t._MIX1, t._MIX2):
            x = (x ^ (x >> t._SHIFT)) * multiplier
        return x ^ (x >> t._SHIFT)

    with np.errstate(over="ignore"):
        mixed = fmix(words ^ (np.arange(words.size, dtype=np.uint64) * t._INDEX_MULTIPLIER))
        return int(mixed.sum(dtype=np.uint64)), int(fmix(mixed ^ t._SECOND_SEED).sum(dtype=np.uint64))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(), (3,), (5, 7), (2, 3, 5)])
def test_digest_is_the_documented_hash(shape, dtype):
    n = _values(shape, dtype, seed=4)
    assert gpuarray_tokenize.content_digest(gpuarray.asarray(n)) == _reference_digest(n)


def test_digest_across_hash_blocks_is_the_documented_hash(monkeypatch):
    monkeypatch.setattr(gpuarray_tokenize, "BLOCK_WORDS", 5)  # many blocks of a small array
    n = _values((7, 9), np.float64, seed=5)
    assert gpuarray_tokenize.content_digest(gpuarray.asarray(n)) == _reference_digest(n)


def test_token_changes_when_the_array_is_written():
    a = gpuarray.zeros(10)
    before = tokenize(a)
    a[3] = 1
    assert tokenize(a) != before


def test_digest_of_padding_is_not_confused_with_zeros():
    # 3 bytes are padded to a word with zeros; the byte count keeps them apart.
    assert tokenize(gpuarray.zeros(3, np.uint8)) != tokenize(gpuarray.zeros(8, np.uint8))


def test_token_is_the_same_in_another_process():
    import subprocess
    import sys
    code = ("import numpy, gpuarray; from dask.base import tokenize; "
            "print(tokenize(gpuarray.asarray(numpy.arange(1000, dtype=numpy.float64))))")
    other = subprocess.run([sys.executable, "-c", code], env=subprocess_env(), capture_output=True, text=True,
                           timeout=300)
    assert other.returncode == 0, other.stderr
    assert other.stdout.strip() == tokenize(gpuarray.asarray(np.arange(1000, dtype=np.float64)))


# serializers


def _fortran(a):
    """A Fortran-ordered copy made by `a`'s own library: `make` below builds the
    device array and its NumPy twin (gpuarray.asfortranarray would upload the twin)."""
    return gpuarray.asfortranarray(a) if isinstance(a, gpuarray.ndarray) else np.asfortranarray(a)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("make", [lambda g: g, _fortran, lambda g: g[::-1, ::2],
                                  lambda g: g[0], lambda g: g[:0]],
                         ids=["C", "F", "strided", "row", "empty"])
@pytest.mark.parametrize("family", ["device", "host"])
def test_serializer_round_trip(dtype, make, family):
    n = _values((5, 6), dtype)
    a = make(gpuarray.asarray(n))
    expected = make(n)
    assert type(expected) is np.ndarray
    dumps, loads = {"device": (serialize.device_serialize, serialize.device_deserialize),
                    "host": (serialize.host_serialize, serialize.host_deserialize)}[family]
    header, frames = dumps(a)
    if family == "host":
        frames = [bytes(f) for f in frames]  # what a TCP transport hands over
    b = loads(header, frames)
    assert type(b) is gpuarray.ndarray and b.shape == expected.shape and b.dtype == expected.dtype
    np.testing.assert_array_equal(gpuarray.asnumpy(b), expected)
    if a.size and (a.flags.c_contiguous or a.flags.f_contiguous):  # sent as it is: the layout arrives too
        assert b.strides == a.strides
        if family == "device":
            assert b.data.ptr == a.data.ptr  # no copy on the device


def test_device_deserialize_takes_a_cuda_array_interface_exporter():
    a = gpuarray.arange(15, dtype=np.int32).reshape(3, 5)
    header, (frame,) = serialize.device_serialize(a)

    class Exporter:  # what UCX or another library hands over
        __cuda_array_interface__ = frame.__cuda_array_interface__

    b = serialize.device_deserialize(header, [Exporter()])
    assert b.data.ptr == a.data.ptr
    np.testing.assert_array_equal(gpuarray.asnumpy(b), np.arange(15).reshape(3, 5))


@pytest.mark.parametrize("serializers", [("cuda",), ("dask",), ("pickle",)])
def test_distributed_serialize_families(serializers):
    protocol = pytest.importorskip("distributed.protocol")
    a = gpuarray.asfortranarray(gpuarray.arange(24.0).reshape(4, 6))
    header, frames = protocol.serialize(a, serializers=serializers)
    assert header["serializer"] == serializers[0]
    b = protocol.deserialize(header, frames, deserializers=serializers)
    assert type(b) is gpuarray.ndarray
    np.testing.assert_array_equal(gpuarray.asnumpy(b), np.arange(24.0).reshape(4, 6))


def test_pickle_round_trip():
    a = gpuarray.arange(10.0)
    b = pickle.loads(pickle.dumps(a, protocol=5))
    assert type(b) is gpuarray.ndarray
    np.testing.assert_array_equal(gpuarray.asnumpy(b), np.arange(10.0))


# clusters


def _cluster_workload(client):
    n = np.random.default_rng(0).random((400, 300))
    x = da.from_array(gpuarray.asarray(n), chunks=(100, 100))
    assert_eq(client.compute((x + 1).sum(axis=0)).result(), (n + 1).sum(axis=0))
    y = client.persist(x.T @ x)
    np.testing.assert_allclose(to_host(client.compute(y).result()), n.T @ n, rtol=1e-10)
    sums = client.gather(client.map(lambda b: float(b.sum()), [gpuarray.asarray(n[i::4]) for i in range(4)]))
    np.testing.assert_allclose(sorted(sums), sorted(n[i::4].sum() for i in range(4)))
    # a chunk scattered to, then gathered from, the workers comes back as a gpuarray array
    future = client.scatter(gpuarray.asarray(n))
    back = future.result()
    assert type(back) is gpuarray.ndarray
    np.testing.assert_array_equal(gpuarray.asnumpy(back), n)


def test_local_cluster_two_workers():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        _cluster_workload(client)


def test_local_cuda_cluster():
    dask_cuda = pytest.importorskip("dask_cuda")
    distributed = pytest.importorskip("distributed")
    devices = gpuarray.cuda.runtime.getDeviceCount()
    if devices < 2:
        pytest.skip(f"LocalCUDACluster with two workers needs two GPUs; this machine has {devices}")
    with dask_cuda.LocalCUDACluster(n_workers=2, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        _cluster_workload(client)
