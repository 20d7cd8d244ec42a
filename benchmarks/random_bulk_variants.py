#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Times the bulk random kernels (gpuarray/random_bulk.cuh) under several
launch shapes, to choose gpuarray.random._bulk's BLOCK and THREADS_PER_SM.

    python benchmarks/random_bulk_variants.py [--shapes 256x2048,128x1024 ...] [--repeat N]

For each launch shape (threads per block x resident threads per SM) and bit
generator: standard normals in float32 (2^28) and uniforms in float64 (2^26,
what random.rand draws), GPU time from CUDA events (median) and write
bandwidth. The numbers are not otherwise checked: tests/random/test_random_bulk.py
does that. Exits 1 without a GPU."""
import argparse
import sys
from pathlib import Path

if not __package__:  # run as a script: import `benchmarks` from the repository root
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from benchmarks import libraries, report, timing  # noqa: E402

DEFAULT_SHAPES = "256x2048,128x2048,512x2048,256x1024,128x1024,512x1024,256x1536"
CASES = [("normal", "float32", 2**28), ("uniform", "float64", 2**26)]


def parse_shapes(text):
    shapes = []
    for item in text.split(","):
        try:
            block, per_sm = (int(v) for v in item.strip().split("x"))
        except ValueError:
            raise argparse.ArgumentTypeError(f"a shape is BLOCKxTHREADS_PER_SM, e.g. 256x2048, got {item!r}") from None
        shapes.append((block, per_sm))
    return shapes


def main(argv=None):
    parser = argparse.ArgumentParser(prog="benchmarks/random_bulk_variants.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--shapes", type=parse_shapes, default=parse_shapes(DEFAULT_SHAPES),
                        help="comma-separated BLOCKxTHREADS_PER_SM (default: %(default)s)")
    parser.add_argument("--repeat", type=int, default=15, help="samples per measurement (default: %(default)s)")
    args = parser.parse_args(argv)

    library = libraries.load("gpuarray")
    if isinstance(library, libraries.Unavailable):
        print(f"gpuarray: {library.reason}", file=sys.stderr)
        return 1
    xp = library.module
    from gpuarray.random import _bulk
    shapes = [_bulk.LaunchShape(block, per_sm) for block, per_sm in args.shapes]
    print(f"{library.gpu().name}; default shape {_bulk.BLOCK}x{_bulk.THREADS_PER_SM}")
    rows = [["generator", "output", "n", "block x threads/SM", "ms", "GB/s"]]
    for output, dtype, n in CASES:
        out = xp.empty(n, dtype)
        for kind in _bulk.GENERATORS:
            for shape in shapes:
                stream = _bulk.BulkStream(kind, 0, shape)
                seconds = timing.median(timing.time_device(lambda: stream.fill(out, output), library, args.repeat))
                rows.append([kind, f"{output} {dtype}", f"2^{n.bit_length() - 1}",
                             f"{shape.block}x{shape.threads_per_sm}", f"{seconds * 1e3:.3f}",
                             f"{out.nbytes / seconds / 1e9:.0f}"])
        del out
        library.release_memory()
    print(report.aligned(rows, numbers_from=4))
    return 0


if __name__ == "__main__":
    sys.exit(main())
