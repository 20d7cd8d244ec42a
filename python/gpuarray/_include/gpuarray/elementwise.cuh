// SPDX-License-Identifier: BSD-3-Clause
// Device loops for every elementwise kernel (ufuncs, casts, copies, fills,
// ElementwiseKernel). A generated kernel only names its operand types and its
// per-element body and calls one of the two loops below; the host side that
// fills their parameters is cpp/kernels/elementwise_args.cpp (see Note
// [Elementwise kernel parameters]).
//
// This header includes nothing: NVRTC compiles it for every new kernel, and
// cold compile time is a user-visible number. It also compiles as host C++
// (with __host__/__device__ defined away) so the loops can be run on a CPU.
#pragma once

namespace ga {
namespace ew {

// Operand roles, in the order the kernel's pointers are passed.
template <typename T> struct In { using type = T; };
template <typename T> struct Out { using type = T; };
// An output the body also reads (CuPy's ElementwiseKernel lets `y += x`).
template <typename T> struct InOut { using type = T; };
// An input read at one address for every element (a broadcast scalar, stride
// 0) inside a contiguous loop; strided loops express it as zero strides.
template <typename T> struct InBroadcast { using type = T; };

// Note [Elementwise kernel parameters]
// A kernel takes, in order: Pointers<NARGS> (byte addresses, operand order),
// the element count n (Counter<Index>: unsigned 32 or 64 bit), for strided
// kernels a StridedGeometry by value, then one by-value parameter per scalar.
// StridedGeometry holds arrays of one 4- or 8-byte word type only, so its
// layout has no padding and the host writes it as a flat word array:
//   64-bit: sizes[NDIM], strides[NDIM][NARGS]
//   32-bit: sizes[NDIM], magic[NDIM], shift[NDIM], strides[NDIM][NARGS]
// Dimension 0 is the innermost (fastest varying). Strides are in bytes and
// may be negative or zero.
template <int NARGS> struct Pointers { char* data[NARGS]; };

template <typename Index> struct CounterOf;
template <> struct CounterOf<int> { using type = unsigned int; };
template <> struct CounterOf<long long> { using type = unsigned long long; };
template <typename Index> using Counter = typename CounterOf<Index>::type;

template <int NDIM, int NARGS, typename Index> struct StridedGeometry {
  long long sizes[NDIM];
  long long strides[NDIM][NARGS];
};
template <int NDIM, int NARGS> struct StridedGeometry<NDIM, NARGS, int> {
  int sizes[NDIM];
  unsigned int magic[NDIM];  // see Note [Division by a constant]
  unsigned int shift[NDIM];
  int strides[NDIM][NARGS];
};

// Note [Division by a constant]
// q = n / d for n < 2^31 and 1 <= d < 2^31 as a multiply-high and a shift
// (Granlund & Montgomery): shift = ceil(log2 d), magic = floor(2^32 * (2^shift
// - d) / d) + 1, q = (umulhi(n, magic) + n) >> shift. The sum fits in 32 bits
// because n < 2^31. The host computes magic and shift per dimension.
__host__ __device__ __forceinline__ unsigned int umulhi32(unsigned int a, unsigned int b) {
#ifdef __CUDA_ARCH__
  return __umulhi(a, b);
#else
  return static_cast<unsigned int>((static_cast<unsigned long long>(a) * b) >> 32);
#endif
}

template <int NDIM, int NARGS>
__host__ __device__ __forceinline__ unsigned int quotient(const StridedGeometry<NDIM, NARGS, int>& g, int d,
                                                          unsigned int n) {
  return (umulhi32(n, g.magic[d]) + n) >> g.shift[d];
}
template <int NDIM, int NARGS>
__host__ __device__ __forceinline__ unsigned long long quotient(const StridedGeometry<NDIM, NARGS, long long>& g,
                                                                int d, unsigned long long n) {
  return n / static_cast<unsigned long long>(g.sizes[d]);
}

// Byte offsets of linear element `linear` (row-major over dims NDIM-1..0) for
// every operand. The outermost coordinate needs no division.
template <int NDIM, int NARGS, typename Index>
__host__ __device__ __forceinline__ void strided_offsets(const StridedGeometry<NDIM, NARGS, Index>& g,
                                                         Counter<Index> linear, Index (&offset)[NARGS]) {
#pragma unroll
  for (int a = 0; a < NARGS; ++a) offset[a] = 0;
#pragma unroll
  for (int d = 0; d < NDIM; ++d) {
    Index coord;
    if (d == NDIM - 1) {
      coord = static_cast<Index>(linear);
    } else {
      const Counter<Index> q = quotient(g, d, linear);
      coord = static_cast<Index>(linear - q * static_cast<Counter<Index>>(g.sizes[d]));
      linear = q;
    }
#pragma unroll
    for (int a = 0; a < NARGS; ++a) offset[a] += coord * static_cast<Index>(g.strides[d][a]);
  }
}

// N elements of T as one aligned access: N * sizeof(T) <= 16 bytes, and the
// host only picks N when every pointer is aligned to it.
template <typename T, int N> struct alignas(sizeof(T) * N) Vec { T v[N]; };

template <int... I> struct IntSeq {};
template <int N, int... I> struct MakeIntSeq : MakeIntSeq<N - 1, N - 1, I...> {};
template <int... I> struct MakeIntSeq<0, I...> { using type = IntSeq<I...>; };

// One operand's registers for VEC consecutive elements, and how it moves them.
template <int I, typename Role, int VEC> struct Slot;

template <int I, typename T, int VEC> struct Slot<I, In<T>, VEC> {
  Vec<T, VEC> r;
  __host__ __device__ __forceinline__ void prepare(char* const*) {}
  template <typename C> __host__ __device__ __forceinline__ void load_vec(char* const* p, C v) {
    r = reinterpret_cast<const Vec<T, VEC>*>(p[I])[v];
  }
  template <typename Index> __host__ __device__ __forceinline__ void load_at(char* const* p, Index byte_offset) {
    r.v[0] = *reinterpret_cast<const T*>(p[I] + byte_offset);
  }
  template <typename C> __host__ __device__ __forceinline__ void store_vec(char* const*, C) {}
  template <typename Index> __host__ __device__ __forceinline__ void store_at(char* const*, Index) {}
  __host__ __device__ __forceinline__ T& at(int j) { return r.v[j]; }
};

template <int I, typename T, int VEC> struct Slot<I, Out<T>, VEC> {
  Vec<T, VEC> r;
  __host__ __device__ __forceinline__ void prepare(char* const*) {}
  template <typename C> __host__ __device__ __forceinline__ void load_vec(char* const*, C) {}
  template <typename Index> __host__ __device__ __forceinline__ void load_at(char* const*, Index) {}
  template <typename C> __host__ __device__ __forceinline__ void store_vec(char* const* p, C v) {
    reinterpret_cast<Vec<T, VEC>*>(p[I])[v] = r;
  }
  template <typename Index> __host__ __device__ __forceinline__ void store_at(char* const* p, Index byte_offset) {
    *reinterpret_cast<T*>(p[I] + byte_offset) = r.v[0];
  }
  __host__ __device__ __forceinline__ T& at(int j) { return r.v[j]; }
};

template <int I, typename T, int VEC> struct Slot<I, InOut<T>, VEC> : Slot<I, Out<T>, VEC> {
  template <typename C> __host__ __device__ __forceinline__ void load_vec(char* const* p, C v) {
    this->r = reinterpret_cast<const Vec<T, VEC>*>(p[I])[v];
  }
  template <typename Index> __host__ __device__ __forceinline__ void load_at(char* const* p, Index byte_offset) {
    this->r.v[0] = *reinterpret_cast<const T*>(p[I] + byte_offset);
  }
};

template <int I, typename T, int VEC> struct Slot<I, InBroadcast<T>, VEC> {
  T r;
  __host__ __device__ __forceinline__ void prepare(char* const* p) { r = *reinterpret_cast<const T*>(p[I]); }
  template <typename C> __host__ __device__ __forceinline__ void load_vec(char* const*, C) {}
  template <typename Index> __host__ __device__ __forceinline__ void load_at(char* const*, Index) {}
  template <typename C> __host__ __device__ __forceinline__ void store_vec(char* const*, C) {}
  template <typename Index> __host__ __device__ __forceinline__ void store_at(char* const*, Index) {}
  __host__ __device__ __forceinline__ T& at(int) { return r; }
};

// The registers of all operands; the body sees operand I's element j as a
// reference (inputs are passed on as const references by the generated body).
template <int VEC, typename Seq, typename... Roles> struct Frame;
template <int VEC, int... I, typename... Roles>
struct Frame<VEC, IntSeq<I...>, Roles...> : Slot<I, Roles, VEC>... {
  __host__ __device__ __forceinline__ void prepare(char* const* p) { (Slot<I, Roles, VEC>::prepare(p), ...); }
  template <typename C> __host__ __device__ __forceinline__ void load_vec(char* const* p, C v) {
    (Slot<I, Roles, VEC>::load_vec(p, v), ...);
  }
  template <typename C> __host__ __device__ __forceinline__ void store_vec(char* const* p, C v) {
    (Slot<I, Roles, VEC>::store_vec(p, v), ...);
  }
  template <typename Index> __host__ __device__ __forceinline__ void load_at(char* const* p, const Index* off) {
    (Slot<I, Roles, VEC>::load_at(p, off[I]), ...);
  }
  template <typename Index> __host__ __device__ __forceinline__ void store_at(char* const* p, const Index* off) {
    (Slot<I, Roles, VEC>::store_at(p, off[I]), ...);
  }
  // Tiled kernels (tiled_kernel below; Layout is their TileLayout). Each
  // staged operand's tile is read along dimension 1, where it is dense: thread
  // (tx, ty) reads columns tx of rows ty, ty + ROWS, ... (`base`: each
  // operand's byte offset of the tile's corner; `row_stride`: its stride
  // along dimension 0; rows_left/cols_left clip edge tiles, `whole` says
  // that nothing is clipped). A whole tile's loads are all issued before
  // the first store: a guarded load followed by its store waits for the
  // load, and eight such waits in a row halved the kernel's bandwidth.
  template <unsigned STAGED, typename Layout, int ROWS>
  __host__ __device__ __forceinline__ void stage_tiles(char* const* p, const long long* base,
                                                       const long long* row_stride, unsigned char* tiles, int tx,
                                                       int ty, bool whole, long long rows_left, long long cols_left) {
    (stage_tile<STAGED, Layout, ROWS, I, Roles>(p, base[I], row_stride[I], tiles, tx, ty, whole, rows_left,
                                                cols_left),
     ...);
  }
  // Element (row tx, column r) of the tile: staged operands from shared
  // memory, the others from their byte offsets `off`.
  template <unsigned STAGED, typename Layout>
  __host__ __device__ __forceinline__ void load_tiled(char* const* p, const long long* off, const unsigned char* tiles,
                                                      int tx, int r) {
    (load_tiled_one<STAGED, Layout, I, Roles>(p, off[I], tiles, tx, r), ...);
  }

  template <unsigned STAGED, typename Layout, int ROWS, int J, typename Role>
  __host__ __device__ __forceinline__ void stage_tile(char* const* p, long long base, long long row_stride,
                                                      unsigned char* tiles, int tx, int ty, bool whole,
                                                      long long rows_left, long long cols_left) {
    if constexpr ((STAGED >> J) & 1u) {
      using T = typename Role::type;
      constexpr int K = Layout::kTile / ROWS;
      auto tile = reinterpret_cast<T(*)[Layout::kTile + 1]>(tiles + Layout::offset(J));
      const char* src = p[J] + base + tx * static_cast<long long>(sizeof(T));
      if (whole) {
        T v[K];
#pragma unroll
        for (int k = 0; k < K; ++k) v[k] = *reinterpret_cast<const T*>(src + (ty + k * ROWS) * row_stride);
#pragma unroll
        for (int k = 0; k < K; ++k) tile[ty + k * ROWS][tx] = v[k];
        return;
      }
#pragma unroll
      for (int k = 0; k < K; ++k) {
        const int r = ty + k * ROWS;
        if (r < rows_left && tx < cols_left) tile[r][tx] = *reinterpret_cast<const T*>(src + r * row_stride);
      }
    }
  }
  template <unsigned STAGED, typename Layout, int J, typename Role>
  __host__ __device__ __forceinline__ void load_tiled_one(char* const* p, long long off, const unsigned char* tiles,
                                                          int tx, int r) {
    if constexpr ((STAGED >> J) & 1u)
      Slot<J, Role, VEC>::at(0) =
          reinterpret_cast<const typename Role::type(*)[Layout::kTile + 1]>(tiles + Layout::offset(J))[tx][r];
    else
      Slot<J, Role, VEC>::load_at(p, off);
  }
  // `index` is the element's position in C order; only bodies that declare
  // kUsesIndex receive it (as their first parameter, `i`).
  template <typename Body, typename C>
  __host__ __device__ __forceinline__ void apply(const Body& body, int j, C index) {
    if constexpr (Body::kUsesIndex)
      body(static_cast<long long>(index), Slot<I, Roles, VEC>::at(j)...);
    else
      body(Slot<I, Roles, VEC>::at(j)...);
  }
};
template <int VEC, typename... Roles> using FrameOf = Frame<VEC, typename MakeIntSeq<sizeof...(Roles)>::type, Roles...>;

// Where each staged operand's tile lies in a tiled kernel's shared memory,
// and the tile side: 64 when one 64 x 65 tile per staged operand fits 48 KiB,
// else 32 (tile_extent on the host computes the same; the host only plans
// tiles that fit). Every tile's size is a multiple of 16 bytes, so each
// starts aligned for any item type.
template <unsigned STAGED, typename... Roles> struct TileLayout {
  static constexpr int kCount = sizeof...(Roles);
  static constexpr int kItem[kCount] = {static_cast<int>(sizeof(typename Roles::type))...};
  __host__ __device__ static constexpr int staged_bytes() {
    int b = 0;
    for (int i = 0; i < kCount; ++i)
      if ((STAGED >> i) & 1u) b += kItem[i];
    return b;
  }
  static constexpr int kTile = 64 * 65 * staged_bytes() <= 48 * 1024 ? 64 : 32;
  __host__ __device__ static constexpr int offset(int op) {
    int o = 0;
    for (int i = 0; i < op; ++i)
      if ((STAGED >> i) & 1u) o += kTile * (kTile + 1) * kItem[i];
    return o;
  }
  static constexpr int kBytes = offset(kCount) > 0 ? offset(kCount) : 16;
};


// The per-thread work of a contiguous kernel: thread `tid` of `nthreads`
// handles vectors tid, tid + nthreads, ... of VEC elements, then the scalar
// tail. Every non-broadcast operand is dense: element i is at data + i*sizeof(T).
template <int VEC, typename... Roles, typename C, typename Body>
__host__ __device__ __forceinline__ void contiguous_loop(const Pointers<sizeof...(Roles)>& p, C n, const Body& body,
                                                         C tid, C nthreads) {
  char* const* ptr = p.data;
  const C nvec = n / VEC;
  FrameOf<VEC, Roles...> frame;
  frame.prepare(ptr);
  for (C v = tid; v < nvec; v += nthreads) {
    frame.load_vec(ptr, v);
#pragma unroll
    for (int j = 0; j < VEC; ++j) frame.apply(body, j, v * VEC + j);
    frame.store_vec(ptr, v);
  }
  if (VEC > 1) {
    FrameOf<1, Roles...> tail;
    tail.prepare(ptr);
    for (C i = nvec * VEC + tid; i < n; i += nthreads) {
      tail.load_vec(ptr, i);
      tail.apply(body, 0, i);
      tail.store_vec(ptr, i);
    }
  }
}

// The per-thread work of a strided kernel: one element per step, its offsets
// computed from the linear index.
template <int NDIM, typename Index, typename... Roles, typename Body>
__host__ __device__ __forceinline__ void strided_loop(const Pointers<sizeof...(Roles)>& p, Counter<Index> n,
                                                      const StridedGeometry<NDIM, sizeof...(Roles), Index>& g,
                                                      const Body& body, Counter<Index> tid, Counter<Index> nthreads) {
  constexpr int NARGS = sizeof...(Roles);
  char* const* ptr = p.data;
  FrameOf<1, Roles...> frame;
  frame.prepare(ptr);
  for (Counter<Index> i = tid; i < n; i += nthreads) {
    Index offset[NARGS];
    strided_offsets(g, i, offset);
    frame.load_at(ptr, offset);
    frame.apply(body, 0, i);
    frame.store_at(ptr, offset);
  }
}

#ifdef __CUDACC__
// Tiled plans (Note [Tiled transpose] in cpp/kernels/iteration_plan.cpp):
// dimensions 0 and 1 are cut into square tiles, dimension 2 is a batch.
// Outputs are dense along dimension 0; the inputs in STAGED are dense along
// dimension 1. Each block of 512 threads takes one tile at a time: it reads
// the staged inputs' tiles into shared memory with threads along dimension 1,
// then evaluates the tile's elements with threads along dimension 0, staged
// inputs read from shared memory, every other operand at its address. On the
// host (tests of the loops) every operand is read at its address.
template <unsigned STAGED, typename... Roles, typename Body>
__device__ __forceinline__ void tiled_kernel(const Pointers<sizeof...(Roles)>& p, unsigned long long,
                                             const StridedGeometry<3, sizeof...(Roles), long long>& g,
                                             const Body& body) {
  static_assert(!Body::kUsesIndex, "ops that read i keep C order and are never tiled");
  constexpr int N = sizeof...(Roles);
  using Layout = TileLayout<STAGED, Roles...>;
  constexpr int kThreads = 512, kTile = Layout::kTile, kRows = kThreads / kTile;
  const long long n0 = g.sizes[0], n1 = g.sizes[1];
  // Tile numbers fit 32 bits (tiles are at least 16 x 16 elements, and no
  // array has 2^40; the host checks); 64-bit division would cost about a hundred instructions.
  const unsigned int tiles0 = static_cast<unsigned int>((n0 + kTile - 1) / kTile);
  const unsigned int tiles1 = static_cast<unsigned int>((n1 + kTile - 1) / kTile);
  const unsigned int per_batch = tiles0 * tiles1;
  const unsigned int ntiles = per_batch * static_cast<unsigned int>(g.sizes[2]);
  const int tx = threadIdx.x % kTile, ty = threadIdx.x / kTile;
#ifdef __CUDA_ARCH__
  // Raw storage: __shared__ objects may not have constructors (complex, half).
  // One column of padding keeps the column reads free of bank conflicts.
  __shared__ alignas(16) unsigned char tiles[Layout::kBytes];
#endif
  constexpr int K = kTile / kRows;  // elements per thread and tile
  long long row_stride[N];
#pragma unroll
  for (int a = 0; a < N; ++a) row_stride[a] = g.strides[0][a];
  for (unsigned int t = blockIdx.x; t < ntiles; t += gridDim.x) {
    const unsigned int batch = t / per_batch, in_batch = t - batch * per_batch;
    const long long base0 = static_cast<long long>(in_batch % tiles0) * kTile;
    const long long base1 = static_cast<long long>(in_batch / tiles0) * kTile;
    long long base[N];
#pragma unroll
    for (int a = 0; a < N; ++a)
      base[a] = static_cast<long long>(batch) * g.strides[2][a] + base0 * g.strides[0][a] + base1 * g.strides[1][a];
    const long long rows_left = n0 - base0, cols_left = n1 - base1;
    const bool whole = rows_left >= kTile && cols_left >= kTile;
    // Byte offsets of element (row tx, column ty + k * kRows) of the tile.
    auto offsets = [&](int k, long long(&off)[N]) {
#pragma unroll
      for (int a = 0; a < N; ++a)
        off[a] = base[a] + tx * g.strides[0][a] + static_cast<long long>(ty + k * kRows) * g.strides[1][a];
    };
    FrameOf<1, Roles...> frames[K];
#ifdef __CUDA_ARCH__
    frames[0].template stage_tiles<STAGED, Layout, kRows>(p.data, base, row_stride, tiles, tx, ty, whole, rows_left,
                                                          cols_left);
    __syncthreads();
#endif
    // As when staging: a whole tile's elements are all read before any is
    // written (measured faster even when only shared memory is read here);
    // an edge tile's are done one at a time, inside the bounds.
    if (whole) {
#pragma unroll
      for (int k = 0; k < K; ++k) {
        long long off[N];
        offsets(k, off);
#ifdef __CUDA_ARCH__
        frames[k].template load_tiled<STAGED, Layout>(p.data, off, tiles, tx, ty + k * kRows);
#else
        frames[k].load_at(p.data, off);
#endif
      }
#pragma unroll
      for (int k = 0; k < K; ++k) {
        long long off[N];
        offsets(k, off);
        frames[k].apply(body, 0, 0);
        frames[k].store_at(p.data, off);
      }
    } else {
#pragma unroll
      for (int k = 0; k < K; ++k) {
        if (!(tx < rows_left && ty + k * kRows < cols_left)) continue;
        long long off[N];
        offsets(k, off);
#ifdef __CUDA_ARCH__
        frames[k].template load_tiled<STAGED, Layout>(p.data, off, tiles, tx, ty + k * kRows);
#else
        frames[k].load_at(p.data, off);
#endif
        frames[k].apply(body, 0, 0);
        frames[k].store_at(p.data, off);
      }
    }
#ifdef __CUDA_ARCH__
    __syncthreads();
#endif
  }
}

template <typename C> __device__ __forceinline__ C thread_rank() {
  return static_cast<C>(blockIdx.x) * blockDim.x + threadIdx.x;
}
template <typename C> __device__ __forceinline__ C thread_count() {
  return static_cast<C>(gridDim.x) * blockDim.x;
}

template <int VEC, typename... Roles, typename C, typename Body>
__device__ __forceinline__ void contiguous_kernel(const Pointers<sizeof...(Roles)>& p, C n, const Body& body) {
  contiguous_loop<VEC, Roles...>(p, n, body, thread_rank<C>(), thread_count<C>());
}

template <int NDIM, typename Index, typename... Roles, typename Body>
__device__ __forceinline__ void strided_kernel(const Pointers<sizeof...(Roles)>& p, Counter<Index> n,
                                               const StridedGeometry<NDIM, sizeof...(Roles), Index>& g,
                                               const Body& body) {
  strided_loop<NDIM, Index, Roles...>(p, n, g, body, thread_rank<Counter<Index>>(), thread_count<Counter<Index>>());
}
#endif

}  // namespace ew
}  // namespace ga
