# SPDX-License-Identifier: BSD-3-Clause
"""What the ndimage tests share besides the fixtures: SciPy's mode names and
the comparison with SciPy's results."""
import numpy as np


def assert_matches(actual, expected, rtol=1e-10, atol=1e-10, check_dtype=True):
    """actual (a device or host result) equals SciPy's `expected`: same shape and
    dtype; floats within rtol/atol, integers within one unit (SciPy's own float
    sums truncate, so a result a rounding error off an integer may differ by one)."""
    expected, actual = np.asarray(expected), np.asarray(actual)
    assert actual.shape == expected.shape, (actual.shape, expected.shape)
    if check_dtype:
        assert actual.dtype == expected.dtype, (actual.dtype, expected.dtype)
    if expected.dtype.kind in "fc":
        scale = rtol * max(1.0, float(np.max(np.abs(expected)))) if expected.size else 0
        np.testing.assert_allclose(actual, expected, rtol=rtol, atol=atol + scale)
    elif expected.dtype.kind in "iu":
        assert np.max(np.abs(actual.astype(np.int64) - expected.astype(np.int64)), initial=0) <= 1
    else:
        np.testing.assert_array_equal(actual, expected)


MODES = ["reflect", "constant", "nearest", "mirror", "wrap", "grid-wrap", "grid-constant", "grid-mirror"]


def compare(backend, ours, theirs, *args, rtol=1e-10, atol=1e-10, check_dtype=True, **kwargs):
    """Run SciPy's `theirs` on host arrays and `ours` on the backend's arrays with
    the same arguments (array arguments are the numpy.ndarray ones): the same
    exception type, or matching results."""
    put_args = [backend.put(a) if isinstance(a, np.ndarray) else a for a in args]
    try:
        expected = theirs(*args, **kwargs)
    except Exception as error:  # SciPy's refusal is the specification
        import pytest
        with pytest.raises(type(error)):
            ours(*put_args, **kwargs)
        return None
    actual = backend.get(ours(*put_args, **kwargs))
    assert_matches(actual, expected, rtol=rtol, atol=atol, check_dtype=check_dtype)
    return actual
