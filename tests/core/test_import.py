# SPDX-License-Identifier: BSD-3-Clause
"""Importing needs no GPU; the first device call says clearly what is missing."""
import shutil
import subprocess
import sys
from pathlib import Path

import numpy
import pytest

import gpuarray
from gpu_presence import HAVE_GPU


def test_dtypes_are_numpys():
    assert gpuarray.float32 is numpy.float32
    assert gpuarray.complex128 is numpy.complex128
    assert gpuarray.dtype is numpy.dtype


def test_import_in_fresh_process_loads_no_math_libraries():
    code = (
        "import gpuarray, sys\n"
        "maps = open('/proc/self/maps').read()\n"
        "print(any(lib in maps for lib in ('libcublas', 'libcufft', 'libcusolver', 'libcusparse')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_import_loads_no_subpackage_it_does_not_need():
    """Issue 23: subpackages that `import gpuarray` does not need load on first
    use (`_LAZY_SUBMODULES`), and then through the attribute or an import alike."""
    code = (
        "import sys, gpuarray\n"
        "lazy = ('random', 'fft', 'testing', 'polynomial', 'profiler', 'emath', 'jit', 'scipy')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[:2] in [['gpuarray', n] for n in lazy]))\n"
        "print(sorted(m for m in ('numpy.random', 'numpy.testing', 'numpy.polynomial') if m in sys.modules))\n"
        "import gpuarray.random\n"
        "print(gpuarray.random is sys.modules['gpuarray.random'], gpuarray.fft.__name__)\n"
        "print(all(n in dir(gpuarray) for n in lazy[:-1]))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split("\n")[:4] == ["[]", "[]", "True gpuarray.fft", "True"]


def test_versions_report_without_device():
    assert gpuarray.cuda.runtime.runtimeGetVersion() >= 12000
    assert isinstance(gpuarray.cuda.runtime.driverGetVersion(), int)
    from gpuarray._base import libs as _libs
    names = [name for name, _ in _libs.library_versions()]
    assert names[:4] == ["cuBLAS", "cuFFT", "cuSOLVER", "cuSPARSE"]


# Mangled-name prefixes of libstdc++'s own code: streams, locales, facets.
LIBSTDCXX_PREFIXES = ("_ZNSo", "_ZNSi", "_ZNSt6locale", "_ZNKSt7codecvt", "_ZNSt8ios_base", "_ZNKSt7num_put")


@pytest.mark.skipif(shutil.which("nm") is None, reason="needs nm (binutils) to list exported symbols")
@pytest.mark.parametrize("library", ["libgpuarray_engine.so", "_core.*.so", "_libs_ext.*.so"])
def test_no_library_exports_a_static_libstdcxx(library):
    """Where the compiler links libstdc++ statically, a module that exported its copy
    would lend part of it to the others: stream code from one copy running on locale
    data from another crashed repr(fft plan cache) on the GPU machines."""
    path = next(Path(gpuarray.__file__).parent.glob(library))
    out = subprocess.run(["nm", "-D", "--defined-only", str(path)], capture_output=True, text=True, check=True)
    leaked = [line.split()[-1] for line in out.stdout.splitlines() if line.split()[-1].startswith(LIBSTDCXX_PREFIXES)]
    assert not leaked, f"{path.name} exports {len(leaked)} libstdc++ symbols, e.g. {leaked[:3]}"


@pytest.mark.skipif(HAVE_GPU, reason="checks the behaviour on a machine without a GPU")
class TestWithoutDevice:
    def test_is_available_false(self):
        assert gpuarray.cuda.is_available() is False

    def test_first_device_call_raises_clear_error(self):
        # What is missing and what to install come first, CUDA's own words after.
        with pytest.raises(gpuarray.cuda.CUDARuntimeError, match="^No NVIDIA (driver|GPU) was found") as e:
            gpuarray.cuda.runtime.getDeviceCount()
        assert e.value.status in (35, 100)  # cudaErrorInsufficientDriver, cudaErrorNoDevice
        if e.value.status == 35 and gpuarray.cuda.runtime.driverGetVersion() == 0:
            assert "install the driver" in str(e.value) and "(cudaGetDeviceCount failed: " in str(e.value)

    @pytest.mark.parametrize("call", [
        lambda: gpuarray.zeros(4),
        lambda: gpuarray.asarray([1, 2, 3]),
        lambda: gpuarray.cuda.Device().synchronize(),
        lambda: gpuarray.cuda.Stream(),
        lambda: gpuarray.cuda.Event(),
    ])
    def test_device_calls_raise_cuda_runtime_error(self, call):
        with pytest.raises(gpuarray.cuda.CUDARuntimeError, match="^No NVIDIA (driver|GPU) was found"):
            call()

    def test_module_still_usable_after_error(self):
        for _ in range(2):
            with pytest.raises(gpuarray.cuda.CUDARuntimeError):
                gpuarray.cuda.runtime.getDeviceCount()
        assert gpuarray.cuda.is_available() is False
