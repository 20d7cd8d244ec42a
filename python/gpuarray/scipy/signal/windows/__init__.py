# SPDX-License-Identifier: BSD-3-Clause
"""scipy.signal.windows on the GPU: every SciPy window, float64 device
arrays of SciPy's values. The closed-form windows are computed on the
device; chebwin, taylor and dpss, which need a solve, on the host
(``_host_solved``)."""
from gpuarray.scipy.signal.windows._cosine_sums import (
    blackman, blackmanharris, flattop, general_cosine, general_hamming, hamming, hann, nuttall,
)
from gpuarray.scipy.signal.windows._get_window import get_window
from gpuarray.scipy.signal.windows._host_solved import chebwin, dpss, taylor
from gpuarray.scipy.signal.windows._parametric import (
    exponential, gaussian, general_gaussian, kaiser, kaiser_bessel_derived,
)
from gpuarray.scipy.signal.windows._tapers import (
    barthann, bartlett, bohman, boxcar, cosine, lanczos, parzen, triang, tukey,
)

__all__ = ["boxcar", "triang", "parzen", "bohman", "blackman", "nuttall", "blackmanharris", "flattop",
           "bartlett", "barthann", "hamming", "kaiser", "kaiser_bessel_derived", "gaussian", "general_gaussian",
           "general_cosine", "general_hamming", "chebwin", "cosine", "hann", "exponential", "tukey", "taylor",
           "get_window", "dpss", "lanczos"]
