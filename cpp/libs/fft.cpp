// SPDX-License-Identifier: BSD-3-Clause
#include "libs/fft.hpp"

#include <array>
#include <optional>
#include <stdexcept>
#include <string>

#include "cuda/device.hpp"
#include "cuda/stream.hpp"
#include "kernels/array_copy.hpp"
#include "libs/fft_plan_cache.hpp"

namespace gpuarray::libs::fft {
namespace {

// cuFFT's advanced layout of one operand, in elements of its own type.
struct Layout {
  std::array<long long, kMaxPlanRank> embed{};
  long long stride = 1, dist = 1, batch = 1;
  bool dense = false;  // what cuFFT's basic layout addresses: no gaps, unit stride
};

// The advanced layout addressing `a` (its last `rank` axes transformed),
// or nothing when cuFFT cannot express it. See Note [FFT plan cache] for
// what the layout keys.
std::optional<Layout> layout_of(const NDArray& a, int rank) {
  const int nd = a.ndim();
  const long long item = a.itemsize();
  for (int i = 0; i < nd; ++i)
    if (a.strides[i] % item != 0) return std::nullopt;
  Layout out;
  // Transform axes nest: stride[k] = stride[k+1] * embed[k+1], embed[k+1] >=
  // size. A size-1 axis is never stepped: it gets the stride it would have
  // in a dense array.
  long long inner = 0;
  bool dense = true;
  for (int k = rank - 1; k >= 0; --k) {
    const int ax = nd - rank + k;
    long long s = a.strides[ax] / item;
    if (a.shape[ax] == 1) s = k == rank - 1 ? 1 : inner * a.shape[ax + 1];
    if (s <= 0) return std::nullopt;
    if (k == rank - 1) {
      out.stride = s;
      dense = s == 1;
    } else {
      if (s % inner != 0 || s / inner < a.shape[ax + 1]) return std::nullopt;
      out.embed[k + 1] = s / inner;
      dense = dense && out.embed[k + 1] == a.shape[ax + 1];
    }
    inner = s;
  }
  out.embed[0] = a.shape[nd - rank];
  const long long signal = inner * out.embed[0];
  // Batch axes must merge into one (size, dist) pair; size-1 axes drop out.
  long long batch = 1, dist = 0;
  for (int i = nd - rank - 1; i >= 0; --i) {
    if (a.shape[i] == 1) continue;
    const long long e = a.strides[i] / item;
    if (batch == 1) {
      dist = e;
    } else if (e != dist * batch) {
      return std::nullopt;
    }
    batch *= a.shape[i];
  }
  if (batch > 1 && dist <= 0) return std::nullopt;
  out.batch = batch;
  out.dist = batch > 1 ? dist : signal;
  out.dense = dense && out.dist == signal;
  return out;
}

cufftType type_for(Kind kind, DType complex_dtype) {
  const bool dbl = complex_dtype == DType::Complex128;
  switch (kind) {
    case Kind::C2C: return dbl ? CUFFT_Z2Z : CUFFT_C2C;
    case Kind::R2C: return dbl ? CUFFT_D2Z : CUFFT_R2C;
    case Kind::C2R: return dbl ? CUFFT_Z2D : CUFFT_C2R;
  }
  return CUFFT_C2C;
}

void check_dtypes(const NDArray& in, const NDArray& out, Kind kind) {
  const DType c = kind == Kind::C2R ? in.dtype : out.dtype;
  const DType r = kind == Kind::C2R ? out.dtype : in.dtype;
  const bool ok = kind == Kind::C2C ? (in.dtype == out.dtype && (c == DType::Complex64 || c == DType::Complex128))
                                    : ((c == DType::Complex64 && r == DType::Float32) ||
                                       (c == DType::Complex128 && r == DType::Float64));
  if (!ok)
    throw std::invalid_argument(std::string("fft: unsupported dtypes ") + dtype_name(in.dtype) + " -> " +
                                dtype_name(out.dtype));
}

void check_shapes(const NDArray& in, const NDArray& out, int rank, Kind kind) {
  const int nd = in.ndim();
  bool ok = rank >= 1 && rank <= 3 && nd >= rank && out.ndim() == nd;
  for (int i = 0; ok && i < nd; ++i) {
    std::int64_t expect = in.shape[i];
    if (i == nd - 1 && kind == Kind::R2C) expect = in.shape[i] / 2 + 1;
    if (i == nd - 1 && kind == Kind::C2R) expect = out.shape[i];  // checked below
    ok = out.shape[i] == expect;
  }
  if (ok && kind == Kind::C2R) ok = in.shape[nd - 1] == out.shape[nd - 1] / 2 + 1;
  if (!ok) throw std::invalid_argument("fft: input and output shapes do not match the transform");
}

void exec(cufftHandle h, cufftType type, void* in, void* out, bool forward) {
  const int dir = forward ? CUFFT_FORWARD : CUFFT_INVERSE;
  switch (type) {
    case CUFFT_C2C:
      return check_cufft(cufftExecC2C(h, static_cast<cufftComplex*>(in), static_cast<cufftComplex*>(out), dir),
                         "cufftExecC2C");
    case CUFFT_Z2Z:
      return check_cufft(
          cufftExecZ2Z(h, static_cast<cufftDoubleComplex*>(in), static_cast<cufftDoubleComplex*>(out), dir),
          "cufftExecZ2Z");
    case CUFFT_R2C:
      return check_cufft(cufftExecR2C(h, static_cast<cufftReal*>(in), static_cast<cufftComplex*>(out)),
                         "cufftExecR2C");
    case CUFFT_D2Z:
      return check_cufft(
          cufftExecD2Z(h, static_cast<cufftDoubleReal*>(in), static_cast<cufftDoubleComplex*>(out)),
          "cufftExecD2Z");
    case CUFFT_C2R:
      return check_cufft(cufftExecC2R(h, static_cast<cufftComplex*>(in), static_cast<cufftReal*>(out)),
                         "cufftExecC2R");
    case CUFFT_Z2D:
      return check_cufft(
          cufftExecZ2D(h, static_cast<cufftDoubleComplex*>(in), static_cast<cufftDoubleReal*>(out)),
          "cufftExecZ2D");
    default: throw std::invalid_argument("fft: unknown cuFFT type");
  }
}

}  // namespace

void execute(const NDArray& in, const NDArray& out, int rank, Kind kind, bool forward, bool input_scratch) {
  check_shapes(in, out, rank, kind);
  check_dtypes(in, out, kind);
  if (in.size() == 0 || out.size() == 0) return;
  if (!out.writeable) throw std::invalid_argument("output array is read-only");
  const int device = current_device();  // Note [Arrays of another device]
  require_access(device, in.device(), "fft");
  require_access(device, out.device(), "fft");

  NDArray src = in;
  std::optional<Layout> in_layout = layout_of(src, rank);
  // cuFFT refuses (CUFFT_INVALID_VALUE) a real input that is not aligned to its
  // complex type, as a view such as a[:, 3:11] of float32 data is.
  const bool misaligned_real = kind == Kind::R2C && src.data_ptr() % (2 * src.itemsize()) != 0;
  const bool must_copy =
      !in_layout || misaligned_real || (kind == Kind::C2R && !input_scratch) || may_share_memory(src, out);
  if (must_copy) {
    src = copy_array(in, in.dtype, 'C');
    in_layout = layout_of(src, rank);
  }
  NDArray dst = out;
  std::optional<Layout> out_layout = layout_of(dst, rank);
  if (!out_layout || (kind == Kind::C2R && dst.data_ptr() % (2 * dst.itemsize()) != 0)) {
    dst = NDArray::empty(out.shape, out.dtype);
    out_layout = layout_of(dst, rank);
  }

  PlanKey key;
  key.type = type_for(kind, (kind == Kind::C2R ? src : dst).dtype);
  key.rank = rank;
  key.basic = in_layout->dense && out_layout->dense;
  const NDArray& real_side = kind == Kind::C2R ? dst : src;
  for (int k = 0; k < rank; ++k) key.n[k] = real_side.shape[real_side.ndim() - rank + k];
  key.inembed = in_layout->embed;
  key.onembed = out_layout->embed;
  key.istride = in_layout->stride;
  key.idist = in_layout->dist;
  key.ostride = out_layout->stride;
  key.odist = out_layout->dist;
  key.batch = in_layout->batch;

  std::shared_ptr<Plan> plan = PlanCache::for_device(device)->get(key);
  // Pool memory freed after the launch is reused only in stream order (Note [FFT plan cache]).
  MemoryPointer work = allocate(plan->work_size());
  plan->bind(current_stream(device), reinterpret_cast<void*>(work.ptr()));
  exec(plan->handle(), key.type, reinterpret_cast<void*>(src.data_ptr()), reinterpret_cast<void*>(dst.data_ptr()),
       forward);
  if (dst.data_ptr() != out.data_ptr()) copy_into(out, dst);
}

}  // namespace gpuarray::libs::fft
