#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Runs the benchmark cases for gpuarray, CuPy and PyTorch side by side.

    python benchmarks/run.py [--area AREA ...] [--case SUBSTRING] [--libs gpuarray,cupy,torch]
                             [--repeat N] [--json OUT.json] [--markdown OUT.md] [--list]

Prints a table per area; --markdown writes the format of benchmarks/RESULTS.md.
Exits 1 when no library finds a CUDA GPU."""
import argparse
import datetime
import gc
import json
import shlex
import sys
import traceback
from pathlib import Path

if not __package__:  # run as a script: import `benchmarks` from the repository root, not ours
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

from benchmarks import libraries, registry, report, timing  # noqa: E402

DEFAULT_REPEATS = {"device": 25, "host": 7, "process": 5, "reported": 7}


def parse_args(argv):
    parser = argparse.ArgumentParser(prog="benchmarks/run.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--area", nargs="+", action="extend", help="areas to run (default: all)")
    parser.add_argument("--case", help="run only cases whose label contains this (case-insensitive)")
    parser.add_argument("--libs", default=",".join(registry.LIBRARIES), type=_library_names,
                        help="comma-separated libraries (default: %(default)s)")
    parser.add_argument("--repeat", type=int, help="samples per case and library, instead of "
                        + ", ".join(f"{n} for {kind}" for kind, n in DEFAULT_REPEATS.items()))
    parser.add_argument("--json", type=Path, help="write the results as JSON here")
    parser.add_argument("--markdown", type=Path, help="write the tables as Markdown here")
    parser.add_argument("--list", "--dry-run", action="store_true", help="list the cases; needs no GPU")
    args = parser.parse_args(argv)
    if args.repeat is not None and args.repeat < 1:
        parser.error("--repeat must be at least 1")
    return args


def _library_names(text):
    names = [n.strip() for n in text.split(",") if n.strip()]
    unknown = [n for n in names if n not in registry.LIBRARIES]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"choose from {', '.join(registry.LIBRARIES)}")
    return names


def case_listing(cases) -> str:
    return report.aligned([["area", "case", "kind", "unit", "libraries", "target"]]
                          + [[c.area, c.label, c.kind, c.unit, ",".join(c.setups),
                              c.target.text if c.target else report.MISSING] for c in cases])


def _samples(case, library, repeats):
    setup = case.setups[library.name]
    if case.kind == "process":
        return timing.time_process(lambda scratch: setup(library.module, scratch), repeats, case.prime_runs)
    op = setup(library.module)
    if case.kind == "device":
        return timing.time_device(op, library, repeats)
    if case.kind == "host":
        return timing.time_host(op, library.synchronize, repeats)
    return timing.time_reported(op, repeats)


def measure(case, library, repeats) -> report.Measurement:
    """One case for one library; an exception becomes the measurement's error
    (its traceback goes to stderr) so that the run goes on."""
    print(f"{case.area}: {case.label} [{library.name}]", file=sys.stderr, flush=True)
    try:
        return report.Measurement(samples=_samples(case, library, repeats))
    except Exception as exc:
        traceback.print_exc()
        return report.Measurement(error=getattr(exc, "error_type", type(exc).__name__), message=str(exc))
    finally:
        gc.collect()  # the op's arrays are garbage now: let the next case have the memory
        try:
            library.release_memory()
        except Exception as exc:
            print(f"warning: {library.name} kept its cached memory ({type(exc).__name__}: {exc})",
                  file=sys.stderr)


def run(cases, usable, repeat) -> list[report.CaseResult]:
    """Every case for every usable library it defines a setup for."""
    return [report.CaseResult(case, {lib.name: measure(case, lib, repeat or DEFAULT_REPEATS[case.kind])
                                     for lib in usable if lib.name in case.setups})
            for case in cases]


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    args = parse_args(argv)
    cases = registry.select(registry.load_cases(), args.area, args.case)
    if not cases:
        print("no case matches --area/--case; --list shows them all", file=sys.stderr)
        return 2
    if args.list:
        print(case_listing(cases))
        return 0

    loaded = [libraries.load(name) for name in args.libs]
    gpu = libraries.describe_gpu(loaded)
    if gpu is None:
        print("No CUDA GPU found, so nothing can be measured:", file=sys.stderr)
        for lib in loaded:
            print(f"  {lib.name}: {lib.reason}", file=sys.stderr)
        return 1
    for lib in loaded:
        if isinstance(lib, libraries.Unavailable):
            print(f"{lib.name} is left out: {lib.reason}", file=sys.stderr)

    usable = [lib for lib in loaded if not isinstance(lib, libraries.Unavailable)]
    results = run(cases, usable, args.repeat)
    info = report.RunInfo(datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
                          gpu, loaded, shlex.join(["python", "benchmarks/run.py", *argv]))
    print(report.text_report(results, args.libs, info))
    if args.json:
        record = report.json_record(results, info)
        args.json.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    if args.markdown:
        args.markdown.write_text(report.markdown_report(results, args.libs, info), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
