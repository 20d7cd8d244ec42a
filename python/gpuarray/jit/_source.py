# SPDX-License-Identifier: BSD-3-Clause
"""Finding a Python function's source and parsing it.

Note [Where the source comes from]
The translator reads the function's source from ``linecache``, the store
that tracebacks read: it holds the lines of files on disk, of Jupyter and
IPython cells (they register each cell under its own file name) and of
anything a program registers itself (``register_source``, or
``linecache.cache`` directly). The function's code object says where to look
(``co_filename``, ``co_firstlineno``), so functions defined in a cell, in
exec'd code and nested in other functions are all found; CuPy's jit asks
``inspect.getsource``, which needs a module file (cupy#5012). When no
entry holds the lines, JitError says how to register them: a translator
cannot compile what it cannot read, and decompiling bytecode is not done."""
import ast
import dataclasses
import inspect
import linecache
import textwrap

from gpuarray.jit._errors import JitError


@dataclasses.dataclass
class ParsedFunction:
    """A function's ast (a FunctionDef or a Lambda) with line numbers of its file."""
    node: ast.AST
    filename: str
    name: str


def register_source(source, filename):
    """Registers `source` under `filename` in ``linecache``, so that functions
    compiled from it (``compile(source, filename, 'exec')``) can be translated.

    Parameters
    ----------
    source : str
        The Python source text.
    filename : str
        The name given to ``compile`` (or ``exec``'s code object).

    Returns
    -------
    None

    See Also
    --------
    linecache.cache : the store read for every function's source.

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray import jit
    >>> text = "def double(x, y):\\n    i = jit.grid(1)\\n    y[i] = 2 * x[i]\\n"
    >>> jit.register_source(text, "<generated>")
    >>> namespace = {"jit": jit}
    >>> exec(compile(text, "<generated>", "exec"), namespace)
    >>> kernel = jit.rawkernel()(namespace["double"])
    """
    if not isinstance(source, str) or not isinstance(filename, str):
        raise TypeError("register_source needs the source and the file name as str")
    lines = source.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    # linecache's own entry format; a None modification time keeps checkcache from dropping it.
    linecache.cache[filename] = (len(source), None, lines, filename)


def _source_lines(code):
    """The lines of the file `code` was compiled from, or None."""
    filename = code.co_filename
    lines = linecache.getlines(filename)
    return lines or None


def _matching_lambda(tree, code):
    """The one Lambda of `tree` on `code`'s first line with `code`'s arguments."""
    names = list(code.co_varnames[:code.co_argcount])
    found = [n for n in ast.walk(tree) if isinstance(n, ast.Lambda) and n.lineno == code.co_firstlineno
             and [a.arg for a in n.args.args] == names]
    if len(found) > 1:
        # Several on one line: the one whose bytecode is the function's (identical lambdas are interchangeable).
        found = [n for n in found if _lambda_code(n, code.co_filename) == code.co_code]
        if len({ast.dump(n) for n in found}) > 1:
            return None
    return found[0] if found else None


def _lambda_code(node, filename):
    """The bytecode Python compiles `node` (a Lambda) to."""
    module = compile(ast.Expression(body=node), filename, "eval")
    for const in module.co_consts:
        if hasattr(const, "co_code"):
            return const.co_code
    return None


def parse_function(func):
    """The ast of `func`'s definition with line numbers of its file; JitError if unreadable."""
    code = getattr(func, "__code__", None)
    if code is None:
        raise JitError(f"{func!r} is not a Python function: only functions written in Python can be translated")
    name = func.__name__
    lines = _source_lines(code)
    if lines is None:
        raise JitError(
            f"the source of function {name!r} ({code.co_filename}, line {code.co_firstlineno}) is not available: "
            "the translator reads it from linecache, which holds files on disk and IPython/Jupyter cells; "
            "for code given to exec or compile, register the text first with "
            "gpuarray.jit.register_source(text, filename) using the filename passed to compile()")
    first = code.co_firstlineno
    block = inspect.getblock(lines[first - 1:])
    text = textwrap.dedent("".join(block))
    try:
        tree = ast.parse(text)
    except SyntaxError:
        # A lambda inside a larger expression: its first line alone may not parse.
        tree = None
    if tree is not None:
        ast.increment_lineno(tree, first - 1)
    if name == "<lambda>":
        # A lambda may start inside an expression: the whole file (or cell) is parsed to find it.
        try:
            tree = ast.parse("".join(lines))
        except SyntaxError:
            tree = tree if tree is not None else _parse_statement_around(lines, first)
        node = _matching_lambda(tree, code) if tree is not None else None
        if node is None:
            raise JitError(f"cannot tell which lambda of {code.co_filename}, line {first} is being translated: "
                           "define it with def, or put one lambda of these arguments on that line")
        return ParsedFunction(node, code.co_filename, name)
    if tree is None or not tree.body or not isinstance(tree.body[0], (ast.FunctionDef, ast.AsyncFunctionDef)):
        raise JitError(f"the source at {code.co_filename}, line {first} is not the definition of {name!r}: "
                       "the file changed after the function was defined, or its linecache entry is stale")
    node = tree.body[0]
    if isinstance(node, ast.AsyncFunctionDef):
        raise JitError(f"{name!r} is an async function: kernels are plain functions")
    return ParsedFunction(node, code.co_filename, name)


def _parse_statement_around(lines, first):
    """The smallest run of lines from `first` that parses (a lambda inside a call)."""
    for end in range(first, min(len(lines), first + 50) + 1):
        text = textwrap.dedent("".join(lines[first - 1:end]))
        for candidate in (text, "(" + text.strip().rstrip(",") + ")"):
            try:
                tree = ast.parse(candidate)
            except SyntaxError:
                continue
            ast.increment_lineno(tree, first - 1)
            return tree
    return None


__all__ = ["register_source"]
