# SPDX-License-Identifier: BSD-3-Clause
"""repr, str, format, array_repr, array_str and array2string print what NumPy
prints for the same values, and a summarized array is not downloaded whole.

The comparisons run on the GPU and, here too, on HostBacked: a stand-in for a
device array over host memory with the same _view and _download contract, so
that all of _base/printing.py's logic (the gather views included) is checked without a
GPU."""
import numpy
import pytest

import gpuarray
from gpuarray._base import printing as _printing

ALL_DTYPES = [numpy.bool_, numpy.int8, numpy.int16, numpy.int32, numpy.int64, numpy.uint8,
              numpy.uint16, numpy.uint32, numpy.uint64, numpy.float16, numpy.float32,
              numpy.float64, numpy.complex64, numpy.complex128]
FLOAT_DTYPES = [numpy.float16, numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]

# Views h of a C-contiguous x, by name: (h, x).
LAYOUTS = {
    "contiguous": lambda x: x,
    "fortran": lambda x: x.T,
    "strided": lambda x: x[(slice(None, None, 2),) * x.ndim + (...,)],
    "negative": lambda x: x[(slice(None, None, -1),) * x.ndim + (...,)],
    "broadcast": lambda x: numpy.broadcast_to(x, (3,) + x.shape),
}
SUMMARIZED_SHAPES = [(2000,), (100, 100), (3, 1000, 5)]


class HostBacked:
    """A device array stand-in: a view of a host buffer, element 0 at `offset` bytes."""

    @classmethod
    def of(cls, x):
        """x (C-contiguous) in a buffer of its own."""
        return cls(x.copy().reshape(-1).view(numpy.uint8), 0, x.shape, x.strides, x.dtype)

    def __init__(self, buffer, offset, shape, strides, dtype):
        self._buffer, self._offset = buffer, offset
        self._host = numpy.ndarray(shape, dtype, buffer=buffer, offset=offset, strides=strides)

    shape = property(lambda self: self._host.shape)
    strides = property(lambda self: self._host.strides)
    dtype = property(lambda self: self._host.dtype)
    ndim = property(lambda self: self._host.ndim)
    size = property(lambda self: self._host.size)

    def _view(self, shape, strides, offset=0):
        return HostBacked(self._buffer, self._offset + offset, shape, strides, self.dtype)

    def _download(self):
        return self._host.copy()

    __repr__ = gpuarray.ndarray.__repr__
    __str__ = gpuarray.ndarray.__str__
    __format__ = gpuarray.ndarray.__format__


@pytest.fixture(params=["host_backed", pytest.param("gpu", marks=pytest.mark.gpu)])
def to_device(request, monkeypatch):
    """to_device(h, x): NumPy view h of C-contiguous x as a device array (or its stand-in)."""
    if request.param == "gpu":
        upload = gpuarray.asarray
    else:
        monkeypatch.setattr(_printing, "ndarray", HostBacked)
        upload = HostBacked.of

    def convert(h, x):
        assert x.flags.c_contiguous
        return upload(x)._view(h.shape, h.strides, h.ctypes.data - x.ctypes.data)
    return convert


def sample(shape, dtype, seed=0):
    """Values of `dtype` with varied widths, signs and exponents."""
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(dtype)
    if dtype.kind == "b":
        return numpy.asarray(rng.random(shape) < 0.5)
    if dtype.kind in "iu":
        info = numpy.iinfo(dtype)
        values = rng.integers(info.min, info.max, shape, dtype=dtype, endpoint=True)
        return numpy.asarray(values >> rng.integers(0, info.bits, shape).astype(dtype))
    finite = numpy.finfo(dtype).max

    def real():
        return numpy.clip(rng.standard_normal(shape) * 10.0 ** rng.integers(-4, 5, shape), -finite, finite)
    values = real() + 1j * real() if dtype.kind == "c" else real()
    return numpy.asarray(values.astype(dtype))


def assert_prints_as(d, h):
    assert repr(d) == repr(h)
    assert str(d) == str(h)


def numpy_cut(h, edgeitems):
    """h with each axis longer than 2 * edgeitems + 2 cut to its first and last edgeitems + 1 entries."""
    for axis, n in enumerate(h.shape):
        if n > 2 * edgeitems + 2:
            keep = edgeitems + 1
            h = numpy.concatenate((h.take(range(keep), axis), h.take(range(n - keep, n), axis)), axis)
    return h


# The method, with NumPy alone: NumPy prints a summarized array as it prints its
# cut with threshold=0, whatever the hidden middle holds.
@pytest.mark.parametrize("dtype", [numpy.bool_, numpy.int8, numpy.uint64, numpy.float16, numpy.float32,
                                   numpy.float64, numpy.complex64])
@pytest.mark.parametrize("shape", [(9,), (2000,), (40, 30), (3, 1000, 5), (6, 7, 8, 9)])
@pytest.mark.parametrize("edgeitems", [1, 2, 3, 5])
@pytest.mark.parametrize("options", [{}, {"threshold": 10, "max_line_width": 40},
                                     {"threshold": 0, "max_line_width": 200, "precision": 3}])
def test_numpy_prints_the_cut_as_the_whole(dtype, shape, edgeitems, options):
    h = sample(shape, dtype)
    kind = numpy.dtype(dtype).kind
    h[tuple(slice(n // 2 - 1, n // 2 + 1) for n in shape)] = (  # the widest values, hidden
        numpy.iinfo(dtype).min if kind in "iu" else numpy.finfo(dtype).min if kind in "fc" else True)
    options = {"edgeitems": edgeitems, "threshold": 1000, "max_line_width": 75, **options}
    if h.size <= options["threshold"]:
        pytest.skip("NumPy shows every entry")
    cut_options = {**options, "threshold": 0}
    for separator in (" ", ", "):
        assert (numpy.array2string(numpy_cut(h, edgeitems), separator=separator, **cut_options)
                == numpy.array2string(h, separator=separator, **options))


@pytest.mark.parametrize("dtype", ALL_DTYPES)
@pytest.mark.parametrize("shape", [(), (0,), (0, 3), (2, 0, 4), (7,), (3, 5), (2, 3, 4)])
@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_small_arrays(to_device, dtype, shape, layout):
    if (shape == () and layout != "contiguous") or (0 in shape and layout in ("strided", "negative")):
        pytest.skip("the same array as another layout")
    x = sample(shape, dtype)
    h = LAYOUTS[layout](x)
    assert_prints_as(to_device(h, x), h)


@pytest.mark.parametrize("dtype", ALL_DTYPES)
@pytest.mark.parametrize("shape", SUMMARIZED_SHAPES)
@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_summarized_arrays(to_device, dtype, shape, layout):
    x = sample(shape, dtype)
    h = LAYOUTS[layout](x)
    assert_prints_as(to_device(h, x), h)


@pytest.mark.parametrize("shape", SUMMARIZED_SHAPES + [(10, 10, 10, 10)])
@pytest.mark.parametrize("options", [{}, {"edgeitems": 1}, {"edgeitems": 5, "threshold": 10}])
def test_summarized_array_is_not_downloaded_whole(to_device, monkeypatch, shape, options):
    x = sample(shape, numpy.float32)
    d = to_device(x, x)
    downloaded = []
    download = type(d)._download

    def recording_download(self):
        host = download(self)
        downloaded.append(host.size)
        return host
    monkeypatch.setattr(type(d), "_download", recording_download)
    with numpy.printoptions(**options):
        edge = 2 * numpy.get_printoptions()["edgeitems"] + 2
        for text, expected in ((repr(d), repr(x)), (str(d), str(x)),
                               (gpuarray.array2string(d, separator=","), numpy.array2string(x, separator=","))):
            assert text == expected
    assert downloaded and max(downloaded) <= numpy.prod([min(n, edge) for n in shape])


def special_values(dtype):
    info = numpy.finfo(dtype)
    real = [numpy.nan, numpy.inf, -numpy.inf, -0.0, 0.0, info.max, -info.max, info.tiny,
            info.smallest_subnormal, info.eps, 1.0, -1.5]
    if numpy.dtype(dtype).kind == "c":
        return numpy.array([complex(r, i) for r, i in zip(real, real[3:] + real[:3])], dtype)
    return numpy.array(real, dtype)


@pytest.mark.parametrize("dtype", FLOAT_DTYPES)
@pytest.mark.parametrize("options", [{}, {"suppress": True}, {"precision": 3, "floatmode": "fixed"},
                                     {"sign": "+"}, {"nanstr": "NaN", "infstr": "Inf"}])
def test_special_values(to_device, dtype, options):
    specials = special_values(dtype)
    big = numpy.ones(2000, dtype)
    big[:6], big[-6:] = specials[:6], specials[6:]
    big[1000] = specials[5]  # hidden: must not change the format
    with numpy.printoptions(**options):
        for h in (specials, specials.reshape(3, 4), big, big.reshape(40, 50)):
            assert_prints_as(to_device(h, h), h)


PRINT_OPTIONS = [
    {"precision": 3}, {"precision": 12}, {"suppress": True}, {"linewidth": 40}, {"linewidth": 200},
    {"floatmode": "fixed"}, {"floatmode": "unique"}, {"floatmode": "maxprec_equal", "precision": 2},
    {"sign": "+"}, {"sign": " "}, {"edgeitems": 1}, {"edgeitems": 7, "threshold": 50},
    {"threshold": 0}, {"edgeitems": 0, "threshold": 10}, {"legacy": "1.13"}, {"legacy": "2.1"},
    {"formatter": {"all": lambda v: f"<{v}>"}},
] + ([{"override_repr": lambda a: f"custom{a.shape}"}] if "override_repr" in numpy.get_printoptions() else [])


@pytest.mark.parametrize("options", PRINT_OPTIONS)
@pytest.mark.parametrize("dtype, shape", [
    (numpy.float64, (50, 40)), (numpy.float32, (7,)), (numpy.complex64, (20, 60)), (numpy.int16, (2000,)),
    (numpy.bool_, (30, 40)), (numpy.float64, (2000,)), (numpy.float32, ()), (numpy.float16, (0, 4)),
])
@pytest.mark.parametrize("layout", ["contiguous", "negative"])
def test_print_options(to_device, options, dtype, shape, layout):
    x = sample(shape, dtype)
    h = LAYOUTS[layout](x)
    d = to_device(h, x)
    with numpy.printoptions(**options):
        assert_prints_as(d, h)
        assert gpuarray.array_repr(d) == numpy.array_repr(h)
        assert gpuarray.array_str(d) == numpy.array_str(h)


@pytest.mark.parametrize("kwargs", [
    {}, {"separator": ", ", "prefix": "x = ", "suffix": ";"}, {"max_line_width": 30, "precision": 2},
    {"suppress_small": True}, {"threshold": 10, "edgeitems": 2}, {"threshold": 5000},
    {"edgeitems": 1, "threshold": 0, "sign": "+", "floatmode": "fixed"},
    {"formatter": {"all": lambda v: f"<{v}>"}}, {"legacy": "1.13"},
])
@pytest.mark.parametrize("dtype, shape", [(numpy.float64, (2000,)), (numpy.float32, (30, 40)),
                                          (numpy.int32, (4, 5)), (numpy.complex128, ())])
def test_array2string(to_device, kwargs, dtype, shape):
    x = sample(shape, dtype)
    assert gpuarray.array2string(to_device(x, x), **kwargs) == numpy.array2string(x, **kwargs)


@pytest.mark.parametrize("kwargs", [{}, {"max_line_width": 50, "precision": 3, "suppress_small": True},
                                    {"max_line_width": 20}])
@pytest.mark.parametrize("shape", [(), (6,), (2000,), (30, 40)])
def test_array_repr_and_array_str_arguments(to_device, kwargs, shape):
    x = numpy.asarray(sample(shape, numpy.float32) / 1e4)  # small values: suppress_small matters
    d = to_device(x, x)
    assert gpuarray.array_repr(d, **kwargs) == numpy.array_repr(x, **kwargs)
    assert gpuarray.array_str(d, **kwargs) == numpy.array_str(x, **kwargs)


@pytest.mark.parametrize("dtype, spec", [(numpy.float32, ".3f"), (numpy.float64, ">12.2e"), (numpy.int64, "x"),
                                         (numpy.complex128, ".2f"), (numpy.bool_, "")])
def test_format_of_0d_array_is_format_of_its_scalar(to_device, dtype, spec):
    x = sample((), dtype)
    assert format(to_device(x, x), spec) == format(x, spec)


@pytest.mark.parametrize("shape", [(3,), (2000,)])
def test_format_of_arrays_takes_only_the_empty_spec(to_device, shape):
    x = sample(shape, numpy.int32)
    d = to_device(x, x)
    assert format(d, "") == f"{d}" == format(x, "") == str(x)
    for a in (x, d):
        with pytest.raises(TypeError, match="unsupported format string"):
            format(a, "d")


@pytest.mark.parametrize("shape", [(), (5,), (2000,)])
def test_download_errors_propagate(to_device, monkeypatch, shape):
    x = sample(shape, numpy.float64)
    d = to_device(x, x)

    def failing_download(self):
        raise RuntimeError("download failed")
    monkeypatch.setattr(type(d), "_download", failing_download)
    for show in (repr, str, gpuarray.array2string):
        with pytest.raises(RuntimeError, match="download failed"):
            show(d)


def test_longlong_dtype_is_named_as_numpy_names_it():
    x = numpy.arange(2000, dtype="q")  # equal to int64 ('l'), yet NumPy's repr names it
    assert repr(HostBacked.of(x)) == repr(x)


def test_numpy_arrays_are_printed_by_numpy():
    h = numpy.arange(2000, dtype=numpy.float32).reshape(40, 50)
    assert gpuarray.array_repr(h, 40) == numpy.array_repr(h, 40)
    assert gpuarray.array_str(h, precision=2) == numpy.array_str(h, precision=2)
    assert (gpuarray.array2string(h, separator=",", threshold=5, edgeitems=1)
            == numpy.array2string(h, separator=",", threshold=5, edgeitems=1))
    masked = numpy.ma.array([1, 2])
    assert gpuarray.array_repr(masked) == numpy.array_repr(masked)


def test_exported():
    assert {"array_repr", "array_str", "array2string"} <= set(_printing.__all__)
    assert gpuarray.array2string is _printing.array2string
