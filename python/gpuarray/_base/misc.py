# SPDX-License-Identifier: BSD-3-Clause
"""Host-side type tests and the configuration report: isscalar, iterable and
isfortran are NumPy's own functions (as in CuPy), which read only the type,
iter() and the flags of a gpuarray array, never its data:

- isscalar is False for every gpuarray.ndarray, 0-d included (NumPy says the
  same of its own 0-d arrays);
- iterable is False for a 0-d gpuarray array (iterating over one raises
  TypeError, as in NumPy) and True for the others;
- isfortran is True for an array that is Fortran- but not C-contiguous.

NumPy's floating-point error settings (errstate, seterr, geterr, seterrcall,
geterrcall) and buffer size (getbufsize, setbufsize) are NumPy's own
objects: they govern the host-side NumPy arithmetic gpuarray does (on
scalars, shapes and parameters). Device kernels, as in CuPy, never report
floating-point errors: a division by zero gives inf or NaN whatever errstate
says (docs/ufuncs.md, "Floating-point errors").

show_config and show_runtime print the report of ``python -m gpuarray``;
get_include is the folder of the device headers."""
import os
import sys

from numpy import (errstate, getbufsize, geterr, geterrcall, isfortran, isscalar, iterable, setbufsize, seterr,
                   seterrcall)

from gpuarray import cuda

__all__ = ["isscalar", "iterable", "isfortran", "show_config", "show_runtime", "get_include", "errstate", "seterr",
           "geterr", "seterrcall", "geterrcall", "getbufsize", "setbufsize"]


def show_config():
    """Print gpuarray's build and runtime configuration.

    The versions of gpuarray, NumPy, Python, CUDA and its libraries, where
    those libraries were found, and the devices (or why there are none): the
    report of ``python -m gpuarray`` without its showcase. Needs no GPU.

    Parameters
    ----------
        It takes none.

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


def show_runtime():
    """Print the CUDA runtime gpuarray runs on: the runtime and driver
    versions, the CUDA libraries and where they were found, and the devices.

    The runtime part of `show_config`'s report (which adds the versions of
    gpuarray, NumPy and Python and how gpuarray was built). Needs no GPU.

    Parameters
    ----------
        It takes none.

    Returns
    -------
    None
        The report goes to standard output.

    See Also
    --------
    show_config, numpy.show_runtime

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.show_runtime()  # doctest: +SKIP
    """
    from gpuarray import __main__ as report  # on call: see show_config

    report._runtime()
    try:
        cuda.runtime.getDeviceCount()
    except cuda.CUDARuntimeError as e:
        print(f"no GPU: {e}")
    else:
        report._devices()
    sys.stdout.flush()


def get_include():
    """Return the folder of gpuarray's device headers.

    The headers (``gpuarray/complex.cuh``, ``gpuarray/elementwise.cuh``, ...)
    that gpuarray's own kernels include; RawKernel, RawModule and
    ElementwiseKernel sources find them without options, and other compilers
    (nvcc, NVRTC called directly) with ``-I`` and this folder.

    Parameters
    ----------
        It takes none.

    Returns
    -------
    path : str
        An absolute path; it holds a ``gpuarray`` folder of ``.cuh`` files.

    See Also
    --------
    RawKernel, numpy.get_include

    Examples
    --------
    >>> import gpuarray as xp
    >>> import os
    >>> os.path.isfile(os.path.join(xp.get_include(), "gpuarray", "complex.cuh"))
    True
    """
    return os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "_include")
