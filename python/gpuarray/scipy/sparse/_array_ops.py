# SPDX-License-Identifier: BSD-3-Clause
"""The array operations gpuarray.scipy.sparse is built from, in one namespace.

Every module of the package reaches gpuarray's array functions through this
one (``from gpuarray.scipy.sparse import _array_ops as xp``), taken from the
area modules that define them (never through the `gpuarray` namespace,
docs/architecture.md). The names are NumPy's, so the modules read as NumPy
code. The CPU tests put NumPy's functions of the same names in their place
(tests/scipy/sparse/conftest.py, `backend`): the format bookkeeping,
conversions and the kernels of `_kernels.py` then run on the host and are
compared with scipy.sparse on a machine without a device; the GPU tests run
the same comparisons on device arrays."""
import numpy

from gpuarray import _core
from gpuarray._methods import ufunc_methods as _ufunc_methods
from gpuarray._reduction.arg_extrema import argmax, argmin
from gpuarray._math.complex_numbers import imag, real
from gpuarray._core import ndarray
from gpuarray._array_creation.from_data import asarray, ascontiguousarray
from gpuarray._math.differences import diff
from gpuarray._reduction.extrema import max, min
from gpuarray._array_creation.from_shape import empty, full, ones, zeros
from gpuarray._array_manipulation.joining import concatenate, stack
from gpuarray._array_creation.ranges import arange
from gpuarray._reduction.reductions import any, count_nonzero, sum
from gpuarray._math.scans import cumsum
from gpuarray._sorting_searching.searching import flatnonzero, nonzero, where
from gpuarray._array_manipulation.shapes import reshape
from gpuarray._sorting_searching.sorting import argsort, searchsorted
from gpuarray._array_creation.transfer import asnumpy
from gpuarray._ufunc.ufuncs import (
    abs, absolute, add, arcsin, arcsinh, arctan, arctanh, ceil, conjugate, deg2rad, divide, equal, expm1, floor,
    greater, greater_equal, isnan, less, less_equal, log1p, logical_and, logical_not, logical_or, maximum, minimum,
    multiply, not_equal, power, rad2deg, rint, sign, sin, sinh, sqrt, subtract, tan, tanh, trunc,
)
from gpuarray.linalg._decompositions import (
    eig as dense_eig, eigh as dense_eigh, eigvals as dense_eigvals, eigvalsh as dense_eigvalsh, qr as dense_qr,
)
from gpuarray.linalg._norms import norm as dense_norm
from gpuarray.linalg._solve import inv as dense_inv
from gpuarray.linalg._svd import svd as dense_svd
from gpuarray.scipy.linalg._expm import expm as dense_expm
from gpuarray.linalg._matmul import matmul
from gpuarray.linalg._products import vdot



_REDUCEAT_LOOPS = {}


def _reduceat_loop(ufunc, dtype):
    """(kernel, work dtype) of ufunc.reduceat on `dtype`, looked up once per pair."""
    key = (ufunc.__name__, ufunc._module, dtype)
    if key not in _REDUCEAT_LOOPS:
        name, module = ufunc.__name__, ufunc._module
        loop_index = _ufunc_methods._reduceat_loop(name, dtype, None, module)
        work_dtype = _ufunc_methods._loop_dtypes(_core._ufunc_info(name, module)["types"][loop_index])[1][0]
        _REDUCEAT_LOOPS[key] = (_core._ufunc_reduceat_kernel(name, loop_index, module), numpy.dtype(work_dtype))
    return _REDUCEAT_LOOPS[key]


def reduceat_in_range(ufunc, values, starts):
    """``ufunc.reduceat(values, starts, axis=0)`` for `starts` already known to be sorted
    and to lie in [0, len(values)) (a CSR matrix's row starts): ufunc.reduceat reads their
    minimum and maximum on the host to check them, two waits on the device per call that
    a sparse product does not need."""
    kernel, work_dtype = _reduceat_loop(ufunc, values.dtype)
    result = empty((starts.shape[0],) + tuple(values.shape[1:]), work_dtype)
    if result.size:
        x = ascontiguousarray(values, dtype=work_dtype)
        inner = int(numpy.prod(values.shape[1:], dtype=numpy.int64))
        _ufunc_methods._launch(kernel, result.size, (x, ascontiguousarray(starts, dtype=numpy.int64), result, inner,
                                                     starts.shape[0], values.shape[0], result.size))
    return result


__all__ = [
    "abs", "absolute", "add", "any", "arange", "arcsin", "arcsinh", "arctan", "arctanh", "argmax", "argmin",
    "argsort", "asarray", "ascontiguousarray", "asnumpy", "ceil", "concatenate", "conjugate", "count_nonzero",
    "cumsum", "deg2rad", "dense_eig", "dense_eigh", "dense_eigvals", "dense_eigvalsh", "dense_expm", "dense_inv",
    "dense_norm", "dense_qr", "dense_svd", "diff", "divide", "empty", "equal", "expm1", "flatnonzero", "floor",
    "full", "greater", "greater_equal", "imag", "isnan", "less", "less_equal", "log1p", "logical_and",
    "logical_not", "logical_or", "matmul", "max", "maximum", "min", "minimum", "multiply", "ndarray", "nonzero",
    "not_equal", "ones", "power", "rad2deg", "real", "reduceat_in_range", "reshape", "rint", "searchsorted", "sign",
    "sin", "sinh", "sqrt", "stack", "subtract", "sum", "tan", "tanh", "trunc", "vdot", "where", "zeros"
]
