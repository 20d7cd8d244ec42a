# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.scipy.fft and gpuarray.scipy.fftpack on a device against SciPy on the
host: every transform, type, norm and dtype, odd, even and one-point lengths,
crops and pads, axes, strided and negative-stride views, empty batches, and
the large DCT the benchmark runs. Values are compared relative to the largest
magnitude, within a tolerance set by the precision."""
import itertools

import numpy
import pytest
import scipy.fft
import scipy.fftpack
import scipy.fftpack.convolve

import gpuarray
from gpuarray.scipy import fft as gfft
from gpuarray.scipy import fftpack as gfftpack
from gpuarray.scipy.fft import _factor_cache

pytestmark = pytest.mark.gpu

SINGLE = (numpy.float16, numpy.float32, numpy.complex64)
NORMS = (None, "backward", "ortho", "forward")


def signal(shape, dtype, seed=0):
    rng = numpy.random.default_rng(seed)
    a = rng.standard_normal(shape)
    if numpy.dtype(dtype).kind == "c":
        a = a + 1j * rng.standard_normal(shape)
    if numpy.dtype(dtype).kind in "iub":
        a = rng.integers(-4, 5, shape) if numpy.dtype(dtype).kind != "b" else a > 0
    return a.astype(dtype)


def compare(ours, theirs, x, single, view=lambda a: a):
    """ours(view(device copy of x)) against theirs(view(x)): SciPy's exception type,
    or a device array of SciPy's dtype and shape with close values."""
    try:
        # A copy: SciPy may transform in place under overwrite_x=True (it did for complex input
        # on the GPU machines' SciPy), and x is uploaded for gpuarray afterwards.
        expected = theirs(view(x.copy()))
    except Exception as error:  # noqa: BLE001 (compared below)
        with pytest.raises(type(error)):
            ours(view(gpuarray.asarray(x)))
        return
    actual = ours(view(gpuarray.asarray(x)))
    assert isinstance(actual, gpuarray.ndarray)
    assert (actual.dtype, actual.shape) == (expected.dtype, expected.shape)
    scale = max(1.0, float(numpy.abs(expected).max(initial=0)))
    tol = 1e-4 if single else 1e-10
    numpy.testing.assert_allclose(actual.get() / scale, expected / scale, rtol=tol, atol=tol)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 8, 9, 16, 17, 30, 97, 1000, 1024])
@pytest.mark.parametrize("type", [1, 2, 3, 4])
@pytest.mark.parametrize("name", ["dct", "idct", "dst", "idst"])
def test_real_transforms(name, type, n):
    for dtype, norm, orthogonalize in itertools.product((numpy.float64, numpy.float32), NORMS, (None, True, False)):
        compare(lambda a: getattr(gfft, name)(a, type, norm=norm, orthogonalize=orthogonalize),
                lambda a: getattr(scipy.fft, name)(a, type, norm=norm, orthogonalize=orthogonalize),
                signal((3, n), dtype), dtype in SINGLE)


@pytest.mark.parametrize("dtype", [numpy.float16, numpy.float32, numpy.float64, numpy.complex64, numpy.complex128,
                                   numpy.int32, numpy.uint8, numpy.bool_])
@pytest.mark.parametrize("name", ["dct", "idct", "dst", "idst"])
def test_real_transform_dtypes(name, dtype):
    for type, kwargs in itertools.product((1, 2, 3, 4), ({}, dict(norm="ortho"), dict(orthogonalize=True))):
        compare(lambda a: getattr(gfft, name)(a, type, **kwargs), lambda a: getattr(scipy.fft, name)(a, type, **kwargs),
                signal((4, 7), dtype), dtype in SINGLE)


VIEWS = [lambda a: a, lambda a: a[::2], lambda a: a[:, ::-1], lambda a: a[::-3, 1:], lambda a: a.T,
         lambda a: a[:, 3:11], lambda a: a.reshape(4, 3, 16)[:, 1], lambda a: a.reshape(4, 3, 16).transpose(2, 0, 1)]


@pytest.mark.parametrize("view", VIEWS, ids=[f"view{i}" for i in range(len(VIEWS))])
@pytest.mark.parametrize("name", ["dct", "idct", "dst", "idst"])
def test_real_transform_views_axes_crops_and_pads(name, view):
    x = signal((12, 16), numpy.float64)
    for type, axis, n in itertools.product((1, 2, 3, 4), (0, -1), (None, 1, 5, 12, 25)):
        if type == 1 and name in ("dct", "idct") and n == 1:
            continue
        compare(lambda a: getattr(gfft, name)(a, type, n=n, axis=axis),
                lambda a: getattr(scipy.fft, name)(a, type, n=n, axis=axis), x, False, view)


@pytest.mark.parametrize("s, axes", [(None, None), ((3, 4), (0, 2)), ((8,), None), (None, (1,)), ((9, 2), (-1, 0)),
                                     (None, (2, 0, 1)), ((1, 1, 1), None)])
@pytest.mark.parametrize("name", ["dctn", "idctn", "dstn", "idstn"])
def test_real_transforms_nd(name, s, axes):
    for type, dtype, norm in itertools.product((1, 2, 3, 4), (numpy.float64, numpy.complex64), (None, "ortho")):
        if type == 1 and name in ("dctn", "idctn") and s == (1, 1, 1):
            continue
        compare(lambda a: getattr(gfft, name)(a, type, s=s, axes=axes, norm=norm),
                lambda a: getattr(scipy.fft, name)(a, type, s=s, axes=axes, norm=norm), signal((5, 6, 7), dtype),
                dtype in SINGLE, lambda a: a[::-1, :, ::2])


@pytest.mark.parametrize("shape, axis", [((0, 8), -1), ((3, 0, 5), -1), ((0,), 0), ((4, 0), 0)])
@pytest.mark.parametrize("name", ["dct", "idst", "fft", "rfft"])
def test_empty_batches(name, shape, axis):
    compare(lambda a: getattr(gfft, name)(a, axis=axis), lambda a: getattr(scipy.fft, name)(a, axis=axis),
            signal(shape, numpy.float32), True)


@pytest.mark.parametrize("dtype", [numpy.float32, numpy.float64])
@pytest.mark.parametrize("type", [2, 3])
def test_large_dct(type, dtype):
    """The benchmark's size, against SciPy in float64."""
    x = signal(2**22, dtype)
    expected = scipy.fft.dct(x.astype(numpy.float64), type)
    actual = gfft.dct(gpuarray.asarray(x), type)
    assert actual.dtype == dtype
    error = numpy.abs(actual.get() - expected).max() / numpy.abs(expected).max()
    assert error < (1e-5 if dtype == numpy.float32 else 1e-12), error


def test_factor_cache_gives_the_same_results():
    x = gpuarray.asarray(signal((3, 1000), numpy.float32))
    first = gfft.dct(x).get()
    numpy.testing.assert_array_equal(gfft.dct(x).get(), first)
    _factor_cache.clear()
    numpy.testing.assert_array_equal(gfft.dct(x).get(), first)


def test_dct_on_another_stream():
    x = signal((5, 300), numpy.float64)
    _factor_cache.clear()
    with gpuarray.cuda.Stream() as stream:
        actual = gfft.idct(gpuarray.asarray(x), 4, norm="ortho")
        stream.synchronize()
    numpy.testing.assert_allclose(actual.get(), scipy.fft.idct(x, 4, norm="ortho"), rtol=1e-10, atol=1e-10)


ONE_D_CASES = [{}, dict(n=1), dict(n=0), dict(n=5), dict(n=16), dict(axis=0), dict(axis=-2, n=3), dict(norm="ortho"),
               dict(norm="forward"), dict(workers=-1, overwrite_x=True)]


@pytest.mark.parametrize("dtype", [numpy.float16, numpy.float32, numpy.float64, numpy.complex64, numpy.complex128,
                                   numpy.int16, numpy.bool_])
@pytest.mark.parametrize("name", ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"])
def test_one_d_transforms(name, dtype):
    x = signal((4, 9), dtype)
    for kwargs, view in itertools.product(ONE_D_CASES, (lambda a: a, lambda a: a[::-1, ::2])):
        compare(lambda a: getattr(gfft, name)(a, **kwargs), lambda a: getattr(scipy.fft, name)(a, **kwargs), x,
                dtype in SINGLE, view)


ND_CASES = [{}, dict(s=(3, 4)), dict(s=(3, 4), axes=(0, 2)), dict(axes=(2, 0)), dict(s=3), dict(s=(-1, 3), axes=(0, 1)),
            dict(norm="ortho"), dict(norm="forward", axes=(1,)), dict(s=(4, 1), axes=(0, 2))]


@pytest.mark.parametrize("dtype", [numpy.float16, numpy.float32, numpy.float64, numpy.complex64, numpy.complex128])
@pytest.mark.parametrize("name", ["fftn", "ifftn", "rfftn", "irfftn", "hfftn", "ihfftn", "fft2", "ifft2", "rfft2",
                                  "irfft2", "hfft2", "ihfft2"])
def test_nd_transforms(name, dtype):
    x = signal((4, 5, 6), dtype)
    for kwargs, view in itertools.product(ND_CASES, (lambda a: a, lambda a: a[:, ::-1, 1::2])):
        compare(lambda a: getattr(gfft, name)(a, **kwargs), lambda a: getattr(scipy.fft, name)(a, **kwargs), x,
                dtype in SINGLE, view)


def test_host_inputs_are_copied_to_the_device():
    data = signal((3, 8), numpy.float64)
    for given in (data, data.tolist()):
        for name in ("fft", "rfft", "dct", "fftn", "dstn"):
            actual = getattr(gfft, name)(given)
            assert isinstance(actual, gpuarray.ndarray)
            numpy.testing.assert_allclose(actual.get(), getattr(scipy.fft, name)(data), rtol=1e-12, atol=1e-12)


def test_frequencies_and_shifts():
    for name in ("fftfreq", "rfftfreq"):
        numpy.testing.assert_array_equal(getattr(gfft, name)(9, 0.3).get(), getattr(scipy.fft, name)(9, 0.3))
        assert isinstance(getattr(gfft, name)(4, xp=numpy), numpy.ndarray)
        assert isinstance(getattr(gfft, name)(4, xp=gpuarray), gpuarray.ndarray)
    x = signal((5, 6), numpy.float32)
    numpy.testing.assert_array_equal(gfft.fftshift(gpuarray.asarray(x), 1).get(), scipy.fft.fftshift(x, 1))
    numpy.testing.assert_array_equal(gfft.ifftshift(gpuarray.asarray(x)).get(), scipy.fft.ifftshift(x))


@pytest.mark.parametrize("bias", [0.0, 0.7])
@pytest.mark.parametrize("mu", [0.0, 1.5, -0.5])
@pytest.mark.parametrize("n", [16, 17, 128])
def test_fast_hankel_transforms(n, mu, bias):
    r = numpy.logspace(-3, 3, n)
    dln = numpy.log(r[1] / r[0])
    offset = scipy.fft.fhtoffset(dln, mu, bias=bias)
    for dtype in (numpy.float64, numpy.float32):
        a = numpy.stack([r**(mu + 1) * numpy.exp(-r**2 / 2), numpy.exp(-r)]).astype(dtype)
        for name in ("fht", "ifht"):
            compare(lambda x: getattr(gfft, name)(x, dln, mu, offset=offset, bias=bias),
                    lambda x: getattr(scipy.fft, name)(x, dln, mu, offset=offset, bias=bias), a, dtype in SINGLE)


# ---- fftpack

@pytest.mark.parametrize("dtype", [numpy.float16, numpy.float32, numpy.float64, numpy.int32])
@pytest.mark.parametrize("name", ["rfft", "irfft", "fft", "ifft"])
def test_fftpack_transforms(name, dtype):
    x = signal((6, 9), dtype)
    for n, axis, view in itertools.product((None, 1, 2, 3, 8, 9, 20), (0, -1), (lambda a: a, lambda a: a[::-1, 1::2])):
        compare(lambda a: getattr(gfftpack, name)(a, n=n, axis=axis),
                lambda a: getattr(scipy.fftpack, name)(a, n=n, axis=axis), x, dtype in SINGLE, view)


@pytest.mark.parametrize("name", ["fftn", "ifftn", "fft2", "ifft2"])
def test_fftpack_nd_transforms(name):
    x = signal((4, 6), numpy.complex128)
    for shape, axes in ((None, None), ((3, 4), None), ((3,), (0,)), (None, (1, 0)), ((5, 5), (0, 1))):
        axes = (-2, -1) if name.endswith("2") and axes is None else axes
        compare(lambda a: getattr(gfftpack, name)(a, shape, axes),
                lambda a: getattr(scipy.fftpack, name)(a, shape, axes), x, False)


@pytest.mark.parametrize("name", ["dct", "idct", "dst", "idst", "dctn", "idctn", "dstn", "idstn"])
def test_fftpack_real_transforms(name):
    for type, norm, dtype in itertools.product((1, 2, 3, 4), (None, "ortho"), (numpy.float64, numpy.float32)):
        extra = dict(shape=(4, 9)) if name.endswith("n") else dict(n=7)
        for kwargs in ({}, extra):
            compare(lambda a: getattr(gfftpack, name)(a, type, norm=norm, **kwargs),
                    lambda a: getattr(scipy.fftpack, name)(a, type, norm=norm, **kwargs), signal((5, 8), dtype),
                    dtype in SINGLE)


PSEUDO_DIFFS = [("diff", ()), ("diff", (2,)), ("diff", (3,)), ("diff", (-1,)), ("diff", (-2, 4.0)), ("tilbert", (0.5,)),
                ("itilbert", (0.5,)), ("hilbert", ()), ("ihilbert", ()), ("cs_diff", (0.5, 1.0)),
                ("sc_diff", (0.5, 1.0)), ("ss_diff", (0.5, 1.0)), ("cc_diff", (0.5, 1.0)), ("shift", (0.3,)),
                ("shift", (1.0, 4.0))]


@pytest.mark.parametrize("name, args", PSEUDO_DIFFS, ids=[f"{n}{a}" for n, a in PSEUDO_DIFFS])
def test_fftpack_pseudo_differential_operators(name, args):
    for n, dtype in itertools.product((1, 2, 3, 4, 7, 8, 16, 33, 1000), (numpy.float64, numpy.float32,
                                                                         numpy.complex128, numpy.int32)):
        # SciPy computes in float64 whatever the input: so does gpuarray.
        compare(lambda a: getattr(gfftpack, name)(a, *args), lambda a: getattr(scipy.fftpack, name)(a, *args),
                signal(n, dtype), False)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 7, 8, 100])
def test_fftpack_convolve_module(n):
    x = signal(n, numpy.float64)
    ours, theirs = gfftpack.convolve, scipy.fftpack.convolve
    for d, swap in itertools.product((0, 1, 2, 3), (False, True)):
        omega = theirs.init_convolution_kernel(n, lambda k: 1.0 + 0.5 * k, d=d)
        numpy.testing.assert_array_equal(ours.init_convolution_kernel(n, lambda k: 1.0 + 0.5 * k, d=d).get(), omega)
        compare(lambda a: ours.convolve(a, gpuarray.asarray(omega), swap_real_imag=swap),
                lambda a: theirs.convolve(a, omega, swap_real_imag=swap), x, False)
    wr = theirs.init_convolution_kernel(n, lambda k: numpy.cos(0.3 * k), d=0, zero_nyquist=0)
    wi = theirs.init_convolution_kernel(n, lambda k: numpy.sin(0.3 * k), d=1, zero_nyquist=0)
    compare(lambda a: ours.convolve_z(a, wr, wi), lambda a: theirs.convolve_z(a, wr, wi), x, False)
