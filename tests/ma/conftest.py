# SPDX-License-Identifier: BSD-3-Clause
"""The `backend` fixture of tests/ma: every comparison with numpy.ma runs twice, on
NumPy standing in for the device (host_namespace.py: the masked logic, no GPU needed)
and on the device (marked gpu). It yields the function that makes an input array."""
import numpy
import pytest

import gpuarray as xp
from host_namespace import numpy_under_ma

BACKENDS = ["host", pytest.param("device", marks=pytest.mark.gpu)]


@pytest.fixture(params=BACKENDS)
def backend(request):
    if request.param == "host":
        with numpy_under_ma():
            yield numpy.asarray
    else:
        yield xp.asarray
