# SPDX-License-Identifier: BSD-3-Clause
"""NumPy's DType classes (numpy.dtypes), the classes themselves: gpuarray's dtypes are
NumPy's (`xp.dtype is numpy.dtype`), so `type(x.dtype) is xp.dtypes.Float32DType` holds
for a gpuarray array as for a NumPy one. Naming a DType is not supporting it: an array of
any dtype outside bool, integer, float and complex raises TypeError when it is made."""
import numpy.dtypes
from numpy.dtypes import *  # noqa: F401,F403

__all__ = list(numpy.dtypes.__all__)
