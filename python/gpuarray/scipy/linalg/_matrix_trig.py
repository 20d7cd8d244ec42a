# SPDX-License-Identifier: BSD-3-Clause
"""Trigonometric and hyperbolic matrix functions by SciPy's identities on
expm: cosm, sinm, tanm, coshm, sinhm, tanhm."""
import numpy

from gpuarray._logic.comparisons import allclose
from gpuarray.linalg import solve as numpy_solve
from gpuarray.scipy.linalg._expm import expm
from gpuarray.scipy.linalg._validation import validated

__all__ = ["cosm", "coshm", "sinhm", "sinm", "tanhm", "tanm"]


def _square(A):
    a = validated(A, check_finite=False)
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError("expected square array_like input")
    return a


def _maybe_real(a, b):
    """b's real part when a is real and b's imaginary part is negligible
    (1e3 eps for single precision, 1e6 eps for double), as SciPy; one read."""
    if a.dtype.kind != "c" and b.dtype.kind == "c":
        tol = 1e3 * numpy.finfo(numpy.float32).eps if b.dtype.char == "F" else 1e6 * numpy.finfo(numpy.float64).eps
        if bool(allclose(b.imag, 0.0, atol=tol)):
            return b.real.copy()
    return b


def cosm(A):
    """Compute the matrix cosine.

    Parameters
    ----------
    A : array_like
        Square matrices, shape ``(..., N, N)``.

    Returns
    -------
    cosm : ndarray
        ``cos(A)``: real for real `A`.

    Raises
    ------
    ValueError
        If the matrices are not square.

    Notes
    -----
    ``Re expm(1j A)`` for real `A`, ``(expm(1j A) + expm(-1j A)) / 2``
    otherwise, as SciPy; `expm` runs on the device.

    See Also
    --------
    sinm, tanm, expm

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import cosm, sinm
    >>> a = xp.array([[1., 2.], [-1., 3.]])
    >>> c, s = cosm(a), sinm(a)
    >>> xp.allclose(c @ c + s @ s, xp.eye(2))
    True
    >>> cosm(xp.zeros((2, 2)))
    array([[1., 0.],
           [0., 1.]])
    """
    a = _square(A)
    if a.dtype.kind == "c":
        return 0.5 * (expm(1j * a) + expm(-1j * a))
    return expm(1j * a).real.copy()


def sinm(A):
    """Compute the matrix sine.

    Parameters
    ----------
    A : array_like
        Square matrices, shape ``(..., N, N)``.

    Returns
    -------
    sinm : ndarray
        ``sin(A)``: real for real `A`.

    Raises
    ------
    ValueError
        If the matrices are not square.

    Notes
    -----
    ``Im expm(1j A)`` for real `A`, ``-0.5j (expm(1j A) - expm(-1j A))``
    otherwise, as SciPy.

    See Also
    --------
    cosm, tanm, expm

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import sinm
    >>> sinm(xp.zeros((2, 2)))
    array([[0., 0.],
           [0., 0.]])
    >>> sinm(xp.array([[xp.pi / 2]])).round(6)
    array([[1.]])
    """
    a = _square(A)
    if a.dtype.kind == "c":
        return -0.5j * (expm(1j * a) - expm(-1j * a))
    return expm(1j * a).imag.copy()


def tanm(A):
    """Compute the matrix tangent.

    Parameters
    ----------
    A : array_like
        Square matrices, shape ``(..., N, N)``.

    Returns
    -------
    tanm : ndarray
        ``cos(A)^-1 sin(A)``; real when `A` is real and the imaginary part
        is negligible.

    Raises
    ------
    ValueError
        If the matrices are not square.
    numpy.linalg.LinAlgError
        If ``cosm(A)`` is singular.

    Notes
    -----
    ``solve(cosm(A), sinm(A))``, as SciPy.

    See Also
    --------
    cosm, sinm, tanhm

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import cosm, sinm, tanm
    >>> a = xp.array([[1., 3.], [1., 4.]]) / 10
    >>> xp.allclose(tanm(a), xp.linalg.solve(cosm(a), sinm(a)))
    True
    >>> tanm(xp.zeros((3, 3))).shape
    (3, 3)
    """
    a = _square(A)
    return _maybe_real(a, numpy_solve(cosm(a), sinm(a)))


def coshm(A):
    """Compute the hyperbolic matrix cosine.

    Parameters
    ----------
    A : array_like
        Square matrices, shape ``(..., N, N)``.

    Returns
    -------
    coshm : ndarray
        ``(expm(A) + expm(-A)) / 2``.

    Raises
    ------
    ValueError
        If the matrices are not square.

    Notes
    -----
    Two `expm` calls on the device, as SciPy.

    See Also
    --------
    sinhm, tanhm, expm

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import coshm, sinhm
    >>> a = xp.array([[1., 3.], [1., 4.]])
    >>> c, s = coshm(a), sinhm(a)
    >>> xp.allclose(c @ c - s @ s, xp.eye(2))
    True
    >>> coshm(xp.zeros((2, 2)))
    array([[1., 0.],
           [0., 1.]])
    """
    a = _square(A)
    return _maybe_real(a, 0.5 * (expm(a) + expm(-a)))


def sinhm(A):
    """Compute the hyperbolic matrix sine.

    Parameters
    ----------
    A : array_like
        Square matrices, shape ``(..., N, N)``.

    Returns
    -------
    sinhm : ndarray
        ``(expm(A) - expm(-A)) / 2``.

    Raises
    ------
    ValueError
        If the matrices are not square.

    Notes
    -----
    Two `expm` calls on the device, as SciPy.

    See Also
    --------
    coshm, tanhm, expm

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import sinhm
    >>> sinhm(xp.zeros((2, 2)))
    array([[0., 0.],
           [0., 0.]])
    >>> sinhm(xp.array([[1.]])).round(6)
    array([[1.175201]])
    """
    a = _square(A)
    return _maybe_real(a, 0.5 * (expm(a) - expm(-a)))


def tanhm(A):
    """Compute the hyperbolic matrix tangent.

    Parameters
    ----------
    A : array_like
        Square matrices, shape ``(..., N, N)``.

    Returns
    -------
    tanhm : ndarray
        ``cosh(A)^-1 sinh(A)``.

    Raises
    ------
    ValueError
        If the matrices are not square.

    Notes
    -----
    ``solve(coshm(A), sinhm(A))``, as SciPy.

    See Also
    --------
    coshm, sinhm, tanm

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.linalg import tanhm
    >>> xp.allclose(tanhm(xp.zeros((2, 2))), 0)
    True
    >>> tanhm(xp.array([[1.]])).round(6)
    array([[0.761594]])
    """
    a = _square(A)
    return _maybe_real(a, numpy_solve(coshm(a), sinhm(a)))
