# SPDX-License-Identifier: BSD-3-Clause
"""The CUDA features a kernel reaches through ``gpuarray.jit``: thread and
block indices, grid helpers, barriers and fences, shared and local memory,
atomics and warp shuffles, with CuPy's names and signatures (cupyx.jit).

Each is an object the translator recognises when a kernel calls it or reads
its attributes; called from host Python, it raises RuntimeError. The
handlers type-check their arguments and return IR (_ir.py); the device
helpers they name are in gpuarray/jit.cuh."""
import numpy

from gpuarray._base.signatures import signature_from_text
from gpuarray.jit import _ir as ir
from gpuarray.jit import _types
from gpuarray.jit._errors import JitError
from gpuarray.jit._values import Static, TupleValue, coerce, describe, require_int_static, require_scalar

_INT64 = _types.INT64
_UINT32 = _types.UINT32
_INT32 = numpy.dtype(numpy.int32)


class Builtin:
    """A jit feature callable inside kernels only."""

    def __init__(self, name, handler, doc):
        self.__name__ = self.name = name
        self.handler = handler
        # `doc` is "name(parameters): what it does": the signature becomes
        # the docstring's first line and __signature__ (help(), Sphinx).
        call, _, text = doc.partition(")")
        parameters = call.partition("(")[2]
        self.__signature__ = signature_from_text(parameters)
        text = text.lstrip(":. ") or "See the gpuarray.jit docs."
        self.__doc__ = f"{call})\n\n{text[0].upper()}{text[1:]}"

    def __call__(self, *args, **kwargs):
        raise RuntimeError(f"gpuarray.jit.{self.name} can only be called inside a function decorated with "
                           "gpuarray.jit.rawkernel (or translated by gpuarray.vectorize)")

    def __repr__(self):
        return f"<gpuarray.jit builtin {self.name}>"


class Dim3:
    """``threadIdx``, ``blockIdx``, ``blockDim`` or ``gridDim``: ``.x``, ``.y``, ``.z`` are uint32."""

    def __init__(self, name):
        self.name = name
        self.__doc__ = f"CUDA's {name}: its x, y and z members (uint32) inside a jit kernel."

    def member(self, axis):
        return ir.Special(f"{self.name}.{axis}", _UINT32)

    def __repr__(self):
        return f"<gpuarray.jit {self.name}>"


threadIdx = Dim3("threadIdx")
blockIdx = Dim3("blockIdx")
blockDim = Dim3("blockDim")
gridDim = Dim3("gridDim")


class WarpSize:
    """``warpSize``: the threads of a warp (32), an int32 inside a kernel."""

    def __repr__(self):
        return "<gpuarray.jit warpsize>"


warpsize = WarpSize()


def _no_kwargs(name, kwargs, location, allowed=()):
    extra = set(kwargs) - set(allowed)
    if extra:
        raise JitError(f"{name}() got unexpected keyword arguments {sorted(extra)}", location)


def _arity(name, args, location, low, high=None):
    high = low if high is None else high
    if not low <= len(args) <= high:
        expected = str(low) if low == high else f"{low} to {high}"
        raise JitError(f"{name}() takes {expected} arguments, got {len(args)}", location)


def _ndim_arg(name, args, kwargs, location):
    _no_kwargs(name, kwargs, location)
    _arity(name, args, location, 1)
    ndim = require_int_static(args[0], location, f"{name}'s ndim")
    if ndim not in (1, 2, 3):
        raise JitError(f"{name}(ndim): ndim must be 1, 2 or 3, got {ndim}", location)
    return ndim


def _wide(text):
    return ir.Cast(ir.Special(text, _UINT32), _INT64)


def _grid(tr, args, kwargs, location):
    ndim = _ndim_arg("grid", args, kwargs, location)
    items = [ir.Binary("+", ir.Binary("*", _wide(f"blockIdx.{a}"), _wide(f"blockDim.{a}"), _INT64),
                       _wide(f"threadIdx.{a}"), _INT64) for a in "xyz"[:ndim]]
    return items[0] if ndim == 1 else TupleValue(items)


def _gridsize(tr, args, kwargs, location):
    ndim = _ndim_arg("gridsize", args, kwargs, location)
    items = [ir.Binary("*", _wide(f"blockDim.{a}"), _wide(f"gridDim.{a}"), _INT64) for a in "xyz"[:ndim]]
    return items[0] if ndim == 1 else TupleValue(items)


def _statement(cuda_name, name, *, mask=False):
    def handler(tr, args, kwargs, location):
        if mask:
            _no_kwargs(name, kwargs, location, ("mask",))
            _arity(name, args, location, 0)
            value = kwargs.get("mask", ir.Const(0xFFFFFFFF, _UINT32, weak=True))
            return ir.Call(cuda_name, [coerce(require_scalar(value, location, "mask"), _UINT32, location)], None)
        _no_kwargs(name, kwargs, location)
        _arity(name, args, location, 0)
        return ir.Call(cuda_name, [], None)
    return handler


def _laneid(tr, args, kwargs, location):
    _no_kwargs("laneid", kwargs, location)
    _arity("laneid", args, location, 0)
    return ir.Call("ga::jit::laneid", [], _UINT32)


def _memory(kind):
    def handler(tr, args, kwargs, location):
        name = f"{kind}_memory"
        allowed = ("dtype", "size", "alignment") if kind == "shared" else ("dtype", "size")
        _no_kwargs(name, kwargs, location, allowed)
        names = list(allowed)
        if len(args) > len(names):
            raise JitError(f"{name}() takes at most {len(names)} arguments", location)
        given = dict(zip(names, args))
        for key, value in kwargs.items():
            if key in given:
                raise JitError(f"{name}() got multiple values for {key!r}", location)
            given[key] = value
        if "dtype" not in given or "size" not in given:
            raise JitError(f"{name}(dtype, size) needs both", location)
        dtype_value = given["dtype"]
        if not isinstance(dtype_value, Static):
            raise JitError(f"{name}: the dtype must be known when the kernel is translated, got "
                           f"{describe(dtype_value)}", location)
        dtype = _types.check_dtype(dtype_value.value, name, location)
        size = given["size"]
        if isinstance(size, Static) and size.value is None:
            if kind != "shared":
                raise JitError("local_memory needs a size known when the kernel is translated", location)
            size = None
        else:
            size = require_int_static(size, location, f"{name}'s size")
            if size <= 0:
                raise JitError(f"{name}: size must be positive, got {size}", location)
        alignment = given.get("alignment")
        if alignment is not None and not (isinstance(alignment, Static) and alignment.value is None):
            alignment = require_int_static(alignment, location, "alignment")
            if alignment <= 0 or alignment & (alignment - 1):
                raise JitError(f"shared_memory: alignment must be a power of two, got {alignment}", location)
        else:
            alignment = None
        return tr.declare_memory(kind, dtype, size, alignment, location)
    return handler


# Which dtypes each atomic takes (CUDA's atomics, widened by gpuarray/jit.cuh).
_ATOMIC_DTYPES = {
    "add": "iIlLqQfd", "sub": "iIlLqQfd", "exch": "iIlLqQfd", "cas": "iIlLqQfd",
    "min": "iIlLqQfd", "max": "iIlLqQfd", "inc": "I", "dec": "I",
    "and": "iIlLqQ", "or": "iIlLqQ", "xor": "iIlLqQ",
}


def _atomic(op):
    name = f"atomic_{op}"

    def handler(tr, args, kwargs, location):
        if kwargs.get("alt_op") is not None and not (isinstance(kwargs["alt_op"], Static)
                                                     and kwargs["alt_op"].value is None):
            raise JitError(f"{name}: alt_op is not supported (gpuarray picks CUDA's atomic for the dtype)", location)
        _no_kwargs(name, kwargs, location, ("alt_op",))
        _arity(name, args, location, 4 if op == "cas" else 3)
        element = tr.element(args[0], args[1], location, name)
        dtype = element.type
        if dtype.char not in _ATOMIC_DTYPES[op]:
            supported = sorted({str(numpy.dtype(c)) for c in _ATOMIC_DTYPES[op]})
            raise JitError(f"{name} is not available for {dtype} arrays (it is for {', '.join(supported)})",
                           location)
        values = [tr.assignable(require_scalar(v, location, f"{name}'s value"), dtype, location, name)
                  for v in args[2:]]
        return ir.Call(f"ga::jit::{name}", [ir.AddressOf(element)] + values, dtype)
    return handler


def _shuffle(kind):
    name = f"shfl_{kind}sync" if kind else "shfl_sync"
    lane_type = _UINT32 if kind in ("up_", "down_") else _INT32

    def handler(tr, args, kwargs, location):
        _no_kwargs(name, kwargs, location, ("width",))
        _arity(name, args, location, 3)
        mask = coerce(require_scalar(args[0], location, "mask"), _UINT32, location)
        value = require_scalar(args[1], location, f"{name}'s var")
        if value.weak:
            value = coerce(value, value.type, location)
        if value.type == _types.FLOAT16:
            raise JitError(f"{name}: float16 values cannot be shuffled; shuffle float32(value)", location)
        lane = coerce(require_scalar(args[2], location, "val_id"), lane_type, location)
        width = coerce(require_scalar(kwargs.get("width", ir.Const(32, _INT32, weak=True)), location, "width"),
                       _INT32, location)
        return ir.Call(f"ga::jit::{name}", [mask, value, lane, width], value.type)
    return handler


def _range_marker(tr, args, kwargs, location):
    raise JitError("jit.range can only be the iterable of a for loop", location)



grid = Builtin("grid", _grid, (
    "grid(ndim): the thread's index in the grid, blockIdx * blockDim + threadIdx, as int64 (a tuple for ndim 2, 3)."))
gridsize = Builtin("gridsize", _gridsize, (
    "gridsize(ndim): the threads in the grid, blockDim * gridDim, as int64 (a tuple for ndim 2, 3)."))
laneid = Builtin("laneid", _laneid, "laneid(): the thread's lane in its warp, 0 to warpsize - 1 (uint32).")
syncthreads = Builtin("syncthreads", _statement("__syncthreads", "syncthreads"),
                      "syncthreads(): CUDA's __syncthreads(), the block's barrier.")
syncwarp = Builtin("syncwarp", _statement("__syncwarp", "syncwarp", mask=True),
                   "syncwarp(*, mask=0xffffffff): CUDA's __syncwarp(mask).")
threadfence = Builtin("threadfence", _statement("__threadfence", "threadfence"),
                      "threadfence(): CUDA's __threadfence(), a memory fence for the device.")
threadfence_block = Builtin("threadfence_block", _statement("__threadfence_block", "threadfence_block"),
                            "threadfence_block(): CUDA's __threadfence_block().")
threadfence_system = Builtin("threadfence_system", _statement("__threadfence_system", "threadfence_system"),
                             "threadfence_system(): CUDA's __threadfence_system().")
shared_memory = Builtin("shared_memory", _memory("shared"), (
    "shared_memory(dtype, size, alignment=None): the block's shared memory as a 1-d array; size None declares "
    "dynamic shared memory, sized by the launch's shared_mem (every call returns the same memory)."))
local_memory = Builtin("local_memory", _memory("local"),
                       "local_memory(dtype, size): a 1-d array private to the thread, size known at translation.")
range = Builtin("range", _range_marker, (  # noqa: A001 (CuPy's name: jit.range in for loops)
    "range(start, stop, step, *, unroll=None): as range, in a for loop of a kernel; unroll=True or a count "
    "asks the compiler to unroll the loop."))

atomic_add = Builtin("atomic_add", _atomic("add"), "atomic_add(array, index, value): adds, returns the old value.")
atomic_sub = Builtin("atomic_sub", _atomic("sub"), "atomic_sub(array, index, value): subtracts, returns the old value.")
atomic_exch = Builtin("atomic_exch", _atomic("exch"), "atomic_exch(array, index, value): stores, returns the old value.")
atomic_min = Builtin("atomic_min", _atomic("min"), "atomic_min(array, index, value): the minimum (NaN wins).")
atomic_max = Builtin("atomic_max", _atomic("max"), "atomic_max(array, index, value): the maximum (NaN wins).")
atomic_inc = Builtin("atomic_inc", _atomic("inc"), "atomic_inc(array, index, value): CUDA's atomicInc (uint32).")
atomic_dec = Builtin("atomic_dec", _atomic("dec"), "atomic_dec(array, index, value): CUDA's atomicDec (uint32).")
atomic_cas = Builtin("atomic_cas", _atomic("cas"), "atomic_cas(array, index, cmp, value): compare and swap.")
atomic_and = Builtin("atomic_and", _atomic("and"), "atomic_and(array, index, value): bitwise and.")
atomic_or = Builtin("atomic_or", _atomic("or"), "atomic_or(array, index, value): bitwise or.")
atomic_xor = Builtin("atomic_xor", _atomic("xor"), "atomic_xor(array, index, value): bitwise xor.")
shfl_sync = Builtin("shfl_sync", _shuffle(""), "shfl_sync(mask, var, val_id, *, width=32): CUDA's __shfl_sync.")
shfl_up_sync = Builtin("shfl_up_sync", _shuffle("up_"), "shfl_up_sync(mask, var, val_id, *, width=32).")
shfl_down_sync = Builtin("shfl_down_sync", _shuffle("down_"), "shfl_down_sync(mask, var, val_id, *, width=32).")
shfl_xor_sync = Builtin("shfl_xor_sync", _shuffle("xor_"), "shfl_xor_sync(mask, var, val_id, *, width=32).")

PUBLIC = ["threadIdx", "blockIdx", "blockDim", "gridDim", "warpsize", "grid", "gridsize", "laneid", "syncthreads",
          "syncwarp", "threadfence", "threadfence_block", "threadfence_system", "shared_memory", "local_memory",
          "range", "atomic_add", "atomic_sub", "atomic_exch", "atomic_min", "atomic_max", "atomic_inc", "atomic_dec",
          "atomic_cas", "atomic_and", "atomic_or", "atomic_xor", "shfl_sync", "shfl_up_sync", "shfl_down_sync",
          "shfl_xor_sync"]
