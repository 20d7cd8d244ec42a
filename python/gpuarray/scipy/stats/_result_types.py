# SPDX-License-Identifier: BSD-3-Clause
"""The result classes of scipy.stats, with SciPy's names and fields.

SciPy returns tuples whose fields have names (``res.statistic``,
``res[0]``), some of them with further attributes that are not part of the
tuple (``TtestResult.df``, ``KstestResult.statistic_location``): a result
unpacks to the same number of values as SciPy's (``t, p = ttest_1samp(...)``)
and has the same attributes. The values are device arrays (0-d where SciPy
gives a scalar). The classes with methods (confidence intervals) are in
the modules of their tests."""
from collections import namedtuple

__all__ = ["ConfidenceInterval", "DescribeResult", "ModeResult", "SignificanceResult", "LinregressResult",
           "KstestResult", "BinnedStatisticResult", "BinnedStatistic2dResult", "BinnedStatisticddResult",
           "tuple_with_attributes"]


def tuple_with_attributes(name, fields, attributes, module=__name__):
    """A namedtuple class `name` of `fields` whose instances also carry `attributes`
    (keyword-only when made, read-only, left out of the tuple, shown by repr)."""
    base = namedtuple(name, fields)

    def __new__(cls, *args, **kwargs):
        extra = {key: kwargs.pop(key) for key in attributes if key in kwargs}
        missing = [key for key in attributes if key not in extra]
        if missing:
            raise TypeError(f"{name}() missing keyword argument {missing[0]!r}")
        self = base.__new__(cls, *args, **kwargs)
        for key, value in extra.items():
            object.__setattr__(self, key, value)
        return self

    def __setattr__(self, key, value):
        if key in fields or key in attributes:
            raise AttributeError(f"can't set attribute {key!r} of class {name!r}")
        object.__setattr__(self, key, value)

    def __repr__(self):
        items = [f"{key}={getattr(self, key)!r}" for key in fields + tuple(attributes)]
        return f"{name}({', '.join(items)})"

    def __reduce__(self):
        return _rebuild, (type(self), tuple(self), {key: getattr(self, key) for key in attributes})

    namespace = {"__new__": __new__, "__setattr__": __setattr__, "__repr__": __repr__, "__reduce__": __reduce__,
                 "_extra_fields": tuple(attributes), "__module__": module}
    return type(name, (base,), namespace)


def _rebuild(cls, values, attributes):
    """Unpickles a tuple_with_attributes instance."""
    return cls(*values, **attributes)


ConfidenceInterval = namedtuple("ConfidenceInterval", ["low", "high"])
DescribeResult = namedtuple("DescribeResult", ("nobs", "minmax", "mean", "variance", "skewness", "kurtosis"))
ModeResult = namedtuple("ModeResult", ("mode", "count"))
SignificanceResult = tuple_with_attributes("SignificanceResult", ("statistic", "pvalue"), ())
LinregressResult = tuple_with_attributes("LinregressResult", ("slope", "intercept", "rvalue", "pvalue", "stderr"),
                                         ("intercept_stderr",))
KstestResult = tuple_with_attributes("KstestResult", ("statistic", "pvalue"),
                                     ("statistic_location", "statistic_sign"))
BinnedStatisticResult = namedtuple("BinnedStatisticResult", ("statistic", "bin_edges", "binnumber"))
BinnedStatistic2dResult = namedtuple("BinnedStatistic2dResult", ("statistic", "x_edge", "y_edge", "binnumber"))
BinnedStatisticddResult = namedtuple("BinnedStatisticddResult", ("statistic", "bin_edges", "binnumber"))
