# SPDX-License-Identifier: BSD-3-Clause
"""The sort keys (Note [Sort keys] in cpp/kernels/sort_keys.hpp), checked
without a GPU: the generated key kernels compile with NVRTC, and the same
kernels run on the host give keys whose unsigned order is NumPy's sort order
(NaNs last whatever their sign, -0.0 equal to +0.0, complex lexicographic with
NumPy's NaN groups), and the inverse gives the values back."""
import numpy as np
import pytest

from gpuarray import _core
from test_elementwise_codegen import compile_all, nvrtc_options, run_kernels_on_host  # noqa: F401 (a fixture)

REAL = [np.dtype(c) for c in "?bhilBHILefd"]
COMPLEX = [np.dtype("F"), np.dtype("D")]


def special_values(dtype, rng):
    """Many duplicates, and the extremes of the dtype (for floats: +-0, +-inf, NaNs of both signs)."""
    dtype = np.dtype(dtype)
    if dtype.kind == "b":
        return rng.integers(0, 2, 300).astype(bool)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        small = rng.integers(max(info.min, -5), min(info.max, 5), 300, endpoint=True).astype(dtype)
        return np.concatenate([small, np.array([info.min, info.max, info.min, 0, info.max], dtype)])
    real = dtype.type if dtype.kind == "f" else np.dtype(dtype.char.lower()).type
    finite = np.round(rng.standard_normal(300) * 3).astype(real)
    neg_nan = np.copysign(np.array(np.nan, real), real(-1))
    specials = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, neg_nan, np.nan, 0.0, -0.0, 1e-30, -1e-30,
                         np.finfo(real).max, np.finfo(real).min, np.finfo(real).tiny], real)
    values = np.concatenate([finite, specials, finite[:20]])
    rng.shuffle(values)
    if dtype.kind == "f":
        return values
    imag = values.copy()
    rng.shuffle(imag)
    out = np.empty(values.size, dtype)
    out.real, out.imag = values, imag  # both parts special, set apart (1j * inf is nan + infj)
    out.real[:3], out.imag[:3] = np.nan, [np.nan, -np.nan, np.nan]  # nan + nanj, whatever the shuffle gave
    return out


def bits(a):
    return a.view(np.dtype(f"u{a.dtype.itemsize}"))


def operand(a, out=False):
    return (a.shape, a.strides, a.dtype, a.ctypes.data, out)


def key_kernel(op, inputs, outputs):
    name, expression = op
    return _core._elementwise_kernel([operand(a) for a in inputs] + [operand(a, True) for a in outputs],
                                     name, expression)


@pytest.fixture(scope="module")
def host_keys(tmp_path_factory):
    """Per dtype: the values, their argsort keys, their plain keys and the values
    recovered from the plain keys, all computed by the generated kernels on the host."""
    rng = np.random.default_rng(7)
    kernels, results = [], {}
    for dt in REAL:
        values = special_values(dt, rng)
        u = bits(values)
        canonical, plain, back = np.zeros_like(u), np.zeros_like(u), np.zeros_like(values)
        kernels.append(key_kernel(_core._sort_key_op(dt, True), [u], [canonical]))
        kernels.append(key_kernel(_core._sort_key_op(dt, False), [u], [plain]))
        kernels.append(key_kernel(_core._sort_key_inverse_op(dt), [plain], [bits(back)]))
        results[dt] = (values, canonical, plain, back)
    for dt in COMPLEX:
        values = special_values(dt, rng)
        part = np.dtype(f"u{dt.itemsize // 2}")
        real, imag = values.view(part)[0::2], values.view(part)[1::2]
        cls, rk, ik = np.zeros(values.size, np.uint8), np.zeros(values.size, part), np.zeros(values.size, part)
        kernels.append(key_kernel(_core._complex_sort_keys_op(dt), [real, imag], [cls, rk, ik]))
        results[dt] = (values, cls, rk, ik)
    run_kernels_on_host(tmp_path_factory.mktemp("sort_keys"), kernels, "")
    return results, kernels


@pytest.mark.parametrize("dtype", REAL, ids=str)
def test_argsort_keys_order_as_numpy_stable_argsort(host_keys, dtype):
    values, canonical, _, _ = host_keys[0][dtype]
    np.testing.assert_array_equal(np.argsort(canonical, kind="stable"), np.argsort(values, kind="stable"))


@pytest.mark.parametrize("dtype", REAL, ids=str)
def test_plain_keys_sort_values_and_invert(host_keys, dtype):
    values, _, plain, back = host_keys[0][dtype]
    np.testing.assert_array_equal(back, values)  # NaNs compare equal whatever their payload
    if dtype.kind == "f":
        np.testing.assert_array_equal(np.signbit(back[~np.isnan(values)]), np.signbit(values[~np.isnan(values)]))
        nan_keys = plain[np.isnan(values)]
        assert (nan_keys == np.iinfo(plain.dtype).max).all()
    order = np.argsort(plain, kind="stable")
    np.testing.assert_array_equal(values[order], np.sort(values))


@pytest.mark.parametrize("dtype", COMPLEX, ids=str)
def test_complex_keys_order_as_numpy_stable_argsort(host_keys, dtype):
    values, cls, rk, ik = host_keys[0][dtype]
    assert {0, 1, 2, 3} <= set(cls.tolist())  # every NaN group is exercised
    np.testing.assert_array_equal(np.lexsort((ik, rk, cls)), np.argsort(values, kind="stable"))


def test_key_kernels_compile_with_nvrtc(host_keys, nvrtc_options):
    compile_all([k["source"] for k in host_keys[1]], nvrtc_options)


def test_key_ops_refuse_complex():
    with pytest.raises(ValueError, match="three keys"):
        _core._sort_key_op(np.complex64, False)
    with pytest.raises(ValueError, match="not complex"):
        _core._complex_sort_keys_op(np.float32)
