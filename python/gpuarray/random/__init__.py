# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.random: CuPy's cupy.random (the legacy RandomState API and the
Generator API) with NumPy's distributions, all drawn by gpuarray's own
kernels. See docs/random.md."""
from gpuarray.random._bit_generator import BitGenerator, MRG32k3a, Philox4x32_10, XORWOW
from gpuarray.random._generator import Generator, default_rng
from gpuarray.random._legacy import *  # noqa: F401,F403
from gpuarray.random._legacy import __all__ as _legacy_all

__all__ = ["BitGenerator", "XORWOW", "Philox4x32_10", "MRG32k3a", "Generator", "default_rng"] + _legacy_all
