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

from gpuarray import _libraries

# The engine links cudart and NVRTC: find them before _core loads it (Note
# [Finding CUDA libraries] in _libraries.py).
_libraries.preload(_os.path.join(_os.path.dirname(__file__), "libgpuarray_engine.so"))

from gpuarray import cuda  # noqa: E402
from gpuarray._core import ndarray  # noqa: E402
from gpuarray._creation import *  # noqa: F401,F403
from gpuarray._from_shape import *  # noqa: F401,F403
from gpuarray._dtypes import *  # noqa: F401,F403
from gpuarray import _dtypes  # noqa: E402  (gpuarray.bfloat16, on first use)
from gpuarray._elementwise_kernel import ElementwiseKernel
from gpuarray._reduction_kernel import ReductionKernel
from gpuarray._manipulation import *  # noqa: F401,F403
from gpuarray._shapes import *  # noqa: F401,F403
from gpuarray._broadcasting import *  # noqa: F401,F403
from gpuarray._matrices import *  # noqa: F401,F403
from gpuarray._printing import *  # noqa: F401,F403
from gpuarray._ranges import *  # noqa: F401,F403
from gpuarray._transfer import *  # noqa: F401,F403
from gpuarray._ufuncs import *  # noqa: F401,F403
from gpuarray._math_functions import *  # noqa: F401,F403
from gpuarray._special_values import *  # noqa: F401,F403
from gpuarray._complex_numbers import *  # noqa: F401,F403
from gpuarray._comparisons import *  # noqa: F401,F403
from gpuarray._reductions import *  # noqa: F401,F403
from gpuarray._extrema import *  # noqa: F401,F403
from gpuarray._arg_extrema import *  # noqa: F401,F403
from gpuarray._moments import *  # noqa: F401,F403
from gpuarray._nan_moments import *  # noqa: F401,F403
from gpuarray._sorting import *  # noqa: F401,F403
from gpuarray._unique import *  # noqa: F401,F403
from gpuarray._sets import *  # noqa: F401,F403
from gpuarray._histograms import *  # noqa: F401,F403
from gpuarray._scans import *  # noqa: F401,F403
from gpuarray._cumulative import *  # noqa: F401,F403
from gpuarray._differences import *  # noqa: F401,F403
from gpuarray._searching import *  # noqa: F401,F403
from gpuarray._statistics import *  # noqa: F401,F403
from gpuarray._medians import *  # noqa: F401,F403
from gpuarray._quantiles import *  # noqa: F401,F403
from gpuarray._nan_quantiles import *  # noqa: F401,F403
from gpuarray._indexing import *  # noqa: F401,F403
from gpuarray._put import *  # noqa: F401,F403
from gpuarray._joining import *  # noqa: F401,F403
from gpuarray._stacking import *  # noqa: F401,F403
from gpuarray._block import *  # noqa: F401,F403
from gpuarray._splitting import *  # noqa: F401,F403
from gpuarray._tiling import *  # noqa: F401,F403
from gpuarray._rearranging import *  # noqa: F401,F403
from gpuarray._adding_removing import *  # noqa: F401,F403
from gpuarray._padding import *  # noqa: F401,F403
from gpuarray._copying import *  # noqa: F401,F403
from gpuarray._index_tricks import *  # noqa: F401,F403
from gpuarray.linalg._products import *  # noqa: F401,F403
from gpuarray.linalg._elementwise_products import *  # noqa: F401,F403
from gpuarray.linalg._einsum import einsum, einsum_path
from gpuarray.linalg._matvec import matvec, vecmat
from gpuarray import linalg  # noqa: F401  (imports no library until a routine runs)
from gpuarray._numpy_matrix import *  # noqa: F401,F403  (matrix, asmatrix, bmat)
from gpuarray._cuda_array_interface import *  # noqa: F401,F403  (ndarray.__cuda_array_interface__)
from gpuarray._dlpack import *  # noqa: F401,F403
from gpuarray._numpy_dispatch import *  # noqa: F401,F403
from gpuarray._array_api import *  # noqa: F401,F403
from gpuarray._misc import *  # noqa: F401,F403
from gpuarray._special_functions import *  # noqa: F401,F403
from gpuarray._window_functions import *  # noqa: F401,F403
from gpuarray._array_contents import *  # noqa: F401,F403
from gpuarray._memory_overlap import *  # noqa: F401,F403
from gpuarray._io import *  # noqa: F401,F403
from gpuarray._text_io import *  # noqa: F401,F403
from gpuarray._calculus import *  # noqa: F401,F403
from gpuarray._correlation import *  # noqa: F401,F403
from gpuarray._bit_packing import *  # noqa: F401,F403
from gpuarray._interpolation import *  # noqa: F401,F403
from gpuarray._functional import *  # noqa: F401,F403
from gpuarray._polynomials import *  # noqa: F401,F403
from gpuarray._polynomial_linalg import *  # noqa: F401,F403
from gpuarray._poly1d import *  # noqa: F401,F403  (poly1d; polyadd and its kin taking it)
from gpuarray._flatiter import *  # noqa: F401,F403
from gpuarray._iterators import *  # noqa: F401,F403
from gpuarray import _ndarray  # noqa: F401,E402  (attaches the methods written in Python: Note [ndarray methods])
from gpuarray import _ufunc_methods  # noqa: F401,E402  (ufunc.accumulate, at, reduceat: Note [ufunc methods])
from gpuarray import dtypes, exceptions  # noqa: F401  (NumPy's DType classes and exceptions)
from gpuarray.cuda.kernel import RawKernel, RawModule
from gpuarray.cuda.memory import get_default_memory_pool, get_default_pinned_memory_pool
from gpuarray import fft  # noqa: E402  (loads no CUDA library until a transform runs)
from gpuarray import random  # noqa: E402  (last: it uses the namespace above)
from gpuarray._dask import import_hook as _dask_import_hook  # noqa: E402  (imports no Dask)

# Dask and distributed learn about gpuarray arrays when (if ever) they are imported:
# Note [Telling Dask about gpuarray].
_dask_import_hook.install()

__version__ = "0.1.0"

bool = bool_  # NumPy 2 spells it both ways

# Subpackages that importing gpuarray does not need load on first use:
# numpy.testing alone costs 40-100 ms of import time; numpy.polynomial is
# rarely used; the jit translator (behind jit, vectorize and fuse) costs
# 50-300 ms. bfloat16 is ml_dtypes' scalar type, whose import costs ~100 ms.
_LAZY_SUBMODULES = ("testing", "polynomial", "profiler", "emath", "jit", "ma")
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
