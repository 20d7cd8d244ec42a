# SPDX-License-Identifier: BSD-3-Clause
"""Waveforms evaluated on the device from SciPy's definitions: sawtooth,
square, gausspulse, chirp, sweep_poly and unit_impulse (elementwise
expressions of the sample times)."""
import numpy

from gpuarray.scipy.signal import _array_ops as xp
from gpuarray.scipy.signal._host_scipy import scipy_signal, to_host

__all__ = ["sawtooth", "square", "gausspulse", "chirp", "sweep_poly", "unit_impulse", "max_len_seq"]


def _broadcast_width(t, width):
    """t and width broadcast, in float64 (the computation), and the result's
    dtype: SciPy 1.18's, the floating promotion of t and width (a Python number
    weak, as in NumPy 2), float64 for integers."""
    weak = isinstance(width, (int, float)) and not isinstance(width, bool)
    t, w = xp.asarray(t), xp.asarray(width)
    dtype = numpy.result_type(t.dtype, width if weak else w.dtype)
    dtype = dtype if dtype.kind == "f" else numpy.dtype(numpy.float64)
    shape = numpy.broadcast_shapes(t.shape, w.shape)
    return xp.broadcast_to(t, shape).astype(numpy.float64), xp.broadcast_to(w, shape).astype(numpy.float64), dtype


def sawtooth(t, width=1):
    """Return a periodic sawtooth or triangle waveform.

    Parameters
    ----------
    t : array_like
        Time.
    width : array_like, optional
        Width of the rising ramp as a fraction of the period (0 to 1;
        default 1: a sawtooth; 0.5 gives a triangle).

    Returns
    -------
    y : ndarray
        The waveform (in the floating dtype of `t` and `width`, float64 for
        integers, as SciPy 1.18; NaN where `width` is outside [0, 1]), on the
        device.

    See Also
    --------
    square

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> xp.asnumpy(signal.sawtooth(xp.array([0.0, 1.0, 3.0, 5.0]))).round(4).tolist()
    [-1.0, -0.6817, -0.0451, 0.5915]
    """
    t, w, dtype = _broadcast_width(t, width)
    phase = t % (2 * numpy.pi)
    rising = phase / (numpy.pi * w) - 1
    falling = (numpy.pi * (w + 1) - phase) / (numpy.pi * (1 - w))
    y = xp.where(phase < w * 2 * numpy.pi, rising, falling)
    return xp.where((w > 1) | (w < 0), numpy.nan, y).astype(dtype, copy=False)


def square(t, duty=0.5):
    """Return a periodic square-wave waveform.

    Parameters
    ----------
    t : array_like
        Time.
    duty : array_like, optional
        Duty cycle, the fraction of the period at +1 (0 to 1; default 0.5).

    Returns
    -------
    y : ndarray
        The waveform, +1 or -1 (in the floating dtype of `t` and `duty`,
        float64 for integers, as SciPy 1.18; NaN where `duty` is outside
        [0, 1]), on the device.

    See Also
    --------
    sawtooth

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.square(xp.array([0.0, 1.0, 4.0, 6.0])).tolist()
    [1.0, 1.0, -1.0, -1.0]
    """
    t, w, dtype = _broadcast_width(t, duty)
    phase = t % (2 * numpy.pi)
    y = xp.where(phase < w * 2 * numpy.pi, 1.0, -1.0)
    return xp.where((w > 1) | (w < 0), numpy.nan, y).astype(dtype, copy=False)


def gausspulse(t, fc=1000, bw=0.5, bwr=-6, tpr=-60, retquad=False, retenv=False):
    """Return a Gaussian modulated sinusoid.

    Parameters
    ----------
    t : ndarray or the string 'cutoff'
        Input array, or 'cutoff' for the time at which the envelope falls
        to `tpr` dB.
    fc : float, optional
        Center frequency (Hz; default 1000).
    bw : float, optional
        Fractional bandwidth in the frequency domain (default 0.5).
    bwr : float, optional
        Reference level at which the bandwidth is measured (dB; default -6).
    tpr : float, optional
        Level of the time cutoff for 'cutoff' (dB; default -60).
    retquad : bool, optional
        Also return the quadrature (imaginary) part.
    retenv : bool, optional
        Also return the envelope.

    Returns
    -------
    yI : ndarray
        Real part of the signal, on the device (or the cutoff time, a float).
    yQ : ndarray
        Imaginary part, when `retquad`.
    yenv : ndarray
        Envelope, when `retenv`.

    Raises
    ------
    ValueError
        For a negative `fc`, non-positive `bw`, non-negative `bwr` or `tpr`,
        or a string other than 'cutoff'.

    See Also
    --------
    chirp

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> round(float(signal.gausspulse('cutoff', fc=1000, bw=0.5)), 8)
    0.0027813
    >>> signal.gausspulse(xp.array([0.0]), fc=5).tolist()
    [1.0]
    """
    if fc < 0:
        raise ValueError(f"Center frequency (fc={fc:.2f}) must be >=0.")
    if bw <= 0:
        raise ValueError(f"Fractional bandwidth (bw={bw:.2f}) must be > 0.")
    if bwr >= 0:
        raise ValueError(f"Reference level for bandwidth (bwr={bwr:.2f}) must be < 0 dB")
    ref = pow(10.0, bwr / 20.0)
    a = -(numpy.pi * fc * bw) ** 2 / (4.0 * numpy.log(ref))
    if isinstance(t, str):
        if t == "cutoff":
            if tpr >= 0:
                raise ValueError("Reference level for time cutoff must be < 0 dB")
            tref = pow(10.0, tpr / 20.0)
            return numpy.sqrt(-numpy.log(tref) / a)
        raise ValueError("If `t` is a string, it must be 'cutoff'")
    t = xp.asarray(t)
    envelope = xp.exp(-a * t * t)
    in_phase = envelope * xp.cos(2 * numpy.pi * fc * t)
    if not retquad and not retenv:
        return in_phase
    quadrature = envelope * xp.sin(2 * numpy.pi * fc * t)
    if not retquad:
        return in_phase, envelope
    if not retenv:
        return in_phase, quadrature
    return in_phase, quadrature, envelope


def _chirp_phase(t, f0, t1, f1, method, vertex_zero):
    f0, t1, f1 = float(f0), float(t1), float(f1)
    if method in ("linear", "lin", "li"):
        beta = (f1 - f0) / t1
        return 2 * numpy.pi * (f0 * t + 0.5 * beta * t * t)
    if method in ("quadratic", "quad", "q"):
        beta = (f1 - f0) / t1 ** 2
        if vertex_zero:
            return 2 * numpy.pi * (f0 * t + beta * t ** 3 / 3)
        return 2 * numpy.pi * (f1 * t + beta * ((t1 - t) ** 3 - t1 ** 3) / 3)
    if method in ("logarithmic", "log", "lo"):
        if f0 * f1 <= 0.0:
            raise ValueError("For a logarithmic chirp, f0 and f1 must be nonzero and have the same sign.")
        if f0 == f1:
            return 2 * numpy.pi * f0 * t
        beta = t1 / numpy.log(f1 / f0)
        return 2 * numpy.pi * beta * f0 * ((f1 / f0) ** (t / t1) - 1.0)
    if method in ("hyperbolic", "hyp"):
        if f0 == 0 or f1 == 0:
            raise ValueError("For a hyperbolic chirp, f0 and f1 must be nonzero.")
        if f0 == f1:
            return 2 * numpy.pi * f0 * t
        singular = -f1 * t1 / (f0 - f1)
        return 2 * numpy.pi * (-singular * f0) * xp.log(xp.abs(1 - t / singular))
    raise ValueError(f"method must be 'linear', 'quadratic', 'logarithmic', or 'hyperbolic', but a value of "
                     f"{method!r} was given.")


def chirp(t, f0, t1, f1, method="linear", phi=0, vertex_zero=True, *, complex=False):
    """Frequency-swept cosine generator.

    Parameters
    ----------
    t : array_like
        Times at which to evaluate the waveform.
    f0 : float
        Frequency at time t=0.
    t1 : float
        Time at which `f1` is specified.
    f1 : float
        Frequency at time `t1`.
    method : {'linear', 'quadratic', 'logarithmic', 'hyperbolic'}, optional
        Kind of frequency sweep (default 'linear').
    phi : float, optional
        Phase offset, in degrees (default 0).
    vertex_zero : bool, optional
        For 'quadratic': whether the parabola's vertex is at t=0.
    complex : bool, optional
        Return the complex exponential instead of the cosine.

    Returns
    -------
    y : ndarray
        The signal, on the device.

    Raises
    ------
    ValueError
        For an unknown method or frequencies the method cannot sweep.

    See Also
    --------
    sweep_poly, gausspulse

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> xp.asnumpy(signal.chirp(xp.array([0.0, 0.5, 1.0]), 1.0, 1.0, 2.0)).round(4).tolist()
    [1.0, -0.7071, -1.0]
    """
    t = xp.asarray(t)
    phase = _chirp_phase(t, f0, t1, f1, method, vertex_zero) + numpy.deg2rad(phi)
    return xp.exp(1j * phase) if complex else xp.cos(phase)


def sweep_poly(t, poly, phi=0):
    """Frequency-swept cosine generator, with a time-dependent frequency given by a polynomial.

    Parameters
    ----------
    t : ndarray
        Times at which to evaluate the waveform.
    poly : 1-D array_like or numpy.poly1d
        The instantaneous frequency as polynomial coefficients (highest
        power first).
    phi : float, optional
        Phase offset, in degrees (default 0).

    Returns
    -------
    sweep_poly : ndarray
        ``cos(2 pi integral(poly)(t) + phi)``, on the device.

    Notes
    -----
    The polynomial is integrated on the host (its coefficients are few) and
    evaluated on the device by Horner's rule.

    See Also
    --------
    chirp

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> xp.asnumpy(signal.sweep_poly(xp.array([0.0, 0.25, 0.5]), [1.0])).round(4).tolist()
    [1.0, 0.0, -1.0]
    """
    t = xp.asarray(t)
    integral = numpy.polyint(numpy.asarray(poly.coeffs if isinstance(poly, numpy.poly1d) else poly))
    value = xp.zeros(t.shape, dtype=numpy.result_type(t.dtype, integral.dtype))
    for c in integral:
        value = value * t + c
    return xp.cos(2 * numpy.pi * value + numpy.deg2rad(phi))


def unit_impulse(shape, idx=None, dtype=float):
    """Unit impulse signal (discrete delta function) or unit basis vector.

    Parameters
    ----------
    shape : int or tuple of int
        Number of samples in the output (1-D), or the shape of the output.
    idx : None or int or tuple of int or 'mid', optional
        Where the value is 1: the start (default), an index (for every
        dimension when an int), or the middle ('mid').
    dtype : data-type, optional
        The output's dtype (default float64).

    Returns
    -------
    y : ndarray
        The impulse, on the device.

    See Also
    --------
    lfilter

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.unit_impulse(5, 'mid').tolist()
    [0.0, 0.0, 1.0, 0.0, 0.0]
    >>> signal.unit_impulse((2, 3), 1).tolist()
    [[0.0, 0.0, 0.0], [0.0, 1.0, 0.0]]
    """
    out = xp.zeros(shape, dtype)
    dims = numpy.atleast_1d(shape)
    if idx is None:
        idx = (0,) * len(dims)
    elif isinstance(idx, str) and idx == "mid":
        idx = tuple(int(d) // 2 for d in dims)
    elif not hasattr(idx, "__iter__"):
        idx = (idx,) * len(dims)
    out[tuple(idx)] = 1
    return out


def max_len_seq(nbits, state=None, length=None, taps=None):
    """Maximum length sequence (MLS) generator.

    Parameters
    ----------
    nbits : int
        Number of bits of the shift register; the sequence is
        ``2**nbits - 1`` long.
    state : array_like, optional
        Initial state of the register (default all ones).
    length : int, optional
        Number of samples to compute (default ``2**nbits - 1``).
    taps : array_like, optional
        Polynomial taps (default SciPy's table for `nbits`).

    Returns
    -------
    seq : ndarray
        The sequence of 0s and 1s (int8), on the device.
    state : numpy.ndarray
        The final state of the register (host), to continue the sequence.

    Raises
    ------
    ValueError
        SciPy's, for `nbits` without default taps or a bad state.

    Notes
    -----
    A linear-feedback shift register is sequential: scipy.signal.max_len_seq
    runs on the host and the sequence is uploaded.

    See Also
    --------
    unit_impulse

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> seq, state = signal.max_len_seq(4)
    >>> seq.tolist()
    [1, 1, 1, 1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 0, 0]
    """
    seq, final = scipy_signal().max_len_seq(nbits, state=to_host(state), length=length, taps=to_host(taps))
    return xp.asarray(seq), final
