# SPDX-License-Identifier: BSD-3-Clause
"""The array namespace every masked operation runs on.

Note [Masked array namespace]: gpuarray.ma reaches the device only through
``xp`` here (``_namespace.xp.where(...)``), never through imports of the
array modules' names. The masked logic (which elements become masked, what
lies under a mask, fill values) is the same over any NumPy-like namespace,
so tests/ma/test_host_logic.py swaps in NumPy and checks that logic against
numpy.ma on a machine without a GPU; the device tests check it on the GPU."""
import gpuarray

xp = gpuarray  # read as _namespace.xp by the other modules, at each call
