# SPDX-License-Identifier: BSD-3-Clause
"""shares_memory and may_share_memory (issue 25) give NumPy's answers for the
same layouts. Device-free: the arrays are fake_memory's, whose data is never
read, and the answers come from addresses and strides alone."""
import numpy
import pytest

import gpuarray as xp
from fake_memory import fake_array


def _broadcast_row(a):
    module = xp if isinstance(a, xp.ndarray) else numpy
    return module.broadcast_to(a[2], (4, 6))


VIEWS = {
    "all": lambda a: a,
    "row": lambda a: a[1],
    "column": lambda a: a[:, 2],
    "even columns": lambda a: a[:, ::2],
    "odd columns": lambda a: a[:, 1::2],
    "transposed": lambda a: a.T,
    "reversed": lambda a: a[::-1, ::-1],
    "left half": lambda a: a[:, :3],
    "right half": lambda a: a[:, 3:],
    "broadcast row": _broadcast_row,
    "0-d": lambda a: a[3, 5, ...],  # a 0-d view in both (a[3, 5] is a scalar in NumPy)
    "empty": lambda a: a[:0],
    "byte view": lambda a: a.view(numpy.uint8)[:, 5:11],
}
PAIRS = [(x, y) for i, x in enumerate(VIEWS) for y in list(VIEWS)[i:]]


def outcome(fn, *args, **kwargs):
    """fn's result, or the type and text of what it raised."""
    try:
        return fn(*args, **kwargs)
    except Exception as e:
        return type(e), str(e)


@pytest.mark.parametrize("max_work", [-1, 0, 1, 50])
@pytest.mark.parametrize("first,second", PAIRS, ids=[f"{x}|{y}" for x, y in PAIRS])
def test_same_answers_as_numpy(first, second, max_work):
    device, _ = fake_array((5, 6), numpy.int16)
    host = numpy.zeros((5, 6), numpy.int16)
    for fn in ("shares_memory", "may_share_memory"):
        expected = outcome(getattr(numpy, fn), VIEWS[first](host), VIEWS[second](host), max_work=max_work)
        actual = outcome(getattr(xp, fn), VIEWS[first](device), VIEWS[second](device), max_work=max_work)
        assert actual == expected, f"{fn}({first}, {second}, max_work={max_work})"


def test_separate_allocations_and_host_data_do_not_overlap():
    a, _ = fake_array((8,), numpy.float32)
    b, _ = fake_array((8,), numpy.float32, offset=4096)
    host = numpy.zeros(8, numpy.float32)
    assert not xp.shares_memory(a, b) and not xp.may_share_memory(a, b)
    assert not xp.shares_memory(a, host) and not xp.may_share_memory(host, a)
    assert xp.shares_memory(host, host[2:]) is numpy.shares_memory(host, host[2:])


def test_cuda_array_interface_exporters_are_device_memory():
    a, _ = fake_array((10,), numpy.int64)

    class Exporter:  # what CuPy, PyTorch and Numba hand out
        def __init__(self, address, strides):
            self.__cuda_array_interface__ = {"version": 3, "shape": (4,), "typestr": "<i8",
                                             "data": (address, False), "strides": strides}

    assert xp.shares_memory(a[2:3], Exporter(a.data.ptr + 16, None))
    assert not xp.shares_memory(a[3:], Exporter(a.data.ptr + 16, (-8,)))
    assert xp.shares_memory(a[:1], Exporter(a.data.ptr + 24, (-8,)))
