# SPDX-License-Identifier: BSD-3-Clause
"""Set routines: unique (return_index, return_inverse, return_counts, axis,
equal_nan), NumPy 2's unique_all / unique_counts / unique_inverse /
unique_values, isin (and the deprecated in1d), intersect1d, union1d,
setdiff1d and setxor1d, with NumPy's algorithms, results and dtypes.

Everything is a sort (stable, so first occurrences come first) followed by
elementwise flags of where runs of equal values start, compacted with
gpuarray.flatnonzero (which synchronizes: the result's size comes to the
host). Counts are differences of run starts and inverse indices a binary
search of them, so no scan or reduction is needed. unique_values and
unique_counts return sorted values (NumPy's may come in any order)."""
import collections
import operator
import warnings

import numpy
from numpy.lib.array_utils import normalize_axis_index

from gpuarray._creation import asarray, ascontiguousarray, empty
from gpuarray._manipulation import moveaxis
from gpuarray._ranges import arange
from gpuarray._sort_kernels import _contains, _gather, _row_starts, _run_starts, _scatter, kernel_for
from gpuarray._sorting import argsort, lexsort, searchsorted, sort
from gpuarray._ufuncs import add, bitwise_and, equal, multiply, not_equal, subtract

__all__ = ["unique", "unique_all", "unique_counts", "unique_inverse", "unique_values", "isin", "in1d",
           "intersect1d", "union1d", "setdiff1d", "setxor1d"]

UniqueAllResult = collections.namedtuple("UniqueAllResult", ["values", "indices", "inverse_indices", "counts"])
UniqueCountsResult = collections.namedtuple("UniqueCountsResult", ["values", "counts"])
UniqueInverseResult = collections.namedtuple("UniqueInverseResult", ["values", "inverse_indices"])


def _flatnonzero(mask):
    # gpuarray._searching is written alongside this module (stream compaction on CUB).
    from gpuarray._searching import flatnonzero
    return flatnonzero(mask)


def _compress(values, mask):
    """values[mask] for 1-D arrays."""
    return _gather(values, _flatnonzero(mask))


def _concatenate(*arrays):
    """The arrays flattened end to end, in their promoted dtype (numpy.concatenate(..., axis=None))."""
    arrays = [asarray(a) for a in arrays]
    out = empty(sum(a.size for a in arrays), numpy.result_type(*[a.dtype for a in arrays]))
    start = 0
    for a in arrays:
        out[start:start + a.size] = a.reshape(-1)
        start += a.size
    return out


def _run_ends(starts, n):
    """For run starts (sorted int64 positions in 0..n-1), where each run ends: the next start, n for the last."""
    ends = empty(starts.size, numpy.int64)
    if starts.size:
        ends[:-1] = starts[1:]
        ends[-1] = n
    return ends


def _unique_runs(aux, starts_mask, perm, return_index, return_inverse, return_counts):
    """unique's results from the sorted values `aux` (1-D, or 2-D rows), where runs start and the sorting perm."""
    n = starts_mask.size
    starts = _flatnonzero(starts_mask)
    results = [_take_rows(aux, starts)]
    if return_index:
        results.append(_gather(perm, starts))
    if return_inverse:
        run_of_sorted = subtract(searchsorted(starts, arange(n, dtype=numpy.int64), side="right"), 1)
        inverse = empty(n, numpy.int64)
        _scatter(perm, run_of_sorted, inverse)
        results.append(inverse)
    if return_counts:
        results.append(subtract(_run_ends(starts, n), starts))
    return results


def _take_rows(a, rows):
    """a[rows] for a 1-D or 2-D C-contiguous `a` and int64 `rows`."""
    if a.ndim == 1:
        return _gather(a, rows)
    columns = a.shape[1]
    flat_index = add(multiply(rows.reshape(-1, 1), columns), arange(columns, dtype=numpy.int64))
    return _gather(a, flat_index)


def _unique_flat(ar, return_index, return_inverse, return_counts, equal_nan):
    ar = ar.reshape(-1)
    if return_index or return_inverse:
        perm = argsort(ar)
        aux = _gather(ar, perm)
    else:
        perm, aux = None, sort(ar)
    starts = kernel_for(_run_starts, aux.dtype)(aux, bool(equal_nan), size=aux.size)
    return _unique_runs(aux, starts, perm, return_index, return_inverse, return_counts)


def _unique_along(ar, axis, return_index, return_inverse, return_counts):
    """unique of the subarrays along `axis`, compared as NumPy compares them: element
    by element in order (NaN equal to nothing), sorted lexicographically."""
    ar = moveaxis(ar, axis, 0)
    shape = ar.shape
    rows = ascontiguousarray(ar).reshape(shape[0], -1)
    columns = rows.shape[1]
    if columns:
        keys = ascontiguousarray(rows.T[::-1])  # the first column is the primary key: lexsort's last
        perm = lexsort([keys[j] for j in range(columns)])
    else:
        perm = arange(shape[0], dtype=numpy.int64)
    aux = ascontiguousarray(_take_rows(rows, perm))
    starts = empty(shape[0], numpy.bool_)
    _row_starts(aux, columns, starts)
    results = _unique_runs(aux, starts, perm, return_index, return_inverse, return_counts)
    values = results[0].reshape((results[0].shape[0],) + shape[1:])
    results[0] = moveaxis(values, 0, axis)
    return results


def unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None, *, equal_nan=True,
           sorted=True):
    """The sorted unique elements of `ar` (flattened, or subarrays along `axis`),
    and optionally the index of each one's first occurrence, the indices that
    rebuild `ar` (of ar's shape for axis=None, as NumPy 2) and the counts.
    With equal_nan every NaN (complex: every value with a NaN part) is one
    element. The values are always sorted (`sorted=False` allows any order)."""
    ar = asarray(ar)
    if axis is None:
        results = _unique_flat(ar, return_index, return_inverse, return_counts, equal_nan)
        if return_inverse:
            i = 1 + bool(return_index)
            results[i] = results[i].reshape(ar.shape)
    else:
        axis = normalize_axis_index(operator.index(axis), ar.ndim)
        results = _unique_along(ar, axis, return_index, return_inverse, return_counts)
    return results[0] if len(results) == 1 else tuple(results)


def unique_all(x):
    """values, indices (first occurrences), inverse_indices (x's shape), counts; NaNs are distinct."""
    return UniqueAllResult(*unique(x, True, True, True, equal_nan=False))


def unique_counts(x):
    """values and counts; NaNs are distinct."""
    return UniqueCountsResult(*unique(x, return_counts=True, equal_nan=False))


def unique_inverse(x):
    """values and inverse_indices (x's shape); NaNs are distinct."""
    return UniqueInverseResult(*unique(x, return_inverse=True, equal_nan=False))


def unique_values(x):
    """The unique values; NaNs are distinct."""
    return unique(x, equal_nan=False)


def _check_isin_kind(kind, *arrays):
    if kind not in (None, "sort", "table"):
        raise ValueError(f"Invalid kind: '{kind}'. Please use None, 'sort' or 'table'.")
    if kind == "table" and any(a.dtype.kind not in "biu" for a in arrays):
        raise ValueError("The 'table' method is only supported for boolean or integer arrays. "
                         "Please select 'sort' or None for kind.")


def isin(element, test_elements, assume_unique=False, invert=False, *, kind=None):
    """Whether each element of `element` equals some element of `test_elements`
    (elementwise ==, in their common dtype: NaN is in nothing), of element's shape;
    negated with invert. A binary search in the sorted test elements; every kind
    ('sort', 'table', None) gives the same result."""
    element, test = asarray(element), asarray(test_elements)
    _check_isin_kind(kind, element, test)
    common = numpy.result_type(element.dtype, test.dtype)
    table = sort(test.astype(common, copy=False).reshape(-1))
    return kernel_for(_contains, common)(table, element.astype(common, copy=False), bool(invert))


def in1d(ar1, ar2, assume_unique=False, invert=False, *, kind=None):
    """isin of the flattened ar1 (deprecated by NumPy 2.0 and removed in 2.4: use isin)."""
    warnings.warn("`in1d` is deprecated. Use `np.isin` instead.", DeprecationWarning, stacklevel=2)
    return isin(asarray(ar1).reshape(-1), ar2, assume_unique, invert, kind=kind)


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    """The sorted values in both arrays (flattened, promoted dtype), and with
    return_indices the indices of their first occurrences in each."""
    ar1, ar2 = asarray(ar1), asarray(ar2)
    if assume_unique:
        ar1, ar2 = ar1.reshape(-1), ar2.reshape(-1)
    elif return_indices:
        (ar1, ind1), (ar2, ind2) = unique(ar1, return_index=True), unique(ar2, return_index=True)
    else:
        ar1, ar2 = unique(ar1), unique(ar2)
    aux = _concatenate(ar1, ar2)
    if return_indices:
        order = argsort(aux)
        aux = _gather(aux, order)
    else:
        aux = sort(aux)
    pairs = equal(aux[1:], aux[:-1])
    first = _flatnonzero(pairs)
    values = _gather(aux, first)
    if not return_indices:
        return values
    ar1_indices = _gather(order, first)
    ar2_indices = subtract(_gather(order, add(first, 1)), ar1.size)
    if not assume_unique:
        ar1_indices, ar2_indices = _gather(ind1, ar1_indices), _gather(ind2, ar2_indices)
    return values, ar1_indices, ar2_indices


def union1d(ar1, ar2):
    """The sorted unique values in either array."""
    return unique(_concatenate(ar1, ar2))


def setdiff1d(ar1, ar2, assume_unique=False):
    """The unique values of ar1 that are not in ar2 (sorted unless assume_unique,
    which keeps ar1's order), in ar1's dtype."""
    if assume_unique:
        ar1 = asarray(ar1).reshape(-1)
    else:
        ar1, ar2 = unique(ar1), unique(ar2)
    return _compress(ar1, isin(ar1, ar2, assume_unique=True, invert=True))


def setxor1d(ar1, ar2, assume_unique=False):
    """The sorted unique values in exactly one of the arrays."""
    if not assume_unique:
        ar1, ar2 = unique(ar1), unique(ar2)
    aux = _concatenate(ar1, ar2)
    if aux.size == 0:
        return aux
    aux = sort(aux)
    flag = empty(aux.size + 1, numpy.bool_)  # flag[i]: aux[i - 1] != aux[i], True at both ends
    flag[0] = flag[-1] = True
    not_equal(aux[1:], aux[:-1], out=flag[1:-1])
    return _compress(aux, bitwise_and(flag[1:], flag[:-1]))
