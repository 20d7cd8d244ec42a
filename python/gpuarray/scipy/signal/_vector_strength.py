# SPDX-License-Identifier: BSD-3-Clause
"""vectorstrength: how well event times lock to a period, the magnitude
and angle of the mean unit vector ``exp(2 pi i t / period)``, on the device
(a periods x events table of phases, reduced along the events)."""
import numpy

from gpuarray.scipy.signal import _array_ops as xp

__all__ = ["vectorstrength"]


def vectorstrength(events, period):
    """Determine the vector strength of the events corresponding to the given period.

    Parameters
    ----------
    events : 1D array_like
        Time points of the events.
    period : float or array_like
        The period (or a 1-D array of periods) the events are tested against,
        in the units of `events`.

    Returns
    -------
    strength : float or ndarray
        The strength of the synchronization, from 0 (none) to 1 (perfect);
        one per period.
    phase : float or ndarray
        The phase the events are most strongly synchronized to, in radians.

    Raises
    ------
    ValueError
        For inputs of more than one dimension or non-positive periods.

    Notes
    -----
    The table of phases holds periods x events values on the device; the
    check of the periods reads one boolean back.

    See Also
    --------
    lombscargle

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> s, p = signal.vectorstrength(xp.array([0.0, 1.0, 2.0, 3.0]), 1.0)
    >>> round(float(s), 6)
    1.0
    >>> s, p = signal.vectorstrength(xp.array([0.0, 0.5]), 1.0)
    >>> round(float(s), 6)
    0.0
    """
    events = xp.asarray(events)
    period = xp.asarray(period)
    if period.dtype.kind in "iub":
        period = period.astype(numpy.float64)
    if events.ndim > 1:
        raise ValueError("events cannot have dimensions more than 1")
    if period.ndim > 1:
        raise ValueError("period cannot have dimensions more than 1")
    scalar = period.ndim == 0
    events = events.reshape(1, -1)
    period = period.reshape(1, -1)
    if bool(xp.any(period <= 0)):
        raise ValueError("periods must be positive")
    vectors = xp.exp(2j * xp.matmul((numpy.pi / period).T, events.astype(period.dtype)))
    mean = xp.mean(vectors, axis=1)
    strength, phase = xp.abs(mean), xp.angle(mean)
    if scalar:
        return strength[0], phase[0]
    return strength, phase
