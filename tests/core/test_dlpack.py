# SPDX-License-Identifier: BSD-3-Clause
"""DLPack: capsule kinds and structure, ownership, flags and errors (on made-up
addresses, no GPU needed), then zero-copy exchanges with PyTorch and CuPy on a GPU."""
import ctypes
import gc

import numpy
import pytest

import gpuarray
from gpuarray import _core
from fake_memory import FAKE_ADDRESS, fake_array

gpu = pytest.mark.gpu

# ---------------------------------------------------------------- capsule structure


class DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32),
                ("ndim", ctypes.c_int32), ("code", ctypes.c_uint8), ("bits", ctypes.c_uint8),
                ("lanes", ctypes.c_uint16), ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64)]


class DLManagedTensorVersioned(ctypes.Structure):
    _fields_ = [("major", ctypes.c_uint32), ("minor", ctypes.c_uint32), ("manager_ctx", ctypes.c_void_p),
                ("deleter", ctypes.c_void_p), ("flags", ctypes.c_uint64), ("dl_tensor", DLTensor)]


class DLManagedTensor(ctypes.Structure):
    _fields_ = [("dl_tensor", DLTensor), ("manager_ctx", ctypes.c_void_p), ("deleter", ctypes.c_void_p)]


_get_name = ctypes.pythonapi.PyCapsule_GetName
_get_name.restype, _get_name.argtypes = ctypes.c_char_p, [ctypes.py_object]
_get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
_get_pointer.restype, _get_pointer.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]


def capsule_name(capsule):
    return _get_name(capsule).decode()


def managed(capsule):
    """The capsule's managed tensor; it lives as long as the capsule, which the struct keeps."""
    name = capsule_name(capsule)
    kind = DLManagedTensorVersioned if name == "dltensor_versioned" else DLManagedTensor
    m = kind.from_address(_get_pointer(capsule, name.encode()))
    m._capsule = capsule
    return m


@pytest.mark.parametrize("max_version, name", [(None, "dltensor"), ((0, 8), "dltensor"),
                                               ((1, 0), "dltensor_versioned"), ((1, 3), "dltensor_versioned")])
def test_capsule_kind_follows_max_version(max_version, name):
    a, _ = fake_array((2, 3))
    assert capsule_name(a.__dlpack__(max_version=max_version)) == name


@pytest.mark.parametrize("dtype, code, bits", [(numpy.bool_, 6, 8), (numpy.int8, 0, 8), (numpy.int64, 0, 64),
                                               (numpy.uint16, 1, 16), (numpy.float16, 2, 16), (numpy.float64, 2, 64),
                                               (numpy.complex64, 5, 64), (numpy.complex128, 5, 128)])
def test_versioned_tensor_fields(dtype, code, bits):
    a, _ = fake_array((4, 6), dtype)
    v = a[1:, ::2]
    m = managed(v.__dlpack__(max_version=(1, 0)))
    t = m.dl_tensor
    assert (m.major, m.minor) == (1, 0) and m.flags == 0
    assert (t.device_type, t.device_id) == (2, 0)
    assert t.data == v.data.ptr and t.byte_offset == 0
    assert (t.code, t.bits, t.lanes) == (code, bits, 1)
    assert t.ndim == 2 and [t.shape[i] for i in range(2)] == [3, 3]
    assert [t.strides[i] for i in range(2)] == [s // v.itemsize for s in v.strides]


def test_readonly_flag_and_legacy_refusal():
    a, _ = fake_array((3,), readonly=True)
    assert managed(a.__dlpack__(max_version=(1, 0))).flags & 1
    with pytest.raises(BufferError, match="read-only"):
        a.__dlpack__()
    b = gpuarray.from_dlpack(_Producer(a))
    assert not b.flags.writeable


def test_copied_flag_is_not_set_without_a_copy():
    a, _ = fake_array((3,))
    assert managed(a.__dlpack__(max_version=(1, 0), copy=False)).flags & 2 == 0


def test_dlpack_device_and_stream_argument_checks():
    a, _ = fake_array((3,))
    assert a.__dlpack_device__() == (2, 0)
    with pytest.raises(ValueError, match="stream 0"):
        a.__dlpack__(stream=0)
    with pytest.raises(BufferError, match="device"):
        a.__dlpack__(dl_device=(7, 0))
    with pytest.raises(BufferError, match="copy=False"):
        a.__dlpack__(dl_device=(1, 0), copy=False)
    capsule = a.__dlpack__(stream=-1, dl_device=(2, 0))  # -1: no synchronization asked
    assert capsule_name(capsule) == "dltensor"


def test_unrepresentable_strides_raise_buffer_error():
    a, _ = fake_array((4, 2), numpy.float32)
    bytes_view = a._view((4,), (6,))  # 6-byte steps over 4-byte items
    with pytest.raises(BufferError, match="multiple of the item size"):
        bytes_view.__dlpack__()


class _Producer:
    """A DLPack producer that only forwards to a gpuarray array, as another library would."""

    def __init__(self, array):
        self.array = array

    def __dlpack__(self, **kwargs):
        return self.array.__dlpack__(**kwargs)

    def __dlpack_device__(self):
        return self.array.__dlpack_device__()


@pytest.mark.parametrize("versioned", [False, True])
def test_round_trip_views_the_same_memory_and_releases_it(versioned):
    a, owner = fake_array((5, 4), numpy.int32)
    v = a[::2, 1:]
    capsule = v.__dlpack__(max_version=(1, 0) if versioned else None)
    b = gpuarray.fromDlpack(capsule)
    assert capsule_name(capsule) == ("used_dltensor_versioned" if versioned else "used_dltensor")
    assert b.base is capsule
    assert (b.shape, b.strides, b.dtype, b.data.ptr) == (v.shape, v.strides, v.dtype, v.data.ptr)
    with pytest.raises(ValueError, match="already consumed"):
        gpuarray.fromDlpack(capsule)
    del a, v, capsule
    gc.collect()
    assert owner() is not None  # b still views it
    del b
    gc.collect()
    assert owner() is None  # the exporter's deleter ran once, freeing its view


def test_newer_major_version_is_refused_and_left_to_its_owner():
    a, owner = fake_array((3,))
    capsule = a.__dlpack__(max_version=(1, 0))
    m = managed(capsule)
    m.major = 2
    del m, a
    with pytest.raises(BufferError, match="version 2.0"):
        gpuarray.fromDlpack(capsule)
    assert capsule_name(capsule) == "dltensor_versioned"  # not consumed: its destructor frees it
    del capsule
    gc.collect()
    assert owner() is None


@pytest.mark.parametrize("versioned", [False, True])
def test_dtype_without_a_gpuarray_dtype_is_refused_and_released(versioned):
    a, owner = fake_array((3,), numpy.uint16)
    capsule = a.__dlpack__(max_version=(1, 0) if versioned else None)
    m = managed(capsule)
    m.dl_tensor.code = 3  # kDLOpaqueHandle (bfloat16, code 4, is a gpuarray dtype)
    del m, a
    with pytest.raises(BufferError, match="opaque_handle16"):
        gpuarray.fromDlpack(capsule)
    del capsule
    gc.collect()
    assert owner() is None  # consumed, then released at once by the failed import


def test_unconsumed_capsule_releases_its_tensor():
    a, owner = fake_array((3,))
    capsule = a.__dlpack__(max_version=(1, 0))
    del a
    gc.collect()
    assert owner() is not None
    del capsule
    gc.collect()
    assert owner() is None


def test_many_exchanges_leave_nothing_behind():
    a, owner = fake_array((8,))
    for versioned in (None, (1, 0)) * 500:
        b = gpuarray.from_dlpack(_Producer(a))
        c = gpuarray.fromDlpack(b.__dlpack__(max_version=versioned))
        assert c.data.ptr == FAKE_ADDRESS
    del a, b, c
    gc.collect()
    assert owner() is None


def test_from_dlpack_keeps_the_producer_as_base():
    a, _ = fake_array((2, 2))
    producer = _Producer(a)
    b = gpuarray.from_dlpack(producer)
    assert b.base is producer and b.data.ptr == a.data.ptr


def test_from_dlpack_argument_errors():
    a, _ = fake_array((2,))
    with pytest.raises(ValueError, match="device"):
        gpuarray.from_dlpack(a, device="cpu")
    with pytest.raises(TypeError, match="dltensor"):
        gpuarray.fromDlpack(object())


def test_host_producer_needs_a_copy():
    with pytest.raises(BufferError, match="copy=False"):
        gpuarray.from_dlpack(numpy.arange(3), copy=False)
    capsule = numpy.arange(3).__dlpack__()
    with pytest.raises(BufferError, match="host memory"):
        gpuarray.fromDlpack(capsule)


def test_capsule_device_reads_host_capsules():
    assert _core._dlpack_capsule_device(numpy.zeros(2).__dlpack__()) == (1, 0)


class _CapsuleHolder:
    """What the DLPack standard's consumers (numpy.from_dlpack) take: an object with
    __dlpack__/__dlpack_device__, here handing out a capsule made beforehand."""

    def __init__(self, capsule, device):
        self.capsule, self.device = capsule, device

    def __dlpack__(self, **kwargs):
        return self.capsule

    def __dlpack_device__(self):
        return self.device


@pytest.mark.parametrize("versioned", [False, True])
def test_host_capsule_is_marked_copied_and_numpy_reads_it(versioned):
    from gpuarray._interop.dlpack import _host_capsule
    host = numpy.arange(6, dtype=numpy.int16).reshape(2, 3)
    capsule = _host_capsule(host, versioned)
    assert capsule_name(capsule) == ("dltensor_versioned" if versioned else "dltensor")
    if versioned:
        m = managed(capsule)
        assert m.flags & 2 and not m.flags & 1  # is-copied, writable
        assert (m.dl_tensor.device_type, m.dl_tensor.device_id) == (1, 0)
        del m
    numpy.testing.assert_array_equal(numpy.from_dlpack(_CapsuleHolder(capsule, (1, 0))), host)


def test_mark_copied_needs_a_versioned_capsule():
    with pytest.raises(TypeError, match="dltensor_versioned"):
        _core._mark_dlpack_copied(numpy.zeros(2).__dlpack__())


def test_host_export_argument_checks_come_before_the_copy():
    a, _ = fake_array((3,))
    with pytest.raises(BufferError, match="copy=False"):
        a.__dlpack__(dl_device=(1, 0), copy=False, max_version=(1, 0))
    with pytest.raises(ValueError, match="stream must be None"):
        a.__dlpack__(dl_device=(1, 0), stream=1)
    with pytest.raises(BufferError, match="copy=False"):
        numpy.from_dlpack(a, device="cpu", copy=False)  # NumPy asks for dl_device=(kDLCPU, 0)


def test_from_dlpack_of_a_host_capsule():
    with pytest.raises(BufferError, match="copy=False"):
        gpuarray.from_dlpack(numpy.arange(3.0).__dlpack__(), copy=False)
    with pytest.raises(BufferError, match="copy=False"):
        gpuarray.from_dlpack(numpy.arange(3.0).__dlpack__(max_version=(1, 0)), copy=False)


class _Recorder(_Producer):
    """A producer reporting `device` and recording what the consumer asked of it."""

    def __init__(self, array, device):
        super().__init__(array)
        self.device, self.asked = device, []

    def __dlpack__(self, **kwargs):
        self.asked.append(kwargs)
        return super().__dlpack__(**{k: v for k, v in kwargs.items() if k != "dl_device"})

    def __dlpack_device__(self):
        return self.device


@pytest.mark.parametrize("kind", [2, 13])
def test_consumer_asks_for_the_producers_own_device(kind):
    a, _ = fake_array((4,))
    producer = _Recorder(a, (kind, 0))
    b = gpuarray.from_dlpack(producer)
    assert b.data.ptr == a.data.ptr
    (asked,) = producer.asked
    assert asked["dl_device"] == (kind, 0) and asked["max_version"] == (1, 0) and asked["copy"] is None
    assert asked["stream"] == 1  # the consumer's current stream: the legacy default one here


def test_producer_on_another_gpu_is_viewed_there():
    owner = object()
    mem = gpuarray.cuda.UnownedMemory(FAKE_ADDRESS, 256, owner, 1)
    a = gpuarray.ndarray((8,), numpy.float32, memptr=gpuarray.cuda.MemoryPointer(mem, 0))
    assert a.__dlpack_device__() == (2, 1)
    b = gpuarray.from_dlpack(_Producer(a))
    assert b.device == gpuarray.cuda.Device(1) and b.data.ptr == a.data.ptr
    assert gpuarray.from_dlpack(a, device=gpuarray.cuda.Device(1), copy=False).data.ptr == a.data.ptr
    with pytest.raises(BufferError, match="device 1.*copy=False"):
        gpuarray.from_dlpack(_Producer(a), device=gpuarray.cuda.Device(0), copy=False)
    with pytest.raises(BufferError, match="device 1.*copy=False"):
        gpuarray.from_dlpack(a.__dlpack__(), device=(2, 0), copy=False)


def test_asarray_views_a_dlpack_only_producer():
    a, owner = fake_array((2, 3), numpy.int32)
    producer = _Producer(a)  # no __cuda_array_interface__, as JAX arrays
    b = gpuarray.asarray(producer)
    assert b.base is producer and b.data.ptr == a.data.ptr and b.shape == (2, 3)
    assert gpuarray.array(producer, copy=False).data.ptr == a.data.ptr
    host = _Recorder(numpy.arange(3), (1, 0))
    with pytest.raises(ValueError, match="host data has to be copied"):
        gpuarray.array(host, copy=False)  # a host producer is host data


# ------------------------------------------------------------ on a GPU


@gpu
def test_gpu_round_trip_pool_bytes_do_not_grow():
    pool = gpuarray.get_default_memory_pool()
    a = gpuarray.arange(1000, dtype=numpy.float32)
    gpuarray.cuda.Device().synchronize()
    before = pool.used_bytes()
    for i in range(1000):
        b = gpuarray.from_dlpack(a if i % 2 else _Producer(a))
        c = gpuarray.fromDlpack((b * 1).__dlpack__(max_version=(1, 0) if i % 3 else None))
        del b, c
    gc.collect()
    assert pool.used_bytes() == before


@gpu
def test_gpu_copy_true_and_host_export():
    a = gpuarray.arange(6, dtype=numpy.int16).reshape(2, 3)
    c = gpuarray.from_dlpack(a, copy=True)
    c += 1
    numpy.testing.assert_array_equal(a.get(), numpy.arange(6).reshape(2, 3))
    assert managed(a.__dlpack__(max_version=(1, 0), copy=True)).flags & 2
    expected = numpy.arange(6, dtype=numpy.int16).reshape(2, 3)
    for max_version in (None, (1, 0)):
        capsule = a.__dlpack__(max_version=max_version, dl_device=(1, 0), copy=True)
        host = numpy.from_dlpack(_CapsuleHolder(capsule, (1, 0)))
        numpy.testing.assert_array_equal(host, expected)
        if max_version is not None:
            assert host.flags.writeable  # a fresh copy, not flagged read-only
    numpy.testing.assert_array_equal(numpy.from_dlpack(a, device="cpu"), expected)
    numpy.testing.assert_array_equal(a.get(), expected)
    assert managed(a.__dlpack__(max_version=(1, 0), dl_device=(1, 0))).flags & 2
    with pytest.raises(BufferError, match="copy=False"):
        a.__dlpack__(max_version=(1, 0), dl_device=(1, 0), copy=False)
    numpy.testing.assert_array_equal(gpuarray.from_dlpack(numpy.arange(4.0)).get(), numpy.arange(4.0))
    for capsule in (numpy.arange(4.0).__dlpack__(), numpy.arange(4.0).__dlpack__(max_version=(1, 0))):
        numpy.testing.assert_array_equal(gpuarray.from_dlpack(capsule).get(), numpy.arange(4.0))


@gpu
def test_gpu_copies_and_host_exports_release_their_memory():
    pool = gpuarray.get_default_memory_pool()
    a = gpuarray.arange(1000, dtype=numpy.float32)
    gpuarray.cuda.Device().synchronize()
    before = pool.used_bytes()
    for i in range(200):
        unconsumed = a.__dlpack__(max_version=(1, 0), copy=True)
        consumed = gpuarray.fromDlpack(a.__dlpack__(max_version=(1, 0) if i % 2 else None, copy=True))
        host = numpy.from_dlpack(a, device="cpu")
        b = gpuarray.from_dlpack(_Producer(a), copy=True)
        del unconsumed, consumed, host, b
    gc.collect()
    assert pool.used_bytes() == before


@gpu
def test_gpu_from_dlpack_copies_to_another_device():
    if gpuarray.cuda.runtime.getDeviceCount() < 2:
        pytest.skip("needs two CUDA devices")
    with gpuarray.cuda.Device(1):
        a = gpuarray.arange(10, dtype=numpy.float64)
    view = gpuarray.from_dlpack(_Producer(a))
    assert view.device == gpuarray.cuda.Device(1) and view.data.ptr == a.data.ptr
    moved = gpuarray.from_dlpack(_Producer(a), device=gpuarray.cuda.Device(0))
    assert moved.device == gpuarray.cuda.Device(0)
    numpy.testing.assert_array_equal(moved.get(), numpy.arange(10.0))
    on0 = gpuarray.asarray(a, device=gpuarray.cuda.Device(0))
    assert on0.device == gpuarray.cuda.Device(0)
    with pytest.raises(ValueError, match="copy=False"):
        gpuarray.asarray(a, device=gpuarray.cuda.Device(0), copy=False)


@gpu
def test_gpu_consumer_stream_waits_for_the_producer():
    a = gpuarray.zeros(1 << 22, numpy.float32)
    producer = gpuarray.cuda.Stream(non_blocking=True)
    consumer = gpuarray.cuda.Stream(non_blocking=True)
    with producer:
        for value in range(1, 9):
            a.fill(value)
    with consumer:
        b = gpuarray.from_dlpack(_Producer(a))  # exported while `producer` is not current: wait on it
        with producer:
            capsule = a.__dlpack__(stream=consumer.ptr)
        c = gpuarray.fromDlpack(capsule)
        total = float(c.sum().get())
    assert total == 8.0 * (1 << 22) and b.shape == a.shape


@gpu
def test_gpu_torch_shares_memory_both_ways():
    torch = pytest.importorskip("torch", reason="PyTorch is not installed")
    g = gpuarray.arange(6, dtype=numpy.float32)
    t = torch.from_dlpack(g)
    t[0] = 42
    assert float(g[0].get()) == 42
    t2 = torch.arange(5, dtype=torch.float64, device="cuda")
    g2 = gpuarray.from_dlpack(t2)
    g2[1] = -7
    assert t2[1].item() == -7
    assert g2.data.ptr == t2.data_ptr()


@gpu
def test_gpu_cupy_dlpack_both_ways():
    cupy = pytest.importorskip("cupy", reason="CuPy is not installed")
    g = gpuarray.arange(4, dtype=numpy.int32)
    c = cupy.from_dlpack(g)
    c[2] = 9
    assert int(g[2].get()) == 9
    c2 = cupy.arange(3, dtype=cupy.float32)
    g2 = gpuarray.from_dlpack(c2)
    g2[0] = 5
    assert float(c2[0]) == 5
    g3 = gpuarray.fromDlpack(c2.toDlpack())  # CuPy's legacy capsule
    assert g3.data.ptr == c2.data.ptr
    if hasattr(cupy, "fromDlpack"):
        c3 = cupy.fromDlpack(g.toDlpack())
        assert c3.data.ptr == g.data.ptr

