# SPDX-License-Identifier: BSD-3-Clause
"""scipy.signal on the GPU: convolution and correlation (direct or FFT, by
a cost model of the GPU paths), windows, detrend and the Hilbert transform,
and filter design (SciPy's, on the host), with SciPy's semantics, dtypes
and errors. docs/scipy_signal.md lists what is here, how each method is
chosen, and where results differ from SciPy's."""
from gpuarray.scipy.signal import windows
from gpuarray.scipy.signal._analog_prototypes import (
    besselap, buttap, cheb1ap, cheb2ap, ellipap, findfreqs, lp2bp, lp2bp_zpk, lp2bs, lp2bs_zpk, lp2hp, lp2hp_zpk,
    lp2lp, lp2lp_zpk,
)
from gpuarray.scipy.signal._analog_transforms import bilinear, bilinear_zpk, normalize
from gpuarray.scipy.signal._convolution import (
    choose_conv_method, convolve, correlate, correlation_lags, fftconvolve,
)
from gpuarray.scipy.signal._convolve2d import convolve2d, correlate2d
from gpuarray.scipy.signal._czt import CZT, ZoomFFT, czt, czt_points, zoom_fft
from gpuarray.scipy.signal._deconvolution import deconvolve
from gpuarray.scipy.signal._detrend import detrend
from gpuarray.scipy.signal._forward_backward import filtfilt, sosfilt, sosfilt_zi, sosfiltfilt
from gpuarray.scipy.signal._fir_design import firls, firwin, firwin2, freqz, freqz_sos, minimum_phase, remez, sosfreqz
from gpuarray.scipy.signal._filter_order import (
    buttord, cheb1ord, cheb2ord, ellipord, kaiser_atten, kaiser_beta, kaiserord,
)
from gpuarray.scipy.signal._frequency_response import freqs, freqs_zpk, freqz_zpk, group_delay
from gpuarray.scipy.signal._filter_conversions import sos2tf, sos2zpk, tf2sos, tf2zpk, zpk2sos, zpk2tf
from gpuarray.scipy.signal._hilbert import hilbert, hilbert2
from gpuarray.scipy.signal._iir_design import bessel, butter, cheby1, cheby2, ellip, iirfilter
from gpuarray.scipy.signal._lfilter import lfilter, lfilter_zi, lfiltic
from gpuarray.scipy.signal._overlap_add import oaconvolve
from gpuarray.scipy.signal._lombscargle import lombscargle
from gpuarray.scipy.signal._order_filters import medfilt, medfilt2d, order_filter, wiener
from gpuarray.scipy.signal._partial_fractions import invres, invresz, residue, residuez, unique_roots
from gpuarray.scipy.signal._peak_finding import (
    argrelextrema, argrelmax, argrelmin, find_peaks, peak_prominences, peak_widths,
)
from gpuarray.scipy.signal._resampling import decimate, resample, resample_poly
from gpuarray.scipy.signal._savgol import savgol_coeffs, savgol_filter
from gpuarray.scipy.signal._special_iir import gammatone, iircomb, iirdesign, iirnotch, iirpeak
from gpuarray.scipy.signal._splines import (
    cspline1d, cspline1d_eval, gauss_spline, qspline1d, qspline1d_eval, sepfir2d,
)
from gpuarray.scipy.signal._spectral import coherence, csd, periodogram, welch
from gpuarray.scipy.signal._stft import istft, spectrogram, stft
from gpuarray.scipy.signal._upfirdn import upfirdn
from gpuarray.scipy.signal._vector_strength import vectorstrength
from gpuarray.scipy.signal._window_checks import check_COLA, check_NOLA
from gpuarray.scipy.signal._waveforms import (
    chirp, gausspulse, max_len_seq, sawtooth, square, sweep_poly, unit_impulse,
)
from gpuarray.scipy.signal.windows import get_window

__all__ = [
    # convolution
    "convolve", "correlate", "fftconvolve", "oaconvolve", "choose_conv_method", "correlation_lags", "convolve2d",
    "correlate2d", "deconvolve",
    # linear filters
    "lfilter", "lfiltic", "lfilter_zi", "filtfilt", "sosfilt", "sosfilt_zi", "sosfiltfilt", "savgol_coeffs",
    "savgol_filter",
    # B-splines
    "cspline1d", "qspline1d", "cspline1d_eval", "qspline1d_eval", "gauss_spline", "sepfir2d",
    # order filters
    "medfilt", "medfilt2d", "order_filter", "wiener",
    # peak finding
    "argrelextrema", "argrelmin", "argrelmax", "find_peaks", "peak_prominences", "peak_widths",
    # resampling
    "upfirdn", "resample", "resample_poly", "decimate",
    # spectral analysis
    "periodogram", "welch", "csd", "coherence", "spectrogram", "stft", "istft", "lombscargle",
    "check_COLA", "check_NOLA", "vectorstrength", "czt", "zoom_fft", "CZT", "ZoomFFT", "czt_points",
    # spectral helpers
    "detrend", "hilbert", "hilbert2",
    # filter design (SciPy on the host)
    "butter", "cheby1", "cheby2", "ellip", "bessel", "iirfilter", "firwin", "firwin2", "freqz", "freqz_sos",
    "sosfreqz", "remez", "firls", "minimum_phase", "iirnotch", "iirpeak", "iircomb", "iirdesign", "buttord",
    "cheb1ord", "cheb2ord", "ellipord", "kaiser_beta", "kaiser_atten", "kaiserord", "group_delay", "freqs",
    "freqz_zpk", "freqs_zpk", "bilinear", "bilinear_zpk", "normalize", "gammatone", "buttap", "cheb1ap", "cheb2ap",
    "ellipap", "besselap", "lp2lp", "lp2hp", "lp2bp", "lp2bs", "lp2lp_zpk", "lp2hp_zpk", "lp2bp_zpk", "lp2bs_zpk",
    "findfreqs", "residue", "residuez", "invres", "invresz", "unique_roots",
    "zpk2tf", "tf2zpk", "zpk2sos", "sos2zpk", "tf2sos", "sos2tf",
    # waveforms
    "sawtooth", "square", "gausspulse", "chirp", "sweep_poly", "unit_impulse", "max_len_seq",
    # windows
    "get_window", "windows",
]
