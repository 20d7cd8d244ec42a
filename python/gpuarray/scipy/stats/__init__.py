# SPDX-License-Identifier: BSD-3-Clause
"""scipy.stats on the GPU: descriptive statistics, correlations, tests and
kernel density estimates with SciPy's signatures, results and errors.

Statistics are computed on the device from gpuarray's array operations and
stay there; the p-values of the tests are SciPy's distribution functions
evaluated on the host from the device statistics (``_host_distributions``),
since gpuarray.scipy.special does not exist yet. docs/scipy_stats.md lists
what is here and what is left out."""
from gpuarray.scipy.stats._order_statistics import iqr, mode, percentileofscore
from gpuarray.scipy.stats._moments import describe, kurtosis, moment, sem, skew
from gpuarray.scipy.stats._power_means import gmean, hmean, pmean
from gpuarray.scipy.stats._ranking import rankdata
from gpuarray.scipy.stats._standardize import zmap, zscore
from gpuarray.scipy.stats._trimming import trim_mean, trimboth
from gpuarray.scipy.stats._warnings import (
    ConstantInputWarning, DegenerateDataWarning, NearConstantInputWarning, SmallSampleWarning,
)

__all__ = [
    "describe", "kurtosis", "moment", "sem", "skew", "gmean", "hmean", "pmean", "zmap", "zscore",
    "iqr", "mode", "percentileofscore", "rankdata", "trim_mean", "trimboth",
    "ConstantInputWarning", "DegenerateDataWarning", "NearConstantInputWarning", "SmallSampleWarning",
]
