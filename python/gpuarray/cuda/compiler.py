# SPDX-License-Identifier: BSD-3-Clause
"""Run-time compilation (NVRTC, or nvcc on request) and the kernel cache.

Compiled binaries are cached in memory and on disk under
``$GPUARRAY_CACHE_DIR`` (default ``~/.cache/gpuarray``; the variable is read
at first use). The cache key and the file format are described in
cpp/jit/cache_key.hpp and cpp/jit/disk_cache.hpp. Everything here works
without a GPU when an architecture is named (``arch='sm_90'``)."""
import os

from gpuarray import _core
from gpuarray._core import CompileException
from gpuarray._base.signatures import EXCEPTION_SIGNATURE

# NVRTC finds gpuarray/*.cuh through this folder (see cpp/jit/include_paths.hpp).
_core._set_include_dir(os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "_include"))

_BACKENDS = ("nvrtc", "nvcc")
# A C++ exception class: inspect cannot read BaseException's C __init__ (issue #32).
CompileException.__signature__ = EXCEPTION_SIGNATURE


def _as_strings(values, what):
    """`values` (a str, or a sequence of str) as a tuple of str."""
    if isinstance(values, str):
        return (values,)
    values = tuple(values)
    for v in values:
        if not isinstance(v, str):
            raise TypeError(f"{what} must be strings, got {type(v).__name__} {v!r}")
    return values


def _check_backend(backend):
    if backend not in _BACKENDS:
        raise ValueError(f"backend must be 'nvrtc' or 'nvcc', got {backend!r}")


def _compile(source, options, arch, name_expressions, backend):
    _check_backend(backend)
    return _core._compile_with_cache(
        source, list(_as_strings(options, "options")), None if arch is None else str(arch),
        list(_as_strings(name_expressions, "name_expressions")), backend)


def compile_with_cache(source, options=(), arch=None, name_expressions=(), backend="nvrtc"):
    """Compiles `source` (or finds it in the cache) and returns
    ``(binary, origin)``: the CUBIN, or PTX for a ``compute_XY`` target, and
    where it came from: ``'memory'``, ``'disk'``, ``'prebuilt'`` (installed with the package) or ``'compiled'``.

    `arch` is ``'sm_90'``, ``'compute_90'``, ``'90'`` (the best target for
    compute capability 9.0) or None for the current device. Raises
    CompileException when the source does not compile."""
    binary, origin, _ = _compile(source, options, arch, name_expressions, backend)
    return binary, origin


def get_lowered_names(source, name_expressions, options=(), arch=None):
    """``{name expression: mangled symbol}`` for `source`'s name expressions,
    e.g. ``{'add<float>': '_Z3addIfEvPT_'}``, through the same cache."""
    return _compile(source, options, arch, name_expressions, "nvrtc")[2]


def get_cache_dir():
    """The folder of the on-disk kernel cache."""
    return _core.kernel_cache_dir()


def _reset_cache():
    """Forgets the in-memory cache and reads ``$GPUARRAY_CACHE_DIR`` again at
    next use, as a new process would (for tests)."""
    _core._reset_kernel_cache()


def get_nvrtc_version():
    """NVRTC's (major, minor) version."""
    return _core.nvrtc_version()


def get_supported_archs():
    """The compute capabilities NVRTC compiles for, e.g. ``[75, 80, ..., 121]``."""
    return list(_core.nvrtc_supported_archs())


# Introspection of the launch-argument machinery, for tests.
_parse_signature = _core._parse_signature
_signature_from_mangled_name = _core._signature_from_mangled_name
_demangle = _core._demangle
_pack_arguments = _core._pack_arguments

__all__ = ["CompileException", "compile_with_cache", "get_cache_dir", "get_lowered_names",
           "get_nvrtc_version", "get_supported_archs"]
