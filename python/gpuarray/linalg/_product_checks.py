# SPDX-License-Identifier: BSD-3-Clause
"""NumPy's argument rules for the products, checked on the host before any
device work: the `casting` and `order` words, the result dtype and the input
casts of a gufunc (matmul, matvec, vecmat), and the three ways NumPy accepts
an `out=`: a gufunc's (any layout, a same_kind cast, extra broadcast loop
axes), dot's (exactly the result's dtype, shape and C order) and einsum's
(the result's shape, a cast under `casting`). Metadata only: nothing here
reads or writes device memory, so it all runs, and is tested, without a GPU."""
import numpy

from gpuarray._core import ndarray

__all__ = ["check_casting", "check_order", "gufunc_dtype", "gufunc_out_array", "gufunc_out_shape", "dot_out",
           "einsum_out"]

_CASTINGS = ("no", "equiv", "safe", "same_kind", "unsafe")
# NumPy's matmul has a loop for bool, every integer, float16/32/64 and
# complex64/128 (longdouble and object too, which have no device type);
# gpuarray adds bfloat16 ('E'), which NumPy with ml_dtypes casts to float32
# (Note [bfloat16] in cpp/core/dtype.hpp).
_MATMUL_TYPES = "?bBhHiIlLqQefdFDE"


def check_casting(casting):
    if not isinstance(casting, str):
        raise TypeError(f"casting must be str, not {type(casting).__name__}")
    if casting not in _CASTINGS:
        raise ValueError(f"casting must be one of 'no', 'equiv', 'safe', 'same_kind', 'unsafe' (got {casting!r})")


def check_order(order):
    if order is None:
        return
    if not isinstance(order, str):
        raise TypeError(f"order must be str, not {type(order).__name__}")
    if order.upper() not in ("C", "F", "A", "K"):
        raise ValueError(f"order must be one of 'C', 'F', 'A', or 'K' (got {order!r})")


def _cast_error(name, role, from_dtype, to_dtype, casting):
    return TypeError(f"Cannot cast ufunc '{name}' {role} from {from_dtype!r} to {to_dtype!r} with casting rule "
                     f"{casting!r}")


def gufunc_dtype(name, dtypes, dtype, casting):
    """The loop dtype of a product gufunc for inputs of `dtypes` and the
    `dtype=` argument: `dtype` itself when given (NumPy computes in it), else
    the inputs' common type. Each input must cast to it under `casting`
    (NumPy's UFuncTypeError is a TypeError; gpuarray raises TypeError)."""
    check_casting(casting)
    loop = numpy.result_type(*dtypes) if dtype is None else numpy.dtype(dtype)
    if loop.char not in _MATMUL_TYPES:
        raise TypeError(f"ufunc '{name}' did not contain a loop with signature matching types "
                        f"{' '.join(repr(d) for d in dtypes)} -> {loop!r}")
    for i, d in enumerate(dtypes):
        if not numpy.can_cast(d, loop, casting):
            raise _cast_error(name, f"input {i}", numpy.dtype(d), loop, casting)
    return loop


def gufunc_out_array(name, out, dtype, casting):
    """The first of NumPy's checks of a gufunc's `out`, made before any shape
    is looked at: a device array (or a 1-tuple of one, or None) that takes
    `dtype` under `casting`. Returns the array, or None."""
    if isinstance(out, tuple):
        if len(out) != 1:
            raise ValueError("The 'out' tuple must have exactly one entry per ufunc output")
        out = out[0]
    if out is None:
        return None
    if not isinstance(out, ndarray):
        raise TypeError("return arrays must be of ArrayType")
    if not numpy.can_cast(dtype, out.dtype, casting):
        raise _cast_error(name, "output", numpy.dtype(dtype), out.dtype, casting)
    return out


def gufunc_out_shape(name, signature, out, loop_shape, core_shape):
    """The rest: `out` (an array from gufunc_out_array, or None) has the
    result's core axes last, leading axes the result's loop axes broadcast
    to, and is writeable."""
    if out is None:
        return
    ncore = len(core_shape)
    if out.ndim < ncore:
        raise ValueError(f"{name}: Output operand 0 does not have enough dimensions (has {out.ndim}, gufunc core "
                         f"with signature {signature} requires {ncore})")
    out_loop, out_core = out.shape[:out.ndim - ncore], out.shape[out.ndim - ncore:]
    for i, (got, want) in enumerate(zip(out_core, core_shape)):
        if got != want:
            raise ValueError(f"{name}: Output operand 0 has a mismatch in its core dimension {i}, with gufunc "
                             f"signature {signature} (size {got} is different from {want})")
    try:
        fits = numpy.broadcast_shapes(tuple(loop_shape), out_loop) == out_loop
    except ValueError:
        fits = False
    if not fits:
        raise ValueError(f"non-broadcastable output operand with shape {out.shape} doesn't match the broadcast "
                         f"shape {tuple(loop_shape) + tuple(core_shape)}")
    if not out.flags.writeable:
        raise ValueError("output array is read-only")


def dot_out(out, shape, dtype):
    """NumPy's rule for dot's `out`: a writeable C-contiguous device array of
    exactly the result's dtype and shape."""
    if out is None:
        return
    if not isinstance(out, ndarray):
        raise TypeError("'out' must be an array")
    if (out.dtype != dtype or out.ndim != len(shape) or not out.flags.c_contiguous
            or not out.flags.writeable):
        raise ValueError("output array is not acceptable (must have the right datatype, number of dimensions, "
                         "and be a C-Array)")
    if out.shape != tuple(shape):
        raise ValueError("output array has wrong dimensions")


def einsum_out(out, shape, dtype, casting):
    """NumPy's (c_einsum's) rule for einsum's `out`: a writeable device array
    with the output's number of axes, each of the output's length, or any
    length where the output's is 1 (the result broadcasts); any layout; the
    result's dtype must cast to its dtype under `casting`."""
    if out is None:
        return
    if not isinstance(out, ndarray):
        raise TypeError("keyword parameter out must be an array for einsum")
    if out.ndim != len(shape):
        raise ValueError(f"out parameter does not have the correct number of dimensions, has {out.ndim} but "
                         f"should have {len(shape)}")
    for i, (got, want) in enumerate(zip(out.shape, shape)):
        if got == want or want == 1:
            continue
        if got == 1:
            raise ValueError(f"output operand requires a reduction along dimension {i}, but the reduction is not "
                             f"enabled. The dimension size of 1 does not match the expected output shape.")
        raise ValueError(f"operands could not be broadcast together: the output has shape {tuple(shape)}, `out` "
                         f"has shape {out.shape}")
    if not numpy.can_cast(dtype, out.dtype, casting):
        raise TypeError(f"Iterator requested dtype could not be cast from {numpy.dtype(dtype)!r} to {out.dtype!r}, "
                        f"the output operand dtype, according to the rule {casting!r}")
    if not out.flags.writeable:
        raise ValueError("operand array with iterator write flag set is read-only")
