# SPDX-License-Identifier: BSD-3-Clause
"""The filter-design functions that are SciPy's own on the host (order
selection, notch/peak/comb, iirdesign, remez, firls, minimum_phase,
bilinear transforms, normalize, group_delay, freqs, freqz_zpk): the same
results as scipy.signal, SciPy's errors, and device inputs accepted (gpu)."""
import numpy as np
import pytest
import scipy.signal

import gpuarray
from gpuarray.scipy import signal

CASES = [
    ("buttord", (0.2, 0.3, 3, 40), {}), ("buttord", ([0.2, 0.5], [0.1, 0.6], 3, 40), {}),
    ("cheb1ord", (0.2, 0.3, 3, 40), {}), ("cheb2ord", (0.2, 0.3, 3, 40), {"analog": False}),
    ("ellipord", (100.0, 150.0, 3, 40), {"fs": 1000.0}), ("kaiser_beta", (50,), {}), ("kaiser_beta", (15,), {}),
    ("kaiser_atten", (31, 0.1), {}), ("kaiserord", (60, 0.1), {}), ("iirnotch", (60.0, 30.0, 1000.0), {}),
    ("iirpeak", (0.3, 10.0), {}), ("iircomb", (50.0, 30.0), {"fs": 1000.0}),
    ("iircomb", (50.0, 30.0, "peak"), {"fs": 1000.0, "pass_zero": True}),
    ("iirdesign", (0.2, 0.3, 1, 40), {}), ("iirdesign", ([0.2, 0.5], [0.1, 0.6], 1, 40), {"ftype": "cheby1",
                                                                                      "output": "sos"}),
    ("remez", (11, [0.0, 0.1, 0.2, 0.5], [1.0, 0.0]), {}), ("firls", (11, [0.0, 0.2, 0.3, 1.0], [1.0, 1.0, 0.0, 0.0]),
                                                             {}),
    ("minimum_phase", (scipy.signal.firwin(11, 0.3),), {}),
    ("minimum_phase", (scipy.signal.firwin(11, 0.3), "hilbert"), {}),
    ("bilinear", ([1.0], [1.0, 1.0]), {"fs": 2.0}), ("bilinear_zpk", ([], [-1.0], 1.0, 2.0), {}),
    ("normalize", ([2.0, 4.0], [2.0, 1.0]), {}), ("group_delay", (([1.0, 1.0, 1.0], [1.0, -0.5]),), {"w": 16}),
    ("freqs", ([1.0], [1.0, 1.0]), {"worN": 8}), ("freqz_zpk", ([0.5], [0.2], 1.0), {"worN": 8, "whole": True}),
    ("freqs_zpk", ([], [-1.0, -2.0], 2.0), {"worN": 8}), ("gammatone", (440, "fir"), {"fs": 16000}),
    ("gammatone", (440, "iir"), {"fs": 16000}), ("buttap", (3,), {}), ("cheb1ap", (3, 1), {}), ("cheb2ap", (3, 40), {}),
    ("ellipap", (3, 1, 40), {}), ("besselap", (3,), {"norm": "mag"}), ("lp2lp", ([1.0], [1.0, 1.0], 2.0), {}),
    ("lp2hp", ([1.0], [1.0, 1.0], 2.0), {}), ("lp2bp", ([1.0], [1.0, 1.0], 1.0, 0.5), {}),
    ("lp2bs", ([1.0], [1.0, 1.0], 1.0, 0.5), {}), ("lp2lp_zpk", ([], [-1.0], 1.0, 2.0), {}),
    ("lp2hp_zpk", ([], [-1.0], 1.0, 2.0), {}), ("lp2bp_zpk", ([], [-1.0], 1.0, 1.0, 0.5), {}),
    ("lp2bs_zpk", ([], [-1.0], 1.0, 1.0, 0.5), {}), ("findfreqs", ([1.0], [1.0, 1.0], 8), {}),
    ("residue", ([1.0, 2.0], [1.0, 3.0, 2.0]), {}), ("residuez", ([1.0, 2.0], [1.0, 3.0, 2.0]), {}),
    ("invres", ([-1.0, 2.0], [-1.0, -2.0], []), {}), ("invresz", ([1.0, 0.0], [-1.0, -2.0], []), {}),
    ("unique_roots", ([1.0, 1.0, 2.0],), {}),
]


def _flatten(value):
    if isinstance(value, tuple):
        return [v for item in value for v in _flatten(item)]
    return [value]


@pytest.mark.parametrize("name, args, kwargs", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_same_as_scipy(name, args, kwargs):
    expected = getattr(scipy.signal, name)(*args, **kwargs)
    actual = getattr(signal, name)(*args, **kwargs)
    for e, a in zip(_flatten(expected), _flatten(actual)):
        np.testing.assert_allclose(np.asarray(a), np.asarray(e), rtol=1e-12)


def test_max_len_seq(backend):
    for nbits, length in [(4, None), (6, 20), (8, None)]:
        seq, state = signal.max_len_seq(nbits, length=length)
        expected_seq, expected_state = scipy.signal.max_len_seq(nbits, length=length)
        np.testing.assert_array_equal(backend.get(seq), expected_seq)
        np.testing.assert_array_equal(state, expected_state)


def test_errors_are_scipys():
    with pytest.raises(ValueError):
        signal.iirnotch(1.5, 30.0)
    with pytest.raises(ValueError):
        signal.kaiserord(5, 0.1)
    with pytest.raises(ValueError):
        signal.remez(11, [0.0, 0.3, 0.2, 0.5], [1.0, 0.0])


@pytest.mark.gpu
def test_responses_of_device_coefficients_are_device_arrays():
    b, a = scipy.signal.butter(3, 0.2)
    w, gd = signal.group_delay((gpuarray.asarray(b), gpuarray.asarray(a)), w=16)
    assert isinstance(gd, gpuarray.ndarray)
    np.testing.assert_allclose(gd.get(), scipy.signal.group_delay((b, a), w=16)[1])
    w, h = signal.freqs(gpuarray.asarray([1.0]), gpuarray.asarray([1.0, 1.0]), worN=8)
    np.testing.assert_allclose(h.get(), scipy.signal.freqs([1.0], [1.0, 1.0], worN=8)[1])
