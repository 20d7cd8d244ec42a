# SPDX-License-Identifier: BSD-3-Clause
"""Each ufunc object's own docstring and signature (issue #32).

All ufuncs are instances of one class, so `help(xp.add)` used to print the
class's text and `inspect.signature(xp.add)` failed. `PerInstance` is a class
attribute that reads differently on the class and on an instance: the ufunc
classes set their `__doc__` and `__signature__` to one, so `help()`,
`inspect.getdoc`, `inspect.signature`, doctest and Sphinx see what each ufunc
does, and the class keeps its own text (Note [Ufunc docstrings])."""
import inspect
import textwrap

from gpuarray._ufunc.texts_arithmetic import GPU_NOTES
from gpuarray._ufunc.texts_arithmetic import TEXTS as _ARITHMETIC_TEXTS
from gpuarray._ufunc.texts_math import TEXTS as _MATH_TEXTS

__all__ = ["PerInstance", "wrap", "input_names", "ufunc_signature", "signature_line", "numpy_ufunc_docstring",
           "parameters_section", "returns_section"]

TEXTS = {**_ARITHMETIC_TEXTS, **_MATH_TEXTS}

# Note [Ufunc docstrings]
# ~~~~~~~~~~~~~~~~~~~~~~~
# A ufunc's text is built when asked for, from its row (nin, nout, the loops it
# has in this build) and a table of words (_ufunc_texts_*.py): the loops listed
# are those the engine has, not NumPy's, and adding a row to the engine needs
# one entry in a table, which tests/ufuncs/test_ufunc_docs.py asks for. The
# signature is the one the C call accepts (cpp/bindings/ufunc_object.cpp):
# inputs and outputs by position, then out=, where=, casting= and dtype= by
# keyword. NumPy's order=, subok= and signature= are not accepted, so they are
# not in it.


class PerInstance:
    """A class attribute whose value on an instance is ``compute(instance)``
    and on the class ``on_class`` (the class docstring, or None for
    ``__signature__`` so that ``inspect.signature(cls)`` still reads
    ``__init__``)."""

    def __init__(self, compute, on_class=None):
        self.compute = compute
        self.on_class = on_class

    def __get__(self, instance, owner=None):
        return self.on_class if instance is None else self.compute(instance)


def wrap(text, indent=""):
    """`text` filled to 75 columns, each line starting with `indent`, as
    NumPy's docstrings are written (help() prints them as they are)."""
    return textwrap.fill(text, 75, initial_indent=indent, subsequent_indent=indent, break_on_hyphens=False,
                         break_long_words=False)


def _wrap_section(lines):
    """A section's lines with the indented descriptions filled."""
    return "\n".join(wrap(line[4:], "    ") if line.startswith("    ") else line for line in lines)


def input_names(nin):
    """NumPy's names for a ufunc's inputs: ``x`` for one, ``x1, x2, ...`` for more."""
    return ["x"] if nin == 1 else [f"x{i + 1}" for i in range(nin)]


def ufunc_signature(nin, nout, names=None):
    """The `inspect.Signature` of a ufunc call with `nin` inputs and `nout`
    outputs: inputs positional only, then `out` (positional too, as the C call
    takes outputs after the inputs), then the keywords the call accepts."""
    P = inspect.Parameter
    names = names or input_names(nin)
    parameters = [P(name, P.POSITIONAL_ONLY) for name in names]
    parameters.append(P("out", P.POSITIONAL_OR_KEYWORD, default=None if nout == 1 else (None,) * nout))
    parameters += [P("where", P.KEYWORD_ONLY, default=True), P("casting", P.KEYWORD_ONLY, default="same_kind"),
                   P("dtype", P.KEYWORD_ONLY, default=None)]
    return inspect.Signature(parameters)


def signature_line(name, nin, nout, names=None):
    """The docstring's first line: the name and the signature, as NumPy's ufuncs start theirs."""
    return f"{name}{ufunc_signature(nin, nout, names)}"


def parameters_section(nin, nout, names=None, inputs_text=None):
    """The Parameters section shared by every ufunc: the inputs, out, where,
    casting and dtype, in the signature's order."""
    names = names or input_names(nin)
    inputs = (inputs_text or ("The input array." if nin == 1 else
                              "The input arrays; they broadcast to a common shape, the output's."))
    out_type = "ndarray or None" if nout == 1 else f"tuple of {nout} ndarrays or None"
    return _wrap_section([
        "Parameters", "----------",
        f"{', '.join(names)} : array_like",
        f"    {inputs} Python numbers are weak scalars (NEP 50): they take the array's dtype where they fit.",
        f"out : {out_type}, optional",
        "    Where to write the result" + ("" if nout == 1 else "s, one array per output") + ": a device array"
        " of the broadcast shape whose dtype the result can be cast to under `casting`. By default a new"
        " array is allocated.",
        "where : array_like of bool, optional",
        "    Where False, the output keeps the value it had (with no `out`, those elements of the new array"
        " are uninitialized). Broadcasts with the inputs. True by default: every element is computed.",
        "casting : {'no', 'equiv', 'safe', 'same_kind', 'unsafe'}, optional",
        "    Which casts between the inputs, the loop and the output are allowed; 'same_kind' by default.",
        "dtype : data-type, optional",
        "    The output dtype, which picks the loop (the inputs are cast to its input types); by default the"
        " loop is the first, in the order of `types`, that holds the inputs' dtypes.",
    ])


# The outputs of the ufuncs with two, in order.
OUTPUTS = {"divmod": ("The floor quotients, ``x1 // x2``.", "The remainders, ``x1 % x2``."),
           "modf": ("The fractional parts.", "The integral parts."),
           "frexp": ("The mantissas, of magnitude in [0.5, 1) or 0.", "The exponents, int32.")}


def returns_section(name, nout, outputs=None):
    """The Returns section: one `y` (or `y1, y2`), of the inputs' broadcast shape."""
    outputs = outputs or OUTPUTS.get(name) or (f"The results of {name}.",) * nout
    lines = ["Returns", "-------"]
    for i, text in enumerate(outputs):
        lines += [f"{'y' if nout == 1 else f'y{i + 1}'} : ndarray",
                  f"    {text} Of the inputs' broadcast shape, with the loop's output dtype; the array given"
                  " as `out` where there is one."]
    return _wrap_section(lines)


_GENERAL_NOTE = ("Runs as one elementwise kernel on the current device and stream. Floating-point errors"
                 " (division by zero, overflow, invalid operations) give inf or NaN and are not reported:"
                 " numpy.errstate does not apply to device arrays. NumPy's keywords order=, subok= and"
                 " signature= are not accepted.")


def numpy_ufunc_docstring(ufunc):
    """The docstring of one of NumPy's ufuncs (gpuarray.add, ...), from its
    row and its entry in the texts tables."""
    name = ufunc.__name__
    summary, details, see_also, examples = TEXTS[name]
    notes = _GENERAL_NOTE + (" " + GPU_NOTES[name] if name in GPU_NOTES else "")
    return "\n\n".join([
        signature_line(name, ufunc.nin, ufunc.nout),
        wrap(summary),
        wrap(details),
        parameters_section(ufunc.nin, ufunc.nout),
        returns_section(name, ufunc.nout),
        "Notes\n-----\n" + wrap(notes) + "\n\n"
        + wrap(f"Loops in this build (``{name}.types``): {', '.join(ufunc.types)}."),
        "See Also\n--------\n" + see_also,
        "Examples\n--------\n>>> import gpuarray as xp\n" + examples,
    ]) + "\n"
