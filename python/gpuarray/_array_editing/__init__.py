# SPDX-License-Identifier: BSD-3-Clause
"""Array manipulation that builds on sort and scan: tiling (repeat, tile, resize)
and adding and removing elements (delete, insert, trim_zeros, ...).

An area of its own above `_sorting_searching`, `_reduction` and `_math`, which
`_array_manipulation` lies below."""
