# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray arrays over made-up device addresses, for testing on machines without a GPU
what never dereferences memory: metadata, capsules, protocol dictionaries, dispatch."""
import weakref

import numpy

import gpuarray

FAKE_ADDRESS = 0x7F0000000000  # never read: nothing here launches a kernel or copies


class Owner:
    """Stands for the foreign object owning the memory; a weakref tells when it is released."""


def fake_array(shape, dtype=numpy.float32, strides=None, readonly=False, offset=0):
    """(array, weakref to the memory's owner): an array at FAKE_ADDRESS on device 0."""
    owner = Owner()
    dtype = numpy.dtype(dtype)
    size = int(numpy.prod(shape)) * dtype.itemsize * 4 + offset + 64
    mem = gpuarray.cuda.UnownedMemory(FAKE_ADDRESS, size, owner, 0)
    a = gpuarray.ndarray(shape, dtype, memptr=gpuarray.cuda.MemoryPointer(mem, offset), strides=strides)
    if readonly:
        a.flags.writeable = False
    return a, weakref.ref(owner)
