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
