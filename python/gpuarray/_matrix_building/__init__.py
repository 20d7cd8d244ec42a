# SPDX-License-Identifier: BSD-3-Clause
"""Array creation: building matrices (eye, identity, tri, tril, triu, diag,
diagflat, fromfunction, vander).

An area of its own above `_sorting_searching` and `_math`, because tril and
triu select with `where` and vander multiplies with `cumprod`."""
