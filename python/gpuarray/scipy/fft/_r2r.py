# SPDX-License-Identifier: BSD-3-Clause
"""The DCT and DST of types 1 to 4 as one cuFFT transform between a reordering
copy and a twiddle step, all existing array operations (no kernel source).

Note [DCT and DST through the FFT]: SciPy's definitions, N points, unscaled:

    DCT-I    y_k = x_0 + (-1)^k x_{N-1} + 2 sum_{0<n<N-1} x_n cos(pi k n/(N-1))
    DCT-II   y_k = 2 sum x_n cos(pi k (2n+1)/(2N))
    DCT-III  y_k = x_0 + 2 sum_{n>0} x_n cos(pi (2k+1) n/(2N))
    DCT-IV   y_k = 2 sum x_n cos(pi (2k+1)(2n+1)/(4N))
    DST-I    y_k = 2 sum x_n sin(pi (k+1)(n+1)/(N+1))
    DST-II   y_k = 2 sum x_n sin(pi (k+1)(2n+1)/(2N))
    DST-III  y_k = (-1)^k x_{N-1} + 2 sum_{n<N-1} x_n sin(pi (2k+1)(n+1)/(2N))
    DST-IV   y_k = 2 sum x_n sin(pi (2k+1)(2n+1)/(4N))

- Types II and III (Makhoul): v = the even-indexed points, then the odd ones
  backwards; with V = rfft(v) and W_k = 2 exp(-i pi k/(2N)) V_k,
  DCT-II y_k = Re W_k and y_{N-k} = -Im W_k (k <= N/2): an N-point real
  FFT, one complex multiply, two strided copies out. DCT-III runs it
  backwards: Z_k = exp(i pi k/(2N)) (X_k - i X_{N-k}), an unscaled N-point
  C2R, and v unshuffled into the even and odd outputs.
- Type IV, N even: u_n = x_{2n} + i x_{N-1-2n} times exp(-i pi (n+1/4)/N),
  an N/2-point complex FFT U, times 2 exp(-i pi k/N): y_{2k} = Re U_k and
  y_{N-1-2k} = -Im U_k. N odd: x_n exp(-i pi n/(2N)) zero-padded to 2N, a
  complex FFT, times 2 exp(-i pi (2k+1)/(4N)), the real part.
- Type I: the real FFT of the even extension (x_0 .. x_{N-1} .. x_1) of
  2(N-1) points, real part (DCT); of the odd extension (0, x, 0, -x
  backwards) of 2(N+1) points, minus the imaginary part (DST).
- The DSTs of types II-IV are DCTs with the input or output reversed and
  every other sign flipped (DST-II(x)_k = DCT-II((-1)^n x_n)_{N-1-k},
  DST-III and DST-IV: (-1)^k times the DCT of x backwards); the reversals
  are views and the signs go into the copies and twiddles, so they cost
  nothing extra.

SciPy's scale (1, 1/sqrt(d) or 1/d with d = 2N, 2(N-1) for DCT-I, 2(N+1)
for DST-I) and its orthogonalizing factors (sqrt(2) on the first input or
1/sqrt(2) on the first output of types II and III, both ends of DCT-I) are
folded into the twiddles, which are kept per length, dtype and scale on the
device (Note [Factor cache]). Each transform reads and writes the signal a
few times beyond cuFFT's own passes: for a DCT-II, one pass in (the
reorder), the FFT, one complex multiply, one pass out.

The algebra is checked on the CPU by running these functions with NumPy in
place of the device operations (tests/scipy/fft/test_r2r_algebra.py)."""
import collections
import math
import operator

import numpy

from gpuarray._array_creation.from_shape import empty, zeros
from gpuarray._array_creation.ranges import arange
from gpuarray._array_manipulation.axes import moveaxis
from gpuarray._ufunc.ufuncs import cos, multiply, negative, sin
from gpuarray.fft import fft as _numpy_fft
from gpuarray.fft import rfft as _numpy_rfft
from gpuarray.fft._transforms import _engine, _run
from gpuarray.scipy.fft._factor_cache import cached_factors

_SQRT2 = math.sqrt(2.0)
_INORM = {"backward": 0, "ortho": 1, "forward": 2}
_TYPES = (1, 2, 3, 4)

Spec = collections.namedtuple("Spec", "kind type inorm ortho")
Spec.__doc__ = """One real transform as SciPy computes it: 'dct' or 'dst', the type run
(2 and 3 swap for the inverse), the scale (0: none, 1: 1/sqrt(d), 2: 1/d) and
whether the orthogonalizing factors apply."""


def transform_spec(kind, type, forward, norm, orthogonalize):
    """The Spec of a dct/dst (forward) or idct/idst call with a checked `norm`;
    SciPy's errors for the type."""
    if not forward and type in (2, 3):
        type = 3 if type == 2 else 2  # SciPy swaps by equality: idct(type=2.0) is a DCT-III
    type = operator.index(type)
    if type not in _TYPES:
        raise ValueError(f"invalid {kind.upper()} type")
    inorm = _INORM[norm] if forward else 2 - _INORM[norm]
    if orthogonalize is None:
        ortho = inorm == 1
    elif isinstance(orthogonalize, (bool, int, float, numpy.bool_, numpy.number)):
        ortho = bool(orthogonalize)
    else:
        raise TypeError(f"orthogonalize must be None or a bool, not {orthogonalize!r}")
    return Spec(kind, type, inorm, ortho)


def check_length(spec, n):
    """SciPy's (pocketfft's) refusal of a one-point DCT-I: its FFT has 2(n-1) = 0 points."""
    if spec.kind == "dct" and spec.type == 1 and n < 2:
        raise RuntimeError("zero-length FFT requested: a DCT of type 1 needs at least 2 points")


def _scale(spec, n):
    if spec.inorm == 0:
        return 1.0
    d = 2 * (n - 1) if (spec.kind, spec.type) == ("dct", 1) else 2 * (n + 1) if spec.type == 1 else 2 * n
    return 1.0 / math.sqrt(d) if spec.inorm == 1 else 1.0 / d


def _one_point_factor(spec, scale):
    """The 1x1 transform: y_0 = factor * x_0."""
    base = {1: 2.0, 2: 2.0, 3: 1.0, 4: _SQRT2}[spec.type]
    if spec.ortho and spec.type == 2:
        base /= _SQRT2
    elif spec.ortho and spec.type == 3:
        base *= _SQRT2
    return base * scale


def _complex_of(dtype):
    return numpy.dtype(numpy.complex64 if dtype == numpy.float32 else numpy.complex128)


def _phases(count, step, offset, scale, dtype):
    """scale * exp(i step (k + offset)) for k < count, computed in float64 (every
    angle used here is within [-pi, pi]) and stored as `dtype`."""
    theta = arange(count, dtype=numpy.float64)
    if offset:
        theta += offset
    theta *= step
    factors = empty(count, numpy.complex128)
    cos(theta, out=factors.real)
    sin(theta, out=factors.imag)
    factors *= scale
    return factors if dtype == numpy.complex128 else factors.astype(dtype)


def _twiddles(name, n, dtype, scale, ortho_first, make):
    """Cached factors; `ortho_first` multiplies the first one."""
    def build():
        factors = make()
        if ortho_first != 1.0:
            factors[:1] *= ortho_first
        return factors
    return cached_factors((name, n, dtype.str, scale, ortho_first), build)


# The FFT steps, along the last axis: named so that the algebra tests can run
# the same code with NumPy's FFT.
def _rfft_last(v):
    return _numpy_rfft(v)


def _fft_last(u, n=None):
    return _numpy_fft(u, n)


def _irfft_last_unscaled(z, n):
    """The unscaled inverse real FFT of the half spectrum `z` (a fresh array,
    which C2R may overwrite), n real points."""
    real = numpy.dtype(numpy.float32 if z.dtype == numpy.complex64 else numpy.float64)
    out = empty(z.shape[:-1] + (n,), real)
    if out.size:
        _run(z, out, [z.ndim - 1], _engine().Kind.C2R, False, scratch=True)
    return out


def _type2(x, out, scale, ortho, sine):
    n = x.shape[-1]
    half, evens = n // 2, n - n // 2
    v = empty(x.shape, x.dtype)
    v[..., :evens] = x[..., ::2]
    odds_backwards = x[..., 1::2][..., ::-1]
    if sine:
        negative(odds_backwards, out=v[..., evens:])
    else:
        v[..., evens:] = odds_backwards
    spectrum = _rfft_last(v)
    dtype = spectrum.dtype
    spectrum *= _twiddles("ii", n, dtype, scale, 1 / _SQRT2 if ortho else 1.0,
                          lambda: _phases(half + 1, -math.pi / (2 * n), 0.0, 2 * scale, dtype))
    y = out[..., ::-1] if sine else out
    y[..., :half + 1] = spectrum.real
    negative(spectrum.imag[..., n - half - 1:0:-1], out=y[..., half + 1:])


def _type3(x, out, scale, ortho, sine):
    n = x.shape[-1]
    half, evens = n // 2, n - n // 2
    x = x[..., ::-1] if sine else x
    dtype = _complex_of(x.dtype)
    z = empty(x.shape[:-1] + (half + 1,), dtype)
    z.real[...] = x[..., :half + 1]
    z.imag[..., :1] = 0
    negative(x[..., n - 1:n - half - 1:-1], out=z.imag[..., 1:])
    z *= _twiddles("iii", n, dtype, scale, _SQRT2 if ortho else 1.0,
                   lambda: _phases(half + 1, math.pi / (2 * n), 0.0, scale, dtype))
    v = _irfft_last_unscaled(z, n)
    out[..., ::2] = v[..., :evens]
    odds = v[..., evens:][..., ::-1]
    if sine:
        negative(odds, out=out[..., 1::2])
    else:
        out[..., 1::2] = odds


def _type4(x, out, scale, sine):
    n = x.shape[-1]
    x = x[..., ::-1] if sine else x
    dtype = _complex_of(x.dtype)
    if n % 2 == 0:
        m = n // 2
        u = empty(x.shape[:-1] + (m,), dtype)
        u.real[...] = x[..., ::2]
        u.imag[...] = x[..., ::-2]
        u *= _twiddles("iv-pre", n, dtype, 1.0, 1.0, lambda: _phases(m, -math.pi / n, 0.25, 1.0, dtype))
        spectrum = _fft_last(u)
        spectrum *= _twiddles("iv-post", n, dtype, scale, 1.0, lambda: _phases(m, -math.pi / n, 0.0, 2 * scale, dtype))
        out[..., ::2] = spectrum.real
        if sine:  # (-1)^k flips the odd outputs, which the backward half fills
            out[..., ::-2] = spectrum.imag
        else:
            negative(spectrum.imag, out=out[..., ::-2])
        return
    w = empty(x.shape, dtype)
    multiply(x, _twiddles("iv-odd-pre", n, dtype, 1.0, 1.0, lambda: _phases(n, -math.pi / (2 * n), 0.0, 1.0, dtype)),
             out=w)
    spectrum = _fft_last(w, 2 * n)[..., :n]

    def post():
        factors = _phases(n, -math.pi / (2 * n), 0.5, 2 * scale, dtype)
        if sine:
            negative(factors[1::2], out=factors[1::2])
        return factors
    spectrum *= _twiddles("iv-odd-post-dst" if sine else "iv-odd-post", n, dtype, scale, 1.0, post)
    out[...] = spectrum.real


def _dct1(x, out, scale, ortho):
    n = x.shape[-1]
    extended = empty(x.shape[:-1] + (2 * (n - 1),), x.dtype)
    extended[..., :n] = x
    extended[..., n:] = x[..., n - 2:0:-1]
    if ortho:
        for i in (0, n - 1):
            multiply(extended[..., i:i + 1], _SQRT2, out=extended[..., i:i + 1])
    multiply(_rfft_last(extended).real, scale, out=out)
    if ortho:
        for i in (0, n - 1):
            multiply(out[..., i:i + 1], 1 / _SQRT2, out=out[..., i:i + 1])


def _dst1(x, out, scale):
    n = x.shape[-1]
    extended = empty(x.shape[:-1] + (2 * (n + 1),), x.dtype)
    extended[..., :1] = 0
    extended[..., n + 1:n + 2] = 0
    extended[..., 1:n + 1] = x
    negative(x[..., ::-1], out=extended[..., n + 2:])
    multiply(_rfft_last(extended).imag[..., 1:n + 1], -scale, out=out)


def transform_along(x, axis, n, spec, dtype, out=None):
    """The transform of the real array `x` along `axis` with `n` points (crop or
    zero-pad), computed in the float dtype `dtype`, into `out` (a new C-ordered
    array when None). Arguments are checked by the caller."""
    if x.dtype != dtype:
        x = x.astype(dtype)
    length = x.shape[axis]
    if n < length:
        x = moveaxis(moveaxis(x, axis, -1)[..., :n], -1, axis)
    elif n > length:
        shape = list(x.shape)
        shape[axis] = n
        padded = zeros(shape, dtype)
        moveaxis(padded, axis, -1)[..., :length] = moveaxis(x, axis, -1)
        x = padded
    if out is None:
        out = empty(x.shape, dtype)
    if out.size == 0:
        return out
    x_last, out_last = moveaxis(x, axis, -1), moveaxis(out, axis, -1)
    scale = _scale(spec, n)
    sine = spec.kind == "dst"
    if n == 1:
        multiply(x_last, _one_point_factor(spec, scale), out=out_last)
    elif spec.type == 2:
        _type2(x_last, out_last, scale, spec.ortho, sine)
    elif spec.type == 3:
        _type3(x_last, out_last, scale, spec.ortho, sine)
    elif spec.type == 4:
        _type4(x_last, out_last, scale, sine)
    elif sine:
        _dst1(x_last, out_last, scale)
    else:
        _dct1(x_last, out_last, scale, spec.ortho)
    return out


def transform_axes(x, sizes, axes, spec, dtype, out=None):
    """transform_along over each axis in turn, the last one into `out`."""
    for i, (axis, n) in enumerate(zip(axes, sizes)):
        x = transform_along(x, axis, n, spec, dtype, out if i == len(axes) - 1 else None)
    return x
