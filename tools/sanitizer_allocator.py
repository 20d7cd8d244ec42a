# SPDX-License-Identifier: BSD-3-Clause
"""pytest plugin for runs under compute-sanitizer (tools/sanitizer_check.sh):
arrays get their own cudaMalloc instead of a block of a pool segment, so
memcheck sees an access past an array's end. Load with
`PYTHONPATH=tools python -m pytest -p sanitizer_allocator ...`."""
import gpuarray


def pytest_configure(config):
    if gpuarray.cuda.is_available():
        gpuarray.cuda.set_allocator(None)
