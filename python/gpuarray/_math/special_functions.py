# SPDX-License-Identifier: BSD-3-Clause
"""NumPy's "other special functions" that are not ufuncs: i0, one
elementwise kernel over CUDA's Bessel function (gpuarray/bessel.cuh)."""
import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._user_kernels.elementwise_kernel import ElementwiseKernel

__all__ = ["i0"]

_i0 = ElementwiseKernel("T x", "T y", "y = ga::special::numpy_i0(x);", "ga_i0", preamble='#include "gpuarray/bessel.cuh"')


def i0(x):
    """Modified Bessel function of the first kind, order 0.

    Parameters
    ----------
    x : array_like of float
        Argument (host data is copied to the device first); integer and bool
        input is computed in float64.

    Returns
    -------
    out : ndarray
        ``I0(x)``, of `x`'s shape and floating dtype (float64 for integers);
        a 0-d array for a scalar `x` (NumPy returns one too).

    Raises
    ------
    TypeError
        If `x` is complex, as in NumPy.

    Notes
    -----
    One kernel calling CUDA's ``cyl_bessel_i0`` (``cyl_bessel_i0f`` for
    float32; float16 through float32, rounded once), within a few ulp of
    NumPy's Chebyshev-series values. Overflows to inf past about 713
    (float64) or 89 (float32), as NumPy's; infinite input gives NaN, as
    NumPy's series does.

    See Also
    --------
    kaiser

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.i0(xp.array([0.0, 1.0, 2.0])).round(8)
    array([1.        , 1.26606588, 2.2795853 ])
    >>> xp.i0(xp.array([3], dtype=xp.int32)).dtype
    dtype('float64')
    """
    x = asarray(x)
    if x.dtype.kind == "c":
        raise TypeError("i0 not supported for complex values")
    if x.dtype.kind != "f":
        x = x.astype(numpy.float64)
    return _i0(x)
