# SPDX-License-Identifier: BSD-3-Clause
"""scipy.ndimage (issue 27): the filters and labeling of the issue's
targets beside cupyx.scipy.ndimage: median_filter of a 4096² float32 image
at sizes 3 and 31 (targets ≥ 3x and ≥ 20x CuPy) and of a 5120² uint8 image
at size 51 (≤ 20 ms), gaussian_filter at sigma 4 (≤ 0.15 ms),
uniform_filter at sizes 3 and 101 (the second ≤ 1.2x the first), and label
of a 4096² random half-full binary image (≤ 1 ms)."""
import numpy

from benchmarks.registry import case

AREA = "ndimage"
SIDE = 4096


def _float_image(xp, side=SIDE):
    return xp.asarray(numpy.random.default_rng(0).random((side, side), dtype=numpy.float32))


def _byte_image(xp, side=5120):
    return xp.asarray(numpy.random.default_rng(1).integers(0, 256, (side, side), dtype=numpy.uint8))


def _binary_image(xp):
    return xp.asarray(numpy.random.default_rng(2).random((SIDE, SIDE)) < 0.5)


def _module(xp):
    if xp.__name__.startswith("cupy"):
        from cupyx.scipy import ndimage
    else:
        from gpuarray.scipy import ndimage
    return ndimage


# (label, image maker, call, target, reference name)
_CASES = [
    ("median_filter float32 4096², size 3", _float_image, lambda nd, a: nd.median_filter(a, size=3), None, None),
    ("median_filter float32 4096², size 31", _float_image, lambda nd, a: nd.median_filter(a, size=31), None,
     None),
    ("median_filter uint8 5120², size 51", _byte_image, lambda nd, a: nd.median_filter(a, size=51), "≤ 20 ms",
     None),
    ("gaussian_filter float32 4096², sigma 4", _float_image, lambda nd, a: nd.gaussian_filter(a, 4), "≤ 0.15 ms",
     None),
    ("uniform_filter float32 4096², size 3", _float_image, lambda nd, a: nd.uniform_filter(a, 3), None,
     "ndimage uniform size 3"),
    ("uniform_filter float32 4096², size 101", _float_image, lambda nd, a: nd.uniform_filter(a, 101),
     "≤ 1.2 × ndimage uniform size 3", None),
    ("label 4096² random 50% binary", _binary_image, lambda nd, a: nd.label(a), "≤ 1 ms", None),
]


def _register(label, make, call, target, reference):
    one = case(AREA, label, "device", unit="ms", target=target, reference=reference)

    def prepare(xp):
        nd, image = _module(xp), make(xp)
        return lambda: call(nd, image)

    one.on("gpuarray")(prepare)
    one.on("cupy")(prepare)


for _case in _CASES:
    _register(*_case)
