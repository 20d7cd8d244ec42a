# SPDX-License-Identifier: BSD-3-Clause
"""Distance transforms: distance_transform_edt, distance_transform_bf and
distance_transform_cdt, with SciPy's sampling, metrics and return forms.

Note [Separable distance transforms]: the Euclidean, city-block and
chessboard distances to the nearest background element are separable: the
first axis's distance comes from the indices of the previous and next
background elements of each line (two cumulative maxima), and each later
axis takes, for each element, the best over offsets t of the partial
result t samples away combined with the step (f + (s t)^2, f + s |t|, or
max(f, s |t|)). The offsets run outward only while the step is still
smaller than the largest partial result (one host check per offset), so the
passes grow with the largest distance, not the image. The nearest
element's indices ride along with each improvement (ties keep the first
found, so they may name another of several equally near elements than
SciPy)."""
import numpy

from gpuarray.scipy.ndimage import _array_ops as xp
from gpuarray.scipy.ndimage._binary_morphology import _structure
from gpuarray.scipy.ndimage._support import as_array, host, sequence, to_device

__all__ = ["distance_transform_edt", "distance_transform_bf", "distance_transform_cdt"]


def _combine(metric, f, t, s):
    step = s * abs(t)
    if metric == "euclidean":
        return f + step * step
    if metric == "taxicab":
        return f + step
    return xp.maximum(f, step)


def _separable(feature, sampling, metric, want_indices):
    """(distance per element, nearest background indices or None); the distance
    is squared for 'euclidean' (Note [Separable distance transforms])."""
    shape = tuple(feature.shape)
    ndim = len(shape)
    n0 = shape[0]
    positions = xp.arange(n0, dtype=numpy.float64).reshape((n0,) + (1,) * (ndim - 1))
    background = xp.logical_not(feature)
    mark = xp.where(background, positions, -numpy.inf)
    previous = xp.maximum.accumulate(mark, axis=0)
    mark = xp.where(background, positions, numpy.inf)
    following = xp.minimum.accumulate(mark[::-1], axis=0)[::-1]
    to_previous, to_following = positions - previous, following - positions
    nearer = to_previous <= to_following
    steps = xp.where(nearer, to_previous, to_following)
    s0 = float(sampling[0])
    distance = (s0 * steps) * (s0 * steps) if metric == "euclidean" else s0 * steps
    indices = None
    if want_indices:
        first = xp.where(nearer, previous, following)
        indices = [first] + [xp.zeros(shape, dtype=numpy.float64) + xp.arange(shape[k], dtype=numpy.float64).reshape(
            tuple(shape[k] if j == k else 1 for j in range(ndim))) for k in range(1, ndim)]
    for axis in range(1, ndim):
        s = float(sampling[axis])
        n = shape[axis]
        best = distance
        best_indices = None if indices is None else list(indices)
        for t in range(1, n):
            step = s * t
            largest = float(xp.max(best))
            bound = step * step if metric == "euclidean" else step
            if bound >= largest:
                break
            for sign in (1, -1):
                source = [slice(None)] * ndim
                target = [slice(None)] * ndim
                if sign > 0:  # look t samples further along the axis
                    source[axis], target[axis] = slice(t, n), slice(0, n - t)
                else:
                    source[axis], target[axis] = slice(0, n - t), slice(t, n)
                source, target = tuple(source), tuple(target)
                candidate = _combine(metric, distance[source], t, s)
                better = candidate < best[target]
                updated = xp.where(better, candidate, best[target])
                best = _put(best, target, updated)
                if best_indices is not None:
                    best_indices = [_put(b, target, xp.where(better, i[source], b[target]))
                                    for b, i in zip(best_indices, indices)]
        distance = best
        indices = best_indices
    return distance, indices


def _put(array, key, values):
    """array with array[key] replaced by values (a new array)."""
    result = xp.copy(array)
    result[key] = values
    return result


def _finish(distance, indices, return_distances, return_indices, distances, indices_out, distance_dtype):
    results = []
    if return_distances:
        distance = distance.astype(distance_dtype)
        if distances is None:
            results.append(distance)
        else:
            distances[...] = distance
    if return_indices:
        index_array = xp.stack([i.astype(numpy.int32) for i in indices]) if indices else \
            xp.zeros((0,), dtype=numpy.int32)
        if indices_out is None:
            results.append(index_array)
        else:
            indices_out[...] = index_array
    if len(results) == 2:
        return tuple(results)
    if len(results) == 1:
        return results[0]
    return None


def _check_returns(return_distances, return_indices, distances, indices, shape, distance_dtype):
    if not return_distances and not return_indices:
        raise RuntimeError("at least one of return_distances/return_indices must be True")
    if distances is not None:
        if tuple(distances.shape) != tuple(shape):
            raise RuntimeError("distances array has wrong shape")
        if numpy.dtype(distances.dtype) != numpy.dtype(distance_dtype):
            raise RuntimeError(f"distances array must be {numpy.dtype(distance_dtype).name}")
    if indices is not None:
        if tuple(indices.shape) != (len(shape),) + tuple(shape):
            raise RuntimeError("indices array has wrong shape")
        if numpy.dtype(indices.dtype) != numpy.int32:
            raise RuntimeError("indices array must be int32")


def _sampling(sampling, ndim):
    if sampling is None:
        return [1.0] * ndim
    return [float(s) for s in sequence(sampling, ndim)]


def distance_transform_edt(input, sampling=None, return_distances=True, return_indices=False, distances=None,
                           indices=None):
    """Exact Euclidean distance transform.

    For each non-zero element, the distance to the nearest zero element
    (with `sampling` the spacing along each axis).

    Parameters
    ----------
    input : array_like
        The image: non-zero elements get distances, zeros are background.
    sampling : float, or sequence of float, optional
        The spacing of the elements along each axis. Default 1.
    return_distances : bool, optional
        Whether to return the distances. Default True.
    return_indices : bool, optional
        Whether to return, per element, the indices of its nearest
        background element (shape (ndim,) + input.shape, int32). Default
        False.
    distances : float64 ndarray, optional
        An array to receive the distances (then not returned).
    indices : int32 ndarray, optional
        An array to receive the indices (then not returned).

    Returns
    -------
    distances : float64 ndarray
        The distances, if asked for and no `distances` array was given.
    indices : int32 ndarray
        The indices, if asked for and no `indices` array was given.

    Raises
    ------
    RuntimeError
        If neither result is asked for, or for a wrong `sampling`,
        `distances` or `indices`.

    Notes
    -----
    Note [Separable distance transforms]. Where several background
    elements are equally near, the indices may name another than SciPy's.

    See Also
    --------
    scipy.ndimage.distance_transform_edt, distance_transform_cdt

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> a = xp.asarray([[0, 1, 1, 1], [0, 1, 1, 1], [0, 0, 1, 1]])
    >>> ndimage.distance_transform_edt(a).round(4).tolist()[0]
    [0.0, 1.0, 2.0, 2.8284]
    """
    x = as_array(input)
    _check_returns(return_distances, return_indices, distances, indices, x.shape, numpy.float64)
    sampling = _sampling(sampling, x.ndim)
    feature = to_device(x) != 0
    squared, nearest = _separable(feature, sampling, "euclidean", return_indices or indices is not None)
    return _finish(xp.sqrt(squared), nearest, return_distances, return_indices, distances, indices,
                   numpy.float64)


def distance_transform_bf(input, metric="euclidean", sampling=None, return_distances=True, return_indices=False,
                          distances=None, indices=None):
    """Distance transform function by a brute force algorithm.

    The exact distance of each non-zero element to the nearest zero
    element in the given metric.

    Parameters
    ----------
    input : array_like
        The image: non-zero elements get distances, zeros are background.
    metric : {'euclidean', 'taxicab', 'cityblock', 'manhattan', 'chessboard'}, optional
        The metric. Default 'euclidean'.
    sampling : float, or sequence of float, optional
        The spacing of the elements along each axis. Default 1.
    return_distances : bool, optional
        Whether to return the distances. Default True.
    return_indices : bool, optional
        Whether to return the nearest background element's indices.
    distances : ndarray, optional
        An array to receive the distances (float64, or uint32 for the
        metrics other than 'euclidean').
    indices : int32 ndarray, optional
        An array to receive the indices.

    Returns
    -------
    distances : ndarray
        The distances (float64 Euclidean ones; uint32 step counts for the
        other metrics, which ignore `sampling`, as SciPy's), if asked for and
        no `distances` array was given.
    indices : int32 ndarray
        The indices, if asked for and no `indices` array was given.

    Raises
    ------
    RuntimeError
        For an unknown metric, neither result asked for, or wrong arrays.

    Notes
    -----
    Not brute force here: every metric is separable (Note [Separable
    distance transforms]) and gives the exact distances of SciPy's brute
    force search.

    See Also
    --------
    scipy.ndimage.distance_transform_bf, distance_transform_edt

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> a = xp.asarray([[0, 1, 1, 1], [0, 1, 1, 1], [0, 0, 1, 1]])
    >>> ndimage.distance_transform_bf(a, "taxicab").tolist()[0]
    [0, 1, 2, 3]
    """
    names = {"euclidean": "euclidean", "taxicab": "taxicab", "cityblock": "taxicab", "manhattan": "taxicab",
             "chessboard": "chessboard"}
    metric = names.get(metric.lower() if isinstance(metric, str) else metric)
    if metric is None:
        raise RuntimeError("distance metric not supported")
    x = as_array(input)
    # SciPy's city-block and chessboard distances are uint32 step counts: sampling is unused there
    dtype = numpy.float64 if metric == "euclidean" else numpy.uint32
    _check_returns(return_distances, return_indices, distances, indices, x.shape, dtype)
    sampling = _sampling(sampling, x.ndim)
    if metric != "euclidean":
        sampling = [1.0] * x.ndim
    feature = to_device(x) != 0
    distance, nearest = _separable(feature, sampling, metric, return_indices or indices is not None)
    if metric == "euclidean":
        distance = xp.sqrt(distance)
    return _finish(distance, nearest, return_distances, return_indices, distances, indices, dtype)


def distance_transform_cdt(input, metric="chessboard", return_distances=True, return_indices=False,
                           distances=None, indices=None):
    """Distance transform for chamfer type of transforms.

    The number of steps to the nearest zero element, a step being a move
    to any neighbour of the metric's structure.

    Parameters
    ----------
    input : array_like
        The image: non-zero elements get distances, zeros are background.
    metric : {'chessboard', 'taxicab', 'cityblock', 'manhattan'} or array_like, optional
        The neighbours of one step: every neighbour (chessboard), face
        neighbours (taxicab), or a 3 x 3 x ... structure. Default
        'chessboard'.
    return_distances : bool, optional
        Whether to return the distances. Default True.
    return_indices : bool, optional
        Whether to return the nearest background element's indices.
    distances : int32 ndarray, optional
        An array to receive the distances.
    indices : int32 ndarray, optional
        An array to receive the indices.

    Returns
    -------
    distances : int32 ndarray
        The distances, if asked for and no `distances` array was given.
    indices : int32 ndarray
        The indices, if asked for and no `indices` array was given.

    Raises
    ------
    RuntimeError
        For an unknown metric, a structure of the wrong shape, neither
        result asked for, or wrong arrays.

    Notes
    -----
    The steps are counted by a min-plus propagation over the structure's
    offsets until nothing changes (one host check per step).

    See Also
    --------
    scipy.ndimage.distance_transform_cdt, distance_transform_edt

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> a = xp.asarray([[0, 1, 1, 1], [0, 1, 1, 1], [0, 0, 1, 1]])
    >>> ndimage.distance_transform_cdt(a).tolist()[0]
    [0, 1, 2, 2]
    """
    x = as_array(input)
    ndim = x.ndim
    if isinstance(metric, str):
        name = metric.lower()
        if name in ("taxicab", "cityblock", "manhattan"):
            structure = _structure(ndim, 1)
        elif name == "chessboard":
            structure = _structure(ndim, ndim)
        else:
            raise RuntimeError("invalid metric provided")
    else:
        structure = host(metric).astype(bool)
        if structure.ndim != ndim or any(n != 3 for n in structure.shape):
            raise RuntimeError("metric sizes must be equal to 3")
    _check_returns(return_distances, return_indices, distances, indices, x.shape, numpy.int32)
    feature = to_device(x) != 0
    shape = tuple(x.shape)
    big = float(numpy.prod(shape) + 1) if shape else 1.0
    distance = xp.where(feature, big, 0.0)
    want = return_indices or indices is not None
    grids = []
    if want:
        for k in range(ndim):
            view = [1] * ndim
            view[k] = shape[k]
            grids.append(xp.zeros(shape, dtype=numpy.float64) + xp.arange(shape[k], dtype=numpy.float64).reshape(
                tuple(view)))
    offsets = [tuple(int(p) - 1 for p in position) for position in zip(*numpy.nonzero(structure))]
    offsets = [o for o in offsets if any(o)]
    while True:
        improved = None
        for offset in offsets:
            source = tuple(slice(max(o, 0), n + min(o, 0)) for o, n in zip(offset, shape))
            target = tuple(slice(max(-o, 0), n + min(-o, 0)) for o, n in zip(offset, shape))
            candidate = distance[source] + 1.0
            better = candidate < distance[target]
            distance = _put(distance, target, xp.where(better, candidate, distance[target]))
            if want:
                grids = [_put(g, target, xp.where(better, g[source], g[target])) for g in grids]
            hit = xp.any(better)
            improved = hit if improved is None else xp.logical_or(improved, hit)
        if improved is None or not bool(improved):
            break
    distance = xp.where(distance >= big, -1.0, distance)
    return _finish(distance, grids, return_distances, return_indices, distances, indices, numpy.int32)
