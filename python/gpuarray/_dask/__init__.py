# SPDX-License-Identifier: BSD-3-Clause
"""Dask arrays with gpuarray chunks (docs/dask.md).

gpuarray builds no scheduler: Dask does the scheduling, gpuarray supplies what
Dask asks of a chunk library. Two kinds of module live here:

- ``import_hook``, ``tokenize`` and ``serialize`` import no Dask. ``import
  gpuarray`` loads them: the first watches for Dask's modules being imported
  and then tells Dask about gpuarray (Note [Telling Dask about gpuarray]).
- ``dispatch`` and ``backend`` import ``dask.array``. Dask itself loads them,
  through the ``dask.array.backends`` entry point named ``gpuarray``, the
  first time it needs them; ``import gpuarray`` never does.
"""
