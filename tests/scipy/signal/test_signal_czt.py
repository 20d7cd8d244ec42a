# SPDX-License-Identifier: BSD-3-Clause
"""czt, zoom_fft, CZT, ZoomFFT and czt_points against scipy.signal: output
lengths, spirals, bands, endpoints, axes, dtypes, and SciPy's errors."""
import numpy as np
import pytest
import scipy.signal

from signal_helpers import assert_matches, sample
from gpuarray.scipy import signal


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.complex128])
@pytest.mark.parametrize("shape, axis", [((16,), -1), ((3, 20), 1), ((25, 2), 0)], ids=str)
def test_czt_and_zoom_fft(backend, dtype, shape, axis):
    x = sample(shape, dtype, 1)
    for kwargs in [{}, dict(m=7), dict(m=40, w=np.exp(-0.1j), a=0.9 + 0.1j), dict(w=0.99 * np.exp(-0.2j))]:
        expected = scipy.signal.czt(x, axis=axis, **kwargs)
        assert_matches(backend.get(signal.czt(backend.put(x), axis=axis, **kwargs)), expected, rtol=1e-6)
    for fn, kwargs in [([0.1, 0.5], {}), (0.3, dict(m=10)), ([0.2, 0.8], dict(fs=2.0, endpoint=True, m=9))]:
        expected = scipy.signal.zoom_fft(x, fn, axis=axis, **kwargs)
        assert_matches(backend.get(signal.zoom_fft(backend.put(x), fn, axis=axis, **kwargs)), expected, rtol=1e-6)


def test_points(backend):
    for m, w, a in [(5, None, 1), (6, np.exp(-0.3j), 2.0)]:
        np.testing.assert_allclose(signal.czt_points(m, w, a), scipy.signal.czt_points(m, w, a))
    np.testing.assert_allclose(signal.CZT(8, m=3).points(), scipy.signal.CZT(8, m=3).points())
    np.testing.assert_allclose(signal.ZoomFFT(8, [0.1, 0.4], m=5).points(),
                               scipy.signal.ZoomFFT(8, [0.1, 0.4], m=5).points())


@pytest.mark.parametrize("call, match", [
    (lambda: signal.CZT(0), "Invalid number of CZT data points"),
    (lambda: signal.CZT(2.5), "Invalid number of CZT data points"),
    (lambda: signal.CZT(4, 0), "Invalid number of CZT output points"),
    (lambda: signal.ZoomFFT(4, [0.1, 0.2, 0.3]), "scalar or 2-length"),
    (lambda: signal.CZT(4)(np.ones(5)), "CZT defined for length 4, not 5"),
])
def test_errors(backend, call, match):
    with pytest.raises(ValueError, match=match):
        call()
