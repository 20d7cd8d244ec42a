# SPDX-License-Identifier: BSD-3-Clause
"""Indexing routines (NumPy's reference: "Indexing routines"): take and its kin
(`indexing`), put and its kin (`put`), the index helpers (`index_tricks`), and
iteration: `flatiter` (`a.flat`), `broadcast`, `ndenumerate` (docs/indexing.md)."""
