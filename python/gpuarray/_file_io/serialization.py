# SPDX-License-Identifier: BSD-3-Clause
"""ndarray methods that hand an array's contents to the host as bytes, files or pickles:
tobytes, tofile, dump, dumps, and the pickle protocol (__reduce__).

Each copies the array to the host once, in the order asked for, then lets NumPy write
it: the formats are NumPy's own. A pickled device array unpickles as a device array on
the current device."""
import os
import pickle

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.transfer import _get
from gpuarray._array_manipulation.shapes import _flat_order


def _tobytes(self, order="C"):
    """Construct Python bytes containing the raw data bytes in the array.

    Parameters
    ----------
    order : {'C', 'F', 'A', 'K'} or None, optional
        The order of the elements: 'C' (default; also None and, as in
        NumPy, 'K') with the last index changing fastest, 'F' with the
        first, 'A' as 'F' when the array is Fortran- and not C-contiguous.

    Returns
    -------
    s : bytes
        ``self.nbytes`` bytes, the elements in native byte order.

    Raises
    ------
    TypeError
        If `order` is not a string or None.
    ValueError
        If `order` is not one of 'C', 'F', 'A', 'K'.

    Notes
    -----
    One copy to the host, which waits for the device; an array that is not
    contiguous in that order is first copied on the device.

    See Also
    --------
    ndarray.tofile, frombuffer, ndarray.get

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.array([[0, 1], [2, 3]], dtype=xp.uint8)
    >>> a.tobytes()
    b'\\x00\\x01\\x02\\x03'
    >>> a.tobytes("F")
    b'\\x00\\x02\\x01\\x03'
    """
    # NumPy's tobytes reads 'K' as 'C', not as memory order (ravel's 'K').
    fortran = _flat_order(self, order) == "F" and order.upper() != "K"
    return _get(self, order="F" if fortran else "C").tobytes(order="F" if fortran else "C")


def _tofile(self, fid, sep="", format="%s"):
    """Write the array to a file as binary (default) or text.

    Parameters
    ----------
    fid : file or str or Path
        An open file object or the name of a file to write.
    sep : str, optional
        '' (default) writes the raw bytes in C order, as `tobytes`; anything
        else writes text items separated by `sep`.
    format : str, optional
        The text format of each item (``format % item``); unused for binary.

    Returns
    -------
    None

    Raises
    ------
    TypeError
        If `sep` or `format` is not a string.
    OSError
        If the file cannot be written (NumPy's errors, raised after the copy
        to the host).

    Notes
    -----
    The array is copied to the host once, in C order (a synchronization),
    and NumPy's ``ndarray.tofile`` writes it, so the files are identical to
    NumPy's. As NumPy's, the file holds no dtype or shape.

    See Also
    --------
    fromfile, save, ndarray.tobytes

    Examples
    --------
    >>> import gpuarray as xp, tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "a.txt")
    >>> xp.array([1.5, 2.0]).tofile(path, sep=",")
    >>> open(path).read()
    '1.5,2.0'
    """
    if not isinstance(sep, str):
        raise TypeError(f"tofile() argument 'sep' must be str, not {type(sep).__name__}")
    if not isinstance(format, str):
        raise TypeError(f"tofile() argument 'format' must be str, not {type(format).__name__}")
    self._download().tofile(fid, sep, format)


def _rebuild(host):
    """Unpickling: the host array a pickle holds as a device array with its layout."""
    return asarray(host)


def _reduce(self):
    """Pickle a device array as its host contents (C or Fortran order kept) and a call
    making a device array of them again."""
    return _rebuild, (_get(self, order="A"),)


def _dump(self, file):
    """Dump a pickle of the array to the specified file.

    Parameters
    ----------
    file : str or Path or file
        A file name, or a file opened for writing in binary mode.

    Returns
    -------
    None

    Notes
    -----
    The pickle holds the array's contents copied to the host (one transfer,
    a synchronization) with pickle protocol 2, as NumPy's. `pickle.load`
    returns a device array on the current device, of the same dtype, shape
    and memory order (C or Fortran), writeable.

    See Also
    --------
    ndarray.dumps, load, save

    Examples
    --------
    >>> import gpuarray as xp, pickle, tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "a.pkl")
    >>> xp.arange(3).dump(path)
    >>> with open(path, "rb") as f:
    ...     pickle.load(f)
    array([0, 1, 2])
    """
    if isinstance(file, (str, bytes, os.PathLike)):
        with open(file, "wb") as f:
            pickle.dump(self, f, protocol=2)
    else:
        pickle.dump(self, file, protocol=2)


def _dumps(self):
    """Return the pickle of the array as bytes.

    Returns
    -------
    s : bytes
        ``pickle.loads(s)`` is a device array equal to this one.

    Notes
    -----
    The contents are copied to the host once (a synchronization) and
    pickled with protocol 2, as NumPy's; see `ndarray.dump`.

    See Also
    --------
    ndarray.dump

    Examples
    --------
    >>> import gpuarray as xp, pickle
    >>> s = xp.array([[1.0, 2.0]]).dumps()
    >>> pickle.loads(s)
    array([[1., 2.]])
    """
    return pickle.dumps(self, protocol=2)
