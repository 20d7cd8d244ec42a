# SPDX-License-Identifier: BSD-3-Clause
"""NumPy's ufuncs on the GPU: one `ufunc` object per row of the engine's
tables (cpp/kernels/ufuncs_*.cpp). Calls and operators go straight to C++
(the `_core.ufunc` base's vectorcall, and the ndarray operators bound by
`_bind_operators`)."""
import numpy

from gpuarray import _core
from gpuarray._array_creation.from_data import asarray
from gpuarray._core import ndarray
from gpuarray._ufunc.docs import PerInstance, numpy_ufunc_docstring, ufunc_signature

_NoValue = numpy._NoValue
_IDENTITIES = {"zero": 0, "one": 1, "minus_one": -1, "minus_infinity": -float("inf"), "none": None,
               "reorderable_none": None}
# NumPy's other names for the same ufunc objects.
_ALIASES = {"true_divide": "divide", "mod": "remainder", "abs": "absolute", "conj": "conjugate",
            "bitwise_not": "invert", "bitwise_invert": "invert", "bitwise_left_shift": "left_shift",
            "bitwise_right_shift": "right_shift", "pow": "power", "acos": "arccos", "acosh": "arccosh",
            "asin": "arcsin", "asinh": "arcsinh", "atan": "arctan", "atanh": "arctanh", "atan2": "arctan2"}


class ufunc(_core.ufunc):
    """A NumPy ufunc running on gpuarray arrays: ``name``, ``nin``, ``nout``,
    ``nargs``, ``types`` ('ff->f' strings, in resolution order), ``identity``,
    and ``__call__(*inputs, *outputs, out=None, dtype=None, casting='same_kind',
    where=True)``. The call is the C base's (vectorcall into the engine, no
    Python on the way); this class adds the attributes and methods. accumulate,
    at and reduceat build on the array modules, which import this one: they are
    attached by _methods/ufunc_methods.py (Note [ufunc methods])."""

    __slots__ = ("__name__", "_module", "nin", "nout", "nargs", "ntypes", "types", "identity")

    def __init__(self, name, module="numpy"):
        # `module` names the engine's table the row comes from: "numpy", or
        # "scipy.special" for gpuarray.scipy.special's ufuncs (their own cbrt, ...).
        info = _core._ufunc_info(name, module)
        self.__name__ = name
        self._module = module
        self.nin, self.nout = info["nin"], info["nout"]
        self.nargs = self.nin + self.nout
        # The engine's bfloat16 loops ('E') are left out, as NumPy leaves out
        # ml_dtypes' (Note [bfloat16] in cpp/core/dtype.hpp).
        self.types = [t for t in info["types"] if "E" not in t]
        self.ntypes = len(self.types)
        self.identity = _IDENTITIES[info["identity"]]

    @property
    def name(self):
        return self.__name__

    def reduce(self, array, axis=0, dtype=None, out=None, keepdims=False, initial=_NoValue, where=True):
        """Reduces `array` along `axis` (int, tuple or None) by applying the ufunc
        pairwise, as NumPy's ufunc.reduce; the engine's reduction planner runs it."""
        array = array if isinstance(array, ndarray) else asarray(array)
        if out is not None and not isinstance(out, ndarray):
            out = out[0] if isinstance(out, tuple) and len(out) == 1 else out
        mask = None if where is True else asarray(where).astype(numpy.bool_, copy=False)
        return _core._ufunc_reduce(self.__name__, array, axis, dtype, out, bool(keepdims),
                                   None if initial is _NoValue else initial, mask, self._module)

    def outer(self, A, B, /, **kwargs):
        """The ufunc applied to every pair (A[i...], B[j...]): shape A.shape + B.shape."""
        if self.nin != 2:
            raise ValueError("outer product only supported for binary functions")
        A = A if isinstance(A, ndarray) else asarray(A)
        B = B if isinstance(B, ndarray) else asarray(B)
        return self(A.reshape(A.shape + (1,) * B.ndim), B, **kwargs)

    def __repr__(self):
        return f"<ufunc '{self.__name__}'>"

    # Each ufunc's own text and call signature; the class keeps its docstring
    # (Note [Ufunc docstrings] in _ufunc_docs.py).
    __doc__ = PerInstance(numpy_ufunc_docstring, on_class=__doc__)
    __signature__ = PerInstance(lambda self: ufunc_signature(self.nin, self.nout))


_ufuncs = {name: ufunc(name) for name in _core._ufunc_names()}
globals().update(_ufuncs)
globals().update({alias: _ufuncs[name] for alias, name in _ALIASES.items() if name in _ufuncs})
__all__ = ["ufunc", *_ufuncs, *(alias for alias, name in _ALIASES.items() if name in _ufuncs)]

_core._bind_operators(ndarray)


def _conjugate(self):
    """The complex conjugate of the array, elementwise.

    Parameters
    ----------
        It takes none.

    Returns
    -------
    ndarray
        A new array; for real dtypes, a copy of the values.

    See Also
    --------
    gpuarray.conjugate, ndarray.real, ndarray.imag

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.array([1 + 2j, 3 - 1j]).conj()
    array([1.-2.j, 3.+1.j])
    >>> xp.arange(3).conjugate()
    array([0, 1, 2])
    """
    return _ufuncs["conjugate"](self)
