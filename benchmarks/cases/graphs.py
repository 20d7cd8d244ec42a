# SPDX-License-Identifier: BSD-3-Clause
"""CUDA graphs (issue 30): the host time to replay a captured chain of 200
small elementwise ops (target ≤ 10 µs), beside launching the same chain
eagerly, and beside CuPy's and PyTorch's graphs of the same chain.

Host time is the time the launching call takes, not the device's work: each
repeat times the call alone and then waits for the device, untimed (the
"host" kind would include the ~400 µs the 200 kernels take on the device)."""
import statistics
import time

import numpy

from benchmarks.registry import case

AREA = "graphs"
N_OPS = 200

replay = case(AREA, "replay of a captured chain of 200 small ops, host time", "reported", unit="µs",
              target="≤ 10 µs")
eager = case(AREA, "the same 200 small ops launched eagerly, host time", "reported", unit="µs")


def _host_seconds(launch, wait, repeats=50):
    """The median host time of `launch()` alone, waiting untimed after each."""
    times = []
    for _ in range(repeats):
        begin = time.perf_counter()
        launch()
        times.append(time.perf_counter() - begin)
        wait()
    return statistics.median(times)


def _chain(x):
    y = x
    for i in range(N_OPS):
        y = y * 1.0001 + (i % 3)
    return y


@eager.on("gpuarray", "cupy")
def eager_chain(xp):
    x = xp.ones(1024, dtype=numpy.float32)
    return lambda: _host_seconds(lambda: _chain(x), xp.cuda.Device().synchronize)


@eager.on("torch")
def eager_chain_torch(torch):
    x = torch.ones(1024, dtype=torch.float32, device="cuda")
    return lambda: _host_seconds(lambda: _chain(x), torch.cuda.synchronize)


@replay.on("gpuarray", "cupy")
def replay_chain(xp):
    x = xp.ones(1024, dtype=numpy.float32)
    _chain(x)  # kernels compiled before the capture
    s = xp.cuda.Stream(non_blocking=True)
    s.begin_capture()
    with s:
        _chain(x)
    graph = s.end_capture()
    graph.upload(s) if hasattr(graph, "upload") else None
    return lambda: _host_seconds(lambda: graph.launch(s), s.synchronize)


@replay.on("torch")
def replay_chain_torch(torch):
    x = torch.ones(1024, dtype=torch.float32, device="cuda")
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        _chain(x)  # warm-up on a side stream, as PyTorch's graph docs ask
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        _chain(x)
    return lambda: _host_seconds(graph.replay, torch.cuda.synchronize)


# Issue 30's example, matmul -> fft -> solve -> random.normal -> sum: one
# step's wall time (launch to result on the device), eager and replayed.
# CuPy cannot capture the solve or the random draw (cupy#6290), so it runs
# eagerly only.
pipeline_eager = case(AREA, "matmul → fft → solve → normal → sum (256²), one eager step", "reported", unit="µs")
pipeline_graph = case(AREA, "matmul → fft → solve → normal → sum (256²), one replayed step", "reported", unit="µs")
PIPELINE_N = 256


def _pipeline_inputs(xp):
    rng = numpy.random.default_rng(0)
    a = xp.asarray(rng.standard_normal((PIPELINE_N, PIPELINE_N)) + PIPELINE_N * numpy.eye(PIPELINE_N))
    return a, xp.asarray(rng.standard_normal((PIPELINE_N, PIPELINE_N)))


def _pipeline_step(xp, a, b, gen):
    x = xp.linalg.solve(a, xp.fft.fft(a @ b, axis=0).real)
    return (x + gen.standard_normal((PIPELINE_N, PIPELINE_N))).sum()


def _step_seconds(step, wait, repeats=200):
    times = []
    for _ in range(repeats):
        begin = time.perf_counter()
        step()
        wait()
        times.append(time.perf_counter() - begin)
    return statistics.median(times)


@pipeline_eager.on("gpuarray", "cupy")
def pipeline_eager_step(xp):
    a, b = _pipeline_inputs(xp)
    gen = xp.random.default_rng(0)
    return lambda: _step_seconds(lambda: _pipeline_step(xp, a, b, gen), xp.cuda.Device().synchronize)


@pipeline_graph.on("gpuarray")
def pipeline_graph_step(xp):
    a, b = _pipeline_inputs(xp)
    gen = xp.random.Generator(xp.random.Philox4x32_10(0))
    _pipeline_step(xp, a, b, gen)  # plans and kernels made before the capture
    s = xp.cuda.Stream(non_blocking=True)
    s.begin_capture()
    with s:
        _pipeline_step(xp, a, b, gen)
    graph = s.end_capture()
    graph.upload(s)
    return lambda: _step_seconds(lambda: graph.launch(s), s.synchronize)
