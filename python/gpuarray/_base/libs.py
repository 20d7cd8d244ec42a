# SPDX-License-Identifier: BSD-3-Clause
"""The bindings over cuBLAS, cuFFT and cuSOLVER, and the versions of cuSPARSE
and NCCL (the extension module _libs_ext), imported on first use of a
routine that needs them, once the libraries it links are found (Note
[Finding CUDA libraries] in _base/libraries.py)."""
import importlib.util

from gpuarray._base import libraries as _libraries

_libraries.preload(importlib.util.find_spec("gpuarray._libs_ext").origin)

from gpuarray._libs_ext import *  # noqa: E402,F401,F403
