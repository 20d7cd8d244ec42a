# SPDX-License-Identifier: BSD-3-Clause
"""SciPy's random sparse matrices: drawn by SciPy on the host (the same
matrix as SciPy's for the same seed) and uploaded."""
from gpuarray.scipy.sparse._registry import container

__all__ = ["random", "random_array", "rand"]


def _host_random(name, args, kwargs, format, is_array):
    import scipy.sparse  # the positions and values are SciPy's, drawn on the host, then uploaded
    host = getattr(scipy.sparse, name)(*args, format="coo", **kwargs)
    return container("coo", is_array=is_array)(host).asformat(format)


def random_array(shape, *, density=0.01, format="coo", dtype=None, rng=None, random_state=None,
                 data_sampler=None):
    """A sparse array of the given shape with random positions and values (SciPy's random_array).

    Parameters
    ----------
    shape : tuple of int
        The shape.
    density : float, optional
        The fraction of stored entries.
    format : str, optional
        The result's format.
    dtype : dtype, optional
        The data type (float64).
    rng, random_state : numpy.random.Generator, int or None, optional
        The seed or generator.
    data_sampler : callable, optional
        Draws the values.

    Returns
    -------
    sparse array

    Notes
    -----
    SciPy draws the matrix on the host (the same one as scipy.sparse.random_array with the same
    seed); it is then uploaded.

    See Also
    --------
    scipy.sparse.random_array, random, rand

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> sparse.random_array((10, 10), density=0.2, rng=0).nnz
    20
    """
    kwargs = {"density": density, "dtype": dtype, "data_sampler": data_sampler}
    kwargs.update({"rng": rng} if random_state is None else {"random_state": random_state})
    return _host_random("random_array", (shape,), kwargs, format, True)


def random(m, n, density=0.01, format="coo", dtype=None, rng=None, random_state=None, data_rvs=None):
    """A random sparse matrix (SciPy's random).

    Parameters
    ----------
    m, n : int
        The shape.
    density : float, optional
        The fraction of stored entries.
    format : str, optional
        The result's format.
    dtype : dtype, optional
        The data type (float64).
    rng, random_state : numpy.random.Generator, int or None, optional
        The seed or generator.
    data_rvs : callable, optional
        Draws the values.

    Returns
    -------
    sparse matrix

    Notes
    -----
    Drawn by SciPy on the host, then uploaded.

    See Also
    --------
    scipy.sparse.random, random_array

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> sparse.random(4, 5, density=0.5, rng=1).shape
    (4, 5)
    """
    kwargs = {"density": density, "dtype": dtype, "data_rvs": data_rvs}
    kwargs.update({"rng": rng} if random_state is None else {"random_state": random_state})
    return _host_random("random", (m, n), kwargs, format, False)


def rand(m, n, density=0.01, format="coo", dtype=None, rng=None, random_state=None):
    """A random sparse matrix with uniform values in [0, 1) (SciPy's rand).

    Parameters
    ----------
    m, n : int
        The shape.
    density : float, optional
        The fraction of stored entries.
    format : str, optional
        The result's format.
    dtype : dtype, optional
        The data type (float64).
    rng, random_state : numpy.random.Generator, int or None, optional
        The seed or generator.

    Returns
    -------
    sparse matrix

    See Also
    --------
    scipy.sparse.rand, random

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> sparse.rand(3, 3, density=1.0, rng=0).nnz
    9
    """
    kwargs = {"density": density, "dtype": dtype}
    kwargs.update({"rng": rng} if random_state is None else {"random_state": random_state})
    return _host_random("rand", (m, n), kwargs, format, False)
