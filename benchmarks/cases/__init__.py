# SPDX-License-Identifier: BSD-3-Clause
"""Benchmark cases, one module per area; each registers its cases on import."""
