# SPDX-License-Identifier: BSD-3-Clause
"""Which tiled-transpose shape is fastest on this GPU: RawKernel variants of
out = m.T (float32, 16384²), timed with events, median of 20, checked against
the engine's result. A measuring aid for Note [Tiled transpose]."""
import numpy

import gpuarray as xp

N = 16384
SOURCE = r"""
template <int TILE, int ROWS>
__device__ __forceinline__ void transpose_tiles(const float* in, float* out, int n) {
  __shared__ float tile[TILE][TILE + 1];
  const int tiles = n / TILE, tx = threadIdx.x % TILE, ty = threadIdx.x / TILE;
  for (int t = blockIdx.x; t < tiles * tiles; t += gridDim.x) {
    const int bx = t % tiles, by = t / tiles;
#pragma unroll
    for (int k = 0; k < TILE / ROWS; ++k) {
      const int r = ty + k * ROWS;
      tile[r][tx] = in[(long long)(by * TILE + r) * n + bx * TILE + tx];
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE / ROWS; ++k) {
      const int r = ty + k * ROWS;
      out[(long long)(bx * TILE + r) * n + by * TILE + tx] = tile[tx][r];
    }
    __syncthreads();
  }
}
extern "C" __global__ void t32x8(const float* in, float* out, int n) { transpose_tiles<32, 8>(in, out, n); }
extern "C" __global__ void t32x4(const float* in, float* out, int n) { transpose_tiles<32, 4>(in, out, n); }
extern "C" __global__ void t32x16(const float* in, float* out, int n) { transpose_tiles<32, 16>(in, out, n); }
extern "C" __global__ void t64x8(const float* in, float* out, int n) { transpose_tiles<64, 8>(in, out, n); }
extern "C" __global__ void t64x16(const float* in, float* out, int n) { transpose_tiles<64, 16>(in, out, n); }
"""
# name, tile, threads per block
VARIANTS = [("t32x8", 32, 256), ("t32x4", 32, 128), ("t32x16", 32, 512), ("t64x8", 64, 512), ("t64x16", 64, 1024)]


def time_ms(fn, repeat=20):
    start, end = xp.cuda.Event(), xp.cuda.Event()
    for _ in range(3):
        fn()
    samples = []
    for _ in range(repeat):
        start.record()
        fn()
        end.record()
        end.synchronize()
        samples.append(xp.cuda.get_elapsed_time(start, end))
    return float(numpy.median(samples))


def main():
    m = xp.asarray(numpy.random.default_rng(0).standard_normal((N, N), dtype=numpy.float32))
    expected = xp.ascontiguousarray(m.T)
    sm = xp.cuda.Device().attributes["MultiProcessorCount"]
    gb = 2 * 4 * N * N / 1e9
    print(f"engine ascontiguousarray(m.T): {1e3 * gb / time_ms(lambda: xp.ascontiguousarray(m.T)):.0f} GB/s")
    b = xp.ones((N, N), numpy.float32)
    print(f"engine m.T + b: {1.5e3 * gb / time_ms(lambda: m.T + b):.0f} GB/s, m + b: "
          f"{1.5e3 * gb / time_ms(lambda: m + b):.0f} GB/s, device copy: {1e3 * gb / time_ms(lambda: m.copy()):.0f} GB/s")
    module = xp.RawModule(code=SOURCE, options=("-std=c++17",))
    for name, tile, threads in VARIANTS:
        kernel = module.get_function(name)
        tiles = (N // tile) ** 2
        for label, grid in (("full grid", tiles), ("8 blocks/SM", min(tiles, sm * 2048 // threads))):
            out = xp.empty((N, N), numpy.float32)
            ms = time_ms(lambda: kernel((grid,), (threads,), (m, out, N)))
            ok = bool((out.get() == expected.get()).all())
            print(f"{name:7s} {label:12s} {1e3 * gb / ms:6.0f} GB/s  {'ok' if ok else 'WRONG'}")


if __name__ == "__main__":
    main()
