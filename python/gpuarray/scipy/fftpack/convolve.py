# SPDX-License-Identifier: BSD-3-Clause
"""scipy.fftpack.convolve: convolution of periodic sequences through FFTPACK's
packed spectrum (Note [FFTPACK packed format]).

``convolve(x, omega)`` multiplies the packed spectrum of x by `omega` value
by value (exchanging each pair's real and imaginary parts afterwards with
`swap_real_imag`) and transforms back, unscaled; `init_convolution_kernel`
makes such an `omega` from a Python function of the wavenumber, on the host
(it calls the function n//2 + 1 times), and returns it on the device. The
transforms are cuFFT's; the packing is strided copies. Everything is
float64, as in SciPy."""
import numbers
import operator
import warnings

import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._array_creation.from_shape import empty
from gpuarray.fft import rfft as _numpy_rfft
from gpuarray.scipy.fft._arguments import host_or_device, to_device
from gpuarray.scipy.fft._r2r import _irfft_last_unscaled
from gpuarray.scipy.fftpack._packed import pack, swap_pairs, unpack

__all__ = ["convolve", "convolve_z", "init_convolution_kernel", "destroy_convolve_cache"]


def _checked(inout, *omegas):
    """The inputs as float64 device arrays, after SciPy's checks on the host
    metadata: complex parts dropped with NumPy's warning, 1-D, one length."""
    arrays = [host_or_device(value) for value in (inout,) + omegas]
    for a in arrays:
        if a.ndim != 1:
            raise ValueError(f"Buffer has wrong number of dimensions (expected 1, got {a.ndim})")
    if any(a.shape[0] != arrays[0].shape[0] for a in arrays[1:]):
        raise ValueError("inout and omega must be 1-dimensional arrays of the same length")
    if any(a.dtype.kind == "c" for a in arrays):
        warnings.warn("Casting complex values to real discards the imaginary part", numpy.exceptions.ComplexWarning,
                      stacklevel=3)
    arrays = [to_device(a.real if a.dtype.kind == "c" else a, numpy.float64) for a in arrays]
    return arrays[0], arrays[1:]


def _packed_spectrum(x):
    n = x.shape[0]
    return pack(_numpy_rfft(x), n, empty(n, numpy.float64))


def _unscaled_inverse(packed):
    return _irfft_last_unscaled(unpack(packed), packed.shape[0])


def convolve(inout, omega, swap_real_imag=False, overwrite_x=False):
    """y = convolve(x,omega,[swap_real_imag,overwrite_x])

    The packed spectrum of `x` (fftpack.rfft) times `omega` value by value,
    each (re, im) pair exchanged afterwards if `swap_real_imag`, transformed
    back without the ``1/n`` scale.

    Parameters
    ----------
    inout : array_like
        1-D input (float64; complex input loses its imaginary part, with
        NumPy's ComplexWarning, as in SciPy).
    omega : array_like
        1-D factors in packed order, as long as `inout`; typically from
        `init_convolution_kernel`, which folds in the ``1/n``.
    swap_real_imag : bool, optional
        Exchange the real and imaginary parts of each packed pair after the
        multiply (an odd derivative's factor of ``i``).
    overwrite_x : bool, optional
        Accepted; gpuarray never writes to `inout`.

    Returns
    -------
    y : ndarray
        float64, the length of `inout`.

    Raises
    ------
    ValueError
        If an input is not 1-D or the lengths differ.

    See Also
    --------
    convolve_z, init_convolution_kernel

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.fftpack import convolve
    >>> omega = convolve.init_convolution_kernel(4, lambda k: 1.0)
    >>> xp.allclose(convolve.convolve(xp.arange(4.0), omega), xp.arange(4.0))
    True
    >>> convolve.convolve(xp.arange(2.0), xp.array([3.0, 2.0]), swap_real_imag=True)
    array([1., 5.])
    """
    x, (w,) = _checked(inout, omega)
    if x.shape[0] == 0:
        return x
    product = _packed_spectrum(x)
    product *= w
    if swap_real_imag:
        product = swap_pairs(product)
    return _unscaled_inverse(product)


def convolve_z(inout, omega_real, omega_imag, overwrite_x=False):
    """y = convolve_z(x,omega_real,omega_imag,[overwrite_x])

    The packed spectrum of `x` times ``omega_real``, plus the packed spectrum
    times ``omega_imag`` with each pair exchanged, transformed back unscaled:
    a complex factor ``omega_real + i omega_imag`` per wavenumber when both
    come from `init_convolution_kernel` (d=0 and d=1).

    Parameters
    ----------
    inout : array_like
        1-D input (float64).
    omega_real : array_like
        1-D factors in packed order, as long as `inout`.
    omega_imag : array_like
        1-D factors in packed order, as long as `inout`.
    overwrite_x : bool, optional
        Accepted; gpuarray never writes to `inout`.

    Returns
    -------
    y : ndarray
        float64, the length of `inout`.

    Raises
    ------
    ValueError
        If an input is not 1-D or the lengths differ.

    Notes
    -----
    SciPy's own convolve_z reads past the end of an empty input; here an
    empty input gives an empty result.

    See Also
    --------
    convolve

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.fftpack import convolve
    >>> re = convolve.init_convolution_kernel(4, lambda k: 1.0, d=0, zero_nyquist=0)
    >>> im = convolve.init_convolution_kernel(4, lambda k: 0.0, d=1, zero_nyquist=0)
    >>> xp.allclose(convolve.convolve_z(xp.arange(4.0), re, im), xp.arange(4.0))
    True
    >>> convolve.convolve_z(xp.ones(3), xp.ones(3), xp.zeros(3)).shape
    (3,)
    """
    x, (wr, wi) = _checked(inout, omega_real, omega_imag)
    if x.shape[0] == 0:
        return x
    spectrum = _packed_spectrum(x)
    combined = spectrum * wr
    combined += swap_pairs(spectrum * wi)
    return _unscaled_inverse(combined)


def init_convolution_kernel(n, kernel_func, d=0, zero_nyquist=None, kernel_func_extra_args=()):
    """omega = init_convolution_kernel(n,kernel_func,[d,zero_nyquist,kernel_func_extra_args])

    The packed factors of a convolution: ``kernel_func(k)`` at each
    wavenumber, times ``i^d`` (as a pair) and ``1/n``.

    Parameters
    ----------
    n : int
        Length of the sequences.
    kernel_func : callable
        ``kernel_func(k, *kernel_func_extra_args)``, a real number for each
        wavenumber k = 0 .. n//2; called on the host, k = 0 first.
    d : int, optional
        The power of ``i`` (default 0), taken modulo 4.
    zero_nyquist : bool, optional
        For even `n`, whether the Nyquist factor is zero (default: `d` odd).
    kernel_func_extra_args : tuple, optional
        Extra arguments of `kernel_func`.

    Returns
    -------
    omega : ndarray
        float64, of length `n`, on the device.

    Raises
    ------
    ZeroDivisionError
        If `n` is zero.
    OverflowError
        If `n` is negative.
    TypeError
        If `d` is not an integer, `kernel_func_extra_args` not a tuple, or
        `kernel_func` returns something that is not a real number.

    Notes
    -----
    SciPy returns a NumPy array; this returns a device array, which
    `convolve` takes without a copy.

    See Also
    --------
    convolve

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.fftpack import convolve
    >>> convolve.init_convolution_kernel(4, lambda k: k)
    array([0.  , 0.25, 0.25, 0.5 ])
    >>> convolve.init_convolution_kernel(5, lambda k, a: k * a, d=1, kernel_func_extra_args=(2.0,))
    array([ 0. ,  0.4, -0.4,  0.8, -0.8])
    """
    if isinstance(n, float) and n.is_integer():
        n = int(n)  # SciPy's size_t argument takes whole floats
    n = operator.index(n)
    if n < 0:
        raise OverflowError("can't convert negative value to size_t")
    if not isinstance(d, numbers.Integral):
        raise TypeError("an integer is required")
    if not isinstance(kernel_func_extra_args, tuple):
        raise TypeError(f"Argument 'kernel_func_extra_args' has incorrect type (expected tuple, got "
                        f"{type(kernel_func_extra_args).__name__})")
    if zero_nyquist is None:
        zero_nyquist = d % 2 != 0
    omega = numpy.empty(n, numpy.float64)
    first = _real(kernel_func(0, *kernel_func_extra_args))
    if n == 0:
        raise ZeroDivisionError("float division")
    omega[0] = first / n
    d %= 4
    scale_real = 1.0 / n if d in (0, 1) else -1.0 / n
    scale_imag = 1.0 / n if d in (0, 3) else -1.0 / n
    last = n if n % 2 else n - 1
    for k, j in enumerate(range(1, last, 2), start=1):
        value = _real(kernel_func(k, *kernel_func_extra_args))
        omega[j] = scale_real * value
        omega[j + 1] = scale_imag * value
    if n % 2 == 0:
        omega[n - 1] = 0.0 if zero_nyquist else scale_real * _real(kernel_func(n // 2, *kernel_func_extra_args))
    return asarray(omega)


def _real(value):
    """`value` as a float, with SciPy's TypeError for what is not a real number."""
    if not (hasattr(value, "__float__") or hasattr(value, "__index__")) or isinstance(value, complex):
        raise TypeError(f"must be real number, not {type(value).__name__}")
    return float(value)


def destroy_convolve_cache():
    """Do nothing: no cache is kept (SciPy's is a no-op too).

    Parameters
    ----------

    Returns
    -------
    None

    See Also
    --------
    init_convolution_kernel

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy.fftpack import convolve
    >>> convolve.destroy_convolve_cache()
    >>> convolve.init_convolution_kernel(2, lambda k: 1.0).shape
    (2,)
    """
