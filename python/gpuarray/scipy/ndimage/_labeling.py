# SPDX-License-Identifier: BSD-3-Clause
"""label, find_objects and value_indices: connected components and the
elements of each value.

Note [Labels by hooking and pointer jumping]: every foreground element
starts as its own parent (its flat index in the input padded by one
background sample per side, so neighbours are shifted views). A round takes
each element's smallest parent among its neighbours under the structure,
hooks its parent's parent to that (one ufunc.at minimum scatter) and then
jumps pointers (parent = parent[parent]) until they stop moving; rounds
repeat until no parent changes. The parents converge to the smallest flat
index of each component, which is its first element in raster order, so
numbering the roots by a cumulative sum gives SciPy's labels. The rounds
grow with the logarithm of a component's extent for most shapes; each ends
with one host check. On the device the union-find runs as two kernels
instead (gpuarray/ndimage/label.cuh: unions by compare-and-swap hanging the
larger root under the smaller, then every element to its root), with the
same roots and no host round trip."""
import operator

import numpy

from gpuarray.scipy.ndimage import _array_ops as xp
from gpuarray.scipy.ndimage import _kernels
from gpuarray.scipy.ndimage._support import as_array, host, output_array, to_device

__all__ = ["label", "find_objects", "value_indices"]


def _structure_for(structure, ndim):
    if structure is None:
        return numpy.fabs(numpy.indices([3] * ndim) - 1).sum(axis=0) <= 1 if ndim else numpy.array(True)
    structure = host(structure).astype(bool)
    if structure.ndim != ndim:
        raise RuntimeError("structure and input must have equal rank")
    if any(n != 3 for n in structure.shape):
        raise ValueError("structure dimensions must be equal to 3")
    return structure


def _offsets(structure):
    """Neighbour offsets of the structure and their mirror images, centre excluded."""
    found = set()
    for position in zip(*numpy.nonzero(structure)):
        offset = tuple(int(p) - 1 for p in position)
        if any(offset):
            found.add(offset)
            found.add(tuple(-o for o in offset))
    return sorted(found)


def components(mask, structure):
    """(labels int64 of the padded shape's interior, count) of the boolean device
    `mask` (Note [Labels by hooking and pointer jumping])."""
    shape = tuple(mask.shape)
    offsets = _offsets(structure)
    # a union is symmetric: the kernel needs only the offsets pointing back in raster order
    backward = [o for o in offsets if o < tuple(0 for _ in o)]
    roots = _kernels.label_roots(mask, backward) if backward else None
    if roots is not None:  # one union-find on the device, no host round trip
        size = int(numpy.prod(shape))
        is_root = roots == xp.arange(size, dtype=numpy.int64)
        numbers = xp.cumsum(is_root.astype(numpy.int64))
        labels = xp.where(roots >= 0, xp.take(numbers, xp.maximum(roots, 0)), 0)
        return labels.reshape(shape), int(numbers[-1])
    padded_shape = tuple(n + 2 for n in shape)
    size = int(numpy.prod(padded_shape))
    interior = tuple(slice(1, n + 1) for n in shape)
    fg = xp.zeros(padded_shape, dtype=bool)
    fg[interior] = mask
    big = size  # the parent of background: past every index
    index = xp.arange(size, dtype=numpy.int64).reshape(padded_shape)
    parent = xp.where(fg, index, big).reshape(-1)
    fg_flat = fg.reshape(-1)
    members = xp.nonzero(fg_flat)[0]
    while True:
        before = xp.copy(parent)
        grid = parent.reshape(padded_shape)
        smallest = grid[interior]
        for offset in offsets:
            shifted = tuple(slice(1 + o, n + 1 + o) for o, n in zip(offset, shape))
            smallest = xp.minimum(smallest, grid[shifted])
        smallest_full = xp.full(padded_shape, big, dtype=numpy.int64)
        smallest_full[interior] = smallest
        smallest_flat = xp.take(smallest_full.reshape(-1), members)
        xp.minimum.at(parent, xp.take(parent, members), smallest_flat)
        xp.minimum.at(parent, members, smallest_flat)
        while True:
            jumped = xp.where(fg_flat, xp.take(parent, xp.minimum(parent, size - 1)), big)
            if not bool(xp.any(jumped != parent)):
                break
            parent = jumped
        if not bool(xp.any(parent != before)):
            break
    roots = fg_flat & (parent == xp.arange(size, dtype=numpy.int64))
    numbers = xp.cumsum(roots.astype(numpy.int64))
    labels = xp.where(fg_flat, xp.take(numbers, xp.minimum(parent, size - 1)), 0)
    count = int(numbers[-1]) if size else 0
    return labels.reshape(padded_shape)[interior], count


def label(input, structure=None, output=None):
    """Label features in an array.

    Connected components of the non-zero elements, connectivity given by
    `structure`, numbered 1, 2, ... in raster order of their first element.

    Parameters
    ----------
    input : array_like
        The array to label: non-zero elements are features.
    structure : array_like, optional
        A 3 x 3 x ... boolean array of the neighbours that connect (default:
        the face neighbours, generate_binary_structure(ndim, 1)).
    output : ndarray or dtype, optional
        The array in which to place the labels, or their dtype (default
        int32).

    Returns
    -------
    label : ndarray or int
        The labels; only the count when `output` is an array (filled in).
    num_features : int
        How many features were found.

    Raises
    ------
    TypeError
        For complex input.
    RuntimeError
        For a structure of another rank.
    ValueError
        For a structure whose sides are not 3.

    Notes
    -----
    Note [Labels by hooking and pointer jumping]: union-find by array
    operations, one host check per round.

    See Also
    --------
    scipy.ndimage.label, find_objects, generate_binary_structure

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> labels, count = ndimage.label(xp.asarray([[1, 1, 0, 0], [0, 0, 0, 1], [1, 0, 1, 1]]))
    >>> labels.tolist(), count
    ([[1, 1, 0, 0], [0, 0, 0, 2], [3, 0, 2, 2]], 3)
    """
    x = as_array(input)
    if numpy.dtype(x.dtype).kind == "c":
        raise TypeError("Complex type not supported")
    structure = _structure_for(structure, x.ndim)
    given = isinstance(output, (xp.ndarray, numpy.ndarray))
    if output is None:
        dtype, out = numpy.dtype(numpy.int32), None
    else:
        dtype, out = output_array(output, x)
    mask = to_device(x) != 0
    if x.ndim == 0:
        labels, count = mask.astype(numpy.int64), int(bool(mask))
    else:
        labels, count = components(mask, structure) if x.size else (xp.zeros(tuple(x.shape), numpy.int64), 0)
    if count > numpy.iinfo(dtype).max if dtype.kind in "iu" else False:
        raise RuntimeError("insufficient bit-depth in requested output type")
    labels = labels.astype(dtype)
    if given:
        out[...] = labels
        return count
    return labels, count


def find_objects(input, max_label=0):
    """Find objects in a labeled array.

    Parameters
    ----------
    input : ndarray of ints
        The labels (0 and negative values are background).
    max_label : int, optional
        The largest label to report (default: the largest present).

    Returns
    -------
    object_slices : list of tuples
        For each label 1..max_label, the tuple of slices of its bounding
        box, or None where the label is absent.

    Raises
    ------
    TypeError
        For non-integer input.

    Notes
    -----
    One minimum and one maximum scatter per axis; the boxes come back to
    the host.

    See Also
    --------
    scipy.ndimage.find_objects, label

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> ndimage.find_objects(xp.asarray([[1, 1, 0], [0, 0, 2], [0, 0, 2]]))
    [(slice(0, 1, None), slice(0, 2, None)), (slice(1, 3, None), slice(2, 3, None))]
    """
    x = as_array(input)
    if numpy.dtype(x.dtype).kind not in "iub":
        raise TypeError(f"{numpy.dtype(x.dtype)} object cannot be interpreted as an integer")
    max_label = operator.index(max_label)
    x = to_device(x)
    if max_label < 1:
        max_label = int(xp.max(x)) if x.size else 0
    if max_label < 1:
        return []
    flat = x.reshape(-1).astype(numpy.int64)
    chosen = xp.nonzero((flat > 0) & (flat <= max_label))[0]
    keys = xp.take(flat, chosen) - 1
    low_high = []
    remaining = chosen
    coordinates = []
    for extent in reversed(tuple(x.shape)):
        coordinates.append(remaining % extent)
        remaining = remaining // extent
    for coordinate in reversed(coordinates):
        low = xp.full((max_label,), numpy.iinfo(numpy.int64).max, dtype=numpy.int64)
        high = xp.full((max_label,), -1, dtype=numpy.int64)
        xp.minimum.at(low, keys, coordinate)
        xp.maximum.at(high, keys, coordinate)
        low_high.append((numpy.asarray(xp.asnumpy(low)), numpy.asarray(xp.asnumpy(high))))
    result = []
    for k in range(max_label):
        if not low_high or low_high[0][1][k] < 0:
            result.append(None)
        else:
            result.append(tuple(slice(int(lo[k]), int(hi[k]) + 1) for lo, hi in low_high))
    return result


def value_indices(arr, *, ignore_value=None):
    """Find indices of each distinct value in given array.

    Parameters
    ----------
    arr : ndarray of ints
        The values.
    ignore_value : int, optional
        A value left out of the result.

    Returns
    -------
    indices : dict
        For each distinct value (a NumPy scalar of arr's dtype, increasing),
        the tuple of device index arrays of its elements in raster order.

    Raises
    ------
    ValueError
        For a non-integer array.

    Notes
    -----
    One stable sort of the values; the distinct values and their counts
    come to the host to build the dict.

    See Also
    --------
    scipy.ndimage.value_indices, label

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> found = ndimage.value_indices(xp.asarray([[0, 1], [1, 2]]))
    >>> [int(v) for v in found], found[1][1].tolist()
    ([0, 1, 2], [1, 0])
    """
    x = as_array(arr)
    if numpy.dtype(x.dtype).kind not in "iu":
        raise ValueError("Parameter 'arr' must be an integer array")
    x = to_device(x)
    flat = x.reshape(-1)
    order = xp.argsort(flat, kind="stable")
    ordered = numpy.asarray(xp.asnumpy(xp.take(flat, order)))
    values, starts, counts = numpy.unique(ordered, return_index=True, return_counts=True)
    result = {}
    for value, start, count in zip(values, starts, counts):
        if ignore_value is not None and value == ignore_value:
            continue
        positions = order[int(start):int(start + count)]
        coordinates = []
        for extent in reversed(tuple(x.shape)):
            coordinates.append(positions % extent)
            positions = positions // extent
        result[numpy.dtype(x.dtype).type(value)] = tuple(reversed(coordinates))
    return result
