# SPDX-License-Identifier: BSD-3-Clause
"""What makes the ``*_matrix`` classes differ from the ``*_array`` ones
(SciPy's spmatrix): ``*`` is the matrix product and ``**`` the matrix
power, reductions along an axis keep two dimensions, and the older getters
(get_shape, getformat) remain."""
from gpuarray.scipy.sparse import _products, _sputils
from gpuarray.scipy.sparse._arithmetic import multiply


class spmatrix:
    """The matrix semantics, mixed in before a format's base class."""

    _is_array = False

    def __mul__(self, other):
        if _sputils.isscalarlike(other):
            return multiply(self, other)
        return _products.matmul(self, other)

    def __rmul__(self, other):
        if _sputils.isscalarlike(other):
            return multiply(self, other)
        return _products.rmatmul(self, other)

    def __pow__(self, other):
        return _products.matrix_power(self, other)

    def get_shape(self):
        """The shape (SciPy's spmatrix.get_shape)."""
        return self.shape

    def getformat(self):
        """The format name (SciPy's spmatrix.getformat)."""
        return self.format
