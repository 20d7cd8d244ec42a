# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.scipy: SciPy's API on the GPU, one subpackage per SciPy module
(``gpuarray.scipy.fft`` is ``scipy.fft``), specified by SciPy.

``import gpuarray`` does not import this package, and importing it imports
neither SciPy nor its subpackages: each loads on first use
(``gpuarray.scipy.fft`` or ``from gpuarray.scipy import fft``). SciPy itself
is imported only by the few functions that call it (they say so)."""
import importlib

# The subpackages, each loaded on first use.
_SUBPACKAGES = ("fft", "fftpack", "linalg", "ndimage", "signal", "sparse", "special", "stats")

__all__ = list(_SUBPACKAGES)


def __getattr__(name):
    if name in _SUBPACKAGES:
        return importlib.import_module(f"gpuarray.scipy.{name}")  # also binds gpuarray.scipy.<name>
    raise AttributeError(f"module 'gpuarray.scipy' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_SUBPACKAGES))
