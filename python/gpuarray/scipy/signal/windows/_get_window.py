# SPDX-License-Identifier: BSD-3-Clause
"""get_window: a window by name (with its parameters), SciPy's names and
aliases, symmetric or periodic."""
import numbers

from gpuarray.scipy.signal.windows._cosine_sums import (
    blackman, blackmanharris, flattop, general_cosine, general_hamming, hamming, hann, nuttall,
)
from gpuarray.scipy.signal.windows._host_solved import chebwin, dpss, taylor
from gpuarray.scipy.signal.windows._parametric import (
    exponential, gaussian, general_gaussian, kaiser, kaiser_bessel_derived,
)
from gpuarray.scipy.signal.windows._tapers import (
    barthann, bartlett, bohman, boxcar, cosine, lanczos, parzen, triang, tukey,
)

__all__ = ["get_window"]

_OPTIONAL = "OPTIONAL"
# window function, whether it takes parameters (True, False or optional), and its names
_TABLE = [
    (barthann, False, ["barthann", "brthan", "bth"]),
    (bartlett, False, ["bartlett", "bart", "brt"]),
    (blackman, False, ["blackman", "black", "blk"]),
    (blackmanharris, False, ["blackmanharris", "blackharr", "bkh"]),
    (bohman, False, ["bohman", "bman", "bmn"]),
    (boxcar, False, ["boxcar", "box", "ones", "rect", "rectangular"]),
    (chebwin, True, ["chebwin", "cheb"]),
    (cosine, False, ["cosine", "halfcosine"]),
    (dpss, True, ["dpss"]),
    (exponential, _OPTIONAL, ["exponential", "poisson"]),
    (flattop, False, ["flattop", "flat", "flt"]),
    (gaussian, True, ["gaussian", "gauss", "gss"]),
    (general_cosine, True, ["general cosine", "general_cosine"]),
    (general_gaussian, True, ["general gaussian", "general_gaussian", "general gauss", "general_gauss", "ggs"]),
    (general_hamming, True, ["general hamming", "general_hamming"]),
    (hamming, False, ["hamming", "hamm", "ham"]),
    (hann, False, ["hann", "han"]),
    (kaiser, True, ["kaiser", "ksr"]),
    (kaiser_bessel_derived, True, ["kaiser bessel derived", "kaiser_bessel_derived", "kbd"]),
    (lanczos, False, ["lanczos", "sinc"]),
    (nuttall, False, ["nuttall", "nutl", "nut"]),
    (parzen, False, ["parzen", "parz", "par"]),
    (taylor, _OPTIONAL, ["taylor", "taylorwin"]),
    (triang, False, ["triangle", "triang", "tri"]),
    (tukey, _OPTIONAL, ["tukey", "tuk"]),
]
_WINDOWS = {name: (function, takes) for function, takes, names in _TABLE for name in names}


def get_window(window, Nx, fftbins=True):
    """Return a window of a given length and type.

    Parameters
    ----------
    window : str, tuple or float
        A window name (``'hann'``), a tuple of a name and its parameters
        (``('kaiser', 4.0)``), or a number: the beta of a Kaiser window.
        A name may end in ``'_symmetric'`` or ``'_periodic'``, which
        overrides `fftbins`. SciPy's names and aliases are accepted.
    Nx : int
        The number of samples, positive.
    fftbins : bool, optional
        True (default): a periodic window, for spectral analysis; False: a
        symmetric one, for filter design.

    Returns
    -------
    get_window : ndarray
        The window, float64, on the device.

    Raises
    ------
    ValueError
        For a non-positive `Nx`, a non-bool `fftbins`, an unknown name, or
        parameters given to a window that takes none (or missing where
        required), with SciPy's messages.

    See Also
    --------
    gpuarray.scipy.signal.windows

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> xp.asnumpy(signal.get_window('triang', 7)).tolist()
    [0.125, 0.375, 0.625, 0.875, 0.875, 0.625, 0.375]
    >>> xp.asnumpy(signal.get_window('bartlett_symmetric', 5)).tolist()
    [0.0, 0.5, 1.0, 0.5, 0.0]
    """
    if not (isinstance(Nx, numbers.Integral) and Nx > 0):
        raise ValueError(f"Parameter {Nx=} is not a positive integer")
    if not isinstance(fftbins, bool):
        raise ValueError(f"Parameter {fftbins=} is not of type bool!")
    sym = not fftbins
    if not isinstance(window, (str, tuple)):
        try:
            beta = float(window)
        except Exception as e:
            raise ValueError(f"Parameter {window=} must be a tuple, a string or a float!") from e
        return kaiser(Nx, beta, sym)
    if isinstance(window, tuple) and not isinstance(window[0], str):
        raise ValueError(f"First tuple entry of parameter {window=} is not a str!")
    name = window if isinstance(window, str) else window[0]
    if name.endswith("_symmetric"):
        sym, name = True, name[:-len("_symmetric")]
    elif name.endswith("_periodic"):
        sym, name = False, name[:-len("_periodic")]
    if name not in _WINDOWS:
        raise ValueError(f"Invalid window name '{name}' in parameter {window=}!")
    function, takes = _WINDOWS[name]
    args = window[1:] if isinstance(window, tuple) else ()
    if args and takes is False:
        raise ValueError(f"'{name}' does not allow parameters, but {window=}!")
    if not args and takes is True:
        raise ValueError(f"'{name}' must have parameters, but {window=}!")
    if function is dpss:
        if len(args) != 1:
            raise ValueError(f"Window {name} must have one parameter but {window=}")
        return dpss(Nx, args[0], Kmax=None, sym=sym)
    return function(Nx, *args, sym=sym)
