# SPDX-License-Identifier: BSD-3-Clause
"""Inputs and comparisons shared by the gpuarray.scipy.linalg tests: seeded
matrices of every LAPACK dtype (and the dtypes SciPy converts), the
tolerance per dtype, and checks against SciPy on the host."""
import numpy
import pytest
import scipy

import gpuarray as xp

# Note [SciPy 1.18 is the reference]: gpuarray.scipy.linalg follows SciPy 1.18
# (the GPU machines' version) where 1.17 differs: error texts of the batched
# routines, qr's modes and lwork, lstsq's residues, empty fiedler matrices.
# A test of such a difference runs against SciPy 1.18 or later only.
SCIPY_1_18 = tuple(int(p) for p in scipy.__version__.split(".")[:2]) >= (1, 18)


def since_scipy_1_18(what):
    """Marks a test (or a parameter) that compares with a SciPy 1.18 behaviour."""
    return pytest.mark.skipif(not SCIPY_1_18, reason=f"gpuarray follows SciPy 1.18 in {what}; this host has "
                                                     f"SciPy {scipy.__version__}")

LAPACK_DTYPES = [numpy.float32, numpy.float64, numpy.complex64, numpy.complex128]
# SciPy converts these: small integers and float16 to float32, wider integers to float64.
CONVERTED_DTYPES = [numpy.int8, numpy.int64, numpy.float16, numpy.bool_]
gpu = pytest.mark.gpu


def host(x):
    """A device result (or a tuple of them) as NumPy arrays."""
    if isinstance(x, (tuple, list)):
        return type(x)(host(v) for v in x) if not hasattr(x, "_fields") else type(x)(*[host(v) for v in x])
    return x.get() if hasattr(x, "get") else x


def tolerance(dtype):
    """Relative tolerance for a result computed in `dtype`'s LAPACK precision."""
    single = numpy.dtype(dtype) in (numpy.dtype(numpy.float32), numpy.dtype(numpy.complex64),
                                    numpy.dtype(numpy.float16), numpy.dtype(numpy.int8), numpy.dtype(numpy.bool_))
    return 2e-4 if single else 1e-10


def draw(shape, dtype, seed=0, scale=1.0):
    """Seeded random values of `dtype` (integers as small whole numbers)."""
    rng = numpy.random.default_rng(seed)
    x = rng.standard_normal(shape) * scale
    kind = numpy.dtype(dtype).kind
    if kind == "c":
        x = x + 1j * rng.standard_normal(shape) * scale
    if kind in "iub":
        return (x * 3).astype(dtype)
    return x.astype(dtype)


def well_conditioned(shape, dtype, seed=0):
    """Square matrices with a dominant diagonal (nonsingular in every dtype)."""
    n = shape[-1]
    a = draw(shape, dtype, seed)
    if numpy.dtype(dtype).kind in "iub":  # whole numbers: a diagonal larger than each row's other entries
        return (numpy.where(numpy.eye(n, dtype=bool), 0, a) + (10 * n) * numpy.eye(n, dtype=numpy.int64)).astype(dtype)
    return (a + n * numpy.eye(n, dtype=dtype)).astype(dtype)


def hermitian_positive_definite(shape, dtype, seed=0):
    a = draw(shape, numpy.complex128 if numpy.dtype(dtype).kind == "c" else numpy.float64, seed)
    h = a @ numpy.swapaxes(a.conj(), -1, -2) + shape[-1] * numpy.eye(shape[-1])
    return h.astype(dtype) if numpy.dtype(dtype).kind in "fc" else numpy.rint(h).astype(dtype)


def hermitian(shape, dtype, seed=0):
    a = draw(shape, dtype, seed)
    return (a + numpy.swapaxes(a.conj(), -1, -2)).astype(dtype)


def assert_close(ours, reference, rtol, check_dtype=True):
    """Same shape (and dtype) and values within rtol of the reference's scale."""
    ours, reference = numpy.asarray(host(ours)), numpy.asarray(reference)
    assert ours.shape == reference.shape, (ours.shape, reference.shape)
    if check_dtype:
        assert ours.dtype == reference.dtype, (ours.dtype, reference.dtype)
    if reference.size:
        finite = numpy.isfinite(reference)
        scale = float(numpy.abs(reference[finite]).max()) if finite.any() else 1.0
        numpy.testing.assert_allclose(ours, reference, rtol=rtol, atol=rtol * max(scale, 1.0), equal_nan=True)


def raises_like(ours, theirs, prefix_only=False):
    """Both calls raise the same exception type with the same message (or the
    same message up to its first ':' with prefix_only)."""
    with pytest.raises(Exception) as expected:
        theirs()
    with pytest.raises(type(expected.value)) as got:
        ours()
    a, b = str(got.value), str(expected.value)
    if prefix_only:
        a, b = a.split(":")[0], b.split(":")[0]
    assert a == b
    return got.value


def device(a):
    return xp.asarray(a)
