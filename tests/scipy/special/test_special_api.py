# SPDX-License-Identifier: BSD-3-Clause
"""gpuarray.scipy.special without a device: the names are SciPy's, the ufunc
objects carry SciPy's attributes and a docstring, and the exact=True paths
of comb/perm/factorial/factorial2 (host integers, as SciPy) and the argument
errors raised before any device work match SciPy."""
import numpy
import pytest
import scipy.special as sc

import gpuarray
from gpuarray.scipy import special
from gpuarray.scipy.special._ufuncs import UFUNCS, special_ufunc


def test_registered_in_gpuarray_scipy():
    assert "special" in gpuarray.scipy.__all__
    assert gpuarray.scipy.special is special


@pytest.mark.parametrize("name", special.__all__)
def test_every_name_is_scipys(name):
    assert hasattr(sc, name)
    assert callable(getattr(special, name))


@pytest.mark.parametrize("name", sorted(n for n in UFUNCS if not n.startswith("_")))
def test_ufunc_attributes_and_docstring(name):
    ours, theirs = getattr(special, name), getattr(sc, name)
    assert isinstance(ours, special_ufunc) and isinstance(ours, gpuarray.ufunc)
    assert (ours.__name__, ours.nin, ours.nout, ours.nargs) == (name, theirs.nin, theirs.nout, theirs.nargs)
    assert set(ours.types) <= set(theirs.types)
    assert ours.identity is None
    assert repr(ours) == f"<ufunc '{name}'>"
    doc = ours.__doc__
    assert doc.startswith(f"{name}(") and "scipy.special." + name in doc and len(doc.splitlines()) >= 3


def test_special_cbrt_is_not_numpys():
    assert special.cbrt is not gpuarray.cbrt
    assert special.cbrt.types == ['f->f', 'd->d'] and "e->e" in gpuarray.cbrt.types  # SciPy 1.18's loop order


@pytest.mark.parametrize("n, k", [(10, 3), (5, 0), (5, 5), (3, 5), (0, 0), (100, 50), (-1, 2), (5, -1)])
def test_comb_and_perm_exact_are_python_ints(n, k):
    for ours, theirs in ((special.comb, sc.comb), (special.perm, sc.perm)):
        got, want = ours(n, k, exact=True), theirs(n, k, exact=True)
        assert type(got) is int and got == want
    assert special.comb(n, k, exact=True, repetition=True) == sc.comb(n, k, exact=True, repetition=True)


@pytest.mark.parametrize("n", [0, 1, 5, 20, 30, -3])
def test_factorials_exact(n):
    assert special.factorial(n, exact=True) == sc.factorial(n, exact=True)
    assert special.factorial2(n, exact=True) == sc.factorial2(n, exact=True)


def test_factorial_exact_array_is_an_object_array_of_ints():
    n = numpy.array([[0, 3], [5, 25]])
    got, want = special.factorial(n, exact=True), sc.factorial(n, exact=True)
    assert got.dtype == object and got.shape == (2, 2)
    assert [int(v) for v in got.ravel()] == [int(v) for v in want.ravel()]


def test_exact_dtypes_follow_scipy():
    for n in (numpy.array(3), numpy.array([3, 4], numpy.int8), numpy.array([3, 25]), numpy.array([3, -1])):
        got, want = special.factorial(n, exact=True), sc.factorial(n, exact=True)
        assert got.dtype == want.dtype and got.shape == want.shape
        assert [int(v) for v in got.ravel()] == [int(v) for v in want.ravel()]
    assert special.comb(3.0, 2, exact=True) == sc.comb(3.0, 2, exact=True) == 3
    assert special.perm(numpy.array([3]), 2, exact=True) == 6


def test_errors_before_device_work():
    with pytest.raises(TypeError):
        special.comb(numpy.array([3, 4]), 2, exact=True)
    with pytest.raises(TypeError):
        sc.comb(numpy.array([3, 4]), 2, exact=True)
    with pytest.raises(ValueError, match="only supports integers"):
        special.factorial(3.0, exact=True)
    with pytest.raises(ValueError, match="Incompatible options"):
        special.factorial(3, exact=True, extend="complex")
    with pytest.raises(ValueError, match="must be either 'zero' or 'complex'"):
        special.factorial2(3, extend="bad")
    with pytest.raises(ValueError, match="extend='complex'"):
        special.factorial2(numpy.array([7.0]))
    with pytest.raises(ValueError):
        special.perm(3.5, 2, exact=True)
    with pytest.raises(ValueError):
        special.factorial(numpy.array([1.5]), exact=True)
    for d in (1.5, numpy.array([2, 3])):
        with pytest.raises(ValueError, match="positive integer"):
            special.multigammaln(3.0, d)
        with pytest.raises(ValueError):
            sc.multigammaln(3.0, d)


def test_ufunc_argument_errors_are_numpys():
    with pytest.raises(TypeError, match="takes from 1 to 2 positional arguments"):
        special.erf()
    with pytest.raises(TypeError, match="invalid keyword"):
        special.erf(1.0, axis=0)
