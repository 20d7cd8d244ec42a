# SPDX-License-Identifier: BSD-3-Clause
"""Binary morphology: generate_binary_structure, iterate_structure,
binary_erosion, binary_dilation, binary_opening, binary_closing,
binary_hit_or_miss, binary_propagation and binary_fill_holes.

Note [Binary erosion by shifted views]: an erosion is the AND over the
structure's positions of the input shifted by each (the input padded by one
border_value block per side), a dilation the erosion of the inverted input
by the reflected structure, inverted back (SciPy's `invert`). Iterations
repeat the pass with the mask applied each time; iterations < 1 repeat to
convergence with one host check per pass."""
import operator

import numpy

from gpuarray.scipy.ndimage import _array_ops as xp
from gpuarray.scipy.ndimage._support import (
    as_array, check_axes, expand_footprint, expand_origin, host, output_array, to_device,
)

__all__ = ["generate_binary_structure", "iterate_structure", "binary_erosion", "binary_dilation",
           "binary_opening", "binary_closing", "binary_hit_or_miss", "binary_propagation", "binary_fill_holes"]


def _structure(rank, connectivity):
    """The host structure of generate_binary_structure."""
    if connectivity < 1:
        connectivity = 1
    if rank < 1:
        return numpy.array(True, dtype=bool)
    return numpy.fabs(numpy.indices([3] * rank) - 1).sum(axis=0) <= connectivity


def generate_binary_structure(rank, connectivity):
    """Generate a binary structure for binary morphological operations.

    The elements within `connectivity` steps (city-block distance of the
    offsets) of the centre of a 3 x 3 x ... array.

    Parameters
    ----------
    rank : int
        The number of dimensions.
    connectivity : int
        1 for face neighbours up to rank for every neighbour.

    Returns
    -------
    output : ndarray of bools
        The structure (on the device).

    See Also
    --------
    scipy.ndimage.generate_binary_structure, iterate_structure, label

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> ndimage.generate_binary_structure(2, 1).astype(int).tolist()
    [[0, 1, 0], [1, 1, 1], [0, 1, 0]]
    """
    return xp.asarray(_structure(operator.index(rank), operator.index(connectivity)))


def _grow(a, b):
    """The host dilation of boolean a by b into the shape a.shape + b.shape - 1."""
    out = numpy.zeros(tuple(n + m - 1 for n, m in zip(a.shape, b.shape)), dtype=bool)
    for position in zip(*numpy.nonzero(b)):
        out[tuple(slice(p, p + n) for p, n in zip(position, a.shape))] |= a
    return out


def iterate_structure(structure, iterations, origin=None):
    """Iterate a structure by dilating it with itself.

    Parameters
    ----------
    structure : array_like
        The structuring element (odd sides).
    iterations : int
        How many times the structure is applied (1: the structure).
    origin : optional
        If given, its multiple by `iterations` is returned too.

    Returns
    -------
    iterate_structure : ndarray of bools
        The iterated structure (with the origin when one was given).

    See Also
    --------
    scipy.ndimage.iterate_structure, generate_binary_structure

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> s = ndimage.generate_binary_structure(2, 1)
    >>> ndimage.iterate_structure(s, 2).astype(int).tolist()[1]
    [0, 1, 1, 1, 0]
    """
    structure = host(structure)
    iterations = operator.index(iterations)
    if iterations < 2:
        out = structure.copy()
    else:
        base = structure != 0
        out = base
        for _ in range(iterations - 1):
            out = _grow(out, base)
    out = xp.asarray(out)
    if origin is None:
        return out
    return out, [iterations * o for o in (origin if hasattr(origin, "__len__") else [origin] * structure.ndim)]


def _erode(x, structure, origins, border_value, invert):
    """One erosion pass of the boolean device array x (Note [Binary erosion by
    shifted views]); structure and origins cover every axis."""
    border = bool(border_value)
    padded = x
    for axis, (size, origin) in enumerate(zip(structure.shape, origins)):
        before = size // 2 + origin
        after = size - 1 - before
        if before or after:
            side = list(padded.shape)
            parts = []
            if before:
                side[axis] = before
                parts.append(xp.full(tuple(side), border, dtype=bool))
            parts.append(padded)
            if after:
                side[axis] = after
                parts.append(xp.full(tuple(side), border, dtype=bool))
            padded = xp.concatenate(parts, axis=axis)
    result = None
    for position in zip(*numpy.nonzero(structure)):
        term = padded[tuple(slice(p, p + n) for p, n in zip(position, x.shape))]
        if invert:
            term = xp.logical_not(term)
        result = term if result is None else xp.logical_and(result, term)
    if result is None:
        result = xp.ones(tuple(x.shape), dtype=bool)
    return xp.logical_not(result) if invert else result


def _binary_erosion(input, structure, iterations, mask, output, border_value, origin, invert, axes):
    try:
        iterations = operator.index(iterations)
    except TypeError as error:
        raise TypeError("iterations parameter should be an integer") from error
    x = as_array(input)
    if numpy.dtype(x.dtype).kind == "c":
        raise TypeError("Complex type not supported")
    axes = check_axes(axes, x.ndim)
    structure = _structure(len(axes), 1) if structure is None else host(structure).astype(bool)
    structure = expand_footprint(x.ndim, axes, structure, "structure")
    if structure.ndim != x.ndim:
        raise RuntimeError("structure and input must have same dimensionality")
    if structure.size < 1:
        raise RuntimeError("structure must not be empty")
    if mask is not None:
        mask = as_array(mask)
        if tuple(mask.shape) != tuple(x.shape):
            raise RuntimeError("mask and input must have equal sizes")
    origins = expand_origin(x.ndim, axes, origin)
    if isinstance(output, (xp.ndarray, numpy.ndarray)):
        if numpy.dtype(output.dtype).kind == "c":
            raise TypeError("Complex output type not supported")
        dtype, out = output_array(output, x)
    else:
        dtype, out = numpy.dtype(bool), None
    for size, o in zip(structure.shape, origins):
        if not -(size // 2) <= o <= (size - 1) // 2:
            raise ValueError("invalid origin")
    source = to_device(x) != 0
    keep = None if mask is None else to_device(mask) != 0
    result = source
    passes = 0
    while True:
        eroded = _erode(result, structure, origins, border_value, invert)
        if keep is not None:
            eroded = xp.where(keep, eroded, result)
        passes += 1
        changed = iterations < 1 and bool(xp.any(eroded != result))
        result = eroded
        if (iterations >= 1 and passes >= iterations) or (iterations < 1 and not changed):
            break
    result = result.astype(dtype)
    if out is None:
        return result
    out[...] = result
    return out


def _mirrored(structure, origin, ndim, axes):
    """The reflected structure and origins of a dilation (SciPy's rule)."""
    axes = check_axes(axes, ndim)
    structure = _structure(len(axes), 1) if structure is None else host(structure).astype(bool)
    structure = expand_footprint(ndim, axes, structure, "structure")
    structure = structure[tuple(slice(None, None, -1) for _ in range(structure.ndim))]
    origins = expand_origin(ndim, axes, origin)
    origins = [-o - (0 if structure.shape[k] & 1 else 1) for k, o in enumerate(origins)]
    return structure, origins


_COMMON = """
    input : array_like
        The binary image (non-zero is True).
    structure : array_like, optional
        The structuring element (default: face neighbours over `axes`)."""


def binary_erosion(input, structure=None, iterations=1, mask=None, output=None, border_value=0, origin=0,
                   brute_force=False, *, axes=None):
    """Multidimensional binary erosion with a given structuring element.

    True where the structure, centred there, covers only True elements.

    Parameters
    ----------
    input : array_like
        The binary image (non-zero is True).
    structure : array_like, optional
        The structuring element (default: face neighbours over `axes`).
    iterations : int, optional
        Repetitions; below 1, until nothing changes. Default 1.
    mask : array_like, optional
        Only elements where the mask is True are modified.
    output : ndarray, optional
        The array in which to place the output (default: a new bool array).
    border_value : int (cast to 0 or 1), optional
        The value outside the input. Default 0.
    origin : int or tuple of ints, optional
        Shifts the structure's centre. Default 0.
    brute_force : boolean, optional
        Accepted for SciPy's signature (every pass is a full one here).
    axes : tuple of int or None, optional
        The axes the structure spans. Default: every axis.

    Returns
    -------
    binary_erosion : ndarray of bools
        The eroded image (`output` itself when an array was given).

    Raises
    ------
    TypeError
        For complex input or output, or non-integer iterations.
    RuntimeError
        For a structure of another rank or empty, or a mask of another shape.

    Notes
    -----
    Note [Binary erosion by shifted views].

    See Also
    --------
    scipy.ndimage.binary_erosion, binary_dilation, grey_erosion

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> a = xp.zeros((5, 5), dtype=bool); a[1:4, 1:4] = True
    >>> ndimage.binary_erosion(a).astype(int)[2].tolist()
    [0, 0, 1, 0, 0]
    """
    return _binary_erosion(input, structure, iterations, mask, output, border_value, origin, False, axes)


def binary_dilation(input, structure=None, iterations=1, mask=None, output=None, border_value=0, origin=0,
                    brute_force=False, *, axes=None):
    """Multidimensional binary dilation with the given structuring element.

    True where the reflected structure, centred there, covers a True
    element.

    Parameters
    ----------
    input : array_like
        The binary image (non-zero is True).
    structure : array_like, optional
        The structuring element (default: face neighbours over `axes`).
    iterations : int, optional
        Repetitions; below 1, until nothing changes. Default 1.
    mask : array_like, optional
        Only elements where the mask is True are modified.
    output : ndarray, optional
        The array in which to place the output (default: a new bool array).
    border_value : int (cast to 0 or 1), optional
        The value outside the input. Default 0.
    origin : int or tuple of ints, optional
        Shifts the structure's centre. Default 0.
    brute_force : boolean, optional
        Accepted for SciPy's signature.
    axes : tuple of int or None, optional
        The axes the structure spans. Default: every axis.

    Returns
    -------
    binary_dilation : ndarray of bools
        The dilated image (`output` itself when an array was given).

    Raises
    ------
    TypeError
        For complex input or output, or non-integer iterations.
    RuntimeError
        For a structure of another rank or empty, or a mask of another shape.

    See Also
    --------
    scipy.ndimage.binary_dilation, binary_erosion, grey_dilation

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> a = xp.zeros((5, 5), dtype=bool); a[2, 2] = True
    >>> ndimage.binary_dilation(a).astype(int)[1:4, 1:4].tolist()
    [[0, 1, 0], [1, 1, 1], [0, 1, 0]]
    """
    x = as_array(input)
    structure, origins = _mirrored(structure, origin, x.ndim, axes)
    return _binary_erosion(x, structure, iterations, mask, output, border_value, origins, True, None)


def binary_opening(input, structure=None, iterations=1, output=None, origin=0, mask=None, border_value=0,
                   brute_force=False, *, axes=None):
    """Multidimensional binary opening with the given structuring element.

    The dilation of the erosion (each `iterations` times).

    Parameters
    ----------
    input : array_like
        The binary image (non-zero is True).
    structure : array_like, optional
        The structuring element (default: face neighbours over `axes`).
    iterations : int, optional
        Repetitions of each step. Default 1.
    output : ndarray, optional
        The array in which to place the output.
    origin : int or tuple of ints, optional
        Shifts the structure's centre. Default 0.
    mask : array_like, optional
        Only elements where the mask is True are modified.
    border_value : int (cast to 0 or 1), optional
        The value outside the input. Default 0.
    brute_force : boolean, optional
        Accepted for SciPy's signature.
    axes : tuple of int or None, optional
        The axes the structure spans. Default: every axis.

    Returns
    -------
    binary_opening : ndarray of bools
        The opened image (`output` itself when an array was given).

    See Also
    --------
    scipy.ndimage.binary_opening, binary_closing

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> a = xp.zeros((5, 5), dtype=bool); a[1:4, 1:4] = True; a[0, 0] = True
    >>> int(ndimage.binary_opening(a).sum())
    5
    """
    x = as_array(input)
    axes = check_axes(axes, x.ndim)
    if structure is None:
        structure = _structure(len(axes), 1)
    eroded = binary_erosion(x, structure, iterations, mask, None, border_value, origin, brute_force, axes=axes)
    return binary_dilation(eroded, structure, iterations, mask, output, border_value, origin, brute_force,
                           axes=axes)


def binary_closing(input, structure=None, iterations=1, output=None, origin=0, mask=None, border_value=0,
                   brute_force=False, *, axes=None):
    """Multidimensional binary closing with the given structuring element.

    The erosion of the dilation (each `iterations` times).

    Parameters
    ----------
    input : array_like
        The binary image (non-zero is True).
    structure : array_like, optional
        The structuring element (default: face neighbours over `axes`).
    iterations : int, optional
        Repetitions of each step. Default 1.
    output : ndarray, optional
        The array in which to place the output.
    origin : int or tuple of ints, optional
        Shifts the structure's centre. Default 0.
    mask : array_like, optional
        Only elements where the mask is True are modified.
    border_value : int (cast to 0 or 1), optional
        The value outside the input. Default 0.
    brute_force : boolean, optional
        Accepted for SciPy's signature.
    axes : tuple of int or None, optional
        The axes the structure spans. Default: every axis.

    Returns
    -------
    binary_closing : ndarray of bools
        The closed image (`output` itself when an array was given).

    See Also
    --------
    scipy.ndimage.binary_closing, binary_opening

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> a = xp.zeros((5, 5), dtype=bool); a[1:4, 1:4] = True; a[2, 2] = False
    >>> bool(ndimage.binary_closing(a)[2, 2])
    True
    """
    x = as_array(input)
    axes = check_axes(axes, x.ndim)
    if structure is None:
        structure = _structure(len(axes), 1)
    dilated = binary_dilation(x, structure, iterations, mask, None, border_value, origin, brute_force, axes=axes)
    return binary_erosion(dilated, structure, iterations, mask, output, border_value, origin, brute_force,
                          axes=axes)


def binary_hit_or_miss(input, structure1=None, structure2=None, output=None, origin1=0, origin2=None, *,
                       axes=None):
    """Multidimensional binary hit-or-miss transform.

    True where structure1 fits in the foreground and structure2 in the
    background.

    Parameters
    ----------
    input : array_like
        The binary image (non-zero is True).
    structure1 : array_like, optional
        The part that must hit the foreground (default: face neighbours).
    structure2 : array_like, optional
        The part that must miss it (default: structure1's complement).
    output : ndarray, optional
        The array in which to place the output.
    origin1 : int or tuple of ints, optional
        Shifts structure1's centre. Default 0.
    origin2 : int or tuple of ints, optional
        Shifts structure2's centre (default: origin1).
    axes : tuple of int or None, optional
        The axes the structures span. Default: every axis.

    Returns
    -------
    binary_hit_or_miss : ndarray of bools
        The transform (`output` itself when an array was given).

    See Also
    --------
    scipy.ndimage.binary_hit_or_miss, binary_erosion

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> a = xp.zeros((5, 5), dtype=int); a[2, 2] = 1
    >>> s1 = xp.asarray([[0, 0, 0], [0, 1, 0], [0, 0, 0]])
    >>> ndimage.binary_hit_or_miss(a, s1).astype(int)[2].tolist()
    [0, 0, 1, 0, 0]
    """
    x = as_array(input)
    axes = check_axes(axes, x.ndim)
    structure1 = _structure(len(axes), 1) if structure1 is None else host(structure1).astype(bool)
    structure2 = numpy.logical_not(structure1) if structure2 is None else host(structure2).astype(bool)
    origin2 = origin1 if origin2 is None else origin2
    hits = _binary_erosion(x, structure1, 1, None, None, 0, origin1, False, axes)
    misses = _binary_erosion(x, structure2, 1, None, None, 0, origin2, True, axes)
    result = xp.logical_and(hits, xp.logical_not(misses))
    if isinstance(output, (xp.ndarray, numpy.ndarray)):
        output[...] = result
        return output
    return result


def binary_propagation(input, structure=None, mask=None, output=None, border_value=0, origin=0, *, axes=None):
    """Multidimensional binary propagation with the given structuring element.

    The dilation repeated inside `mask` until nothing changes (the mask's
    components that the input touches).

    Parameters
    ----------
    input : array_like
        The seeds (non-zero is True).
    structure : array_like, optional
        The structuring element (default: face neighbours over `axes`).
    mask : array_like, optional
        Where the propagation may go.
    output : ndarray, optional
        The array in which to place the output.
    border_value : int (cast to 0 or 1), optional
        The value outside the input. Default 0.
    origin : int or tuple of ints, optional
        Shifts the structure's centre. Default 0.
    axes : tuple of int or None, optional
        The axes the structure spans. Default: every axis.

    Returns
    -------
    binary_propagation : ndarray of bools
        The propagated seeds (`output` itself when an array was given).

    Notes
    -----
    One dilation and one host check per step of the propagation.

    See Also
    --------
    scipy.ndimage.binary_propagation, binary_dilation, label

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> mask = xp.asarray([[1, 1, 0, 1], [0, 1, 0, 1]])
    >>> seed = xp.asarray([[1, 0, 0, 0], [0, 0, 0, 0]])
    >>> ndimage.binary_propagation(seed, mask=mask).astype(int).tolist()
    [[1, 1, 0, 0], [0, 1, 0, 0]]
    """
    return binary_dilation(input, structure, -1, mask, output, border_value, origin, axes=axes)


def binary_fill_holes(input, structure=None, output=None, origin=0, *, axes=None):
    """Fill the holes in binary objects.

    The background not reachable from the border (propagating through the
    background with `structure`) becomes foreground.

    Parameters
    ----------
    input : array_like
        The binary image (non-zero is True).
    structure : array_like, optional
        The connectivity of the background (default: face neighbours).
    output : ndarray, optional
        The array in which to place the output.
    origin : int or tuple of ints, optional
        Shifts the structure's centre. Default 0.
    axes : tuple of int or None, optional
        The axes the structure spans. Default: every axis.

    Returns
    -------
    out : ndarray of bools
        The filled image (`output` itself when an array was given).

    See Also
    --------
    scipy.ndimage.binary_fill_holes, binary_propagation, label

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> a = xp.zeros((5, 5), dtype=int); a[1:4, 1:4] = 1; a[2, 2] = 0
    >>> int(ndimage.binary_fill_holes(a).sum())
    9
    """
    x = as_array(input)
    background = numpy.logical_not(x) if isinstance(x, numpy.ndarray) else xp.logical_not(x)
    outside = xp.zeros(tuple(x.shape), dtype=bool)
    reached = binary_dilation(outside, structure, -1, background, None, 1, origin, axes=axes)
    result = xp.logical_not(reached)
    if isinstance(output, (xp.ndarray, numpy.ndarray)):
        output[...] = result
        return output
    return result
