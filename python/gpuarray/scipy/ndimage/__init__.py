# SPDX-License-Identifier: BSD-3-Clause
"""scipy.ndimage on the GPU: filters, interpolation, measurements and
morphology of N-D images with SciPy's boundary modes, dtypes and errors.
docs/scipy_ndimage.md lists what is here and how each part computes."""
from gpuarray.scipy.ndimage._binary_morphology import (
    binary_closing, binary_dilation, binary_erosion, binary_fill_holes, binary_hit_or_miss, binary_opening,
    binary_propagation, generate_binary_structure, iterate_structure,
)
from gpuarray.scipy.ndimage._correlate import convolve, convolve1d, correlate, correlate1d
from gpuarray.scipy.ndimage._distance import (
    distance_transform_bf, distance_transform_cdt, distance_transform_edt,
)
from gpuarray.scipy.ndimage._fourier import fourier_ellipsoid, fourier_gaussian, fourier_shift, fourier_uniform
from gpuarray.scipy.ndimage._geometric import (
    affine_transform, geometric_transform, map_coordinates, rotate, shift, zoom,
)
from gpuarray.scipy.ndimage._derivatives import (
    gaussian_gradient_magnitude, gaussian_laplace, generic_gradient_magnitude, generic_laplace, laplace, prewitt,
    sobel,
)
from gpuarray.scipy.ndimage._grey_morphology import (
    black_tophat, grey_closing, grey_dilation, grey_erosion, grey_opening, morphological_gradient,
    morphological_laplace, white_tophat,
)
from gpuarray.scipy.ndimage._labeling import find_objects, label, value_indices
from gpuarray.scipy.ndimage._measurements import (
    histogram, labeled_comprehension, mean, median, standard_deviation, sum, sum_labels, variance,
)
from gpuarray.scipy.ndimage._region_extrema import (
    center_of_mass, extrema, maximum, maximum_position, minimum, minimum_position,
)
from gpuarray.scipy.ndimage._rank import (
    maximum_filter, maximum_filter1d, median_filter, minimum_filter, minimum_filter1d, percentile_filter,
    rank_filter,
)
from gpuarray.scipy.ndimage._splines import spline_filter, spline_filter1d
from gpuarray.scipy.ndimage._smoothing import gaussian_filter, gaussian_filter1d, uniform_filter, uniform_filter1d
from gpuarray.scipy.ndimage._vectorized_filter import vectorized_filter

__all__ = [
    # filters
    "correlate1d", "convolve1d", "correlate", "convolve", "uniform_filter1d", "uniform_filter", "gaussian_filter1d",
    "gaussian_filter", "prewitt", "sobel", "laplace", "generic_laplace", "generic_gradient_magnitude",
    "gaussian_laplace", "gaussian_gradient_magnitude", "minimum_filter1d", "maximum_filter1d", "minimum_filter",
    "maximum_filter", "rank_filter", "median_filter", "percentile_filter", "vectorized_filter",
    # interpolation
    "spline_filter1d", "spline_filter", "map_coordinates", "affine_transform", "shift", "zoom", "rotate",
    "geometric_transform",
    # measurements
    "sum_labels", "sum", "mean", "variance", "standard_deviation", "minimum", "maximum", "median", "extrema",
    "minimum_position", "maximum_position", "center_of_mass", "histogram", "labeled_comprehension", "label",
    "find_objects", "value_indices",
    # morphology
    "generate_binary_structure", "iterate_structure", "binary_erosion", "binary_dilation", "binary_opening",
    "binary_closing", "binary_hit_or_miss", "binary_propagation", "binary_fill_holes", "grey_erosion",
    "grey_dilation", "grey_opening", "grey_closing", "morphological_gradient", "morphological_laplace",
    "white_tophat", "black_tophat", "distance_transform_edt", "distance_transform_bf", "distance_transform_cdt",
    # Fourier filters
    "fourier_gaussian", "fourier_uniform", "fourier_ellipsoid", "fourier_shift",
]
