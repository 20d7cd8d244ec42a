# SPDX-License-Identifier: BSD-3-Clause
"""The docstring of the ndarray class (issue #32). The class is bound in C++,
which gives it none; ndarray_methods.py sets this one, so that help(), IDEs
and the API reference say what an ndarray is and how it differs from
NumPy's."""

NDARRAY_DOC = """An N-dimensional array in GPU memory, with NumPy's ndarray API.

Arrays are usually made by the creation functions (``gpuarray.array``,
``zeros``, ``arange``, ``asarray``, ...); the constructor is the low-level
form, which allocates memory or wraps memory that exists.

Parameters
----------
shape : int or tuple of ints
    The array's shape.
dtype : data-type, optional
    The element type (default float64). NumPy's numeric and boolean types,
    float16, complex types and bfloat16 (``gpuarray.bfloat16``) are
    supported; object and string arrays are not.
memptr : MemoryPointer, optional
    Device memory to use (it must hold the array); by default new memory
    comes from the current allocator (the memory pool).
strides : tuple of ints, optional
    Bytes between consecutive elements along each axis, for an array over
    `memptr`; by default the dense strides of `order`.
order : {'C', 'F'}, optional
    Row-major (C) or column-major (Fortran) dense layout.

See Also
--------
gpuarray.array, gpuarray.asarray, gpuarray.empty, gpuarray.zeros, gpuarray.asnumpy

Notes
-----
The data lives on the device that was current when the array was made
(``a.device``). What differs from ``numpy.ndarray``:

- Operations are enqueued on the current CUDA stream and return before the
  GPU has run them; reading a value (``float(a)``, ``a.item()``,
  ``a.get()``, ``print(a)``) waits for them.
- ``numpy.asarray(a)`` raises TypeError: moving data to the host is
  explicit, with ``a.get()`` or ``gpuarray.asnumpy(a)``.
- Reductions over all axes (``a.sum()``) return 0-d arrays, not NumPy
  scalars, so that nothing is copied to the host until asked.
- Arrays cross to other GPU libraries without copies through
  ``__cuda_array_interface__`` and DLPack (``__dlpack__``).

Examples
--------
>>> import gpuarray as xp
>>> a = xp.arange(6, dtype=xp.float32).reshape(2, 3)
>>> a.shape, a.dtype, a.strides
((2, 3), dtype('float32'), (12, 4))
>>> (a * 2).sum(axis=0)
array([ 6., 10., 14.], dtype=float32)
>>> a.get()
array([[0., 1., 2.],
       [3., 4., 5.]], dtype=float32)
>>> xp.ndarray((2, 2), dtype=xp.int32, order='F').flags.f_contiguous
True
"""
