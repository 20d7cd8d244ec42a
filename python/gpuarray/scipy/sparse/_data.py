# SPDX-License-Identifier: BSD-3-Clause
"""SciPy's zero-preserving ufunc methods (``A.sqrt()``, ``A.sin()``, ...)
of the formats that store their values in one `data` array: each applies
the ufunc to the stored values (duplicates summed first), leaves the pattern
as it is, and gives the ufunc's dtype."""
from gpuarray.scipy.sparse import _array_ops as xp

# SciPy's list: f(0) == 0 for each.
UFUNC_METHODS = ("sin", "tan", "arcsin", "arctan", "sinh", "tanh", "arcsinh", "arctanh", "rint", "sign", "expm1",
                 "log1p", "deg2rad", "rad2deg", "floor", "ceil", "trunc", "sqrt")


def _ufunc_method(name):
    def method(self):
        return self._with_data(getattr(xp, name)(self._deduped_data()), copy=True)
    method.__name__ = name
    method.__doc__ = (f"Elementwise {name} of the stored entries (f(0) = 0, so the pattern is kept).\n\n"
                      f"See Also\n--------\nscipy.sparse.csr_array.{name}\n")
    return method


class _data_methods:
    """The ufunc methods, added to the class below."""


for _name in UFUNC_METHODS:
    setattr(_data_methods, _name, _ufunc_method(_name))
del _name
