# SPDX-License-Identifier: BSD-3-Clause
"""scipy.stats on the GPU: descriptive statistics, correlations, tests and
kernel density estimates with SciPy's signatures, results and errors.

Statistics are computed on the device from gpuarray's array operations and
stay there; the p-values of the tests are SciPy's distribution functions
evaluated on the host from the device statistics (``_host_distributions``),
since gpuarray.scipy.special does not exist yet. docs/scipy_stats.md lists
what is here and what is left out."""
from gpuarray.scipy.stats._binned_statistic import binned_statistic, binned_statistic_2d, binned_statistic_dd
from gpuarray.scipy.stats._correlation import linregress, pearsonr, spearmanr
from gpuarray.scipy.stats._entropy import differential_entropy, entropy
from gpuarray.scipy.stats._kde import gaussian_kde
from gpuarray.scipy.stats._kendall import kendalltau
from gpuarray.scipy.stats._ks_tests import ks_1samp, ks_2samp
from gpuarray.scipy.stats._moments import describe, kurtosis, moment, sem, skew
from gpuarray.scipy.stats._order_statistics import iqr, mode, percentileofscore
from gpuarray.scipy.stats._power_means import gmean, hmean, pmean
from gpuarray.scipy.stats._power_transforms import boxcox_llf, yeojohnson_llf
from gpuarray.scipy.stats._ranking import rankdata
from gpuarray.scipy.stats._standardize import zmap, zscore
from gpuarray.scipy.stats._trimming import trim_mean, trimboth
from gpuarray.scipy.stats._ttests import ttest_1samp, ttest_ind, ttest_rel
from gpuarray.scipy.stats._warnings import (
    ConstantInputWarning, DegenerateDataWarning, NearConstantInputWarning, SmallSampleWarning,
)

__all__ = [
    # descriptive statistics
    "describe", "gmean", "hmean", "pmean", "iqr", "kurtosis", "mode", "moment", "sem", "skew", "trim_mean",
    "trimboth", "zmap", "zscore", "rankdata", "percentileofscore", "entropy", "differential_entropy",
    "boxcox_llf", "yeojohnson_llf",
    # correlation and regression
    "pearsonr", "spearmanr", "kendalltau", "linregress",
    # tests
    "ttest_1samp", "ttest_ind", "ttest_rel", "ks_1samp", "ks_2samp",
    # binned statistics and density estimation
    "binned_statistic", "binned_statistic_2d", "binned_statistic_dd", "gaussian_kde",
    # warnings (the result types are reached through the results, as in SciPy)
    "ConstantInputWarning", "DegenerateDataWarning", "NearConstantInputWarning", "SmallSampleWarning",
]
