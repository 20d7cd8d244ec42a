# SPDX-License-Identifier: BSD-3-Clause
"""Seeding, spawning and state of gpuarray.random's generators (issue 25):
SeedSequence semantics, BitGenerator.state / spawn / seed_seq,
RandomState.get_state / set_state in NumPy's tuple and dict forms, pickling,
the module functions, and which names of numpy.random exist.

Without a GPU the bulk streams run on the host (test_random_bulk's host
kernels): a captured state must continue the same stream exactly, for each
bit generator. On a GPU the same holds for every kind of draw, the
distribution kernels' too."""
import copy
import inspect
import pathlib
import pickle
import re
import types

import numpy
import pytest

import gpuarray as xp
from gpuarray.random import _bulk, _state
from test_random_bulk import HOST_THREADS, host, host_library

gpu = pytest.mark.gpu
KINDS = list(_bulk.GENERATORS)
DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs" / "random.md"
SHARED_FIXTURES = (host_library, host)  # pytest finds them here by name


@pytest.fixture
def on_host(host, monkeypatch):
    """test_random_bulk's host "device", extended to set_state's upload."""
    monkeypatch.setattr(_state, "_creation", types.SimpleNamespace(asarray=numpy.array))
    monkeypatch.setattr(_state, "_core", types.SimpleNamespace(get_device=lambda: 0))
    return host


def draw_bulk(g):
    """A mix of bulk draws of a Generator (host arrays under `host`)."""
    return numpy.concatenate([numpy.asarray(g.random(1001)).ravel(),
                              numpy.asarray(g.standard_normal(333, dtype=numpy.float32), numpy.float64),
                              numpy.asarray(g.bit_generator.random_raw(17), numpy.float64)])


# ---- Seeding ---------------------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_int_and_seed_sequence_give_the_same_key(kind):
    bitgen = getattr(xp.random, kind)
    assert bitgen(5)._seed == bitgen(xp.random.SeedSequence(5))._seed == bitgen(numpy.int64(5))._seed
    assert bitgen([1, 2, 3])._seed == bitgen(numpy.random.SeedSequence([1, 2, 3]))._seed
    assert bitgen(5)._seed != bitgen(6)._seed
    assert 0 <= bitgen(2**100)._seed < 2**63
    ss = xp.random.SeedSequence(9)
    assert bitgen(ss).seed_seq is ss
    assert isinstance(bitgen(5).seed_seq, numpy.random.SeedSequence) and bitgen(5).seed_seq.entropy == 5
    assert bitgen(None)._seed != bitgen(None)._seed, "None draws fresh entropy"


def test_default_rng_takes_a_seed_sequence():
    ss = xp.random.SeedSequence(42)
    g = xp.random.default_rng(ss)
    assert type(g.bit_generator) is xp.random.XORWOW and g.bit_generator.seed_seq is ss
    assert g.bit_generator._seed == xp.random.default_rng(42).bit_generator._seed


@pytest.mark.parametrize("seed, message", [(-1, "Seed must be between 0 and 2**32 - 1"),
                                           (-(2**40), "Seed must be non-negative")])
def test_negative_seeds(seed, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        xp.random.XORWOW(seed)
    with pytest.raises(ValueError, match=re.escape(message)):
        xp.random.RandomState(seed)


def test_reseed_restarts_the_seed_sequence():
    rs = xp.random.RandomState(3)
    key = rs._bit_generator._seed
    rs.seed(4)
    assert rs._bit_generator._seed != key and rs._bit_generator.seed_seq.entropy == 4
    rs.seed(3)
    assert rs._bit_generator._seed == key and rs._bit_generator._calls == 0


# ---- Spawning ---------------------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_spawn_gives_seed_sequence_children(kind):
    parent = getattr(xp.random, kind)(7)
    children = parent.spawn(3)
    assert [type(c) for c in children] == [type(parent)] * 3
    assert [c.seed_seq.spawn_key for c in children] == [(0,), (1,), (2,)]
    keys = {parent._seed} | {c._seed for c in children}
    assert len(keys) == 4, "each child has its own key"
    again = parent.spawn(1)[0]
    assert again.seed_seq.spawn_key == (3,) and again._seed not in keys
    # Reproducible: the same parent seed spawns the same children.
    assert [c._seed for c in getattr(xp.random, kind)(7).spawn(3)] == [c._seed for c in children]
    # A child's key is its SeedSequence's, as if seeded by it directly.
    assert children[1]._seed == getattr(xp.random, kind)(numpy.random.SeedSequence(7, spawn_key=(1,)))._seed
    assert parent.spawn(0) == []


def test_generator_spawn():
    g = xp.random.Generator(xp.random.MRG32k3a(1))
    kids = g.spawn(2)
    assert all(type(k) is xp.random.Generator and type(k.bit_generator) is xp.random.MRG32k3a for k in kids)
    assert kids[0].bit_generator._seed != kids[1].bit_generator._seed


def test_spawn_needs_a_spawnable_sequence():
    class Fixed(numpy.random.bit_generator.ISeedSequence):
        def generate_state(self, n_words, dtype=numpy.uint32):
            return numpy.arange(1, n_words + 1, dtype=dtype)

    bg = xp.random.XORWOW(Fixed())
    assert bg._seed == 1
    with pytest.raises(TypeError, match="does not implement spawning"):
        bg.spawn(1)
    with pytest.raises(TypeError, match="does not implement spawning"):
        xp.random.Generator(bg).spawn(1)


def test_spawn_bad_counts():
    # NumPy 2.4 raises OverflowError (a uint32_t argument), 2.5 ValueError
    # ("n_children must be non-negative"); gpuarray's, from SeedSequence.spawn,
    # is the installed NumPy's.
    with pytest.raises((OverflowError, ValueError)) as numpy_error:
        numpy.random.default_rng(0).spawn(-1)
    with pytest.raises(type(numpy_error.value)):
        xp.random.default_rng(0).spawn(-1)
    # NumPy's Cython signature truncates 1.5 to 1; SeedSequence.spawn, which
    # gpuarray calls, refuses it.
    with pytest.raises(TypeError):
        xp.random.default_rng(0).spawn(1.5)


@pytest.mark.parametrize("kind", KINDS)
def test_spawned_bulk_streams_are_independent(on_host, kind):
    parent = xp.random.Generator(getattr(xp.random, kind)(2024))
    streams = [g.random(4000) for g in [parent, *parent.spawn(3)]]
    for i in range(4):
        for j in range(i):
            assert abs(numpy.corrcoef(streams[i], streams[j])[0, 1]) < 5 / numpy.sqrt(4000)


# ---- State: the dict form ----------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_state_round_trip_continues_the_stream(on_host, kind):
    g = xp.random.Generator(getattr(xp.random, kind)(11))
    draw_bulk(g)
    g.bit_generator._next_call()  # as a distribution kernel does
    saved = g.bit_generator.state
    expected = draw_bulk(g)
    calls = g.bit_generator._calls
    g.bit_generator.state = saved
    numpy.testing.assert_array_equal(draw_bulk(g), expected)
    # Another generator, seeded otherwise, takes the stream over entirely.
    other = xp.random.Generator(getattr(xp.random, kind)(999))
    draw_bulk(other)
    other.bit_generator.state = saved
    numpy.testing.assert_array_equal(draw_bulk(other), expected)
    assert other.bit_generator._seed == g.bit_generator._seed and other.bit_generator._calls == calls


@pytest.mark.parametrize("kind", KINDS)
def test_state_before_any_draw(on_host, kind):
    bg = getattr(xp.random, kind)(5)
    saved = bg.state
    assert saved["bit_generator"] == kind and saved["state"]["seed"] == bg._seed and saved["state"]["calls"] == 0
    if kind == "Philox4x32_10":
        assert saved["state"]["offset"] == 0
    else:
        assert saved["state"]["thread_states"].shape == (_bulk.STATE_WORDS, 0)
    first = draw_bulk(xp.random.Generator(bg))
    bg.state = saved
    numpy.testing.assert_array_equal(draw_bulk(xp.random.Generator(bg)), first)


@pytest.mark.parametrize("kind", ["XORWOW", "MRG32k3a"])
def test_captured_thread_states_are_a_copy(on_host, kind):
    g = xp.random.Generator(getattr(xp.random, kind)(3))
    g.random(100)
    saved = g.bit_generator.state
    words = saved["state"]["thread_states"]
    assert words.dtype == numpy.uint32 and words.shape == (_bulk.STATE_WORDS, HOST_THREADS)
    before = words.copy()
    g.random(100)
    numpy.testing.assert_array_equal(words, before)


def test_philox_state_is_its_counter(on_host):
    bg = xp.random.Philox4x32_10(8)
    xp.random.Generator(bg).random(10)  # 10 doubles: 5 chunks
    assert bg.state["state"]["offset"] == 5


@pytest.mark.parametrize("value, error, message", [
    (5, TypeError, "state must be a dict"),
    ({"bit_generator": "Philox4x32_10", "state": {}}, ValueError, "state must be for a XORWOW PRNG"),
    ({"bit_generator": "XORWOW"}, ValueError, "must be a dict with the keys"),
    ({"bit_generator": "XORWOW", "state": {"seed": 1, "calls": 0}}, ValueError, "must be a dict with the keys"),
    ({"bit_generator": "XORWOW", "state": {"seed": 2**63, "calls": 0, "thread_states": numpy.zeros((6, 0), "u4")}},
     ValueError, r"state\['seed'\] must be in"),
    ({"bit_generator": "XORWOW", "state": {"seed": 1.5, "calls": 0, "thread_states": numpy.zeros((6, 0), "u4")}},
     ValueError, r"state\['seed'\] must be an integer"),
    ({"bit_generator": "XORWOW", "state": {"seed": 1, "calls": -1, "thread_states": numpy.zeros((6, 0), "u4")}},
     ValueError, r"state\['calls'\] must be in"),
    ({"bit_generator": "XORWOW", "state": {"seed": 1, "calls": 0, "thread_states": numpy.zeros((5, 4), "u4")}},
     ValueError, "must be a uint32 array of shape"),
    ({"bit_generator": "XORWOW", "state": {"seed": 1, "calls": 0, "thread_states": numpy.zeros((6, 4), "i8")}},
     ValueError, "must be a uint32 array of shape"),
])
def test_bad_states_change_nothing(value, error, message):
    bg = xp.random.XORWOW(1)
    before = bg.state
    with pytest.raises(error, match=message):
        bg.state = value
    assert bg._seed == before["state"]["seed"] and bg._calls == 0 and bg._stream is None


def test_state_errors_are_numpys_kinds():
    """NumPy's bit generators raise the same types for the same mistakes."""
    with pytest.raises(TypeError, match="state must be a dict"):
        numpy.random.PCG64(1).state = 5
    with pytest.raises(ValueError, match="state must be for a PCG64"):
        numpy.random.PCG64(1).state = numpy.random.Philox(1).state


# ---- State: RandomState's tuple and dict -------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("legacy", [True, False])
def test_random_state_round_trip(on_host, kind, legacy):
    rs = xp.random.RandomState(21, method=kind)
    rs.rand(77)
    saved = rs.get_state(legacy=legacy)
    expected = [rs.rand(500), rs.randn(3, 7), rs.random_sample(9, dtype=numpy.float32)]
    other = xp.random.RandomState(1, method=kind)
    other.set_state(saved)
    for want, got in zip(expected, [other.rand(500), other.randn(3, 7), other.random_sample(9, dtype=numpy.float32)]):
        numpy.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("kind", KINDS)
def test_legacy_tuple_layout(on_host, kind):
    rs = xp.random.RandomState(13, method=kind)
    rs.rand(10)
    rs._bit_generator._next_call()
    name, key, pos, has_gauss, gauss = rs.get_state()
    state = rs._bit_generator.state["state"]
    assert (name, pos, has_gauss, gauss) == (kind, 0, 0, 0.0)
    assert key.dtype == numpy.uint32 and key.ndim == 1
    assert int(key[0]) | int(key[1]) << 32 == state["seed"]
    assert int(key[2]) | int(key[3]) << 32 == state["calls"] == 1
    assert int(key[4]) | int(key[5]) << 32 == state.get("offset", 0)
    if kind == "Philox4x32_10":
        assert key.size == 6
    else:
        numpy.testing.assert_array_equal(key[6:].reshape(_bulk.STATE_WORDS, -1), state["thread_states"])
    as_dict = rs.get_state(legacy=False)
    assert set(as_dict) == {"bit_generator", "state", "has_gauss", "gauss"}
    assert as_dict["has_gauss"] == 0 and as_dict["gauss"] == 0.0
    # The 3-tuple (name, key, pos) is accepted as NumPy accepts it.
    rs.set_state((name, key, pos))
    assert rs._bit_generator.state["state"]["seed"] == state["seed"]


KEY6 = numpy.zeros(6, numpy.uint32)


@pytest.mark.parametrize("state, error, message", [
    (5, TypeError, "state must be a dict or a tuple."),
    ({"state": {}}, ValueError, "state dictionary is not valid."),
    ({"bit_generator": "XORWOW"}, ValueError, "state dictionary is not valid."),
    (("MT19937", numpy.zeros(624, numpy.uint32), 0), ValueError,
     "set_state can only be used with legacy XORWOW state instances."),
    (("XORWOW", KEY6, 1), ValueError, "pos must be 0"),
    (("XORWOW", KEY6, 0, 1, 0.5), ValueError, "has_gauss must be 0"),
    (("XORWOW", KEY6, 0, 0), ValueError, "a legacy state is"),
    (("XORWOW", numpy.zeros(7, numpy.uint32), 0), ValueError, "the key of a legacy XORWOW state is not valid"),
    (("XORWOW", numpy.zeros(6, numpy.float64), 0), ValueError, "the key of a legacy XORWOW state is not valid"),
    (("XORWOW", numpy.array([-1, 0, 0, 0, 0, 0]), 0), ValueError, "outside uint32"),
    (("XORWOW", numpy.array([0, 0, 0, 0, 1, 0], numpy.uint32), 0), ValueError, "has no offset"),
    ({"bit_generator": "XORWOW", "state": {}, "has_gauss": 1}, ValueError, "has_gauss must be 0"),
])
def test_set_state_errors(state, error, message):
    rs = xp.random.RandomState(0)
    with pytest.raises(error, match=re.escape(message)):
        rs.set_state(state)


@pytest.mark.parametrize("state, error, message", [
    (5, TypeError, "state must be a dict or a tuple."),
    ({"state": {}}, ValueError, "state dictionary is not valid."),
    (("PCG64", KEY6, 0), ValueError, "set_state can only be used with legacy"),
])
def test_set_state_errors_match_numpy(state, error, message):
    with pytest.raises(error, match=re.escape(message)):
        numpy.random.RandomState(0).set_state(state)
    with pytest.raises(error, match=re.escape(message)):
        xp.random.RandomState(0).set_state(state)


def test_philox_legacy_key_is_the_header_only():
    rs = xp.random.RandomState(0, method="Philox4x32_10")
    with pytest.raises(ValueError, match="not valid"):
        rs.set_state(("Philox4x32_10", numpy.zeros(12, numpy.uint32), 0))
    rs.set_state(("Philox4x32_10", numpy.array([7, 0, 3, 0, 9, 1], numpy.uint32), 0))
    assert rs._bit_generator.state["state"] == {"seed": 7, "calls": 3, "offset": 9 + (1 << 32)}


# ---- Pickling ------------------------------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("clone", [copy.deepcopy, lambda g: pickle.loads(pickle.dumps(g))], ids=["deepcopy", "pickle"])
def test_copies_continue_the_stream_independently(on_host, kind, clone):
    g = xp.random.Generator(getattr(xp.random, kind)(4))
    g.random(50)
    twin = clone(g)
    assert type(twin.bit_generator) is type(g.bit_generator)
    assert twin.bit_generator.seed_seq.entropy == 4
    expected = draw_bulk(g)
    numpy.testing.assert_array_equal(draw_bulk(twin), expected)
    assert [c._seed for c in twin.bit_generator.spawn(2)] == [c._seed for c in g.bit_generator.spawn(2)]


def test_random_state_pickles(on_host):
    rs = xp.random.RandomState(6, method="MRG32k3a")
    rs.rand(10)
    twin = pickle.loads(pickle.dumps(rs))
    numpy.testing.assert_array_equal(twin.rand(100), rs.rand(100))


# ---- Names, signatures, docs ---------------------------------------------------------------

def _public(obj):
    return {n for n in dir(obj) if not n.startswith("_")}


def _left_out():
    """{name: reason} from the table under "Left out" in docs/random.md."""
    text = DOCS.read_text().split("## NumPy names", 1)[1].split("\n## ", 1)[0]
    rows = {}
    for line in text.splitlines():
        m = re.match(r"\| (`.*?`) \| (.+) \|$", line)
        if m and "names" not in m.group(1):
            for name in re.findall(r"`([\w.]+)`", m.group(1)):
                rows[name] = m.group(2)
    return rows


@pytest.mark.parametrize("numpys, ours, prefix", [
    (_public(numpy.random), xp.random, ""),
    (_public(numpy.random.Generator), xp.random.Generator, "Generator."),
    (_public(numpy.random.RandomState), xp.random.RandomState, "RandomState."),
    (_public(numpy.random.BitGenerator), xp.random.BitGenerator, "BitGenerator."),
    # Philox's and PCG64's own methods
    (_public(numpy.random.Philox) | _public(numpy.random.PCG64), xp.random.Philox4x32_10, "BitGenerator.")],
    ids=["module", "Generator", "RandomState", "BitGenerator", "Philox-PCG64"])
def test_every_numpy_random_name_is_there_or_documented(numpys, ours, prefix):
    left_out = _left_out()
    missing = {prefix + n for n in numpys - _public(ours)}
    assert missing <= set(left_out), f"neither there nor in docs/random.md: {sorted(missing - set(left_out))}"
    present = {prefix + n for n in _public(ours)}
    assert not present & set(left_out), "documented as left out but present"


@pytest.mark.parametrize("cls, name", [
    (xp.random.Generator, "permuted"), (xp.random.Generator, "multivariate_hypergeometric"),
    (xp.random.Generator, "spawn"), (xp.random.RandomState, "get_state"), (xp.random.RandomState, "set_state"),
    (xp.random.BitGenerator, "spawn")])
def test_signatures_are_numpys(cls, name):
    numpys = getattr(getattr(numpy.random, cls.__name__), name)
    ours = inspect.signature(getattr(cls, name))
    theirs = inspect.signature(numpys)
    assert [(p.name, p.default) for p in ours.parameters.values()] == \
           [(p.name, p.default) for p in theirs.parameters.values()]


def test_new_names():
    assert xp.random.SeedSequence is numpy.random.SeedSequence
    assert xp.random.Philox4x3210 is xp.random.Philox4x32_10
    for name in ("get_state", "set_state", "get_bit_generator", "set_bit_generator"):
        assert name in xp.random.__all__ and callable(getattr(xp.random, name))
    assert "RandomState.get_state on the global state" in xp.random.get_state.__doc__
    with pytest.raises(TypeError, match="must be a gpuarray.random.BitGenerator"):
        xp.random.set_bit_generator(numpy.random.PCG64(1))


@pytest.mark.parametrize("method", [
    xp.random.Generator.permuted, xp.random.Generator.multivariate_hypergeometric, xp.random.Generator.spawn,
    xp.random.RandomState.get_state, xp.random.RandomState.set_state, xp.random.BitGenerator.spawn,
    xp.random.BitGenerator.random_raw, xp.random.get_bit_generator, xp.random.set_bit_generator,
    xp.random.default_rng], ids=lambda f: f.__qualname__)
def test_new_docstrings_have_numpys_sections(method):
    doc = inspect.getdoc(method)
    for section in ("Parameters", "Returns", "Examples"):
        assert f"\n{section}\n---" in doc or section == "Parameters" and not inspect.signature(method).parameters


# ---- GPU -------------------------------------------------------------------------------------

def _all_kinds_of_draws(rs):
    """Bulk and distribution-kernel draws, on the host."""
    return [rs.rand(1001).get(), rs.gamma(2.0, size=500).get(), rs.randint(0, 100, 300).get(),
            rs.standard_normal(257, dtype=numpy.float32).get(), rs.poisson(3.0, 200).get(),
            rs.permutation(50).get(), rs.choice(10, 20, p=[0.1] * 10).get()]


@gpu
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("legacy", [True, False])
def test_device_state_round_trip(kind, legacy):
    rs = xp.random.RandomState(31, method=kind)
    _all_kinds_of_draws(rs)
    saved = rs.get_state(legacy=legacy)
    expected = _all_kinds_of_draws(rs)
    for target in (rs, xp.random.RandomState(5, method=kind)):
        target.set_state(saved)
        for want, got in zip(expected, _all_kinds_of_draws(target)):
            numpy.testing.assert_array_equal(got, want)


@gpu
@pytest.mark.parametrize("kind", KINDS)
def test_device_generator_state_and_copies(kind):
    g = xp.random.Generator(getattr(xp.random, kind)(8))
    g.normal(size=100)
    saved = g.bit_generator.state
    twin = copy.deepcopy(g)

    def draws(gen):
        return [gen.random(999).get(), gen.beta(0.5, 2.0, size=300).get(), gen.integers(0, 7, 100).get(),
                gen.permuted(xp.arange(40).reshape(4, 10), axis=1).get(),
                gen.multivariate_hypergeometric([5, 6, 7], 9, size=20).get()]

    expected = draws(g)
    for want, got in zip(expected, draws(twin)):
        numpy.testing.assert_array_equal(got, want)
    g.bit_generator.state = saved
    for want, got in zip(expected, draws(g)):
        numpy.testing.assert_array_equal(got, want)


@gpu
def test_device_module_state_functions():
    xp.random.seed(17)
    saved = xp.random.get_state()
    a = xp.random.rand(100).get()
    xp.random.set_state(saved)
    numpy.testing.assert_array_equal(xp.random.rand(100).get(), a)
    old = xp.random.get_bit_generator()
    bg = xp.random.Philox4x32_10(3)
    try:
        xp.random.set_bit_generator(bg)
        assert xp.random.get_bit_generator() is bg
        want = xp.random.RandomState(3, "Philox4x32_10").rand(10).get()
        numpy.testing.assert_array_equal(xp.random.rand(10).get(), want)
    finally:
        xp.random.set_bit_generator(old)


@gpu
@pytest.mark.parametrize("kind", KINDS)
def test_device_seeding_and_spawned_streams(kind):
    n = 100_000
    a = xp.random.Generator(getattr(xp.random, kind)(123))
    b = xp.random.Generator(getattr(xp.random, kind)(xp.random.SeedSequence(123)))
    numpy.testing.assert_array_equal(a.random(1000).get(), b.random(1000).get())
    numpy.testing.assert_array_equal(a.poisson(4.0, 1000).get(), b.poisson(4.0, 1000).get())
    family = [a, *a.spawn(3)]
    for method in ("random", "standard_exponential"):
        xs = [getattr(g, method)(n).get() for g in family]
        for i in range(len(xs)):
            for j in range(i):
                assert abs(numpy.corrcoef(xs[i], xs[j])[0, 1]) < 5 / numpy.sqrt(n)
