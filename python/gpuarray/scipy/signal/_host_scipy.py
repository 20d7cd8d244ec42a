# SPDX-License-Identifier: BSD-3-Clause
"""SciPy on the host for what gpuarray.scipy.signal takes from it as is:
filter design, whose coefficients come out of small sequential solves
(polynomial roots, elliptic functions) on a few dozen numbers."""
import importlib

import numpy

from gpuarray.scipy.signal import _array_ops as xp

__all__ = ["scipy_signal", "to_host"]


def scipy_signal():
    """scipy.signal, imported on first use, with an ImportError that says what needs it."""
    try:
        return importlib.import_module("scipy.signal")
    except ImportError as e:
        raise ImportError("gpuarray.scipy.signal designs filters with scipy.signal on the host; "
                          "install SciPy (pip install scipy)") from e


def to_host(a):
    """A device array as a NumPy array; anything else as it is."""
    return numpy.asarray(xp.asnumpy(a)) if isinstance(a, xp.ndarray) else a
