# SPDX-License-Identifier: BSD-3-Clause
"""The NCCL bindings (the extension module _nccl_ext), imported on first use
of gpuarray.cuda.nccl once libnccl is found (Note [Finding CUDA libraries] in
_libraries.py): nvidia-nccl-cu13's wheel, the CUDA toolkit, or the loader's
search. Without NCCL, importing this module raises ImportError saying how to
install it."""
import importlib.util

from gpuarray._base import libraries as _libraries

_HINT = ("gpuarray.cuda.nccl needs NCCL: install it with `pip install nvidia-nccl-cu13` (or NCCL for CUDA "
         "13 from NVIDIA, then set LD_LIBRARY_PATH to its lib folder)")

_spec = importlib.util.find_spec("gpuarray._nccl_ext")
if _spec is None:
    raise ImportError("this gpuarray was built without NCCL (its headers were not found at build time): " + _HINT)
try:
    _libraries.preload(_spec.origin)
except ImportError as e:
    raise ImportError(f"{_HINT}. {e}") from None

from gpuarray._nccl_ext import (  # noqa: E402 (after the library is found)
    Communicator, NcclError, build_version, group_end, group_start, runtime_version, unique_id,
)

__all__ = ["Communicator", "NcclError", "build_version", "group_end", "group_start", "runtime_version",
           "unique_id"]
