# SPDX-License-Identifier: BSD-3-Clause
"""NumPy's dispatch protocols (NEP 13 ``__array_ufunc__``, NEP 18
``__array_function__``): NumPy calls on gpuarray arrays run gpuarray's implementation,
on the GPU. Both look the implementation up by name when called, in the gpuarray module
matching the NumPy one (numpy.linalg.svd -> gpuarray.linalg.svd), so modules added later
(linalg, fft, random, ...) are found without a table here; what gpuarray lacks raises
TypeError naming the NumPy function."""
import importlib

import numpy

import gpuarray  # the namespace itself, which get_array_module returns
from gpuarray._core import ndarray
from gpuarray._ufunc.ufuncs import ufunc as _gpu_ufunc

__all__ = ["get_array_module"]

_UFUNC_METHODS = ("__call__", "reduce", "accumulate", "outer", "at", "reduceat")


def _host_array_error(what):
    return TypeError(f"{what}: an operand is a numpy.ndarray, in host memory; gpuarray does not move data "
                     "implicitly: use gpuarray.asarray(x) to copy it to the device (or .get() to bring the "
                     "gpuarray arrays to the host)")


def _operands(args):
    """The arrays among ufunc operands, out= entries included."""
    for a in args:
        if isinstance(a, tuple):
            yield from _operands(a)
        else:
            yield a


def gpuarray_module(numpy_module_name):
    """The gpuarray module mirroring a NumPy one ('numpy.linalg' -> gpuarray.linalg), imported
    now, or None when gpuarray has none."""
    if numpy_module_name != "numpy" and not numpy_module_name.startswith("numpy."):
        return None
    name = "gpuarray" + numpy_module_name[len("numpy"):]
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name is not None and name.startswith(e.name):
            return None  # that module (or a parent) does not exist, as opposed to failing inside
        raise


def find_function(numpy_module_name, name):
    """gpuarray's implementation of NumPy's `numpy_module_name`.`name`, or None."""
    module = gpuarray_module(numpy_module_name)
    impl = getattr(module, name, None) if module is not None else None
    # A name gpuarray re-exports from NumPy itself is no GPU implementation (and would recurse).
    return None if impl is None or getattr(impl, "__module__", "").startswith("numpy") else impl


def _ufunc_target(ufunc):
    impl = find_function("numpy", ufunc.__name__)
    if impl is None:
        raise TypeError(f"numpy.{ufunc.__name__} is not implemented in gpuarray for gpuarray arrays")
    return impl


def _array_ufunc(self, ufunc, method, *inputs, **kwargs):
    """numpy.<ufunc>(gpuarray arrays, ...) and its methods: gpuarray's ufunc of the same name."""
    what = f"numpy.{ufunc.__name__}" + ("" if method == "__call__" else f".{method}")
    for a in _operands(inputs + tuple(kwargs.get("out", ()))):
        if isinstance(a, numpy.ndarray):
            raise _host_array_error(what)
        if (getattr(type(a), "__array_ufunc__", None) is not None
                and not isinstance(a, (ndarray, numpy.generic))):
            return NotImplemented  # another array type overrides ufuncs: let it have a go, as NEP 13 asks
    if method not in _UFUNC_METHODS:
        raise TypeError(f"{what}: unknown ufunc method {method!r}")
    impl = _ufunc_target(ufunc)
    out = kwargs.get("out")
    # NumPy always hands `out` over as a tuple; one output is passed bare, as gpuarray's
    # methods and non-ufunc implementations (gpuarray.matmul, ...) take it.
    if out is not None and len(out) == 1:
        kwargs["out"] = out[0]
    if method == "__call__":
        return impl(*inputs, **kwargs)
    if not isinstance(impl, _gpu_ufunc) and not hasattr(impl, method):
        raise TypeError(f"{what}: gpuarray's {ufunc.__name__} is not a ufunc and has no {method} method")
    return getattr(impl, method)(*inputs, **kwargs)


def _array_function(self, func, types, args, kwargs):
    """numpy.<function>(gpuarray arrays, ...): gpuarray's function of the same module path and name."""
    what = f"{func.__module__}.{func.__name__}"
    for t in types:
        if issubclass(t, numpy.ndarray):
            raise _host_array_error(what)
        if not issubclass(t, ndarray):
            return NotImplemented
    impl = find_function(func.__module__, func.__name__)
    if impl is None:
        raise TypeError(f"{what} is not implemented in gpuarray for gpuarray arrays")
    return impl(*args, **kwargs)


def get_array_module(*args):
    """The array module of the arguments: gpuarray when any is a gpuarray array, numpy otherwise.

    Lets one function serve NumPy and gpuarray arrays, as CuPy's
    ``cupy.get_array_module``.

    Parameters
    ----------
    *args : objects
        The arguments to look at.

    Returns
    -------
    module
        ``gpuarray`` or ``numpy``.

    See Also
    --------
    gpuarray.asnumpy, ndarray.__array_namespace__

    Examples
    --------
    >>> import gpuarray as xp
    >>> import numpy as np
    >>> def softplus(x):
    ...     m = xp.get_array_module(x)
    ...     return m.log1p(m.exp(x))
    >>> xp.get_array_module(xp.ones(2)).__name__, xp.get_array_module(np.ones(2)).__name__
    ('gpuarray', 'numpy')
    >>> softplus(xp.zeros(2))
    array([0.69314718, 0.69314718])
    """
    return gpuarray if any(isinstance(a, ndarray) for a in args) else numpy
