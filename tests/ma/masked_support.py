# SPDX-License-Identifier: BSD-3-Clause
"""What the tests of gpuarray.ma share: the `backend` fixture (every comparison with
numpy.ma runs twice, on NumPy standing in for the device, host_namespace.py, with no GPU
needed, and on the device, marked gpu; it yields the function that makes an input
array), and the comparison of results with numpy.ma's. Test files bind the fixture with
``backend = masked_support.backend`` (a conftest.py here would shadow tests/conftest.py,
which other test files import as `conftest`)."""
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


def to_host(x):
    """NumPy's form of a result: numpy.ma for masked arrays, ndarray for device arrays."""
    if isinstance(x, xp.ma.MaskedArray) or isinstance(x, xp.ndarray):
        return x.get()
    return x


def assert_masked_equal(ours, theirs, check_dtype=True, rtol=None):
    """`ours` (a gpuarray.ma result) holds numpy.ma's `theirs`: shape, dtype, mask, and the
    unmasked values (the data under a mask is not compared)."""
    host = to_host(ours)
    if theirs is numpy.ma.masked:
        assert numpy.ma.getmaskarray(host).all() and numpy.shape(host) == ()
        return
    if not isinstance(theirs, numpy.ma.MaskedArray) and not isinstance(host, numpy.ma.MaskedArray):
        theirs = numpy.asarray(theirs)
        host = numpy.asarray(host)
        assert host.shape == theirs.shape
        if check_dtype:
            assert host.dtype == theirs.dtype
        numpy.testing.assert_allclose(host, theirs, rtol=rtol or _rtol(theirs.dtype), equal_nan=True)
        return
    theirs = numpy.ma.asarray(theirs)
    host = numpy.ma.asarray(host)
    assert host.shape == theirs.shape, (host.shape, theirs.shape)
    # numpy.ma's fully masked results (its `masked` constant, float64) have no dtype to match.
    if check_dtype and not (theirs.size == 1 and numpy.ma.getmaskarray(theirs).all()):
        assert host.dtype == theirs.dtype, (host.dtype, theirs.dtype)
    mask = numpy.ma.getmaskarray(theirs)
    numpy.testing.assert_array_equal(numpy.ma.getmaskarray(host), mask)
    kept = ~mask
    numpy.testing.assert_allclose(numpy.asarray(host.data)[kept], numpy.asarray(theirs.data)[kept],
                                  rtol=rtol or _rtol(theirs.dtype), equal_nan=True)


def _rtol(dtype):
    return {"e": 2e-3, "f": 1e-5, "F": 1e-5}.get(numpy.dtype(dtype).char, 1e-12)
