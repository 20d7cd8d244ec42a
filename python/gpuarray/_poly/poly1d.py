# SPDX-License-Identifier: BSD-3-Clause
"""numpy.poly1d over a device coefficient array, and the legacy polynomial
functions of _poly/polynomials.py made to take and give poly1d as NumPy's do.

NumPy's functions check ``isinstance(p, poly1d)`` inside; here the class
needs those functions (its arithmetic is polyadd, polymul, ...), so the
functions cannot know the class without an import cycle. Instead this module
wraps them: a poly1d argument is replaced by its coefficients, and when one
was given the result comes back as poly1d (each of polydiv's pair), which is
NumPy's rule. `gpuarray.polyadd` and its kin are these wrappers; their
docstrings are the wrapped functions'. roots, poly and polyfit need no
wrapper: a poly1d exports its coefficients through
``__cuda_array_interface__``, which every gpuarray function takes as an
array, as NumPy's take a poly1d through ``__array__``."""
import functools
import operator
import warnings

import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.from_shape import zeros
from gpuarray._array_creation.transfer import asnumpy
from gpuarray._array_manipulation.joining import concatenate
from gpuarray._core import ndarray
from gpuarray._poly import polynomial_linalg as _polynomial_linalg
from gpuarray._poly import polynomials as _polynomials

__all__ = ["poly1d", "polyadd", "polysub", "polymul", "polydiv", "polyder", "polyint", "polyval"]


def _coefficients(p):
    return p.coeffs if isinstance(p, poly1d) else p


def _keeping_poly1d(function):
    """`function` taking poly1d for coefficients, returning poly1d (each of a
    tuple) when any argument was one."""
    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        given_poly1d = any(isinstance(a, poly1d) for a in (*args, *kwargs.values()))
        result = function(*map(_coefficients, args), **{k: _coefficients(v) for k, v in kwargs.items()})
        if not given_poly1d:
            return result
        return tuple(map(poly1d, result)) if isinstance(result, tuple) else poly1d(result)
    return wrapper


polyadd = _keeping_poly1d(_polynomials.polyadd)
polysub = _keeping_poly1d(_polynomials.polysub)
polymul = _keeping_poly1d(_polynomials.polymul)
polydiv = _keeping_poly1d(_polynomials.polydiv)
polyder = _keeping_poly1d(_polynomials.polyder)
polyint = _keeping_poly1d(_polynomials.polyint)


@functools.wraps(_polynomials.polyval)
def polyval(p, x):
    p = _coefficients(p)
    if not isinstance(x, poly1d):
        return _polynomials.polyval(p, x)
    # NumPy's composition p(x(t)): Horner's rule in poly1d arithmetic.
    composed = 0
    for coefficient in asarray(p):
        composed = composed * x + coefficient
    return composed


_NO_IMPLICIT_CONVERSION = ("Implicit conversion of a gpuarray.poly1d to a NumPy array is not allowed: "
                           "use `p.coeffs.get()` to copy the coefficients to the host")


def _checked_on_host(c_or_r):
    """Host coefficients' shape error before anything is copied to the device."""
    if not isinstance(c_or_r, ndarray) and not hasattr(c_or_r, "__cuda_array_interface__"):
        if numpy.ndim(c_or_r) > 1:
            raise ValueError("Polynomial must be 1d only.")


class poly1d:
    """A one-dimensional polynomial class.

    NumPy's legacy polynomial class (numpy.poly1d) over a device array of
    coefficients, highest power first: arithmetic, calls, roots, derivatives
    and integrals run on the device; printing reads the coefficients back.

    Parameters
    ----------
    c_or_r : array_like or poly1d
        The coefficients, highest power first, or the roots when `r` is True
        (host data is copied to the device). Leading zeros are removed.
    r : bool, optional
        Whether `c_or_r` holds the roots; the polynomial is then the monic
        one with those roots (see `poly`).
    variable : str, optional
        The variable's name when printed (default ``'x'``).

    Attributes
    ----------
    coeffs, c, coef, coefficients : ndarray
        The coefficients on the device (in-place updates such as
        ``p.coeffs *= 2`` work; assigning another array raises
        AttributeError, as in NumPy).
    order, o : int
        The degree: ``len(coeffs) - 1``.
    roots, r : ndarray
        The roots, computed on each access (see `roots`).
    variable : str
        The printed variable's name.

    Raises
    ------
    ValueError
        If the coefficients have more than one dimension.

    Notes
    -----
    Differences from NumPy, all following from the coefficients living on
    the device:

    - Making a poly1d (every arithmetic result is one) reads back the
      position of its first nonzero coefficient: the array's length depends
      on it.
    - ``p[k]`` (a copy) and iterating give 0-d device arrays, also for
      powers beyond the degree (NumPy gives its scalars there). ``p == q`` reads the
      comparison back and gives a NumPy bool, as NumPy's.
    - ``numpy.asarray(p)`` raises TypeError, as for a device ndarray (use
      ``p.coeffs.get()``); ``gpuarray.asarray(p)`` is the coefficient
      array, through ``__cuda_array_interface__``. So is every gpuarray
      function's view of a poly1d argument: ``xp.roots(p)`` and
      ``device_array + p`` see the coefficients, as NumPy's see them
      through ``__array__``.
    - ``numpy_scalar + p`` (and ``-``, ``*``, ``/``) is NumPy's answer: the
      scalar's operator sees `p` as its coefficient array, so the result is
      that operation on the coefficients, a device array, not a poly1d.
      ``numpy_array + p`` raises TypeError, as ``numpy.asarray(p)`` does.
    - ``str(p)`` and ``repr(p)`` read the coefficients back; the text is
      NumPy's.

    See Also
    --------
    polyval, roots, poly, polyfit, gpuarray.polynomial.polynomial

    Examples
    --------
    >>> import gpuarray as xp
    >>> p = xp.poly1d([1, 2, 3])
    >>> p
    poly1d([1, 2, 3])
    >>> print(p)
       2
    1 x + 2 x + 3
    >>> p(0.5)
    array(4.25)
    >>> p * p
    poly1d([ 1,  4, 10, 12,  9])
    >>> (p ** 2) / p
    (poly1d([1., 2., 3.]), poly1d([0.]))
    >>> xp.poly1d([1, 2], r=True)
    poly1d([ 1., -3.,  2.])
    >>> p.deriv(), p.order, int(p[1])
    (poly1d([2, 2]), 2, 2)
    """

    __hash__ = None
    # NumPy's scalars and arrays then leave `numpy_scalar + p` to the
    # reflected operators below instead of calling __array__ (which raises).
    __array_ufunc__ = None

    def __init__(self, c_or_r, r=False, variable=None):
        if isinstance(c_or_r, poly1d):
            self._variable = c_or_r._variable
            self._coeffs = c_or_r._coeffs
            if set(c_or_r.__dict__) - set(self.__dict__):
                warnings.warn("In the future extra properties will not be copied across when constructing "
                              "one poly1d from another", FutureWarning, stacklevel=2)
                self.__dict__.update(c_or_r.__dict__)
            if variable is not None:
                self._variable = variable
            return
        _checked_on_host(c_or_r)
        if r:
            c_or_r = _polynomial_linalg.poly(c_or_r)
        self._coeffs = _polynomials._trimmed(c_or_r)
        self._variable = "x" if variable is None else variable

    # NumPy keeps the coefficients in __dict__['coeffs'] (SciPy reads them there).
    @property
    def _coeffs(self):
        return self.__dict__["coeffs"]

    @_coeffs.setter
    def _coeffs(self, coeffs):
        self.__dict__["coeffs"] = coeffs

    @property
    def coeffs(self):
        """The polynomial coefficients, highest power first (a device array)."""
        return self._coeffs

    @coeffs.setter
    def coeffs(self, value):
        # `p.coeffs *= 2` assigns the same array back: only that is allowed.
        if value is not self._coeffs:
            raise AttributeError("Cannot set attribute")

    @property
    def variable(self):
        """The name of the polynomial variable."""
        return self._variable

    @property
    def order(self):
        """The order or degree of the polynomial."""
        return len(self._coeffs) - 1

    @property
    def roots(self):
        """The roots of the polynomial, where self(x) == 0 (see `roots`)."""
        return _polynomial_linalg.roots(self._coeffs)

    r = roots
    c = coef = coefficients = coeffs
    o = order

    @property
    def __cuda_array_interface__(self):
        return self._coeffs.__cuda_array_interface__

    def __array__(self, t=None, copy=None):
        raise TypeError(_NO_IMPLICIT_CONVERSION)

    def _as_array_operand(self, other, operation):
        """`operation`(other, coefficients) when `other` is an array or a NumPy
        scalar, which see a poly1d as its coefficient array (NumPy's through
        __array__); None for anything else (a poly1d operand)."""
        if isinstance(other, numpy.ndarray):
            raise TypeError(_NO_IMPLICIT_CONVERSION)
        if isinstance(other, (numpy.generic, ndarray)):
            return operation(other, self._coeffs)
        return None

    def __repr__(self):
        text = repr(self._coeffs)  # "array([...])" or "array([...], dtype=...)"
        return f"poly1d({text[len('array('):-1]})"

    def __str__(self):
        return str(numpy.poly1d(asnumpy(self._coeffs), variable=self._variable))

    def __len__(self):
        return self.order

    def __call__(self, val):
        return polyval(self._coeffs, val)

    def __neg__(self):
        return poly1d(-self._coeffs)

    def __pos__(self):
        return self

    def __mul__(self, other):
        if numpy.isscalar(other):
            return poly1d(self._coeffs * other)
        return poly1d(polymul(self._coeffs, poly1d(other)._coeffs))

    def __rmul__(self, other):
        array = self._as_array_operand(other, operator.mul)
        if array is not None:
            return array
        if numpy.isscalar(other):
            return poly1d(other * self._coeffs)
        return poly1d(polymul(self._coeffs, poly1d(other)._coeffs))

    def __add__(self, other):
        return poly1d(polyadd(self._coeffs, poly1d(other)._coeffs))

    def __radd__(self, other):
        array = self._as_array_operand(other, operator.add)
        return array if array is not None else self.__add__(other)

    def __pow__(self, val):
        if not numpy.isscalar(val) or int(val) != val or val < 0:
            raise ValueError("Power to non-negative integers only.")
        product = [1]
        for _ in range(val):
            product = polymul(self._coeffs, product)
        return poly1d(product)

    def __sub__(self, other):
        return poly1d(polysub(self._coeffs, poly1d(other)._coeffs))

    def __rsub__(self, other):
        array = self._as_array_operand(other, operator.sub)
        if array is not None:
            return array
        return poly1d(polysub(poly1d(other)._coeffs, self._coeffs))

    def __truediv__(self, other):
        if numpy.isscalar(other):
            return poly1d(self._coeffs / other)
        return polydiv(self, poly1d(other))

    def __rtruediv__(self, other):
        array = self._as_array_operand(other, operator.truediv)
        if array is not None:
            return array
        if numpy.isscalar(other):
            return poly1d(other / self._coeffs)
        return polydiv(poly1d(other), self)

    def __eq__(self, other):
        if not isinstance(other, poly1d):
            return NotImplemented
        if self._coeffs.shape != other._coeffs.shape:
            return False
        return numpy.bool_(bool((self._coeffs == other._coeffs).all()))

    def __ne__(self, other):
        if not isinstance(other, poly1d):
            return NotImplemented
        return not self.__eq__(other)

    def __getitem__(self, val):
        if val > self.order or val < 0:
            return zeros((), self._coeffs.dtype)
        # A copy, as NumPy's scalar: `p[k] = v` afterwards must not change it.
        return self._coeffs[self.order - val].copy()

    def __setitem__(self, key, val):
        if key < 0:
            raise ValueError("Does not support negative powers.")
        if key > self.order:
            self._coeffs = concatenate((zeros(key - self.order, self._coeffs.dtype), self._coeffs))
        self._coeffs[self.order - key] = val

    def __iter__(self):
        return iter(self._coeffs)

    def integ(self, m=1, k=0):
        """Return an antiderivative (indefinite integral) of this polynomial.

        Parameters
        ----------
        m : int, optional
            Order of the antiderivative (default 1).
        k : list of `m` scalars or scalar, optional
            Integration constants (default 0).

        Returns
        -------
        poly1d
            ``poly1d(polyint(self.coeffs, m=m, k=k))``.

        See Also
        --------
        polyint : equivalent function

        Examples
        --------
        >>> import gpuarray as xp
        >>> xp.poly1d([3.0, 2.0, 1.0]).integ(k=5)
        poly1d([1., 1., 1., 5.])
        """
        return poly1d(polyint(self._coeffs, m=m, k=k))

    def deriv(self, m=1):
        """Return a derivative of this polynomial.

        Parameters
        ----------
        m : int, optional
            Order of the derivative (default 1).

        Returns
        -------
        poly1d
            ``poly1d(polyder(self.coeffs, m=m))``.

        See Also
        --------
        polyder : equivalent function

        Examples
        --------
        >>> import gpuarray as xp
        >>> xp.poly1d([1, 1, 1, 1]).deriv(2)
        poly1d([6, 2])
        """
        return poly1d(polyder(self._coeffs, m=m))
