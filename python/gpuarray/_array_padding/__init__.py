# SPDX-License-Identifier: BSD-3-Clause
"""Padding arrays (NumPy's reference: "Padding arrays"): pad and its modes."""
