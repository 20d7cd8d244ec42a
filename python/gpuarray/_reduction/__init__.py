# SPDX-License-Identifier: BSD-3-Clause
"""Reductions (docs/reductions.md): sum, prod, any, all, count_nonzero, nansum, nanprod and the argument handling
the others share (`reductions`); max, min, ptp (`extrema`); argmax, argmin
(`arg_extrema`); mean, var, std (`moments`); their nan-variants (`nan_moments`);
NumPy's warnings for empty slices (`empty_slice_warnings`)."""
