# SPDX-License-Identifier: BSD-3-Clause
"""SciPy's isspmatrix family: True only for the ``*_matrix`` classes (a
``*_array`` is not an spmatrix, as in SciPy)."""
from gpuarray.scipy.sparse._coo import coo_matrix
from gpuarray.scipy.sparse._csc import csc_matrix
from gpuarray.scipy.sparse._csr import csr_matrix
from gpuarray.scipy.sparse._dia import dia_matrix
from gpuarray.scipy.sparse._matrix import spmatrix

__all__ = ["isspmatrix", "isspmatrix_csr", "isspmatrix_csc", "isspmatrix_coo", "isspmatrix_dia"]


def isspmatrix(x):
    """Whether `x` is a gpuarray sparse matrix (a ``*_matrix``; ``*_array`` gives False).

    Parameters
    ----------
    x : object
        Anything.

    Returns
    -------
    bool

    See Also
    --------
    scipy.sparse.isspmatrix, issparse

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> sparse.isspmatrix(sparse.eye(2)), sparse.isspmatrix(sparse.eye_array(2))
    (True, False)
    """
    return isinstance(x, spmatrix)


def _format_predicate(cls, name):
    def predicate(x):
        return isinstance(x, cls)
    predicate.__name__ = predicate.__qualname__ = name
    predicate.__doc__ = (f"Whether `x` is a gpuarray {cls.__name__} (a ``*_array`` gives False).\n\n"
                         f"Parameters\n----------\nx : object\n    Anything.\n\nReturns\n-------\nbool\n\n"
                         f"See Also\n--------\nscipy.sparse.{name}\n\nExamples\n--------\n"
                         f">>> import gpuarray as xp\n>>> from gpuarray.scipy import sparse\n"
                         f">>> sparse.{name}(sparse.{cls.__name__}((2, 2)))\nTrue\n")
    return predicate


isspmatrix_csr = _format_predicate(csr_matrix, "isspmatrix_csr")
isspmatrix_csc = _format_predicate(csc_matrix, "isspmatrix_csc")
isspmatrix_coo = _format_predicate(coo_matrix, "isspmatrix_coo")
isspmatrix_dia = _format_predicate(dia_matrix, "isspmatrix_dia")
