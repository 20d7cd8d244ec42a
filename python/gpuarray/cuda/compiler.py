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
    """Compiles CUDA source to a binary, or finds it in the kernel cache.

    Parameters
    ----------
    source : str
        The CUDA C++ source.
    options : str or sequence of str, optional
        Compiler options (``'-std=c++17'``, ``'-DN=4'``, ...).
    arch : str, optional
        The target: ``'sm_90'`` (a CUBIN), ``'compute_90'`` (PTX), ``'90'``
        (the best target for compute capability 9.0), or None (default) for
        the current device.
    name_expressions : sequence of str, optional
        C++ names to instantiate and lower (``'add<float>'``); see
        `get_lowered_names`.
    backend : {'nvrtc', 'nvcc'}, optional
        The compiler: NVRTC (default) or the toolkit's nvcc.

    Returns
    -------
    binary : bytes
        The CUBIN, or PTX for a ``compute_XY`` target.
    origin : str
        Where it came from: ``'memory'``, ``'disk'``, ``'prebuilt'``
        (installed with the package) or ``'compiled'``.

    Raises
    ------
    CompileException
        The source does not compile (the message holds the compiler's log).
    ValueError
        An unknown `backend`.

    See Also
    --------
    get_cache_dir, gpuarray.RawModule, gpuarray.RawKernel

    Notes
    -----
    Binaries are cached in memory and on disk under ``$GPUARRAY_CACHE_DIR``
    (``~/.cache/gpuarray`` by default), keyed by the source, the options, the
    target and the compiler's version. With `arch` named, no GPU is needed.

    Examples
    --------
    >>> import gpuarray as xp
    >>> source = 'extern "C" __global__ void twice(float* x) { x[threadIdx.x] *= 2; }'
    >>> binary, origin = xp.cuda.compiler.compile_with_cache(source, arch='sm_90')
    >>> binary[:4], origin in ('compiled', 'disk', 'memory')
    (b'\\x7fELF', True)
    >>> xp.cuda.compiler.compile_with_cache(source, arch='sm_90')[1]
    'memory'
    """
    binary, origin, _ = _compile(source, options, arch, name_expressions, backend)
    return binary, origin


def get_lowered_names(source, name_expressions, options=(), arch=None):
    """The mangled symbols of C++ name expressions in CUDA source.

    Parameters
    ----------
    source : str
        The CUDA C++ source, with templates or overloads.
    name_expressions : sequence of str
        The names to instantiate, such as ``'add<float>'``.
    options : str or sequence of str, optional
        Compiler options.
    arch : str, optional
        The target, as in `compile_with_cache`; None is the current device.

    Returns
    -------
    dict
        ``{name expression: mangled symbol}``.

    Raises
    ------
    CompileException
        The source does not compile.

    See Also
    --------
    compile_with_cache, gpuarray.RawModule

    Examples
    --------
    >>> import gpuarray as xp
    >>> source = 'template <typename T> __global__ void add(T* x) {}'
    >>> xp.cuda.compiler.get_lowered_names(source, ['add<float>'], arch='sm_90')
    {'add<float>': '_Z3addIfEvPT_'}
    """
    return _compile(source, options, arch, name_expressions, "nvrtc")[2]


def get_cache_dir():
    """The folder of the on-disk kernel cache.

    Parameters
    ----------
        It takes none.

    Returns
    -------
    str
        ``$GPUARRAY_CACHE_DIR`` as read at first use, else
        ``~/.cache/gpuarray``.

    See Also
    --------
    compile_with_cache

    Examples
    --------
    >>> import gpuarray as xp
    >>> import os
    >>> os.path.isabs(xp.cuda.compiler.get_cache_dir())
    True
    """
    return _core.kernel_cache_dir()


def _reset_cache():
    """Forgets the in-memory cache and reads ``$GPUARRAY_CACHE_DIR`` again at
    next use, as a new process would (for tests)."""
    _core._reset_kernel_cache()


def get_nvrtc_version():
    """The version of the NVRTC library gpuarray compiles with.

    Parameters
    ----------
        It takes none.

    Returns
    -------
    tuple of int
        ``(major, minor)``.

    See Also
    --------
    get_supported_archs, gpuarray.cuda.runtime.runtimeGetVersion

    Examples
    --------
    >>> import gpuarray as xp
    >>> major, minor = xp.cuda.compiler.get_nvrtc_version()
    >>> major >= 12
    True
    """
    return _core.nvrtc_version()


def get_supported_archs():
    """The compute capabilities NVRTC can compile for.

    Parameters
    ----------
        It takes none.

    Returns
    -------
    list of int
        Such as ``[75, 80, 86, 89, 90, ...]``.

    See Also
    --------
    get_nvrtc_version, gpuarray.cuda.Device.compute_capability

    Examples
    --------
    >>> import gpuarray as xp
    >>> 90 in xp.cuda.compiler.get_supported_archs()
    True
    """
    return list(_core.nvrtc_supported_archs())


# Introspection of the launch-argument machinery, for tests.
_parse_signature = _core._parse_signature
_signature_from_mangled_name = _core._signature_from_mangled_name
_demangle = _core._demangle
_pack_arguments = _core._pack_arguments

__all__ = ["CompileException", "compile_with_cache", "get_cache_dir", "get_lowered_names",
           "get_nvrtc_version", "get_supported_archs"]
