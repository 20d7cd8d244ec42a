# SPDX-License-Identifier: BSD-3-Clause
"""Finds the CUDA libraries an extension module links before it is imported.

Note [Finding CUDA libraries]
The extension modules name the CUDA libraries they link by soname only
(libcudart.so.13, libnvrtc.so.13, libcublas.so.13, ...); their RUNPATH holds
nothing of the build machine, only $ORIGIN-relative folders of NVIDIA's pip
wheels installed beside the package (CMakeLists.txt). Before a module is
imported, `preload` reads its DT_NEEDED entries and loads each CUDA library
from the first place that has it:

  1. the copy this process already loaded (PyTorch or CuPy imported first):
     a second copy of the runtime would be a second CUDA runtime;
  2. NVIDIA's pip wheels in any sys.path entry: nvidia/cu13/lib (the
     nvidia-cuda-runtime, -nvrtc, -cublas, ... wheels of CUDA 13),
     nvidia/nccl/lib, and the per-library folders of CUDA 12's wheels;
  3. $CUDA_PATH, then $CUDA_HOME (lib64/, lib/);
  4. the dynamic loader's own search (LD_LIBRARY_PATH, ld.so.cache);
  5. /usr/local/cuda/lib64, then /usr/local/cuda/lib (where CUDA 13's
     toolkit puts NCCL).

glibc then binds the module's NEEDED entries to the loaded copies (it matches
sonames), and each library finds its own dependencies (nvJitLink, cuBLASLt)
beside itself through its $ORIGIN RUNPATH. NVRTC's headers are found beside
the NVRTC that was loaded (cpp/jit/include_paths.hpp). `python -m gpuarray`
prints where each library came from (`loaded_libraries`).
"""
import ctypes
import os
import struct
import sys

# Sonames of the libraries this module finds; anything else (libc, libstdc++,
# the engine) is left to the loader.
_CUDA_PREFIXES = ("libcudart.", "libnvrtc.", "libcublas.", "libcublasLt.", "libcufft.", "libcusolver.",
                  "libcusparse.", "libcurand.", "libnvJitLink.", "libnccl.")

_INSTALL_HINT = (
    "install NVIDIA's CUDA {major} libraries from pip (the ctk extra of gpuarray's wheel: pip install "
    "\"cuda-toolkit[cudart,nvrtc,cublas,cufft,cusolver,cusparse,curand,nvjitlink,cccl]=={major}.*\") or the "
    "CUDA Toolkit {major}, and set CUDA_PATH to it where it is not in /usr/local/cuda")

_origins = {}  # soname -> how it was found, for the report


def _needed(path):
    """The DT_NEEDED sonames of the ELF file `path` (64-bit, little-endian)."""
    with open(path, "rb") as f:
        header = f.read(64)
        if header[:4] != b"\x7fELF" or header[4:6] != b"\x02\x01":
            raise ImportError(f"{path} is not a 64-bit little-endian ELF file")
        shoff, = struct.unpack_from("<Q", header, 0x28)
        shentsize, shnum = struct.unpack_from("<HH", header, 0x3A)
        f.seek(shoff)
        table = f.read(shentsize * shnum)
        sections = [struct.unpack_from("<IIQQQQIIQQ", table, i * shentsize) for i in range(shnum)]
        dynamic = next((sec for sec in sections if sec[1] == 6), None)  # SHT_DYNAMIC
        if dynamic is None:
            return []
        f.seek(dynamic[4])
        entries = f.read(dynamic[5])
        strtab_offset = sections[dynamic[6]][4]
        names = []
        for tag, value in struct.iter_unpack("<qQ", entries):
            if tag == 0:  # DT_NULL
                break
            if tag == 1:  # DT_NEEDED: an offset into the string table
                f.seek(strtab_offset + value)
                names.append(f.read(256).split(b"\0", 1)[0].decode())
        return names


def _wheel_candidates(soname):
    for entry in sys.path:
        root = os.path.join(entry or ".", "nvidia")
        try:
            folders = sorted(os.listdir(root))
        except OSError:
            continue
        for folder in folders:
            yield os.path.join(root, folder, "lib", soname), "pip wheel"


def _toolkit_candidates(soname):
    for var in ("CUDA_PATH", "CUDA_HOME"):
        root = os.environ.get(var)
        if root:
            for lib in ("lib64", "lib"):
                yield os.path.join(root, lib, soname), f"${var}"


def _already_loaded(soname):
    try:
        ctypes.CDLL(soname, mode=os.RTLD_NOLOAD)
        return True
    except OSError:
        return False


def _load(soname, cuda_major):
    if soname in _origins:
        return
    if _already_loaded(soname):
        _origins[soname] = "already loaded"
        return
    for path, origin in (*_wheel_candidates(soname), *_toolkit_candidates(soname)):
        if os.path.isfile(path):
            ctypes.CDLL(path)
            _origins[soname] = origin
            return
    for path, origin in ((soname, "dynamic loader"),
                         (os.path.join("/usr/local/cuda/lib64", soname), "/usr/local/cuda"),
                         (os.path.join("/usr/local/cuda/lib", soname), "/usr/local/cuda")):
        try:
            ctypes.CDLL(path)
        except OSError:
            continue
        _origins[soname] = origin
        return
    raise ImportError(
        f"gpuarray could not find {soname} (NVIDIA's pip wheels on sys.path, $CUDA_PATH, $CUDA_HOME, the dynamic "
        f"loader's search and /usr/local/cuda were tried): " + _INSTALL_HINT.format(major=cuda_major))


def preload(module_path):
    """Loads the CUDA libraries the ELF file `module_path` links (Note [Finding CUDA libraries])."""
    needed = _needed(module_path)
    cudart = [name for name in needed if name.startswith("libcudart.")]
    cuda_major = cudart[0].rsplit(".", 1)[-1] if cudart else "13"
    for soname in needed:
        if soname.startswith(_CUDA_PREFIXES):
            _load(soname, cuda_major)


def loaded_libraries():
    """``[(file name, path, how it was found)]`` for each CUDA library mapped into this process."""
    paths = []
    with open("/proc/self/maps") as maps:
        for line in maps:
            fields = line.split(maxsplit=5)
            path = fields[5].strip() if len(fields) == 6 else ""
            if path.startswith("/") and os.path.basename(path).startswith(_CUDA_PREFIXES) and path not in paths:
                paths.append(path)
    out = []
    for path in paths:
        name = os.path.basename(path)
        origin = next((how for soname, how in _origins.items() if name.startswith(soname)),
                      "needed by another CUDA library")
        out.append((name, path, origin))
    return out
