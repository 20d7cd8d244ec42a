# SPDX-License-Identifier: BSD-3-Clause
"""Signatures for the public callables whose signature `inspect` cannot read
(issue #32): classes bound in C++ (pybind11 gives their `__init__` no text
signature) and exception classes (BaseException's `__init__` is C). Each is
given a `__signature__` written from the binding's arguments, so `help()`,
`inspect.signature` and Sphinx show the real parameters.

The methods bound in C++ (ndarray.reshape, MemoryPool.malloc, ...) cannot
take a `__signature__` attribute (builtin functions have no __dict__); their
signatures would have to come from the binding's docstrings
(tests/core/test_signatures.py lists them)."""
import inspect

__all__ = ["signature_from_text", "set_signature", "EXCEPTION_SIGNATURE"]


def signature_from_text(parameters):
    """The `inspect.Signature` of a parameter list written as in a def,
    such as ``"shape, dtype=float, *, order='C'"``. The text is this
    package's own literal, so a lambda of it is safe to make; names in the
    defaults resolve in the builtins only."""
    return inspect.signature(eval(f"lambda {parameters}: None", {}))


def set_signature(cls, parameters):
    """Gives class `cls` the signature of ``cls(parameters)``."""
    cls.__signature__ = signature_from_text(parameters)


# What every exception class takes: BaseException's arguments.
EXCEPTION_SIGNATURE = signature_from_text("*args")
