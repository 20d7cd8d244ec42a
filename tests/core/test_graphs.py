# SPDX-License-Identifier: BSD-3-Clause
"""CUDA graphs by stream capture (issue 30, items 1 and 2): Stream.begin_capture /
end_capture / is_capturing, Graph.launch / upload / debug_dot_str, the capture
modes, graph-private memory that stays valid across replays and is never handed
to eager work, clear errors for what a graph cannot record (and a stream left
usable after them), and the `graphed` decorator."""
import gc

import numpy
import pytest

import gpuarray as xp
from gpuarray import cuda
from gpuarray.cuda import graph as cuda_graph

gpu = pytest.mark.gpu


@pytest.mark.parametrize("mode, value", [(None, 0), ("global", 0), ("thread_local", 1), ("relaxed", 2),
                                         (cuda.runtime.streamCaptureModeRelaxed, 2)])
def test_capture_modes(mode, value):
    assert cuda_graph.capture_mode(mode) == value


@pytest.mark.parametrize("mode", ["Global", 3, True, 1.0])
def test_bad_capture_mode(mode):
    with pytest.raises(ValueError, match="capture mode must be one of"):
        cuda_graph.capture_mode(mode)


def test_graphed_refuses_bad_warmup():
    with pytest.raises(ValueError, match="warmup"):
        cuda.graphed(lambda: None, warmup=-1)


def capture(stream, fn, mode=None):
    stream.begin_capture(mode)
    assert stream.is_capturing()
    try:
        with stream:
            out = fn()
    except BaseException:
        stream.end_capture()
        raise
    g = stream.end_capture()
    assert not stream.is_capturing()
    return g, out


def ended(stream):
    """Ends a capture a failed test left open, so later tests see none."""
    if stream.is_capturing():
        stream.end_capture()


@gpu
@pytest.mark.parametrize("mode", ["global", "thread_local", "relaxed"])
def test_ufuncs_reductions_sort_and_indexing_replay(mode):
    s = cuda.Stream(non_blocking=True)
    host = numpy.random.default_rng(0).standard_normal((64, 33)).astype(numpy.float32)
    x = xp.asarray(host)
    idx = xp.asarray(numpy.array([3, 1, 2, 0]))
    # take's default mode='raise' reads the farthest index back; 'clip' checks nothing.
    fn = lambda: (xp.sort(x * 2 + 1, axis=1), (x ** 2).sum(axis=0), xp.take(x, idx, axis=0, mode="clip").max())  # noqa: E731
    fn()  # compile the kernels before the capture
    g, (srt, total, mx) = capture(s, fn, mode)
    for scale in (1.0, -3.0, 0.5):
        refill = xp.asarray(host * scale)
        with s:  # on the graph's stream: the replay must not start before the refill is done
            x[...] = refill
        g.launch(s)
        s.synchronize()
        h = host * scale
        numpy.testing.assert_allclose(srt.get(), numpy.sort(h * 2 + 1, axis=1), rtol=1e-6)
        numpy.testing.assert_allclose(total.get(), (h ** 2).sum(axis=0), rtol=1e-5)
        numpy.testing.assert_allclose(float(mx), h[[3, 1, 2, 0]].max(), rtol=1e-6)


@gpu
def test_two_hundred_small_ops_replay_and_equal_eager():
    s = cuda.Stream(non_blocking=True)
    a = xp.arange(1000, dtype=xp.float64)

    def chain():
        y = a
        for i in range(200):
            y = y * 1.0001 + (i % 3)
        return y

    expected = chain().get()
    g, out = capture(s, chain)
    g.upload(s)
    for _ in range(3):
        g.launch(s)
    s.synchronize()
    numpy.testing.assert_array_equal(out.get(), expected)


@gpu
def test_matmul_and_fft_are_captured():
    s = cuda.Stream(non_blocking=True)
    rng = numpy.random.default_rng(1)
    a = xp.asarray(rng.standard_normal((128, 128)))
    b = xp.asarray(rng.standard_normal((128, 128)))
    fn = lambda: xp.fft.fft(a @ b, axis=0).real.sum()  # noqa: E731
    eager = float(fn())
    g, out = capture(s, fn)
    for _ in range(5):
        g.launch(s)
    s.synchronize()
    assert float(out) == pytest.approx(eager, rel=1e-12)


@gpu
def test_graph_memory_is_never_handed_to_eager_work():
    """A temporary freed during the capture stays the graph's: eager arrays made
    afterwards get other memory, and replays do not overwrite them."""
    s = cuda.Stream(non_blocking=True)
    x = xp.ones(1 << 20, dtype=xp.float32)

    def fn():
        tmp = x * 3  # freed at the end of the capture, rewritten by every replay
        return tmp + 1

    fn()
    g, out = capture(s, fn)
    with s:
        eager = [xp.full(1 << 20, 7.0, dtype=xp.float32) for _ in range(4)]
    for _ in range(3):
        g.launch(s)
    s.synchronize()
    for e in eager:
        assert float(e.min()) == 7.0 and float(e.max()) == 7.0
    assert float(out.min()) == 4.0
    del g
    gc.collect()
    assert float(out.max()) == 4.0  # the graph's outputs outlive the graph


@gpu
def test_output_outlives_pool_cache_release():
    s = cuda.Stream(non_blocking=True)
    x = xp.arange(1 << 16, dtype=xp.float64)
    fn = lambda: x[::2] * 2  # noqa: E731
    fn()
    g, out = capture(s, fn)
    xp.get_default_memory_pool().free_all_blocks()
    g.launch(s)
    s.synchronize()
    numpy.testing.assert_array_equal(out.get(), numpy.arange(1 << 16, dtype=numpy.float64)[::2] * 2)


@gpu
@pytest.mark.parametrize("what, fn", [
    ("Copying device data to the host", lambda x: x.get()),
    ("Copying device data to the host", lambda x: float(x.sum())),
    ("nonzero", lambda x: x[x > 0]),
    ("synchronous copy", lambda x: x + xp.asarray(numpy.ones(4))),
    ("take", lambda x: xp.take(x, xp.zeros(2, dtype=xp.int64))),
])
def test_host_syncs_raise_and_leave_the_stream_usable(what, fn):
    s = cuda.Stream(non_blocking=True)
    x = xp.arange(4.0)
    fn(x)
    s.begin_capture()
    try:
        with pytest.raises(cuda.CUDARuntimeError, match="during stream capture"):
            with s:
                fn(x)
    finally:
        ended(s)  # the refused operation recorded nothing: the capture still ends cleanly
    assert not s.is_capturing()
    with s:
        assert float((x * 2).sum()) == 12.0


@gpu
def test_synchronize_during_capture_is_refused():
    s = cuda.Stream(non_blocking=True)
    s.begin_capture()
    try:
        with pytest.raises(cuda.CUDARuntimeError, match="Stream.synchronize"):
            s.synchronize()
        with pytest.raises(cuda.CUDARuntimeError, match="deviceSynchronize"):
            cuda.runtime.deviceSynchronize()
    finally:
        ended(s)


@gpu
def test_null_stream_and_double_end_are_refused():
    with pytest.raises(ValueError, match="legacy null stream"):
        cuda.Stream.null.begin_capture()
    s = cuda.Stream()
    with pytest.raises(ValueError, match="not being captured"):
        s.end_capture()


@gpu
def test_debug_dot_str_names_kernels():
    s = cuda.Stream(non_blocking=True)
    x = xp.ones(16)
    (x + 1)
    g, _ = capture(s, lambda: x + 1)
    dot = g.debug_dot_str()
    assert dot.startswith("digraph") and "ga_ew_uf_add" in dot  # the kernel node of x + 1


@gpu
def test_graphed_replays_with_static_buffers():
    calls = []

    @cuda.graphed
    def step(x, y, scale=2.0):
        calls.append(1)
        return (x * scale + y).sum(), x - y

    a, b = xp.arange(6.0), xp.ones(6)
    total, diff = step(a, b)
    assert float(total) == 36.0
    total2, diff2 = step(a + 1, b)
    assert total2 is total and float(total) == 48.0
    numpy.testing.assert_array_equal(diff.get(), numpy.arange(6.0))
    assert len(step.graphs) == 1 and len(calls) == 2  # one warm-up call, one captured call
    step(xp.arange(3.0), xp.ones(3))
    step(a, b, scale=3.0)
    assert len(step.graphs) == 3
    with pytest.raises(TypeError, match="hashable"):
        step(a, b, scale=[1])
