# SPDX-License-Identifier: BSD-3-Clause
"""Where the time of a 1-element op goes (run on a GPU machine).

The benchmark's host cases time a long loop that ends with a synchronize; once
the launch queue is full such a loop runs at the GPU's pace, not the host's.
This splits the two: the host's time until each call returns, in batches too
short to fill the queue, and the GPU's time per op when the queue is already
full (ops queued behind a spinning kernel, timed with events)."""
import statistics
import time

import numpy

import gpuarray as xp

SPIN_SOURCE = r"""
extern "C" __global__ void spin(long long cycles) {
  long long start = clock64();
  while (clock64() - start < cycles) {}
}
"""
SPIN_CYCLES = 40_000_000  # ~20 ms: longer than queueing a batch takes


def host_time(fn, sync, batch=200, rounds=300):
    for _ in range(2000):
        fn()
    sync()
    samples = []
    for _ in range(rounds):
        sync()
        begin = time.perf_counter()
        for _ in range(batch):
            fn()
        samples.append((time.perf_counter() - begin) / batch)
    sync()
    return statistics.median(samples) * 1e6


def loop_time(fn, sync, number=20000):
    sync()
    begin = time.perf_counter()
    for _ in range(number):
        fn()
    sync()
    return (time.perf_counter() - begin) / number * 1e6


class Library:
    def __init__(self, name):
        self.name = name
        if name == "gpuarray":
            kernel = xp.RawKernel(SPIN_SOURCE, "spin")
            self.spin = lambda: kernel((1,), (1,), (numpy.int64(SPIN_CYCLES),))
            self.sync = xp.cuda.Device().synchronize
            self.event = xp.cuda.Event
            self.elapsed = lambda s, e: xp.cuda.get_elapsed_time(s, e) * 1e-3
        elif name == "cupy":
            import cupy
            kernel = cupy.RawKernel(SPIN_SOURCE, "spin")
            self.spin = lambda: kernel((1,), (1,), (numpy.int64(SPIN_CYCLES),))
            self.sync = cupy.cuda.Device().synchronize
            self.event = cupy.cuda.Event
            self.elapsed = lambda s, e: cupy.cuda.get_elapsed_time(s, e) * 1e-3
        else:
            import torch
            self.spin = lambda: torch.cuda._sleep(SPIN_CYCLES)
            self.sync = torch.cuda.synchronize
            self.event = lambda: torch.cuda.Event(enable_timing=True)
            self.elapsed = lambda s, e: s.elapsed_time(e) * 1e-3

    def gpu_time(self, fn, batch=1000, rounds=5):
        start, end = self.event(), self.event()
        samples = []
        for _ in range(rounds):
            self.sync()
            self.spin()
            start.record()
            for _ in range(batch):
                fn()
            end.record()
            end.synchronize()
            samples.append(self.elapsed(start, end) / batch)
        return statistics.median(samples) * 1e6


def cases(name):
    if name == "torch":
        import torch
        a, b = torch.ones(1, device="cuda"), torch.ones(1, device="cuda")
        c = torch.empty(1, device="cuda")
        return {"a + b": lambda: a + b, "sin(a)": lambda: torch.sin(a),
                "add(a, b, out=c)": lambda: torch.add(a, b, out=c)}
    mod = xp if name == "gpuarray" else __import__("cupy")
    a, b = mod.ones(1, dtype=numpy.float32), mod.ones(1, dtype=numpy.float32)
    c = mod.empty(1, dtype=numpy.float32)
    copy = mod.ElementwiseKernel("float32 x", "float32 y", "y = x", "probe_copy")
    found = {"a + b": lambda: a + b, "sin(a)": lambda: mod.sin(a),
             "add(a, b, out=c)": lambda: mod.add(a, b, out=c),
             "a + 1.0": lambda: a + 1.0,
             "ElementwiseKernel(a, c)": lambda: copy(a, c),
             "empty(1)": lambda: mod.empty(1, dtype=numpy.float32)}
    if name == "gpuarray":
        from gpuarray import _core
        found["_core._ufunc_call('add')"] = lambda: _core._ufunc_call("add", (a, b))
        found["a[0:1] (no launch)"] = lambda: a[0:1]
    return found


print(f"{'library':9s} {'op':28s} {'host µs':>8s} {'gpu µs':>8s} {'loop µs':>8s}")
for name in ("gpuarray", "cupy", "torch"):
    try:
        lib = Library(name)
        ops = cases(name)
    except ImportError as e:
        print(f"{name}: not available ({e})")
        continue
    lib.spin()
    lib.sync()
    for op_name, fn in ops.items():
        host = host_time(fn, lib.sync)
        gpu = lib.gpu_time(fn)
        loop = loop_time(fn, lib.sync)
        print(f"{name:9s} {op_name:28s} {host:8.2f} {gpu:8.2f} {loop:8.2f}")
