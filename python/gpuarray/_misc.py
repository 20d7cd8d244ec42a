# SPDX-License-Identifier: BSD-3-Clause
"""Host-side type tests and the configuration report: isscalar, iterable and
isfortran are NumPy's own functions (as in CuPy), which read only the type,
iter() and the flags of a gpuarray array, never its data:

- isscalar is False for every gpuarray.ndarray, 0-d included (NumPy says the
  same of its own 0-d arrays);
- iterable is False for a 0-d gpuarray array (iterating over one raises
  TypeError, as in NumPy) and True for the others;
- isfortran is True for an array that is Fortran- but not C-contiguous."""
import sys

from numpy import isfortran, isscalar, iterable

from gpuarray import cuda

__all__ = ["isscalar", "iterable", "isfortran", "show_config"]


def show_config():
    """Print gpuarray's build and runtime configuration.

    The versions of gpuarray, NumPy, Python, CUDA and its libraries, where
    those libraries were found, and the devices (or why there are none): the
    report of ``python -m gpuarray`` without its showcase. Needs no GPU.

    Returns
    -------
    None
        The report goes to standard output.

    See Also
    --------
    numpy.show_config : NumPy's own build.

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.show_config()  # doctest: +SKIP
    """
    # Imported on call: gpuarray.__main__ imports gpuarray, which is still
    # being imported when this module loads.
    from gpuarray import __main__ as report

    report._versions()
    try:
        cuda.runtime.getDeviceCount()
    except cuda.CUDARuntimeError as e:
        print(f"no GPU: {e}")
    else:
        report._devices()
    sys.stdout.flush()
