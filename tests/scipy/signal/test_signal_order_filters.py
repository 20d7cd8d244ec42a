# SPDX-License-Identifier: BSD-3-Clause
"""medfilt, medfilt2d, order_filter and wiener against scipy.signal:
dtypes, dimensions, kernel sizes (scalar, per axis, larger than the input),
footprints and ranks (negative too), layouts, and SciPy's errors."""
import warnings

import numpy as np
import pytest
import scipy.signal

from signal_helpers import assert_matches, layout, sample
from gpuarray.scipy import signal
from gpuarray.scipy.signal import _order_filters

DTYPES = [np.float64, np.float32, np.int32, np.uint8, np.int64]
SHAPES = [(20,), (7, 9), (4, 5, 6), (1, 1), (2,)]


def _compare(backend, ours, theirs, x, *args, rtol=1e-6):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            expected = theirs(x, *args)
        except (ValueError, RuntimeError) as e:
            with pytest.raises(type(e), match=str(e)[:25]):
                ours(backend.put(x), *args)
            return
        actual = backend.get(ours(backend.put(x), *args))
    assert_matches(actual, expected, rtol=rtol)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_medfilt(backend, dtype, shape):
    x = sample(shape, dtype, 1) * 10 if np.dtype(dtype).kind == "f" else sample(shape, dtype, 1)
    for kernel_size in [None, 3, 1, 5, [3] * len(shape), [1, 3, 5][:len(shape)], 4]:
        _compare(backend, signal.medfilt, scipy.signal.medfilt, x, kernel_size)


@pytest.mark.parametrize("dtype", DTYPES)
def test_medfilt2d_and_order_filter(backend, dtype):
    x = sample((7, 9), dtype, 2) * (10 if np.dtype(dtype).kind == "f" else 1)
    for kernel_size in [3, 5, [3, 1], (1, 5), 2]:
        _compare(backend, signal.medfilt2d, scipy.signal.medfilt2d, x, kernel_size)
    for domain in [np.ones((3, 3)), np.eye(3), np.array([[0, 1, 0], [1, 1, 1], [0, 1, 0]]), np.ones((3, 5)),
                   np.ones((2, 3))]:
        for rank in [0, 1, 2, -1]:
            _compare(backend, signal.order_filter, scipy.signal.order_filter, x, domain, rank)


def test_rank_filter_in_slabs(backend, monkeypatch):
    monkeypatch.setattr(_order_filters, "_SLAB_VALUES", 50)
    x = sample((11, 6), np.float64, 3)
    _compare(backend, signal.medfilt, scipy.signal.medfilt, x, [3, 5])


@pytest.mark.parametrize("kind", ["strided", "negative", "transposed"])
def test_medfilt_layouts(backend, kind):
    host, x = layout(backend, sample((8, 10), np.float64, 4), kind)
    assert_matches(backend.get(signal.medfilt(x, 3)), scipy.signal.medfilt(host, 3), rtol=0)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("shape", [(20,), (7, 9), (4, 5, 6)], ids=str)
def test_wiener(backend, dtype, shape):
    x = sample(shape, dtype, 5) * 10
    for mysize in [None, 3, [3, 5][:len(shape)] if len(shape) <= 2 else [3, 3, 3]]:
        for noise in [None, 0.5]:
            _compare(backend, signal.wiener, scipy.signal.wiener, x, mysize, noise,
                     rtol=1e-4 if dtype == np.float32 else 1e-8)


def test_errors(backend):
    with pytest.raises(ValueError, match="not supported by medfilt"):
        signal.medfilt(backend.put(np.ones(5, np.float16)))
    with pytest.raises(ValueError, match="should be odd"):
        signal.medfilt(backend.put(np.ones(5)), 2)
    with pytest.raises(ValueError, match="odd number of elements"):
        signal.order_filter(backend.put(np.ones((4, 4))), np.ones((2, 2)), 0)
    with pytest.warns(UserWarning, match="exceeds volume extent"):
        signal.medfilt(backend.put(np.ones(3)), 5)
