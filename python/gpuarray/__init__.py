# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray: NumPy and SciPy on NVIDIA GPUs.

``import gpuarray as xp`` and NumPy code runs on the GPU; the GPU-specific
API (streams, events, memory pools, custom kernels) is CuPy's, under
``gpuarray.cuda``. Importing needs no GPU: the first call that needs a device
raises ``gpuarray.cuda.CUDARuntimeError`` when none is found."""
from numpy import (
    bool_, complex64, complex128, dtype, e, euler_gamma, float16, float32, float64, inf,
    int8, int16, int32, int64, intp, nan, newaxis, pi, uint8, uint16, uint32, uint64, uintp,
)
from numpy import (
    get_printoptions, printoptions, set_printoptions,
)

import os as _os

from gpuarray._base import libraries as _libraries

# The engine links cudart and NVRTC: find them before _core loads it (Note
# [Finding CUDA libraries] in _base/libraries.py).
_libraries.preload(_os.path.join(_os.path.dirname(__file__), "libgpuarray_engine.so"))

from gpuarray import cuda  # noqa: E402
from gpuarray._core import ndarray  # noqa: E402
from gpuarray._array_creation.from_data import *  # noqa: F401,F403
from gpuarray._array_creation.from_shape import *  # noqa: F401,F403
from gpuarray._base.dtypes import *  # noqa: F401,F403
from gpuarray._base import dtypes as _dtypes  # noqa: E402  (gpuarray.bfloat16, on first use)
from gpuarray._user_kernels.elementwise_kernel import ElementwiseKernel
from gpuarray._user_kernels.reduction_kernel import ReductionKernel
from gpuarray._array_manipulation.axes import *  # noqa: F401,F403
from gpuarray._array_manipulation.shapes import *  # noqa: F401,F403
from gpuarray._array_manipulation.broadcasting import *  # noqa: F401,F403
from gpuarray._matrix_building.matrices import *  # noqa: F401,F403
from gpuarray._base.printing import *  # noqa: F401,F403
from gpuarray._array_creation.ranges import *  # noqa: F401,F403
from gpuarray._array_creation.transfer import *  # noqa: F401,F403
from gpuarray._ufunc.ufuncs import *  # noqa: F401,F403
from gpuarray._ufunc.rounding import *  # noqa: F401,F403
from gpuarray._math.special_values import *  # noqa: F401,F403
from gpuarray._math.complex_numbers import *  # noqa: F401,F403
from gpuarray._logic.comparisons import *  # noqa: F401,F403
from gpuarray._reduction.reductions import *  # noqa: F401,F403
from gpuarray._reduction.extrema import *  # noqa: F401,F403
from gpuarray._reduction.arg_extrema import *  # noqa: F401,F403
from gpuarray._reduction.moments import *  # noqa: F401,F403
from gpuarray._reduction.nan_moments import *  # noqa: F401,F403
from gpuarray._sorting_searching.sorting import *  # noqa: F401,F403
from gpuarray._set_routines.unique import *  # noqa: F401,F403
from gpuarray._set_routines.sets import *  # noqa: F401,F403
from gpuarray._stats.histograms import *  # noqa: F401,F403
from gpuarray._math.scans import *  # noqa: F401,F403
from gpuarray._math.cumulative import *  # noqa: F401,F403
from gpuarray._math.differences import *  # noqa: F401,F403
from gpuarray._sorting_searching.searching import *  # noqa: F401,F403
from gpuarray._stats.averages import *  # noqa: F401,F403
from gpuarray._stats.medians import *  # noqa: F401,F403
from gpuarray._stats.quantiles import *  # noqa: F401,F403
from gpuarray._stats.nan_quantiles import *  # noqa: F401,F403
from gpuarray._index_routines.indexing import *  # noqa: F401,F403
from gpuarray._index_routines.put import *  # noqa: F401,F403
from gpuarray._array_manipulation.joining import *  # noqa: F401,F403
from gpuarray._array_manipulation.stacking import *  # noqa: F401,F403
from gpuarray._array_manipulation.block import *  # noqa: F401,F403
from gpuarray._array_manipulation.splitting import *  # noqa: F401,F403
from gpuarray._array_editing.tiling import *  # noqa: F401,F403
from gpuarray._array_manipulation.rearranging import *  # noqa: F401,F403
from gpuarray._array_editing.adding_removing import *  # noqa: F401,F403
from gpuarray._array_padding.padding import *  # noqa: F401,F403
from gpuarray._array_manipulation.copying import *  # noqa: F401,F403
from gpuarray._index_routines.index_tricks import *  # noqa: F401,F403
from gpuarray.linalg._matmul import matmul
from gpuarray.linalg._products import *  # noqa: F401,F403
from gpuarray.linalg._matrix_chains import matrix_power
from gpuarray.linalg._elementwise_products import *  # noqa: F401,F403
from gpuarray.linalg._einsum import einsum, einsum_path
from gpuarray.linalg._matvec import matvec, vecmat
from gpuarray import linalg  # noqa: F401  (imports no library until a routine runs)
from gpuarray._matlib.numpy_matrix import *  # noqa: F401,F403  (matrix, asmatrix, bmat)
from gpuarray._interop.cuda_array_interface import *  # noqa: F401,F403  (ndarray.__cuda_array_interface__)
from gpuarray._interop.dlpack import *  # noqa: F401,F403
from gpuarray._ufunc.numpy_dispatch import *  # noqa: F401,F403
from gpuarray._interop.array_api import *  # noqa: F401,F403
from gpuarray._base.misc import *  # noqa: F401,F403
from gpuarray._math.special_functions import *  # noqa: F401,F403
from gpuarray._windows.window_functions import *  # noqa: F401,F403
from gpuarray._logic.array_contents import *  # noqa: F401,F403
from gpuarray._base.memory_overlap import *  # noqa: F401,F403
from gpuarray._file_io.binary_io import *  # noqa: F401,F403
from gpuarray._file_io.text_io import *  # noqa: F401,F403
from gpuarray._math.calculus import *  # noqa: F401,F403
from gpuarray._math.correlation import *  # noqa: F401,F403
from gpuarray._binary_ops.bit_packing import *  # noqa: F401,F403
from gpuarray._math.interpolation import *  # noqa: F401,F403
from gpuarray._functional_programming.functional import *  # noqa: F401,F403
from gpuarray._poly.polynomials import *  # noqa: F401,F403
from gpuarray._poly.polynomial_linalg import *  # noqa: F401,F403
from gpuarray._poly.poly1d import *  # noqa: F401,F403  (poly1d; polyadd and its kin taking it)
from gpuarray._index_routines.flatiter import *  # noqa: F401,F403
from gpuarray._index_routines.iterators import *  # noqa: F401,F403
from gpuarray._methods import ndarray_methods as _ndarray  # noqa: F401,E402  (attaches the methods written in Python: Note [ndarray methods])
from gpuarray._methods import ufunc_methods as _ufunc_methods  # noqa: F401,E402  (ufunc.accumulate, at, reduceat: Note [ufunc methods])
from gpuarray import dtypes, exceptions  # noqa: F401  (NumPy's DType classes and exceptions)
from gpuarray.cuda.kernel import RawKernel, RawModule
from gpuarray.cuda.memory import get_default_memory_pool, get_default_pinned_memory_pool
from gpuarray._dask import import_hook as _dask_import_hook  # noqa: E402  (imports no Dask)

# Dask and distributed learn about gpuarray arrays when (if ever) they are imported:
# Note [Telling Dask about gpuarray].
_dask_import_hook.install()

__version__ = "0.1.0"

bool = bool_  # NumPy 2 spells it both ways

# Subpackages that importing gpuarray does not need load on first use:
# numpy.testing alone costs 40-100 ms of import time; numpy.polynomial is
# rarely used; the jit translator (behind jit, vectorize and fuse) costs
# 50-300 ms; random imports numpy.random (with hashlib, secrets and the bit
# generators) and builds its kernels, about a fifth of gpuarray's own import
# time; fft is one more package nothing at import needs. bfloat16 is
# ml_dtypes' scalar type, whose import costs ~100 ms.
_LAZY_SUBMODULES = ("testing", "polynomial", "profiler", "emath", "jit", "random", "fft", "ma")
# Functions of lazy subpackages: name -> (module, attribute).
_LAZY_FUNCTIONS = {"vectorize": ("gpuarray.jit._vectorize", "vectorize"), "fuse": ("gpuarray.jit._fuse", "fuse")}


def __getattr__(name):
    if name in _LAZY_SUBMODULES:
        import importlib
        return importlib.import_module(f"gpuarray.{name}")  # also binds gpuarray.<name>
    if name in _LAZY_FUNCTIONS:
        import importlib
        module, attribute = _LAZY_FUNCTIONS[name]
        globals()[name] = getattr(importlib.import_module(module), attribute)
        return globals()[name]
    if name == "bfloat16":
        globals()[name] = _dtypes.bfloat16_type()
        return globals()[name]
    raise AttributeError(f"module 'gpuarray' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_LAZY_SUBMODULES) | set(_LAZY_FUNCTIONS) | {"bfloat16"})
