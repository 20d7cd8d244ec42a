# SPDX-License-Identifier: BSD-3-Clause
"""scipy.fft.next_fast_len and prev_fast_len, computed on the host with
SciPy's answers: the nearest 11-smooth length (prime factors 2, 3, 5, 7, 11)
for complex transforms and 5-smooth for real ones, lengths up to 12 (real:
6) being their own answer, as pocketfft's good_size rules them.

cuFFT is fastest on 2-, 3-, 5- and 7-smooth lengths, so the complex answer
can name a length with a factor 11 that cuFFT runs somewhat slower than its
neighbours; the functions still give SciPy's numbers, so that code tuned for
SciPy pads the same way on the GPU."""
import functools
import operator

__all__ = ["next_fast_len", "prev_fast_len"]

_SIZE_MAX = 2**64 - 1
_SSIZE_MAX = 2**63 - 1
_COMPLEX_PRIMES = (3, 5, 7, 11)  # besides 2
_REAL_PRIMES = (3, 5)


def _checked_target(target):
    target = operator.index(target)
    if target > _SSIZE_MAX or target < -_SSIZE_MAX - 1:
        raise OverflowError("Python int too large to convert to C ssize_t")
    if target < 0:
        raise ValueError("Target length must be positive")
    if target - 1 > _SIZE_MAX // 11:
        raise ValueError(f"Target length is too large to perform an FFT: {target}")
    return target


def _odd_parts(limit, primes):
    """Every product of powers of `primes` up to `limit` (1 included)."""
    products = [1]
    for p in primes:
        grown = []
        for m in products:
            while m <= limit:
                grown.append(m)
                m *= p
        products = grown
    return products


@functools.lru_cache(maxsize=1024)
def _next_smooth(target, primes):
    """The smallest number >= target whose prime factors are 2 and `primes`."""
    best = 1 << (target - 1).bit_length()  # a power of two is always a candidate
    for m in _odd_parts(best, primes):
        # m * 2**e for the smallest e that reaches the target.
        best = min(best, m if m >= target else m << (-(-target // m) - 1).bit_length())
    return best


@functools.lru_cache(maxsize=1024)
def _prev_smooth(target, primes):
    """The largest number <= target whose prime factors are 2 and `primes`."""
    best = 1 << (target.bit_length() - 1)
    for m in _odd_parts(target, primes):
        best = max(best, m << (target // m).bit_length() - 1)
    return best


def next_fast_len(target, real=False):
    """Find the next fast size of input data to ``fft``, for zero-padding, etc.

    The smallest length ``>= target`` whose prime factors the FFT handles
    fast: SciPy's answer, 11-smooth for complex transforms and 5-smooth for
    real ones (targets up to 12, or 6 with `real`, are their own answer).

    Parameters
    ----------
    target : int
        Length to start searching from; a non-negative integer.
    real : bool, optional
        True if the FFT involves real input or output (`rfft`, `hfft`, the
        DCT and DST), which keeps to the factors 2, 3 and 5.

    Returns
    -------
    out : int
        The smallest fast length greater than or equal to ``target``.

    Raises
    ------
    ValueError
        If `target` is negative or too large for any FFT.
    TypeError
        If `target` is not an integer.

    Notes
    -----
    Host arithmetic only, SciPy's results exactly. cuFFT's own fastest
    lengths are 2-, 3-, 5- and 7-smooth; a complex answer with a factor 11
    is still fast, if not the fastest on the GPU.

    See Also
    --------
    prev_fast_len
    scipy.fft.next_fast_len : The same numbers.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> fft.next_fast_len(93059), fft.next_fast_len(93059, real=True)
    (93170, 93312)
    >>> x = xp.ones(1021)
    >>> fft.rfft(x, n=fft.next_fast_len(x.size, real=True)).shape
    (513,)
    """
    target = _checked_target(target)
    if target <= (6 if real else 12):
        return target
    return _next_smooth(target, _REAL_PRIMES if real else _COMPLEX_PRIMES)


def prev_fast_len(target, real=False):
    """Find the previous fast size of input data to ``fft``, for cropping.

    The largest length ``<= target`` whose prime factors the FFT handles
    fast (see `next_fast_len`).

    Parameters
    ----------
    target : int
        Maximum length; a non-negative integer.
    real : bool, optional
        True if the FFT involves real input or output.

    Returns
    -------
    out : int
        The largest fast length not greater than ``target``.

    Raises
    ------
    ValueError
        If `target` is negative or too large for any FFT.
    TypeError
        If `target` is not an integer.

    Notes
    -----
    Host arithmetic only, SciPy's results exactly.

    See Also
    --------
    next_fast_len
    scipy.fft.prev_fast_len : The same numbers.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import fft
    >>> fft.prev_fast_len(13), fft.prev_fast_len(7, real=True)
    (12, 6)
    >>> x = xp.ones(1021)
    >>> fft.fft(x, n=fft.prev_fast_len(x.size)).shape
    (1008,)
    """
    target = _checked_target(target)
    if target <= (6 if real else 12):
        return target
    return _prev_smooth(target, _REAL_PRIMES if real else _COMPLEX_PRIMES)
