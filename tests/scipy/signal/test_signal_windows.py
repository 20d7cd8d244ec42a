# SPDX-License-Identifier: BSD-3-Clause
"""Every window of gpuarray.scipy.signal.windows and get_window against
scipy.signal.windows: lengths 0 to 51, symmetric and periodic, each
parameter form, aliases, suffixes, and SciPy's errors."""
import warnings

import pytest
import scipy.signal
import scipy.signal.windows as sw

from signal_helpers import assert_matches
from gpuarray.scipy import signal
from gpuarray.scipy.signal import windows

CASES = {
    "boxcar": (), "triang": (), "parzen": (), "bohman": (), "blackman": (), "nuttall": (), "blackmanharris": (),
    "flattop": (), "bartlett": (), "barthann": (), "hamming": (), "hann": (), "cosine": (), "lanczos": (),
    "exponential": (), "taylor": (), "kaiser": (4.5,), "gaussian": (2.3,), "general_gaussian": (1.5, 3.0),
    "general_cosine": ([0.4, 0.3, 0.2, 0.1],), "general_hamming": (0.7,), "chebwin": (60,), "tukey": (0.3,),
    "dpss": (3.0,),
}
LENGTHS = [0, 1, 2, 3, 4, 7, 8, 16, 51]


def test_every_scipy_window_is_here():
    assert set(windows.__all__) == set(sw.__all__)


@pytest.mark.parametrize("name", list(CASES))
@pytest.mark.parametrize("sym", [True, False])
def test_window_matches_scipy(backend, name, sym):
    args = CASES[name]
    for M in LENGTHS:
        try:
            expected = getattr(sw, name)(M, *args, sym=sym)
        except ValueError as e:  # dpss refuses NW >= M / 2
            with pytest.raises(ValueError, match=str(e)):
                getattr(windows, name)(M, *args, sym=sym)
            continue
        actual = backend.get(getattr(windows, name)(M, *args, sym=sym))
        assert_matches(actual, expected, rtol=1e-10, atol=1e-13)


@pytest.mark.parametrize("args", [(0.0,), (1.0,), (1.5,), (-0.2,), (0.99,)])
def test_tukey_limits(backend, args):
    for M in [5, 10]:
        assert_matches(backend.get(windows.tukey(M, *args)), sw.tukey(M, *args), rtol=1e-12, atol=1e-14)


@pytest.mark.parametrize("args", [dict(nbar=3, sll=40, norm=False), dict(nbar=6, sll=25)])
def test_taylor_parameters(backend, args):
    for M in [9, 20]:
        assert_matches(backend.get(windows.taylor(M, **args)), sw.taylor(M, **args), rtol=1e-12, atol=1e-14)


def test_exponential_center_and_tau(backend):
    expected = sw.exponential(9, center=2.0, tau=3.0, sym=False)
    assert_matches(backend.get(windows.exponential(9, 2.0, 3.0, sym=False)), expected, rtol=1e-12)


@pytest.mark.parametrize("beta", [0.5, 4.0])
def test_kaiser_bessel_derived(backend, beta):
    for M in [0, 2, 8, 20]:
        assert_matches(backend.get(windows.kaiser_bessel_derived(M, beta)), sw.kaiser_bessel_derived(M, beta),
                       rtol=1e-10, atol=1e-14)


def test_dpss_several_with_ratios(backend):
    v, r = windows.dpss(16, 2.5, Kmax=3, return_ratios=True)
    ev, er = sw.dpss(16, 2.5, Kmax=3, return_ratios=True)
    assert_matches(backend.get(v), ev, rtol=1e-12, atol=1e-14)
    assert_matches(backend.get(r), er, rtol=1e-12, atol=1e-14)


@pytest.mark.parametrize("window", ["hann", "hann_periodic", "hann_symmetric", "triangle", "box", "ksr" and 4.0,
                                    ("kaiser", 8.0), ("tukey", 0.25), "tukey", ("exponential", None, 2.0),
                                    ("general gaussian", 1.5, 2.0), ("general_cosine", [0.5, 0.5]), ("dpss", 2.0),
                                    ("chebwin", 50), ("taylor", 3, 35), "bkh", "sinc", 7])
@pytest.mark.parametrize("fftbins", [True, False])
def test_get_window_matches_scipy(backend, window, fftbins):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for Nx in [1, 8, 15]:
            expected = scipy.signal.get_window(window, Nx, fftbins=fftbins)
            assert_matches(backend.get(signal.get_window(window, Nx, fftbins=fftbins)), expected, rtol=1e-10,
                           atol=1e-13)


@pytest.mark.parametrize("call, match", [
    (lambda: windows.hann(-1), "non-negative integer"),
    (lambda: windows.hann(2.5), "non-negative integer"),
    (lambda: windows.exponential(5, center=1.0), "center must be None"),
    (lambda: windows.kaiser_bessel_derived(5, 1.0), "even number"),
    (lambda: windows.kaiser_bessel_derived(4, 1.0, sym=False), "symmetric"),
    (lambda: signal.get_window("hann", 0), "positive integer"),
    (lambda: signal.get_window("hann", 8, fftbins=1), "not of type bool"),
    (lambda: signal.get_window("nope", 8), "Invalid window name"),
    (lambda: signal.get_window(("hann", 3), 8), "does not allow parameters"),
    (lambda: signal.get_window("kaiser", 8), "must have parameters"),
    (lambda: signal.get_window((3, 1), 8), "is not a str"),
    (lambda: signal.get_window([1, 2], 8), "must be a tuple, a string or a float"),
    (lambda: signal.get_window(("dpss", 1, 2), 8), "must have one parameter"),
])
def test_errors_before_device_work(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_chebwin_warns_below_45_db(backend):
    with pytest.warns(UserWarning, match="not suitable for spectral analysis"):
        windows.chebwin(8, 30)
