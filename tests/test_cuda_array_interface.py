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


# ------------------------------------------------------------ on a GPU

@gpu
def test_gpu_numba_kernel_scales_in_place():
    try:
        from numba import cuda
    except Exception as exc:  # absent, or a Numba that does not import with this NumPy
        pytest.skip(f"Numba's CUDA target is not usable here: {type(exc).__name__}: {exc}")

    @cuda.jit
    def scale(x, factor):
        i = cuda.grid(1)
        if i < x.size:
            x[i] *= factor

    g = gpuarray.arange(1000, dtype=numpy.float32)
    d = cuda.as_cuda_array(g)
    assert d.__cuda_array_interface__["data"][0] == g.data.ptr
    try:
        scale[4, 256](d, 3.0)
    except AttributeError as exc:  # Numba's typing reads numpy.row_stack, gone in NumPy 2.5
        pytest.skip(f"Numba cannot compile kernels with NumPy {numpy.__version__}: {exc}")
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
