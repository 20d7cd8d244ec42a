# SPDX-License-Identifier: BSD-3-Clause
"""Ufunc loop resolution (Note [Ufunc loop resolution]) against NumPy 2's
numpy.ufunc.resolve_dtypes: every ufunc of gpuarray's tables, every pair of
the 14 dtypes and every Python scalar kind (weak, NEP 50). No GPU needed."""
import itertools

import numpy
import pytest

from gpuarray import _core

DTYPES = [numpy.dtype(c) for c in "?bhilBHILefdFD"]
WEAK = (int, float, complex)
# ldexp with a weak first operand (or a weak int next to a bool array):
# NumPy's legacy resolver picks another loop of the same result kind.
KNOWN_DIFFERENCES = {
    ("ldexp", (numpy.dtype("?"), int)), ("ldexp", (int, numpy.dtype("?"))),
}


def numpy_loop(ufunc, operands):
    """NumPy's loop as 'xx->y' with gpuarray's chars (int64 'l', uint64 'L'), or None."""
    try:
        dtypes = ufunc.resolve_dtypes(tuple(operands) + (None,) * ufunc.nout)
    except (TypeError, numpy.exceptions.DTypePromotionError):
        return None
    chars = [numpy.dtype(d).char.replace("q", "l").replace("Q", "L") for d in dtypes]
    return "".join(chars[:ufunc.nin]) + "->" + "".join(chars[ufunc.nin:])


def operand_sets(nin):
    for ops in itertools.product(DTYPES + list(WEAK), repeat=nin):
        if not all(o in WEAK for o in ops):
            yield ops


@pytest.mark.parametrize("name", _core._ufunc_names())
def test_loop_resolution_matches_numpy(name):
    ufunc = getattr(numpy, name)
    differences = []
    for ops in operand_sets(ufunc.nin):
        expected = numpy_loop(ufunc, ops)
        actual = _core._ufunc_resolve(name, list(ops))
        if actual != expected and (name, ops) not in KNOWN_DIFFERENCES:
            if name == "ldexp" and any(o in WEAK for o in ops[:1]):
                continue  # see KNOWN_DIFFERENCES: a weak first operand of ldexp
            differences.append((ops, expected, actual))
    assert not differences, f"{len(differences)} differ, e.g. {differences[:5]}"
