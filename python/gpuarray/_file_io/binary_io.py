# SPDX-License-Identifier: BSD-3-Clause
"""NumPy's binary input and output through the host ("Input and output" in
NumPy's reference; the text functions are _file_io/text_io.py's): .npy/.npz files and
buffers are read and written by NumPy itself; device arrays are copied to the
host before writing, and what is read is copied to the device.

Each function is NumPy's with the same arguments, so formats, defaults and
errors are NumPy's. What a device array cannot hold is refused where it is
read: object arrays, structured dtypes (genfromtxt with names=) and masked
arrays (genfromtxt with usemask=True) raise TypeError rather than lose data.
Arrays keep their memory order both ways (a Fortran-ordered device array is
saved as Fortran-ordered .npy data, and loads back so)."""
import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._core import ndarray

__all__ = ["load", "save", "savez", "savez_compressed", "frombuffer", "fromiter", "fromstring", "fromfile"]


def _to_host(x):
    """A device array's contents as a NumPy array in its own memory order; other
    values unchanged (NumPy converts them)."""
    return x.get(order="A") if isinstance(x, ndarray) else x


def _to_device(result, name):
    """What NumPy read, copied to the device; TypeError for what a device array
    cannot hold, instead of dropping part of it."""
    if isinstance(result, numpy.ma.MaskedArray):
        raise TypeError(f"{name}: masked arrays cannot be moved to the device (use usemask=False, or NumPy)")
    if result.dtype.kind in "OVSUMm":
        raise TypeError(f"{name}: a device array cannot hold dtype {result.dtype} (read with NumPy instead)")
    return asarray(result)


def _check_like(like, name):
    if like is not None and not isinstance(like, ndarray):
        raise TypeError(f"{name}: like= must be None or a gpuarray.ndarray, got {type(like).__name__}")


class NpzFile:
    """The arrays of an .npz file, copied to the device as they are read.

    A mapping from array names to device arrays over NumPy's
    ``numpy.lib.npyio.NpzFile`` (the file stays open until `close` or the end
    of a ``with`` block, as NumPy's)."""

    def __init__(self, npz):
        self.npz = npz

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        self.npz.close()

    @property
    def files(self):
        return self.npz.files

    def __len__(self):
        return len(self.npz)

    def __iter__(self):
        return iter(self.npz)

    def __contains__(self, key):
        return key in self.npz

    def keys(self):
        return self.npz.keys()

    def __getitem__(self, key):
        return _to_device(self.npz[key], "load")

    def values(self):
        return [self[key] for key in self.npz.files]

    def items(self):
        return [(key, self[key]) for key in self.npz.files]

    def get(self, key, default=None):
        return self[key] if key in self.npz else default

    def __repr__(self):
        return f"<gpuarray NpzFile over {self.npz!r}>"


def load(file, mmap_mode=None, allow_pickle=False, fix_imports=True, encoding="ASCII", *, max_header_size=10000):
    """Load arrays or pickled objects from .npy, .npz or pickled files.

    Parameters
    ----------
    file : file-like object, str or pathlib.Path
        The file to read, as for ``numpy.load``.
    mmap_mode : {None, 'r+', 'r', 'w+', 'c'}, optional
        NumPy memory-maps the file with this mode; the data is then copied to
        the device all the same.
    allow_pickle : bool, optional
        Whether pickled objects may be loaded (default False, NumPy's).
    fix_imports, encoding, max_header_size
        NumPy's options for pickles written by Python 2 and for .npy headers.

    Returns
    -------
    result : ndarray, NpzFile or object
        A device array for an .npy file; for an .npz file an `NpzFile`, a
        mapping whose arrays are copied to the device when read; a pickled
        object that is not an array, as NumPy returns it.

    Raises
    ------
    OSError, ValueError
        As ``numpy.load`` (missing file, bad format, pickles not allowed).
    TypeError
        If the array has a dtype a device array cannot hold (object,
        structured, strings, datetimes).

    Notes
    -----
    NumPy reads the file on the host; the array is then copied to the device,
    in the memory order the file records.

    See Also
    --------
    save, savez, savez_compressed, loadtxt

    Examples
    --------
    >>> import gpuarray as xp
    >>> import io
    >>> f = io.BytesIO()
    >>> xp.save(f, xp.arange(4))
    >>> _ = f.seek(0)
    >>> xp.load(f)
    array([0, 1, 2, 3])
    """
    result = numpy.load(file, mmap_mode=mmap_mode, allow_pickle=allow_pickle, fix_imports=fix_imports,
                        encoding=encoding, max_header_size=max_header_size)
    if isinstance(result, numpy.lib.npyio.NpzFile):
        return NpzFile(result)
    if isinstance(result, numpy.ndarray):
        return _to_device(result, "load")
    return result


def save(file, arr, allow_pickle=True):
    """Save an array to a binary file in NumPy .npy format.

    Parameters
    ----------
    file : file, str or pathlib.Path
        Where to write, as for ``numpy.save`` (``.npy`` is appended to a file
        name without it).
    arr : array_like
        The data: a device array is copied to the host first, in its memory
        order.
    allow_pickle : bool, optional
        Whether object arrays may be pickled (NumPy's option; device arrays
        never hold objects).

    Returns
    -------
    None

    Notes
    -----
    ``numpy.save`` of the array's host copy, which waits for the device.

    See Also
    --------
    load, savez

    Examples
    --------
    >>> import gpuarray as xp
    >>> import io
    >>> f = io.BytesIO()
    >>> xp.save(f, xp.ones((2, 3), order="F"))
    >>> _ = f.seek(0)
    >>> xp.load(f).flags.f_contiguous
    True
    """
    numpy.save(file, _to_host(arr), allow_pickle=allow_pickle)


def savez(file, *args, allow_pickle=True, **kwds):
    """Save several arrays into a single file in uncompressed .npz format.

    Parameters
    ----------
    file : file, str or pathlib.Path
        Where to write, as for ``numpy.savez``.
    *args : array_like
        Arrays saved as ``arr_0``, ``arr_1``, ...; device arrays are copied to
        the host first.
    allow_pickle : bool, optional
        NumPy's option for object arrays.
    **kwds : array_like
        Arrays saved under their keyword names.

    Returns
    -------
    None

    See Also
    --------
    savez_compressed, load

    Examples
    --------
    >>> import gpuarray as xp
    >>> import io
    >>> f = io.BytesIO()
    >>> xp.savez(f, xp.arange(3), weights=xp.ones(2))
    >>> _ = f.seek(0)
    >>> with xp.load(f) as data:
    ...     print(data.files, data["weights"])
    ['weights', 'arr_0'] [1. 1.]
    """
    numpy.savez(file, *map(_to_host, args), allow_pickle=allow_pickle,
                **{k: _to_host(v) for k, v in kwds.items()})


def savez_compressed(file, *args, allow_pickle=True, **kwds):
    """Save several arrays into a single file in compressed .npz format.

    Parameters
    ----------
    file : file, str or pathlib.Path
        Where to write, as for ``numpy.savez_compressed``.
    *args : array_like
        Arrays saved as ``arr_0``, ``arr_1``, ...; device arrays are copied to
        the host first.
    allow_pickle : bool, optional
        NumPy's option for object arrays.
    **kwds : array_like
        Arrays saved under their keyword names.

    Returns
    -------
    None

    See Also
    --------
    savez, load

    Examples
    --------
    >>> import gpuarray as xp
    >>> import io
    >>> f = io.BytesIO()
    >>> xp.savez_compressed(f, a=xp.zeros(1000))
    >>> _ = f.seek(0)
    >>> xp.load(f)["a"].shape
    (1000,)
    """
    numpy.savez_compressed(file, *map(_to_host, args), allow_pickle=allow_pickle,
                           **{k: _to_host(v) for k, v in kwds.items()})


def frombuffer(buffer, dtype=float, count=-1, offset=0, *, like=None):
    """Interpret a buffer as a 1-dimensional array, copied to the device.

    Parameters
    ----------
    buffer : buffer_like
        An object exposing the buffer interface (bytes, bytearray, memoryview,
        a NumPy array...).
    dtype : data-type, optional
        The elements' type (default float64).
    count : int, optional
        How many items to read; -1 (default) reads to the end.
    offset : int, optional
        Where to start, in bytes.
    like : ndarray, optional
        None or a gpuarray array (the result is a device array either way).

    Returns
    -------
    out : ndarray
        A device copy of the items (NumPy returns a view of the buffer; a
        device array cannot view host memory).

    Raises
    ------
    ValueError
        As ``numpy.frombuffer`` (a buffer size not a multiple of the item
        size, an offset or count beyond the buffer).

    See Also
    --------
    fromstring, fromiter, fromfile

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.frombuffer(b"\\x01\\x02\\x03\\x04", dtype=xp.uint8, offset=1)
    array([2, 3, 4], dtype=uint8)
    """
    _check_like(like, "frombuffer")
    return _to_device(numpy.frombuffer(buffer, dtype=dtype, count=count, offset=offset), "frombuffer")


def fromiter(iter, dtype, count=-1, *, like=None):
    """Create a new 1-dimensional array from an iterable object.

    Parameters
    ----------
    iter : iterable
        The values.
    dtype : data-type
        The elements' type (required, as in NumPy).
    count : int, optional
        How many items to read; -1 (default) reads them all.
    like : ndarray, optional
        None or a gpuarray array (the result is a device array either way).

    Returns
    -------
    out : ndarray
        The values on the device.

    Raises
    ------
    ValueError
        If the iterable ends before `count` items, as in NumPy.

    See Also
    --------
    frombuffer, array

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.fromiter((x * x for x in range(5)), dtype=xp.float32)
    array([ 0.,  1.,  4.,  9., 16.], dtype=float32)
    """
    _check_like(like, "fromiter")
    return _to_device(numpy.fromiter(iter, dtype, count=count), "fromiter")


def fromstring(string, dtype=float, count=-1, *, sep, like=None):
    """A new 1-D array initialized from text data in a string.

    Parameters
    ----------
    string : str
        The text holding the numbers.
    dtype : data-type, optional
        The elements' type (default float64).
    count : int, optional
        How many items to read; -1 (default) reads them all.
    sep : str
        The separator between numbers (whitespace around it is ignored).
        Required, as in NumPy 2 (binary mode is ``frombuffer``'s).
    like : ndarray, optional
        None or a gpuarray array (the result is a device array either way).

    Returns
    -------
    out : ndarray
        The numbers on the device.

    Raises
    ------
    ValueError
        As ``numpy.fromstring`` (for instance ``sep=''``).

    See Also
    --------
    frombuffer, loadtxt

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.fromstring("1 2 3", dtype=int, sep=" ")
    array([1, 2, 3])
    >>> xp.fromstring("1.5, 2", sep=",")
    array([1.5, 2. ])
    """
    _check_like(like, "fromstring")
    return _to_device(numpy.fromstring(string, dtype=dtype, count=count, sep=sep), "fromstring")


def fromfile(file, dtype=float, count=-1, sep="", offset=0, *, like=None):
    """Construct an array from data in a text or binary file.

    Parameters
    ----------
    file : file, str or pathlib.Path
        The file to read, as for ``numpy.fromfile``.
    dtype : data-type, optional
        The elements' type (default float64).
    count : int, optional
        How many items to read; -1 (default) reads them all.
    sep : str, optional
        '' (default) reads binary data; otherwise the separator of a text
        file.
    offset : int, optional
        Bytes to skip first (binary files only).
    like : ndarray, optional
        None or a gpuarray array (the result is a device array either way).

    Returns
    -------
    out : ndarray
        The file's items on the device.

    Raises
    ------
    OSError, ValueError
        As ``numpy.fromfile``.

    Notes
    -----
    NumPy reads the file on the host; the items are then copied to the
    device. ``ndarray.tofile`` is the writing side (not yet a gpuarray
    method: write ``a.get().tofile(f)``).

    See Also
    --------
    frombuffer, load, loadtxt

    Examples
    --------
    >>> import gpuarray as xp
    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "x.bin")
    >>> xp.arange(4, dtype=xp.int16).get().tofile(path)
    >>> xp.fromfile(path, dtype=xp.int16)
    array([0, 1, 2, 3], dtype=int16)
    """
    _check_like(like, "fromfile")
    return _to_device(numpy.fromfile(file, dtype=dtype, count=count, sep=sep, offset=offset), "fromfile")
