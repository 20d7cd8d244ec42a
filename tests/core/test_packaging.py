# SPDX-License-Identifier: BSD-3-Clause
"""What the installed package ships and where it finds CUDA: every binary
holds each architecture it was built for (Note [CUDA architectures] in
CMakeLists.txt), NVRTC compiles the prebuilt kernel set for every
architecture, no binary names a folder of the build machine, and the CUDA
libraries are found as Note [Finding CUDA libraries] says. No GPU needed."""
import ast
import os
import pathlib
import re
import shutil
import struct
import subprocess
import sys

import pytest

import gpuarray
from gpu_presence import HAVE_GPU
from gpuarray import _core
from gpuarray._base import libraries as _libraries
from gpuarray.cuda import compiler

PACKAGE = pathlib.Path(gpuarray.__file__).parent
REPO = pathlib.Path(__file__).resolve().parents[2]
ARCHS = _core._build_cuda_architectures.split()  # CMake's spelling: "90-real", "120-virtual"
SASS = sorted({int(a.split("-")[0]) for a in ARCHS if not a.endswith("-virtual")})
PTX = sorted({int(a.split("-")[0]) for a in ARCHS if not a.endswith("-real")})
IN_SOURCE_TREE = REPO in PACKAGE.resolve().parents


def find_cuobjdump():
    roots = [os.environ.get(var) for var in ("CUDA_PATH", "CUDA_HOME")] + ["/usr/local/cuda"]
    candidates = [shutil.which("cuobjdump")] + [os.path.join(r, "bin", "cuobjdump") for r in roots if r]
    # The nvidia-cuda-cuobjdump wheel of the test extra.
    candidates += [str(p) for entry in sys.path for p in pathlib.Path(entry or ".").glob("nvidia/*/bin/cuobjdump")]
    return next((c for c in candidates if c and os.access(c, os.X_OK)), None)


CUOBJDUMP = find_cuobjdump()
needs_cuobjdump = pytest.mark.skipif(CUOBJDUMP is None, reason="needs cuobjdump (the test extra installs it)")


def cuobjdump_archs(path, what):
    """The sm_XY numbers of the ELF (what='elf') or PTX (what='ptx') images in `path`."""
    out = subprocess.run([CUOBJDUMP, f"--list-{what}", str(path)], capture_output=True, text=True, check=True)
    return sorted({int(n) for n in re.findall(r"\.sm_(\d+)[af]?\.", out.stdout)})


def read_kernel_file(path):
    """(key text, binary) of a kernel cache file (Note [Kernel cache file] in cpp/jit/disk_cache.hpp)."""
    data = path.read_bytes()
    assert data[:8] == b"GAKERNEL", path
    _, _, key_size, binary_size = struct.unpack_from("<IIQQ", data, 8)
    start = 8 + 4 + 4 + 8 + 8 + 4 + 4
    return data[start:start + key_size].decode(), data[start + key_size:start + key_size + binary_size]


def test_build_names_its_architectures():
    assert SASS, f"no SASS architecture in {ARCHS}"
    assert _core._build_cuda_version.split(".")[0] == str(gpuarray.cuda.runtime.runtimeGetVersion() // 1000)


@needs_cuobjdump
def test_engine_holds_sass_for_every_architecture_and_its_ptx():
    engine = PACKAGE / "libgpuarray_engine.so"
    assert cuobjdump_archs(engine, "elf") == SASS
    assert cuobjdump_archs(engine, "ptx") == PTX


@pytest.mark.skipif(not (PACKAGE / "_kernels").is_dir(), reason="built with GPUARRAY_PREBUILD_KERNELS=OFF")
def test_prebuilt_kernels_for_every_architecture_name_no_build_folder(tmp_path):
    count = len(_core._prebuilt_kernel_requests())
    for arch in SASS:
        files = sorted((PACKAGE / "_kernels" / f"sm_{arch}").glob("*.kernel"))
        assert len(files) == count, f"sm_{arch}: {len(files)} prebuilt kernels, expected {count}"
        for path in files[::50]:
            key, binary = read_kernel_file(path)
            assert f"arch[{len(f'sm_{arch}')}] sm_{arch}\n" in key
            # Note [Prebuilt kernels]: no NVRTC version, no folder of the build machine.
            assert "compiler[5] nvrtc\n" in key
            assert not re.search(r"\] -I/", key), key
            if CUOBJDUMP:
                cubin = tmp_path / f"{path.stem}.cubin"
                cubin.write_bytes(binary)
                assert cuobjdump_archs(cubin, "elf") == [arch]


@pytest.fixture
def fresh_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("GPUARRAY_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("GPUARRAY_PREBUILT_KERNELS", "0")
    compiler._reset_cache()
    yield
    compiler._reset_cache()


@pytest.mark.skipif(not (PACKAGE / "_kernels").is_dir(), reason="built with GPUARRAY_PREBUILD_KERNELS=OFF")
@pytest.mark.parametrize("arch", SASS)
def test_prebuilt_kernels_are_found_with_this_nvrtc_and_headers(arch, tmp_path, monkeypatch):
    """Note [Prebuilt kernels]: found whatever NVRTC 13.x and header folders
    this machine has (its NVRTC may come from a pip wheel newer than the build's)."""
    monkeypatch.setenv("GPUARRAY_CACHE_DIR", str(tmp_path))
    compiler._reset_cache()
    try:
        for name, source, options, name_expressions in _core._prebuilt_kernel_requests()[::97]:
            _, origin = compiler.compile_with_cache(source, options, arch=f"sm_{arch}",
                                                   name_expressions=name_expressions)
            assert origin == "prebuilt", name
    finally:
        compiler._reset_cache()


# Every architecture NVRTC targets that a GPU CUDA 13 runs on may report; a
# slice of the kernel set each (the build compiles the whole set for the
# architectures it ships, and fails if one does not compile).
NVRTC_ARCHS = [a for a in _core.nvrtc_supported_archs() if a >= 75]


@pytest.mark.parametrize("arch", NVRTC_ARCHS)
def test_nvrtc_compiles_the_kernel_set(arch, fresh_cache):
    requests = _core._prebuilt_kernel_requests()
    for name, source, options, name_expressions in requests[arch % 61::61]:
        binary, origin = compiler.compile_with_cache(source, options, arch=f"sm_{arch}",
                                                     name_expressions=name_expressions)
        assert origin == "compiled" and binary[:4] == b"\x7fELF", name


@pytest.mark.skipif(IN_SOURCE_TREE, reason="a dev build's binaries keep the build tree's absolute RPATHs")
@pytest.mark.skipif(shutil.which("readelf") is None, reason="needs readelf (binutils)")
@pytest.mark.parametrize("library", ["libgpuarray_engine.so", "_core.*.so", "_libs_ext.*.so"])
def test_installed_binaries_name_no_folder_of_the_build_machine(library):
    path = next(PACKAGE.glob(library))
    out = subprocess.run(["readelf", "-d", str(path)], capture_output=True, text=True, check=True).stdout
    runpath = re.search(r"\((?:RUNPATH|RPATH)\)\s+Library r(?:un)?path: \[(.*)\]", out)
    assert runpath, out
    assert all(entry.startswith("$ORIGIN") for entry in runpath.group(1).split(":")), runpath.group(1)
    assert str(REPO).encode() not in path.read_bytes()


def test_cuda_and_cccl_headers_are_found():
    dirs = [pathlib.Path(d) for d in _core._toolkit_include_dirs()]
    assert any((d / "cuda_fp16.h").is_file() for d in dirs), dirs
    assert any((d / "nv" / "target").is_file() for d in dirs), dirs  # cuda_fp16.h includes it


def test_engine_needs_cudart_and_nvrtc_only_of_cuda():
    needed = _libraries._needed(PACKAGE / "libgpuarray_engine.so")
    assert [n.split(".so")[0] for n in needed if n.startswith(_libraries._CUDA_PREFIXES)] == ["libcudart", "libnvrtc"]


def test_report_says_where_each_library_came_from():
    from gpuarray._base import libs as _libs  # noqa: F401  (loads the math libraries)
    names = {name.split(".so")[0]: origin for name, _, origin in _libraries.loaded_libraries()}
    for lib in ("libcudart", "libnvrtc", "libcublas", "libcufft", "libcusolver", "libcusparse", "libnvJitLink"):
        assert lib in names, names
    assert names["libcudart"] != "needed by another CUDA library"


def test_pip_wheel_folder_comes_first(tmp_path):
    """A copy of libcudart in an nvidia/cu13/lib folder on sys.path wins over
    the toolkit's (NVRTC stays the toolkit's: it has no copy there)."""
    wheel_lib = tmp_path / "nvidia" / "cu13" / "lib"
    wheel_lib.mkdir(parents=True)
    system = {name: path for name, path, _ in _libraries.loaded_libraries()}
    cudart = next(path for name, path in system.items() if name.startswith("libcudart."))
    shutil.copy(cudart, wheel_lib / f"libcudart.so.{_core._build_cuda_version.split('.')[0]}")
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import gpuarray; from gpuarray import _libraries; "
            "print(repr(_libraries.loaded_libraries()))")
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, check=True)
    found = {name.split(".so")[0]: (path, origin) for name, path, origin in ast.literal_eval(out.stdout)}
    assert found["libcudart"][0].startswith(str(wheel_lib)), found
    assert found["libcudart"][1] == "pip wheel", found
    assert not found["libnvrtc"][0].startswith(str(tmp_path)), found


def test_missing_library_says_what_to_install():
    with pytest.raises(ImportError, match=r"could not find libnotcuda\.so\.1 .*cuda-toolkit\[.*\]==13\.\*"):
        _libraries._load("libnotcuda.so.1", "13")


@pytest.mark.skipif(HAVE_GPU, reason="checks the behaviour on a machine without a GPU")
def test_main_without_gpu_reports_and_exits_0():
    out = subprocess.run([sys.executable, "-m", "gpuarray"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "\nno GPU: No NVIDIA driver was found" in out.stdout or "\nno GPU: No NVIDIA GPU was found" in out.stdout
    assert re.search(r"libcudart\.so\.\d+\s+/\S+\s+\[.+\]", out.stdout), out.stdout
    strict = subprocess.run([sys.executable, "-m", "gpuarray", "--require-gpu"], capture_output=True, text=True)
    assert strict.returncode == 1 and strict.stdout.startswith("gpuarray "), strict.stdout
