# SPDX-License-Identifier: BSD-3-Clause
"""__cuda_array_interface__ v3: the export (on made-up addresses, no GPU needed), import
errors, and zero-copy exchanges with Numba, PyTorch and CuPy on a GPU."""
import numpy
import pytest

import gpuarray
from fake_memory import FAKE_ADDRESS, fake_array

gpu = pytest.mark.gpu


class Exporter:
    def __init__(self, **desc):
        self.__cuda_array_interface__ = dict(version=3, **desc)


def test_export_of_a_contiguous_array():
    a, _ = fake_array((2, 3), numpy.int16)
    desc = a.__cuda_array_interface__
    assert desc == {"shape": (2, 3), "typestr": numpy.dtype(numpy.int16).str,
                    "descr": [("", numpy.dtype(numpy.int16).str)], "data": (FAKE_ADDRESS, False),
                    "strides": None, "version": 3, "stream": 1}  # 1: the legacy default stream


def test_export_of_a_strided_read_only_view():
    a, _ = fake_array((4, 6), numpy.complex64, readonly=True)
    v = a[1:, ::-2]
    desc = v.__cuda_array_interface__
    assert desc["strides"] == v.strides and desc["shape"] == v.shape
    assert desc["data"] == (v.data.ptr, True)
    assert desc["data"][0] == FAKE_ADDRESS + 48 + 40


@pytest.mark.parametrize("typestr", ["<U4", "|O", "<M8[s]", "|V8", "not a type"])
def test_unsupported_typestr_names_it(typestr):
    with pytest.raises(TypeError, match="typestr"):
        gpuarray.asarray(Exporter(shape=(2,), typestr=typestr, data=(FAKE_ADDRESS, False)))


def test_export_of_an_empty_view_has_a_null_pointer():
    a, _ = fake_array((4, 3))
    desc = a[2:2].__cuda_array_interface__
    assert desc["data"] == (0, False) and desc["shape"] == (0, 3)


@pytest.mark.parametrize("extra, match", [({"mask": object()}, "masked"), ({"stream": 0}, "stream 0")])
def test_import_refuses_masks_and_stream_zero(extra, match):
    with pytest.raises(ValueError, match=match):
        gpuarray.asarray(Exporter(shape=(2,), typestr="<f4", data=(FAKE_ADDRESS, False), **extra))


# ------------------------------------------------------------ on a GPU

def _numba_mismatch(exc):
    """The reason to skip when `exc` says Numba cannot work with the installed NumPy, None
    otherwise: Numba refuses this NumPy at import (ImportError naming NumPy), or its typing
    reads a NumPy attribute this NumPy removed (AttributeError on the numpy module, perhaps
    wrapped in one of Numba's errors, which chain the cause)."""
    seen = exc
    while seen is not None:
        if isinstance(seen, ImportError) and "numpy" in str(seen).lower():
            return f"Numba does not support NumPy {numpy.__version__}: {seen}"
        if isinstance(seen, AttributeError) and str(seen).startswith("module 'numpy"):
            return f"Numba cannot compile kernels with NumPy {numpy.__version__}: {seen}"
        seen = seen.__cause__ or seen.__context__
    return None


def _numba_cuda():
    """numba.cuda, or a skip when Numba is absent or does not import with this NumPy."""
    try:
        from numba import cuda
    except ModuleNotFoundError as exc:
        if exc.name != "numba":
            raise
        pytest.skip("Numba is not installed")
    except (ImportError, AttributeError) as exc:
        reason = _numba_mismatch(exc)
        if reason is None:
            raise
        pytest.skip(reason)
    return cuda


class _NumbaTypingError(Exception):
    """Stands for a Numba compilation error wrapping the cause."""


def _wrapping(cause):
    exc = _NumbaTypingError("Failed in cuda mode pipeline")
    exc.__cause__ = cause
    return exc


@pytest.mark.parametrize("exc, skips", [
    (ImportError("Numba needs NumPy 2.3 or less. Got NumPy 2.5."), True),
    (AttributeError("module 'numpy' has no attribute 'row_stack'"), True),
    (_wrapping(AttributeError("module 'numpy' has no attribute 'row_stack'")), True),
    (ImportError("libcudart.so.12: cannot open shared object file"), False),
    (AttributeError("'NoneType' object has no attribute 'ptr'"), False),
    (_wrapping(TypeError("bad operand")), False),
    (RuntimeError("module 'numpy'"), False),
])
def test_numba_skip_is_only_for_a_numpy_mismatch(exc, skips):
    assert (_numba_mismatch(exc) is not None) == skips


@gpu
def test_gpu_numba_kernel_scales_in_place(monkeypatch):
    cuda = _numba_cuda()
    # NumPy 2.5 removed row_stack, which Numba's CUDA compiler still looks up; the
    # alias it names lets the kernel compile (the failure is Numba's, not the protocol's).
    if not hasattr(numpy, "row_stack"):
        monkeypatch.setattr(numpy, "row_stack", numpy.vstack, raising=False)

    @cuda.jit
    def scale(x, factor):
        i = cuda.grid(1)
        if i < x.size:
            x[i] *= factor

    g = gpuarray.arange(1000, dtype=numpy.float32)
    d = cuda.as_cuda_array(g)
    assert d.__cuda_array_interface__["data"][0] == g.data.ptr
    from numba.core.errors import NumbaError
    try:
        scale[4, 256](d, 3.0)
    except (AttributeError, ImportError, NumbaError) as exc:
        reason = _numba_mismatch(exc)
        if reason is None:
            raise
        pytest.skip(reason)
    cuda.synchronize()
    numpy.testing.assert_array_equal(g.get(), numpy.arange(1000, dtype=numpy.float32) * 3)


@gpu
def test_gpu_torch_through_cai():
    torch = pytest.importorskip("torch", reason="PyTorch is not installed")
    t = torch.arange(6, dtype=torch.float32, device="cuda").reshape(2, 3)
    g = gpuarray.asarray(t)
    assert g.data.ptr == t.data_ptr() and g.base is t
    g[0, 0] = 11
    assert t[0, 0].item() == 11
    t2 = torch.as_tensor(g, device="cuda")  # PyTorch reads gpuarray's export
    assert t2.data_ptr() == g.data.ptr


@gpu
def test_gpu_cupy_both_ways():
    cupy = pytest.importorskip("cupy", reason="CuPy is not installed")
    g = gpuarray.arange(5, dtype=numpy.int64)
    c = cupy.asarray(g)
    assert c.data.ptr == g.data.ptr
    c[1] = 99
    assert int(g[1].get()) == 99
    c2 = cupy.arange(4, dtype=cupy.float64)[::2]
    g2 = gpuarray.asarray(c2)
    assert g2.data.ptr == c2.data.ptr and g2.strides == c2.strides
    g2[...] = 7
    assert c2.get().tolist() == [7, 7]


@gpu
def test_gpu_export_names_the_current_stream():
    s = gpuarray.cuda.Stream(non_blocking=True)
    g = gpuarray.zeros(4)
    with s:
        assert g.__cuda_array_interface__["stream"] == s.ptr
    assert g.__cuda_array_interface__["stream"] == 1


class _Wrapper:
    """A foreign CAI exporter over a gpuarray array's memory (as Numba's or CuPy's would be),
    with a weakref-able identity to see when the importer releases it."""

    def __init__(self, array, version=3):
        desc = dict(array.__cuda_array_interface__, version=version)
        if version < 3:
            del desc["stream"]  # version 2 has no stream: nothing to wait for
        self.__cuda_array_interface__ = desc


@gpu
@pytest.mark.parametrize("version", [2, 3])
def test_gpu_import_views_keeps_the_producer_and_its_flags(version):
    import gc
    import weakref
    base = gpuarray.arange(24, dtype=numpy.float32).reshape(4, 6)
    expected = numpy.arange(24, dtype=numpy.float32).reshape(4, 6)
    for view, host_view in [(base, expected), (base[1:, ::-2], expected[1:, ::-2]), (base.T, expected.T),
                            (base[2:2], expected[2:2]), (base[1, 1], expected[1, 1])]:
        producer = _Wrapper(view, version=version)
        g = gpuarray.asarray(producer)
        assert g.base is producer and g.shape == view.shape
        if view.size:  # an empty export has no strides or pointer to keep
            assert g.strides == view.strides and g.data.ptr == view.data.ptr
        numpy.testing.assert_array_equal(g.get(), host_view)
        assert gpuarray.array(producer, copy=False).data.ptr == g.data.ptr
        copied = gpuarray.array(producer)
        assert copied.size == 0 or copied.data.ptr != g.data.ptr
        alive = weakref.ref(producer)
        del producer
        gc.collect()
        assert alive() is not None  # g keeps its producer
        del g
        gc.collect()
        assert alive() is None
    readonly = base.view()
    readonly.flags.writeable = False
    g = gpuarray.asarray(_Wrapper(readonly))
    assert not g.flags.writeable
    with pytest.raises(ValueError, match="read-only"):
        g[0, 0] = 1


@gpu
def test_gpu_import_waits_for_the_exporters_stream():
    a = gpuarray.zeros(1 << 22, numpy.float32)
    producer = gpuarray.cuda.Stream(non_blocking=True)
    consumer = gpuarray.cuda.Stream(non_blocking=True)
    with producer:
        for value in range(1, 9):
            a.fill(value)
        exported = _Wrapper(a)  # names `producer`, where the fills may still be running
    assert exported.__cuda_array_interface__["stream"] == producer.ptr
    with consumer:
        total = float(gpuarray.asarray(exported).sum().get())
    assert total == 8.0 * (1 << 22)
