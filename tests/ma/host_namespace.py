# SPDX-License-Identifier: BSD-3-Clause
"""NumPy standing in for gpuarray under gpuarray.ma (Note [Masked array
namespace]), so the masked logic runs without a GPU: NumPy's functions, with
gpuarray's `asnumpy` and its 0-d results where NumPy gives scalars."""
import contextlib
import types

import numpy

from gpuarray.ma import _namespace


def host_namespace():
    names = {n: getattr(numpy, n) for n in dir(numpy) if not n.startswith("__")}
    names["asnumpy"] = numpy.asarray
    return types.SimpleNamespace(**names)


@contextlib.contextmanager
def numpy_under_ma():
    """gpuarray.ma running on NumPy arrays for the duration."""
    saved = _namespace.xp
    _namespace.xp = host_namespace()
    try:
        with numpy.errstate(all="ignore"):  # the device reports no floating-point errors
            yield
    finally:
        _namespace.xp = saved
