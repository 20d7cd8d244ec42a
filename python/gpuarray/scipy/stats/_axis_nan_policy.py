# SPDX-License-Identifier: BSD-3-Clause
"""SciPy's rules for the statistics that reduce samples along an axis:
`axis` (an int, a tuple or None), `nan_policy` and `keepdims`, the samples'
broadcasting, and the NaN results of samples that are too small.

`reduce_along_axis` takes a *core*: a function of the samples with the
reduced axis last (merged into one when `axis` is a tuple or None) that
contain no NaN to leave out, returning one array per output of the batch
shape. It then does what SciPy's decorator does around its functions:

- the samples are broadcast against each other except along the axis
  (paired samples, such as ttest_rel's, in every dimension), the axes are
  moved last and merged; axis=None ravels each sample;
- ``nan_policy='raise'`` raises ValueError if a sample holds a NaN;
- ``'propagate'``: the outputs of a slice that holds a NaN are NaN;
- ``'omit'``: NaNs are left out slice by slice (a pair as a whole for
  paired samples). The slices are compacted on the device (a stable sort
  moves the NaNs last), grouped on the host by how many elements each
  keeps, and the core runs once per group on dense rows of that length;
- a sample whose length is at most the statistic's `too_small` gives NaN
  outputs, with SciPy's SmallSampleWarning where SciPy warns;
- ``keepdims=True`` puts the reduced axes back with length 1.

Finding out whether there is a NaN reads one boolean from the device."""
import math
import warnings

import numpy
from numpy.exceptions import AxisError

from gpuarray.scipy.stats import _array_ops as xp
from gpuarray.scipy.stats._warnings import (
    SmallSampleWarning, TOO_SMALL_1D, TOO_SMALL_1D_OMIT, TOO_SMALL_ND, TOO_SMALL_ND_OMIT,
)

__all__ = ["check_nan_policy", "device_array", "float_dtype", "normalize_axes", "move_axes_last",
           "reduce_along_axis", "quiet", "contains_nan", "nan_result"]

NAN_POLICY_MESSAGE = "nan_policy must be one of {'propagate', 'omit', 'raise'}."
_AXIS_TYPE_MESSAGE = "`axis` must be an integer, a tuple of integers, or `None`."


def check_nan_policy(nan_policy):
    """Raises SciPy's ValueError for a `nan_policy` that is not one of the three."""
    if nan_policy not in ("propagate", "omit", "raise"):
        raise ValueError(NAN_POLICY_MESSAGE)


def device_array(a):
    """`a` as a device array: device arrays as they are, anything else uploaded."""
    return a if isinstance(a, xp.ndarray) else xp.asarray(a)


def float_dtype(*dtypes):
    """The floating dtype SciPy computes in for these dtypes: their promotion,
    float64 where that is an integer or bool (SciPy's ``force_floating``)."""
    dtype = numpy.result_type(*dtypes)
    return dtype if dtype.kind in "fc" else numpy.dtype(numpy.float64)


class quiet:
    """A context in which NumPy's floating-point and empty-slice warnings are
    silenced, where SciPy computes in ``numpy.errstate(all='ignore')`` or
    returns NaN without a word. Other warnings (SciPy's own) pass."""

    _MESSAGES = ("Mean of empty slice", "Degrees of freedom <= 0", "invalid value encountered",
                 "divide by zero encountered", "overflow encountered", "All-NaN slice", "underflow encountered")

    def __enter__(self):
        self._warnings = warnings.catch_warnings()
        self._warnings.__enter__()
        for message in self._MESSAGES:
            warnings.filterwarnings("ignore", message=message, category=RuntimeWarning)
        self._errstate = numpy.errstate(all="ignore")
        self._errstate.__enter__()
        return self

    def __exit__(self, *exc):
        self._errstate.__exit__(*exc)
        return self._warnings.__exit__(*exc)


def contains_nan(a):
    """Whether the device array `a` holds a NaN (False for integer and empty arrays;
    one boolean read back otherwise)."""
    if a.dtype.kind not in "fc" or a.size == 0:
        return False
    return bool(xp.any(xp.isnan(a)))


def nan_result(shape, dtype):
    """A device array of `shape` full of NaN."""
    return xp.full(shape, xp.nan, dtype=dtype)


def normalize_axes(axis, ndim):
    """`axis` (an int, a sequence of ints, integral floats accepted as SciPy does) as a
    sorted tuple of non-negative axes of an array of `ndim` dimensions, with SciPy's
    AxisErrors."""
    axes = numpy.atleast_1d(numpy.asarray(axis, dtype=object if isinstance(axis, str) else None))
    try:
        with numpy.errstate(invalid="ignore"):
            as_int = axes.astype(int)
    except (ValueError, TypeError) as e:
        raise AxisError(_AXIS_TYPE_MESSAGE) from e
    if axes.dtype.kind not in "iufb" or not numpy.array_equal(as_int, axes):
        raise AxisError(_AXIS_TYPE_MESSAGE)
    as_int = numpy.where(as_int < 0, as_int + ndim, as_int)
    if as_int.size == 0 or as_int.max() >= ndim or as_int.min() < 0:
        raise AxisError(f"`axis` is out of bounds for array of dimension {ndim}")
    if len(numpy.unique(as_int)) != len(as_int):
        raise AxisError("`axis` must contain only distinct elements")
    return tuple(sorted(int(ax) for ax in as_int))


def _broadcast_except(shapes, axes):
    """Each shape broadcast against the others in every dimension but `axes`
    (SciPy's rule: the axes' lengths are the samples' own)."""
    kept = [[s for d, s in enumerate(shape) if d not in axes] for shape in shapes]
    target = []
    for column in zip(*kept):
        size = max(column) if all(column) else 0
        if any(s != 1 and s != size for s in column):
            raise ValueError("Array shapes are incompatible for broadcasting.")
        target.append(size)
    out = []
    for shape in shapes:
        sizes = iter(target)
        out.append(tuple(s if d in axes else next(sizes) for d, s in enumerate(shape)))
    return out


def move_axes_last(samples, axis, paired=False):
    """(samples with the reduced axes last and merged into one, the reduced axes
    for keepdims). Samples are device arrays of at least one dimension."""
    if axis is None:
        ndim = max(s.ndim for s in samples)
        return [xp.reshape(s, (-1,)) for s in samples], tuple(range(ndim))
    ndim = max(s.ndim for s in samples)
    samples = [xp.reshape(s, (1,) * (ndim - s.ndim) + s.shape) for s in samples]
    axes = normalize_axes(axis, ndim)
    if paired:
        try:
            shape = numpy.broadcast_shapes(*(s.shape for s in samples))
        except ValueError as e:
            raise ValueError("Array shapes are incompatible for broadcasting.") from e
        shapes = [shape] * len(samples)
    else:
        shapes = _broadcast_except([s.shape for s in samples], axes)
    moved = []
    last = tuple(range(ndim - len(axes), ndim))
    for s, shape in zip(samples, shapes):
        s = xp.moveaxis(xp.broadcast_to(s, shape), axes, last)
        moved.append(xp.reshape(s, s.shape[:ndim - len(axes)] + (math.prod(s.shape[ndim - len(axes):]),)))
    return moved, axes


def _is_too_small(lengths, too_small):
    if callable(too_small):
        return too_small(lengths)
    return any(n <= too_small for n in lengths)


def _keep_dims(outputs, axes, keepdims):
    return tuple(xp.expand_dims(o, axes) if keepdims else o for o in outputs)


def reduce_along_axis(core, samples, *, axis, nan_policy="propagate", keepdims=False, paired=False, too_small=0,
                      n_outputs=1, propagate_nan=True, core_checks_size=False):
    """The outputs of `core` over `samples` reduced along `axis`, under SciPy's rules
    (module docstring). `too_small` is the largest sample length that is too small,
    or a function of the tuple of lengths saying whether they are. With
    ``propagate_nan=False`` the core sees NaNs under 'propagate' and decides (mode
    and iqr count NaN as a value, as SciPy does). With ``core_checks_size`` a
    multidimensional sample without NaNs that is too small goes to the core anyway,
    which raises (SciPy calls its function there; differential_entropy raises).
    Returns a tuple of device arrays."""
    check_nan_policy(nan_policy)
    samples = [device_array(s) for s in samples]
    samples = [xp.reshape(s, (1,)) if s.ndim == 0 else s for s in samples]
    samples, axes = move_axes_last(samples, axis, paired)
    if paired and len({s.shape for s in samples}) > 1:  # axis=None ravels each sample: sizes must agree
        raise ValueError("Array shapes are incompatible for broadcasting.")
    batch = samples[0].shape[:-1]
    nan_dtype = float_dtype(*(s.dtype for s in samples))
    scalar = len(batch) == 0
    lengths = tuple(s.shape[-1] for s in samples)

    def nans():
        return tuple(nan_result(batch, nan_dtype) for _ in range(n_outputs))

    if not scalar and any(s.size == 0 for s in samples):
        small = _is_too_small(lengths, too_small)
        if small or math.prod(batch) == 0:
            if small and math.prod(batch) != 0:
                warnings.warn(TOO_SMALL_ND, SmallSampleWarning, stacklevel=3)
            return _keep_dims(nans(), axes, keepdims)

    has_nan = [contains_nan(s) for s in samples]
    if nan_policy == "raise" and any(has_nan):
        raise ValueError("The input contains nan values")

    if nan_policy == "omit" and any(has_nan):
        outputs = _omit_nans(core, samples, paired, too_small, n_outputs, nan_dtype, scalar)
        return _keep_dims(outputs, axes, keepdims)

    if any(has_nan) and propagate_nan and scalar:
        return _keep_dims(nans(), axes, keepdims)
    if _is_too_small(lengths, too_small) and (scalar or not core_checks_size or any(has_nan)):
        if scalar:
            warnings.warn(TOO_SMALL_1D, SmallSampleWarning, stacklevel=3)
        return _keep_dims(nans(), axes, keepdims)
    with quiet():
        outputs = tuple(core(*samples))
    if any(has_nan) and propagate_nan:
        row_nan = None
        for s, h in zip(samples, has_nan):
            if h:
                here = xp.any(xp.isnan(s), axis=-1)
                row_nan = here if row_nan is None else xp.logical_or(row_nan, here)
        outputs = tuple(xp.where(row_nan, xp.nan, o) if o.dtype.kind in "fc"
                        else xp.where(row_nan, xp.nan, o.astype(nan_dtype)) for o in outputs)
    return _keep_dims(outputs, axes, keepdims)


def _omit_nans(core, samples, paired, too_small, n_outputs, nan_dtype, scalar):
    """The outputs with NaNs left out of each slice: slices compacted (NaNs last by a
    stable sort of the NaN flags), grouped by the lengths they keep, one core call a group."""
    batch = samples[0].shape[:-1]
    rows = math.prod(batch)
    flat = [xp.reshape(s, (rows, s.shape[-1])) for s in samples]
    missing = [xp.isnan(s) if s.dtype.kind in "fc" else None for s in flat]
    if paired:
        joint = None
        for m in missing:
            if m is not None:
                joint = m if joint is None else xp.logical_or(joint, m)
        missing = [joint] * len(flat)
    compact, counts = [], []
    for s, m in zip(flat, missing):
        if m is None:
            compact.append(s)
            counts.append(numpy.full(rows, s.shape[-1]))
            continue
        order = xp.argsort(m.astype(numpy.int8), axis=-1, kind="stable")
        compact.append(xp.take_along_axis(s, order, axis=-1))
        counts.append(xp.asnumpy(xp.count_nonzero(xp.logical_not(m), axis=-1)).reshape(rows))
    keys = numpy.stack(counts, axis=1)
    groups, which = numpy.unique(keys, axis=0, return_inverse=True)
    which = which.reshape(rows)
    pieces = []  # (row indices on the host, outputs or None where too small)
    warned = False
    for g, lengths in enumerate(groups):
        index = numpy.flatnonzero(which == g)
        lengths = tuple(int(n) for n in lengths)
        if _is_too_small(lengths, too_small):
            if not warned:
                warnings.warn(TOO_SMALL_1D_OMIT if scalar else TOO_SMALL_ND_OMIT, SmallSampleWarning,
                              stacklevel=4)
                warned = True
            pieces.append((index, None))
            continue
        device_index = xp.asarray(index)
        dense = [xp.take(c, device_index, axis=0)[:, :n] for c, n in zip(compact, lengths)]
        with quiet():
            pieces.append((index, tuple(core(*dense))))
    computed = [p for _, p in pieces if p is not None]
    outputs = []
    for k in range(n_outputs):
        dtypes = [p[k].dtype for p in computed]
        if len(computed) < len(pieces):
            dtypes.append(nan_dtype)
        dtype = numpy.result_type(*dtypes) if dtypes else nan_dtype
        if dtype.kind not in "fc" and len(computed) < len(pieces):
            dtype = numpy.dtype(numpy.float64)
        out = xp.full((rows,), xp.nan if dtype.kind in "fc" else 0, dtype=dtype)
        for index, values in pieces:
            if values is not None:
                out[xp.asarray(index)] = values[k]
        outputs.append(xp.reshape(out, batch))
    return tuple(outputs)
