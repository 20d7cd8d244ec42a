# SPDX-License-Identifier: BSD-3-Clause
"""The translator's errors: each names the user's file, line and construct.

Note [Errors at the user's line]
Every IR node and every error carries the Python location it came from (a
`Location`: file, line, the function's name). A JitError's message starts
with ``file:line: in function 'f':``, says what is wrong, then quotes the
source line, so that a traceback through the translator still reads as a
compiler's diagnostic about the user's code. Compile errors from NVRTC (which
should not happen for code the translator accepts) are reported by
_kernel.py with the generated line beside the Python line it came from,
through the emitter's line map."""
import ast
import dataclasses
import linecache

from gpuarray.cuda.compiler import CompileException


@dataclasses.dataclass(frozen=True)
class Location:
    """A line of the user's Python source."""
    filename: str
    line: int
    function: str

    def source_line(self):
        return linecache.getline(self.filename, self.line).strip()

    def __str__(self):
        return f"{self.filename}:{self.line}: in function {self.function!r}"


class JitError(TypeError):
    """A Python construct, name or type the kernel translator cannot accept.

    Raised while a kernel is translated (at its first launch for a new
    signature, or by ``translate``), before anything runs on the device. The
    message starts with the user's ``file:line``, names the construct and
    quotes the line; ``location`` holds the file, line and function."""

    def __init__(self, message, location=None):
        self.location = location
        self.reason = message
        if location is not None:
            text = f"{location}: {message}"
            line = location.source_line()
            if line:
                text += f"\n    {line}"
        else:
            text = message
        super().__init__(text)


class JitCompileError(CompileException):
    """NVRTC rejected generated code: the log, then each generated line it
    names beside the Python line that produced it."""


def construct_name(node):
    """How an ast node is named in messages: its class and, where short, its source."""
    try:
        text = ast.unparse(node)
    except Exception:  # unparse covers every node the parser makes; a message needs no source
        text = ""
    kind = type(node).__name__
    return f"{kind} '{text}'" if text and len(text) <= 60 else kind
