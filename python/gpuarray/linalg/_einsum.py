# SPDX-License-Identifier: BSD-3-Clause
"""einsum: each operand first loses its repeated labels (a diagonal) and the
labels no one else needs (a sum); then operands are contracted pairwise,
each pair as one batched matmul (labels shared and still needed are batch
dimensions, shared and finished ones the contraction). The order is NumPy's:
numpy.einsum_path, run on zero-stride stand-ins of the operands' shapes
(no memory), picks it when `optimize` asks; optimize=False contracts left
to right."""
import string

import numpy

from gpuarray._array_creation.from_data import asarray
from gpuarray._core import ndarray
from gpuarray._index_routines.index_tricks import diagonal
from gpuarray.linalg._product_checks import check_casting, check_order, einsum_out
from gpuarray.linalg._matmul import matmul

__all__ = ["einsum", "einsum_path"]


def _check_subscripts(subscripts):
    """NumPy's errors for the characters of a subscripts string."""
    lhs, arrow, out = subscripts.partition("->")
    for c in lhs + out:
        if not (c.isascii() and c.isalpha()) and c not in ",.":
            raise ValueError(f"invalid subscript '{c}' in einstein sum subscripts string, subscripts must be "
                             "letters")
    for k, term in enumerate(lhs.split(",") + ([out] if arrow else [])):
        if term.count(".") != (3 if "..." in term else 0):
            where = f"in operand {k}" if k < lhs.count(",") + 1 else "in the output"
            raise ValueError(f"einstein sum subscripts string contains a '.' that is not part of an ellipsis "
                             f"('...') {where}")
    labels = out.replace("...", "")
    for c in labels:
        if labels.count(c) > 1:
            raise ValueError(f"einstein sum subscripts string includes output subscript '{c}' multiple times")


def _parse(operands, optimize):
    """(input label strings, output label string, arrays) with '...' expanded
    to fresh upper-case labels, from either of NumPy's calling forms."""
    if not operands or (isinstance(operands[0], str) and len(operands) < 2):
        raise ValueError("must specify the einstein sum subscripts string and at least one operand")
    if isinstance(operands[0], str):
        subscripts, arrays = operands[0].replace(" ", ""), [asarray(x) for x in operands[1:]]
    else:
        letters = string.ascii_letters

        def word(sub):
            return "".join("..." if s is Ellipsis else letters[s] for s in sub)
        items = list(operands)
        out = word(items.pop()) if len(items) % 2 else None
        arrays = [asarray(x) for x in items[0::2]]
        subscripts = ",".join(word(s) for s in items[1::2]) + ("" if out is None else "->" + out)
    _check_subscripts(subscripts)
    if "->" in subscripts:
        lhs, out = subscripts.split("->")
    else:
        lhs, out = subscripts, None
    inputs = lhs.split(",")
    if len(inputs) != len(arrays):
        raise ValueError("more operands provided to einstein sum function than specified in the subscripts string"
                         if len(arrays) > len(inputs) else
                         "fewer operands provided to einstein sum function than specified in the subscripts string")
    spare = [c for c in string.ascii_uppercase[::-1] if c not in subscripts]
    ell_nd = max((a.ndim - (len(s) - 3) for s, a in zip(inputs, arrays) if "..." in s), default=0)
    ell = "".join(spare[:ell_nd])[::-1]
    expanded = []
    for k, (s, a) in enumerate(zip(inputs, arrays)):
        if "..." in s:
            n = a.ndim - (len(s) - 3)
            if n < 0:
                raise ValueError(f"einstein sum subscripts string contains too many subscripts for operand {k}")
            s = s.replace("...", ell[len(ell) - n:] if n else "")
        if len(s) != a.ndim:
            raise ValueError("operand has more dimensions than subscripts given in einstein sum, but no '...' "
                             "ellipsis provided to broadcast the extra dimensions." if a.ndim > len(s) else
                             f"einstein sum subscripts string contains too many subscripts for operand {k}")
        expanded.append(s)
    if out is None:
        counts = {}
        for s in expanded:
            for c in s:
                counts[c] = counts.get(c, 0) + 1
        out = ell + "".join(sorted(c for c, n in counts.items() if n == 1 and c not in ell))
    else:
        if ell and "..." not in out and optimize is False:
            # NumPy's unoptimized einsum refuses to sum the ellipsis' axes
            # away; its optimized path (einsum_path's parser) sums them.
            raise ValueError("output has more dimensions than subscripts given in einstein sum, but no '...' "
                             "ellipsis provided to broadcast the extra dimensions.")
        out = out.replace("...", ell)
        for c in out:
            if not any(c in s for s in expanded):
                raise ValueError(f"einstein sum subscripts string included output subscript '{c}' which never "
                                 "appeared in an input")
    return expanded, out, arrays


def _label_sizes(inputs, arrays):
    """{label: length} over all operands, with NumPy's errors: a label
    repeated in one operand must have one length there, and across operands
    the lengths must be equal or 1 (which broadcasts)."""
    sizes = {}
    for k, (labels, a) in enumerate(zip(inputs, arrays)):
        own = {}
        for c, n in zip(labels, a.shape):
            if own.setdefault(c, n) != n:
                raise ValueError(f"dimensions in operand {k} for collapsing index '{c}' don't match "
                                 f"({own[c]} != {n})")
        for c, n in own.items():
            if sizes.get(c, 1) == 1:
                sizes[c] = n
            elif n not in (1, sizes[c]):
                shapes = " ".join(str(x.shape) for x in arrays)
                raise ValueError(f"operands could not be broadcast together: label '{c}' has lengths {sizes[c]} "
                                 f"and {n} (operand shapes {shapes})")
    return sizes


def _result_dtype(arrays, dtype, casting):
    """einsum's dtype (the `dtype` argument, else the operands' common type)
    with NumPy's check that each operand casts to it under `casting`."""
    result = numpy.result_type(*[a.dtype for a in arrays]) if dtype is None else numpy.dtype(dtype)
    for k, a in enumerate(arrays):
        if not numpy.can_cast(a.dtype, result, casting):
            raise TypeError(f"Iterator operand {k} dtype could not be cast from {a.dtype!r} to {result!r} "
                            f"according to the rule {casting!r}")
    return result


def _plan(operands, out, dtype, order, casting, optimize):
    """Everything einsum decides on the host, before any device work, with
    NumPy's errors: (input labels, output labels, arrays, result dtype,
    output shape, contraction path)."""
    inputs, output, arrays = _parse(operands, optimize)
    check_order(order)
    check_casting(casting)
    if dtype is not None:
        dtype = numpy.dtype(dtype)
    if len(arrays) == 1 and out is None and set(output) == set(inputs[0]):
        # No label summed ('ij->ji', 'ii->i', '...'): NumPy returns a view of
        # the operand, and `dtype` and `casting` go unused.
        result_dtype = arrays[0].dtype
    else:
        result_dtype = _result_dtype(arrays, dtype, casting)
    sizes = _label_sizes(inputs, arrays)
    shape = tuple(sizes[c] for c in output)
    einsum_out(out, shape, result_dtype, casting)
    return inputs, output, arrays, result_dtype, shape, _contraction_path(inputs, output, arrays, optimize)


def _diagonalize(labels, a):
    """Takes the diagonal over each repeated label, leaving each label once."""
    while True:
        for i, c in enumerate(labels):
            j = labels.find(c, i + 1)
            if j >= 0:
                a = diagonal(a, 0, i, j)  # the diagonal axis goes last
                labels = labels[:i] + labels[i + 1:j] + labels[j + 1:] + c
                break
        else:
            return labels, a


def _sum(a, axes, keepdims=False):
    """A sum that keeps a's dtype, as einsum does (bool: logical or)."""
    if a.dtype == numpy.bool_:
        return a.any(axis=axes, keepdims=keepdims)
    return a.sum(axis=axes, dtype=a.dtype, keepdims=keepdims)


def _sum_unneeded(labels, a, needed):
    axes = tuple(i for i, c in enumerate(labels) if c not in needed)
    if axes:
        a = _sum(a, axes)
        labels = "".join(c for c in labels if c in needed)
    return labels, a


def _contract(la, a, lb, b, needed):
    """One pair as a batched matmul: (*batch, L, K) @ (*batch, K, R)."""
    batch = [c for c in la if c in lb and c in needed]
    summed = [c for c in la if c in lb and c not in needed]
    left = [c for c in la if c not in lb]
    right = [c for c in lb if c not in la]
    for c in summed:  # a size-1 contracted axis broadcasts: sum the other side over it first
        ia, ib = la.index(c), lb.index(c)
        if a.shape[ia] != b.shape[ib]:
            if a.shape[ia] == 1:
                b = _sum(b, ib, keepdims=True)
            elif b.shape[ib] == 1:
                a = _sum(a, ia, keepdims=True)
            else:
                raise ValueError(f"operands could not be broadcast together with remapped shapes {a.shape} "
                                 f"{b.shape}")
    a = a.transpose([la.index(c) for c in batch + left + summed])
    b = b.transpose([lb.index(c) for c in batch + summed + right])
    nb = len(batch)
    k = int(numpy.prod(a.shape[a.ndim - len(summed):], dtype=numpy.int64))
    left_shape = a.shape[nb:nb + len(left)]
    right_shape = b.shape[nb + len(summed):]
    a2 = a.reshape(a.shape[:nb] + (int(numpy.prod(left_shape, dtype=numpy.int64)), k))
    b2 = b.reshape(b.shape[:nb] + (k, int(numpy.prod(right_shape, dtype=numpy.int64))))
    c = matmul(a2, b2)
    return "".join(batch + left + right), c.reshape(c.shape[:nb] + left_shape + right_shape)


def _contraction_path(inputs, output, arrays, optimize):
    """The operand groups to contract, in order, as numpy.einsum_path gives
    them for the operands as written (so NumPy's own path, and NumPy's errors
    for a bad `optimize`): each step names positions in the current operand
    list, whose operands leave it and whose result is appended. optimize=False
    contracts all at once, left to right."""
    if optimize is False:
        return [tuple(range(len(inputs)))]
    spec = ",".join(inputs) + "->" + output
    stand_ins = [numpy.broadcast_to(numpy.zeros((), dtype=numpy.float64), a.shape) for a in arrays]
    path, _ = numpy.einsum_path(spec, *stand_ins, optimize="greedy" if optimize is True else optimize)
    return path[1:]


def _run_path(terms, output, path):
    operands = list(terms)
    for step in path:
        picked = [operands[i] for i in step]
        for i in sorted(step, reverse=True):
            del operands[i]
        needed_later = set(output).union(*(labels for labels, _ in operands))
        labels, acc = picked[0]
        for j in range(1, len(picked)):
            needed = needed_later.union(*(labels for labels, _ in picked[j + 1:]))
            labels, acc = _contract(labels, acc, *picked[j], needed)
        operands.append(_sum_unneeded(labels, acc, needed_later))
    return operands[0]


def einsum(*operands, out=None, dtype=None, order="K", casting="safe", optimize=False):
    """Evaluate the Einstein summation convention on the operands.

    Both of NumPy's calling forms: ``einsum(subscripts, *arrays)`` with a
    subscripts string such as ``"ij,jk->ik"`` (implicit output when ``->``
    is left out: the labels seen once, sorted), and the interleaved form
    ``einsum(op0, sublist0, op1, sublist1, ..., [sublistout])`` with lists
    of integer labels (and ``Ellipsis``). ``...`` broadcasts leading axes.

    Parameters
    ----------
    *operands : str, array_like and lists of labels
        The subscripts string followed by the arrays, or the interleaved
        arrays and label lists; host data is copied to the device first.
    out : ndarray, optional
        Device array to write the result into, in any layout: the result's
        number of axes, each of the result's length (any length where the
        result's is 1, which broadcasts); the result's dtype must cast to
        its dtype under `casting`.
    dtype : data-type, optional
        Dtype the operands are cast to, and of the result; by default their
        common type (``numpy.result_type`` of the operands, for every
        subscript form).
    order : {'K', 'C', 'F', 'A'}, optional
        Checked as NumPy checks it and not used.
    casting : {'no', 'equiv', 'safe', 'same_kind', 'unsafe'}, optional
        The rule each operand's cast to the result's dtype and the result's
        cast to `out` must follow (default 'safe'), as NumPy's einsum
        applies it without `optimize`.
    optimize : {False, True, 'greedy', 'optimal', list, tuple}, optional
        The contraction order: False (default) left to right; True or
        'greedy', 'optimal', an explicit path ``['einsum_path', (i, j), ...]``
        or a ``(strategy, memory_limit)`` pair as NumPy's `einsum_path`
        takes them (a bad one raises NumPy's error).

    Returns
    -------
    output : ndarray
        The result, in `dtype` or the operands' common type; a 0-d device
        array when every label is summed (NumPy returns a scalar there).
        `out` if it was given. For one operand of which no label is summed
        (``'ij->ji'``, ``'ii->i'``, ``'...'``) and no `out`, a view of the
        operand in its own dtype, `dtype` and `casting` unused, as in NumPy
        (read-only for a diagonal, where NumPy's is writeable).

    Raises
    ------
    ValueError
        If the subscripts and the operands do not agree (invalid or repeated
        output labels, number of operands, labels per operand, an output
        label that no input has, lengths of one label that differ within an
        operand or do not broadcast across them), `out` has the wrong number
        of axes or lengths or is read-only, or `casting` or `order` is not
        one of NumPy's words.
    TypeError
        If an operand cannot be cast to the result's dtype, or the result to
        `out`'s dtype, under `casting`, or `out` is not a device array.

    Notes
    -----
    Every argument is checked on the host before any device work, with
    NumPy's exception types. Each operand first loses its repeated labels (a
    diagonal view) and the labels no other operand or the output needs (a
    sum reduction). The operands are then contracted pairwise, each pair as
    one batched `matmul`: shared labels still needed are batch axes, shared
    finished ones the contracted axis. Floating and complex pairs are
    therefore one cuBLAS strided-batched gemm each (TF32 for float32 if
    `set_tf32` allows it), integer and bool pairs gpuarray's own matmul
    kernel. Sums keep the operands' dtype, as NumPy's einsum does (bool:
    logical or), so integer results wrap on overflow. The order of the pairs
    is NumPy's: with `optimize`, `numpy.einsum_path` runs on the host on
    zero-stride stand-ins of the shapes (no device memory, no device work).
    Nothing is read back. Floating results may differ from NumPy's in the
    last bits (another summation order). With `out`, the result is computed
    into a new array and copied into `out`.

    NumPy's einsum with `optimize` runs its pairwise steps through
    `tensordot`, which skips the `casting` checks (and takes a wider `out`);
    here `casting` and `out` follow the unoptimized rules whatever
    `optimize` says. Result dtypes are the same either way. As in NumPy, an
    explicit output without ``...`` sums the ellipsis' axes away only with
    `optimize` (NumPy's unoptimized einsum refuses it).

    See Also
    --------
    einsum_path, matmul, tensordot, linalg.multi_dot

    Examples
    --------
    >>> import gpuarray as xp
    >>> a = xp.arange(9).reshape(3, 3)
    >>> xp.einsum("ii", a)
    array(12)
    >>> b, c = xp.arange(6).reshape(2, 3), xp.arange(12).reshape(3, 4)
    >>> xp.einsum("ij,jk->ik", b, c)
    array([[20, 23, 26, 29],
           [56, 68, 80, 92]])
    >>> xp.einsum("ij->j", b)
    array([3, 5, 7])
    >>> xp.einsum(b, [0, 1], [1, 0])
    array([[0, 3],
           [1, 4],
           [2, 5]])
    >>> xp.einsum("...ij->...ji", xp.ones((5, 2, 3))).shape
    (5, 3, 2)
    """
    inputs, output, arrays, result_dtype, shape, path = _plan(operands, out, dtype, order, casting, optimize)
    arrays = [a.astype(result_dtype, copy=False) for a in arrays]
    terms = [_diagonalize(s, a) for s, a in zip(inputs, arrays)]
    for i in range(len(terms)):
        needed = set(output).union(*(terms[j][0] for j in range(len(terms)) if j != i))
        terms[i] = _sum_unneeded(*terms[i], needed)
    labels, acc = _run_path(terms, output, path)
    labels, acc = _sum_unneeded(labels, acc, set(output))
    result = acc.transpose([labels.index(c) for c in output]) if output else acc
    if out is not None:
        out[...] = result  # broadcasts where `out` is longer than a length-1 output axis
        return out
    return asarray(result)


def _stand_in(operand):
    """A device array's shape and dtype as a NumPy array of zero strides (no
    memory); anything else as it is."""
    if isinstance(operand, ndarray):
        return numpy.broadcast_to(numpy.zeros((), dtype=operand.dtype), operand.shape)
    return operand


def einsum_path(subscripts, *operands, optimize="greedy", einsum_call=False):
    """Evaluate the lowest cost contraction order for an einsum expression.

    Parameters
    ----------
    subscripts : str or array_like
        The subscripts, as for `einsum`; in the interleaved form
        ``einsum_path(op0, sublist0, op1, sublist1, ..., [sublistout])`` the
        first operand.
    *operands : list of array_like
        The operands (device arrays, host data or scalars); only their shapes
        and dtypes are used.
    optimize : {bool, list, tuple, 'greedy', 'optimal'}, optional
        NumPy's choices: 'greedy' (default, also True), 'optimal', an explicit
        path ``['einsum_path', (0, 1), ...]``, or a ``(strategy,
        memory_limit)`` pair; False contracts in one step.
    einsum_call : bool, optional
        NumPy's internal form (the contraction list instead of the report).

    Returns
    -------
    path : list of tuples
        ``['einsum_path', (i, j), ...]``: the operands contracted at each step,
        by position in the shrinking operand list; `einsum`'s `optimize`
        accepts it.
    string_repr : str
        NumPy's printable report of the contraction (scaling, FLOP counts,
        the intermediate of each step).

    Raises
    ------
    ValueError
        If the subscripts or shapes do not agree, as in NumPy.

    Notes
    -----
    NumPy's own function, run on zero-stride stand-ins of the device arrays
    (their shapes and dtypes, no memory): the path and the report are
    NumPy's exactly, the device is not touched, and `einsum` with
    ``optimize=True`` contracts in this order.

    See Also
    --------
    einsum

    Examples
    --------
    >>> import gpuarray as xp
    >>> a, b, c = xp.ones((2, 3)), xp.ones((3, 400)), xp.ones((400, 5))
    >>> path, report = xp.einsum_path("ij,jk,kl->il", a, b, c, optimize="greedy")
    >>> path
    ['einsum_path', (1, 2), (0, 1)]
    """
    return numpy.einsum_path(_stand_in(subscripts), *map(_stand_in, operands), optimize=optimize,
                             einsum_call=einsum_call)
