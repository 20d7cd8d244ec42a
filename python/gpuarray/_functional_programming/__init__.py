# SPDX-License-Identifier: BSD-3-Clause
"""Functional programming (NumPy's reference: "Functional programming"):
apply_along_axis, apply_over_axes, piecewise."""
