# SPDX-License-Identifier: BSD-3-Clause
"""Where the format classes are found: each format module registers its
``*_array`` and ``*_matrix`` classes here (`register`), so the operator
modules build results of any format through `container(format, like)`
without importing the format modules (no import cycles). Also SciPy's
sparse warnings and `issparse`."""

__all__ = ["issparse", "SparseWarning", "SparseEfficiencyWarning"]


_CONTAINERS = {}

_FORMAT_NAMES = {"csr": "Compressed Sparse Row", "csc": "Compressed Sparse Column", "coo": "COOrdinate",
                 "dia": "DIAgonal"}


class SparseWarning(Warning):
    """A warning about a sparse operation (SciPy's scipy.sparse.SparseWarning)."""


class SparseEfficiencyWarning(SparseWarning):
    """An operation that densifies or rebuilds the structure (SciPy's SparseEfficiencyWarning)."""


def register(format, array_class, matrix_class):
    """Records the ``*_array`` and ``*_matrix`` classes of `format`."""
    _CONTAINERS[format] = (array_class, matrix_class)


def container(format, like=None, is_array=None):
    """The class of `format`, of the same kind as `like` (a sparse object) or as `is_array` says."""
    if is_array is None:
        is_array = like is None or like._is_array
    return _CONTAINERS[format][0 if is_array else 1]


def issparse(x):
    """Whether `x` is a gpuarray sparse array or matrix.

    Parameters
    ----------
    x : object
        Anything.

    Returns
    -------
    bool
        True for the ``*_array`` and ``*_matrix`` classes of gpuarray.scipy.sparse.

    See Also
    --------
    scipy.sparse.issparse

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> sparse.issparse(sparse.eye(3)), sparse.issparse([[1.0]])
    (True, False)
    """
    return getattr(type(x), "_gpuarray_sparse", False) is True


def is_host_sparse(x):
    """Whether `x` is a scipy.sparse object (told by its class's module; SciPy is not imported)."""
    return any(c.__module__.startswith("scipy.sparse") for c in type(x).__mro__) and hasattr(x, "format")
