# SPDX-License-Identifier: BSD-3-Clause
"""Tests marked `gpu` need a CUDA device; elsewhere they are skipped with the reason."""
import pytest

import gpuarray

HAVE_GPU = gpuarray.cuda.is_available()


def pytest_collection_modifyitems(config, items):
    if HAVE_GPU:
        return
    skip = pytest.mark.skip(
        reason="needs a CUDA device: gpuarray.cuda.is_available() is False on this machine")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)


def pytest_report_header(config):
    if not HAVE_GPU:
        return "gpuarray: no CUDA device; GPU tests are skipped"
    props = gpuarray.cuda.runtime.getDeviceProperties(0)
    return f"gpuarray: {props['name'].decode()} (compute capability {props['major']}.{props['minor']})"
