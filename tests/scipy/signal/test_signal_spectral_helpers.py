# SPDX-License-Identifier: BSD-3-Clause
"""detrend, hilbert and hilbert2 against scipy.signal (dtypes, axes,
lengths, breakpoints, layouts, errors), and the filter-design functions
that call SciPy on the host (same results, device arrays accepted)."""
import numpy as np
import pytest
import scipy.signal

import gpuarray
from signal_helpers import assert_matches, layout, sample, tolerance
from gpuarray.scipy import signal

DTYPES = [np.float64, np.float32, np.int32]


@pytest.mark.parametrize("dtype", DTYPES + [np.complex128, np.complex64])
@pytest.mark.parametrize("kind", ["constant", "linear", "c", "l"])
@pytest.mark.parametrize("axis", [0, -1])
def test_detrend(backend, dtype, kind, axis):
    host = sample((9, 12), dtype, 1) * 3
    for bp in ([0] if axis == 0 else [0, [4], [2, 7], 5]):
        expected = scipy.signal.detrend(host, axis=axis, type=kind, bp=bp)
        actual = backend.get(signal.detrend(backend.put(host), axis=axis, type=kind, bp=bp))
        assert_matches(actual, expected, rtol=tolerance(expected.dtype) * 10, atol=1e-5)


@pytest.mark.parametrize("kind", ["strided", "negative", "transposed"])
def test_detrend_layouts(backend, kind):
    host, a = layout(backend, sample((6, 10), np.float64, 2), kind)
    assert_matches(backend.get(signal.detrend(a)), scipy.signal.detrend(host), rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("N", [None, 7, 8, 13])
@pytest.mark.parametrize("axis", [0, -1])
def test_hilbert(backend, dtype, N, axis):
    host = sample((5, 8), dtype, 3)
    expected = scipy.signal.hilbert(host, N, axis)
    actual = backend.get(signal.hilbert(backend.put(host), N, axis))
    assert_matches(actual, expected, rtol=tolerance(expected.dtype) * 10, atol=1e-6)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("N", [None, 6, 7, (5, 8)])
@pytest.mark.parametrize("axes", [(-2, -1), (0, 2), (2, 0)])
def test_hilbert2(backend, dtype, N, axes):
    host = sample((6, 3, 7), dtype, 4)
    expected = scipy.signal.hilbert2(host, N, axes)
    actual = backend.get(signal.hilbert2(backend.put(host), N, axes))
    assert_matches(actual, expected, rtol=tolerance(expected.dtype) * 10, atol=1e-6)


@pytest.mark.parametrize("call, match", [
    (lambda: signal.detrend(np.ones(5), type="quadratic"), "Trend type must be"),
    (lambda: signal.detrend(np.ones(5), bp=[9]), "Breakpoints must be less"),
    (lambda: signal.hilbert(np.ones(4) + 1j), "x must be real"),
    (lambda: signal.hilbert(np.ones(4), N=0), "N must be positive"),
    (lambda: signal.hilbert2(np.ones((4, 4)) + 1j), "x must be real"),
    (lambda: signal.hilbert2(np.ones((4, 4)), axes=(0, 0)), "2 distinct axes"),
    (lambda: signal.hilbert2(np.ones((4, 4)), axes=(0,)), "tuple of length 2"),
    (lambda: signal.hilbert2(np.ones((4, 4)), N=(3, 0)), "two positive integers"),
])
def test_errors(backend, call, match):
    with pytest.raises(ValueError, match=match):
        call()


DESIGNS = [
    ("butter", (4, 0.2), {}), ("butter", (3, [0.1, 0.4]), {"btype": "bandpass", "output": "sos"}),
    ("cheby1", (4, 1, 0.3), {"output": "zpk"}), ("cheby2", (5, 40, 0.3), {"btype": "high"}),
    ("ellip", (4, 1, 40, [0.2, 0.5]), {"btype": "bandstop"}), ("bessel", (3, 100.0), {"fs": 1000.0}),
    ("iirfilter", (4, [0.1, 0.3]), {"rp": 1, "rs": 40, "ftype": "ellip", "output": "sos"}),
]


@pytest.mark.parametrize("name, args, kwargs", DESIGNS, ids=[d[0] for d in DESIGNS])
def test_iir_design_is_scipys(name, args, kwargs):
    expected = getattr(scipy.signal, name)(*args, **kwargs)
    actual = getattr(signal, name)(*args, **kwargs)
    for e, a in zip(expected if isinstance(expected, tuple) else [expected],
                    actual if isinstance(actual, tuple) else [actual]):
        np.testing.assert_array_equal(a, e)


def test_conversions_are_scipys():
    b, a = scipy.signal.butter(5, 0.3)
    z, p, k = scipy.signal.tf2zpk(b, a)
    sos = scipy.signal.tf2sos(b, a)
    for ours, theirs, args in [(signal.tf2zpk, scipy.signal.tf2zpk, (b, a)),
                               (signal.zpk2tf, scipy.signal.zpk2tf, (z, p, k)),
                               (signal.zpk2sos, scipy.signal.zpk2sos, (z, p, k)),
                               (signal.sos2zpk, scipy.signal.sos2zpk, (sos,)),
                               (signal.tf2sos, scipy.signal.tf2sos, (b, a)),
                               (signal.sos2tf, scipy.signal.sos2tf, (sos,))]:
        expected, actual = theirs(*args), ours(*args)
        for e, x in zip(expected if isinstance(expected, tuple) else [expected],
                        actual if isinstance(actual, tuple) else [actual]):
            np.testing.assert_array_equal(x, e)


def test_design_errors_are_scipys():
    with pytest.raises(ValueError):
        signal.butter(4, 1.5)
    with pytest.raises(ValueError):
        signal.iirfilter(4, 0.2, ftype="nope")


@pytest.mark.gpu
def test_device_arrays_accepted():
    b, a = signal.butter(3, gpuarray.asarray([0.1, 0.4]), btype="band")
    eb, ea = scipy.signal.butter(3, [0.1, 0.4], btype="band")
    np.testing.assert_array_equal(b, eb)
    sos = signal.tf2sos(gpuarray.asarray(eb), gpuarray.asarray(ea))
    np.testing.assert_allclose(sos, scipy.signal.tf2sos(eb, ea))
