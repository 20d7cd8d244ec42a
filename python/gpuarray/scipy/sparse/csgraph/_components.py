# SPDX-License-Identifier: BSD-3-Clause
"""Connected components of a graph given as a sparse (or dense) adjacency
matrix (SciPy's csgraph.connected_components).

Note [Components by label propagation]: every node starts with its own
index as label; each round gives every node the smallest label among its
neighbours (``minimum.at`` over the edges, both ways for weak components)
and then follows labels to their labels (pointer jumping), until a round
changes nothing (read on the host once per round). A weak component's label
is then its smallest node, so numbering the labels in order gives SciPy's
numbering (components in order of their first node). Strong components
peel off one round at a time: forward propagation over the remaining nodes
colours each node with the smallest node that reaches it; the nodes that
reach their colour's root backwards within the colour form that root's
strong component and leave the graph."""
import numpy

from gpuarray.scipy.sparse import _array_ops as xp
from gpuarray.scipy.sparse._registry import container, issparse

__all__ = ["connected_components"]


def _edges(csgraph):
    """(n, sources, targets) of the graph's stored nonzero entries (a dense matrix's nonzeros)."""
    if not issparse(csgraph):
        csgraph = container("csr", is_array=True)(csgraph)
    if csgraph.ndim != 2 or csgraph.shape[0] != csgraph.shape[1]:
        raise ValueError("compressed-sparse graph must be of shape (N, N)")
    coo = csgraph.tocoo()
    kept = xp.flatnonzero(xp.not_equal(coo.data, 0))
    return csgraph.shape[0], coo.row[kept].astype(numpy.int64), coo.col[kept].astype(numpy.int64)


def _propagate(labels, sources, targets, active=None):
    """Smallest labels pushed along the edges sources -> targets until nothing changes."""
    while True:
        pushed = labels.copy()
        if sources.shape[0]:
            xp.minimum.at(pushed, targets, labels[sources])
        pushed = pushed[pushed]  # pointer jumping: a label's own label
        if active is not None:
            pushed = xp.where(active, pushed, labels)
        if not bool(xp.asnumpy(xp.any(xp.not_equal(pushed, labels)))):
            return labels
        labels = pushed


def _numbered(labels):
    """Labels renumbered 0..k-1 in order of their smallest member; (k, labels)."""
    roots = xp.flatnonzero(xp.equal(labels, xp.arange(labels.shape[0], dtype=numpy.int64)))
    return int(roots.shape[0]), xp.searchsorted(roots, labels).astype(numpy.int32)


def _strong(n, sources, targets):
    component = xp.full(n, -1, dtype=numpy.int64)
    nodes = xp.arange(n, dtype=numpy.int64)
    remaining = xp.ones(n, dtype=numpy.bool_)
    while bool(xp.asnumpy(xp.any(remaining))):
        live = xp.logical_and(remaining[sources], remaining[targets])
        live_edges = xp.flatnonzero(live)
        src, dst = sources[live_edges], targets[live_edges]
        colour = _forward(nodes.copy(), src, dst, remaining)
        # Backward from each root within its colour: v joins when it has an edge v -> u
        # to a node u already in the root's component and of the same colour.
        same = xp.flatnonzero(xp.equal(colour[src], colour[dst]))
        back_src, back_dst = src[same], dst[same]
        reached = xp.logical_and(remaining, xp.equal(colour, nodes))
        while True:
            grown = reached.astype(numpy.int64)
            if back_src.shape[0]:
                xp.maximum.at(grown, back_src, reached[back_dst].astype(numpy.int64))
            grown = xp.logical_and(xp.not_equal(grown, 0), remaining)
            if not bool(xp.asnumpy(xp.any(xp.not_equal(grown, reached)))):
                break
            reached = grown
        component = xp.where(reached, colour, component)
        remaining = xp.logical_and(remaining, xp.logical_not(reached))
    # Number the components by their smallest node.
    smallest = xp.full(n, n, dtype=numpy.int64)
    xp.minimum.at(smallest, component, nodes)
    return _numbered(smallest[component])


def _forward(labels, sources, targets, active):
    """Colours: the smallest node reaching each active node along the live edges."""
    while True:
        pushed = labels.copy()
        if sources.shape[0]:
            xp.minimum.at(pushed, targets, labels[sources])
        pushed = xp.where(active, pushed, labels)
        if not bool(xp.asnumpy(xp.any(xp.not_equal(pushed, labels)))):
            return labels
        labels = pushed


def connected_components(csgraph, directed=True, connection="weak", return_labels=True):
    """The connected components of a graph (SciPy's csgraph.connected_components).

    Parameters
    ----------
    csgraph : sparse or array_like
        The N x N adjacency matrix; a stored nonzero (i, j) is an edge i -> j.
    directed : bool, optional
        Whether the edges are directed (else every edge goes both ways).
    connection : {'weak', 'strong'}, optional
        For a directed graph: components of the undirected graph ('weak'), or sets of nodes
        that reach each other ('strong').
    return_labels : bool, optional
        Return the labels as well.

    Returns
    -------
    n_components : int
        The number of components.
    labels : device array of int32
        The component of each node (when `return_labels`).

    Raises
    ------
    ValueError
        A graph that is not square, or an unknown `connection`.

    Notes
    -----
    Label propagation on the device (Note [Components by label propagation]). Weak components
    are numbered as SciPy numbers them (in order of their first node); strong components are
    the same sets as SciPy's, numbered in order of their smallest node (SciPy numbers them in
    the order its depth-first search closes them).

    See Also
    --------
    scipy.sparse.csgraph.connected_components

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import sparse
    >>> from gpuarray.scipy.sparse.csgraph import connected_components
    >>> graph = sparse.csr_array([[0, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 1], [0, 0, 0, 0]])
    >>> n, labels = connected_components(graph, directed=False)
    >>> n, labels.get()
    (2, array([0, 0, 1, 1], dtype=int32))
    """
    if connection.lower() not in ("weak", "strong"):
        raise ValueError("connection must be 'weak' or 'strong'")
    n, sources, targets = _edges(csgraph)
    if not directed or connection.lower() == "weak":
        both_sources = xp.concatenate([sources, targets])
        both_targets = xp.concatenate([targets, sources])
        count, labels = _numbered(_propagate(xp.arange(n, dtype=numpy.int64), both_sources, both_targets))
    else:
        count, labels = _strong(n, sources, targets)
    return (count, labels) if return_labels else count
