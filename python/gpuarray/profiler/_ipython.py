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
    """Times a statement with `benchmark`: what the ``%gpu_timeit`` magic runs.

    Parameters
    ----------
    line : str
        Options first, then the statement: ``-n N`` (timed repeats, default
        100), ``-w N`` (untimed warm-up calls, default 10), ``--no-sync``
        (wait once at the end), ``--flush-l2`` (flush the L2 cache before each
        repeat). As a cell magic, what follows the options is a setup
        statement run once.
    cell : str, optional
        The cell's code to time (the ``%%gpu_timeit`` form).
    namespace : dict, optional
        The globals the code runs in (the notebook's, for the magic).

    Returns
    -------
    result
        `benchmark`'s result: CPU and GPU times of each repeat.

    Raises
    ------
    ValueError
        There is no statement to time.

    See Also
    --------
    benchmark, load_ipython_extension

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.profiler._ipython import gpu_timeit
    >>> namespace = {"xp": xp, "a": xp.ones(1 << 20)}
    >>> result = gpu_timeit("-n 5 -w 1 a.sum()", namespace=namespace)
    >>> len(result.gpu_times[0])
    5
    """
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
    """Registers the ``%gpu_timeit`` line magic and the ``%%gpu_timeit`` cell magic.

    IPython calls it for ``%load_ext gpuarray.profiler``.

    Parameters
    ----------
    ipython : IPython.core.interactiveshell.InteractiveShell
        The shell to register them in; the code runs in its user namespace
        and the result is printed.

    Returns
    -------
    None

    See Also
    --------
    gpu_timeit, benchmark

    Examples
    --------
    >>> import gpuarray as xp
    >>> registered = {}
    >>> class Shell:
    ...     user_ns = {}
    ...     def register_magic_function(self, function, kind, name):
    ...         registered[name] = kind
    >>> xp.profiler.load_ipython_extension(Shell())
    >>> registered
    {'gpu_timeit': 'line_cell'}
    """

    def magic(line, cell=None):
        result = gpu_timeit(line, cell, ipython.user_ns)
        print(result)

    ipython.register_magic_function(magic, "line_cell", "gpu_timeit")
