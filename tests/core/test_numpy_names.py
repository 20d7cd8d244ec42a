# SPDX-License-Identifier: BSD-3-Clause
"""NumPy's host-side names in gpuarray's namespace (issue #25): NumPy's own objects
where gpuarray re-exports them, NumPy's results where it wraps them. Device-free: the
arrays here are fake_memory's, whose data is never read."""
import contextlib
import io
import itertools
import pathlib
import re
import sys

import numpy
import pytest

import gpuarray as xp
from fake_memory import fake_array

NUMPY_OBJECTS = [
    # scalar types and type tables
    "False_", "True_", "ScalarType", "character", "flexible", "bytes_", "str_", "object_", "void",
    "datetime64", "timedelta64", "longdouble", "clongdouble", "sctypeDict", "typecodes", "little_endian",
    "typename", "mintypecode",
    # index helpers
    "s_", "index_exp", "ndindex",
    # numbers as strings
    "base_repr", "binary_repr",
    # type tests
    "isscalar", "iterable", "isfortran",
    # floating-point error handling (host arithmetic only: docs/ufuncs.md)
    "errstate", "seterr", "geterr", "seterrcall", "geterrcall", "getbufsize", "setbufsize",
]
WRAPPED = ["format_float_positional", "format_float_scientific", "show_config", "show_runtime", "get_include"]
SUBMODULES = ["dtypes", "exceptions"]
# What NumPy 2 has at its top level and gpuarray lacked before these names came (131).
MISSING_BEFORE = 131


@pytest.mark.parametrize("name", NUMPY_OBJECTS)
def test_is_numpys_object(name):
    assert getattr(xp, name) is getattr(numpy, name)


@pytest.mark.parametrize("name", WRAPPED)
def test_wrapped_names_exist(name):
    assert callable(getattr(xp, name))


def test_missing_names_shrank_by_what_was_added():
    added = NUMPY_OBJECTS + WRAPPED + SUBMODULES
    missing = [n for n in dir(numpy) if not n.startswith("_") and not hasattr(xp, n)]
    assert not set(added) & set(missing)
    assert len(missing) <= MISSING_BEFORE - len(added)


@pytest.mark.parametrize("module", SUBMODULES)
def test_submodules_hold_numpys_classes(module):
    ours, numpys = getattr(xp, module), getattr(numpy, module)
    assert set(ours.__all__) >= set(numpys.__all__)
    for name in ours.__all__:
        assert getattr(ours, name) is getattr(numpys, name), name


def test_exceptions_import_as_a_module():
    from gpuarray.exceptions import AxisError, RankWarning
    assert AxisError is numpy.exceptions.AxisError and RankWarning is numpy.exceptions.RankWarning
    from gpuarray.dtypes import Float32DType
    assert type(numpy.dtype(numpy.float32)) is Float32DType


def test_gpuarray_raises_numpys_axis_error():
    a, _ = fake_array((2, 3))
    with pytest.raises(xp.exceptions.AxisError):
        xp.moveaxis(a, 5, 0)


def test_scalar_types_and_tables():
    assert xp.True_ is numpy.bool_(True) and xp.False_ is numpy.bool_(False)
    assert xp.typecodes["AllFloat"] == numpy.typecodes["AllFloat"]
    assert xp.sctypeDict["float32"] is numpy.float32
    assert issubclass(xp.str_, xp.character) and issubclass(xp.bytes_, xp.flexible)
    assert xp.issubdtype(numpy.dtype("U3"), xp.character)
    assert float in xp.ScalarType and xp.float32 in xp.ScalarType
    assert xp.little_endian is (sys.byteorder == "little")


UNSUPPORTED = [numpy.object_, numpy.str_, numpy.bytes_, numpy.void, "U3", "S4", "V8", "M8[s]", "m8[ns]",
               numpy.datetime64, numpy.timedelta64, numpy.longdouble, numpy.clongdouble,
               [("a", "f4"), ("b", "i4")]]


@pytest.mark.parametrize("dtype", UNSUPPORTED, ids=str)
@pytest.mark.parametrize("make", [xp.empty, xp.zeros, xp.ones])
def test_naming_a_type_does_not_make_arrays_of_it(make, dtype):
    # raised before any device work: this machine need not have a GPU
    with pytest.raises(TypeError, match="gpuarray does not support dtype"):
        make((3,), dtype)


@pytest.mark.parametrize("dtype", UNSUPPORTED[:5], ids=str)
def test_fake_array_of_unsupported_dtype_raises(dtype):
    with pytest.raises(TypeError, match="gpuarray does not support dtype"):
        fake_array((2,), dtype)


@pytest.mark.parametrize("chars,typeset,default", [
    ("", "GDFgdf", "d"), ("f", "GDFgdf", "d"), ("fd", "GDFgdf", "d"), ("Ff", "GDFgdf", "d"),
    ("dF", "GDFgdf", "d"), ("idF", "GDFgdf", "d"), ("fF", "FDfd", "d"), (["f", "d"], "GDFgdf", "d"),
    ("ld", "GDFgdf", "f"), ("bh", "bhil", "l"),
])
def test_mintypecode(chars, typeset, default):
    assert xp.mintypecode(chars, typeset, default) == numpy.mintypecode(chars, typeset, default)


@pytest.mark.parametrize("char", list("?bBhHiIlLqQfdgFDGSUVO"))
def test_typename(char):
    assert xp.typename(char) == numpy.typename(char)


@pytest.mark.parametrize("char", ["e", "M", "x"])
def test_typename_unknown_code(char):
    with pytest.raises(KeyError):
        numpy.typename(char)
    with pytest.raises(KeyError):
        xp.typename(char)


NUMBERS = [0, 1, -1, 5, -5, 255, -256, 2**63 - 1, -2**63, 2**70, numpy.int8(-7), numpy.uint64(2**64 - 1)]


@pytest.mark.parametrize("num", NUMBERS, ids=repr)
@pytest.mark.parametrize("width", [None, 1, 3, 8, 64, 80])
def test_binary_repr(num, width):
    expected, got = _both(numpy.binary_repr, xp.binary_repr, num, width)
    assert got == expected


@pytest.mark.parametrize("num", [0, 1, -1, 35, -35, 2**40, numpy.int16(-300)], ids=repr)
@pytest.mark.parametrize("base,padding", [(2, 0), (3, 2), (10, 0), (16, 4), (36, 1)])
def test_base_repr(num, base, padding):
    assert xp.base_repr(num, base, padding) == numpy.base_repr(num, base, padding)


@pytest.mark.parametrize("base", [1, 37])
def test_base_repr_bad_base(base):
    with pytest.raises(ValueError):
        numpy.base_repr(5, base)
    with pytest.raises(ValueError):
        xp.base_repr(5, base)


def _both(numpy_fn, xp_fn, *args, **kwargs):
    """(NumPy's result or error type, gpuarray's), for comparing warnings aside."""
    out = []
    for fn in (numpy_fn, xp_fn):
        try:
            out.append(fn(*args, **kwargs))
        except Exception as e:  # noqa: BLE001  (the same error type is the spec)
            out.append(type(e))
    return tuple(out)


FLOATS = [0.0, -0.0, 1.0, -1.5, 0.1, 1 / 3, 1e-300, 5e-324, 1.7976931348623157e308, 123456789.125, 1e22,
          numpy.float16(0.1), numpy.float32(1 / 3), numpy.float64(2.5), numpy.longdouble(1) / 3,
          float("inf"), -float("inf"), float("nan"), 3, -7, True, numpy.int32(12), numpy.array(2.75), "1.5"]
POSITIONAL_OPTIONS = [
    {}, {"precision": 0}, {"precision": 3}, {"precision": 3, "unique": False}, {"unique": False, "precision": 20},
    {"fractional": False, "precision": 4}, {"trim": "."}, {"trim": "0"}, {"trim": "-"}, {"sign": True},
    {"pad_left": 5, "pad_right": 4}, {"precision": 2, "min_digits": 4}, {"min_digits": 5, "unique": True},
    {"unique": False}, {"trim": "x"}, {"precision": -1},
]
SCIENTIFIC_OPTIONS = [
    {}, {"precision": 0}, {"precision": 3}, {"precision": 3, "unique": False}, {"unique": False, "precision": 25},
    {"trim": "."}, {"trim": "0"}, {"trim": "-"}, {"sign": True}, {"pad_left": 4}, {"exp_digits": 4},
    {"precision": 2, "min_digits": 4}, {"min_digits": 5}, {"unique": False}, {"trim": "x"}, {"precision": -1},
]


@pytest.mark.parametrize("x,options", list(itertools.product(FLOATS, POSITIONAL_OPTIONS)), ids=repr)
def test_format_float_positional(x, options):
    expected, got = _both(numpy.format_float_positional, xp.format_float_positional, x, **options)
    assert got == expected


@pytest.mark.parametrize("x,options", list(itertools.product(FLOATS, SCIENTIFIC_OPTIONS)), ids=repr)
def test_format_float_scientific(x, options):
    expected, got = _both(numpy.format_float_scientific, xp.format_float_scientific, x, **options)
    assert got == expected


@pytest.mark.parametrize("shape", [(1,), (3,), (2, 2), (0,)])
@pytest.mark.parametrize("fn", ["format_float_positional", "format_float_scientific"])
def test_format_float_rejects_device_arrays_with_axes_as_numpy_does(fn, shape):
    # NumPy's error for a host array of that shape, without downloading anything
    a, _ = fake_array(shape)
    with pytest.raises(TypeError) as expected:
        getattr(numpy, fn)(numpy.zeros(shape, numpy.float32))
    with pytest.raises(TypeError) as got:
        getattr(xp, fn)(a)
    assert str(got.value) == str(expected.value)


@pytest.mark.gpu
@pytest.mark.parametrize("dtype", [numpy.float16, numpy.float32, numpy.float64, numpy.int32, numpy.bool_])
def test_format_float_of_a_0d_device_array(dtype):
    value = numpy.array(1 / 3).astype(dtype)
    a = xp.asarray(value)
    assert xp.format_float_positional(a, precision=5) == numpy.format_float_positional(value, precision=5)
    assert xp.format_float_scientific(a, unique=False, precision=12) == \
        numpy.format_float_scientific(value, unique=False, precision=12)


@pytest.mark.parametrize("make", [
    lambda m: m[1], lambda m: m[1:3], lambda m: m[::-1], lambda m: m[..., 0], lambda m: m[None, :, 2],
    lambda m: m[1, ..., None], lambda m: m[[0, 2]], lambda m: m[()], lambda m: m[:, xp.newaxis], lambda m: m[1:2, 3],
    lambda m: m["a"], lambda m: m[::],
])
def test_s_and_index_exp_build_numpys_keys(make):
    assert make(xp.s_) == make(numpy.s_)
    assert make(xp.index_exp) == make(numpy.index_exp)
    assert type(make(xp.index_exp)) is tuple


@pytest.mark.parametrize("shape", [(), (0,), (3,), (2, 0, 3), (2, 3), (1, 1, 4), ((2, 2),)], ids=repr)
def test_ndindex(shape):
    assert list(xp.ndindex(*shape)) == list(numpy.ndindex(*shape))


def test_ndindex_indexes_a_device_array_shape():
    a, _ = fake_array((2, 0, 3))
    assert list(xp.ndindex(a.shape)) == []
    b, _ = fake_array((2, 3))
    assert list(xp.ndindex(b.shape)) == [(i, j) for i in range(2) for j in range(3)]


@pytest.mark.parametrize("x,expected", [
    (1, True), (1.5, True), (1j, True), (True, True), ("s", True), (b"b", True), (numpy.float32(1), True),
    (numpy.bool_(True), True), (numpy.str_("s"), True), (None, False), ([1], False), ((), False),
    (numpy.array(1.0), False), (numpy.zeros(3), False), (slice(1), False),
], ids=repr)
def test_isscalar(x, expected):
    assert xp.isscalar(x) is numpy.isscalar(x) is expected


@pytest.mark.parametrize("shape", [(), (1,), (3,), (0,), (2, 3)])
def test_isscalar_is_false_for_device_arrays(shape):
    a, _ = fake_array(shape)
    assert xp.isscalar(a) is False


@pytest.mark.parametrize("x", [1, 1.5, "abc", [1], (), {}, set(), range(3), numpy.array(1), numpy.zeros(2),
                               numpy.float64(1), None, b"", numpy.str_("")], ids=repr)
def test_iterable(x):
    assert xp.iterable(x) is numpy.iterable(x)


@pytest.mark.parametrize("shape,expected", [((), False), ((1,), True), ((0,), True), ((2, 3), True), ((0, 0), True)])
def test_iterable_of_device_arrays(shape, expected):
    a, _ = fake_array(shape)
    assert xp.iterable(a) is expected
    assert numpy.iterable(numpy.zeros(shape)) is expected


@pytest.mark.parametrize("shape,strides", [
    ((2, 3), None), ((2, 3), (4, 8)), ((3,), None), ((), None), ((1, 3), (12, 4)), ((3, 1), (4, 12)),
    ((2, 3), (24, 4)), ((0, 3), None), ((2, 2), (-8, 4)), ((2, 3, 4), (4, 8, 24)),
], ids=repr)
def test_isfortran(shape, strides):
    a, _ = fake_array(shape, strides=strides)
    if strides is None:
        strides = numpy.zeros(shape, numpy.float32).strides
    host = numpy.lib.stride_tricks.as_strided(numpy.zeros(64, numpy.float32)[32:], shape, strides)
    assert xp.isfortran(a) is numpy.isfortran(host)
    assert xp.isfortran(a) is (a.flags.f_contiguous and not a.flags.c_contiguous)


def test_show_config_reports_without_a_device():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert xp.show_config() is None
    text = out.getvalue()
    assert f"gpuarray {xp.__version__}, NumPy {numpy.__version__}" in text
    assert "CUDA runtime" in text and "libraries: cuBLAS" in text


def test_show_runtime_reports_without_a_device():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert xp.show_runtime() is None
    text = out.getvalue()
    assert "CUDA runtime" in text and "libraries: cuBLAS" in text
    assert f"gpuarray {xp.__version__}" not in text  # the build part is show_config's


def test_get_include_holds_the_device_headers():
    import os
    folder = xp.get_include()
    assert os.path.isabs(folder)
    for header in ("complex.cuh", "elementwise.cuh", "reduction.cuh"):
        assert os.path.isfile(os.path.join(folder, "gpuarray", header))


def test_coverage_page_lists_exactly_the_missing_names():
    """docs/numpy_coverage.md names every NumPy name gpuarray lacks, and no other,
    and its count is right."""
    page = (pathlib.Path(__file__).parents[2] / "docs" / "numpy_coverage.md").read_text()
    version = re.search(r"at NumPy (\d+\.\d+)'s top", " ".join(page.split())).group(1)
    if not numpy.__version__.startswith(version + "."):
        pytest.skip(f"the page counts NumPy {version}'s names; this is NumPy {numpy.__version__}")
    tables = page.split("## ndarray attributes and methods")[0]  # the top-level names; ndarray's come after
    listed = {name for row in tables.splitlines() if row.startswith("| `")
              for name in re.findall(r"`(\w+)`", row.split(" | ")[0])}
    public = [n for n in dir(numpy) if not n.startswith("_")]
    missing = {n for n in public if not hasattr(xp, n)}
    assert listed == missing, (sorted(listed - missing), sorted(missing - listed))
    have = len(public) - len(missing)
    assert f"offers {have} of the {len(public)} public names" in " ".join(page.split())
