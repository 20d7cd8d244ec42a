# SPDX-License-Identifier: BSD-3-Clause
"""Statistics (NumPy's reference: "Statistics"): average, cov, corrcoef and
trace (`averages`); order statistics over sorted rows (`sorted_rows`): median
(`medians`), percentile and quantile (`quantiles`) and their nan-variants
(`nan_quantiles`); histograms."""
