# SPDX-License-Identifier: BSD-3-Clause
"""The regions of the measurement functions: every element's group number.

Note [Regions by group numbers]: every element gets the number of the
`index` entry its label matches (found by searchsorted in the sorted
distinct index values; -1 for none), and each statistic is one bincount or
one ufunc.at scatter (minimum, maximum) over the group numbers: one pass
over the image whatever the number of regions. Without `index` the region
is labels > 0; without `labels` the whole input. Results per index entry
come back in `index`'s order and shape; a scalar index gives a 0-d array.
Positions and centres of mass are host tuples, as SciPy's."""
import numpy

from gpuarray.scipy.ndimage import _array_ops as xp
from gpuarray.scipy.ndimage._support import as_array, host, to_device


class Regions:
    """The group number of every element (Note [Regions by group numbers])."""

    def __init__(self, input, labels, index):
        x = as_array(input)
        if numpy.dtype(x.dtype).kind == "c":
            raise TypeError("Complex type not supported")
        self.shape = tuple(x.shape)
        self.values = to_device(x).reshape(-1)
        self.whole = labels is None
        self.scalar = labels is None or index is None or numpy.ndim(host(index)) == 0
        if labels is None:
            self.count, self.group = 1, None
            return
        labels = as_array(labels)
        if tuple(labels.shape) != self.shape:
            labels = numpy.broadcast_to(host(labels), self.shape)
        labels = to_device(labels).reshape(-1)
        if index is None:
            self.count, self.group = 1, xp.where(labels > 0, 0, -1)
            return
        index = host(index)
        self.index_shape = index.shape
        keys, self.inverse = numpy.unique(index.reshape(-1), return_inverse=True)
        self.count = len(keys)
        device_keys = xp.asarray(keys.astype(numpy.float64) if keys.dtype.kind == "f" else keys)
        position = xp.searchsorted(device_keys, labels)
        clipped = xp.minimum(position, len(keys) - 1)
        self.group = xp.where(xp.take(device_keys, clipped) == labels, clipped, -1)

    def members(self):
        """(values, group numbers, flat positions) of the elements in a region."""
        if self.group is None:
            return self.values, xp.zeros(self.values.shape, dtype=numpy.int64), xp.arange(self.values.size)
        chosen = xp.nonzero(self.group >= 0)[0]
        return xp.take(self.values, chosen), xp.take(self.group, chosen), chosen

    def result(self, per_group):
        """Per-group device values in index order (0-d for a scalar query)."""
        if self.scalar:
            return per_group[0]
        return xp.take(per_group, xp.asarray(self.inverse)).reshape(self.index_shape)

    def host_result(self, per_group):
        """Per-group host rows (tuples) in index order: one for a scalar query."""
        rows = [tuple(row) for row in per_group]
        if self.scalar:
            return rows[0]
        return [rows[i] for i in self.inverse]

    def sizes(self, group):
        return xp.bincount(group, minlength=self.count)

    def sums(self, values, group):
        return xp.bincount(group, weights=values.astype(numpy.float64), minlength=self.count)
