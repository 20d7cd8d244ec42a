# SPDX-License-Identifier: BSD-3-Clause
"""einsum: each operand first loses its repeated labels (a diagonal) and the
labels no one else needs (a sum); then operands are contracted pairwise, left
to right, each pair as one batched matmul (labels shared and still needed are
batch dimensions, shared and finished ones the contraction). `optimize` is
accepted; the order is always left to right."""
import string

import numpy

__all__ = ["einsum"]


def _xp():
    import gpuarray
    return gpuarray


def _parse(operands):
    """(input label strings, output label string, arrays) with '...' expanded
    to fresh upper-case labels, from either of NumPy's calling forms."""
    xp = _xp()
    if isinstance(operands[0], str):
        subscripts, arrays = operands[0].replace(" ", ""), [xp.asarray(x) for x in operands[1:]]
    else:
        letters = string.ascii_letters

        def word(sub):
            return "".join("..." if s is Ellipsis else letters[s] for s in sub)
        items = list(operands)
        out = word(items.pop()) if len(items) % 2 else None
        arrays = [xp.asarray(x) for x in items[0::2]]
        subscripts = ",".join(word(s) for s in items[1::2]) + ("" if out is None else "->" + out)
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
    for s, a in zip(inputs, arrays):
        if "..." in s:
            n = a.ndim - (len(s) - 3)
            s = s.replace("...", ell[len(ell) - n:] if n else "")
        if len(s) != a.ndim:
            raise ValueError(f"operand has more dimensions than subscripts given in einstein sum, but no '...' "
                             f"ellipsis provided to broadcast the extra dimensions." if a.ndim > len(s) else
                             f"einstein sum subscripts string contains too many subscripts for operand")
        expanded.append(s)
    if out is None:
        counts = {}
        for s in expanded:
            for c in s:
                counts[c] = counts.get(c, 0) + 1
        out = ell + "".join(sorted(c for c, n in counts.items() if n == 1 and c not in ell))
    else:
        out = out.replace("...", ell)
        for c in out:
            if not any(c in s for s in expanded):
                raise ValueError(f"einstein sum subscripts string included output subscript '{c}' which never "
                                 "appeared in an input")
    return expanded, out, arrays


def _diagonalize(labels, a):
    """Takes the diagonal over each repeated label, leaving each label once."""
    while True:
        for i, c in enumerate(labels):
            j = labels.find(c, i + 1)
            if j >= 0:
                a = _xp().diagonal(a, 0, i, j)  # the diagonal axis goes last
                labels = labels[:i] + labels[i + 1:j] + labels[j + 1:] + c
                break
        else:
            return labels, a


def _sum_unneeded(labels, a, needed):
    axes = tuple(i for i, c in enumerate(labels) if c not in needed)
    if axes:
        a = a.sum(axis=axes)
        labels = "".join(c for c in labels if c in needed)
    return labels, a


def _contract(la, a, lb, b, needed):
    """One pair as a batched matmul: (*batch, L, K) @ (*batch, K, R)."""
    batch = [c for c in la if c in lb and c in needed]
    summed = [c for c in la if c in lb and c not in needed]
    left = [c for c in la if c not in lb]
    right = [c for c in lb if c not in la]
    a = a.transpose([la.index(c) for c in batch + left + summed])
    b = b.transpose([lb.index(c) for c in batch + summed + right])
    nb = len(batch)
    k = int(numpy.prod([a.shape[nb + len(left) + i] for i in range(len(summed))], dtype=numpy.int64))
    kb = int(numpy.prod([b.shape[nb + i] for i in range(len(summed))], dtype=numpy.int64))
    if k != kb and 1 not in (k, kb):
        raise ValueError(f"operands could not be broadcast together with remapped shapes {a.shape} {b.shape}")
    left_shape = a.shape[nb:nb + len(left)]
    right_shape = b.shape[nb + len(summed):]
    if k != kb:  # a size-1 contracted axis broadcasts: sum the other side first
        if k == 1:
            b = b.reshape(b.shape[:nb] + (kb, -1)).sum(axis=-2, keepdims=True)
        else:
            a = a.reshape(a.shape[:nb] + (-1, k)).sum(axis=-1, keepdims=True)
        k = 1
    a2 = a.reshape(a.shape[:nb] + (int(numpy.prod(left_shape, dtype=numpy.int64)), k))
    b2 = b.reshape(b.shape[:nb] + (k, int(numpy.prod(right_shape, dtype=numpy.int64))))
    from gpuarray._linalg_products import matmul
    c = matmul(a2, b2)
    return "".join(batch + left + right), c.reshape(c.shape[:nb] + left_shape + right_shape)


def einsum(*operands, out=None, dtype=None, order="K", casting="safe", optimize=False):
    """NumPy's einsum (both calling forms)."""
    xp = _xp()
    inputs, output, arrays = _parse(operands)
    res_type = numpy.dtype(dtype) if dtype is not None else numpy.result_type(*[a.dtype for a in arrays])
    arrays = [a.astype(res_type, copy=False) for a in arrays]
    terms = [_diagonalize(s, a) for s, a in zip(inputs, arrays)]
    for i in range(len(terms)):
        needed = set(output).union(*(terms[j][0] for j in range(len(terms)) if j != i))
        terms[i] = _sum_unneeded(*terms[i], needed)
    labels, acc = terms[0]
    for i in range(1, len(terms)):
        needed = set(output).union(*(terms[j][0] for j in range(i + 1, len(terms))))
        labels, acc = _contract(labels, acc, *terms[i], needed)
        labels, acc = _sum_unneeded(labels, acc, needed)
    labels, acc = _sum_unneeded(labels, acc, set(output))
    result = acc.transpose([labels.index(c) for c in output]) if output else acc
    if out is not None:
        out[...] = result
        return out
    return xp.asarray(result)
