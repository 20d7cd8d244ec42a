# SPDX-License-Identifier: BSD-3-Clause
"""The ``%gpu_timeit`` IPython magic: `benchmark` of a statement, in a cell or a
line, loaded with ``%load_ext gpuarray.profiler``."""
import argparse
import shlex

from gpuarray.profiler._benchmark import benchmark

__all__ = ["gpu_timeit", "load_ipython_extension"]

_PARSER = argparse.ArgumentParser(prog="%gpu_timeit", add_help=False)
_PARSER.add_argument("-n", dest="n_repeat", type=int, default=100, help="timed repeats (default 100)")
_PARSER.add_argument("-w", dest="n_warmup", type=int, default=10, help="untimed warm-up calls (default 10)")
_PARSER.add_argument("--no-sync", dest="sync", action="store_false", help="wait once at the end")
_PARSER.add_argument("--flush-l2", dest="flush_l2", action="store_true", help="flush L2 before each repeat")


def _split(line):
    """(options, statement) of a magic's line: options come first."""
    words = shlex.split(line, posix=True)
    options = []
    while words and words[0].startswith("-"):
        options.append(words.pop(0))
        if options[-1] in ("-n", "-w") and words:
            options.append(words.pop(0))
    rest = line
    for word in options:
        rest = rest.split(word, 1)[1]
    return _PARSER.parse_args(options), rest.strip()


def gpu_timeit(line, cell=None, namespace=None):
    """Times `line` (or, as a cell magic, `cell` after running `line` as setup)
    with `benchmark` and returns the result; options ``-n N`` (repeats, default
    100), ``-w N`` (warm-up calls), ``--no-sync``, ``--flush-l2``."""
    options, statement = _split(line)
    namespace = {} if namespace is None else namespace
    if cell is not None:
        if statement:
            exec(compile(statement, "<gpu_timeit setup>", "exec"), namespace)
        statement = cell
    if not statement.strip():
        raise ValueError("%gpu_timeit needs a statement to time")
    code = compile(statement, "<gpu_timeit>", "exec")
    return benchmark(lambda: exec(code, namespace), n_repeat=options.n_repeat, n_warmup=options.n_warmup,
                     sync=options.sync, flush_l2=options.flush_l2, name=statement.strip().splitlines()[0][:20])


def load_ipython_extension(ipython):
    """Registers ``%gpu_timeit`` and ``%%gpu_timeit`` in `ipython`."""

    def magic(line, cell=None):
        result = gpu_timeit(line, cell, ipython.user_ns)
        print(result)

    ipython.register_magic_function(magic, "line_cell", "gpu_timeit")
