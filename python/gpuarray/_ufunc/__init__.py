# SPDX-License-Identifier: BSD-3-Clause
"""Universal functions: the `ufunc` class and one instance per row of the
engine's table (`ufuncs`), NumPy's override protocols that dispatch to them
(`numpy_dispatch`), and rounding and clipping as compositions of ufuncs with the
argument rule every composition shares (`rounding`).

`ufunc.at`, `reduceat` and `accumulate` are attached by `_methods.ufunc_methods`
(Note [ufunc methods])."""
