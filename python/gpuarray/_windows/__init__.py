# SPDX-License-Identifier: BSD-3-Clause
"""Window functions (NumPy's reference: "Window functions"): bartlett, blackman,
hamming, hanning, kaiser."""
