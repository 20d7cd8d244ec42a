# SPDX-License-Identifier: BSD-3-Clause
"""The NumPy-style docstrings of the public functions (issue #32): each has
Parameters, Returns and Examples sections, documents exactly the parameters
its signature has, and has examples; the examples themselves are doctests
that need a device, run by the `gpu` test."""
import doctest
import inspect
import re

import pytest

from gpuarray import cuda as _cuda
from gpuarray import emath
from gpuarray import ndarray as _ndarray
from gpuarray import linalg
from gpuarray._array_creation import from_data as _creation
from gpuarray.profiler import _ipython as _profiler_ipython
from gpuarray.cuda import nvtx as _cuda_nvtx
from gpuarray.fft import config as _fft_config
from gpuarray.cuda import graph as _cuda_graph
from gpuarray.cuda import profiler as _cuda_profiler
from gpuarray.cuda import compiler as _cuda_compiler
from gpuarray._base import misc as _misc
from gpuarray.random import _generator as _random_generator
from gpuarray.random import _global_state as _random_global_state
from gpuarray._base import printing as _printing
from gpuarray._ufunc import numpy_dispatch as _numpy_dispatch
from gpuarray._interop import array_api as _array_api
from gpuarray._interop import dlpack as _dlpack
from gpuarray._index_routines import diagonal_indices as _diagonal_indices
from gpuarray._index_routines import index_tricks as _index_tricks
from gpuarray._array_creation import transfer as _transfer
from gpuarray._array_editing import adding_removing as _adding_removing
from gpuarray._array_editing import tiling as _tiling
from gpuarray._stats import histograms as _histograms
from gpuarray._base import dtypes as _dtypes
from gpuarray._array_padding import padding as _padding
from gpuarray._array_manipulation import copying as _copying
from gpuarray._array_manipulation import splitting as _splitting
from gpuarray._array_manipulation import rearranging as _rearranging
from gpuarray._sorting_searching import searching as _searching
from gpuarray._array_creation import ranges as _ranges
from gpuarray._array_creation import from_shape as _from_shape
from gpuarray._array_manipulation import axes as _manipulation
from gpuarray._array_manipulation import block as _block
from gpuarray._array_manipulation import broadcasting as _broadcasting
from gpuarray._array_manipulation import joining as _joining
from gpuarray._array_manipulation import shapes as _shapes
from gpuarray._array_manipulation import stacking as _stacking
from gpuarray._base import array_bytes as _array_bytes
from gpuarray._base import array_views as _array_views
from gpuarray._base import python_conversions as _python_conversions
from gpuarray._base import flags as _flags
from gpuarray._base import memory_overlap as _memory_overlap
from gpuarray._binary_ops import bit_packing as _bit_packing
from gpuarray._file_io import binary_io as _io
from gpuarray._file_io import serialization as _serialization
from gpuarray._file_io import text_io as _text_io
from gpuarray._functional_programming import functional as _functional
from gpuarray._index_routines import flatiter as _flatiter
from gpuarray._index_routines import indexing as _indexing
from gpuarray._index_routines import iterators as _iterators
from gpuarray._index_routines import put as _put
from gpuarray._logic import array_contents as _array_contents
from gpuarray._logic import comparisons as _comparisons
from gpuarray._math import calculus as _calculus
from gpuarray._math import complex_numbers as _complex_numbers
from gpuarray._math import correlation as _correlation
from gpuarray._math import cumulative as _cumulative
from gpuarray._math import differences as _differences
from gpuarray._math import interpolation as _interpolation
from gpuarray._math import scans as _scans
from gpuarray._math import special_functions as _special_functions
from gpuarray._math import special_values as _special_values
from gpuarray._matrix_building import matrices as _matrices
from gpuarray._poly import poly1d as _poly1d
from gpuarray._poly import polynomial_linalg as _polynomial_linalg
from gpuarray._poly import polynomials as _polynomials
from gpuarray._reduction import arg_extrema as _arg_extrema
from gpuarray._reduction import extrema as _extrema
from gpuarray._reduction import moments as _moments
from gpuarray._reduction import nan_moments as _nan_moments
from gpuarray._reduction import reductions as _reductions
from gpuarray._set_routines import sets as _sets
from gpuarray._set_routines import unique as _unique
from gpuarray._sorting_searching import sort_methods as _sort_methods
from gpuarray._sorting_searching import sorting as _sorting
from gpuarray._stats import averages as _statistics
from gpuarray._stats import medians as _medians
from gpuarray._stats import nan_quantiles as _nan_quantiles
from gpuarray._stats import quantiles as _quantiles
from gpuarray._ufunc import rounding as _math_functions
from gpuarray._ufunc import ufuncs as _ufuncs
from gpuarray._windows import window_functions as _window_functions
from gpuarray.cuda import _graphed as _cuda_graphed
from gpuarray.cuda import device as _cuda_device
from gpuarray.fft import _complex as _fft_complex
from gpuarray.fft import _helper as _fft_helper
from gpuarray.fft import _real as _fft_real
from gpuarray.cuda import memory as _cuda_memory
from gpuarray.cuda import runtime as _cuda_runtime
from gpuarray.cuda import stream as _cuda_stream
from gpuarray.jit import _fuse as _jit_fuse
from gpuarray.jit import _kernel as _jit_kernel
from gpuarray.jit import _source as _jit_source
from gpuarray.jit import _vectorize as _jit_vectorize
from gpuarray.linalg import (_decompositions, _einsum, _elementwise_products, _least_squares, _matmul, _matrix_chains,
                             _matvec, _norms, _products, _solve, _svd, _tensor_solve)
from gpuarray._methods import resize as _resize
from gpuarray._methods import ndarray_methods as _ndarray_methods
from gpuarray._methods.ndarray_methods import _fill
from gpuarray.polynomial import _power_series_algebra, _power_series_calculus, _power_series_fitting, polyutils
from gpuarray.profiler import _benchmark as _profiler_benchmark
from gpuarray.random import _distributions as _random_distributions
from gpuarray.random import _legacy as _random_legacy
from gpuarray.profiler import _time_range as _profiler_time_range
from gpuarray.scipy.fft import _backend as _scipy_fft_backend
from gpuarray.testing import _assertions as _testing_assertions
from gpuarray.scipy.fft import _basic as _scipy_fft_basic
from gpuarray.scipy.fft import _basic_nd as _scipy_fft_basic_nd
from gpuarray.scipy.fft import _fast_lengths as _scipy_fft_fast_lengths
from gpuarray.scipy.fft import _fftlog as _scipy_fft_fftlog
from gpuarray.scipy.fft import _helper as _scipy_fft_helper
from gpuarray.scipy.fft import _hermitian_nd as _scipy_fft_hermitian_nd
from gpuarray.scipy.fft import _realtransforms as _scipy_fft_realtransforms
from gpuarray.scipy.fft import _realtransforms_nd as _scipy_fft_realtransforms_nd
from gpuarray.scipy.fft import _workers as _scipy_fft_workers
from gpuarray.scipy.fftpack import _basic as _fftpack_basic
from gpuarray.scipy.fftpack import _helper as _fftpack_helper
from gpuarray.scipy.fftpack import _hyperbolic_diffs as _fftpack_hyperbolic_diffs
from gpuarray.scipy.fftpack import _pseudo_diffs as _fftpack_pseudo_diffs
from gpuarray.scipy.fftpack import _realtransforms as _fftpack_realtransforms
from gpuarray.scipy.fftpack import convolve as _fftpack_convolve
from gpuarray.scipy.stats import (_binned_statistic, _entropy, _kde, _kendall, _ks_tests, _order_statistics,
                                  _power_means, _power_transforms, _ranking, _standardize, _trimming, _ttests)
from gpuarray.scipy.stats import _correlation as _stats_correlation
from gpuarray.scipy.stats import _moments as _stats_moments
from gpuarray.scipy.ndimage import _correlate as _ndimage_correlate
from gpuarray.scipy.ndimage import _smoothing as _ndimage_smoothing
from gpuarray.scipy.ndimage import _derivatives as _ndimage_derivatives
from gpuarray.scipy.ndimage import _rank as _ndimage_rank
from gpuarray.scipy.ndimage import _vectorized_filter as _ndimage_vectorized_filter
from gpuarray.scipy.ndimage import _splines as _ndimage_splines
from gpuarray.scipy.ndimage import _geometric as _ndimage_geometric
from gpuarray.scipy.ndimage import _measurements as _ndimage_measurements
from gpuarray.scipy.ndimage import _region_extrema as _ndimage_region_extrema
from gpuarray.scipy.ndimage import _labeling as _ndimage_labeling
from gpuarray.scipy.ndimage import _binary_morphology as _ndimage_binary_morphology
from gpuarray.scipy.ndimage import _grey_morphology as _ndimage_grey_morphology
from gpuarray.scipy.ndimage import _distance as _ndimage_distance
from gpuarray.scipy.ndimage import _fourier as _ndimage_fourier
from gpuarray.scipy.linalg import _banded as _scipy_linalg_banded
from gpuarray.scipy.linalg import _cholesky as _scipy_linalg_cholesky
from gpuarray.scipy.linalg import _eigen as _scipy_linalg_eigen
from gpuarray.scipy.linalg import _expm as _scipy_linalg_expm
from gpuarray.scipy.linalg import _least_squares as _scipy_linalg_least_squares
from gpuarray.scipy.linalg import _lu as _scipy_linalg_lu
from gpuarray.scipy.linalg import _matrix_properties as _scipy_linalg_matrix_properties
from gpuarray.scipy.linalg import _matrix_trig as _scipy_linalg_matrix_trig
from gpuarray.scipy.linalg import _named_matrices as _scipy_linalg_named_matrices
from gpuarray.scipy.linalg import _qr as _scipy_linalg_qr
from gpuarray.scipy.linalg import _solve as _scipy_linalg_solve
from gpuarray.scipy.linalg import _structured_matrices as _scipy_linalg_structured_matrices
from gpuarray.scipy.linalg import _svd as _scipy_linalg_svd
from gpuarray.scipy.linalg import _triangular as _scipy_linalg_triangular
from gpuarray.scipy.signal import _analog_prototypes as _signal_analog_prototypes
from gpuarray.scipy.signal import _analog_transforms as _signal_analog_transforms
from gpuarray.scipy.signal import _convolution as _signal_convolution
from gpuarray.scipy.signal import _convolve2d as _signal_convolve2d
from gpuarray.scipy.signal import _czt as _signal_czt
from gpuarray.scipy.signal import _deconvolution as _signal_deconvolution
from gpuarray.scipy.signal import _detrend as _signal_detrend
from gpuarray.scipy.signal import _filter_conversions as _signal_filter_conversions
from gpuarray.scipy.signal import _filter_order as _signal_filter_order
from gpuarray.scipy.signal import _fir_design as _signal_fir_design
from gpuarray.scipy.signal import _forward_backward as _signal_forward_backward
from gpuarray.scipy.signal import _frequency_response as _signal_frequency_response
from gpuarray.scipy.signal import _hilbert as _signal_hilbert
from gpuarray.scipy.signal import _iir_design as _signal_iir_design
from gpuarray.scipy.signal import _lfilter as _signal_lfilter
from gpuarray.scipy.signal import _lombscargle as _signal_lombscargle
from gpuarray.scipy.signal import _order_filters as _signal_order_filters
from gpuarray.scipy.signal import _overlap_add as _signal_overlap_add
from gpuarray.scipy.signal import _partial_fractions as _signal_partial_fractions
from gpuarray.scipy.signal import _peak_finding as _signal_peak_finding
from gpuarray.scipy.signal import _resampling as _signal_resampling
from gpuarray.scipy.signal import _savgol as _signal_savgol
from gpuarray.scipy.signal import _special_iir as _signal_special_iir
from gpuarray.scipy.signal import _spectral as _signal_spectral
from gpuarray.scipy.signal import _splines as _signal_splines
from gpuarray.scipy.signal import _stft as _signal_stft
from gpuarray.scipy.signal import _upfirdn as _signal_upfirdn
from gpuarray.scipy.signal import _vector_strength as _signal_vector_strength
from gpuarray.scipy.signal import _waveforms as _signal_waveforms
from gpuarray.scipy.signal import _window_checks as _signal_window_checks
from gpuarray.scipy.signal.windows import _cosine_sums as _signal_cosine_sums
from gpuarray.scipy.signal.windows import _get_window as _signal_get_window
from gpuarray.scipy.signal.windows import _host_solved as _signal_host_solved
from gpuarray.scipy.signal.windows import _parametric as _signal_parametric
from gpuarray.scipy.signal.windows import _tapers as _signal_tapers
try:
    from gpuarray.cuda import nccl as _cuda_nccl
except ImportError:  # built without NCCL, or no libnccl on this machine
    _cuda_nccl = None
from gpuarray.scipy.special import _combinatorics as _scipy_special_combinatorics
from gpuarray.scipy.special import _functions as _scipy_special_functions
from gpuarray.scipy.special import _gauss_quadrature as _scipy_special_gauss_quadrature
from gpuarray.scipy.special import _bessel_extras as _scipy_special_bessel_extras
from gpuarray.scipy.special import _bessel_jy as _scipy_special_bessel_jy
from gpuarray.scipy.special import _number_sequences as _scipy_special_number_sequences
from gpuarray.scipy.special import _stirling as _scipy_special_stirling
from gpuarray.scipy.special import _orthogonal_polynomials as _scipy_special_orthogonal_polynomials
from gpuarray.scipy.special import _logsumexp as _scipy_special_logsumexp
from gpuarray.scipy.sparse import _coo as _sparse_coo
from gpuarray.scipy.sparse import _blocks as _sparse_blocks
from gpuarray.scipy.sparse import _construct as _sparse_construct
from gpuarray.scipy.sparse import _random as _sparse_random
from gpuarray.scipy.sparse import _csc as _sparse_csc
from gpuarray.scipy.sparse import _csr as _sparse_csr
from gpuarray.scipy.sparse import _dia as _sparse_dia
from gpuarray.scipy.sparse import _extract as _sparse_extract
from gpuarray.scipy.sparse import _npz as _sparse_npz
from gpuarray.scipy.sparse import _predicates as _sparse_predicates
from gpuarray.scipy.sparse import _registry as _sparse_registry
from gpuarray.scipy.sparse.csgraph import _components as _sparse_csgraph_components
from gpuarray.scipy.sparse.linalg import _interface as _sparse_linalg_interface
from gpuarray.scipy.sparse.linalg import _iterative as _sparse_linalg_iterative
from gpuarray.scipy.sparse.linalg import _lsqr as _sparse_linalg_lsqr
from gpuarray.scipy.sparse.linalg import _norm as _sparse_linalg_norm
from gpuarray.scipy.sparse.linalg import _krylov_schur as _sparse_linalg_krylov_schur
from gpuarray.scipy.sparse.linalg import _eigsh as _sparse_linalg_eigsh
from gpuarray.scipy.sparse.linalg import _eigs as _sparse_linalg_eigs
from gpuarray.scipy.sparse.linalg import _svds as _sparse_linalg_svds
from gpuarray.scipy.sparse.linalg import _lsmr as _sparse_linalg_lsmr
from gpuarray.scipy.sparse.linalg import _qmr as _sparse_linalg_qmr
from gpuarray.scipy.sparse.linalg import _gcrotmk as _sparse_linalg_gcrotmk
from gpuarray.scipy.sparse.linalg import _bicg as _sparse_linalg_bicg
from gpuarray.scipy.sparse.linalg import _structure as _sparse_linalg_structure
from gpuarray.scipy.sparse.linalg import _triangular as _sparse_linalg_triangular
from gpuarray.scipy.sparse.linalg import _matfuncs as _sparse_linalg_matfuncs
from gpuarray.scipy.sparse.linalg import _onenormest as _sparse_linalg_onenormest
from gpuarray.scipy.sparse.linalg import _expm_multiply as _sparse_linalg_expm_multiply
from gpuarray._matlib import numpy_matrix as _numpy_matrix
from gpuarray.ma import _core as _ma_core
from gpuarray.ma import _creation as _ma_creation
from gpuarray.ma import _functions as _ma_functions
from gpuarray.ma import _masking as _ma_masking
from gpuarray.ma import _masks as _ma_masks
from gpuarray.ma import _operations as _ma_operations
from gpuarray.ma import _queries as _ma_queries
from gpuarray.ma import _reductions as _ma_reductions
from gpuarray.ma import _shape_functions as _ma_shape_functions

MODULES = [_statistics, _sorting, _manipulation, _math_functions, _reductions, _joining, _sets, _products,
           _creation, _from_shape, _matrices, _indexing, _scans, _window_functions, _array_contents, _memory_overlap, _io,
           _text_io, _calculus, _polynomials, _correlation, _interpolation, _functional, _special_functions,
           _matvec, _solve, _decompositions, _norms, _einsum, _elementwise_products, linalg, _bit_packing, polyutils,
           _svd, _matmul, _matrix_chains, _least_squares, _tensor_solve,
           _power_series_algebra, _power_series_calculus, _power_series_fitting,
           _scipy_fft_basic, _scipy_fft_basic_nd, _scipy_fft_hermitian_nd, _scipy_fft_helper, _scipy_fft_fast_lengths,
           _scipy_fft_realtransforms, _scipy_fft_realtransforms_nd, _scipy_fft_fftlog, _scipy_fft_workers,
           _scipy_fft_backend, _fftpack_basic, _fftpack_helper, _fftpack_realtransforms, _fftpack_pseudo_diffs,
           _fftpack_hyperbolic_diffs, _fftpack_convolve, _extrema, _arg_extrema, _moments, _nan_moments, _medians,
           _quantiles, _nan_quantiles, _shapes, _broadcasting, _special_values, _complex_numbers, _comparisons, _unique,
           _put, _cumulative, _differences, _stacking, _block, _polynomial_linalg,
           # gpuarray.scipy.stats
           _stats_moments, _standardize, _power_means, _trimming, _order_statistics, _ranking, _stats_correlation,
           _kendall, _ttests, _ks_tests, _entropy, _power_transforms, _binned_statistic,
           # gpuarray.scipy.linalg
           _scipy_linalg_banded, _scipy_linalg_cholesky, _scipy_linalg_eigen, _scipy_linalg_expm,
           _scipy_linalg_least_squares, _scipy_linalg_lu, _scipy_linalg_matrix_properties, _scipy_linalg_matrix_trig,
           _scipy_linalg_named_matrices, _scipy_linalg_qr, _scipy_linalg_solve, _scipy_linalg_structured_matrices,
           _scipy_linalg_svd, _scipy_linalg_triangular,
           # gpuarray.profiler
           _profiler_benchmark, _profiler_time_range,
           # numpy.emath
           emath,
           _ranges,
           _searching,
           _rearranging,
           _splitting,
           _copying,
           _padding,
           _dtypes,
           _histograms,
           _tiling,
           _adding_removing,
           _transfer,
           _index_tricks,
           _diagonal_indices,
           _dlpack,
           _array_api,
           _numpy_dispatch,
           _printing,
           _random_global_state,
           _random_generator,
           _misc,
           _cuda_compiler,
           _cuda_profiler,
           _cuda_graph,
           _fft_config,
           _cuda_nvtx,
           _profiler_ipython,
           # gpuarray.fft
           _fft_complex, _fft_real, _fft_helper,
           # gpuarray.cuda
           _cuda_graphed, _cuda_device, _cuda_memory, _cuda_runtime, _cuda_stream, *([_cuda_nccl] if _cuda_nccl is not None else []),
           # gpuarray.jit
           _jit_kernel, _jit_source, _jit_fuse,
           # gpuarray.scipy.ndimage
           _ndimage_correlate, _ndimage_smoothing, _ndimage_derivatives, _ndimage_rank, _ndimage_vectorized_filter,
           _ndimage_splines,
           _ndimage_geometric, _ndimage_measurements, _ndimage_region_extrema, _ndimage_labeling,
           _ndimage_binary_morphology, _ndimage_grey_morphology, _ndimage_distance, _ndimage_fourier,
           # gpuarray.scipy.signal
           _signal_convolution, _signal_convolve2d, _signal_detrend, _signal_filter_conversions, _signal_hilbert,
           _signal_iir_design, _signal_lfilter, _signal_forward_backward, _signal_cosine_sums, _signal_get_window,
           _signal_host_solved, _signal_parametric, _signal_tapers, _signal_fir_design, _signal_resampling,
           _signal_upfirdn, _signal_spectral, _signal_stft, _signal_order_filters,
           _signal_savgol, _signal_overlap_add, _signal_peak_finding,
           _signal_waveforms, _signal_lombscargle, _signal_analog_transforms, _signal_filter_order,
           _signal_frequency_response, _signal_special_iir, _signal_deconvolution, _signal_vector_strength,
           _signal_window_checks, _signal_analog_prototypes, _signal_partial_fractions,
           _signal_splines, _signal_czt,
           # gpuarray.scipy.special (its ufuncs' docstrings: tests/scipy/special/test_special_api.py)
           _scipy_special_combinatorics, _scipy_special_functions, _scipy_special_logsumexp,
           _scipy_special_gauss_quadrature, _scipy_special_bessel_extras, _scipy_special_bessel_jy,
           _scipy_special_number_sequences,
           _scipy_special_stirling, _scipy_special_orthogonal_polynomials,
           # gpuarray.scipy.sparse and sparse.linalg
           _sparse_construct, _sparse_blocks, _sparse_random, _sparse_extract, _sparse_npz, _sparse_predicates, _sparse_registry,
           _sparse_linalg_interface, _sparse_linalg_iterative, _sparse_linalg_norm, _sparse_csgraph_components,
           _sparse_linalg_lsqr, _sparse_linalg_eigsh, _sparse_linalg_svds,
           _sparse_linalg_lsmr, _sparse_linalg_qmr, _sparse_linalg_triangular, _sparse_linalg_matfuncs,
           _sparse_linalg_onenormest, _sparse_linalg_expm_multiply, _sparse_linalg_gcrotmk,
           _sparse_linalg_bicg, _sparse_linalg_structure, _sparse_linalg_eigs,
           # gpuarray.ma
           _ma_creation, _ma_masks, _ma_operations, _ma_reductions, _ma_masking, _ma_functions, _ma_shape_functions,
           _ma_queries,
           # numpy.matrix
           _numpy_matrix]
# Public classes: their docstring and their methods' (poly1d's wrapped functions are _polynomials').
CLASSES = [_poly1d.poly1d, _kde.gaussian_kde, _random_legacy.RandomState, _jit_kernel.JitKernel, _jit_vectorize.vectorize, _jit_fuse.Fusion,
           _signal_czt.CZT, _signal_czt.ZoomFFT,
           _sparse_csr.csr_array, _sparse_csr.csr_matrix, _sparse_csc.csc_array, _sparse_csc.csc_matrix,
           _sparse_coo.coo_array, _sparse_coo.coo_matrix, _sparse_dia.dia_array, _sparse_dia.dia_matrix,
           _sparse_linalg_krylov_schur.ArpackError, _sparse_linalg_krylov_schur.ArpackNoConvergence]

# The public functions whose body is in these modules (not re-exports).
FUNCTIONS = [(module, name) for module in MODULES for name in module.__all__
             if inspect.isfunction(getattr(module, name))
             and getattr(module, name).__module__ == module.__name__]
IDS = [f"{module.__name__.rsplit('.', 1)[-1]}.{name}" for module, name in FUNCTIONS]

_HEADER = re.compile(r"^(\w[\w ]*)\n-{3,}$", re.M)


def _sections(doc):
    """{section title: its text} of a cleaned NumPy-style docstring."""
    headers = list(_HEADER.finditer(doc))
    return {h.group(1): doc[h.end():headers[i + 1].start() if i + 1 < len(headers) else len(doc)]
            for i, h in enumerate(headers)}


def _documented_parameters(section):
    """The names in a Parameters section: unindented lines `name : type` or
    `name1, name2 : type` (a bare `name` too)."""
    names = []
    for line in section.splitlines():
        if line and not line[0].isspace():
            names += [n.strip() for n in line.split(" : ")[0].split(",")]
    return names


def _signature_parameters(function):
    """The signature's names as numpydoc writes them: `*args`, `**kwargs`."""
    return [("*" if p.kind == p.VAR_POSITIONAL else "**" if p.kind == p.VAR_KEYWORD else "") + p.name
            for p in inspect.signature(function).parameters.values()]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_each_module_has_functions_to_check(module):
    assert any(m is module for m, _ in FUNCTIONS), f"{module.__name__}: no public function defined there"


@pytest.mark.parametrize("module, name", FUNCTIONS, ids=IDS)
def test_docstring_has_the_numpy_sections(module, name):
    doc = inspect.getdoc(getattr(module, name))
    assert doc, f"{name} has no docstring"
    summary = doc.split("\n", 1)[0]
    assert summary and not summary.endswith("-"), f"{name}: no one-line summary"
    sections = _sections(doc)
    for title in ("Parameters", "Returns", "See Also", "Examples"):
        assert title in sections, f"{name}: no {title} section"


@pytest.mark.parametrize("module, name", FUNCTIONS, ids=IDS)
def test_documented_parameters_are_the_signatures(module, name):
    function = getattr(module, name)
    documented = _documented_parameters(_sections(inspect.getdoc(function))["Parameters"])
    assert documented == _signature_parameters(function)


@pytest.mark.parametrize("module, name", FUNCTIONS, ids=IDS)
def test_docstring_has_examples(module, name):
    tests = doctest.DocTestFinder(recurse=False).find(getattr(module, name), name, module=module, globs={})
    assert sum(len(t.examples) for t in tests) >= 2, f"{name}: no examples"
    # Every example imports gpuarray itself, so it runs with empty globals.
    assert tests[0].examples[0].source == "import gpuarray as xp\n"


@pytest.mark.gpu
@pytest.mark.parametrize("module, name", FUNCTIONS, ids=IDS)
def test_docstring_examples_run(module, name):
    finder = doctest.DocTestFinder(recurse=False)
    runner = doctest.DocTestRunner(verbose=False)
    for test in finder.find(getattr(module, name), name, module=module, globs={}):
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples of {name} failed (see stdout)"


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_class_docstrings_have_the_numpy_sections(cls):
    sections = _sections(inspect.getdoc(cls))
    for title in ("Parameters", "Notes", "See Also", "Examples"):
        assert title in sections, f"{cls.__name__}: no {title} section"
    assert _documented_parameters(sections["Parameters"]) == _signature_parameters(cls.__init__)[1:]
    for name, method in vars(cls).items():
        if inspect.isfunction(method) and not name.startswith("_"):
            method_sections = _sections(inspect.getdoc(method))
            for title in ("Parameters", "Returns", "See Also", "Examples"):
                assert title in method_sections, f"{cls.__name__}.{name}: no {title} section"


@pytest.mark.gpu
@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: c.__name__)
def test_class_docstring_examples_run(cls):
    runner = doctest.DocTestRunner(verbose=False)
    for test in doctest.DocTestFinder().find(cls, cls.__name__, module=inspect.getmodule(cls), globs={}):
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0 and result.failed == 0, f"{result.failed} of {result.attempted} examples failed"

# Public classes, and ndarray methods whose bodies are module functions (attached by
# _methods/ndarray_methods.py), documented the same way; `self` is not a documented parameter.
ARRAY_CLASSES = [_flatiter.flatiter, _iterators.broadcast, _iterators.ndenumerate, _flags.Flags, _ma_core.MaskedArray,
                 _numpy_matrix.matrix]
METHODS = [_resize._resize, _array_bytes._byteswap, _array_bytes._getfield, _array_bytes._setfield,
           _serialization._tobytes,
           _serialization._tofile, _serialization._dump, _serialization._dumps, _flags._setflags,
           _flatiter.flatiter.copy, _iterators.broadcast.reset, _cuda_memory._set_limit, _cuda_memory._free_all_free,
           _fill, _transfer._get, _transfer._set, _dlpack._to_dlpack, _array_api._to_device,
           _ndarray_methods._astype, _ndarray_methods._repeat, _ndarray_methods._compress, _ndarray_methods._choose,
           *(getattr(_random_distributions.Distributions, name) for name in (
               "binomial", "geometric", "hypergeometric", "logseries", "multinomial", "negative_binomial",
               "poisson", "zipf")),
           _shapes._flatten, _array_views._view_as, _array_views._diagonal, _python_conversions._item,
           _python_conversions._tolist, _statistics._trace_method, _math_functions._clip, _math_functions._round,
           _ufuncs._conjugate, _sort_methods._sort_in_place, _sort_methods._partition_in_place,
           _sort_methods._argsort_method, _sort_methods._argpartition_method, _sort_methods._searchsorted_method]
DOCUMENTED = ARRAY_CLASSES + METHODS
DOCUMENTED_IDS = [f.__qualname__ for f in DOCUMENTED]


@pytest.mark.parametrize("obj", DOCUMENTED, ids=DOCUMENTED_IDS)
def test_classes_and_methods_have_the_numpy_sections(obj):
    doc = inspect.getdoc(obj)
    assert doc and doc.split("\n", 1)[0], f"{obj.__qualname__}: no summary"
    sections = _sections(doc)
    for title in ("See Also", "Examples") + (() if obj in ARRAY_CLASSES else ("Returns",)):
        assert title in sections, f"{obj.__qualname__}: no {title} section"
    signature = _signature_parameters(obj if obj not in ARRAY_CLASSES else obj.__init__)[1:]
    if obj is _flatiter.flatiter:
        signature = []  # made by ndarray.flat only: its __init__ refuses every call
    documented = _documented_parameters(sections.get("Parameters", ""))
    assert documented == signature, obj.__qualname__
    tests = doctest.DocTestFinder(recurse=False).find(obj, obj.__qualname__, globs={})
    assert tests[0].examples[0].source.startswith("import gpuarray as xp")


@pytest.mark.gpu
@pytest.mark.parametrize("obj", DOCUMENTED, ids=DOCUMENTED_IDS)
def test_class_and_method_examples_run(obj):
    runner = doctest.DocTestRunner(verbose=False)
    for test in doctest.DocTestFinder(recurse=False).find(obj, obj.__qualname__, globs={}):
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0 and result.failed == 0, f"{result.failed} examples of {obj.__qualname__} failed"


# Classes bound in C++, whose docstrings Python sets (_methods/ndarray_doc.py,
# cuda/_memory_docs.py, cuda/kernel.py); BaseMemory, PinnedMemory and Function
# have no constructor, so no Parameters.
CPP_CLASSES = [_ndarray, _cuda.MemoryPointer, _cuda.MemoryPool, _cuda.PinnedMemoryPointer, _cuda.PinnedMemoryPool,
               _cuda.UnownedMemory, _cuda.BaseMemory, _cuda.PinnedMemory, _cuda.Function]


@pytest.mark.parametrize("cls", CPP_CLASSES, ids=lambda c: c.__name__)
def test_cpp_classes_have_numpy_docstrings(cls):
    doc = inspect.getdoc(cls)
    assert doc and doc.split("\n", 1)[0], f"{cls.__name__}: no docstring"
    sections = _sections(doc)
    for title in ("See Also", "Examples"):
        assert title in sections, f"{cls.__name__}: no {title} section"
    constructible = cls not in (_cuda.BaseMemory, _cuda.PinnedMemory, _cuda.Function)
    documented = _documented_parameters(sections.get("Parameters", ""))
    assert documented == (list(inspect.signature(cls).parameters) if constructible else [])
    tests = doctest.DocTestFinder(recurse=False).find(cls, cls.__name__, globs={})
    assert tests[0].examples[0].source.startswith(("import gpuarray as xp", "from gpuarray import cuda",
                                                   "import numpy as np"))


@pytest.mark.gpu
@pytest.mark.parametrize("cls", CPP_CLASSES, ids=lambda c: c.__name__)
def test_cpp_class_examples_run(cls):
    runner = doctest.DocTestRunner(verbose=False)
    for test in doctest.DocTestFinder(recurse=False).find(cls, cls.__name__, globs={}):
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0 and result.failed == 0, f"{result.failed} examples of {cls.__name__} failed"


# numpy.testing's assertions taking device arrays (testing/_assertions.py): their
# docstrings are made from NumPy's signatures, so they follow the installed NumPy.
ASSERTIONS = [getattr(_testing_assertions, name) for name in _testing_assertions.ARRAY_ASSERTIONS]


@pytest.mark.parametrize("assertion", ASSERTIONS, ids=lambda f: f.__name__)
def test_testing_assertions_have_numpy_docstrings(assertion):
    sections = _sections(inspect.getdoc(assertion))
    for title in ("Parameters", "Returns", "See Also", "Examples"):
        assert title in sections, f"{assertion.__name__}: no {title} section"
    assert _documented_parameters(sections["Parameters"]) == _signature_parameters(assertion)
    tests = doctest.DocTestFinder(recurse=False).find(assertion, assertion.__name__, globs={})
    assert tests[0].examples[0].source == "import gpuarray as xp\n"


@pytest.mark.gpu
@pytest.mark.parametrize("assertion", ASSERTIONS, ids=lambda f: f.__name__)
def test_testing_assertion_examples_run(assertion):
    runner = doctest.DocTestRunner(verbose=False)
    for test in doctest.DocTestFinder(recurse=False).find(assertion, assertion.__name__, globs={}):
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 0 and result.failed == 0, f"{result.failed} examples of {assertion.__name__} failed"
