# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.random: CuPy's cupy.random (the legacy RandomState API and the
Generator API) with NumPy's distributions, all drawn by gpuarray's own
kernels. See docs/random.md."""
from numpy.random import SeedSequence  # host-side seeding: NumPy's own class (Note [Seeding])

from gpuarray.random import _global_state, _legacy
from gpuarray.random._bit_generator import BitGenerator, MRG32k3a, Philox4x32_10, Philox4x3210, XORWOW
from gpuarray.random._generator import Generator, default_rng
from gpuarray.random._global_state import *  # noqa: F401,F403
from gpuarray.random._legacy import *  # noqa: F401,F403

__all__ = ["BitGenerator", "XORWOW", "Philox4x32_10", "Philox4x3210", "MRG32k3a", "SeedSequence", "Generator",
           "default_rng"]
__all__ += _legacy.__all__ + _global_state.__all__
