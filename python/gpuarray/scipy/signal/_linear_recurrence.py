# SPDX-License-Identifier: BSD-3-Clause
"""The recursive part of an IIR filter, ``y[n] = v[n] - sum_k a[k] y[n-k]``
(a[0] = 1), on the device without a sequential loop over the samples.

Note [Block-parallel recurrence]: the signal is cut into blocks of L
samples. Inside a block the output is the block's own zero-state response
plus the response to the p outputs before it (its "history"):

    y_j = T v_j + G h_j

T (L x L, lower-triangular Toeplitz of the impulse response) and G (L x p,
the responses to each unit history) depend only on `a`; they are made once
on the host by running the recurrence on p + 1 unit inputs, in float64.
``T v_j`` for all blocks at once is one matrix product (cuBLAS), each output
a direct sum of its terms. The histories obey ``h_{j+1} = u_j + M h_j``
(u_j: the last p outputs of ``T v_j``, M: the last p rows of G), an affine
recurrence over the blocks solved by a doubling scan: log2(blocks) batched
p x p products, with M's powers squared on the host. No step is sequential
in the samples; the work is N·L multiply-adds (L ~ sqrt(N), at most 1024)
plus log2(N / L) small products. Up to 1024 samples there is one block and
the output is T v alone.

Rounding differs from SciPy's sequential loop: each output's error is that
of its sum over the block plus eps times the size of the unit history
responses (G), which grows with the transient gain of the direct form
(1e3 for butter(6, 0.1); SciPy's own float32 results are off by more than
that costs). Where G is past 1e7 or M does not decay over a block (an
unstable or numerically hopeless direct form, e.g. butter(8, 0.02) in
(b, a) form, which SciPy itself filters to NaN in float32), the recurrence
runs sample by sample instead: one small product per sample, vectorized
over the batch only, slow (a kernel launch or two per sample) but SciPy's
order of operations."""
import functools

import numpy

from gpuarray.scipy.signal import _array_ops as xp

__all__ = ["recursive_filter", "block_length"]


_MAX_BLOCK = 1024
_GROWTH_LIMIT = 1e7  # largest unit history response the block method accepts


def block_length(n, order):
    """L: the whole signal up to 1024 samples, else 1024 (at least the order)."""
    return max(min(n, _MAX_BLOCK), order, 1)


def _sequential(v, a, dtype):
    """The recursion sample by sample (vectorized over the batch)."""
    p = a.shape[0] - 1
    batch, n = v.shape
    y = xp.zeros((batch, n + p), dtype=dtype)
    reversed_a = xp.asarray(a[1:][::-1].astype(dtype))
    for i in range(n):
        y[:, p + i] = v[:, i] - xp.matmul(y[:, i:i + p], reversed_a)
    return y[:, p:]


def _unit_responses(a, length):
    """(h, G) of the recurrence with coefficients a (a[0] = 1), `length` samples:
    h the impulse response, by the recurrence itself on the host in float64
    (complex128 for complex a); G[:, k] the response to y[-1-k] = 1, which is
    h convolved with the forcing -a[k+1:] that history puts on the first
    p - k outputs."""
    p = a.shape[0] - 1
    dtype = numpy.result_type(a.dtype, numpy.float64)
    h = numpy.zeros(p + length, dtype=dtype)
    h[p] = 1.0
    reversed_a = a[1:][::-1].astype(dtype)
    for n in range(1, length):
        h[p + n] = -(h[n:n + p] @ reversed_a)
    h = h[p:]
    g = numpy.empty((length, p), dtype=dtype)
    for k in range(p):
        g[:, k] = numpy.convolve(h, -a[k + 1:].astype(dtype))[:length]
    return h, g


@functools.lru_cache(maxsize=64)
def _tables(a_bytes, a_dtype, length):
    """(h, G, T) for the coefficients given as bytes (cached: filtfilt and
    sosfilt run the same sections many times)."""
    a = numpy.frombuffer(a_bytes, dtype=a_dtype)
    h, g = _unit_responses(a, length)
    index = numpy.arange(length)
    lag = index[:, None] - index[None, :]
    toeplitz = numpy.where(lag >= 0, h[numpy.clip(lag, 0, None)], 0.0)
    return h, g, toeplitz


def recursive_filter(v, a, dtype):
    """The recursion applied to v (device, shape (batch, N)) with host
    coefficients a (a[0] = 1, length p + 1), zero history, in `dtype`."""
    p = a.shape[0] - 1
    batch, n = v.shape
    if p == 0 or n == 0:
        return v
    length = block_length(n, p)
    blocks = -(-n // length)
    a = numpy.ascontiguousarray(a)
    h, g, toeplitz = _tables(a.tobytes(), a.dtype.str, length)
    transition = g[length - p:][::-1]  # M[r, k]: output length-1-r after unit history k
    if not numpy.all(numpy.isfinite(g)) or numpy.abs(g).max() > _GROWTH_LIMIT or (
            blocks > 1 and numpy.abs(transition).max() >= 1.0):
        return _sequential(v, a, dtype)
    padded = v if blocks * length == n else xp.pad(v, [(0, 0), (0, blocks * length - n)])
    segments = padded.reshape(batch, blocks, length)
    zero_state = xp.matmul(segments, xp.asarray(toeplitz.T.astype(dtype)))
    if blocks > 1:
        # u_j: the last p outputs of block j, newest first (the history of block j + 1)
        tails = zero_state[:, :, length - p:][:, :, ::-1]
        carried = xp.copy(tails)
        power = transition
        shift = 1
        while shift < blocks:
            step = xp.matmul(carried[:, :blocks - shift], xp.asarray(power.T.astype(dtype)))
            carried = xp.concatenate([carried[:, :shift], carried[:, shift:] + step], axis=1)
            power = power @ power
            shift *= 2
        history = xp.concatenate([xp.zeros((batch, 1, p), dtype=dtype), carried[:, :blocks - 1]], axis=1)
        zero_state = zero_state + xp.matmul(history, xp.asarray(g.T.astype(dtype)))
    return zero_state.reshape(batch, blocks * length)[:, :n]
