# SPDX-License-Identifier: BSD-3-Clause
"""Ufunc calls and operators on the GPU against NumPy: every loop of every
ufunc, Python and NumPy scalars on either side, out=, where=, dtype=,
casting, overlap, and NumPy's errors."""
import numpy
import pytest

import gpuarray
from gpuarray import _core

pytestmark = pytest.mark.gpu

NAMES = _core._ufunc_names()
# Relative tolerance per result kind: exact for integers and bools; a few ulp
# for floats (CUDA's math functions are not correctly rounded).
RTOL = {"e": 2e-3, "f": 4e-6, "d": 1e-13, "F": 4e-6, "D": 1e-13}
# Inputs inside every ufunc's domain where that matters (log, sqrt, arccosh, ...).
POSITIVE_DOMAIN = {"arccosh"}
# Integer inputs where NumPy's result is an error or undefined, which the
# device cannot report (docs/ufuncs.md): negative integer powers raise
# ValueError in NumPy; NumPy's integer reciprocal(0) is whatever x86 gives.
NONNEGATIVE_INTEGERS = {"power"}
NONZERO_INTEGERS = {"reciprocal"}


def sample(char, shape, seed, name):
    rng = numpy.random.default_rng(seed)
    dtype = numpy.dtype(char)
    if dtype.kind == "b":
        return rng.integers(0, 2, shape).astype(dtype)
    if dtype.kind in "iu":
        lo = 0 if dtype.kind == "u" or name in NONNEGATIVE_INTEGERS else -20
        values = rng.integers(lo, 20, shape)
        if name in NONZERO_INTEGERS:
            values[values == 0] = 1
        return values.astype(dtype)
    lo, hi = (1.0, 4.0) if name in POSITIVE_DOMAIN else (-3.0, 3.0)
    values = rng.uniform(lo, hi, shape)
    if dtype.kind == "c":
        values = values + 1j * rng.uniform(lo, hi, shape)
    return values.astype(dtype)


def assert_matches(actual, expected, name):
    assert isinstance(actual, gpuarray.ndarray), name
    assert actual.dtype == expected.dtype and actual.shape == expected.shape, (name, actual.dtype, expected.dtype)
    host = actual.get()
    char = expected.dtype.char
    if char in RTOL:
        scale = numpy.nanmax(numpy.abs(expected), initial=1.0) if expected.size else 1.0
        numpy.testing.assert_allclose(host, expected, rtol=RTOL[char], atol=RTOL[char] * scale, equal_nan=True,
                                      err_msg=name)
    else:
        numpy.testing.assert_array_equal(host, expected, err_msg=name)


@pytest.mark.parametrize("name", NAMES)
def test_every_loop_matches_numpy(name):
    np_ufunc, ga_ufunc = getattr(numpy, name), getattr(gpuarray, name)
    assert ga_ufunc.nin == np_ufunc.nin and ga_ufunc.nout == np_ufunc.nout
    for signature in ga_ufunc.types:
        chars = signature.split("->")[0]
        hosts = [sample(c, (3, 37), i, name) for i, c in enumerate(chars)]
        with numpy.errstate(all="ignore"):
            expected = np_ufunc(*hosts, signature=signature.replace("l", "q").replace("L", "Q")
                                if "lL" in signature or "Ll" in signature else signature)
        actual = ga_ufunc(*[gpuarray.asarray(h) for h in hosts])
        if np_ufunc.nout == 1:
            expected, actual = (expected,), (actual,)
        for e, a in zip(expected, actual):
            assert_matches(a, e, f"{name} {signature}")


BINARY = ["add", "subtract", "multiply", "divide", "floor_divide", "remainder", "power", "maximum",
          "fmin", "arctan2", "hypot", "equal", "less", "logical_and", "bitwise_xor", "left_shift"]
SCALARS = [3, -2, 2.5, 1 + 2j, True, numpy.float32(1.5), numpy.int8(3), numpy.uint16(7)]
ARRAY_DTYPES = ["?", "b", "B", "h", "i", "l", "L", "e", "f", "d", "F", "D"]


@pytest.mark.parametrize("name", [n for n in BINARY if n in NAMES])
@pytest.mark.parametrize("char", ARRAY_DTYPES)
def test_scalars_on_either_side_follow_nep50(name, char):
    host = sample(char, (4, 5), 1, name)
    dev = gpuarray.asarray(host)
    for scalar in SCALARS:
        for args, dargs in (((host, scalar), (dev, scalar)), ((scalar, host), (scalar, dev))):
            try:
                with numpy.errstate(all="ignore"):
                    expected = getattr(numpy, name)(*args)
            except (TypeError, OverflowError) as exc:
                with pytest.raises(type(exc)):
                    getattr(gpuarray, name)(*dargs)
                continue
            except ValueError:
                continue  # integers to negative powers: see NONNEGATIVE_INTEGERS
            assert_matches(getattr(gpuarray, name)(*dargs), expected, f"{name}{args[0].__class__, args[1]}")


OPERATORS = [
    (lambda a, b: a + b), (lambda a, b: a - b), (lambda a, b: a * b), (lambda a, b: a / b),
    (lambda a, b: a // b), (lambda a, b: a % b), (lambda a, b: a ** b), (lambda a, b: a == b),
    (lambda a, b: a != b), (lambda a, b: a < b), (lambda a, b: a >= b), (lambda a, b: a & b),
    (lambda a, b: a | b), (lambda a, b: a ^ b), (lambda a, b: a << b), (lambda a, b: a >> b),
]


@pytest.mark.parametrize("op", OPERATORS)
@pytest.mark.parametrize("chars", ["ii", "lb", "fd", "Bh", "??"])
def test_operators_match_numpy(op, chars):
    a, b = sample(chars[0], (6, 7), 2, "op"), sample(chars[1], (7,), 3, "op")
    b = numpy.where(b == 0, b.dtype.type(1), b)
    for x, y, dx, dy in ((a, b, gpuarray.asarray(a), gpuarray.asarray(b)), (a, 2, gpuarray.asarray(a), 2),
                         (3, b, 3, gpuarray.asarray(b))):
        try:
            with numpy.errstate(all="ignore"):
                expected = op(x, y)
        except TypeError:
            with pytest.raises(TypeError):
                op(dx, dy)
            continue
        except ValueError:
            continue  # integers to negative powers: see NONNEGATIVE_INTEGERS
        assert_matches(op(dx, dy), expected, "operator")


def test_unary_operators():
    h = numpy.array([[-3, 0, 5]], numpy.int16)
    d = gpuarray.asarray(h)
    assert_matches(-d, -h, "neg")
    assert_matches(+d, +h, "pos")
    assert_matches(abs(d), abs(h), "abs")
    assert_matches(~d, ~h, "invert")
    with pytest.raises(TypeError):
        -gpuarray.asarray(numpy.array([True]))


def test_inplace_operators_write_into_the_array_and_check_casting():
    h = numpy.arange(12, dtype=numpy.int32).reshape(3, 4)
    d = gpuarray.asarray(h)
    same = d
    d += 5
    h += 5
    d *= gpuarray.asarray(numpy.arange(4, dtype=numpy.int8))
    h *= numpy.arange(4, dtype=numpy.int8)
    assert d is same
    assert_matches(d, h, "inplace")
    with pytest.raises(TypeError, match="same_kind"):
        d += 1.5
    assert_matches(d, h, "unchanged after the error")


def test_operator_slots_agree_with_the_methods():
    """`a + b` runs the type's C slot, a.__add__(b) the bound method: the same
    ufunc call, in every direction (reflected, in place, ** shortcuts)."""
    h = numpy.array([[1, 2, 3], [4, 5, 6]], numpy.int32)
    f = numpy.array([0.5, 2.0, 4.0])
    d, df = gpuarray.asarray(h), gpuarray.asarray(f)
    assert_matches(d.__add__(2), h + 2, "__add__")
    assert_matches(d.__radd__(2), 2 + h, "__radd__")
    assert_matches(d.__rsub__(2), 2 - h, "__rsub__")
    assert_matches(2 - d, 2 - h, "reflected slot")
    assert_matches(2 < d, 2 < h, "reflected comparison")
    assert_matches(d.__lt__(3), h < 3, "__lt__")
    assert_matches(2 ** d, 2 ** h, "reflected power")
    assert_matches(d ** 2, h ** 2, "square")
    assert_matches(df ** 0.5, f ** 0.5, "sqrt")
    assert_matches(df.__pow__(0.5), f ** 0.5, "__pow__ sqrt")
    assert_matches(d.__rpow__(2), 2 ** h, "__rpow__")
    with pytest.raises(TypeError):
        pow(d, 2, 3)
    for op in ("-=", "*=", "//=", "%=", "&=", "|=", "^=", "<<=", ">>=", "**="):
        dd, hh = gpuarray.asarray(h), h.copy()
        same = dd
        scope = {"dd": dd, "hh": hh}
        exec(f"dd {op} 2\nhh {op} 2", scope)
        assert scope["dd"] is same
        assert_matches(scope["dd"], scope["hh"], op)
    dd = gpuarray.asarray(f)
    dd /= 2
    assert_matches(dd, f / 2, "/=")
    same = dd
    assert dd.__iadd__(1) is same
    assert_matches(dd, f / 2 + 1, "__iadd__")
    with pytest.raises(TypeError, match="same_kind"):
        d.__itruediv__(2)
    with pytest.raises(TypeError):
        d + numpy.ones(3, numpy.int32)
    with pytest.raises(TypeError):
        d + [1, 2, 3]


def test_out_where_dtype_and_casting():
    a = numpy.linspace(-2, 2, 12).reshape(3, 4)
    da = gpuarray.asarray(a)
    out = gpuarray.zeros((3, 4), numpy.float32)
    r = gpuarray.add(da, 1, out=out, casting="unsafe")
    assert r is out
    assert_matches(out, (a + 1).astype(numpy.float32), "out")
    mask = a > 0
    base = numpy.full((3, 4), -7.0)
    dbase = gpuarray.asarray(base)
    gpuarray.multiply(da, 10, out=dbase, where=gpuarray.asarray(mask))
    numpy.multiply(a, 10, out=base, where=mask)
    assert_matches(dbase, base, "where")
    assert_matches(gpuarray.add(gpuarray.asarray(numpy.arange(5, dtype=numpy.int8)), 1, dtype=numpy.float32),
                   numpy.add(numpy.arange(5, dtype=numpy.int8), 1, dtype=numpy.float32), "dtype=")
    with pytest.raises(TypeError, match="Cannot cast ufunc 'add' output"):
        gpuarray.add(da, 1, out=gpuarray.zeros((3, 4), numpy.int64))
    q, r = gpuarray.divmod(gpuarray.asarray(numpy.arange(-5, 5)), 3)
    eq, er = numpy.divmod(numpy.arange(-5, 5), 3)
    assert_matches(q, eq, "divmod q")
    assert_matches(r, er, "divmod r")


def test_where_mask_widens_the_output_shape():
    """NumPy broadcasts the mask with the inputs: a wider mask gives a wider output,
    whose elements under a false mask are left as allocated (only the rest compare)."""
    a = numpy.arange(4, dtype=numpy.float32)
    mask = numpy.array([[True], [False], [True]])
    expect = numpy.add(a, 1, where=mask)
    got = gpuarray.add(gpuarray.asarray(a), 1, where=gpuarray.asarray(mask))
    assert got.shape == expect.shape == (3, 4) and got.dtype == expect.dtype
    full_mask = numpy.broadcast_to(mask, (3, 4))
    numpy.testing.assert_array_equal(got.get()[full_mask], expect[full_mask])
    with pytest.raises(ValueError):
        gpuarray.add(gpuarray.asarray(a), 1, where=gpuarray.asarray(numpy.ones((3, 5), bool)))


def test_outputs_given_positionally():
    a = numpy.linspace(-2, 2, 7)
    out = gpuarray.zeros(7)
    assert gpuarray.multiply(gpuarray.asarray(a), 3, out) is out
    assert_matches(out, a * 3, "positional out")
    q, r = gpuarray.zeros(7), gpuarray.zeros(7)
    got = gpuarray.divmod(gpuarray.asarray(a), 0.75, q, r)
    assert got[0] is q and got[1] is r
    eq, er = numpy.divmod(a, 0.75)
    assert_matches(q, eq, "positional divmod q")
    assert_matches(r, er, "positional divmod r")


def test_overlapping_output_reads_a_copy():
    h = numpy.arange(10.0)
    d = gpuarray.asarray(h)
    gpuarray.add(d[:-1], d[1:], out=d[1:])
    numpy.add(h[:-1], h[1:], out=h[1:])
    assert_matches(d, h, "overlap")


def test_layouts_broadcast_zero_d_and_empty():
    a = numpy.arange(24, dtype=numpy.float32).reshape(2, 3, 4)
    for x, y in [(a, a[0]), (a[:, ::-1, ::2], numpy.float32(2)), (numpy.asfortranarray(a), a),
                 (a.transpose(2, 0, 1), a.transpose(2, 0, 1)[:1]), (numpy.array(3.0), a), (a[:0], a[:0])]:
        dx = gpuarray.asarray(numpy.ascontiguousarray(x))
        if x.strides != dx.strides and x.ndim:
            dx = gpuarray.asarray(x.copy(order="K"))
        dy = gpuarray.asarray(y) if isinstance(y, numpy.ndarray) else y
        assert_matches(dx * dy, x * y, "layout")
    f = numpy.asfortranarray(a)
    assert (gpuarray.asarray(f) + 1).strides == (f + 1).strides  # output laid out like the input (K)


def test_comparisons_with_python_ints_outside_the_dtype_are_exact():
    for char in "bBhHiIlL":
        h = numpy.array([0, 1, 5], dtype=char)
        d = gpuarray.asarray(h)
        for value in (-2, 300, 2**40, 2**63, 2**64, -2**70):
            for op in (lambda a, b: a == b, lambda a, b: a != b, lambda a, b: a < b, lambda a, b: a >= b):
                assert_matches(op(d, value), op(h, value), f"{char} {value}")
                assert_matches(op(value, d), op(value, h), f"{value} {char}")


def test_errors():
    a = gpuarray.zeros((2, 3))
    with pytest.raises(ValueError, match="could not be broadcast"):
        a + gpuarray.zeros(4)
    with pytest.raises(TypeError):
        a + numpy.zeros((2, 3))
    with pytest.raises(TypeError, match="not supported for the input types"):
        gpuarray.bitwise_and(a, a)
    with pytest.raises(OverflowError):
        gpuarray.zeros(3, numpy.uint8) + 300
    with pytest.raises(TypeError):
        gpuarray.add(a)


@pytest.mark.parametrize("name", ["sin", "cos", "tan"])
@pytest.mark.parametrize("char", ["e", "f", "F"])
def test_trigonometry_of_large_arguments(name, char):
    """float32 sin/cos/tan call the full reduction out of line past |x| = 48039
    (Note [Out-of-line trigonometric reduction]): arguments of every magnitude,
    both sides of that bound, in vectors and in the tail, against float64 NumPy."""
    f32 = numpy.float32(48039.0)
    around = [numpy.nextafter(f32, numpy.float32(0)), f32, numpy.nextafter(f32, numpy.float32(1e9))]
    magnitudes = numpy.logspace(-3, 38 if char != "e" else 4.8, 997)
    values = numpy.concatenate([magnitudes, -magnitudes, around, [0.0, 105615.0, 105616.0, 3e5]]).astype(char)
    expected = getattr(numpy, name)(values.astype(numpy.complex128 if char == "F" else numpy.float64))
    actual = getattr(gpuarray, name)(gpuarray.asarray(values)).get()
    assert actual.dtype == numpy.dtype(char)
    tolerance = {"e": 2e-3, "f": 4e-6, "F": 4e-6}[char]
    scale = numpy.maximum(numpy.abs(expected), 1.0)
    finite = numpy.isfinite(expected) & (numpy.abs(expected) < 1e30)
    assert numpy.all(numpy.abs(actual[finite] - expected[finite]) <= tolerance * scale[finite]), name


def test_calls_from_new_threads():
    # Each thread's first launch binds its context (cuLaunchKernel needs one),
    # and each thread fills its own cache of recent ops and kernels.
    import threading
    a = gpuarray.arange(6, dtype=numpy.float32)
    expected = numpy.arange(6, dtype=numpy.float32)
    results, errors = {}, []

    def work(k):
        try:
            results[k] = ((a + k) * 2).get(), gpuarray.sin(a).get()
        except Exception as e:  # reported below: a thread's exception is otherwise lost
            errors.append(e)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    for k in range(4):
        numpy.testing.assert_array_equal(results[k][0], (expected + k) * 2)
        numpy.testing.assert_allclose(results[k][1], numpy.sin(expected), rtol=4e-6)


def test_repeated_launches_read_current_values():
    # A launch repeated exactly (same kernel, arguments and stream) runs from
    # a one-node graph after its second time: the graph holds pointers, so
    # each run must see the values written since, on every stream.
    a = gpuarray.zeros(5, dtype=numpy.float32)
    b = gpuarray.arange(5, dtype=numpy.float32)
    host_a, host_b = numpy.zeros(5, numpy.float32), numpy.arange(5, dtype=numpy.float32)
    outs = [gpuarray.empty(5, dtype=numpy.float32) for _ in range(2)]
    streams = [gpuarray.cuda.Stream(), gpuarray.cuda.Stream(non_blocking=True)]
    for i in range(12):
        c = a + b
        gpuarray.multiply(a, b, out=outs[i % 2])  # two argument sets in turn
        numpy.testing.assert_array_equal(c.get(), host_a + host_b)
        numpy.testing.assert_array_equal(outs[i % 2].get(), host_a * host_b)
        with streams[i % 2]:
            d = gpuarray.sin(a) + i
            streams[i % 2].synchronize()
        numpy.testing.assert_allclose(d.get(), numpy.sin(host_a) + i, rtol=4e-6)
        a += 1.5
        host_a += 1.5
    # Many kernels, each repeated, fill and evict the per-thread table.
    x = gpuarray.arange(7, dtype=numpy.float64)
    for _ in range(3):
        for k in range(200):
            numpy.testing.assert_array_equal((x * k).get(), numpy.arange(7) * k)


@pytest.mark.parametrize("char", ARRAY_DTYPES)
def test_operands_in_transposed_layouts(char):
    # Operands dense along different dimensions run the tiled kernel: the
    # inputs laid out unlike the output go through shared memory. Odd
    # extents leave partial tiles; complex128 pairs take 32-wide tiles.
    x, y = sample(char, (70, 45), 1, "add"), sample(char, (45, 70), 2, "add")
    a, b = gpuarray.asarray(x), gpuarray.asarray(y)
    assert_matches(a.T + b, x.T + y, "a.T + b")
    assert_matches(b + a.T, y + x.T, "b + a.T")
    assert_matches(gpuarray.add(a.T, b, out=gpuarray.empty((45, 70), char)), x.T + y, "out= C-ordered")
    z = sample(char, (70,), 3, "add")
    assert_matches(gpuarray.multiply(a.T, b) + gpuarray.asarray(z), x.T * y + z, "with a broadcast row")
    if char not in "FD?":
        q, r = gpuarray.divmod(a.T, gpuarray.absolute(b) + 1)
        eq, er = numpy.divmod(x.T, numpy.abs(y) + 1)
        assert_matches(q, eq, "divmod quotient")
        assert_matches(r, er, "divmod remainder")


def test_transposed_layouts_with_batches_masks_and_negative_strides():
    rng = numpy.random.default_rng(7)
    x = rng.standard_normal((3, 50, 40)).astype(numpy.float32)
    y = rng.standard_normal((3, 40, 50)).astype(numpy.float32)
    a, b = gpuarray.asarray(x), gpuarray.asarray(y)
    xt, at = x.transpose(0, 2, 1), a.transpose(0, 2, 1)
    assert_matches(at * b - 1, xt * y - 1, "batched")
    assert_matches(at[:, ::-1] + b[:, ::-1], xt[:, ::-1] + y[:, ::-1], "reversed rows")
    assert_matches(at[1] + b[2], xt[1] + y[2], "one batch")
    mask = (rng.standard_normal((3, 50, 40)) > 0)
    out = gpuarray.zeros((3, 40, 50), numpy.float32)
    gpuarray.add(at, b, out=out, where=gpuarray.asarray(mask).transpose(0, 2, 1))
    expected = numpy.zeros((3, 40, 50), numpy.float32)
    numpy.add(xt, y, out=expected, where=mask.transpose(0, 2, 1))
    assert_matches(out, expected, "where= transposed mask")
    big = rng.standard_normal((300, 257)).astype(numpy.float64)
    g = gpuarray.asarray(big)
    assert_matches(g.T + g.T.copy(), big.T + big.T.copy(), "float64, many tiles")
