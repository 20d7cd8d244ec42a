# SPDX-License-Identifier: BSD-3-Clause
"""The algebra of gpuarray.scipy.fft and gpuarray.scipy.fftpack against SciPy,
on the CPU: the same code, with NumPy in place of the device operations
(numpy_standin.py). This checks what the GPU tests cannot isolate: the DCT/DST
reorderings and twiddles of every type, norm and orthogonalization, the
one-point and odd/even paths, crops and pads, axes and strides, SciPy's dtype
rules and quirks (irfft's n=0, hfftn of non-Hermitian input), fftpack's packed
format, its pseudo-differential multipliers and convolve, and the fast Hankel
transform. test_scipy_fft_gpu.py repeats the comparisons on a device."""
import itertools
import warnings

import numpy
import pytest
import scipy.fft
import scipy.fftpack
import scipy.fftpack.convolve

import numpy_standin
from gpuarray.scipy import fft as gfft
from gpuarray.scipy import fftpack as gfftpack

SINGLE = (numpy.float16, numpy.float32, numpy.complex64)
NORMS = (None, "backward", "ortho", "forward")


@pytest.fixture(autouse=True)
def numpy_in_place_of_the_device(monkeypatch):
    numpy_standin.use_numpy(monkeypatch)


def signal(shape, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    a = rng.standard_normal(shape)
    if numpy.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    if numpy.dtype(dtype).kind in "iub":
        a = rng.integers(-4, 5, shape) if numpy.dtype(dtype).kind != "b" else a > 0
    return a.astype(dtype)


def run(call):
    try:
        return call()
    except Exception as error:  # noqa: BLE001 (compared below)
        return error


def compare(ours, theirs, single):
    """Same exception type, or same dtype and shape and close values (relative to the
    largest magnitude, so every length keeps the same tolerance)."""
    expected, actual = run(theirs), run(ours)
    if isinstance(expected, Exception):
        assert isinstance(actual, type(expected)), (expected, actual)
        return
    assert not isinstance(actual, Exception), (expected, actual)
    assert isinstance(actual, numpy.ndarray)
    assert (actual.dtype, actual.shape) == (expected.dtype, expected.shape)
    scale = max(1.0, float(numpy.abs(expected).max(initial=0)))
    tol = 2e-6 if single else 1e-13
    numpy.testing.assert_allclose(actual / scale, expected / scale, rtol=tol, atol=tol)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 8, 9, 16, 17, 30])
@pytest.mark.parametrize("type", [1, 2, 3, 4])
@pytest.mark.parametrize("name", ["dct", "idct", "dst", "idst"])
def test_real_transforms_every_type_norm_and_length(name, type, n):
    for dtype, norm, orthogonalize in itertools.product((numpy.float64, numpy.float32), NORMS, (None, True, False)):
        x = signal((3, n), dtype)
        compare(lambda: getattr(gfft, name)(x, type, norm=norm, orthogonalize=orthogonalize),
                lambda: getattr(scipy.fft, name)(x, type, norm=norm, orthogonalize=orthogonalize), dtype in SINGLE)


@pytest.mark.parametrize("dtype", [numpy.float16, numpy.float32, numpy.float64, numpy.complex64, numpy.complex128,
                                   numpy.int32, numpy.uint8, numpy.bool_])
@pytest.mark.parametrize("type", [1, 2, 3, 4])
@pytest.mark.parametrize("name", ["dct", "idct", "dst", "idst"])
def test_real_transforms_dtypes(name, type, dtype):
    x = signal((4, 7), dtype)
    for kwargs in ({}, dict(norm="ortho"), dict(norm="ortho", orthogonalize=False)):
        compare(lambda: getattr(gfft, name)(x, type, **kwargs), lambda: getattr(scipy.fft, name)(x, type, **kwargs),
                dtype in SINGLE)


VIEWS = [lambda a: a, lambda a: a[::2], lambda a: a[:, ::-1], lambda a: a[::-3, 1:], lambda a: a.T,
         lambda a: a[:, 3:11], lambda a: a.reshape(4, 3, 16)[:, 1], lambda a: a.reshape(4, 3, 16).transpose(2, 0, 1)]


@pytest.mark.parametrize("view", VIEWS, ids=[f"view{i}" for i in range(len(VIEWS))])
@pytest.mark.parametrize("name", ["dct", "idct", "dst", "idst"])
def test_real_transforms_axes_strides_crops_and_pads(name, view):
    x = view(signal((12, 16), numpy.float64))
    for type, axis, n in itertools.product((1, 2, 3, 4), (0, -1), (None, 1, 5, 12, 25)):
        if type == 1 and name in ("dct", "idct") and (n == 1 or n is None and x.shape[axis] == 1):
            continue
        compare(lambda: getattr(gfft, name)(x, type, n=n, axis=axis),
                lambda: getattr(scipy.fft, name)(x, type, n=n, axis=axis), False)


@pytest.mark.parametrize("s, axes", [(None, None), ((3, 4), (0, 2)), ((8,), None), (None, (1,)), ((9, 2), (-1, 0)),
                                     (None, (2, 0, 1)), ((1, 1, 1), None), ((5, -1), (1, 2))])
@pytest.mark.parametrize("type", [1, 2, 3, 4])
@pytest.mark.parametrize("name", ["dctn", "idctn", "dstn", "idstn"])
def test_real_transforms_nd(name, type, s, axes):
    for dtype, view in ((numpy.float64, lambda a: a), (numpy.complex64, lambda a: a[::-1, :, ::2])):
        x = view(signal((5, 6, 7), dtype))
        for norm in (None, "ortho"):
            compare(lambda: getattr(gfft, name)(x, type, s=s, axes=axes, norm=norm),
                    lambda: getattr(scipy.fft, name)(x, type, s=s, axes=axes, norm=norm), dtype in SINGLE)


ONE_D_CASES = [{}, dict(n=1), dict(n=0), dict(n=5), dict(n=16), dict(axis=0), dict(axis=-2, n=3), dict(norm="ortho"),
               dict(norm="forward"), dict(norm="backward", workers=-1)]


@pytest.mark.parametrize("dtype", [numpy.float16, numpy.float32, numpy.float64, numpy.complex64, numpy.complex128,
                                   numpy.int16, numpy.bool_])
@pytest.mark.parametrize("name", ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"])
def test_complex_transforms_follow_scipy(name, dtype):
    x = signal((4, 9), dtype)
    for kwargs in ONE_D_CASES:
        _compare_call(name, x, kwargs, dtype)


def _compare_call(name, x, kwargs, dtype):
    compare(lambda: getattr(gfft, name)(x, **kwargs), lambda: getattr(scipy.fft, name)(x, **kwargs), dtype in SINGLE)
    compare(lambda: getattr(gfft, name)(x[::-1, ::2], **kwargs),
            lambda: getattr(scipy.fft, name)(x[::-1, ::2], **kwargs), dtype in SINGLE)


ND_CASES = [{}, dict(s=(3, 4)), dict(s=(3, 4), axes=(0, 2)), dict(axes=(2, 0)), dict(s=(3,), axes=(0,)), dict(s=3),
            dict(s=(-1, 3), axes=(0, 1)), dict(norm="ortho"), dict(norm="forward", axes=(1,)),
            dict(s=(4, 1), axes=(0, 2)), dict(s=(4, 2), axes=(0, 2))]


@pytest.mark.parametrize("dtype", [numpy.float16, numpy.float32, numpy.float64, numpy.complex64, numpy.complex128,
                                   numpy.int32])
@pytest.mark.parametrize("name", ["fftn", "ifftn", "rfftn", "irfftn", "hfftn", "ihfftn", "fft2", "ifft2", "rfft2",
                                  "irfft2", "hfft2", "ihfft2"])
def test_nd_transforms_follow_scipy(name, dtype):
    for kwargs in ND_CASES:
        _compare_nd_call(name, signal((4, 5, 6), dtype), kwargs, dtype)


def _compare_nd_call(name, x, kwargs, dtype):
    compare(lambda: getattr(gfft, name)(x, **kwargs), lambda: getattr(scipy.fft, name)(x, **kwargs), dtype in SINGLE)
    compare(lambda: getattr(gfft, name)(x[:, ::-1, 1::2], **kwargs),
            lambda: getattr(scipy.fft, name)(x[:, ::-1, 1::2], **kwargs), dtype in SINGLE)


@pytest.mark.parametrize("name", ["fftfreq", "rfftfreq"])
def test_frequencies_follow_scipy(name):
    for n, d in ((8, 0.1), (9, 1.0), (1, 2.0)):
        numpy.testing.assert_array_equal(getattr(gfft, name)(n, d), getattr(scipy.fft, name)(n, d))
        numpy.testing.assert_array_equal(getattr(gfft, name)(n, d, xp=numpy), getattr(scipy.fft, name)(n, d))
    with pytest.raises(ValueError, match="device parameter is not supported"):
        getattr(gfft, name)(4, xp=numpy, device="cpu")


def test_shifts_follow_scipy():
    x = signal((5, 6), numpy.float64)
    for axes in (None, 0, (1,), (0, 1)):
        numpy.testing.assert_array_equal(gfft.fftshift(x, axes), scipy.fft.fftshift(x, axes))
        numpy.testing.assert_array_equal(gfft.ifftshift(x, axes), scipy.fft.ifftshift(x, axes))


@pytest.mark.parametrize("bias", [0.0, 0.7, -0.4])
@pytest.mark.parametrize("mu", [0.0, 0.5, 1.5, -0.5])
@pytest.mark.parametrize("n", [16, 17, 64])
def test_fast_hankel_transforms_follow_scipy(n, mu, bias):
    r = numpy.logspace(-3, 3, n)
    dln = numpy.log(r[1] / r[0])
    offset = scipy.fft.fhtoffset(dln, mu, bias=bias)
    for dtype in (numpy.float64, numpy.float32):
        a = numpy.stack([r**(mu + 1) * numpy.exp(-r**2 / 2), numpy.exp(-r)]).astype(dtype)
        for name in ("fht", "ifht"):
            compare(lambda: getattr(gfft, name)(a, dln, mu, offset=offset, bias=bias),
                    lambda: getattr(scipy.fft, name)(a, dln, mu, offset=offset, bias=bias), dtype in SINGLE)


def test_fast_hankel_transform_singular_warnings_follow_scipy():
    a = numpy.ones(16)
    for name, mu, bias in (("fht", 0.0, -1.0), ("ifht", 0.0, 1.0)):
        with warnings.catch_warnings(record=True) as theirs:
            warnings.simplefilter("always")
            getattr(scipy.fft, name)(a, 0.1, mu, bias=bias)
        with warnings.catch_warnings(record=True) as ours:
            warnings.simplefilter("always")
            getattr(gfft, name)(a, 0.1, mu, bias=bias)
        assert [str(w.message) for w in ours] == [str(w.message) for w in theirs]
        assert ours and all(w.filename == __file__ for w in ours)


def test_fast_hankel_transform_refuses_complex():
    with pytest.raises(TypeError):
        scipy.fft.fht(numpy.ones(8) + 1j, 0.1, 0.0)
    with pytest.raises(TypeError):
        gfft.fht(numpy.ones(8) + 1j, 0.1, 0.0)


# ---- fftpack

@pytest.mark.parametrize("n", [None, 1, 2, 3, 8, 9, 20])
@pytest.mark.parametrize("dtype", [numpy.float16, numpy.float32, numpy.float64, numpy.int32])
@pytest.mark.parametrize("name", ["rfft", "irfft", "fft", "ifft"])
def test_fftpack_transforms(name, dtype, n):
    x = signal((6, 9), dtype)
    for axis in (0, -1):
        compare(lambda: getattr(gfftpack, name)(x, n=n, axis=axis),
                lambda: getattr(scipy.fftpack, name)(x, n=n, axis=axis), dtype in SINGLE)
        compare(lambda: getattr(gfftpack, name)(x[::-1, 1::2], n=n, axis=axis),
                lambda: getattr(scipy.fftpack, name)(x[::-1, 1::2], n=n, axis=axis), dtype in SINGLE)


@pytest.mark.parametrize("shape, axes", [(None, None), ((3, 4), None), ((3,), (0,)), (None, (1, 0)), ((5, 5), (0, 1))])
@pytest.mark.parametrize("name", ["fftn", "ifftn", "fft2", "ifft2"])
def test_fftpack_nd_transforms(name, shape, axes):
    x = signal((4, 6), numpy.complex128)
    if name.endswith("2") and axes is None:
        axes = (-2, -1)
    compare(lambda: getattr(gfftpack, name)(x, shape, axes), lambda: getattr(scipy.fftpack, name)(x, shape, axes),
            False)


@pytest.mark.parametrize("norm", [None, "ortho"])
@pytest.mark.parametrize("type", [1, 2, 3, 4])
@pytest.mark.parametrize("name", ["dct", "idct", "dst", "idst", "dctn", "idctn", "dstn", "idstn"])
def test_fftpack_real_transforms(name, type, norm):
    for dtype in (numpy.float64, numpy.float32, numpy.complex128):
        x = signal((5, 8), dtype)
        extra = dict(shape=(4, 9)) if name.endswith("n") else dict(n=7)
        compare(lambda: getattr(gfftpack, name)(x, type, norm=norm), lambda: getattr(scipy.fftpack, name)(
            x, type, norm=norm), dtype in SINGLE)
        compare(lambda: getattr(gfftpack, name)(x, type, norm=norm, **extra),
                lambda: getattr(scipy.fftpack, name)(x, type, norm=norm, **extra), dtype in SINGLE)


PSEUDO_DIFFS = [("diff", ()), ("diff", (2,)), ("diff", (3,)), ("diff", (-1,)), ("diff", (-2, 4.0)), ("diff", (1, 3.0)),
                ("tilbert", (0.5,)), ("tilbert", (0.3, 5.0)), ("itilbert", (0.5,)), ("itilbert", (2.0, 3.0)),
                ("hilbert", ()), ("ihilbert", ()), ("cs_diff", (0.5, 1.0)), ("cs_diff", (0.2, 0.4, 3.0)),
                ("sc_diff", (0.5, 1.0)), ("ss_diff", (0.5, 1.0)), ("ss_diff", (0.3, 0.6, 7.0)),
                ("cc_diff", (0.5, 1.0)), ("cc_diff", (0.1, 0.2, 2.0)), ("shift", (0.3,)), ("shift", (1.0, 4.0)),
                ("shift", (-2.5,))]


@pytest.mark.parametrize("n", [1, 2, 3, 4, 7, 8, 16, 33])
@pytest.mark.parametrize("name, args", PSEUDO_DIFFS, ids=[f"{n}{a}" for n, a in PSEUDO_DIFFS])
def test_fftpack_pseudo_differential_operators(name, args, n):
    for dtype in (numpy.float64, numpy.float32, numpy.complex128, numpy.int32):
        x = signal(n, dtype)
        # The reference is float64 for every input, as SciPy computes.
        compare(lambda: getattr(gfftpack, name)(x, *args), lambda: getattr(scipy.fftpack, name)(x, *args), False)
    compare(lambda: getattr(gfftpack, name)(signal(2 * n, numpy.float64)[::-2], *args),
            lambda: getattr(scipy.fftpack, name)(signal(2 * n, numpy.float64)[::-2], *args), False)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 7, 8])
def test_fftpack_convolve_module(n):
    convolve, theirs = gfftpack.convolve, scipy.fftpack.convolve
    x = signal(n, numpy.float64)
    for d in (0, 1, 2, 3, -1):
        for zero_nyquist in (None, 0, 1):
            kernel = (lambda k, a: a * k + 1.0, dict(d=d, zero_nyquist=zero_nyquist, kernel_func_extra_args=(0.5,)))
            omega = convolve.init_convolution_kernel(n, kernel[0], **kernel[1])
            numpy.testing.assert_array_equal(omega, theirs.init_convolution_kernel(n, kernel[0], **kernel[1]))
            for swap in (False, True):
                compare(lambda: convolve.convolve(x, omega, swap_real_imag=swap),
                        lambda: theirs.convolve(x, omega, swap_real_imag=swap), False)
    wr = theirs.init_convolution_kernel(n, lambda k: numpy.cos(0.3 * k), d=0, zero_nyquist=0)
    wi = theirs.init_convolution_kernel(n, lambda k: numpy.sin(0.3 * k), d=1, zero_nyquist=0)
    compare(lambda: convolve.convolve_z(x, wr, wi), lambda: theirs.convolve_z(x, wr, wi), False)
    single = x.astype(numpy.float32)
    compare(lambda: convolve.convolve(single, wr), lambda: theirs.convolve(single, wr), False)


def test_fftpack_convolve_drops_imaginary_parts_with_numpys_warning():
    x = signal(6, numpy.complex128)
    omega = scipy.fftpack.convolve.init_convolution_kernel(6, lambda k: 1.0)
    with pytest.warns(numpy.exceptions.ComplexWarning):
        expected = scipy.fftpack.convolve.convolve(x, omega)
    with pytest.warns(numpy.exceptions.ComplexWarning):
        actual = gfftpack.convolve.convolve(x, omega)
    numpy.testing.assert_allclose(actual, expected, rtol=1e-13, atol=1e-13)


def test_fftpack_helpers():
    for n, d in ((4, 0.5), (7, 1.0), (1, 3.0)):
        numpy.testing.assert_array_equal(gfftpack.fftfreq(n, d), scipy.fftpack.fftfreq(n, d))
    for n, d in ((4, 0.5), (7, 1.0), (0, 1.0)):
        numpy.testing.assert_array_equal(gfftpack.rfftfreq(n, d), scipy.fftpack.rfftfreq(n, d))
