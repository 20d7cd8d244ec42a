# SPDX-License-Identifier: BSD-3-Clause
"""scipy.signal (issue 27): convolve2d of a 4096² float32 image by a 31²
kernel with boundary='wrap' (target ≤ 2 ms; CuPy sums directly: 47 ms on
an H200), and N-D convolve with method='auto' beside both of its paths,
timed separately so the pick of the cost model (Note [Convolution cost
model] in gpuarray/scipy/signal/_conv_core.py) can be judged. CuPy's N-D
convolve(method='auto') raises NotImplementedError, so its column is its
'direct' and 'fft' only. Two volume/kernel pairs bracket the crossover: a
3-D volume with a 3³ kernel (direct should win or tie) and with a 15³ one
(the FFT should win)."""
import numpy

from benchmarks.registry import case

AREA = "signal"
SIDE = 4096
KSIDE = 31
VOLUME = (128, 128, 128)

wrap2d = case(AREA, "convolve2d float32 4096² by 31², boundary='wrap'", "device", unit="ms",
              bytes_moved=2 * 4 * (SIDE + KSIDE - 1) ** 2, target="≤ 2 ms")
nd_cases = {}
for k in (3, 15):
    for method in ("auto", "direct", "fft"):
        nd_cases[k, method] = case(AREA, f"convolve float32 128³ by {k}³, method='{method}'", "device", unit="ms")


def _image(xp):
    rng = numpy.random.default_rng(0)
    return (xp.asarray(rng.random((SIDE, SIDE), dtype=numpy.float32)),
            xp.asarray(rng.random((KSIDE, KSIDE), dtype=numpy.float32)))


@wrap2d.on("gpuarray")
def wrap2d_gpuarray(xp):
    from gpuarray.scipy import signal
    image, kernel = _image(xp)
    return lambda: signal.convolve2d(image, kernel, boundary="wrap")


@wrap2d.on("cupy")
def wrap2d_cupy(xp):
    from cupyx.scipy import signal
    image, kernel = _image(xp)
    return lambda: signal.convolve2d(image, kernel, boundary="wrap")


def _volume(xp, k):
    rng = numpy.random.default_rng(1)
    return (xp.asarray(rng.random(VOLUME, dtype=numpy.float32)),
            xp.asarray(rng.random((k, k, k), dtype=numpy.float32)))


def _register(k, method):
    @nd_cases[k, method].on("gpuarray")
    def nd_gpuarray(xp):
        from gpuarray.scipy import signal
        volume, kernel = _volume(xp, k)
        return lambda: signal.convolve(volume, kernel, mode="same", method=method)

    if method != "auto":  # CuPy: NotImplementedError for N-D 'auto'
        @nd_cases[k, method].on("cupy")
        def nd_cupy(xp):
            from cupyx.scipy import signal
            volume, kernel = _volume(xp, k)
            return lambda: signal.convolve(volume, kernel, mode="same", method=method)


for _k in (3, 15):
    for _method in ("auto", "direct", "fft"):
        _register(_k, _method)
