# SPDX-License-Identifier: BSD-3-Clause
"""The matrix library: numpy.matrix, asmatrix and bmat over device arrays."""
