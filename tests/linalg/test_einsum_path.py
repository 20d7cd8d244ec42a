# SPDX-License-Identifier: BSD-3-Clause
"""einsum_path (issue 25) gives NumPy's path and report for device operands.
Device-free: the operands are fake_memory arrays; only shapes and dtypes count."""
import numpy
import pytest

import gpuarray as xp
from fake_memory import fake_array

CASES = [
    ("ij,jk,kl->il", [(2, 3), (3, 400), (400, 5)]),
    ("ij,jk->ik", [(4, 5), (5, 6)]),
    ("ea,fb,abcd,gc,hd->efgh", [(10, 10)] * 2 + [(10, 10, 10, 10)] + [(10, 10)] * 2),
    ("iij,jk,kk->i", [(3, 3, 4), (4, 5), (5, 5)]),
    ("...i,...i->...", [(2, 1, 3), (4, 3)]),
    ("a,b,c->", [(3,), (4,), (5,)]),
    ("bi,bi,bj->bj", [(1, 3), (4, 3), (4, 2)]),
    ("ii", [(4, 4)]),
]
OPTIMIZE = ["greedy", "optimal", True, False, ("greedy", 100), ["einsum_path", (0, 1)]]


def operands(shapes, dtype=numpy.float32):
    device = [fake_array(s, dtype)[0] for s in shapes]
    host = [numpy.zeros(s, dtype) for s in shapes]
    return device, host


def outcome(fn, *args, **kwargs):
    try:
        return fn(*args, **kwargs)
    except Exception as e:
        return type(e), str(e)


@pytest.mark.parametrize("optimize", OPTIMIZE, ids=repr)
@pytest.mark.parametrize("subscripts,shapes", CASES, ids=[c[0] for c in CASES])
def test_path_and_report_are_numpys(subscripts, shapes, optimize):
    device, host = operands(shapes)
    expected = outcome(numpy.einsum_path, subscripts, *host, optimize=optimize)
    actual = outcome(xp.einsum_path, subscripts, *device, optimize=optimize)
    assert actual == expected


def test_interleaved_form_and_host_operands():
    device, host = operands([(2, 3), (3, 4)])
    expected = numpy.einsum_path(host[0], [0, 1], host[1], [1, 2], [0, 2])
    assert xp.einsum_path(device[0], [0, 1], device[1], [1, 2], [0, 2]) == expected
    assert xp.einsum_path("ij,jk", host[0], device[1]) == numpy.einsum_path("ij,jk", *host)


@pytest.mark.parametrize("subscripts,shapes", [("ij,jk->ik", [(2, 3), (4, 5)]), ("ij->k", [(2, 2)]),
                                               ("ij,j", [(2, 2)])])
def test_errors_are_numpys(subscripts, shapes):
    device, host = operands(shapes)
    expected = outcome(numpy.einsum_path, subscripts, *host)
    actual = outcome(xp.einsum_path, subscripts, *device)
    assert isinstance(expected, tuple) and actual == expected
