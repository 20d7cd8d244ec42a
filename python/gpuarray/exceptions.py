# SPDX-License-Identifier: BSD-3-Clause
"""NumPy's exceptions and warnings (numpy.exceptions), the classes themselves: gpuarray
raises NumPy's AxisError and DTypePromotionError, so `except xp.exceptions.AxisError`
catches them whichever of NumPy or gpuarray `xp` is. A module of its own, as in NumPy and
CuPy, so that `from gpuarray.exceptions import AxisError` works too."""
from numpy.exceptions import (  # noqa: F401
    AxisError, ComplexWarning, DTypePromotionError, ModuleDeprecationWarning, RankWarning, TooHardError,
    VisibleDeprecationWarning,
)

__all__ = ["AxisError", "ComplexWarning", "DTypePromotionError", "ModuleDeprecationWarning", "RankWarning",
           "TooHardError", "VisibleDeprecationWarning"]
