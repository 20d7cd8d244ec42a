# SPDX-License-Identifier: BSD-3-Clause
"""NumPy's input and output through the host (issue 25): what gpuarray writes,
NumPy reads back the same, and what NumPy writes, gpuarray reads the same."""
import io

import numpy
import pytest

from gpuarray import testing

gpu = pytest.mark.gpu

DTYPES = [numpy.bool_, numpy.int8, numpy.uint16, numpy.int64, numpy.float16, numpy.float32, numpy.float64,
          numpy.complex64, numpy.complex128]
LAYOUTS = ["contiguous", "fortran", "transposed", "reversed", "strided", "0-d", "empty"]


def sample(xp, dtype, layout):
    host = (numpy.arange(24) % 7 - 3).astype(dtype).reshape(4, 6)
    a = xp.asarray(host)
    return {"contiguous": a, "fortran": xp.asfortranarray(a), "transposed": a.T, "reversed": a[::-1, ::-2],
            "strided": a[::2, 1::3], "0-d": a[1, 2, ...], "empty": a[:0]}[layout]


def round_trip(xp, writer, reader, data, **kwargs):
    f = io.BytesIO()
    writer(f, data, **kwargs)
    f.seek(0)
    return reader(f)


@gpu
@pytest.mark.parametrize("layout", [layout for layout in LAYOUTS if layout != "empty"])
@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: numpy.dtype(d).name)
@testing.numpy_gpuarray_equal(check_strides=True)
def test_save_load(xp, dtype, layout):
    return round_trip(xp, xp.save, xp.load, sample(xp, dtype, layout))


@gpu
@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: numpy.dtype(d).name)
@testing.numpy_gpuarray_equal()
def test_save_load_empty(xp, dtype):
    # Strides of an empty array carry nothing: NumPy's load keeps the file's,
    # a new device array has NumPy's strides for new empty arrays.
    return round_trip(xp, xp.save, xp.load, sample(xp, dtype, "empty"))


@gpu
@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: numpy.dtype(d).name)
def test_files_are_numpys(dtype):
    import gpuarray
    host = (numpy.arange(12) % 5).astype(dtype).reshape(3, 4)
    mine, theirs = io.BytesIO(), io.BytesIO()
    gpuarray.save(mine, gpuarray.asarray(host))
    numpy.save(theirs, host)
    assert mine.getvalue() == theirs.getvalue()
    theirs.seek(0)
    numpy.testing.assert_array_equal(gpuarray.load(theirs).get(), host)


@gpu
@pytest.mark.parametrize("saver", ["savez", "savez_compressed"])
@testing.numpy_gpuarray_equal()
def test_savez_load(xp, saver):
    f = io.BytesIO()
    getattr(xp, saver)(f, sample(xp, numpy.float32, "transposed"), sample(xp, numpy.int8, "0-d"),
                       weights=sample(xp, numpy.complex64, "strided"), none=sample(xp, numpy.bool_, "empty"))
    f.seek(0)
    with xp.load(f) as data:
        assert sorted(data.files) == ["arr_0", "arr_1", "none", "weights"] and len(data) == 4 and "arr_1" in data
        return [data[k] for k in sorted(data.files)]


@gpu
def test_load_refuses_what_a_device_array_cannot_hold():
    import gpuarray
    for host in (numpy.array(["a", "b"]), numpy.zeros(2, [("x", "f4")]), numpy.array([1, "x"], dtype=object)):
        f = io.BytesIO()
        numpy.save(f, host)
        f.seek(0)
        with pytest.raises((TypeError, ValueError)):
            gpuarray.load(f, allow_pickle=True)
    f = io.BytesIO()
    numpy.save(f, numpy.array({"not": "an array"}, dtype=object), allow_pickle=True)
    f.seek(0)
    with pytest.raises(TypeError):
        gpuarray.load(f, allow_pickle=True)


@testing.numpy_gpuarray_equal()
def test_load_errors_are_numpys(xp, tmp_path):
    # Raised by NumPy while reading, before the device is touched.
    return xp.load(tmp_path / "missing.npy")


TEXT = "# a comment\n1 2 3\n4 5 6\n-7 8.5 9e2\n"


@gpu
@pytest.mark.parametrize("kwargs", [{}, {"dtype": numpy.float32}, {"usecols": (0, 2)}, {"unpack": True},
                                    {"skiprows": 2}, {"max_rows": 1}, {"ndmin": 2, "usecols": 1}],
                         ids=repr)
@testing.numpy_gpuarray_equal()
def test_loadtxt(xp, kwargs):
    return xp.loadtxt(io.StringIO(TEXT), **kwargs)


@gpu
@pytest.mark.parametrize("layout", ["contiguous", "transposed", "strided", "empty"])
@pytest.mark.parametrize("kwargs", [{}, {"fmt": "%d", "delimiter": ","}, {"header": "h", "footer": "f"}], ids=repr)
def test_savetxt_writes_what_numpy_writes(layout, kwargs):
    import gpuarray
    a = sample(gpuarray, numpy.int64, layout)
    mine, theirs = io.StringIO(), io.StringIO()
    gpuarray.savetxt(mine, a, **kwargs)
    numpy.savetxt(theirs, a.get(), **kwargs)
    assert mine.getvalue() == theirs.getvalue()


@gpu
@pytest.mark.parametrize("kwargs", [{"delimiter": ","}, {"delimiter": ",", "filling_values": -1},
                                    {"delimiter": ",", "skip_header": 1}, {"delimiter": ",", "usecols": (0, 2)},
                                    {"delimiter": ",", "unpack": True}, {"delimiter": ",", "dtype": numpy.int32,
                                                                         "filling_values": 0}],
                         ids=repr)
@testing.numpy_gpuarray_equal()
def test_genfromtxt(xp, kwargs):
    return xp.genfromtxt(io.StringIO("1,,3\n4,5,6\n7,8,\n"), **kwargs)


@gpu
@pytest.mark.parametrize("kwargs", [{"usemask": True}, {"names": True}, {"dtype": None}])
def test_genfromtxt_refuses_masked_and_structured_results(kwargs):
    import gpuarray
    with pytest.raises(TypeError):
        gpuarray.genfromtxt(io.StringIO("a,b\n1,x\n4,y\n"), delimiter=",", **kwargs)


@gpu
@testing.numpy_gpuarray_equal()
def test_fromregex_one_field(xp):
    result = xp.fromregex(io.StringIO("x=1 x=22 x=333"), r"x=(\d+)", [("num", numpy.int64)])
    # NumPy returns the structured array; gpuarray the field itself.
    return result if xp is not numpy else result["num"]


@gpu
def test_fromregex_refuses_several_fields():
    import gpuarray
    with pytest.raises(TypeError):
        gpuarray.fromregex(io.StringIO("1 2"), r"(\d) (\d)", [("a", numpy.int8), ("b", numpy.int8)])


@gpu
@pytest.mark.parametrize("kwargs", [{}, {"dtype": numpy.uint8}, {"dtype": numpy.int16, "count": 3},
                                    {"dtype": numpy.float32, "offset": 4}, {"dtype": numpy.int32, "count": 9}],
                         ids=repr)
@testing.numpy_gpuarray_equal()
def test_frombuffer(xp, kwargs):
    return xp.frombuffer(numpy.arange(4, dtype=numpy.float64).tobytes(), **kwargs)


@gpu
@pytest.mark.parametrize("count", [-1, 3, 10])
@testing.numpy_gpuarray_equal()
def test_fromiter(xp, count):
    return xp.fromiter((i * 0.5 for i in range(5)), dtype=numpy.float32, count=count)


@gpu
@pytest.mark.parametrize("text,kwargs", [("1 2 3", {"sep": " "}), ("1, 2,3", {"sep": ",", "dtype": numpy.int8}),
                                         ("1 2 3", {"sep": " ", "count": 2}), ("1 2", {"sep": ""})], ids=repr)
@testing.numpy_gpuarray_equal()
def test_fromstring(xp, text, kwargs):
    return xp.fromstring(text, **kwargs)


@gpu
@pytest.mark.parametrize("kwargs", [{"dtype": numpy.int16}, {"dtype": numpy.int16, "offset": 4, "count": 2}],
                         ids=repr)
@testing.numpy_gpuarray_equal()
def test_fromfile_binary(xp, kwargs, tmp_path):
    path = tmp_path / "x.bin"
    numpy.arange(10, dtype=numpy.int16).tofile(path)
    return xp.fromfile(path, **kwargs)


@gpu
@testing.numpy_gpuarray_equal()
def test_fromfile_text(xp, tmp_path):
    path = tmp_path / "x.txt"
    path.write_text("1.5,2,3")
    return xp.fromfile(path, sep=",")


def test_like_must_be_a_device_array_or_none():
    import gpuarray
    with pytest.raises(TypeError, match="like="):
        gpuarray.fromiter([1], dtype=int, like=numpy.zeros(1))
