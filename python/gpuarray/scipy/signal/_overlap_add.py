# SPDX-License-Identifier: BSD-3-Clause
"""oaconvolve: convolution by overlap-add, for one input much longer than
the other along an axis.

The longer input is cut into blocks of B samples along the axis where it
is relatively longest (B chosen so that B + K - 1, K the other input's
length there, is a 7-smooth FFT length of about 4 K); all blocks are
convolved at once by batched transforms of that short length (the other
convolved axes at their full length), and each block's tail of K - 1
samples is added onto the start of the next block. Where no axis is at
least twice as long in one input, one transform of the whole
(`fftconvolve`) is both simpler and as fast, and is used."""
import numpy

from gpuarray.scipy.signal import _array_ops as xp
from gpuarray.scipy.signal._conv_core import apply_mode, fast_length, fft_convolve
from gpuarray.scipy.signal._convolution import _freq_axes, fftconvolve

__all__ = ["oaconvolve"]


def _block_length(k):
    """B for a kernel of length k: the FFT length fast_length(~4k) minus k - 1, at least k - 1."""
    transform = fast_length(max(4 * k, 16))
    return max(transform - (k - 1), k - 1, 1)


def oaconvolve(in1, in2, mode="full", axes=None):
    """Convolve two N-dimensional arrays using the overlap-add method.

    Parameters
    ----------
    in1 : array_like
        First input.
    in2 : array_like
        Second input, with as many dimensions as `in1`.
    mode : {'full', 'valid', 'same'}, optional
        The full convolution (default), the outputs that do not depend on
        zero padding ('valid'), or the centre part the size of `in1`
        ('same').
    axes : int or sequence of int or None, optional
        The axes to convolve over (default all).

    Returns
    -------
    out : ndarray
        The convolution, as `fftconvolve` returns it, on the device.

    Raises
    ------
    ValueError
        As `fftconvolve`.

    Notes
    -----
    Blocks along the one axis where one input is relatively longest (at
    least twice the other), transformed together at a short length;
    otherwise `fftconvolve`. Values agree with SciPy's to rounding (its
    blocks are chosen differently).

    See Also
    --------
    fftconvolve, convolve

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import signal
    >>> out = signal.oaconvolve(xp.ones(1000), xp.ones(10))
    >>> out.shape, round(float(out[500]), 6)
    ((1009,), 10.0)
    >>> signal.oaconvolve(xp.ones((40, 6)), xp.ones((3, 3)), mode='same').shape
    (40, 6)
    """
    in1, in2 = xp.asarray(in1), xp.asarray(in2)
    if in1.ndim == in2.ndim == 0:
        return in1 * in2
    if in1.ndim != in2.ndim:
        raise ValueError("in1 and in2 should have the same dimensionality")
    if in1.size == 0 or in2.size == 0:
        return xp.asarray(numpy.array([]))
    if in1.shape == in2.shape:
        return fftconvolve(in1, in2, mode=mode, axes=axes)
    in1, in2, axes = _freq_axes(in1, in2, mode, axes)
    axes = sorted(axes)
    s1, s2 = in1.shape, in2.shape
    if not axes:
        return apply_mode(in1 * in2, s1, s2, mode, axes)
    ratios = {a: max(s1[a], s2[a]) / min(s1[a], s2[a]) for a in axes}
    split = max(axes, key=lambda a: ratios[a])
    if ratios[split] < 2:
        return fftconvolve(in1, in2, mode=mode, axes=axes)
    long_, short = (in1, in2) if s1[split] >= s2[split] else (in2, in1)
    n, k = long_.shape[split], short.shape[split]
    block = _block_length(k)
    blocks = -(-n // block)
    if blocks < 2:
        return fftconvolve(in1, in2, mode=mode, axes=axes)
    widths = [(0, 0)] * long_.ndim
    widths[split] = (0, blocks * block - n)
    padded = xp.pad(long_, widths)
    pieces = padded.reshape(padded.shape[:split] + (blocks, block) + padded.shape[split + 1:])
    kernel = xp.expand_dims(short, split)
    conv_axes = [a + 1 if a >= split else a for a in axes]
    shape = []
    for d in range(pieces.ndim):
        if d == split:
            shape.append(blocks)
        elif d in conv_axes:
            shape.append(pieces.shape[d] + kernel.shape[d] - 1)
        else:
            shape.append(max(pieces.shape[d], kernel.shape[d]))
    partial = fft_convolve(pieces, kernel, conv_axes, shape)
    axis = split + 1
    head = partial[(slice(None),) * axis + (slice(0, block),)]
    tail = partial[(slice(None),) * axis + (slice(block, None),)]
    out_blocks = xp.copy(head)
    if k > 1:
        tail_widths = [(0, 0)] * tail.ndim
        tail_widths[axis] = (0, block - (k - 1))
        carried = xp.pad(tail, tail_widths)
        target = out_blocks[(slice(None),) * split + (slice(1, None),)]
        xp.add(target, carried[(slice(None),) * split + (slice(0, blocks - 1),)], out=target)
    flat = out_blocks.reshape(out_blocks.shape[:split] + (blocks * block,) + out_blocks.shape[split + 2:])
    if k > 1:
        last = tail[(slice(None),) * split + (blocks - 1,)]
        flat = xp.concatenate([flat, last], axis=split)
    full = flat[(slice(None),) * split + (slice(0, n + k - 1),)]
    return apply_mode(full, s1, s2, mode, axes)
