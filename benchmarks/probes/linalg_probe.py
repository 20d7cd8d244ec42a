# SPDX-License-Identifier: BSD-3-Clause
"""Where solve and batched inv spend their GPU time, next to CuPy's (GPU machine).

Times with CUDA events: the whole calls, the copies they make, and cuSOLVER's
LU through ctypes in its legacy 32-bit form (cusolverDnSgetrf, CuPy's) and its
64-bit form (cusolverDnXgetrf, gpuarray's), on the same data; getrs with one
right-hand side beside cuBLAS's triangular solves of one vector.

Usage: python3 benchmarks/probes/linalg_probe.py
"""
import ctypes

import numpy

import cupy
import gpuarray
from probe_timing import gpu_ms as _gpu_ms, loaded

R_32F = 0  # cudaDataType CUDA_R_32F
GETRF, ALG_1 = 0, 1  # cusolverDnFunction_t CUSOLVERDN_GETRF, cusolverAlgMode_t CUSOLVER_ALG_1


def gpu_ms(op, xp=cupy, count=10):
    return _gpu_ms(op, xp, count)


def spd(n, batch=()):
    host = numpy.random.default_rng(0).standard_normal(batch + (n, n)).astype(numpy.float32)
    return (host + numpy.swapaxes(host, -1, -2)) / 2 + n * numpy.eye(n, dtype=numpy.float32)


def trsv_times(lu, rhs):
    """cuBLAS's single-vector triangular solves on the column-major LU factors:
    what a one-RHS getrs could cost (two of them and the row swaps)."""
    blas = ctypes.CDLL(loaded("libcublas.so")[0])
    handle = ctypes.c_void_p(cupy.cuda.device.get_cublas_handle())
    blas.cublasSetStream_v2(handle, ctypes.c_void_p(cupy.cuda.get_current_stream().ptr))
    n = lu.shape[0]
    lower, upper, unit, non_unit = 0, 1, 1, 0  # cublasFillMode_t, cublasDiagType_t
    for trans in (0, 1):
        for uplo, diag, name in ((lower, unit, "L unit"), (upper, non_unit, "U")):
            def trsv():
                blas.cublasStrsv_v2(handle, uplo, trans, diag, n, ctypes.c_void_p(lu.data.ptr), n,
                                    ctypes.c_void_p(rhs.data.ptr), 1)
            print(f"  cublasStrsv {name:6s} trans={trans}: {gpu_ms(trsv):.4f} ms")


def main():
    n = 4096
    host = spd(n)
    ga, ca = gpuarray.asarray(host), cupy.asarray(host)
    gb, cb = gpuarray.ones((n, 1), numpy.float32), cupy.ones((n, 1), numpy.float32)
    gpuarray.linalg.solve(ga, gb)
    cupy.linalg.solve(ca, cb)
    print("libcusolver:", loaded("libcusolver.so"))
    for round_ in range(2):
        print(f"--- round {round_}")
        print(f"solve {n}: gpuarray {gpu_ms(lambda: gpuarray.linalg.solve(ga, gb), gpuarray):.3f} ms, "
              f"cupy {gpu_ms(lambda: cupy.linalg.solve(ca, cb)):.3f} ms")
        print(f"  copies: gpuarray a.mT C-order {gpu_ms(lambda: ga.mT.astype(numpy.float32, order='C'), gpuarray):.4f} "
              f"ms, gpuarray a.copy() {gpu_ms(lambda: ga.copy(), gpuarray):.4f} ms, "
              f"cupy a.copy('F') {gpu_ms(lambda: ca.copy(order='F')):.4f} ms")
        lib = ctypes.CDLL(loaded("libcusolver.so")[0])
        handle, params = ctypes.c_void_p(), ctypes.c_void_p()
        lib.cusolverDnCreate(ctypes.byref(handle))
        lib.cusolverDnCreateParams(ctypes.byref(params))
        lib.cusolverDnSetStream(handle, ctypes.c_void_p(cupy.cuda.get_current_stream().ptr))
        work = ctypes.c_int()
        lu = ca.copy(order="F")
        lib.cusolverDnSgetrf_bufferSize(handle, n, n, ctypes.c_void_p(lu.data.ptr), n, ctypes.byref(work))
        ws = cupy.empty(work.value, numpy.float32)
        piv32, info = cupy.empty(n, numpy.int32), cupy.empty(1, numpy.int32)

        def legacy():
            lu[...] = ca
            lib.cusolverDnSgetrf(handle, n, n, ctypes.c_void_p(lu.data.ptr), n, ctypes.c_void_p(ws.data.ptr),
                                 ctypes.c_void_p(piv32.data.ptr), ctypes.c_void_p(info.data.ptr))
        dbytes, hbytes = ctypes.c_size_t(), ctypes.c_size_t()
        lib.cusolverDnXgetrf_bufferSize(handle, params, ctypes.c_int64(n), ctypes.c_int64(n), R_32F,
                                        ctypes.c_void_p(lu.data.ptr), ctypes.c_int64(n), R_32F,
                                        ctypes.byref(dbytes), ctypes.byref(hbytes))
        dws = cupy.empty(max(dbytes.value, 1), numpy.uint8)
        hws = ctypes.create_string_buffer(max(hbytes.value, 1))
        piv64 = cupy.empty(n, numpy.int64)

        def generic():
            lu[...] = ca
            lib.cusolverDnXgetrf(handle, params, ctypes.c_int64(n), ctypes.c_int64(n), R_32F,
                                 ctypes.c_void_p(lu.data.ptr), ctypes.c_int64(n), ctypes.c_void_p(piv64.data.ptr),
                                 R_32F, ctypes.c_void_p(dws.data.ptr), ctypes.c_size_t(dbytes.value), hws,
                                 ctypes.c_size_t(hbytes.value), ctypes.c_void_p(info.data.ptr))
        copy_only = gpu_ms(lambda: lu.__setitem__(Ellipsis, ca))
        print(f"  getrf (minus a {copy_only:.4f} ms copy): legacy Sgetrf {gpu_ms(legacy) - copy_only:.3f} ms "
              f"(work {work.value * 4} B), Xgetrf {gpu_ms(generic) - copy_only:.3f} ms (work {dbytes.value} B)")
        lib.cusolverDnSetAdvOptions(params, GETRF, ALG_1)
        lib.cusolverDnXgetrf_bufferSize(handle, params, ctypes.c_int64(n), ctypes.c_int64(n), R_32F,
                                        ctypes.c_void_p(lu.data.ptr), ctypes.c_int64(n), R_32F,
                                        ctypes.byref(dbytes), ctypes.byref(hbytes))
        dws = cupy.empty(max(dbytes.value, 1), numpy.uint8)
        hws = ctypes.create_string_buffer(max(hbytes.value, 1))
        print(f"  Xgetrf with CUSOLVER_ALG_1: {gpu_ms(generic) - copy_only:.3f} ms (work {dbytes.value} B)")
        generic()
        rhs = cupy.ones((n, 1), numpy.float32)
        for trans in (0, 1):
            def getrs():
                lib.cusolverDnXgetrs(handle, params, trans, ctypes.c_int64(n), ctypes.c_int64(1), R_32F,
                                     ctypes.c_void_p(lu.data.ptr), ctypes.c_int64(n), ctypes.c_void_p(piv64.data.ptr),
                                     R_32F, ctypes.c_void_p(rhs.data.ptr), ctypes.c_int64(n),
                                     ctypes.c_void_p(info.data.ptr))
            print(f"  Xgetrs nrhs=1 trans={trans}: {gpu_ms(getrs):.4f} ms")
        trsv_times(lu, rhs)
        lib.cusolverDnDestroyParams(params)
        lib.cusolverDnDestroy(handle)

        batch = spd(64, (100,))
        gi, ci = gpuarray.asarray(batch), cupy.asarray(batch)
        print(f"inv 100x64x64: gpuarray {gpu_ms(lambda: gpuarray.linalg.inv(gi), gpuarray, 50):.4f} ms, "
              f"cupy {gpu_ms(lambda: cupy.linalg.inv(ci), cupy, 50):.4f} ms")
        from gpuarray._base import libs as _libs
        lu_b, res_b = gi.copy(), gpuarray.empty_like(gi)
        piv_b, info_b = gpuarray.empty((100, 64), numpy.int32), gpuarray.empty(100, numpy.int32)

        def inverse_batched():
            _libs.inverse_batched("f", 64, lu_b.data.ptr, piv_b.data.ptr, res_b.data.ptr, info_b.data.ptr, 100)
        print(f"  parts: copy {gpu_ms(lambda: gi.astype(numpy.float32, order='C', copy=True), gpuarray, 50):.4f} ms, "
              f"inverse_batched {gpu_ms(inverse_batched, gpuarray, 50):.4f} ms")


if __name__ == "__main__":
    main()
