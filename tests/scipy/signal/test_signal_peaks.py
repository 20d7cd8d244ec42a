# SPDX-License-Identifier: BSD-3-Clause
"""argrelextrema/argrelmin/argrelmax against scipy.signal (orders, ends,
comparators, axes), and find_peaks, peak_prominences and peak_widths (SciPy's
on the host) with device input."""
import numpy as np
import pytest
import scipy.signal

from gpuarray.scipy import signal


@pytest.mark.parametrize("shape, axis", [((30,), 0), ((5, 20), 1), ((20, 5), 0)], ids=str)
@pytest.mark.parametrize("order", [1, 2, 3])
@pytest.mark.parametrize("mode", ["clip", "wrap"])
def test_argrelextrema(backend, shape, axis, order, mode):
    x = np.random.default_rng(0).integers(0, 5, shape)
    for comparator in (np.greater, np.less, np.greater_equal):
        expected = scipy.signal.argrelextrema(x, comparator, axis, order, mode)
        actual = signal.argrelextrema(backend.put(x), comparator, axis, order, mode)
        assert len(actual) == len(expected)
        for e, a in zip(expected, actual):
            np.testing.assert_array_equal(backend.get(a), e)
    for ours, theirs in [(signal.argrelmin, scipy.signal.argrelmin), (signal.argrelmax, scipy.signal.argrelmax)]:
        for e, a in zip(theirs(x, axis, order, mode), ours(backend.put(x), axis, order, mode)):
            np.testing.assert_array_equal(backend.get(a), e)


def test_argrelextrema_order_error(backend):
    with pytest.raises(ValueError, match="Order must be an int >= 1"):
        signal.argrelmax(backend.put(np.ones(5)), order=0)


@pytest.mark.parametrize("conditions", [dict(), dict(height=0.5), dict(height=(0.2, 2.0), threshold=0.01),
                                        dict(distance=5), dict(prominence=0.3, wlen=21),
                                        dict(width=2, rel_height=0.7), dict(plateau_size=1)], ids=str)
def test_find_peaks(backend, conditions):
    rng = np.random.default_rng(1)
    x = np.convolve(rng.standard_normal(300), np.ones(5) / 5, "same")
    x[100:104] = 3.0  # a plateau
    peaks, properties = signal.find_peaks(backend.put(x), **conditions)
    expected_peaks, expected_properties = scipy.signal.find_peaks(x, **conditions)
    np.testing.assert_array_equal(backend.get(peaks), expected_peaks)
    assert set(properties) == set(expected_properties)
    for key, value in expected_properties.items():
        np.testing.assert_allclose(backend.get(properties[key]), value)
    prominences = signal.peak_prominences(backend.put(x), expected_peaks)
    for e, a in zip(scipy.signal.peak_prominences(x, expected_peaks), prominences):
        np.testing.assert_allclose(backend.get(a), e)
    for e, a in zip(scipy.signal.peak_widths(x, expected_peaks, 0.6),
                    signal.peak_widths(backend.put(x), expected_peaks, 0.6)):
        np.testing.assert_allclose(backend.get(a), e)


def test_find_peaks_errors_are_scipys():
    with pytest.raises(ValueError, match="1-D array"):
        signal.find_peaks(np.ones((3, 3)))
    with pytest.raises(ValueError, match="`distance` must be greater or equal to 1"):
        signal.find_peaks(np.ones(5), distance=0)
