# SPDX-License-Identifier: BSD-3-Clause
"""csgraph.connected_components against SciPy's: weak components with
SciPy's labels, strong components as the same sets of nodes, directed and
undirected graphs, isolated nodes, explicit zeros (no edge), dense input and
SciPy's errors. Each test runs on the host with NumPy standing in for
gpuarray (CPU) and on a device (gpu)."""
import numpy as np
import pytest
import scipy.sparse
import scipy.sparse.csgraph

from gpuarray.scipy import sparse
from gpuarray.scipy.sparse import csgraph


def by_first_member(labels):
    """Labels renumbered in order of each component's first node (a partition's canonical form)."""
    labels = np.asarray(labels)
    _, first = np.unique(labels, return_index=True)
    order = np.argsort(first)
    renumber = np.empty_like(order)
    renumber[order] = np.arange(order.shape[0])
    return renumber[np.searchsorted(np.unique(labels), labels)]


@pytest.mark.parametrize("n, density, seed", [(12, 0.08, 0), (40, 0.03, 1), (60, 0.05, 2), (5, 0.0, 3)])
@pytest.mark.parametrize("directed, connection", [(True, "weak"), (False, "weak"), (True, "strong"),
                                                  (False, "strong")])
def test_connected_components(backend, n, density, seed, directed, connection):
    h = scipy.sparse.random_array((n, n), density=density, format="csr", rng=seed)
    expected_count, expected = scipy.sparse.csgraph.connected_components(h, directed=directed,
                                                                         connection=connection)
    count, labels = csgraph.connected_components(sparse.csr_array(h), directed=directed, connection=connection)
    labels = backend.get(labels)
    assert count == expected_count
    assert labels.dtype == np.int32
    if connection == "weak" or not directed:
        np.testing.assert_array_equal(labels, expected)
    else:
        np.testing.assert_array_equal(by_first_member(labels), by_first_member(expected))
    assert csgraph.connected_components(sparse.csr_array(h), directed=directed, connection=connection,
                                        return_labels=False) == expected_count


def test_cycle_chain_and_explicit_zero(backend):
    dense = np.zeros((6, 6))
    dense[0, 1] = dense[1, 2] = dense[2, 0] = 1.0   # a 3-cycle
    dense[2, 3] = dense[3, 4] = 1.0                 # a chain leaving it
    h = scipy.sparse.csr_array(dense)
    for directed, connection in [(True, "strong"), (True, "weak"), (False, "weak")]:
        expected = scipy.sparse.csgraph.connected_components(h, directed=directed, connection=connection)
        count, labels = csgraph.connected_components(sparse.csr_array(h), directed=directed, connection=connection)
        assert count == expected[0]
        np.testing.assert_array_equal(by_first_member(backend.get(labels)), by_first_member(expected[1]))
    zero_edge = sparse.coo_array((backend.put([0.0, 1.0]), (backend.put([0, 1]), backend.put([1, 2]))),
                                 shape=(3, 3))
    count, labels = csgraph.connected_components(zero_edge, directed=False)
    assert count == 2
    np.testing.assert_array_equal(backend.get(labels), [0, 1, 1])
    count, _ = csgraph.connected_components(backend.put(dense), directed=False)
    assert count == 2


def test_errors(backend):
    with pytest.raises(ValueError, match="connection"):
        csgraph.connected_components(sparse.eye_array(3), connection="medium")
    with pytest.raises(ValueError, match="shape"):
        csgraph.connected_components(sparse.csr_array((2, 3)))
