# SPDX-License-Identifier: BSD-3-Clause
"""numpy.convolve and numpy.correlate on the device, as NumPy computes them:
a direct sum per output (gpuarray/correlate.cuh).

Note [Direct correlation]: NumPy sums each output's terms in order; an FFT
instead spreads the rounding error of the whole transform, about eps times
the norms of both signals, over every output, so outputs much smaller than
those norms (a signal with huge and tiny parts, a kernel with a long small
tail) lose most of their digits. CuPy and SciPy switch to the FFT for long
inputs; gpuarray keeps the direct sum at every size (accuracy before speed,
benchmarks/RESULTS.md has the cost), tiled through shared memory."""
import numpy

from gpuarray import _core
from gpuarray._array_creation.from_data import ascontiguousarray, asarray
from gpuarray._array_creation.from_shape import empty
from gpuarray._ufunc.ufuncs import conjugate

__all__ = ["convolve", "correlate"]

_THREADS = 256  # the row's launch bounds (cpp/kernels/device_templates.cpp)
_TILE = 2048  # ga::correlate::kTile: outputs per block
_CHUNK = 256  # ga::correlate::kChunk: values of w per shared-memory pass
_SPAN = _TILE + _CHUNK - 1  # ga::correlate::kSpan: values of a per pass, stored with a pad word per 32


def _shared_bytes(itemsize):
    """ga::correlate::shared_bytes."""
    return (_CHUNK + _SPAN + (_SPAN >> 5) + 1) * itemsize


def _operands(a, v, at_least_1d=True):
    """a and v as 1-D device arrays of their common dtype, with NumPy's errors
    for deeper ones; 0-d ones become 1-D for convolve (NumPy's ndmin=1) and
    are refused by correlate."""
    a, v = asarray(a), asarray(v)
    for x in (a, v):
        if x.ndim == 0 and not at_least_1d:
            raise ValueError("object of too small depth for desired array")
        if x.ndim > 1:
            raise ValueError("setting an array element with a sequence. The requested array would exceed the "
                             "maximum number of dimension of 1.")
    dtype = numpy.result_type(a.dtype, v.dtype)
    return a.reshape(-1).astype(dtype, copy=False), v.reshape(-1).astype(dtype, copy=False)


_MODES = {"valid": 0, "same": 1, "full": 2}


def _mode(mode):
    """NumPy's mode argument as 0 (valid), 1 (same) or 2 (full), with its errors."""
    if isinstance(mode, (int, numpy.integer)) and not isinstance(mode, bool):
        if mode not in (0, 1, 2):
            raise ValueError("integer convolve/correlate mode must be 0, 1, or 2")
        return int(mode)
    if mode not in _MODES:
        raise ValueError(f"mode must be one of 'valid', 'same', or 'full' (got {mode!r})")
    return _MODES[mode]


def _layout(m, n, mode):
    """(offset, length): the outputs `mode` keeps of the m + n - 1 of a full
    correlation of lengths m >= n, as NumPy lays them out."""
    return {2: (0, m + n - 1), 1: (n - 1 - n // 2, m), 0: (n - 1, m - n + 1)}[mode]


def _plain(a, w, mode):
    """sum_i a[k + i] * w[i] for the outputs `mode` keeps, with len(a) >= len(w)."""
    m, n = a.shape[0], w.shape[0]
    offset, length = _layout(m, n, mode)
    z = empty(length, a.dtype)
    if length:
        a, w = ascontiguousarray(a), ascontiguousarray(w)
        blocks = -(-length // _TILE)
        kernel = _core._device_template_kernel("correlate", [a.dtype.name])
        kernel(blocks, _THREADS, (a, numpy.int64(m), w, numpy.int64(n), z, numpy.int64(length),
                                 numpy.int64(offset)),
               shared_mem=_shared_bytes(a.itemsize))
    return z


def correlate(a, v, mode="valid"):
    """Cross-correlation of two 1-dimensional sequences.

    ``c[k] = sum_n a[n + k] * conj(v[n])``, with ``k`` over the positions
    `mode` keeps.

    Parameters
    ----------
    a, v : array_like
        1-D input sequences (host data is copied to the device first).
    mode : {'valid', 'same', 'full'}, optional
        Which outputs: where the sequences overlap completely ('valid',
        default), as many as the longer input ('same'), or every position of
        any overlap ('full'), laid out as NumPy's.

    Returns
    -------
    out : ndarray
        The correlation, 1-D, in the common dtype of `a` and `v`.

    Raises
    ------
    ValueError
        If an input is empty or not 1-D (scalars included, as in NumPy), or
        `mode` is not one of the three.

    Notes
    -----
    A direct sum per output, each in NumPy's order (Note [Direct
    correlation]): integers wrap, float16 accumulates in float32. When `v`
    is longer than `a`, NumPy's convention holds: the sequences swap and the
    result is reversed.

    See Also
    --------
    convolve

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.correlate(xp.array([1.0, 2.0, 3.0]), xp.array([0.0, 1.0, 0.5]))
    array([3.5])
    >>> xp.correlate(xp.array([1.0, 2.0, 3.0]), xp.array([0.0, 1.0, 0.5]), "same")
    array([2. , 3.5, 3. ])
    >>> xp.correlate(xp.array([1 + 1j, 2, 3 - 1j]), xp.array([0, 1, 0.5j]), "full")
    array([0.5-0.5j, 1. +0.j , 1.5-1.5j, 3. -1.j , 0. +0.j ])
    """
    mode = _mode(mode)
    a, v = _operands(a, v, at_least_1d=False)
    if a.shape[0] == 0:
        raise ValueError("first array argument cannot be empty")
    if v.shape[0] == 0:
        raise ValueError("second array argument cannot be empty")
    w = conjugate(v) if v.dtype.kind == "c" else v
    if a.shape[0] < w.shape[0]:  # NumPy swaps, then reverses the result
        return _plain(w, a, mode)[::-1]
    return _plain(a, w, mode)


def convolve(a, v, mode="full"):
    """Returns the discrete, linear convolution of two one-dimensional sequences.

    ``(a * v)[n] = sum_m a[m] * v[n - m]``, over the positions `mode` keeps.

    Parameters
    ----------
    a, v : array_like
        Input sequences (scalars count as length 1; host data is copied to
        the device first). The longer one slides over the shorter.
    mode : {'full', 'valid', 'same'}, optional
        Every position of any overlap ('full', default), as many outputs as
        the longer input ('same'), or only complete overlaps ('valid'),
        laid out as NumPy's.

    Returns
    -------
    out : ndarray
        The convolution, 1-D, in the common dtype of `a` and `v`.

    Raises
    ------
    ValueError
        If an input is empty or has more than one dimension, or `mode` is
        not one of the three.

    Notes
    -----
    The correlation of the longer input with the reversed shorter one, a
    direct sum per output in NumPy's order (Note [Direct correlation]): the
    time grows with the product of the lengths, and the error with each
    output's own terms only.

    See Also
    --------
    correlate, polymul, fft.rfft

    Examples
    --------
    >>> import gpuarray as xp
    >>> xp.convolve(xp.array([1, 2, 3]), xp.array([0, 1, 2]))
    array([0, 1, 4, 7, 6])
    >>> xp.convolve(xp.array([1.0, 2.0, 3.0]), xp.array([0.0, 1.0, 0.5]), "same")
    array([1. , 2.5, 4. ])
    >>> xp.convolve(xp.array([1.0, 2.0, 3.0]), xp.array([0.0, 1.0, 0.5]), "valid")
    array([2.5])
    """
    mode = _mode(mode)
    a, v = _operands(a, v)
    if a.shape[0] == 0:
        raise ValueError("a cannot be empty")
    if v.shape[0] == 0:
        raise ValueError("v cannot be empty")
    if v.shape[0] > a.shape[0]:
        a, v = v, a
    return _plain(a, v[::-1], mode)
