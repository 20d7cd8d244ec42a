# SPDX-License-Identifier: BSD-3-Clause
"""convolve2d and correlate2d: 2-D convolution with SciPy's boundaries
(zero/constant fill, periodic wrap, symmetric reflection), by the direct
sum or the FFT, whichever the cost model of Note [Convolution cost model]
says is faster (SciPy always sums directly, on the CPU).

The boundary is applied by extending the image (gpuarray.pad: constant,
wrap or symmetric) just as far as the kept outputs reach, then taking the
'valid' convolution of the extension. With boundary='wrap' and a kernel no
larger than the image the FFT path needs no extension at all: the
periodic convolution is exactly a circular one at the image's own size,
and every output of any mode is one of its values (taken with an index
gather). That makes 4096² by 31² with 'wrap' three 4096² transforms."""
import numpy

from gpuarray.scipy.signal import _array_ops as xp
from gpuarray.scipy.signal._conv_core import (
    direct_convolve, direct_seconds, fft_convolve, fft_seconds, inputs_swap_needed,
)

__all__ = ["convolve2d", "correlate2d"]

_BOUNDARIES = {"fill": "constant", "pad": "constant", "wrap": "wrap", "circular": "wrap", "symm": "symmetric",
               "symmetric": "symmetric"}


def _checked(in1, in2, mode, boundary, fillvalue, name):
    in1, in2 = xp.asarray(in1), xp.asarray(in2)
    if not in1.ndim == in2.ndim == 2:
        raise ValueError(f"{name} inputs must both be 2-D arrays")
    if mode not in ("full", "same", "valid"):
        raise ValueError("Acceptable mode flags are 'valid', 'same', or 'full'.")
    if boundary not in _BOUNDARIES:
        raise ValueError("Acceptable boundary flags are 'fill', 'circular' (or 'wrap'), and 'symmetric' "
                         "(or 'symm').")
    fill = numpy.asarray(fillvalue)
    if fill.size != 1:
        raise ValueError("`fillvalue` must be scalar or an array with one element.")
    dtype = numpy.result_type(in1.dtype, in2.dtype)
    if dtype.kind not in "uifc":
        raise ValueError(f"{name} not available for this type.")
    fill = complex(fill.reshape(-1)[0])
    if dtype.kind != "c":
        if fill.imag != 0:
            raise ValueError("could not cast `fillvalue` directly to the output type (it was first converted "
                             "to complex).")
        fill = fill.real
    return in1, in2, dtype, fill


def _region(s1, s2, mode, same_start):
    """(start, length) per axis of the kept outputs, as indices of the full convolution."""
    if mode == "full":
        return [0, 0], [a + b - 1 for a, b in zip(s1, s2)]
    if mode == "same":
        return list(same_start), list(s1)
    return [b - 1 for b in s2], [a - b + 1 for a, b in zip(s1, s2)]


def _use_fft(s_image, s_kernel, length, dtype):
    if dtype.kind in "b" or dtype.kind not in "uifc":
        return False
    itemsize = numpy.result_type(dtype, numpy.float32).itemsize
    padded = [n + k - 1 for n, k in zip(length, s_kernel)]
    return fft_seconds(padded, s_kernel, itemsize, dtype.kind == "c") < direct_seconds(
        padded, s_kernel, itemsize, "valid")


def _circular(image, kernel, start, length):
    """The periodic convolution's outputs start .. start + length (full-convolution indices):
    a circular convolution at the image's size, then a gather of its rows and columns."""
    m, n = image.shape
    complex_ = image.dtype.kind == "c" or kernel.dtype.kind == "c"
    if complex_:
        c = xp.ifftn(xp.fftn(image, (m, n)) * xp.fftn(kernel, (m, n)), (m, n))
    else:
        c = xp.irfftn(xp.rfftn(image, (m, n)) * xp.rfftn(kernel, (m, n)), (m, n))
    rows = xp.asarray((start[0] + numpy.arange(length[0])) % m)
    cols = xp.asarray((start[1] + numpy.arange(length[1])) % n)
    return xp.take(xp.take(c, rows, axis=0), cols, axis=1)


def _boundary_convolve(image, kernel, mode, boundary, fill, dtype, same_start):
    """convolve2d's result for an image at least as large as the kernel in 'valid' mode."""
    s1, s2 = image.shape, kernel.shape
    start, length = _region(s1, s2, mode, same_start)
    if 0 in length or 0 in s1 or 0 in s2:
        return xp.zeros(tuple(max(v, 0) for v in length), dtype=dtype)
    pad_mode = _BOUNDARIES[boundary]
    use_fft = _use_fft(s1, s2, length, dtype)
    if use_fft and dtype.kind in "ui":
        peak = int(xp.max(xp.abs(image))) * int(xp.max(xp.abs(kernel))) * min(image.size, kernel.size)
        use_fft = peak <= 2 ** 52 - 1
    if use_fft and pad_mode == "wrap" and s2[0] <= s1[0] and s2[1] <= s1[1]:
        out = _circular(image, kernel, start, length)
    else:
        # the image extended as far as outputs start .. start + length reach: indices start - (k - 1) ..
        widths = [(k - 1 - st, st + ln - n) for k, st, ln, n in zip(s2, start, length, s1)]
        if pad_mode == "constant":
            extended = xp.pad(image.astype(dtype, copy=False), widths, mode="constant", constant_values=fill)
        else:
            extended = xp.pad(image, widths, mode=pad_mode)
        if not use_fft:
            return direct_convolve(extended, kernel, "valid")
        full_shape = [a + b - 1 for a, b in zip(extended.shape, s2)]
        full = fft_convolve(extended, kernel, [0, 1], full_shape)
        out = full[s2[0] - 1:extended.shape[0], s2[1] - 1:extended.shape[1]]
    if dtype.kind in "ui":
        out = xp.around(out)
    return out.astype(dtype)


def convolve2d(in1, in2, mode="full", boundary="fill", fillvalue=0):
    """Convolve two 2-dimensional arrays, with a boundary condition.

    Parameters
    ----------
    in1 : array_like
        First input, 2-D.
    in2 : array_like
        Second input, 2-D.
    mode : {'full', 'valid', 'same'}, optional
        The full convolution (default), the outputs that need no boundary
        ('valid'), or the centre part the size of `in1` ('same').
    boundary : {'fill', 'wrap', 'symm'}, optional
        How `in1` extends past its edges: `fillvalue` ('fill', default, also
        'pad'), periodically ('wrap' or 'circular') or mirrored with the edge
        repeated ('symm' or 'symmetric').
    fillvalue : scalar, optional
        The value outside `in1` for 'fill' (default 0).

    Returns
    -------
    out : ndarray
        The convolution in the inputs' common dtype, on the device.

    Raises
    ------
    ValueError
        For inputs that are not 2-D, a bad mode or boundary, a `fillvalue`
        with more than one element or a complex one for a real result, or
        'valid' where neither input is as large as the other.

    Notes
    -----
    SciPy always sums directly; here the FFT is used where the cost model of
    `choose_conv_method` finds it faster (integers only when the products
    fit float64's mantissa, and rounded back), so floating results agree
    with SciPy's to about eps times the norms of the inputs. With
    ``boundary='wrap'`` the FFT is circular at `in1`'s own size.

    See Also
    --------
    correlate2d, convolve

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.convolve2d(xp.ones((2, 2)), xp.ones((2, 2))).tolist()
    [[1.0, 2.0, 1.0], [2.0, 4.0, 2.0], [1.0, 2.0, 1.0]]
    >>> signal.convolve2d(xp.ones((2, 2)), xp.ones((2, 2)), boundary='wrap').tolist()
    [[4.0, 4.0, 4.0], [4.0, 4.0, 4.0], [4.0, 4.0, 4.0]]
    """
    in1, in2, dtype, fill = _checked(in1, in2, mode, boundary, fillvalue, "convolve2d")
    if inputs_swap_needed(mode, in1.shape, in2.shape):
        in1, in2 = in2, in1
    same_start = [(k - 1) // 2 for k in in2.shape]
    return _boundary_convolve(in1, in2, mode, boundary, fill, dtype, same_start)


def correlate2d(in1, in2, mode="full", boundary="fill", fillvalue=0):
    """Cross-correlate two 2-dimensional arrays, with a boundary condition.

    Parameters
    ----------
    in1 : array_like
        First input, 2-D.
    in2 : array_like
        Second input, 2-D.
    mode : {'full', 'valid', 'same'}, optional
        As in `convolve2d`.
    boundary : {'fill', 'wrap', 'symm'}, optional
        As in `convolve2d`.
    fillvalue : scalar, optional
        The value outside `in1` for 'fill' (default 0).

    Returns
    -------
    out : ndarray
        The correlation in the inputs' common dtype, on the device.

    Raises
    ------
    ValueError
        As `convolve2d`.

    Notes
    -----
    The convolution with `in2` reversed and conjugated; 'same' keeps the
    outputs SciPy's correlate2d keeps (for an even kernel length they are
    one lag later than those of `correlate`'s 'same'). Methods as in
    `convolve2d`.

    See Also
    --------
    convolve2d, correlate

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> signal.correlate2d(xp.array([[1.0, 2.0], [3.0, 4.0]]), xp.array([[1.0, 0.0]])).tolist()
    [[0.0, 1.0, 2.0], [0.0, 3.0, 4.0]]
    >>> signal.correlate2d(xp.ones((3, 3)), xp.ones((2, 2)), mode='valid').tolist()
    [[4.0, 4.0], [4.0, 4.0]]
    """
    in1, in2, dtype, fill = _checked(in1, in2, mode, boundary, fillvalue, "correlate2d")
    swapped = inputs_swap_needed(mode, in1.shape, in2.shape)
    if swapped:
        in1, in2 = in2, in1
    kernel = in2[::-1, ::-1]
    if kernel.dtype.kind == "c":
        kernel = xp.conjugate(kernel)
    same_start = [k // 2 for k in in2.shape]
    out = _boundary_convolve(in1, kernel, mode, boundary, fill, dtype, same_start)
    return out[::-1, ::-1] if swapped else out
