# SPDX-License-Identifier: BSD-3-Clause
"""ndarray methods NumPy has that gpuarray added for issue 25: dot, byteswap, tobytes,
tofile, dump/dumps and pickling, getfield/setfield, setflags and the flags,
__contains__, __divmod__, __delitem__, __class_getitem__. Each is compared with NumPy's
method over dtypes and layouts; the checks made before device work run without a GPU
(fake_memory's arrays)."""
import io
import pickle

import numpy
import pytest

import gpuarray
from fake_memory import fake_array
from gpuarray import testing

gpu = pytest.mark.gpu

DTYPES = [numpy.bool_, numpy.int8, numpy.uint8, numpy.int16, numpy.uint16, numpy.int32, numpy.int64,
          numpy.uint64, numpy.float16, numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]
LAYOUTS = ["contiguous", "fortran", "transposed", "reversed", "strided", "0-d", "empty", "broadcast"]
DTYPE_IDS = [numpy.dtype(d).name for d in DTYPES]


def sample(xp, dtype, layout):
    host = testing.exact_sample((4, 6), dtype)
    host[0, :3] = numpy.array([1, 256, 1000]).astype(dtype)  # bytes that differ when swapped
    a = xp.asarray(host)
    return {"contiguous": a, "fortran": xp.asfortranarray(a), "transposed": a.T, "reversed": a[::-1, ::-2],
            "strided": a[::2, 1::3], "0-d": a[1, 2, ...], "empty": a[:0],
            "broadcast": xp.broadcast_to(a[1], (3, 6))}[layout]


# ---- names: what dir(numpy.ndarray) has that gpuarray.ndarray lacks is the documented list

# A superset of what one NumPy lacks: __buffer__ comes with Python 3.12, _set_shape and
# _set_dtype with NumPy 2.5.
LEFT_OUT = {"__array_finalize__", "__array_interface__", "__array_struct__",
            "__array_wrap__", "__setstate__", "ctypes", "__buffer__", "_set_shape", "_set_dtype"}


def test_ndarray_has_numpys_methods_but_the_documented_ones():
    missing = set(dir(numpy.ndarray)) - set(dir(gpuarray.ndarray))
    assert missing <= LEFT_OUT, sorted(missing - LEFT_OUT)
    with open(__file__.rsplit("/tests/", 1)[0] + "/docs/numpy_coverage.md") as f:
        page = f.read()
    for name in LEFT_OUT:
        assert f"`{name}`" in page, f"docs/numpy_coverage.md does not say why {name} is left out"


# ---- dot

@gpu
@pytest.mark.parametrize("shapes", [((3,), (3,)), ((2, 3), (3,)), ((2, 3), (3, 4)), ((2, 2, 3), (3, 2)), ((), ())])
@pytest.mark.parametrize("dtype", [numpy.int32, numpy.float32, numpy.complex128], ids=lambda d: numpy.dtype(d).name)
@testing.numpy_gpuarray_equal(rtol=1e-5)
def test_dot_method(xp, shapes, dtype):
    a = xp.asarray(testing.exact_sample(shapes[0], dtype))
    b = xp.asarray(testing.exact_sample(shapes[1], dtype, seed=1))
    return a.dot(b)


@gpu
@testing.numpy_gpuarray_equal()
def test_dot_method_out(xp):
    a, b = xp.arange(6.0).reshape(2, 3), xp.ones((3, 2))
    out = xp.zeros((2, 2))
    r = a.dot(b, out=out)
    assert r is out
    return out


# ---- byteswap

@gpu
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
@testing.numpy_gpuarray_equal(check_strides=True)
def test_byteswap_copy(xp, dtype, layout):
    a = sample(xp, dtype, layout)
    swapped = a.byteswap()
    assert swapped.dtype == a.dtype and swapped.flags.owndata
    # Bytes, not values: a swapped float may be a NaN whose payload must survive.
    return swapped.strides, swapped.copy().reshape(-1).view(numpy.uint8)


@gpu
@pytest.mark.parametrize("layout", [layout for layout in LAYOUTS if layout != "broadcast"])
@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
@testing.numpy_gpuarray_equal()
def test_byteswap_in_place(xp, dtype, layout):
    base = sample(xp, dtype, "contiguous")
    a = {"contiguous": base, "fortran": base.T.copy().T, "transposed": base.T, "reversed": base[::-1, ::-2],
         "strided": base[::2, 1::3], "0-d": base[1, 2, ...], "empty": base[:0]}[layout]
    assert a.byteswap(inplace=True) is a
    return base.view(numpy.uint8) if layout != "fortran" else a.T.copy().view(numpy.uint8)


@gpu
@pytest.mark.parametrize("dtype", [numpy.int32, numpy.complex64], ids=["int32", "complex64"])
def test_byteswap_twice_is_identity(dtype):
    host = testing.exact_sample((5, 3), dtype)
    a = gpuarray.asarray(host)
    a.byteswap(True).byteswap(True)
    numpy.testing.assert_array_equal(a.get(), host)


def test_byteswap_in_place_refuses_read_only_before_device_work():
    a, _ = fake_array((3,), numpy.int32, readonly=True)
    with pytest.raises(ValueError, match="byte-swapped is read-only"):
        a.byteswap(inplace=True)


# ---- tobytes, tofile

@gpu
@pytest.mark.parametrize("order", ["C", "F", "A", "K", None])
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
@testing.numpy_gpuarray_equal()
def test_tobytes(xp, dtype, layout, order):
    return sample(xp, dtype, layout).tobytes(order)


@pytest.mark.parametrize("order, error", [("X", ValueError), (1, TypeError)])
def test_tobytes_bad_order_before_device_work(order, error):
    a, _ = fake_array((2, 3))
    with pytest.raises(error):
        a.tobytes(order)
    with pytest.raises(error):
        numpy.zeros((2, 3), numpy.float32).tobytes(order)


@gpu
@pytest.mark.parametrize("sep, fmt", [("", "%s"), (",", "%s"), (" ", "%.3f"), ("\n", "%d")])
@pytest.mark.parametrize("layout", ["contiguous", "fortran", "reversed", "0-d", "empty"])
@pytest.mark.parametrize("dtype", [numpy.int16, numpy.float32, numpy.float64, numpy.complex64],
                         ids=["int16", "float32", "float64", "complex64"])
def test_tofile_writes_numpys_file(tmp_path, dtype, layout, sep, fmt):
    a = sample(gpuarray, dtype, layout)
    mine, theirs = tmp_path / "mine", tmp_path / "theirs"
    try:
        a.get().tofile(str(theirs), sep=sep, format=fmt)
    except TypeError as numpys:  # complex values with %d or %.3f: NumPy's error, gpuarray's too
        with pytest.raises(TypeError) as gpuarrays:
            a.tofile(str(mine), sep=sep, format=fmt)
        assert str(gpuarrays.value) == str(numpys)
        return
    a.tofile(str(mine), sep=sep, format=fmt)
    assert mine.read_bytes() == theirs.read_bytes()
    with open(mine, "ab") as f:  # an open file object too
        a.tofile(f, sep=sep, format=fmt)
    assert len(mine.read_bytes()) == 2 * len(theirs.read_bytes())


def test_tofile_bad_separator_before_device_work():
    a, _ = fake_array((2,))
    with pytest.raises(TypeError, match="sep"):
        a.tofile("unused", sep=1)
    with pytest.raises(TypeError, match="format"):
        a.tofile("unused", sep=",", format=None)


# ---- pickling, dump, dumps

@gpu
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype", DTYPES, ids=DTYPE_IDS)
@testing.numpy_gpuarray_equal()
def test_pickle_round_trip(xp, dtype, layout):
    a = sample(xp, dtype, layout)
    return pickle.loads(pickle.dumps(a, protocol=pickle.HIGHEST_PROTOCOL)), pickle.loads(a.dumps())


@gpu
def test_dump_to_path_and_file(tmp_path):
    a = gpuarray.arange(12.0).reshape(3, 4).T
    a.dump(tmp_path / "a.pkl")
    a.dump(str(tmp_path / "b.pkl"))
    buf = io.BytesIO()
    a.dump(buf)
    for data in ((tmp_path / "a.pkl").read_bytes(), (tmp_path / "b.pkl").read_bytes(), buf.getvalue()):
        b = pickle.loads(data)
        assert isinstance(b, gpuarray.ndarray) and b.flags.f_contiguous
        numpy.testing.assert_array_equal(b.get(), a.get())


@gpu
def test_pickle_holds_the_host_copy_numpy_reads_back():
    a = gpuarray.arange(4, dtype=numpy.int16)
    reduced = a.__reduce__()
    assert isinstance(reduced[1][0], numpy.ndarray)
    numpy.testing.assert_array_equal(reduced[1][0], numpy.arange(4, dtype=numpy.int16))


# ---- getfield, setfield

FIELDS = [(numpy.complex128, numpy.float64, 0), (numpy.complex128, numpy.float64, 8), (numpy.complex64, numpy.float32, 4),
          (numpy.float64, numpy.int32, 4), (numpy.int32, numpy.int16, 2), (numpy.int32, numpy.uint8, 3),
          (numpy.int64, (numpy.int16, (4,)), 0), (numpy.complex128, numpy.complex64, 8),
          (numpy.float32, numpy.float32, 0), (numpy.uint16, numpy.bool_, 1)]


@gpu
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("dtype, field, offset", FIELDS, ids=str)
@testing.numpy_gpuarray_equal(check_strides=True)
def test_getfield(xp, dtype, field, offset, layout):
    a = sample(xp, dtype, layout)
    f = a.getfield(field, offset)
    assert f.flags.writeable == a.flags.writeable
    return f


@gpu
@pytest.mark.parametrize("layout", [layout for layout in LAYOUTS if layout != "broadcast"])
@pytest.mark.parametrize("dtype, field, offset", FIELDS, ids=str)
@testing.numpy_gpuarray_equal()
def test_setfield(xp, dtype, field, offset, layout):
    base = sample(xp, dtype, "contiguous")
    if layout == "fortran":
        base = xp.asfortranarray(base)
    a = {"contiguous": base, "fortran": base, "transposed": base.T, "reversed": base[::-1, ::-2],
         "strided": base[::2, 1::3], "0-d": base[1, 2, ...], "empty": base[:0]}[layout]
    assert a.setfield(1, field, offset) is None
    shape = a.getfield(field, offset).shape
    values = xp.asarray((numpy.arange(int(numpy.prod(shape))) % 100).astype(numpy.int8).reshape(shape))
    a.setfield(values[..., ::-1] if values.ndim else values, field, offset)
    return base


@pytest.mark.parametrize("field, offset, message", [
    (numpy.int32, 13, "larger than original type"), (numpy.complex128, 1, "larger than original type"),
    (numpy.int32, -1, "offset is negative"), (numpy.int16, 1, "multiple of its itemsize"),
    (numpy.int32, 2, "multiple of its itemsize"), (numpy.complex64, 4, "multiple of its itemsize")])
def test_getfield_errors_before_device_work(field, offset, message):
    a, _ = fake_array((2, 3), numpy.complex128)  # complex64 needs 8-byte alignment on the device
    with pytest.raises(ValueError, match=message):
        a.getfield(field, offset)
    with pytest.raises(ValueError, match=message):
        a.setfield(0, field, offset)


def test_getfield_strides_that_misalign_a_field_raise():
    a, _ = fake_array((4, 3), numpy.int16)
    with pytest.raises(ValueError, match="multiple of its itemsize"):
        a.view(numpy.uint8)[:, 1:5].view(numpy.int16).getfield(numpy.int16)
    with pytest.raises(TypeError, match="object"):
        a.getfield(object)
    with pytest.raises(TypeError, match="does not support dtype"):
        a.getfield("U1")


def test_getfield_views_without_device_work():
    a, _ = fake_array((2, 3), numpy.complex128)
    imag = a.getfield(numpy.float64, 8)
    host = numpy.zeros((2, 3), numpy.complex128)
    assert imag.strides == host.getfield(numpy.float64, 8).strides
    assert imag.data.ptr == a.data.ptr + 8 and imag.base is a
    sub = a.getfield((numpy.int16, (8,)), 0)
    assert sub.shape == (2, 3, 8) and sub.strides == host.getfield((numpy.int16, (8,)), 0).strides


def test_setfield_refuses_read_only_before_device_work():
    a, _ = fake_array((3,), numpy.int32, readonly=True)
    with pytest.raises(ValueError, match="read-only"):
        a.setfield(1, numpy.int16, 2)


# ---- setflags and flags

def test_setflags_write_and_numpys_errors():
    a, _ = fake_array((2, 3))
    v = a[1:]
    a.setflags(write=False)
    assert not a.flags.writeable and v.flags.writeable  # views made earlier keep their flag, as NumPy's
    with pytest.raises(ValueError, match="cannot set WRITEABLE flag to True of this array"):
        a[1:].setflags(write=True)
    a.setflags(write=True)
    assert a.flags.writeable and a[1:].flags.writeable
    d = a.diagonal()
    assert not d.flags.writeable
    d.setflags(write=True)  # NumPy allows it: the base is writeable
    assert d.flags.writeable
    with pytest.raises(ValueError, match="WRITEBACKIFCOPY"):
        a.setflags(uic=True)
    a.setflags(uic=False)
    a.setflags(align=True)
    with pytest.raises(ValueError, match="ALIGNED"):
        a.setflags(align=False)
    with pytest.raises(TypeError):
        a.setflags(True, True, False, True)


def test_setflags_checks_in_numpys_order():
    a, _ = fake_array((2,))
    with pytest.raises(ValueError, match="WRITEBACKIFCOPY"):
        a.setflags(write=False, uic=True)
    assert a.flags.writeable  # nothing set when a check fails first


def test_flags_items_set_as_setflags():
    a, _ = fake_array((2,))
    a.flags["W"] = False
    assert not a.flags.writeable
    a.flags.writeable = True
    a.flags["A"] = True
    with pytest.raises(ValueError):
        a.flags["X"] = True
    with pytest.raises(ValueError):
        a.flags.aligned = False
    with pytest.raises(KeyError):
        a.flags["C"] = True


def test_aligned_flag_reads_the_addresses():
    a, _ = fake_array((8,), numpy.uint8)
    assert a.flags.aligned and a.flags.behaved and a.flags.carray
    odd = a[1:5].view(numpy.int32)
    assert not odd.flags.aligned and not odd.flags.behaved
    with pytest.raises(ValueError, match="mis-aligned"):
        odd.setflags(align=True)
    c, _ = fake_array((2,), numpy.complex128)
    # ga::complex<double> needs 16-byte alignment, more than NumPy's dtype.alignment (8)
    assert not c.view(numpy.uint8)[8:24].view(numpy.complex128).flags.aligned


class ReadOnlyExport:
    """A foreign exporter of device memory that shares it read-only."""

    def __init__(self, readonly):
        self.__cuda_array_interface__ = {"shape": (4,), "typestr": "<f4", "version": 3, "strides": None,
                                         "data": (0x7F0000000000, readonly), "stream": None}


@pytest.mark.parametrize("readonly", [True, False])
def test_writeable_cannot_be_set_over_a_read_only_export(readonly):
    a = gpuarray.ndarray((4,), numpy.float32, memptr=gpuarray.cuda.MemoryPointer(
        gpuarray.cuda.UnownedMemory(0x7F0000000000, 16, None, 0), 0))
    owner = ReadOnlyExport(readonly)
    a._set_base(owner)
    a.flags.writeable = False
    if readonly:
        with pytest.raises(ValueError, match="cannot set WRITEABLE"):
            a.setflags(write=True)
    else:
        a.setflags(write=True)
        assert a.flags.writeable


# Every path that writes an array refuses a read-only one, before writing (issue 25: a
# WRITEABLE flag that some write ignores is no flag).
WRITES = {
    "setitem": lambda xp, a: a.__setitem__(0, 1),
    "setitem array": lambda xp, a: a.__setitem__(slice(None), xp.ones(4, a.dtype)),
    "fancy setitem": lambda xp, a: a.__setitem__(xp.asarray([0, 2]), 1),
    "mask setitem": lambda xp, a: a.__setitem__(a > 1, 1),
    "fill": lambda xp, a: a.fill(1),
    "ufunc out": lambda xp, a: xp.add(a, 1, out=a),
    "in-place operator": lambda xp, a: a.__iadd__(1),
    "ufunc.at": lambda xp, a: xp.add.at(a, [0], 1),
    "ufunc.accumulate out": lambda xp, a: xp.add.accumulate(a, out=a),
    "reduction out": lambda xp, a: xp.sum(xp.ones((2, 4), a.dtype), axis=0, out=a),
    "cumsum out": lambda xp, a: xp.cumsum(a, out=a),
    "clip out": lambda xp, a: xp.clip(a, 0, 1, out=a),
    "take out": lambda xp, a: xp.take(a, xp.asarray([0, 1, 2, 3]), out=a),
    "put": lambda xp, a: xp.put(a, [0], 5),
    "place": lambda xp, a: xp.place(a, a > 1, [0]),
    "putmask": lambda xp, a: xp.putmask(a, a > 1, 0),
    "copyto": lambda xp, a: xp.copyto(a, 1),
    "put_along_axis": lambda xp, a: xp.put_along_axis(a, xp.asarray([0]), 1, axis=0),
    "fill_diagonal": lambda xp, a: xp.fill_diagonal(a.reshape(2, 2), 0),
    "sort": lambda xp, a: a.sort(),
    "partition": lambda xp, a: a.partition(1),
    "matmul out": lambda xp, a: xp.matmul(xp.ones((4, 1), a.dtype), xp.ones((1,), a.dtype), out=a),
    "dot out": lambda xp, a: a.reshape(2, 2).dot(xp.ones((2, 2), a.dtype), out=a.reshape(2, 2)),
    "byteswap": lambda xp, a: a.byteswap(inplace=True),
    "setfield": lambda xp, a: a.setfield(1, a.dtype),
    "flat": lambda xp, a: a.flat.__setitem__(0, 1),
    "real": lambda xp, a: setattr(a, "real", 1),
    "set": lambda xp, a: a.set(numpy.ones(4, a.dtype)) if xp is gpuarray else a.__setitem__(..., 1),
}


# NumPy 2.4's ufunc.at writes a read-only array regardless; gpuarray refuses it.
NUMPY_WRITES_ANYWAY = {"ufunc.at"}


@gpu
@pytest.mark.parametrize("name", WRITES)
def test_every_write_refuses_a_read_only_array(name):
    write = WRITES[name]
    for xp in (gpuarray,) if name in NUMPY_WRITES_ANYWAY else (numpy, gpuarray):
        a = xp.arange(4.0)
        a.setflags(write=False)
        with pytest.raises(ValueError):
            write(xp, a)
        numpy.testing.assert_array_equal(a.get() if xp is gpuarray else a, numpy.arange(4.0))


# ---- __contains__, __divmod__, __delitem__, __class_getitem__

@gpu
@pytest.mark.parametrize("value", [3, 99, 2.5, [3, 4, 5], [[0], [10]]], ids=str)
@testing.numpy_gpuarray_equal()
def test_contains(xp, value):
    a = xp.arange(12).reshape(2, 6)
    return value in a


@gpu
@pytest.mark.parametrize("dtype", [numpy.int32, numpy.float64], ids=["int32", "float64"])
@testing.numpy_gpuarray_equal()
def test_divmod(xp, dtype):
    a = xp.asarray(numpy.array([7, -7, 8, -9], dtype))
    b = xp.asarray(numpy.array([2, 3, -3, -4], dtype))
    return list(divmod(a, b)) + list(divmod(a, 3)) + list(divmod(10, b))


def test_delitem_and_class_getitem():
    a, _ = fake_array((3,))
    with pytest.raises(ValueError, match="cannot delete array elements"):
        del a[0]
    alias = gpuarray.ndarray[tuple[int], numpy.dtype[numpy.float32]]
    assert alias.__origin__ is gpuarray.ndarray
    assert gpuarray.ndarray[int].__args__ == (int,)
    with pytest.raises(TypeError, match="Too many arguments"):
        gpuarray.ndarray[int, int, int]

