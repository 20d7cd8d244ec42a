# SPDX-License-Identifier: BSD-3-Clause
"""The base layer: what every module of gpuarray may import.

dtype routines (`dtypes`), the `device=` argument (`device_arg`), host data to
device memory (`host_upload`), the ndarray's own glue written in Python (flags,
views, byte-level methods, Python conversions, printing, memory overlap), finding
the CUDA libraries (`libraries`, `libs`) and NumPy's miscellaneous routines
(`misc`). It imports nothing of gpuarray but `_core` and `cuda`."""
