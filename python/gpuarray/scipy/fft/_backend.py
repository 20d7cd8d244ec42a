# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.scipy.fft as a SciPy backend (SciPy's uarray protocol), and
scipy.fft's four backend functions.

SciPy's transforms (scipy.fft.fft, dct, fht, ...) are uarray multimethods of
the domain "numpy.scipy.fft": inside ``scipy.fft.set_backend(
gpuarray.scipy.fft)`` SciPy hands each call to `__ua_function__` below,
which runs the function of the same name here. `__ua_convert__` accepts
device arrays; host arrays only when the backend was set with
``coerce=True`` (they are then copied to the device), otherwise it declines
and SciPy's next backend (its own, by default) computes on the host.

The backend functions are SciPy's, called through on first use (SciPy is
not imported before); they take the string "gpuarray" for this backend as
well as SciPy's "scipy"."""
import sys

import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._core import ndarray
from gpuarray.scipy.fft import _basic, _basic_nd, _fftlog, _hermitian_nd, _realtransforms, _realtransforms_nd

__all__ = ["set_backend", "skip_backend", "set_global_backend", "register_backend"]

__ua_domain__ = "numpy.scipy.fft"

# SciPy's multimethods are named as these functions.
_IMPLEMENTATIONS = {name: getattr(module, name)
                    for module in (_basic, _basic_nd, _hermitian_nd, _realtransforms, _realtransforms_nd, _fftlog)
                    for name in module.__all__}


def __ua_function__(method, args, kwargs):
    """Run the gpuarray function named as SciPy's multimethod `method`."""
    implementation = _IMPLEMENTATIONS.get(getattr(method, "__name__", None))
    if implementation is None:
        return NotImplemented
    return implementation(*args, **kwargs)


def __ua_convert__(dispatchables, coerce):
    """The array arguments as device arrays, or NotImplemented to let the next
    backend take the call: host data is copied to the device only with coerce."""
    converted = []
    for dispatchable in dispatchables:
        value = dispatchable.value
        if dispatchable.type is not numpy.ndarray or isinstance(value, ndarray):
            converted.append(value)
        elif coerce and dispatchable.coercible:
            try:
                converted.append(asarray(value))
            except (TypeError, ValueError):
                return NotImplemented
        else:
            return NotImplemented
    return converted


def _scipy_fft():
    try:
        import scipy.fft
    except ImportError as error:
        raise ImportError("the backend functions of gpuarray.scipy.fft are SciPy's: install scipy") from error
    return scipy.fft


def _backend(backend):
    """'gpuarray' names this package; anything else goes to SciPy as given."""
    if isinstance(backend, str) and backend == "gpuarray":
        return sys.modules[__package__]
    return backend


def set_backend(backend, coerce=False, only=False):
    """Context manager to set the backend of SciPy's FFT functions within a scope.

    Inside the ``with`` block, the given backend is tried first by
    ``scipy.fft``'s transforms; on exit the previous state returns.

    Parameters
    ----------
    backend : {object, 'gpuarray', 'scipy'}
        The backend: an object of the uarray protocol (the module
        ``gpuarray.scipy.fft`` itself, for instance), "gpuarray" for that
        module, or "scipy" for SciPy's own.
    coerce : bool, optional
        Whether to allow expensive conversions of `x`: with the gpuarray
        backend, host arrays are then copied to the device (and the results
        stay there). Implies `only`.
    only : bool, optional
        If True and the backend declines (returns NotImplemented), raise
        ``BackendNotImplementedError`` at once instead of trying the others.

    Returns
    -------
    context : contextmanager
        SciPy's (uarray's) context manager.

    Raises
    ------
    ValueError
        If `backend` does not implement "numpy.scipy.fft" (SciPy's check).
    ImportError
        If SciPy is not installed.

    Notes
    -----
    Calls ``scipy.fft.set_backend``. Without `coerce`, host arrays are
    declined by the gpuarray backend and computed by SciPy.

    See Also
    --------
    skip_backend, set_global_backend, register_backend
    scipy.fft.set_backend : The function called.

    Examples
    --------
    >>> import gpuarray as xp
    >>> import scipy.fft
    >>> from gpuarray.scipy import fft
    >>> with fft.set_backend(fft):
    ...     y = scipy.fft.dct(xp.arange(8.0))
    >>> type(y) is xp.ndarray
    True
    >>> with fft.set_backend("gpuarray", coerce=True):
    ...     z = scipy.fft.fft([1.0, 2.0, 3.0])
    >>> type(z) is xp.ndarray
    True
    """
    return _scipy_fft().set_backend(_backend(backend), coerce=coerce, only=only)


def skip_backend(backend):
    """Context manager to skip a backend of SciPy's FFT functions within a scope.

    Parameters
    ----------
    backend : {object, 'gpuarray', 'scipy'}
        The backend to skip (see `set_backend`).

    Returns
    -------
    context : contextmanager
        SciPy's (uarray's) context manager.

    Raises
    ------
    ValueError
        If `backend` does not implement "numpy.scipy.fft".
    ImportError
        If SciPy is not installed.

    Notes
    -----
    Calls ``scipy.fft.skip_backend``; the skipped backend is not called
    inside the block, whether set locally, globally or registered.

    See Also
    --------
    set_backend
    scipy.fft.skip_backend : The function called.

    Examples
    --------
    >>> import gpuarray as xp
    >>> import numpy, scipy.fft
    >>> from gpuarray.scipy import fft
    >>> with fft.set_backend(fft, coerce=True), fft.skip_backend(fft):
    ...     y = scipy.fft.fft(numpy.ones(4))
    >>> type(y) is numpy.ndarray
    True
    """
    return _scipy_fft().skip_backend(_backend(backend))


def set_global_backend(backend, coerce=False, only=False, try_last=False):
    """Set the global backend of SciPy's FFT functions.

    It is tried by every ``scipy.fft`` transform outside `set_backend`
    blocks, before the registered backends unless `try_last`.

    Parameters
    ----------
    backend : {object, 'gpuarray', 'scipy'}
        The backend (see `set_backend`).
    coerce : bool, optional
        Whether to coerce input types when trying this backend.
    only : bool, optional
        If True, no more backends are tried when this one declines.
    try_last : bool, optional
        If True, the global backend is tried after the registered ones.

    Returns
    -------
    None

    Raises
    ------
    ValueError
        If `backend` does not implement "numpy.scipy.fft".
    ImportError
        If SciPy is not installed.

    Notes
    -----
    Calls ``scipy.fft.set_global_backend``, which replaces the previous
    global backend: SciPy's own, tried last, until then
    (``set_global_backend("scipy", try_last=True)`` restores it). With
    gpuarray global, host arrays find no backend (gpuarray declines them)
    unless SciPy's is registered: ``register_backend("scipy")``.

    See Also
    --------
    set_backend, register_backend

    Examples
    --------
    >>> import gpuarray as xp
    >>> import scipy.fft
    >>> from gpuarray.scipy import fft
    >>> fft.set_global_backend("gpuarray")
    >>> type(scipy.fft.idct(xp.ones(4))) is xp.ndarray
    True
    >>> fft.set_global_backend("scipy", try_last=True)
    """
    _scipy_fft().set_global_backend(_backend(backend), coerce=coerce, only=only, try_last=try_last)


def register_backend(backend):
    """Register a backend of SciPy's FFT functions for permanent use.

    Registered backends are tried after the global one (unless it was set
    with ``try_last``, as SciPy's own is) and after `set_backend` blocks.

    Parameters
    ----------
    backend : {object, 'gpuarray', 'scipy'}
        The backend (see `set_backend`).

    Returns
    -------
    None

    Raises
    ------
    ValueError
        If `backend` does not implement "numpy.scipy.fft".
    ImportError
        If SciPy is not installed.

    Notes
    -----
    Calls ``scipy.fft.register_backend``. With the gpuarray backend
    registered, SciPy's transforms of device arrays run on the GPU
    everywhere, and those of host arrays still run in SciPy (the backend
    declines them).

    See Also
    --------
    set_global_backend, set_backend

    Examples
    --------
    >>> import gpuarray as xp
    >>> import numpy, scipy.fft
    >>> from gpuarray.scipy import fft
    >>> fft.register_backend(fft)
    >>> type(scipy.fft.rfft(xp.ones(8))) is xp.ndarray
    True
    >>> type(scipy.fft.rfft(numpy.ones(8))) is numpy.ndarray
    True
    """
    _scipy_fft().register_backend(_backend(backend))
