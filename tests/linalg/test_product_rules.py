# SPDX-License-Identifier: BSD-3-Clause
"""einsum, matmul, dot, outer, matvec/vecmat and tensordot against NumPy's
rules: the result dtype of every unary and binary einsum form over the whole
dtype grid (and with `dtype=`, `casting=`, `optimize=`), which `out=` arrays
each accepts and the exception type of those it refuses, and zero-length
summed axes.

Without a GPU everything but the values runs: the checks happen before any
device work, so an array over a made-up address (tests/fake_memory.py)
either raises NumPy's error or gets as far as the device, which on this
machine raises CUDARuntimeError ("accepted"). With a GPU the arrays are real
and an accepted call runs. Tests marked `gpu` compare values."""
import itertools

import numpy
import pytest

import gpuarray
from gpu_presence import HAVE_GPU
from fake_memory import fake_array
from gpuarray.linalg._einsum import _plan
from gpuarray.linalg._product_checks import gufunc_dtype

gpu = pytest.mark.gpu
DTYPES = [numpy.dtype(c) for c in "?bhilBHILefdFD"]
ACCEPTED = "accepted"


def device_array(shape, dtype, transposed=False, readonly=False):
    """A device array that no check may read: real where there is a GPU, over
    a made-up address where there is none. `transposed`: F order."""
    dtype = numpy.dtype(dtype)
    if HAVE_GPU:
        a = gpuarray.zeros(shape[::-1], dtype).T if transposed else gpuarray.zeros(shape, dtype)
    else:
        strides = None
        if transposed:
            strides = tuple(int(numpy.prod(shape[:i])) * dtype.itemsize for i in range(len(shape)))
        a, _ = fake_array(shape, dtype, strides=strides)
    if readonly:
        a.flags.writeable = False
    return a


def host_twin(a):
    """The NumPy array standing for device array `a` (same shape, dtype, layout, flags)."""
    h = numpy.zeros(a.shape, a.dtype, order="F" if (not a.flags.c_contiguous and a.flags.f_contiguous) else "C")
    h.flags.writeable = a.flags.writeable
    return h


def outcome(call):
    """ACCEPTED, or the exception class (NumPy's UFuncTypeError counted as the
    TypeError it is, which is what gpuarray raises)."""
    try:
        call()
    except gpuarray.cuda.CUDARuntimeError:
        assert not HAVE_GPU
        return ACCEPTED
    except Exception as error:  # noqa: BLE001 (the class is the result)
        kind = type(error)
        return TypeError if issubclass(kind, TypeError) else kind
    return ACCEPTED


def both(np_call, ga_call):
    expected, actual = outcome(np_call), outcome(ga_call)
    assert actual is expected, (expected, actual)
    return expected


# ---------------------------------------------------------------- einsum dtypes

LENGTHS = {"i": 3, "j": 4, "k": 2, "l": 5}


def shape_of(term, ellipsis=(2,)):
    shape = []
    for part in term.split("..."):
        shape += [LENGTHS[c] for c in part] + list(ellipsis)
    return tuple(shape[:len(shape) - len(ellipsis)])


UNARY = ["ii", "ii->i", "ii->", "ij->", "ij->ji", "ij", "ji", "ij->i", "ij->j", "i", "i->", "iij->j", "...",
         "...->", "i...->...", "...i->i", "...ii->...i", "ij...->ji...", "->", ""]
BINARY = ["i,i", "i,i->", "i,i->i", "i,j->ij", "i,j", "ij,jk->ik", "ij,jk", "ij,ij->", "ij,ij->ij", "ij,ji->",
          "ii,i->i", "ij,j->i", "ij,kl->ijkl", "...i,...i->...", "i...,i->...", "ij,->ij", ",->", "ii,ii->"]


def einsum_operands(form, dtypes, host):
    terms = form.split("->")[0].split(",")
    return [numpy.ones(shape_of(t), d) if host else device_array(shape_of(t), d) for t, d in zip(terms, dtypes)]


def plan_dtype_and_shape(form, arrays, **kwargs):
    options = dict(out=None, dtype=None, order="K", casting="safe", optimize=False)
    options.update(kwargs)
    _, _, _, dtype, shape, _ = _plan((form, *arrays), options["out"], options["dtype"], options["order"],
                                     options["casting"], options["optimize"])
    return dtype, shape


@pytest.mark.parametrize("optimize", [False, True])
@pytest.mark.parametrize("form", UNARY)
def test_einsum_unary_dtypes(form, optimize):
    """Every dtype: the result dtype and shape NumPy's einsum gives."""
    for dtype in DTYPES:
        expected = outcome(lambda: numpy.einsum(form, *einsum_operands(form, [dtype], True), optimize=optimize))
        if expected is ACCEPTED:
            expected = numpy.asarray(numpy.einsum(form, *einsum_operands(form, [dtype], True), optimize=optimize))
            got = plan_dtype_and_shape(form, einsum_operands(form, [dtype], False), optimize=optimize)
            assert got == (expected.dtype, expected.shape), (form, dtype)
        else:  # e.g. '...->': NumPy will not sum the ellipsis' axes away
            assert outcome(lambda: plan_dtype_and_shape(form, einsum_operands(form, [dtype], False),
                                                        optimize=optimize)) is expected


@pytest.mark.parametrize("form", BINARY)
def test_einsum_binary_dtypes(form):
    """Every pair of dtypes, with and without optimize."""
    for d1, d2 in itertools.product(DTYPES, DTYPES):
        for optimize in (False, True):
            host = einsum_operands(form, [d1, d2], True)
            expected = numpy.asarray(numpy.einsum(form, *host, optimize=optimize))
            got = plan_dtype_and_shape(form, einsum_operands(form, [d1, d2], False), optimize=optimize)
            assert got == (expected.dtype, expected.shape), (form, d1, d2, optimize)


@pytest.mark.parametrize("casting", ["no", "equiv", "safe", "same_kind", "unsafe"])
@pytest.mark.parametrize("form", ["ij->", "ii->i", "ij,jk->ik", "i,i"])
def test_einsum_dtype_and_casting(form, casting):
    """dtype= over the grid under each casting rule: NumPy's dtype or its
    exception type, before any device work."""
    for d1, d2, dtype in itertools.product(DTYPES[::2], DTYPES[1::3], DTYPES[::3]):
        dtypes = [d1, d2][:form.count(",") + 1]
        host = einsum_operands(form, dtypes, True)
        try:
            expected = numpy.asarray(numpy.einsum(form, *host, dtype=dtype, casting=casting)).dtype
        except TypeError:
            with pytest.raises(TypeError):
                plan_dtype_and_shape(form, einsum_operands(form, dtypes, False), dtype=dtype, casting=casting)
            continue
        assert plan_dtype_and_shape(form, einsum_operands(form, dtypes, False), dtype=dtype,
                                    casting=casting)[0] == expected


# ------------------------------------------------------------ einsum arguments

EINSUM_ERRORS = [
    ("ij,jk->ik", [(2, 3), (3, 4)], dict(casting="bogus")),
    ("ij,jk->ik", [(2, 3), (3, 4)], dict(casting=None)),
    ("ij,jk->ik", [(2, 3), (3, 4)], dict(order="X")),
    ("ij,jk->ik", [(2, 3), (3, 4)], dict(order=1)),
    ("ij,jk->ik", [(2, 3), (3, 4)], dict(dtype="foo")),
    ("ij,jk,kl->il", [(2, 3), (3, 4), (4, 2)], dict(optimize="foo")),
    ("ij,jk->ik", [(2, 3), (3, 4)], dict(optimize=3)),
    ("ij,jk->ik", [(2, 3), (2, 4)], {}),
    ("ij,ij->i", [(3, 3), (2, 3)], {}),
    ("ii", [(3, 2)], {}),
    ("ii", [(1, 2)], {}),
    ("i$,i", [(2, 3), (2,)], {}),
    ("ij->ii", [(2, 2)], {}),
    ("ij-ii", [(2, 2)], {}),
    ("ij->i->j", [(2, 2)], {}),
    ("i.j", [(2, 2)], {}),
    ("....", [(2, 2)], {}),
    ("...i->", [()], {}),
    ("ij", [(3,)], {}),
    ("i", [(2, 2)], {}),
    ("ij->k", [(2, 2)], {}),
    ("i,i", [(2,)], {}),
    ("ij", [], {}),
]


@pytest.mark.parametrize("form,shapes,kwargs", EINSUM_ERRORS)
def test_einsum_argument_errors(form, shapes, kwargs):
    """NumPy's exception type, with no device work (the operands' memory is
    made up: reading it would fail otherwise)."""
    expected = outcome(lambda: numpy.einsum(form, *[numpy.ones(s) for s in shapes], **kwargs))
    assert expected is not ACCEPTED
    operands = [fake_array(s, "f8")[0] for s in shapes]
    assert outcome(lambda: gpuarray.einsum(form, *operands, **kwargs)) is expected


# (form, operand shapes and dtypes, out's shape, dtype and flags, keywords)
EINSUM_OUTS = [
    ("ij,jk->ik", ["f8", "f8"], (2, 4), "f8", {}, {}),
    ("ij,jk->ik", ["f8", "f8"], (2, 4), "f8", dict(transposed=True), {}),
    ("ij,jk->ik", ["f8", "f8"], (2, 4), "f4", {}, {}),
    ("ij,jk->ik", ["f8", "f8"], (2, 4), "f4", {}, dict(casting="same_kind")),
    ("ij,jk->ik", ["f8", "f8"], (2, 4), "f4", {}, dict(casting="unsafe")),
    ("ij,jk->ik", ["i8", "i8"], (2, 4), "f8", {}, {}),
    ("ij,jk->ik", ["f8", "f8"], (2, 4), "c16", {}, {}),
    ("ij,jk->ik", ["f8", "f8"], (2, 4), "i8", {}, dict(casting="same_kind")),
    ("ij,jk->ik", ["f8", "f8"], (2, 5), "f8", {}, {}),
    ("ij,jk->ik", ["f8", "f8"], (3, 2, 4), "f8", {}, {}),
    ("ij,jk->ik", ["f8", "f8"], (1, 4), "f8", {}, {}),
    ("ij,jk->ik", ["f8", "f8"], (2, 4), "f8", dict(readonly=True), {}),
    ("ij,jk->ik", ["f8", "f8"], (2, 4), "f4", {}, dict(dtype="f4", casting="same_kind")),
    ("ij,jk->ik", ["f8", "f8"], (2, 4), "f8", {}, dict(dtype="f4", casting="same_kind")),
    ("ij,ij->", ["f8", "f8"], (), "f8", {}, {}),
    ("ij,ij->", ["f8", "f8"], (1,), "f8", {}, {}),
    ("ij->", ["f8"], (), "f4", {}, {}),
    ("ij->ji", ["f8"], (3, 2), "f8", dict(transposed=True), {}),
    ("ij->ji", ["f8"], (3, 2), "f4", {}, dict(casting="same_kind")),
    ("ij,jk,kl->il", ["f8", "f8", "f8"], (2, 2), "f4", {}, {}),
]
EINSUM_SHAPES = {"ij,jk->ik": [(2, 3), (3, 4)], "ij,ij->": [(2, 3), (2, 3)], "ij->": [(2, 3)],
                 "ij->ji": [(2, 3)], "ij,jk,kl->il": [(2, 3), (3, 4), (4, 2)]}


@pytest.mark.parametrize("form,dtypes,shape,dtype,flags,kwargs", EINSUM_OUTS)
def test_einsum_out(form, dtypes, shape, dtype, flags, kwargs):
    """Which `out` NumPy's einsum (without optimize) takes, and the exception
    type of the others, raised before any device work."""
    shapes = EINSUM_SHAPES[form]
    out = device_array(shape, dtype, **flags)
    both(lambda: numpy.einsum(form, *[numpy.ones(s, d) for s, d in zip(shapes, dtypes)], out=host_twin(out),
                              **kwargs),
         lambda: gpuarray.einsum(form, *[device_array(s, d) for s, d in zip(shapes, dtypes)], out=out, **kwargs))


def test_einsum_out_must_be_a_device_array():
    a = fake_array((2, 3), "f8")[0]
    with pytest.raises(TypeError, match="out must be an array"):
        gpuarray.einsum("ij->", a, out=[1])
    with pytest.raises(TypeError):
        numpy.einsum("ij->", numpy.ones((2, 3)), out=[1])


# ------------------------------------------------------------- matmul family

@pytest.mark.parametrize("casting", ["no", "equiv", "safe", "same_kind", "unsafe"])
def test_matmul_dtypes(casting):
    """The loop dtype NumPy's matmul picks for every pair and dtype= under
    each casting rule, or its TypeError."""
    for d1, d2 in itertools.product(DTYPES, DTYPES):
        for dtype in (None, *DTYPES[::2]):
            try:
                expected = numpy.matmul(numpy.ones((2, 2), d1), numpy.ones((2, 2), d2), dtype=dtype,
                                        casting=casting).dtype
            except TypeError:
                with pytest.raises(TypeError):
                    gufunc_dtype("matmul", (d1, d2), dtype, casting)
                continue
            assert gufunc_dtype("matmul", (d1, d2), dtype, casting) == expected, (d1, d2, dtype)


# (operand shapes, out's shape, dtype and flags, keywords)
MATMUL_OUTS = [
    ([(2, 3), (3, 4)], (2, 4), "f8", {}, {}),
    ([(2, 3), (3, 4)], (2, 4), "f8", dict(transposed=True), {}),
    ([(2, 3), (3, 4)], (2, 4), "f4", {}, {}),
    ([(2, 3), (3, 4)], (2, 4), "f4", {}, dict(casting="safe")),
    ([(2, 3), (3, 4)], (2, 4), "i8", {}, {}),
    ([(2, 3), (3, 4)], (2, 4), "c16", {}, {}),
    ([(2, 3), (3, 4)], (2, 5), "f8", {}, {}),
    ([(2, 3), (3, 4)], (4,), "f8", {}, {}),
    ([(2, 3), (3, 4)], (3, 2, 4), "f8", {}, {}),
    ([(2, 2, 3), (3, 4)], (3, 2, 4), "f8", {}, {}),
    ([(2, 3), (3, 4)], (2, 4), "f8", dict(readonly=True), {}),
    ([(3,), (3,)], (), "f8", {}, {}),
    ([(3,), (3,)], (2,), "f8", {}, {}),
    ([(2, 3), (3,)], (2,), "f8", {}, {}),
    ([(2, 3), (3,)], (2, 1), "f8", {}, {}),
    ([(2, 3), (3, 4)], (2, 4), "f8", {}, dict(dtype="i8")),
    ([(2, 3), (3, 4)], (2, 4), "f8", {}, dict(dtype="f4", casting="safe")),
    ([(2, 3), (3, 4)], (2, 4), "f8", {}, dict(casting="bogus")),
    ([(2, 3), (3, 4)], (2, 4), "f8", {}, dict(order="X")),
]


@pytest.mark.parametrize("shapes,shape,dtype,flags,kwargs", MATMUL_OUTS)
def test_matmul_out(shapes, shape, dtype, flags, kwargs):
    """NumPy's gufunc rules for out=: any layout, a same_kind cast, extra
    broadcast loop axes; refused before any device work."""
    out = device_array(shape, dtype, **flags)
    both(lambda: numpy.matmul(*[numpy.ones(s) for s in shapes], out=host_twin(out), **kwargs),
         lambda: gpuarray.matmul(*[device_array(s, "f8") for s in shapes], out=out, **kwargs))
    both(lambda: numpy.matmul(*[numpy.ones(s) for s in shapes], out=(host_twin(out),), **kwargs),
         lambda: gpuarray.matmul(*[device_array(s, "f8") for s in shapes], out=(out,), **kwargs))


def test_matmul_out_must_be_a_device_array():
    a, b = fake_array((2, 3), "f8")[0], fake_array((3, 4), "f8")[0]
    with pytest.raises(TypeError, match="ArrayType"):
        gpuarray.matmul(a, b, out=[1])
    with pytest.raises(ValueError, match="one entry per ufunc output"):
        gpuarray.matmul(a, b, out=(None, None))


@pytest.mark.parametrize("name,shapes,out_shape", [
    ("matvec", [(2, 3), (3,)], (2,)), ("matvec", [(2, 3), (3,)], (3,)), ("matvec", [(5, 2, 3), (3,)], (5, 2)),
    ("matvec", [(5, 2, 3), (3,)], (4, 2)), ("vecmat", [(3,), (3, 2)], (2,)), ("vecmat", [(3,), (3, 2)], (3,)),
    ("vecmat", [(3,), (3, 2)], (4, 2)),
])
@pytest.mark.parametrize("dtype", ["f8", "f4", "i8"])
def test_matvec_vecmat_out(name, shapes, out_shape, dtype):
    out = device_array(out_shape, dtype)
    both(lambda: getattr(numpy, name)(*[numpy.ones(s) for s in shapes], out=host_twin(out)),
         lambda: getattr(gpuarray, name)(*[device_array(s, "f8") for s in shapes], out=out))


# dot: (operand shapes and dtypes, out's shape, dtype and flags)
DOT_OUTS = [
    ([(2, 3), (3, 4)], "f8", (2, 4), "f8", {}),
    ([(2, 3), (3, 4)], "f8", (2, 4), "f8", dict(transposed=True)),
    ([(2, 3), (3, 4)], "f8", (2, 4), "f4", {}),
    ([(2, 3), (3, 4)], "f8", (2, 4), "c16", {}),
    ([(2, 3), (3, 4)], "i8", (2, 4), "f8", {}),
    ([(2, 3), (3, 4)], "f8", (2, 5), "f8", {}),
    ([(2, 3), (3, 4)], "f8", (8,), "f8", {}),
    ([(2, 3), (3, 4)], "f8", (2, 4), "f8", dict(readonly=True)),
    ([(3,), (3,)], "f8", (), "f8", {}),
    ([(3,), (3,)], "f8", (1,), "f8", {}),
    ([(3,), (3, 4)], "f8", (4,), "f8", {}),
    ([(2, 3, 4), (5, 4, 6)], "f8", (2, 3, 5, 6), "f8", {}),
    ([(2, 3, 4), (5, 4, 6)], "f8", (2, 3, 5, 6), "f4", {}),
    ([(2, 3), ()], "f8", (2, 3), "f8", {}),
    ([(2, 3), ()], "f8", (2, 3), "f4", {}),
    ([(2, 3), ()], "f8", (2, 3), "f8", dict(transposed=True)),
    ([(2, 3), ()], "i8", (2, 3), "f8", {}),
    ([(2, 3), ()], "i8", (2, 3), "i1", {}),
    ([(2, 3), ()], "i1", (2, 3), "i8", dict(transposed=True)),
    ([(2, 3), ()], "e", (2, 3), "f4", {}),
    ([(2, 3), (2, 3)], "f8", (2, 4), "f4", {}),
]


@pytest.mark.parametrize("shapes,op_dtype,shape,dtype,flags", DOT_OUTS)
def test_dot_out(shapes, op_dtype, shape, dtype, flags):
    """NumPy's strict rule (writeable, C-contiguous, exactly the result's dtype
    and shape), and multiply's rules where NumPy hands a 0-d case to it."""
    out = device_array(shape, dtype, **flags)
    both(lambda: numpy.dot(*[numpy.ones(s, op_dtype) for s in shapes], out=host_twin(out)),
         lambda: gpuarray.dot(*[device_array(s, op_dtype) for s in shapes], out=out))


def test_dot_out_must_be_a_device_array():
    with pytest.raises(TypeError, match="'out' must be an array"):
        gpuarray.dot(fake_array((2, 3))[0], fake_array((3, 4))[0], out=[1])


@pytest.mark.parametrize("shape,dtype", [((6, 6), "f8"), ((6, 6), "f4"), ((6, 6), "i8"), ((6, 5), "f8"),
                                         ((3, 6, 6), "f8")])
def test_outer_out(shape, dtype):
    """multiply's rules, checked before the operands are flattened."""
    out = device_array(shape, dtype)
    both(lambda: numpy.outer(numpy.ones((2, 3)), numpy.ones((3, 2)), out=host_twin(out)),
         lambda: gpuarray.outer(device_array((2, 3), "f8", transposed=True), device_array((3, 2), "f8"), out=out))


@pytest.mark.parametrize("name", ["vdot", "inner", "tensordot"])
def test_no_out_keyword(name):
    """NumPy's vdot, inner and tensordot take no `out`: a TypeError, as there."""
    a = fake_array((2, 3), "f8")[0]
    with pytest.raises(TypeError):
        getattr(numpy, name)(numpy.ones((2, 3)), numpy.ones((2, 3)), out=None)
    with pytest.raises(TypeError):
        getattr(gpuarray, name)(a, a, out=None)


@pytest.mark.parametrize("shapes,axes", [
    ([(2, 3), (2, 3)], ([0, 0], [1, 1])), ([(2, 3), (2, 3)], ([5], [1])), ([(2, 3), (2, 3)], 2.0),
    ([(2, 3), (2, 3)], ([0, 1], [1])), ([(2, 3), (2, 3)], (0,)), ([(2, 3), (2, 3)], (0, 1, 2)),
    ([(2, 3), (2, 3)], ([1], [1, 0])), ([(2, 3), (2, 3)], 1),
])
def test_tensordot_axes_errors(shapes, axes):
    expected = outcome(lambda: numpy.tensordot(*[numpy.ones(s) for s in shapes], axes=axes))
    assert expected is not ACCEPTED
    assert outcome(lambda: gpuarray.tensordot(*[fake_array(s, "f8")[0] for s in shapes], axes=axes)) is expected


# ------------------------------------------------------------------ GPU values

def random(shape, dtype, rng):
    dtype = numpy.dtype(dtype)
    if dtype.kind == "b":
        return rng.integers(0, 2, shape).astype(dtype)
    if dtype.kind in "iu":
        return rng.integers(0, 4, shape).astype(dtype)
    a = rng.integers(-3, 4, shape).astype(numpy.float64)  # small integers: exact in every dtype
    if dtype.kind == "c":
        a = a + 1j * rng.integers(-3, 4, shape)
    return a.astype(dtype)


def assert_same(actual, expected):
    expected = numpy.asarray(expected)
    assert isinstance(actual, gpuarray.ndarray)
    assert actual.dtype == expected.dtype and actual.shape == expected.shape, (actual.dtype, actual.shape,
                                                                               expected.dtype, expected.shape)
    numpy.testing.assert_array_equal(actual.get(), expected)


@gpu
@pytest.mark.parametrize("optimize", [False, True])
@pytest.mark.parametrize("form", UNARY)
def test_einsum_unary_values(form, optimize):
    rng = numpy.random.default_rng(0)
    for dtype in DTYPES:
        (a,) = [random(shape_of(form.split("->")[0]), dtype, rng)]
        # NumPy's unoptimized einsum refuses to sum over '...' ("...->",
        # "...i->i"), its optimized one accepts: gpuarray follows each.
        expected = outcome(lambda: numpy.einsum(form, a, optimize=optimize))
        if expected is not ACCEPTED:
            assert outcome(lambda: gpuarray.einsum(form, gpuarray.asarray(a), optimize=optimize)) is expected
            continue
        assert_same(gpuarray.einsum(form, gpuarray.asarray(a), optimize=optimize),
                    numpy.einsum(form, a, optimize=optimize))


@gpu
@pytest.mark.parametrize("form", BINARY)
def test_einsum_binary_values(form):
    rng = numpy.random.default_rng(1)
    terms = form.split("->")[0].split(",")
    for d1, d2 in itertools.product(DTYPES, DTYPES):
        a, b = random(shape_of(terms[0]), d1, rng), random(shape_of(terms[1]), d2, rng)
        assert_same(gpuarray.einsum(form, gpuarray.asarray(a), gpuarray.asarray(b)), numpy.einsum(form, a, b))


@gpu
@pytest.mark.parametrize("dtype", ["?", "i1", "u2", "i8", "e", "f4", "f8", "F", "D"])
def test_zero_length_summed_axes(dtype):
    """Zeros of NumPy's shape and dtype where the summed axis is empty."""
    cases = [
        lambda xp: xp.tensordot(xp.ones((2, 0), dtype), xp.ones((0, 3), dtype), axes=1),
        lambda xp: xp.tensordot(xp.ones((2, 0, 4), dtype), xp.ones((4, 0, 3), dtype), axes=([1, 2], [1, 0])),
        lambda xp: xp.tensordot(xp.ones((0, 2), dtype), xp.ones((2, 0), dtype), axes=1),
        lambda xp: xp.tensordot(xp.ones((0,), dtype), xp.ones((0,), dtype), axes=1),
        lambda xp: xp.tensordot(xp.ones((2, 0), dtype), xp.ones((3,), dtype), axes=0),
        lambda xp: xp.dot(xp.ones((2, 0), dtype), xp.ones((0, 3), dtype)),
        lambda xp: xp.dot(xp.ones((2, 3, 0), dtype), xp.ones((4, 0, 5), dtype)),
        lambda xp: xp.dot(xp.ones((0,), dtype), xp.ones((0,), dtype)),
        lambda xp: xp.matmul(xp.ones((5, 2, 0), dtype), xp.ones((0, 3), dtype)),
        lambda xp: xp.inner(xp.ones((2, 0), dtype), xp.ones((3, 0), dtype)),
        lambda xp: xp.vdot(xp.ones((0,), dtype), xp.ones((0,), dtype)),
        lambda xp: xp.einsum("ij,jk->ik", xp.ones((2, 0), dtype), xp.ones((0, 3), dtype)),
        lambda xp: xp.einsum("ij->", xp.ones((2, 0), dtype)),
        lambda xp: xp.einsum("ii", xp.ones((0, 0), dtype)),
        lambda xp: xp.einsum("ij,jk,kl->il", xp.ones((2, 0), dtype), xp.ones((0, 3), dtype),
                             xp.ones((3, 4), dtype), optimize=True),
    ]
    for case in cases:
        assert_same(case(gpuarray), case(numpy))


@gpu
def test_outs_receive_the_result():
    rng = numpy.random.default_rng(2)
    a, b = rng.standard_normal((2, 3)), rng.standard_normal((3, 4))
    da, db = gpuarray.asarray(a), gpuarray.asarray(b)
    out = gpuarray.zeros((4, 2)).T
    assert gpuarray.matmul(da, db, out=out) is out
    numpy.testing.assert_allclose(out.get(), a @ b, rtol=1e-12)
    out = gpuarray.zeros((3, 2, 4), "f4")
    assert gpuarray.matmul(da, db, out=(out,)) is out
    numpy.testing.assert_allclose(out.get(), numpy.broadcast_to(a @ b, (3, 2, 4)), rtol=1e-6)
    out = gpuarray.zeros((2, 4))
    assert gpuarray.dot(da, db, out=out) is out
    numpy.testing.assert_allclose(out.get(), a @ b, rtol=1e-12)
    out = gpuarray.zeros((4, 2)).T
    assert gpuarray.einsum("ij,jk->ik", da, db, out=out) is out
    numpy.testing.assert_allclose(out.get(), a @ b, rtol=1e-12)
    out = gpuarray.zeros((2, 4))
    gpuarray.einsum("ij,jk->ik", gpuarray.asarray(a[:1]), db, out=out)
    numpy.testing.assert_allclose(out.get(), numpy.einsum("ij,jk->ik", a[:1], b, out=numpy.zeros((2, 4))),
                                  rtol=1e-12)
    i8 = numpy.array([[100, 100], [100, 100]])
    assert_same(gpuarray.matmul(gpuarray.asarray(i8), gpuarray.asarray(i8), dtype="i1", casting="unsafe"),
                numpy.matmul(i8, i8, dtype="i1", casting="unsafe"))
