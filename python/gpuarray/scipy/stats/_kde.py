# SPDX-License-Identifier: BSD-3-Clause
"""gaussian_kde: kernel density estimation with Gaussian kernels, with
scipy.stats' constructor, bandwidth rules and evaluation methods.

The dataset, the weights and the estimates live on the device. The kernel
covariance is the data's weighted covariance (a device reduction, d x d)
times the squared bandwidth factor; its Cholesky factor L is computed on
the host (d is small). Evaluating at m points sums n kernels for each, in
blocks of points and data of about 2**24 pairs: both sets are whitened by
``L^-1`` after subtracting the data's mean (the same differences as SciPy's
whitening, without the offset's rounding), the squared distances of a block
are formed from the d coordinate differences (not from ``|a|^2 + |b|^2 -
2ab``, which cancels), and a matrix-vector product with the weights sums
the kernels; logpdf sums ``exp(a - max)`` per block and combines blocks
with logaddexp."""
import math

import numpy
from numpy.linalg import LinAlgError

from gpuarray.scipy.stats import _array_ops as xp
from gpuarray.scipy.stats._axis_nan_policy import device_array

__all__ = ["gaussian_kde"]

_PAIRS_PER_BLOCK = 1 << 24
_SINGULAR = ("The data appears to lie in a lower-dimensional subspace of the space in which it is expressed. "
             "This has resulted in a singular data covariance matrix, which cannot be treated using the "
             "algorithms implemented in `gaussian_kde`. Consider performing principal component analysis / "
             "dimensionality reduction and using `gaussian_kde` with the transformed data.")
_TOO_FEW = ("Number of dimensions is greater than number of samples. This results in a singular data covariance "
            "matrix, which cannot be treated using the algorithms implemented in `gaussian_kde`. Note that "
            "`gaussian_kde` interprets each *column* of `dataset` to be a point; consider transposing the input "
            "to `dataset`.")


def _at_least_2d(a):
    return xp.reshape(a, (1,) * (2 - a.ndim) + a.shape) if a.ndim < 2 else a


class gaussian_kde:
    """Kernel density estimate with Gaussian kernels, evaluated on the device.

    Parameters
    ----------
    dataset : array_like
        The points the estimate is made of: a 1-D array of n values, or a
        (d, n) array of n points in d dimensions.
    bw_method : str, scalar or callable, optional
        The bandwidth factor: 'scott' (default), 'silverman', a number, or a
        function of the gaussian_kde returning a number.
    weights : array_like, optional
        Weights of the points (default equal), normalized to sum to 1.

    Attributes
    ----------
    dataset : ndarray
        The (d, n) device array of points.
    d, n : int
        Number of dimensions and of points.
    weights : ndarray
        The normalized weights, a float64 device array.
    neff : float
        The effective number of points, ``1 / sum(weights**2)``.
    factor : float
        The bandwidth factor.
    covariance : ndarray
        The kernel covariance, the data's covariance times ``factor**2`` (device).
    cho_cov : ndarray
        Its lower Cholesky factor (device).
    log_det : float
        ``2 * sum(log(diag(cho_cov * sqrt(2 pi))))``.

    Raises
    ------
    ValueError
        If `dataset` has fewer than two elements, more dimensions than points,
        or `weights` do not match it, or `bw_method` is of an unknown kind.
    numpy.linalg.LinAlgError
        If the data's covariance is singular (SciPy's message).

    Notes
    -----
    Evaluation (`evaluate`, `__call__`, `pdf`, `logpdf`) runs on the device
    in blocks (module docstring) and computes in float64, as SciPy does for
    float32 and float64 data. The integrals (``integrate_*``) and
    ``resample`` of SciPy's class are not offered (docs/scipy_stats.md).

    See Also
    --------
    scipy.stats.gaussian_kde

    Examples
    --------
    >>> import gpuarray as xp
    >>> from gpuarray.scipy import stats
    >>> kde = stats.gaussian_kde(xp.asarray([-1.0, -0.5, 0.0, 0.2, 1.5]))
    >>> round(kde.factor, 6)
    0.72478
    >>> kde(xp.asarray([0.0, 1.0])).round(6)
    array([0.369068, 0.200045])
    """

    def __init__(self, dataset, bw_method=None, weights=None):
        self.dataset = _at_least_2d(device_array(dataset))
        if not self.dataset.size > 1:
            raise ValueError("`dataset` input should have multiple elements.")
        self.d, self.n = self.dataset.shape
        if weights is not None:
            w = device_array(weights)
            w = (xp.reshape(w, (1,)) if w.ndim == 0 else w).astype(numpy.float64)
            w = w / xp.sum(w)
            if w.ndim != 1:
                raise ValueError("`weights` input should be one-dimensional.")
            if w.shape[0] != self.n:
                raise ValueError("`weights` input should be of length n")
            self._weights = w
            self._neff = float(1 / xp.sum(w * w))
        if self.d > self.n:
            raise ValueError(_TOO_FEW)
        try:
            self.set_bandwidth(bw_method=bw_method)
        except LinAlgError as e:
            raise LinAlgError(_SINGULAR) from e

    @property
    def weights(self):
        """The points' normalized weights (a float64 device array)."""
        try:
            return self._weights
        except AttributeError:
            self._weights = xp.full((self.n,), 1.0 / self.n, dtype=numpy.float64)
            return self._weights

    @property
    def neff(self):
        """The effective number of points, ``1 / sum(weights**2)``."""
        try:
            return self._neff
        except AttributeError:
            self._neff = float(1 / xp.sum(self.weights * self.weights))
            return self._neff

    def scotts_factor(self):
        """Scott's bandwidth factor, ``neff**(-1 / (d + 4))``.

        Parameters
        ----------
        None

        Returns
        -------
        s : float
            The factor.

        See Also
        --------
        silverman_factor, set_bandwidth

        Examples
        --------
        >>> import gpuarray as xp
        >>> from gpuarray.scipy import stats
        >>> kde = stats.gaussian_kde(xp.arange(16.0))
        >>> round(kde.scotts_factor(), 6)
        0.574349
        """
        return float(numpy.power(self.neff, -1. / (self.d + 4)))

    def silverman_factor(self):
        """Silverman's bandwidth factor, ``(neff * (d + 2) / 4)**(-1 / (d + 4))``.

        Parameters
        ----------
        None

        Returns
        -------
        s : float
            The factor.

        See Also
        --------
        scotts_factor, set_bandwidth

        Examples
        --------
        >>> import gpuarray as xp
        >>> from gpuarray.scipy import stats
        >>> kde = stats.gaussian_kde(xp.arange(16.0))
        >>> round(kde.silverman_factor(), 6)
        0.608364
        """
        return float(numpy.power(self.neff * (self.d + 2.0) / 4.0, -1. / (self.d + 4)))

    covariance_factor = scotts_factor

    def set_bandwidth(self, bw_method=None):
        """Chooses the bandwidth factor and recomputes the kernel covariance.

        Parameters
        ----------
        bw_method : str, scalar or callable, optional
            'scott', 'silverman', a number, or a function of the gaussian_kde
            returning a number; None keeps the current rule.

        Returns
        -------
        None
            The estimate is changed in place.

        Raises
        ------
        ValueError
            For a `bw_method` of another kind.

        See Also
        --------
        scotts_factor, silverman_factor

        Examples
        --------
        >>> import gpuarray as xp
        >>> from gpuarray.scipy import stats
        >>> kde = stats.gaussian_kde(xp.arange(16.0))
        >>> kde.set_bandwidth(bw_method=0.3)
        >>> kde.factor
        0.3
        >>> kde.set_bandwidth(bw_method="silverman")
        >>> round(kde.factor, 6)
        0.608364
        """
        if bw_method is None:
            pass
        elif isinstance(bw_method, str) and bw_method == "scott":
            self.covariance_factor = self.scotts_factor
        elif isinstance(bw_method, str) and bw_method == "silverman":
            self.covariance_factor = self.silverman_factor
        elif numpy.isscalar(bw_method) and not isinstance(bw_method, str):
            self._bw_method = "use constant"
            self.covariance_factor = lambda: bw_method
        elif callable(bw_method):
            self._bw_method = bw_method
            self.covariance_factor = lambda: self._bw_method(self)
        else:
            raise ValueError("`bw_method` should be 'scott', 'silverman', a scalar or a callable.")
        self._compute_covariance()

    def _data_covariance(self):
        """The data's weighted covariance (d x d), on the host."""
        cov = xp.cov(self.dataset.astype(numpy.float64), rowvar=True, bias=False, aweights=self.weights)
        return numpy.atleast_2d(numpy.asarray(xp.asnumpy(cov), dtype=numpy.float64))

    def _compute_covariance(self):
        self.factor = self.covariance_factor()
        if not hasattr(self, "_host_data_cho_cov"):
            self._host_data_covariance = self._data_covariance()
            self._host_data_cho_cov = numpy.linalg.cholesky(self._host_data_covariance)
            if not numpy.all(numpy.isfinite(self._host_data_cho_cov)):
                raise LinAlgError("Matrix is not positive definite")
        self._host_cho_cov = (self._host_data_cho_cov * self.factor).astype(numpy.float64)
        self.covariance = xp.asarray(self._host_data_covariance * self.factor ** 2)
        self.cho_cov = xp.asarray(self._host_cho_cov)
        self.log_det = float(2 * numpy.log(numpy.diag(self._host_cho_cov * numpy.sqrt(2 * math.pi))).sum())

    @property
    def inv_cov(self):
        """The inverse of the kernel covariance (recomputed from the data, as SciPy does)."""
        self.factor = self.covariance_factor()
        return xp.asarray(numpy.linalg.inv(self._data_covariance()) / self.factor ** 2)

    def _points(self, points):
        """`points` as a (d, m) float64 device array, SciPy's row-vector rule applied."""
        points = _at_least_2d(device_array(points))
        d, m = points.shape
        if d != self.d:
            if d == 1 and m == self.d:
                points = xp.reshape(points, (self.d, 1))
            else:
                raise ValueError(f"points have dimension {d}, dataset has dimension {self.d}")
        return points.astype(numpy.float64)

    def _whitened(self, points):
        """(whitened data (n, d), whitened points (m, d)): both minus the data's mean, times L^-1."""
        data = self.dataset.astype(numpy.float64)
        center = xp.mean(data, axis=1, keepdims=True)
        whitening = xp.asarray(numpy.linalg.inv(self._host_cho_cov))
        return (xp.moveaxis(xp.matmul(whitening, data - center), 0, 1),
                xp.moveaxis(xp.matmul(whitening, points - center), 0, 1))

    def _blocks(self, m):
        """Slices of the data and of the points: blocks of about 2**24 pairs."""
        data_step = min(self.n, _PAIRS_PER_BLOCK)
        point_step = max(1, _PAIRS_PER_BLOCK // data_step)
        return ([slice(i, min(i + data_step, self.n)) for i in range(0, self.n, data_step)],
                [slice(j, min(j + point_step, m)) for j in range(0, m, point_step)])

    def _half_squared_distances(self, zp, zd):
        """``|zp_j - zd_i|^2 / 2`` for a block, (points, data), from coordinate differences."""
        total = None
        for k in range(self.d):
            diff = zp[:, k:k + 1] - xp.reshape(zd[:, k], (1, -1))
            total = diff * diff if total is None else total + diff * diff
        return total / 2

    def evaluate(self, points):
        """The estimated density at `points`.

        Parameters
        ----------
        points : array_like
            (d, m) array of m points, or m values for a one-dimensional
            estimate (a single d-dimensional point may be given as 1-D).

        Returns
        -------
        values : ndarray
            The density at each point, a float64 device array of length m.

        Raises
        ------
        ValueError
            If the points' dimension is not the dataset's.

        See Also
        --------
        logpdf, pdf

        Examples
        --------
        >>> import gpuarray as xp
        >>> from gpuarray.scipy import stats
        >>> kde = stats.gaussian_kde(xp.asarray([[0.0, 1.0, 2.0, 0.5], [1.0, 0.0, 2.0, 1.5]]))
        >>> kde.evaluate(xp.asarray([[0.5, 3.0], [1.0, 3.0]])).round(6)
        array([0.15441 , 0.019147])
        """
        points = self._points(points)
        m = points.shape[1]
        zd, zp = self._whitened(points)
        norm = (2 * math.pi) ** (-self.d / 2) / float(numpy.prod(numpy.diag(self._host_cho_cov)))
        data_blocks, point_blocks = self._blocks(m)
        pieces = []
        for pb in point_blocks:
            total = None
            for db in data_blocks:
                kernels = xp.exp(-self._half_squared_distances(zp[pb], zd[db]))
                part = xp.matmul(kernels, self.weights[db])
                total = part if total is None else total + part
            pieces.append(total * norm)
        return xp.concatenate(pieces) if len(pieces) > 1 else pieces[0]

    __call__ = evaluate

    def pdf(self, x):
        """The estimated density at `x` (the same as `evaluate`).

        Parameters
        ----------
        x : array_like
            The points, as for `evaluate`.

        Returns
        -------
        values : ndarray
            The density at each point, a float64 device array.

        See Also
        --------
        evaluate, logpdf

        Examples
        --------
        >>> import gpuarray as xp
        >>> from gpuarray.scipy import stats
        >>> kde = stats.gaussian_kde(xp.asarray([-1.0, -0.5, 0.0, 0.2, 1.5]))
        >>> kde.pdf(xp.asarray([0.0])).round(6)
        array([0.369068])
        """
        return self.evaluate(x)

    def logpdf(self, x):
        """The log of the estimated density at `x`, accurate where the density underflows.

        Parameters
        ----------
        x : array_like
            The points, as for `evaluate`.

        Returns
        -------
        values : ndarray
            The log-density at each point, a float64 device array.

        Raises
        ------
        ValueError
            If the points' dimension is not the dataset's.

        See Also
        --------
        evaluate

        Examples
        --------
        >>> import gpuarray as xp
        >>> from gpuarray.scipy import stats
        >>> kde = stats.gaussian_kde(xp.asarray([-1.0, -0.5, 0.0, 0.2, 1.5]))
        >>> kde.logpdf(xp.asarray([0.0, 4.0])).round(4).tolist()
        [-0.9968, -8.8813]
        """
        points = self._points(x)
        m = points.shape[1]
        zd, zp = self._whitened(points)
        log_norm = (self.d / 2) * math.log(2 * math.pi) + float(numpy.log(numpy.diag(self._host_cho_cov)).sum())
        log_weights = xp.log(self.weights)
        data_blocks, point_blocks = self._blocks(m)
        pieces = []
        for pb in point_blocks:
            total = None
            for db in data_blocks:
                terms = xp.reshape(log_weights[db], (1, -1)) - self._half_squared_distances(zp[pb], zd[db])
                top = xp.max(terms, axis=1, keepdims=True)
                part = xp.log(xp.sum(xp.exp(terms - top), axis=1)) + top[:, 0]
                total = part if total is None else xp.logaddexp(total, part)
            pieces.append(total - log_norm)
        return xp.concatenate(pieces) if len(pieces) > 1 else pieces[0]

    def marginal(self, dimensions):
        """The marginal estimate over some of the dimensions.

        Parameters
        ----------
        dimensions : int or sequence of ints
            The dimensions kept (negative ones count from the end).

        Returns
        -------
        marginal_kde : gaussian_kde
            The estimate of the kept dimensions, with this bandwidth factor and weights.

        Raises
        ------
        ValueError
            If a dimension is not an integer, repeated, or out of range.

        See Also
        --------
        gaussian_kde

        Examples
        --------
        >>> import gpuarray as xp
        >>> from gpuarray.scipy import stats
        >>> kde = stats.gaussian_kde(xp.asarray([[0.0, 1.0, 2.0, 0.5], [1.0, 0.0, 2.0, 1.5]]))
        >>> kde.marginal(0).d
        1
        """
        dims = numpy.atleast_1d(dimensions)
        if not numpy.issubdtype(dims.dtype, numpy.integer):
            raise ValueError("Elements of `dimensions` must be integers - the indices of the marginal variables "
                             "being retained.")
        n = self.d
        original = dims.copy()
        dims = numpy.where(dims < 0, n + dims, dims)
        if len(numpy.unique(dims)) != len(dims):
            raise ValueError("All elements of `dimensions` must be unique.")
        invalid = (dims < 0) | (dims >= n)
        if numpy.any(invalid):
            raise ValueError(f"Dimensions {original[invalid]} are invalid for a distribution in {n} dimensions.")
        return gaussian_kde(xp.take(self.dataset, xp.asarray(dims), axis=0), bw_method=self.covariance_factor(),
                            weights=self.weights)
