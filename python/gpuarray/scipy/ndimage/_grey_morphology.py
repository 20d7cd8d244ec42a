# SPDX-License-Identifier: BSD-3-Clause
"""Grey-scale morphology: grey_erosion, grey_dilation, grey_opening,
grey_closing, morphological_gradient, morphological_laplace, white_tophat
and black_tophat, over minimum_filter and maximum_filter (a structure adds
its values to each position, Note [Min and max filters by doubling] in
_rank.py)."""
import warnings

import numpy

from gpuarray.scipy.ndimage import _array_ops as xp
from gpuarray.scipy.ndimage._rank import min_or_max_filter
from gpuarray.scipy.ndimage._support import as_array, check_axes, host, sequence, to_device

__all__ = ["grey_erosion", "grey_dilation", "grey_opening", "grey_closing", "morphological_gradient",
           "morphological_laplace", "white_tophat", "black_tophat"]

_PARAMETERS = """
    Parameters
    ----------
    input : array_like
        The input array.
    size : tuple of ints, optional
        The shape of a flat structuring element (used without footprint and
        structure).
    footprint : array of ints, optional
        The positions of a flat structuring element.
    structure : array of ints, optional
        A non-flat structuring element: its values are subtracted (erosion)
        or added (dilation).
    output : array, optional
        The array in which to place the output, or its dtype.
    mode : {'reflect', 'constant', 'nearest', 'mirror', 'wrap'}, optional
        How the input is extended past its edges. Default 'reflect'.
    cval : scalar, optional
        Value past the edges in 'constant' mode. Default 0.0.
    origin : scalar, optional
        Shifts the element's centre. Default 0.
    axes : tuple of int or None, optional
        The axes filtered. Default: every axis."""


def _need_shape(size, footprint, structure):
    if size is None and footprint is None and structure is None:
        raise RuntimeError("size, footprint, or structure must be specified")


def grey_erosion(input, size=None, footprint=None, structure=None, output=None, mode="reflect", cval=0.0,
                 origin=0, *, axes=None):
    _need_shape(size, footprint, structure)
    return min_or_max_filter(input, size, footprint, structure, output, mode, cval, origin, True, axes)


def grey_dilation(input, size=None, footprint=None, structure=None, output=None, mode="reflect", cval=0.0,
                  origin=0, *, axes=None):
    _need_shape(size, footprint, structure)
    x = as_array(input)
    axes = check_axes(axes, x.ndim)
    if structure is not None:
        structure = host(structure)
        structure = structure[tuple(slice(None, None, -1) for _ in range(structure.ndim))]
    if footprint is not None:
        footprint = host(footprint)
        footprint = footprint[tuple(slice(None, None, -1) for _ in range(footprint.ndim))]
    origins = [-int(o) for o in sequence(origin, len(axes))]
    for k in range(len(origins)):
        if footprint is not None:
            extent = footprint.shape[k]
        elif structure is not None:
            extent = structure.shape[k]
        elif numpy.isscalar(size):
            extent = size
        else:
            extent = size[k]
        if not extent & 1:
            origins[k] -= 1
    return min_or_max_filter(x, size, footprint, structure, output, mode, cval, origins, False, axes)


def _write(result, output):
    if isinstance(output, (xp.ndarray, numpy.ndarray)):
        output[...] = result
        return output
    return result


def grey_opening(input, size=None, footprint=None, structure=None, output=None, mode="reflect", cval=0.0,
                 origin=0, *, axes=None):
    if size is not None and footprint is not None:
        warnings.warn("ignoring size because footprint is set", UserWarning, stacklevel=2)
    eroded = grey_erosion(input, size, footprint, structure, None, mode, cval, origin, axes=axes)
    return grey_dilation(eroded, size, footprint, structure, output, mode, cval, origin, axes=axes)


def grey_closing(input, size=None, footprint=None, structure=None, output=None, mode="reflect", cval=0.0,
                 origin=0, *, axes=None):
    if size is not None and footprint is not None:
        warnings.warn("ignoring size because footprint is set", UserWarning, stacklevel=2)
    dilated = grey_dilation(input, size, footprint, structure, None, mode, cval, origin, axes=axes)
    return grey_erosion(dilated, size, footprint, structure, output, mode, cval, origin, axes=axes)


def morphological_gradient(input, size=None, footprint=None, structure=None, output=None, mode="reflect",
                           cval=0.0, origin=0, *, axes=None):
    dilated = grey_dilation(input, size, footprint, structure, None, mode, cval, origin, axes=axes)
    eroded = grey_erosion(input, size, footprint, structure, output, mode, cval, origin, axes=axes)
    return _write(dilated - eroded, output)


def morphological_laplace(input, size=None, footprint=None, structure=None, output=None, mode="reflect",
                          cval=0.0, origin=0, *, axes=None):
    x = to_device(as_array(input))
    dilated = grey_dilation(x, size, footprint, structure, None, mode, cval, origin, axes=axes)
    eroded = grey_erosion(x, size, footprint, structure, output, mode, cval, origin, axes=axes)
    total = dilated + eroded
    total = total - x.astype(total.dtype)
    return _write(total - x.astype(total.dtype), output)


def white_tophat(input, size=None, footprint=None, structure=None, output=None, mode="reflect", cval=0.0,
                 origin=0, *, axes=None):
    x = to_device(as_array(input))
    opened = grey_erosion(x, size, footprint, structure, None, mode, cval, origin, axes=axes)
    opened = grey_dilation(opened, size, footprint, structure, output, mode, cval, origin, axes=axes)
    if numpy.dtype(x.dtype) == numpy.bool_ and numpy.dtype(opened.dtype) == numpy.bool_:
        return _write(x != opened, output)
    return _write(x - opened, output)


def black_tophat(input, size=None, footprint=None, structure=None, output=None, mode="reflect", cval=0.0,
                 origin=0, *, axes=None):
    x = to_device(as_array(input))
    closed = grey_dilation(x, size, footprint, structure, None, mode, cval, origin, axes=axes)
    closed = grey_erosion(closed, size, footprint, structure, output, mode, cval, origin, axes=axes)
    if numpy.dtype(x.dtype) == numpy.bool_ and numpy.dtype(closed.dtype) == numpy.bool_:
        return _write(closed != x, output)
    return _write(closed - x, output)


_DOCS = {
    "grey_erosion": ("Calculate a greyscale erosion, using either a structuring element, or a footprint "
                     "corresponding to a flat structuring element.",
                     "The minimum over the element of the input (minus the structure's values).",
                     "[[1, 1, 2], [1, 1, 2], [4, 4, 5]]"),
    "grey_dilation": ("Calculate a greyscale dilation, using either a structuring element, or a footprint "
                      "corresponding to a flat structuring element.",
                      "The maximum over the reflected element of the input (plus the structure's values).",
                      "[[5, 6, 6], [8, 9, 9], [8, 9, 9]]"),
    "grey_opening": ("Multidimensional grayscale opening.", "The dilation of the erosion.",
                     "[[1, 2, 2], [4, 5, 5], [4, 5, 5]]"),
    "grey_closing": ("Multidimensional grayscale closing.", "The erosion of the dilation.",
                     "[[5, 5, 6], [5, 5, 6], [8, 8, 9]]"),
    "morphological_gradient": ("Multidimensional morphological gradient.",
                               "The dilation minus the erosion.", "[[4, 5, 4], [7, 8, 7], [4, 5, 4]]"),
    "morphological_laplace": ("Multidimensional morphological laplace.",
                              "The dilation plus the erosion minus twice the input.",
                              "[[4, 3, 2], [1, 0, -1], [-2, -3, -4]]"),
    "white_tophat": ("Multidimensional white tophat filter.", "The input minus its opening.",
                     "[[0, 0, 1], [0, 0, 1], [3, 3, 4]]"),
    "black_tophat": ("Multidimensional black tophat filter.", "The closing minus the input.",
                     "[[4, 3, 3], [1, 0, 0], [1, 0, 0]]"),
}

for _name, (_summary, _body, _result) in _DOCS.items():
    globals()[_name].__doc__ = f"""{_summary}

    {_body}
""" + _PARAMETERS + f"""

    Returns
    -------
    {_name} : ndarray
        The result (`output` itself when an array was given).

    Raises
    ------
    RuntimeError
        With none of size, footprint and structure (erosion and dilation),
        or as minimum_filter.

    See Also
    --------
    scipy.ndimage.{_name}, grey_erosion, grey_dilation

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import ndimage
    >>> a = xp.arange(1, 10).reshape(3, 3)
    >>> ndimage.{_name}(a, size=(2, 2)).tolist()
    {_result}
    """
