# SPDX-License-Identifier: BSD-3-Clause
"""The elementwise IterationPlan, checked without a GPU: broadcasting against
NumPy, dimension order, coalescing, flips, kinds, vector width, index width and
launch configuration. Operands are described by shape, strides, dtype and an
address; nothing is allocated on a device."""
import itertools
import random
import struct

import numpy as np
import pytest

from gpuarray import _core

BASE = 1 << 40  # a fake device address, 256-byte aligned


def desc(a, out=False, base=BASE, root=None):
    """Describe NumPy view `a` as an operand at a fake address that keeps its
    offset from `root` (the array it views), so alignment is as on a device."""
    offset = 0
    if root is not None:
        offset = a.__array_interface__["data"][0] - root.__array_interface__["data"][0]
    return (a.shape, a.strides, a.dtype, base + offset, out)


def fake(shape, strides, dtype=np.float32, addr=BASE, out=False):
    return (tuple(shape), tuple(strides), np.dtype(dtype), addr, out)


def plan(*operands, sm_count=132):
    return _core._make_iteration_plan(list(operands), sm_count)


def element_addresses(p):
    """Per operand, the address of each element the plan visits, in visit order."""
    sizes = p["sizes"]
    coords = np.unravel_index(np.arange(p["numel"]), sizes[::-1])[::-1]  # innermost first
    return [data + sum(c.astype(np.int64) * s for c, s in zip(coords, strides))
            for data, strides in zip(p["data"], p["strides"])]


def numpy_addresses(operands):
    """Per operand, the address NumPy's broadcasting assigns to each element of
    the broadcast shape."""
    shape = np.broadcast_shapes(*[o[0] for o in operands])
    result = []
    for shp, strides, _, addr, _ in operands:
        idx = np.indices(shp, dtype=np.int64) if shp else np.zeros((0,), np.int64)
        a = np.int64(addr) + sum((idx[k] * strides[k] for k in range(len(shp))), np.zeros(shp, np.int64))
        result.append(np.broadcast_to(a, shape).ravel())
    return result


def assert_visits_like_numpy(operands):
    """The plan visits exactly NumPy's (out, in...) address tuples, each once."""
    p = plan(*operands)
    got = np.stack(element_addresses(p), axis=1)
    want = np.stack(numpy_addresses(operands), axis=1)
    assert got.shape == want.shape
    got = got[np.lexsort(got.T[::-1])]
    want = want[np.lexsort(want.T[::-1])]
    np.testing.assert_array_equal(got, want)
    # Fully reduced: no size-1 dimension left, no adjacent pair mergeable.
    sizes, strides = p["sizes"], p["strides"]
    assert p["numel"] == 1 or all(s > 1 for s in sizes)
    for d in range(len(sizes) - 1):
        assert not all(st[d + 1] == st[d] * sizes[d] for st in strides), (sizes, strides)
    return p


# ---- broadcasting ---------------------------------------------------------------

SHAPES = [(), (1,), (3,), (1, 3), (2, 1), (2, 3), (4, 1, 3), (4, 2, 1), (1, 1, 1), (0,), (0, 3), (2, 0, 1), (5, 4, 2, 3)]


@pytest.mark.parametrize("a,b", list(itertools.product(SHAPES, repeat=2)))
def test_broadcast_shape_matches_numpy(a, b):
    try:
        want = np.broadcast_shapes(a, b)
    except ValueError:
        with pytest.raises(ValueError, match="operands could not be broadcast together with shapes"):
            plan(fake(a, [4] * len(a)), fake(b, [4] * len(b)))
        return
    out = np.empty(want, np.float32)
    p = plan(fake(a, [0] * len(a)), fake(b, [0] * len(b)), desc(out, out=True))
    assert p["result_shape"] == want
    assert p["numel"] == int(np.prod(want))


def test_broadcast_error_message_names_every_shape_like_numpy():
    ops = [np.ones((2, 3)), np.ones(4), np.ones(())]
    with pytest.raises(ValueError) as numpy_err:
        np.add(ops[0], ops[1], out=np.empty(()))
    with pytest.raises(ValueError) as ours:
        plan(desc(ops[0]), desc(ops[1]), desc(ops[2], out=True))
    assert str(ours.value) == str(numpy_err.value) == "operands could not be broadcast together with shapes (2,3) (4,) () "


@pytest.mark.parametrize("a,b,out", [((2, 3), (3,), (1, 3)), ((2, 3), (3,), (3,)), ((), (2, 0), (2, 1))])
def test_output_must_have_the_broadcast_shape(a, b, out):
    with pytest.raises(ValueError) as numpy_err:
        np.add(np.ones(a), np.ones(b), out=np.empty(out))
    with pytest.raises(ValueError) as ours:
        plan(desc(np.ones(a)), desc(np.ones(b)), desc(np.empty(out), out=True))
    assert str(ours.value) == str(numpy_err.value)


def test_output_may_widen_the_iteration_like_numpy():
    out = np.empty((5, 2, 3), np.float32)
    p = assert_visits_like_numpy([desc(np.ones((2, 3), np.float32)), desc(np.ones(3, np.float32)), desc(out, True)])
    assert p["result_shape"] == (5, 2, 3)


def test_too_many_operands_and_dims_are_errors():
    with pytest.raises(ValueError, match="1 to 16 array operands, got 17"):
        plan(*[fake((3,), (4,))] * 17)
    with pytest.raises(ValueError, match="65 dimensions; at most 64"):
        plan(fake((1,) * 65, (4,) * 65))


# ---- kinds, order, coalescing ---------------------------------------------------

def test_c_contiguous_coalesces_to_one_flat_loop():
    a = np.empty((4, 5, 6), np.float32)
    p = assert_visits_like_numpy([desc(a), desc(a), desc(a, True)])
    assert (p["kind"], p["sizes"], p["strides"]) == ("contiguous", (120,), [(4,), (4,), (4,)])
    assert p["vector_width"] == 4 and p["index_width"] == 32


def test_fortran_order_everywhere_is_contiguous():
    a = np.empty((4, 5, 6), np.float64, order="F")
    p = assert_visits_like_numpy([desc(a), desc(a, True)])
    assert p["kind"] == "contiguous" and p["sizes"] == (120,)


def test_transposed_output_is_written_in_memory_order():
    out = np.empty((6, 5), np.float32).T  # shape (5, 6), column-major
    a = np.empty((5, 6), np.float32)
    p = assert_visits_like_numpy([desc(a), desc(out, True)])
    assert p["kind"] == "strided"
    assert p["strides"][1] == (4, 20)  # output innermost first: sequential
    assert p["strides"][0] == (24, 4)
    assert p["sizes"] == (5, 6)


def test_output_order_wins_over_inputs():
    a = np.empty((3, 4, 5), np.float32)
    out = np.empty((5, 3, 4), np.float32).transpose(1, 2, 0)
    p = assert_visits_like_numpy([desc(a), desc(a), desc(out, True)])
    out_strides = p["strides"][2]
    assert list(out_strides) == sorted(out_strides)


def test_inputs_decide_when_outputs_are_ambiguous():
    # A broadcast output dimension has no opinion; the input orders it.
    a = np.empty((4, 3), np.float32).T  # (3, 4) column-major
    out = np.empty((3, 4), np.float32, order="F")
    p = assert_visits_like_numpy([desc(a), desc(out, True)])
    assert p["kind"] == "contiguous"


def test_permuted_3d_views_coalesce_where_memory_allows():
    base = np.empty((2, 3, 4), np.float32)
    v = base.transpose(2, 0, 1)  # (4, 2, 3), strides (4, 48, 16): dims 1,2 merge
    p = assert_visits_like_numpy([desc(v), desc(v, True)])
    assert p["kind"] == "contiguous" and p["sizes"] == (24,)
    out = np.empty((4, 2, 3), np.float32)
    p = assert_visits_like_numpy([desc(v), desc(out, True)])
    assert p["kind"] == "strided" and p["ndim"] == 2 and p["sizes"] == (6, 4)


def test_steps_keep_the_dimensions_they_break():
    root = np.empty((6, 8), np.float32)
    rows = root[::2]  # (3, 8): rows contiguous, 2-row gaps
    p = assert_visits_like_numpy([desc(rows, root=root), desc(np.empty((3, 8), np.float32), True)])
    assert p["kind"] == "strided" and p["sizes"] == (8, 3)
    cols = root[:, ::2]
    p = assert_visits_like_numpy([desc(cols, root=root), desc(cols, True, root=root)])
    assert p["kind"] == "strided" and p["sizes"] == (24,) and p["strides"][0] == (8,)  # rows merge


def test_negative_strides_everywhere_are_flipped_to_ascending():
    root = np.empty((3, 4), np.float32)
    v = root[::-1, ::-1]
    p = assert_visits_like_numpy([desc(v, root=root), desc(v, True, root=root)])
    assert p["kind"] == "contiguous"
    assert p["data"] == [BASE, BASE]  # the lowest address after flipping
    assert p["vector_width"] == 4


def test_negative_stride_on_one_operand_only_stays_strided():
    root = np.empty(10, np.float32)
    p = assert_visits_like_numpy([desc(root[::-1], root=root), desc(np.empty(10, np.float32), True, base=BASE + 4096)])
    assert p["kind"] == "strided" and p["ndim"] == 1
    assert p["strides"] == [(-4,), (4,)]
    assert p["data"][0] == BASE + 36


def test_zero_strides_broadcast_without_copies():
    col = np.empty((3, 1), np.float32)
    row = np.empty((1, 4), np.float32)
    out = np.empty((3, 4), np.float32)
    p = assert_visits_like_numpy([desc(col), desc(row), desc(out, True)])
    assert p["kind"] == "strided" and p["sizes"] == (4, 3)
    assert p["strides"] == [(0, 4), (4, 0), (4, 16)]


def test_broadcast_scalar_keeps_the_flat_vector_loop():
    a = np.empty((50, 60), np.float32)
    s = np.empty((), np.float64)
    p = assert_visits_like_numpy([desc(a), desc(s, base=BASE + 8), desc(a, True)])
    assert p["kind"] == "contiguous" and p["broadcast"] == [False, True, False]
    assert p["vector_width"] == 4  # the broadcast operand's alignment and size do not count
    stretched = np.broadcast_to(np.empty(60, np.float32), (50, 60))
    p = assert_visits_like_numpy([desc(stretched), desc(a, True)])
    assert p["kind"] == "strided" and p["strides"][0] == (4, 0)


def test_zero_dim_is_one_element():
    s = np.empty((), np.complex128)
    p = assert_visits_like_numpy([desc(s), desc(s, True)])
    assert (p["kind"], p["numel"], p["sizes"], p["grid"]) == ("contiguous", 1, (1,), 1)
    assert p["broadcast"] == [False, False]
    p = assert_visits_like_numpy([desc(np.empty((1, 1, 1))), desc(np.empty((1, 1, 1)), True, base=BASE + 1024)])
    assert p["kind"] == "contiguous" and p["numel"] == 1


@pytest.mark.parametrize("shape", [(0,), (3, 0), (0, 5, 2)])
def test_empty_launches_nothing(shape):
    p = plan(desc(np.empty(shape)), desc(np.empty((1,) * len(shape))), desc(np.empty(shape), True))
    assert (p["kind"], p["numel"], p["grid"]) == ("empty", 0, 0)


def test_size_one_dims_are_dropped_whatever_their_strides():
    p = plan(fake((3, 1, 4), (16, 12345, 4)), fake((3, 1, 4), (16, -7, 4), out=True))
    assert p["kind"] == "contiguous" and p["sizes"] == (12,)


def test_many_dims_stay_strided_with_an_exact_ndim():
    shape = (2,) * 20
    strides = tuple(4 * 3 ** (19 - k) for k in range(20))  # every dim has a gap
    out_strides = np.empty(shape, np.float32).strides
    p = assert_visits_like_numpy([fake(shape, strides), fake(shape, out_strides, addr=1 << 44, out=True)])
    assert p["kind"] == "strided" and p["ndim"] == 20


def test_sixty_four_dims_are_accepted():
    shape = (1,) * 60 + (2, 3, 1, 5)
    p = plan(fake(shape, np.empty(shape, np.int8).strides, np.int8),
             fake(shape, np.empty(shape, np.int8, order="F").strides, np.int8, addr=1 << 41, out=True))
    squeezed = [fake((2, 3, 5), (15, 5, 1), np.int8), fake((2, 3, 5), (1, 2, 6), np.int8, addr=1 << 41, out=True)]
    assert p == assert_visits_like_numpy(squeezed) | {"result_shape": shape}
    assert p["kind"] == "strided" and p["ndim"] == 3


def random_view(rng, shape, dtype=np.float32, broadcast=True):
    """A view of `shape` into a larger buffer: a random memory order, random
    steps (negative too), sometimes a broadcast dimension; returns (view, root)."""
    nd = len(shape)
    perm = rng.sample(range(nd), nd)
    root = np.empty([2 * shape[k] for k in perm] or [1], dtype)
    steps = [rng.choice([1, 2, -1, -2]) for _ in range(nd)]
    # root[0, ...] is a 0-d view; root[0] would be a scalar copied elsewhere in
    # memory, at an offset from root that differs from process to process.
    view = root[tuple(slice(None, None, st) for st in steps)] if nd else root[0, ...]
    view = view[tuple(slice(0, shape[k]) for k in perm)].transpose(np.argsort(perm)) if nd else view
    if broadcast and nd and rng.random() < 0.3:  # a size-1 dimension, maybe stretched by stride 0
        k = rng.randrange(nd)
        view = view[tuple(slice(0, 1) if j == k else slice(None) for j in range(nd))]
        if rng.random() < 0.5:
            view = np.broadcast_to(view, shape)
    return view, root


def test_random_views_visit_like_numpy():
    rng = random.Random(1234)
    for _ in range(400):
        shape = tuple(rng.choice([1, 2, 3, 4]) for _ in range(rng.randint(0, 5)))
        ops = []
        for i in range(rng.randint(1, 3)):
            view, root = random_view(rng, shape)
            ops.append(desc(view, root=root, base=BASE + (i << 24)))
        out, root = random_view(rng, np.broadcast_shapes(*[o[0] for o in ops]), broadcast=False)
        assert_visits_like_numpy(ops + [desc(out, True, root=root, base=1 << 44)])


# ---- vector width ---------------------------------------------------------------

@pytest.mark.parametrize("dtypes,offsets,want", [
    (["f4", "f4"], [0, 0], 4),
    (["f4", "f4"], [4, 0], 1),
    (["f4", "f4"], [8, 0], 2),
    (["u1", "u1"], [0, 0], 16),
    (["u1", "u1"], [0, 3], 1),
    (["u1", "f8"], [0, 0], 2),
    (["u1", "f8"], [2, 0], 2),
    (["u1", "f8"], [1, 0], 1),
    (["e", "f4"], [8, 0], 4),
    (["c16", "c16"], [0, 0], 1),
    (["c8", "f4"], [0, 0], 2),
    (["?", "i8"], [0, 16], 2),
    (["i2", "i2", "i2"], [0, 4, 8], 2),
])
def test_vector_width_is_common_and_aligned(dtypes, offsets, want):
    ops = [fake((1000,), (np.dtype(d).itemsize,), d, addr=BASE + off, out=i == len(dtypes) - 1)
           for i, (d, off) in enumerate(zip(dtypes, offsets))]
    p = plan(*ops)
    assert p["kind"] == "contiguous" and p["vector_width"] == want
    widest = max(np.dtype(d).itemsize for d in dtypes)
    assert p["vector_width"] * widest <= 16


def test_strided_plans_have_no_vector_width():
    assert plan(fake((10,), (8,)), fake((10,), (4,), out=True))["vector_width"] == 1


# ---- index width ----------------------------------------------------------------

def test_contiguous_index_width_follows_the_element_count():
    small = plan(fake((2**31 - 1,), (1,), np.int8), fake((2**31 - 1,), (1,), np.int8, out=True))
    big = plan(fake((2**31,), (1,), np.int8), fake((2**31,), (1,), np.int8, out=True))
    assert (small["index_width"], big["index_width"]) == (32, 64)
    huge = plan(fake((3, 2**31), (2**31 * 8, 8), np.float64), fake((3, 2**31), (2**31 * 8, 8), np.float64, out=True))
    assert huge["kind"] == "contiguous" and huge["index_width"] == 64


def test_strided_index_width_follows_the_byte_extent():
    # 1000 x 1000 elements, but one input row is 4 MB apart: offsets reach ~4 GB.
    p = plan(fake((1000, 1000), (4_000_000, 4)), fake((1000, 1000), (4000, 4), out=True))
    assert p["kind"] == "strided" and p["index_width"] == 64
    p = plan(fake((1000, 1000), (400_000, 4)), fake((1000, 1000), (4000, 4), out=True))
    assert p["index_width"] == 32
    # Negative offsets count as well: 2^31 - 1 bytes back still fits, 2^31 does not.
    fits = plan(fake((2, 3), (-(2**31 - 1), 4)), fake((2, 3), (12, 4), out=True))
    past = plan(fake((2, 3), (-(2**31), 4)), fake((2, 3), (12, 4), out=True))
    assert (fits["index_width"], past["index_width"]) == (32, 64)


# ---- launch configuration -------------------------------------------------------

@pytest.mark.parametrize("n,sm,want_grid", [(1, 132, 1), (256 * 4, 132, 1), (256 * 4 + 1, 132, 2),
                                            (10**8, 132, 97657), (10**8, 16, 97657)])
def test_launch_config_contiguous_gives_each_vector_a_thread(n, sm, want_grid):
    p = plan(fake((n,), (4,)), fake((n,), (4,), out=True), sm_count=sm)
    assert (p["grid"], p["block"]) == (want_grid, 256)


@pytest.mark.parametrize("n,sm,want_grid", [(2, 132, 1), (256, 132, 1), (257, 132, 2), (10**8, 132, 132 * 8),
                                            (10**8, 16, 128)])
def test_launch_config_strided_keeps_a_resident_grid(n, sm, want_grid):
    p = plan(fake((n,), (8,)), fake((n,), (4,), out=True), sm_count=sm)
    assert (p["kind"], p["grid"], p["block"]) == ("strided", want_grid, 256)


# ---- kernel parameters ----------------------------------------------------------

def test_strided_parameters_follow_the_device_layout():
    root = np.empty((6, 8), np.float32)
    ops = [desc(root[::2, 1:7], root=root), desc(np.empty((3, 6), np.float64), True, base=1 << 44)]
    k = _core._elementwise_kernel(ops, "copy", "out0 = in0;")
    pointers, n, geometry = k["params"]
    assert struct.unpack("<2Q", pointers) == tuple(k["data"])
    assert struct.unpack("<I", n) == (18,)
    nd, nargs = k["ndim"], 2
    words = struct.unpack(f"<{len(geometry) // 4}i", geometry)
    sizes, magic, shift, strides = words[:nd], words[nd:2 * nd], words[2 * nd:3 * nd], words[3 * nd:]
    assert sizes == k["sizes"] == (6, 3)
    # Each index n divides by sizes[d] as (((n * magic) >> 32) + n) >> shift
    # (tests/engine/cpp/test_iteration_plan.cpp checks the magic for every divisor).
    for d, m, s in zip(sizes, magic, shift):
        assert all((((n * (m & 0xffffffff)) >> 32) + n) >> s == n // d for n in range(64)), d
    assert strides == (4, 8, 64, 48)  # [dim][operand]
    assert k["data"][0] == BASE + 4


def test_64bit_parameters_and_scalars():
    ops = [fake((1000, 1000), (4_000_000, 4)), fake((1000, 1000), (4000, 4), out=True)]
    scalars = [(np.float16, np.float16(1.5).tobytes()), (np.complex128, np.complex128(1 + 2j).tobytes())]
    k = _core._elementwise_kernel(ops, "axpb", "out0 = in0;", scalars=scalars)
    _, n, geometry, s0, s1 = k["params"]
    assert struct.unpack("<Q", n) == (10**6,)
    assert struct.unpack("<6q", geometry) == (1000, 1000, 4, 4, 4_000_000, 4000)
    assert (s0, s1) == (scalars[0][1], scalars[1][1])
