# SPDX-License-Identifier: BSD-3-Clause
"""save_npz and load_npz: SciPy's .npz files, written and read on the host
by SciPy (the matrix is downloaded to save and uploaded after loading)."""
from gpuarray.scipy.sparse._registry import container, issparse

__all__ = ["save_npz", "load_npz"]


def save_npz(file, matrix, compressed=True):
    """Saves a sparse matrix to a .npz file in SciPy's layout (scipy.sparse.load_npz reads it).

    Parameters
    ----------
    file : str or file-like
        Where to write (``.npz`` is appended to a name without it).
    matrix : sparse array or matrix
        What to save.
    compressed : bool, optional
        Compress the file (default True).

    Returns
    -------
    None

    Raises
    ------
    TypeError
        `matrix` is not a gpuarray sparse matrix.

    See Also
    --------
    scipy.sparse.save_npz, load_npz

    Examples
    --------
    >>> import gpuarray as xp
    >>> import io
    >>> from gpuarray.scipy import sparse
    >>> buffer = io.BytesIO()
    >>> sparse.save_npz(buffer, sparse.eye_array(3, format="csr"))
    >>> _ = buffer.seek(0)
    >>> sparse.load_npz(buffer).nnz
    3
    """
    import scipy.sparse  # the file layout is SciPy's: it writes the file
    if not issparse(matrix):
        raise TypeError(f"save_npz needs a gpuarray sparse matrix, not {type(matrix).__name__}")
    scipy.sparse.save_npz(file, matrix.get(), compressed=compressed)


def load_npz(file):
    """Loads a sparse matrix from a .npz file written by save_npz (ours or SciPy's) to the device.

    Parameters
    ----------
    file : str or file-like
        The file.

    Returns
    -------
    sparse array or matrix
        Of the saved format and kind (a BSR file comes back as CSR: gpuarray has no BSR).

    See Also
    --------
    scipy.sparse.load_npz, save_npz

    Examples
    --------
    >>> import gpuarray as xp
    >>> import io
    >>> from gpuarray.scipy import sparse
    >>> buffer = io.BytesIO()
    >>> sparse.save_npz(buffer, sparse.eye(2, format="coo"))
    >>> _ = buffer.seek(0)
    >>> type(sparse.load_npz(buffer)).__name__
    'coo_matrix'
    """
    import scipy.sparse  # SciPy reads the file
    host = scipy.sparse.load_npz(file)
    is_array = isinstance(host, scipy.sparse.sparray)
    format = host.format if host.format in ("csr", "csc", "coo", "dia") else "csr"
    return container(format, is_array=is_array)(host.asformat(format))
