# SPDX-License-Identifier: BSD-3-Clause
"""The top layer: methods that Python gives the two C++ types, attached after
every area has loaded. `ndarray_methods` attaches the ndarray's (Note [ndarray
methods]) and `ufunc_methods` the ufunc's accumulate, at and reduceat (Note
[ufunc methods]). No module imports this package but `gpuarray/__init__.py`."""
