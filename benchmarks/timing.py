# SPDX-License-Identifier: BSD-3-Clause
"""Measuring one op: with CUDA events, host wall time, or in fresh processes.

Each function returns the samples, in seconds per op; the caller takes the median."""
import gc
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SHORT_OP_SECONDS = 50e-6  # below this an event pair cannot resolve one op: time a batch
BATCH_SECONDS = 1e-3  # how long a batch of short ops should run
HOST_REPEAT_SECONDS = 0.05  # how long one host repeat should run
PROCESS_TIMEOUT_SECONDS = 300


def median(samples):
    """The median; None for no samples."""
    return statistics.median(samples) if samples else None


def time_device(op, library, samples, warmup=3):
    """GPU time per op from the library's CUDA events on its current stream.

    An op shorter than SHORT_OP_SECONDS is timed as a batch of k back-to-back
    calls between the two events, divided by k."""
    for _ in range(warmup):
        op()
    library.synchronize()
    start, end = library.new_event(), library.new_event()

    def events_around(count):
        start.record()
        for _ in range(count):
            op()
        end.record()
        end.synchronize()
        return library.elapsed_seconds(start, end)

    single = events_around(1)
    batch = 1 if single >= SHORT_OP_SECONDS else math.ceil(BATCH_SECONDS / max(single, 1e-7))
    return [events_around(batch) / batch for _ in range(samples)]


def time_host(op, synchronize, repeats):
    """Wall time per op over a loop of calls that ends with `synchronize`, so work
    the ops queued on the GPU is paid for; the loop is as long as it takes to run
    HOST_REPEAT_SECONDS (found by doubling, which also warms up)."""
    def loop(number):
        synchronize()
        begin = time.perf_counter()
        for _ in range(number):
            op()
        synchronize()
        return time.perf_counter() - begin

    gc_was_enabled = gc.isenabled()
    gc.disable()  # as timeit does: a collection inside a loop is noise
    try:
        number = 1
        while loop(number) < HOST_REPEAT_SECONDS:
            number *= 2
        return [loop(number) / number for _ in range(repeats)]
    finally:
        if gc_was_enabled:
            gc.enable()


def time_reported(measure, repeats):
    """Seconds returned by an op that measures itself, after one call to warm up."""
    measure()
    return [measure() for _ in range(repeats)]


class ScriptError(RuntimeError):
    """A benchmark script failed; `error_type` names why in a word or two."""

    def __init__(self, message: str, error_type: str):
        super().__init__(message)
        self.error_type = error_type


def _exception_name(stderr: str) -> str | None:
    """'AttributeError' from a traceback's last line 'AttributeError: ...', if it is one."""
    lines = stderr.strip().splitlines()
    name = lines[-1].split(":", 1)[0].rsplit(".", 1)[-1] if lines else ""
    return name if name.isidentifier() else None


def run_script(script) -> float:
    """Runs a registry.Script in a fresh interpreter; returns the seconds it printed last."""
    done = subprocess.run([sys.executable, "-c", script.source], env={**os.environ, **script.env},
                          capture_output=True, text=True, timeout=PROCESS_TIMEOUT_SECONDS)
    if done.returncode != 0:
        raise ScriptError(f"script exited with status {done.returncode}:\n{done.stderr}",
                          _exception_name(done.stderr) or f"exit status {done.returncode}")
    try:
        return float(done.stdout.split()[-1])
    except (IndexError, ValueError):
        raise ScriptError(f"expected seconds as the last output, got {done.stdout!r}",
                          "no seconds printed") from None


def time_process(make_script, runs, prime_runs=0):
    """Per run: a new scratch directory, `make_script(scratch)`, `prime_runs`
    untimed runs of it (to fill caches there), then the timed run."""
    samples = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory(prefix="gpuarray-bench-") as scratch:
            script = make_script(Path(scratch))
            for _ in range(prime_runs):
                run_script(script)
            samples.append(run_script(script))
    return samples
