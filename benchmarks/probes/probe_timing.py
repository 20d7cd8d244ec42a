# SPDX-License-Identifier: BSD-3-Clause
"""What the GPU-machine probes (benchmarks/probes/*_probe.py) share: GPU time of a call
and the paths of the CUDA libraries the process has mapped."""


def gpu_ms(op, xp, count=20):
    """GPU time per op in ms, from `xp`'s events on its current stream (xp is
    gpuarray or cupy: the library whose stream the op runs on)."""
    op()
    xp.cuda.Device().synchronize()
    start, end = xp.cuda.Event(), xp.cuda.Event()
    start.record()
    for _ in range(count):
        op()
    end.record()
    end.synchronize()
    return xp.cuda.get_elapsed_time(start, end) / count


def loaded(name):
    """The paths of mapped shared objects whose path contains `name`."""
    with open("/proc/self/maps") as maps:
        return sorted({line.split()[-1] for line in maps if name in line})
