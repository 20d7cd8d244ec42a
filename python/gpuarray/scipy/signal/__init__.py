# SPDX-License-Identifier: BSD-3-Clause
"""scipy.signal on the GPU: convolution and correlation (direct or FFT, by
a cost model fitted on the GPU), windows, and SciPy's semantics, dtypes and
errors. docs/scipy_signal.md lists what is here, how each method is
chosen, and where results differ from SciPy's."""
from gpuarray.scipy.signal import windows
from gpuarray.scipy.signal._convolution import (
    choose_conv_method, convolve, correlate, correlation_lags, fftconvolve,
)
from gpuarray.scipy.signal._convolve2d import convolve2d, correlate2d
from gpuarray.scipy.signal.windows import get_window

__all__ = [
    # convolution
    "convolve", "correlate", "fftconvolve", "choose_conv_method", "correlation_lags", "convolve2d",
    "correlate2d",
    # windows
    "get_window", "windows",
]
