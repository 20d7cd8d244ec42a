// SPDX-License-Identifier: BSD-3-Clause
// The docstrings of the methods bound in C++ that Python users call (issue #32):
// ndarray's and the kernel launch here, the memory classes' in
// memory_pointer_docs.hpp and memory_pool_docs.hpp.
//
// Note [Text signatures]: pybind11 writes its own signature line at the top of
// a docstring ("copy(self: gpuarray._core.ndarray, order: str = 'C') -> ..."),
// which inspect.signature, help() and Sphinx cannot read. CPython reads a
// builtin's signature from a first line "name(parameters)\n--\n\n" instead, so
// these texts start with one, and the bindings that use them switch pybind11's
// line off for those definitions only (a scoped py::options). The name must be
// the one bound. The parameters are written as `self, /, ...` and not with
// `$self`: pybind11 gives its builtins a __self__ (the function record), so
// inspect would take `$self` as already bound and drop it, and a bound method
// would then lose its first real parameter. Defaults must be Python literals.
// tests/core/test_signatures.py checks the result once the engine is rebuilt.
#pragma once

namespace gpuarray::bindings::docs {

// ---- ndarray (ndarray.cpp, reductions.cpp)

inline constexpr const char* ndarray_reshape = R"doc(reshape(self, /, *shape, order='C', copy=None)
--

The array with a new shape and the same data: a view when the layout
allows one, else a view of a copy.

Parameters
----------
*shape : int or tuple of ints
    The new shape, as one tuple or as separate ints; one dimension may be
    -1 and is then inferred. ``shape=`` is accepted as a keyword too.
order : {'C', 'F', 'A'}, optional
    Read and place the elements in C (row-major) or Fortran (column-major)
    order; 'A' is Fortran when the array is Fortran-contiguous only.
copy : bool or None, optional
    True always copies; False raises ValueError when a view is impossible;
    None (default) copies only when needed.

Returns
-------
ndarray
    The reshaped array, on the same device.

Raises
------
ValueError
    The new shape has a different size, or ``copy=False`` and the layout
    needs a copy, or `order` is 'K'.

See Also
--------
gpuarray.reshape, ndarray.ravel, ndarray.transpose

Examples
--------
>>> import gpuarray as xp
>>> a = xp.arange(6)
>>> a.reshape(2, 3)
array([[0, 1, 2],
       [3, 4, 5]])
>>> a.reshape((3, -1), order='F').shape
(3, 2)
)doc";

inline constexpr const char* ndarray_transpose = R"doc(transpose(self, /, *axes)
--

A view of the array with its axes permuted (no data moves).

Parameters
----------
*axes : None, tuple of ints, or ints
    The new order of the axes, as one tuple or as separate ints; none (or
    None) reverses them.

Returns
-------
ndarray
    A view with ``shape[i] == a.shape[axes[i]]``.

Raises
------
ValueError
    `axes` is not a permutation of the array's axes.
numpy.exceptions.AxisError
    An axis is out of range.

See Also
--------
gpuarray.transpose, ndarray.T, gpuarray.swapaxes, gpuarray.moveaxis

Examples
--------
>>> import gpuarray as xp
>>> a = xp.arange(6).reshape(2, 3)
>>> a.transpose()
array([[0, 3],
       [1, 4],
       [2, 5]])
>>> xp.ones((2, 3, 4)).transpose(2, 0, 1).shape
(4, 2, 3)
)doc";

inline constexpr const char* ndarray_copy = R"doc(copy(self, /, order='C')
--

A copy of the array in new device memory.

Parameters
----------
order : {'C', 'F', 'A', 'K'}, optional
    The copy's memory layout: C (row-major), Fortran (column-major), 'A'
    (Fortran when the array is Fortran-contiguous) or 'K' (as close to the
    array's own layout as possible).

Returns
-------
ndarray
    A new array, on the same device, that shares no memory with this one.

See Also
--------
gpuarray.copy, ndarray.astype, ndarray.view

Notes
-----
The copy is enqueued on the current stream; the call returns before it
has run.

Examples
--------
>>> import gpuarray as xp
>>> a = xp.arange(6).reshape(2, 3)
>>> b = a.copy(order='F')
>>> b.flags.f_contiguous, xp.shares_memory(a, b)
(True, False)
>>> b
array([[0, 1, 2],
       [3, 4, 5]])
)doc";

inline constexpr const char* ndarray_sum = R"doc(sum(self, /, axis=None, dtype=None, out=None, keepdims=False, *, initial=None, where=True)
--

The sum of the array's elements over the given axes.

Parameters
----------
axis : None or int or tuple of ints, optional
    The axes to sum over; None (default) sums all elements.
dtype : dtype, optional
    The accumulator's and result's type; by default the array's, with
    booleans and integers smaller than the platform integer widened as
    NumPy does.
out : ndarray, optional
    Where to write the result (its shape must be the result's).
keepdims : bool, optional
    Keep the summed axes with length one, so that the result broadcasts
    against the array.
initial : scalar, optional
    A value added to each sum.
where : array_like of bool, optional
    Only the elements where this is True are summed.

Returns
-------
ndarray
    The sums: a 0-d array when all axes are summed (NumPy returns a
    scalar; ``float()`` or ``.item()`` reads the value back).

See Also
--------
gpuarray.sum, ndarray.prod, ndarray.cumsum, ndarray.mean

Notes
-----
Floating-point sums are accumulated in another order than NumPy's
pairwise summation, so their last bits may differ. Nothing is read back to
the host.

Examples
--------
>>> import gpuarray as xp
>>> a = xp.arange(6).reshape(2, 3)
>>> int(a.sum())
15
>>> a.sum(axis=0, keepdims=True)
array([[3, 5, 7]])
)doc";

inline constexpr const char* ndarray_prod = R"doc(prod(self, /, axis=None, dtype=None, out=None, keepdims=False, *, initial=None, where=True)
--

The product of the array's elements over the given axes.

Parameters
----------
axis : None or int or tuple of ints, optional
    The axes to multiply over; None (default) multiplies all elements.
dtype : dtype, optional
    The accumulator's and result's type; by default the array's, with
    booleans and integers smaller than the platform integer widened as
    NumPy does.
out : ndarray, optional
    Where to write the result (its shape must be the result's).
keepdims : bool, optional
    Keep the reduced axes with length one, so that the result broadcasts
    against the array.
initial : scalar, optional
    A value each product starts from.
where : array_like of bool, optional
    Only the elements where this is True are multiplied.

Returns
-------
ndarray
    The products: a 0-d array when all axes are reduced (NumPy returns a
    scalar; ``float()`` or ``.item()`` reads the value back).

See Also
--------
gpuarray.prod, ndarray.sum, ndarray.cumprod

Examples
--------
>>> import gpuarray as xp
>>> a = xp.arange(1, 7).reshape(2, 3)
>>> int(a.prod())
720
>>> a.prod(axis=1)
array([  6, 120])
)doc";

// ---- Function and RawKernel launches (jit.cpp)

inline constexpr const char* kernel_call = R"doc(__call__(self, /, grid, block, args, *, shared_mem=0, stream=None)
--

Launches the kernel.

Parameters
----------
grid : int or tuple of ints
    Blocks per grid, up to three dimensions.
block : int or tuple of ints
    Threads per block, up to three dimensions.
args : tuple
    The kernel's arguments in order: arrays (anything with
    ``__cuda_array_interface__`` or ``.ptr``, passed as device pointers),
    None (a null pointer), and NumPy and Python scalars, converted to the
    kernel's declared parameter types.
shared_mem : int, optional
    Bytes of dynamic shared memory.
stream : Stream, optional
    The stream to launch on; None is the current stream.

Returns
-------
None
    The launch is enqueued; the call returns before the kernel runs.

See Also
--------
gpuarray.RawKernel, gpuarray.RawModule.get_function

Examples
--------
>>> import gpuarray as xp
>>> kernel = xp.RawKernel(r'''
... extern "C" __global__ void twice(float* x, int n) {
...     int i = blockIdx.x * blockDim.x + threadIdx.x;
...     if (i < n) x[i] *= 2;
... }''', 'twice')
>>> x = xp.arange(4, dtype=xp.float32)
>>> kernel((1,), (32,), (x, xp.int32(4)))
>>> x
array([0., 2., 4., 6.], dtype=float32)
)doc";

}  // namespace gpuarray::bindings::docs
