# SPDX-License-Identifier: BSD-3-Clause
"""The array-exchange protocols: ``__cuda_array_interface__``, DLPack and the
array API namespace (docs/interop.md).

Below array creation, because `asarray` reads the first two."""
