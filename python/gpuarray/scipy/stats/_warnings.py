# SPDX-License-Identifier: BSD-3-Clause
"""The warning classes of scipy.stats that these functions emit, with SciPy's
names, bases and messages (defined here: SciPy is needed only for p-values,
and importing scipy.stats to reach its classes would cost a second of import
time). Filters on RuntimeWarning catch them all, as with SciPy's."""
from gpuarray._base.signatures import EXCEPTION_SIGNATURE

__all__ = ["DegenerateDataWarning", "ConstantInputWarning", "NearConstantInputWarning", "SmallSampleWarning"]


class DegenerateDataWarning(RuntimeWarning):
    """Warns when the data are degenerate and the result may not be what was expected.

    Parameters
    ----------
    msg : str, optional
        The message; SciPy's default when None.

    See Also
    --------
    ConstantInputWarning, NearConstantInputWarning

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> issubclass(stats.DegenerateDataWarning, RuntimeWarning)
    True
    """

    def __init__(self, msg=None):
        if msg is None:
            msg = ("Degenerate data encountered; results may not be reliable.")
        self.args = (msg,)


class ConstantInputWarning(DegenerateDataWarning):
    """Warns when every element of an input is the same value.

    Parameters
    ----------
    msg : str, optional
        The message; SciPy's default when None.

    See Also
    --------
    DegenerateDataWarning, NearConstantInputWarning

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> issubclass(stats.ConstantInputWarning, stats.DegenerateDataWarning)
    True
    """

    def __init__(self, msg=None):
        if msg is None:
            msg = ("All values in data are exactly equal; results may not be reliable.")
        self.args = (msg,)


class NearConstantInputWarning(DegenerateDataWarning):
    """Warns when the elements of an input are nearly the same value.

    Parameters
    ----------
    msg : str, optional
        The message; SciPy's default when None.

    See Also
    --------
    DegenerateDataWarning, ConstantInputWarning

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> issubclass(stats.NearConstantInputWarning, stats.DegenerateDataWarning)
    True
    """

    def __init__(self, msg=None):
        if msg is None:
            msg = ("All values in data are nearly equal; results may not be reliable.")
        self.args = (msg,)


class SmallSampleWarning(RuntimeWarning):
    """Warns when a sample is too small for the statistic: the result is NaN there.

    See Also
    --------
    DegenerateDataWarning

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> issubclass(stats.SmallSampleWarning, RuntimeWarning)
    True
    """

    __signature__ = EXCEPTION_SIGNATURE  # inspect cannot read BaseException's C __init__


# SciPy's texts, word for word: filters and tests match on them.
TOO_SMALL_1D = ("One or more sample arguments is too small; all returned values will be NaN. "
                "See documentation for sample size requirements.")
TOO_SMALL_1D_OMIT = ("After omitting NaNs, one or more sample arguments is too small; all returned values "
                     "will be NaN. See documentation for sample size requirements.")
TOO_SMALL_ND = ("All axis-slices of one or more sample arguments are too small; all elements of returned "
                "arrays will be NaN. See documentation for sample size requirements.")
TOO_SMALL_ND_OMIT = ("After omitting NaNs, one or more axis-slices of one or more sample arguments is too "
                     "small; corresponding elements of returned arrays will be NaN. See documentation for "
                     "sample size requirements.")
