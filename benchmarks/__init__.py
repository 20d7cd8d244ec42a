# SPDX-License-Identifier: BSD-3-Clause
"""Side-by-side timings of gpuarray, CuPy and PyTorch: run with `python benchmarks/run.py`."""
