# SPDX-License-Identifier: BSD-3-Clause
"""What Dask does with gpuarray arrays that never touches device memory: meta
arrays, graphs over gpuarray chunks, tokens of empty arrays, the serializers'
headers and frames, sizeof, numel of full reductions. Arrays over made-up
addresses (tests/fake_memory.py): no GPU needed."""
import subprocess
import sys

import numpy
import pytest

pytest.importorskip("dask.array")

import dask.array as da  # noqa: E402
from dask.array.utils import meta_from_array  # noqa: E402
from dask.base import tokenize  # noqa: E402
from dask.sizeof import sizeof  # noqa: E402

import gpuarray  # noqa: E402
from gpuarray._dask import backend, dispatch, serialize  # noqa: E402
from gpuarray._dask.tokenize import content_digest  # noqa: E402
from fake_memory import FAKE_ADDRESS, fake_array  # noqa: E402
from dask_test_support import subprocess_env  # noqa: E402  (importing it also provides the entry point)

DTYPES = ["bool", "int8", "uint16", "int32", "int64", "float16", "float32", "float64", "complex64", "complex128"]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(5,), (4, 6), (2, 3, 4), (0, 3)])
def test_meta_from_array_is_an_empty_gpuarray_view(shape, dtype):
    a, _ = fake_array(shape, dtype)
    meta = meta_from_array(a)
    assert type(meta) is gpuarray.ndarray
    assert meta.shape == (0,) * len(shape) and meta.dtype == numpy.dtype(dtype)


def test_meta_from_array_of_a_strided_view_and_more_dimensions():
    a, _ = fake_array((6, 4), numpy.float64, strides=(8, 48))  # Fortran order
    meta = meta_from_array(a[::-1, ::2], ndim=3)
    assert type(meta) is gpuarray.ndarray and meta.shape == (0, 0, 0) and meta.dtype == numpy.float64


def _dask_array(shape, chunks, dtype=numpy.float32):
    """A Dask array whose meta is a gpuarray array (no tasks: never computed)."""
    meta, _ = fake_array((0,) * len(shape), dtype)
    chunks = da.core.normalize_chunks(chunks, shape, dtype=numpy.dtype(dtype))
    return da.Array({}, "fake-gpuarray", chunks=chunks, meta=meta)


@pytest.mark.parametrize("operation", [
    lambda x: x.T,
    lambda x: x[1:, :3],
    lambda x: x[None, ::2],
    lambda x: x.rechunk(6),
    lambda x: x.reshape(24),
    lambda x: da.transpose(x),
], ids=["T", "slice", "newaxis", "rechunk", "reshape", "transpose"])
def test_graph_operations_keep_gpuarray_meta(operation):
    y = operation(_dask_array((6, 4), (3, 2)))
    assert type(y._meta) is gpuarray.ndarray
    assert "chunktype=gpuarray.ndarray" in repr(y)


def test_tensordot_chunks_go_to_gpuarrays_tensordot(monkeypatch):
    # Dask's tensordot task picks the library as max((a, b), key=__array_priority__),
    # also when computing da.dot's meta; a gpuarray chunk outranks a NumPy one, as CuPy's.
    from dask.array.dispatch import tensordot_lookup
    from dask.array.routines import _tensordot
    assert gpuarray.ndarray.__array_priority__ > numpy.empty(0).__array_priority__
    seen = []

    def fake_tensordot(a, b, axes):
        seen.append((a.shape, b.shape, axes))
        return fake_array((2, 5))[0]

    tensordot_lookup.dispatch(gpuarray.ndarray)  # Dask's lazy registration first, then replace it
    monkeypatch.setitem(tensordot_lookup._lookup, gpuarray.ndarray, fake_tensordot)
    a, b = fake_array((2, 3))[0], fake_array((3, 5))[0]
    out = _tensordot(a, b, ((1,), (0,)), False)
    assert seen == [((2, 3), (3, 5), ((1,), (0,)))]
    assert type(out) is gpuarray.ndarray and out.shape == (2, 1, 5)


class _Collection:
    """A stand-in for a Dask collection whose compute gives a device array."""

    def __init__(self, value, graph):
        self.value, self.graph, self.computed = value, graph, 0

    def __dask_graph__(self):
        return self.graph

    def compute(self):
        self.computed += 1
        return self.value


def test_asarray_computes_a_dask_collection():
    # As numpy.asarray does (Dask's __array__); Dask's asanyarray_safe(x, like=gpuarray) relies on it.
    a, _ = fake_array((3, 2))
    collection = _Collection(a, graph={"x": 1})
    assert gpuarray.asarray(collection) is a and collection.computed == 1
    assert gpuarray.array(collection, copy=False) is a
    assert gpuarray._array_creation.from_data._is_dask_collection(da.ones(3))
    # A graph of None (an xarray DataArray over NumPy data) is not a collection to compute.
    assert not gpuarray._array_creation.from_data._is_dask_collection(_Collection(a, graph=None))
    assert not gpuarray._array_creation.from_data._is_dask_collection(a)


def test_to_backend_of_a_gpuarray_backed_array_is_itself():
    x = _dask_array((6, 4), (3, 2))
    assert backend.GpuarrayBackendEntrypoint.to_backend(x) is x


@pytest.mark.parametrize("shape, dtype", [((0,), "float32"), ((0, 3), "float32"), ((3, 0), "int64"),
                                          ((0, 3), "float64"), ((0,), "complex64")])
def test_tokens_of_empty_arrays_need_no_device(shape, dtype):
    a, _ = fake_array(shape, dtype)
    b, _ = fake_array(shape, dtype)
    assert content_digest(a) == (0, 0)
    assert tokenize(a) == tokenize(b)
    assert a.__dask_tokenize__() == ("gpuarray.ndarray", numpy.dtype(dtype).str, numpy.dtype(dtype).name,
                                     shape, 0, 0, 0)


def test_tokens_of_empty_arrays_differ_by_dtype_and_shape():
    tokens = {tokenize(fake_array(shape, dtype)[0])
              for shape in [(0,), (0, 3), (3, 0)] for dtype in ["float32", "float64", "int32"]}
    assert len(tokens) == 9


def test_tokens_are_the_same_in_another_process():
    code = ("from dask.base import tokenize; from fake_memory import fake_array; "
            "print(tokenize(fake_array((0, 3), 'float32')[0]))")
    other = subprocess.run([sys.executable, "-c", code], env=subprocess_env(), capture_output=True, text=True,
                           timeout=120)
    assert other.returncode == 0, other.stderr
    assert other.stdout.strip() == tokenize(fake_array((0, 3), "float32")[0])


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(), (7,), (4, 6), (2, 3, 4)])
def test_sizeof_is_nbytes(shape, dtype):
    a, _ = fake_array(shape, dtype)
    assert sizeof(a) == a.nbytes == int(numpy.prod(shape)) * numpy.dtype(dtype).itemsize


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", [(), (7,), (4, 6), (2, 3, 4)])
def test_device_serialize_sends_the_buffer_itself(shape, dtype):
    a, _ = fake_array(shape, dtype)
    header, frames = serialize.device_serialize(a)
    assert header == {"shape": shape, "typestr": numpy.dtype(dtype).str, "strides": a.strides}
    (frame,) = frames
    assert type(frame) is gpuarray.ndarray and frame.dtype == numpy.uint8 and frame.shape == (a.nbytes,)
    assert frame.data.ptr == a.data.ptr == FAKE_ADDRESS


@pytest.mark.parametrize("order", ["C", "F"])
def test_device_round_trip_keeps_layout_and_memory(order):
    strides = (4, 24) if order == "F" else None
    a, _ = fake_array((6, 4), numpy.float32, strides=strides)
    header, frames = serialize.device_serialize(a)
    b = serialize.device_deserialize(header, frames)
    assert b.shape == a.shape and b.dtype == a.dtype and b.strides == a.strides
    assert b.data.ptr == a.data.ptr
    assert b.flags.f_contiguous == (order == "F")


def test_device_deserialize_refuses_a_frame_of_the_wrong_size():
    a, _ = fake_array((3, 5), numpy.int32)
    header, frames = serialize.device_serialize(a)
    header = dict(header, shape=(4, 5))
    with pytest.raises(ValueError, match="the frame holds 60 bytes, the header's shape \\(4, 5\\)"):
        serialize.device_deserialize(header, frames)


def test_chunk_numel_of_a_full_reduction_is_a_host_scalar():
    a, _ = fake_array((3, 4, 5))
    for dtype in (numpy.float64, numpy.int64):
        count = dispatch.chunk_numel(a, dtype=dtype)
        assert count == 60 and count.dtype == dtype and not isinstance(count, gpuarray.ndarray)


def test_chunk_percentile_of_an_empty_chunk():
    a, _ = fake_array((0,))
    assert dispatch.chunk_percentile(a, numpy.array([50.0])) == (None, 0)
