# SPDX-License-Identifier: BSD-3-Clause
"""The *stack functions: vstack, hstack, dstack, column_stack and row_stack
(while NumPy has it), with NumPy 2's signatures, result dtypes, memory
layouts and errors. Each makes its inputs views of at least 1, 2 or 3
dimensions (1-D inputs become columns in column_stack) and concatenates them
along one axis (_array_manipulation/joining.py)."""
import warnings

import numpy

from gpuarray._array_creation.from_data import array, asarray
from gpuarray._array_manipulation.axes import atleast_1d, atleast_2d, atleast_3d
from gpuarray._array_manipulation.joining import concatenate

__all__ = ["vstack", "hstack", "dstack", "column_stack"]
if hasattr(numpy, "row_stack"):  # deprecated in NumPy 2.0; gone where NumPy dropped it
    __all__.append("row_stack")


def _sequence(tup):
    """NumPy refuses generators and other non-sequences in the *stack functions."""
    if not hasattr(tup, "__getitem__"):
        raise TypeError('arrays to stack must be passed as a "sequence" type such as list or tuple.')
    return tup


def vstack(tup, *, dtype=None, casting="same_kind"):
    """Stack arrays vertically: join them along the first axis.

    1-D arrays of length N are taken as rows of shape ``(1, N)``.

    Parameters
    ----------
    tup : sequence of array_like
        The arrays to join: a list or tuple, not a generator. After 1-D
        inputs become rows they must agree in every extent but the first.
    dtype : data-type, optional
        Dtype of the result; by default the `result_type` of the inputs.
    casting : {'no', 'equiv', 'safe', 'same_kind', 'unsafe'}, optional
        How the inputs may be cast to the result dtype (default
        'same_kind').

    Returns
    -------
    stacked : ndarray
        The joined array, at least 2-D.

    Raises
    ------
    TypeError
        If `tup` is not a sequence (a generator, say), and as `concatenate`
        for `dtype` and `casting`.
    ValueError
        If `tup` is empty or the shapes do not fit together, and as
        `concatenate` for `casting`.

    Notes
    -----
    The inputs are reshaped as views (`atleast_2d`) and joined by
    `concatenate`: one copy kernel per input, nothing read back to the host.

    See Also
    --------
    concatenate, stack, hstack, dstack, column_stack, block, vsplit

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.vstack((xp.array([1, 2, 3]), xp.array([4, 5, 6])))
    array([[1, 2, 3],
           [4, 5, 6]])
    >>> xp.vstack([xp.array([[1], [2]]), xp.array([[3]])])
    array([[1],
           [2],
           [3]])
    >>> xp.vstack([xp.array([1, 2]), xp.array([3, 4])], dtype=xp.float64)
    array([[1., 2.],
           [3., 4.]])
    """
    return concatenate([atleast_2d(a) for a in _sequence(tup)], 0, dtype=dtype, casting=casting)


def hstack(tup, *, dtype=None, casting="same_kind"):
    """Stack arrays horizontally: join them along the second axis.

    1-D arrays are joined along their only axis; 0-d inputs count as 1-D.

    Parameters
    ----------
    tup : sequence of array_like
        The arrays to join: a list or tuple, not a generator. They must agree
        in every extent but the joined axis.
    dtype : data-type, optional
        Dtype of the result; by default the `result_type` of the inputs.
    casting : {'no', 'equiv', 'safe', 'same_kind', 'unsafe'}, optional
        How the inputs may be cast to the result dtype (default
        'same_kind').

    Returns
    -------
    stacked : ndarray
        The joined array.

    Raises
    ------
    TypeError
        If `tup` is not a sequence (a generator, say), and as `concatenate`
        for `dtype` and `casting`.
    ValueError
        If `tup` is empty or the shapes do not fit together, and as
        `concatenate` for `casting`.

    Notes
    -----
    The inputs are reshaped as views (`atleast_1d`) and joined by
    `concatenate`: one copy kernel per input, nothing read back to the host.

    See Also
    --------
    concatenate, stack, vstack, dstack, column_stack, block, hsplit

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.hstack((xp.array([1, 2, 3]), xp.array([4, 5])))
    array([1, 2, 3, 4, 5])
    >>> xp.hstack((xp.array([[1], [2]]), xp.array([[3, 4], [5, 6]])))
    array([[1, 3, 4],
           [2, 5, 6]])
    """
    arrays = [atleast_1d(a) for a in _sequence(tup)]
    axis = 0 if arrays and arrays[0].ndim == 1 else 1
    return concatenate(arrays, axis, dtype=dtype, casting=casting)


def dstack(tup):
    """Stack arrays depth-wise: join them along the third axis.

    A 1-D array of length N is taken as shape ``(1, N, 1)`` and a 2-D array
    of shape ``(M, N)`` as ``(M, N, 1)``.

    Parameters
    ----------
    tup : sequence of array_like
        The arrays to join: a list or tuple, not a generator. Once at least
        3-D they must agree in every extent but the third.

    Returns
    -------
    stacked : ndarray
        The joined array, at least 3-D.

    Raises
    ------
    TypeError
        If `tup` is not a sequence (a generator, say).
    ValueError
        If `tup` is empty or the shapes do not fit together.

    Notes
    -----
    The inputs are reshaped as views (`atleast_3d`) and joined by
    `concatenate`: one copy kernel per input, nothing read back to the host.

    See Also
    --------
    concatenate, stack, vstack, hstack, column_stack, block, dsplit

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.dstack((xp.array([1, 2, 3]), xp.array([4, 5, 6])))
    array([[[1, 4],
            [2, 5],
            [3, 6]]])
    >>> xp.dstack((xp.array([[1], [2]]), xp.array([[3], [4]]))).shape
    (2, 1, 2)
    """
    return concatenate([atleast_3d(a) for a in _sequence(tup)], 2)


def column_stack(tup):
    """Stack 1-D arrays as the columns of a 2-D array.

    1-D (and 0-d) inputs become columns; 2-D and higher inputs are joined
    along their second axis as they are.

    Parameters
    ----------
    tup : sequence of array_like
        The arrays to join: a list or tuple, not a generator. They must agree
        in every extent but the second once 1-D inputs are columns.

    Returns
    -------
    stacked : ndarray
        The joined array, at least 2-D.

    Raises
    ------
    TypeError
        If `tup` is not a sequence (a generator, say).
    ValueError
        If `tup` is empty or the shapes do not fit together.

    Notes
    -----
    A 1-D input becomes a column as a transposed view, without a copy; the
    inputs are then joined by `concatenate`: one copy kernel per input,
    nothing read back to the host.

    See Also
    --------
    concatenate, stack, vstack, hstack, dstack, block

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.column_stack((xp.array([1, 2, 3]), xp.array([4, 5, 6])))
    array([[1, 4],
           [2, 5],
           [3, 6]])
    >>> xp.column_stack((xp.array([[1, 2], [3, 4]]), xp.array([5, 6])))
    array([[1, 2, 5],
           [3, 4, 6]])
    """
    arrays = []
    for a in _sequence(tup):
        a = asarray(a)
        arrays.append(array(a, copy=None, ndmin=2).T if a.ndim < 2 else a)
    return concatenate(arrays, 1)


def row_stack(tup, *, dtype=None, casting="same_kind"):
    """Stack arrays vertically (deprecated alias of `vstack`).

    Parameters
    ----------
    tup : sequence of array_like
        The arrays to join, as for `vstack`.
    dtype : data-type, optional
        Dtype of the result; by default the `result_type` of the inputs.
    casting : {'no', 'equiv', 'safe', 'same_kind', 'unsafe'}, optional
        How the inputs may be cast to the result dtype (default
        'same_kind').

    Returns
    -------
    stacked : ndarray
        The result of ``vstack(tup, dtype=dtype, casting=casting)``.

    Raises
    ------
    TypeError, ValueError
        As `vstack`.

    Warns
    -----
    DeprecationWarning
        Always, as NumPy 2 does: use `vstack` instead. The name is exported
        only while the installed NumPy still has ``row_stack``.

    See Also
    --------
    vstack

    Examples
    --------
    >>> import gpuarray as xp
    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     r = xp.row_stack((xp.array([1, 2]), xp.array([3, 4])))
    >>> r
    array([[1, 2],
           [3, 4]])
    >>> caught[0].category.__name__
    'DeprecationWarning'
    """
    warnings.warn("`row_stack` alias is deprecated. Use `np.vstack` directly.", DeprecationWarning, stacklevel=2)
    return vstack(tup, dtype=dtype, casting=casting)
