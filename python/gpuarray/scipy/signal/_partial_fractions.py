# SPDX-License-Identifier: BSD-3-Clause
"""Partial-fraction expansions (residue, residuez), their inverses (invres,
invresz) and unique_roots: SciPy's own on the host (polynomial roots and
division on a few coefficients); results are NumPy arrays, as SciPy
returns them."""
from gpuarray.scipy.signal._host_scipy import scipy_signal, to_host

__all__ = ["residue", "residuez", "invres", "invresz", "unique_roots"]


def residue(b, a, tol=0.001, rtype='avg'):
    """Compute partial-fraction expansion of b(s) / a(s).

    Parameters
    ----------
    b : array_like
        Numerator polynomial coefficients.
    a : array_like
        Denominator polynomial coefficients.
    tol : float, optional
        Distance below which roots count as equal.
    rtype : {'avg', 'min', 'max'}, optional
        How a group of close roots is represented.

    Returns
    -------
    r : numpy.ndarray
        Residues.
    p : numpy.ndarray
        Poles.
    k : numpy.ndarray
        Coefficients of the direct polynomial term.

    Notes
    -----
    scipy.signal.residue on the host (polynomial roots of a few coefficients).

    See Also
    --------
    invres, residuez

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> r, p, k = signal.residue([1.0, 2.0], [1.0, 3.0, 2.0])
    >>> abs(r).tolist(), p.tolist()
    ([1.0, 0.0], [-1.0, -2.0])
    """
    return scipy_signal().residue(to_host(b), to_host(a), tol=tol, rtype=rtype)


def residuez(b, a, tol=0.001, rtype='avg'):
    """Compute partial-fraction expansion of b(z) / a(z).

    Parameters
    ----------
    b : array_like
        Numerator polynomial coefficients (in z**-1).
    a : array_like
        Denominator polynomial coefficients.
    tol : float, optional
        Distance below which roots count as equal.
    rtype : {'avg', 'min', 'max'}, optional
        How a group of close roots is represented.

    Returns
    -------
    r : numpy.ndarray
        Residues.
    p : numpy.ndarray
        Poles.
    k : numpy.ndarray
        Coefficients of the direct polynomial term.

    Notes
    -----
    scipy.signal.residuez on the host (polynomial roots of a few coefficients).

    See Also
    --------
    invresz, residue

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> r, p, k = signal.residuez([1.0, 2.0], [1.0, 3.0, 2.0])
    >>> r.tolist()
    [1.0, 0.0]
    """
    return scipy_signal().residuez(to_host(b), to_host(a), tol=tol, rtype=rtype)


def invres(r, p, k, tol=0.001, rtype='avg'):
    """Compute b(s) and a(s) from partial fraction expansion.

    Parameters
    ----------
    r : array_like
        Residues.
    p : array_like
        Poles.
    k : array_like
        Coefficients of the direct polynomial term.
    tol : float, optional
        Distance below which poles count as equal.
    rtype : {'avg', 'min', 'max'}, optional
        How a group of close poles is represented.

    Returns
    -------
    b : numpy.ndarray
        Numerator polynomial coefficients.
    a : numpy.ndarray
        Denominator polynomial coefficients.

    Notes
    -----
    scipy.signal.invres on the host (polynomial roots of a few coefficients).

    See Also
    --------
    residue, invresz

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> b, a = signal.invres([-1.0, 2.0], [-1.0, -2.0], [])
    >>> b.tolist(), a.tolist()
    ([1.0, 0.0], [1.0, 3.0, 2.0])
    """
    return scipy_signal().invres(to_host(r), to_host(p), to_host(k), tol=tol, rtype=rtype)


def invresz(r, p, k, tol=0.001, rtype='avg'):
    """Compute b(z) and a(z) from partial fraction expansion.

    Parameters
    ----------
    r : array_like
        Residues.
    p : array_like
        Poles.
    k : array_like
        Coefficients of the direct polynomial term.
    tol : float, optional
        Distance below which poles count as equal.
    rtype : {'avg', 'min', 'max'}, optional
        How a group of close poles is represented.

    Returns
    -------
    b : numpy.ndarray
        Numerator polynomial coefficients.
    a : numpy.ndarray
        Denominator polynomial coefficients.

    Notes
    -----
    scipy.signal.invresz on the host (polynomial roots of a few coefficients).

    See Also
    --------
    residuez, invres

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> b, a = signal.invresz([1.0, 0.0], [-1.0, -2.0], [])
    >>> a.tolist()
    [1.0, 3.0, 2.0]
    """
    return scipy_signal().invresz(to_host(r), to_host(p), to_host(k), tol=tol, rtype=rtype)


def unique_roots(p, tol=0.001, rtype='min'):
    """Determine unique roots and their multiplicities from a list of roots.

    Parameters
    ----------
    p : array_like
        The list of roots.
    tol : float, optional
        Distance below which roots count as equal.
    rtype : {'max', 'min', 'avg'}, optional
        How a group of close roots is represented.

    Returns
    -------
    unique : numpy.ndarray
        The distinct roots.
    multiplicity : numpy.ndarray
        How often each occurs.

    Notes
    -----
    scipy.signal.unique_roots on the host (polynomial roots of a few coefficients).

    See Also
    --------
    residue

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> unique, multiplicity = signal.unique_roots([1.0, 1.0, 2.0])
    >>> unique.tolist(), multiplicity.tolist()
    ([1.0, 2.0], [2, 1])
    """
    return scipy_signal().unique_roots(to_host(p), tol=tol, rtype=rtype)
