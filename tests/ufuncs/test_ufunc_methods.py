# SPDX-License-Identifier: BSD-3-Clause
"""ufunc.at and ufunc.reduceat against NumPy: repeated and negative indices,
index tuples, broadcast values, every dtype, errors; and, without a GPU, that
every kernel they generate compiles with NVRTC, which atomic each uses, and
that the index arithmetic names the elements NumPy's indexing names."""
import numpy
import pytest

import gpuarray
from gpuarray import _core
from gpuarray._methods import ufunc_methods as _ufunc_methods
from gpuarray.testing import DTYPES, numpy_gpuarray_equal
from test_elementwise_codegen import batched_sources, compile_all, nvrtc_options  # noqa: F401 (fixture)

gpu = pytest.mark.gpu

INFO = {name: _core._ufunc_info(name) for name in _core._ufunc_names()}
BINARY = sorted(n for n, i in INFO.items() if i["nin"] == 2 and i["nout"] == 1)
UNARY = sorted(n for n, i in INFO.items() if i["nin"] == 1 and i["nout"] == 1)
AT_UFUNCS = ["add", "subtract", "multiply", "maximum", "minimum", "bitwise_or", "logical_and"]


def values(dtype, shape, rng, low=-3, high=4):
    """Small integer values (exact in every dtype, so any order of updates gives NumPy's result)."""
    dtype = numpy.dtype(dtype)
    if dtype.kind == "u":
        low = 0
    host = rng.integers(low, high, size=shape)
    if dtype.kind == "c":
        host = host + 1j * rng.integers(low, high, size=shape)
    return host.astype(dtype)


def loop_index(name, signature):
    return INFO[name]["types"].index(signature)


def compare_or_type_error(body):
    """Runs `body` (decorated with numpy_gpuarray_equal) unless NumPy raises
    TypeError for it; then gpuarray must raise TypeError too (NumPy's is a
    subclass, which the decorator would demand)."""
    try:
        body.__wrapped__(xp=numpy)
    except TypeError:
        with pytest.raises(TypeError):
            body.__wrapped__(xp=gpuarray)
        return
    body()


# ---- kernels, without a GPU --------------------------------------------------------------

def at_sources():
    """(kernel name -> source) of at for every binary ufunc and dtype (values of the same dtype,
    and a few mixed pairs whose loop differs from the array's dtype), and every unary one."""
    kernels = {}
    pairs = [(d, d) for d in DTYPES] + [(numpy.int8, numpy.float64), (numpy.float32, numpy.complex128),
                                         (numpy.bool_, numpy.int64), (numpy.float16, numpy.int32)]
    for name in BINARY:
        for a, b in pairs:
            a, b = numpy.dtype(a), numpy.dtype(b)
            loop = _core._ufunc_resolve(name, [a, b])
            if loop is not None:
                kname, src, _ = _core._ufunc_at_source(name, loop_index(name, loop), a, numpy.dtype(loop[1]))
                kernels[kname] = src
    for name in UNARY:
        for a in map(numpy.dtype, DTYPES):
            loop = _core._ufunc_resolve(name, [a])
            if loop is not None:
                kname, src, _ = _core._ufunc_at_source(name, loop_index(name, loop), a, None)
                kernels[kname] = src
    return kernels


def reduceat_sources():
    """(kernel name -> source) of reduceat for every binary ufunc and loop it can run."""
    kernels = {}
    for name in BINARY:
        for dtype in DTYPES:
            for given in (None, dtype):
                try:
                    index = _ufunc_methods._reduceat_loop(name, numpy.dtype(dtype), given, "numpy")
                except TypeError:
                    continue
                kname, src = _core._ufunc_reduceat_source(name, index)
                kernels[kname] = src
    return kernels


def test_every_at_kernel_compiles(nvrtc_options):
    sources = list(at_sources().values())
    assert len(sources) > 700
    compile_all(batched_sources(sources, 40), nvrtc_options)


def test_every_reduceat_kernel_compiles(nvrtc_options):
    sources = list(reduceat_sources().values())
    assert len(sources) > 100
    compile_all(batched_sources(sources, 40), nvrtc_options)


@pytest.mark.parametrize("name, dtype, native", [
    ("add", "i4", True), ("add", "u8", True), ("subtract", "i8", True), ("add", "f8", True),
    ("subtract", "c16", True), ("maximum", "i8", True), ("minimum", "u4", True), ("bitwise_xor", "i4", True),
    ("add", "f4", False), ("add", "f2", False), ("add", "i1", False), ("multiply", "i4", False),
    ("maximum", "f8", False), ("multiply", "c16", False), ("logical_and", "?", False)])
def test_hardware_atomics_only_where_exact(name, dtype, native):
    dtype = numpy.dtype(dtype)
    loop = _core._ufunc_resolve(name, [dtype, dtype])
    assert _core._ufunc_at_source(name, loop_index(name, loop), dtype, dtype)[2] is native


@pytest.mark.parametrize("name, dtype, instruction", [
    ("multiply", "c16", "atom.global.cas.b128"), ("multiply", "c8", "cas.b64"), ("multiply", "i2", "cas.b32"),
    ("logical_and", "?", "cas.b32"), ("add", "c16", "atom.global.add.f64"), ("add", "i8", "atom.global.add.u64")])
def test_atomic_instruction(nvrtc_options, name, dtype, instruction):
    dtype = numpy.dtype(dtype)
    loop = _core._ufunc_resolve(name, [dtype, dtype])
    _, src, _ = _core._ufunc_at_source(name, loop_index(name, loop), dtype, dtype)
    result = compile_all([src], nvrtc_options)[0]
    assert instruction in result["ptx"]


INDEX_CASES = [
    numpy.array([0, 1, 1, -1]), (numpy.array([0, 2]), numpy.array([1, 1])), (slice(None), numpy.array([0, -1, 0])),
    (numpy.array([[0], [1]]), slice(1, None, 2), numpy.array([1, 2, 0])), (Ellipsis, numpy.array([1, 0])), (1,), 1,
    (numpy.array([0, 1]), 2), (slice(None), 2, numpy.array([0, 1])), (None, numpy.array([1, 2]), None),
    (None, 1, slice(None, None, -2)), [], (slice(2, 2),), (numpy.array([[1, 2], [0, 0]]),),
    (numpy.array([0, 1]), None, numpy.array([1, 0])), (-1, Ellipsis, -1), ([1, -2], slice(None, None, -1)),
    (1, slice(None), numpy.array([0, 1])), (numpy.array([0, 1]), slice(None), numpy.array([1, 2, 3])),
    (numpy.array([True, False, True, False, True]),), (numpy.array([5]),), (numpy.array([-6]),), (9,),
    (0, 0, 0, 0), (Ellipsis, Ellipsis), (numpy.array([1.0]),), 1.0]


@pytest.mark.parametrize("view", ["contiguous", "strided", "transposed"])
def test_target_offsets_match_numpy_indexing(monkeypatch, view):
    """The offsets computation, run on NumPy stand-ins for the device ops, names
    the elements (and raises the errors) that NumPy's a[indices] does."""
    for name, fn in dict(ndarray=numpy.ndarray, asarray=numpy.asarray, ascontiguousarray=numpy.ascontiguousarray,
                         full=numpy.full, broadcast_to=numpy.broadcast_to, arange=numpy.arange,
                         nonzero=numpy.nonzero, where=numpy.where).items():
        monkeypatch.setattr(_ufunc_methods, name, fn)
    base = numpy.zeros((5, 6, 7))
    a = {"contiguous": base, "strided": base[::-1, 1::2], "transposed": base.transpose(2, 0, 1)}[view]
    address = sum(i * s for i, s in zip(numpy.indices(a.shape), a.strides))
    for indices in INDEX_CASES:
        try:
            expected = address[indices]
        except (IndexError, ValueError) as exc:
            with pytest.raises(type(exc)):
                _ufunc_methods._target_offsets(a, indices)
            continue
        shape, offsets = _ufunc_methods._target_offsets(a, indices)
        assert shape == expected.shape, indices
        numpy.testing.assert_array_equal(offsets, expected, err_msg=str(indices))


# ---- at on the GPU -------------------------------------------------------------------------

@gpu
@pytest.mark.parametrize("name", AT_UFUNCS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_at_many_repeats_every_dtype(name, dtype):
    rng = numpy.random.default_rng(0)
    host_a = values(dtype, 7, rng)
    host_index = rng.integers(-7, 7, size=300)
    # multiply: factors -1, 0 and 1 keep the products exact in any order
    host_b = values(dtype, 300, rng, *((-1, 2) if name == "multiply" else (-3, 4)))

    @numpy_gpuarray_equal()
    def body(xp):
        a = xp.array(host_a)  # a copy: NumPy's at() would change host_a for the next run
        getattr(xp, name).at(a, xp.asarray(host_index), xp.asarray(host_b))
        return a
    compare_or_type_error(body)


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
def test_at_scalar_value_every_dtype(dtype):
    rng = numpy.random.default_rng(1)
    host_a = values(dtype, (4, 5), rng)
    host_index = rng.integers(-4, 4, size=50)

    @numpy_gpuarray_equal()
    def body(xp):
        a = xp.array(host_a)  # a copy: NumPy's at() would change host_a for the next run
        xp.add.at(a, xp.asarray(host_index), numpy.dtype(dtype).type(1))
        return a
    body()


@gpu
@pytest.mark.parametrize("dtype", DTYPES)
def test_negative_at_unary(dtype):
    rng = numpy.random.default_rng(2)
    host_a = values(dtype, 6, rng)
    host_index = numpy.array([0, 0, 0, 1, -1, 3, 3])

    @numpy_gpuarray_equal()
    def body(xp):
        a = xp.array(host_a)  # a copy: NumPy's at() would change host_a for the next run
        xp.negative.at(a, xp.asarray(host_index))
        return a
    compare_or_type_error(body)


@gpu
@pytest.mark.parametrize("name", ["sqrt", "isnan", "absolute", "square"])
def test_other_unary_at(name):
    host_a = numpy.arange(8, dtype=numpy.float32)

    @numpy_gpuarray_equal()
    def body(xp):
        a = xp.array(host_a)  # a copy: NumPy's at() would change host_a for the next run
        getattr(xp, name).at(a, xp.asarray([1, 5, 5]))
        return a
    body()


@gpu
@pytest.mark.parametrize("indices, b_shape", [
    ((numpy.array([0, 2, 2, -1]), numpy.array([1, 1, 0, -3])), ()),
    ((numpy.array([0, 2, 2, -1]), numpy.array([1, 1, 0, -3])), (4,)),
    ((slice(None), numpy.array([0, 0, 3])), (1, 3)),
    ((numpy.array([[0], [3]]), numpy.array([1, 1, 4])), (2, 1)),
    ((numpy.array([1, 1]), slice(None, None, -2)), (3,)),
    ((2, numpy.array([4, 4, 4])), (3,)),
    ((Ellipsis, 1), (4,)),
    (numpy.array([3, 3, 0]), (3, 5)),
    (numpy.array([True, False, True, True]), (5,)),
])
def test_at_index_tuples_and_broadcast_values(indices, b_shape):
    rng = numpy.random.default_rng(3)
    host_a = values(numpy.int64, (4, 5), rng)
    host_b = values(numpy.int64, b_shape, rng)

    @numpy_gpuarray_equal()
    def body(xp):
        a = xp.array(host_a)  # a copy: NumPy's at() would change host_a for the next run
        index = tuple(xp.asarray(i) if isinstance(i, numpy.ndarray) else i for i in indices) \
            if isinstance(indices, tuple) else xp.asarray(indices)
        xp.add.at(a, index, xp.asarray(host_b))
        return a
    body()


@gpu
@pytest.mark.parametrize("layout", ["reversed", "strided", "transposed"])
def test_at_on_views(layout):
    host = numpy.arange(48, dtype=numpy.float64).reshape(6, 8)
    view = {"reversed": lambda a: a[::-1], "strided": lambda a: a[1::2, ::3], "transposed": lambda a: a.T}[layout]

    @numpy_gpuarray_equal()
    def body(xp):
        a = xp.array(host)  # a copy: NumPy's at() would change host for the next run
        xp.subtract.at(view(a), xp.asarray([0, 0, -1, 1]), 1.5)
        return a
    body()


@gpu
def test_at_casts_values_and_results_as_numpy():
    @numpy_gpuarray_equal()
    def body(xp):
        a = xp.asarray(numpy.array([3, 3, 100, 7], numpy.int8))
        xp.multiply.at(a, xp.asarray([0, 0]), 0.5)         # float64 loop, truncated back to int8
        xp.add.at(a, xp.asarray([2, 2]), 300)              # int64 loop, wrapped back to int8
        xp.add.at(a, xp.asarray([3]), xp.asarray([2.75]))  # float64 value
        return a
    body()


@gpu
def test_at_values_may_alias_the_array():
    @numpy_gpuarray_equal()
    def body(xp):
        a = xp.arange(5)
        xp.add.at(a, xp.asarray([1, 2, 3]), a[0:3])
        return a
    body()


@gpu
def test_at_empty_and_0d():
    @numpy_gpuarray_equal()
    def body(xp):
        a = xp.zeros((3, 2))
        xp.add.at(a, xp.asarray(numpy.zeros(0, numpy.int64)), 1.0)
        z = xp.zeros(())
        xp.add.at(z, (), 2.0)
        return a, z
    body()


@gpu
def test_at_contention():
    """Many threads on one element of each sub-word and word size."""
    for dtype in (numpy.int8, numpy.int16, numpy.float16, numpy.float32, numpy.complex64, numpy.complex128):
        a = gpuarray.zeros(5, dtype)
        gpuarray.add.at(a, gpuarray.asarray(numpy.tile([1, 2, 3], 1000)), dtype(1))
        numpy.testing.assert_array_equal(a.get(), numpy.array([0, 1000, 1000, 1000, 0]).astype(dtype))


@gpu
@pytest.mark.parametrize("indices", [numpy.array([0, 5]), numpy.array([-6]), (0, numpy.array([3])),
                                     (numpy.array([0, 1]), numpy.array([0, 1, 2]))])
def test_at_index_errors(indices):
    @numpy_gpuarray_equal()
    def body(xp):
        a = xp.zeros((5, 3))
        index = tuple(xp.asarray(i) if isinstance(i, numpy.ndarray) else i for i in indices) \
            if isinstance(indices, tuple) else xp.asarray(indices)
        xp.add.at(a, index, 1.0)
        return a
    body()


@gpu
def test_at_value_errors():
    @numpy_gpuarray_equal()
    def not_broadcastable(xp):
        xp.add.at(xp.zeros(5), xp.asarray([0, 1]), xp.ones(3))

    @numpy_gpuarray_equal()
    def two_outputs(xp):
        xp.divmod.at(xp.zeros(5), xp.asarray([0]), 1.0)

    @numpy_gpuarray_equal()
    def missing_value(xp):
        xp.add.at(xp.zeros(5), xp.asarray([0]))

    @numpy_gpuarray_equal()
    def extra_value(xp):
        xp.negative.at(xp.zeros(5), xp.asarray([0]), 1.0)

    for case in (not_broadcastable, two_outputs, missing_value, extra_value):
        case()


@gpu
@pytest.mark.parametrize("name, dtype", [("bitwise_or", numpy.float32), ("negative", numpy.bool_),
                                         ("left_shift", numpy.float64)])
def test_at_type_errors(name, dtype):
    ufunc = getattr(numpy, name)
    args = () if ufunc.nin == 1 else (1,)
    with pytest.raises(TypeError):
        ufunc.at(numpy.zeros(3, dtype), numpy.array([0]), *args)
    with pytest.raises(TypeError, match=name):
        getattr(gpuarray, name).at(gpuarray.zeros(3, dtype), gpuarray.asarray([0]), *args)


@gpu
def test_at_needs_a_device_array():
    with pytest.raises(TypeError):
        gpuarray.add.at(numpy.zeros(3), [0], 1)


# ---- reduceat on the GPU -------------------------------------------------------------------

@gpu
@pytest.mark.parametrize("name", ["add", "multiply", "maximum", "minimum", "subtract", "logical_and",
                                  "bitwise_or"])
@pytest.mark.parametrize("dtype", DTYPES)
def test_reduceat_every_dtype(name, dtype):
    rng = numpy.random.default_rng(4)
    host = values(dtype, (6, 9), rng, -2, 3)

    @numpy_gpuarray_equal()
    def body(xp):
        ufunc = getattr(xp, name)
        x = xp.asarray(host)
        return (ufunc.reduceat(x, xp.asarray([0, 3, 3, 8, 2]), axis=1),
                ufunc.reduceat(x, xp.asarray([4, 1, 5]), axis=0))
    compare_or_type_error(body)


@gpu
@pytest.mark.parametrize("axis", [0, 1, 2, -1])
@pytest.mark.parametrize("layout", ["contiguous", "reversed", "transposed"])
def test_reduceat_axes_and_layouts(axis, layout):
    rng = numpy.random.default_rng(5)
    host = values(numpy.float64, (5, 6, 7), rng)
    view = {"contiguous": lambda a: a, "reversed": lambda a: a[::-1, :, ::-1],
            "transposed": lambda a: a.transpose(1, 2, 0)}

    @numpy_gpuarray_equal()
    def body(xp):
        x = view[layout](xp.asarray(host))
        return xp.add.reduceat(x, xp.asarray([0, 4, 1, 1, 3]), axis=axis)
    body()


@gpu
def test_reduceat_dtype_and_out():
    host = numpy.arange(10, dtype=numpy.int8) * 30

    @numpy_gpuarray_equal()
    def body(xp):
        x = xp.asarray(host)
        widened = xp.add.reduceat(x, xp.asarray([0, 5]))               # int64, as reduce
        narrow = xp.add.reduceat(x, xp.asarray([0, 5]), dtype=xp.int8)  # wraps
        out = xp.zeros(2, xp.int64)
        given = xp.add.reduceat(x, xp.asarray([0, 5]), out=out)
        assert given is out
        as_float = xp.zeros(3, xp.float64)
        xp.maximum.reduceat(x, xp.asarray([1, 0, 7]), out=(as_float,))
        return widened, narrow, out, as_float
    body()


@gpu
def test_reduceat_index_forms():
    @numpy_gpuarray_equal()
    def body(xp):
        x = xp.arange(8.0)
        return (xp.add.reduceat(x, [0, 4, 1, 5]), xp.add.reduceat(x, xp.asarray([7])),
                xp.add.reduceat(x, []), xp.add.reduceat(x, xp.asarray(numpy.array([0, 2], numpy.uint8))),
                xp.add.reduceat(xp.zeros((2, 0)), [0, 1]), xp.add.reduceat(x, [0, 2], axis=None))
    body()


@gpu
@pytest.mark.parametrize("case", ["past_end", "negative", "empty_axis", "scalar", "two_axes", "unary",
                                  "two_outputs", "no_loop", "indices_2d"])
def test_reduceat_errors(case):
    @numpy_gpuarray_equal()
    def body(xp):
        x = xp.arange(8)
        if case == "past_end":
            xp.add.reduceat(x, [0, 8])
        elif case == "negative":
            xp.add.reduceat(x, xp.asarray([-1]))
        elif case == "empty_axis":
            xp.add.reduceat(xp.zeros((2, 0)), [0], axis=1)
        elif case == "scalar":
            xp.add.reduceat(xp.zeros(()), [0])
        elif case == "two_axes":
            xp.add.reduceat(xp.ones((2, 3)), [0, 1], axis=None)
        elif case == "unary":
            xp.negative.reduceat(x, [0])
        elif case == "two_outputs":
            xp.divmod.reduceat(x, [0])
        elif case == "no_loop":
            try:
                xp.equal.reduceat(x, [0, 1])
            except TypeError as exc:  # NumPy's is a TypeError subclass: compare the base type
                raise TypeError(str(exc)) from None
        elif case == "indices_2d":
            xp.add.reduceat(x, [[0, 1]])
    body()
