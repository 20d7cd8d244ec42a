// SPDX-License-Identifier: BSD-3-Clause
// cuSOLVER routines that exist only in typed form (S/D/C/Z): the batched
// Jacobi SVD kernel for small matrices, and Q from Householder reflectors.
// One traits row per type names the functions; each routine is written
// once against the row.
#include <cuComplex.h>

#include <stdexcept>
#include <string>

#include "libs/handles.hpp"
#include "libs/lib_types.hpp"
#include "libs/solver.hpp"
#include "memory/memory.hpp"

namespace gpuarray::libs {
namespace {

template <class T>
struct Typed;

#define GA_TYPED_ROW(T, R, X, Q)                                            \
  template <>                                                               \
  struct Typed<T> {                                                         \
    using Real = R;                                                         \
    static constexpr auto batched_size = &cusolverDn##X##gesvdjBatched_bufferSize; \
    static constexpr auto batched = &cusolverDn##X##gesvdjBatched;          \
    static constexpr auto orgqr_size = &cusolverDn##X##Q##_bufferSize;       \
    static constexpr auto orgqr = &cusolverDn##X##Q;                         \
  };
GA_TYPED_ROW(float, float, S, orgqr)
GA_TYPED_ROW(double, double, D, orgqr)
GA_TYPED_ROW(cuComplex, float, C, ungqr)
GA_TYPED_ROW(cuDoubleComplex, double, Z, ungqr)
#undef GA_TYPED_ROW

template <class T>
T* tp(Ptr p, Int i, Int elements) {
  return reinterpret_cast<T*>(p) + i * elements;
}

// cuSOLVER's batched Jacobi SVD handles matrices up to 32 x 32 in one launch.
constexpr Int kBatchedJacobiMaxSide = 32;

struct GesvdjParams {
  gesvdjInfo_t p = nullptr;
  GesvdjParams() { check_cusolver(cusolverDnCreateGesvdjInfo(&p), "cusolverDnCreateGesvdjInfo"); }
  ~GesvdjParams() { cusolverDnDestroyGesvdjInfo(p); }
  GesvdjParams(const GesvdjParams&) = delete;
  GesvdjParams& operator=(const GesvdjParams&) = delete;
};

}  // namespace

void gesvdj_batched(char t, Int m, Int n, Ptr a, Ptr s, Ptr u, Ptr v, Ptr info, Int batch) {
  if (m > kBatchedJacobiMaxSide || n > kBatchedJacobiMaxSide)
    throw std::invalid_argument("gesvdj_batched: sides " + std::to_string(m) + " x " + std::to_string(n) +
                                " exceed cuSOLVER's batched Jacobi limit of " +
                                std::to_string(kBatchedJacobiMaxSide));
  dispatch_lapack_type(t, [&](auto tag) {
    using T = decltype(tag);
    using R = typename Typed<T>::Real;
    const int mi = static_cast<int>(m), ni = static_cast<int>(n), b = static_cast<int>(batch);
    auto h = cusolver_handle();
    GesvdjParams params;
    int lwork = 0;
    check_cusolver(Typed<T>::batched_size(h, CUSOLVER_EIG_MODE_VECTOR, mi, ni, tp<T>(a, 0, 0), mi, tp<R>(s, 0, 0),
                                          tp<T>(u, 0, 0), mi, tp<T>(v, 0, 0), ni, &lwork, params.p, b),
                   "cusolverDn<t>gesvdjBatched_bufferSize");
    MemoryPointer work = allocate(static_cast<std::size_t>(lwork) * sizeof(T));
    check_cusolver(Typed<T>::batched(h, CUSOLVER_EIG_MODE_VECTOR, mi, ni, tp<T>(a, 0, 0), mi, tp<R>(s, 0, 0),
                                     tp<T>(u, 0, 0), mi, tp<T>(v, 0, 0), ni, reinterpret_cast<T*>(work.ptr()), lwork,
                                     reinterpret_cast<int*>(info), params.p, b),
                   "cusolverDn<t>gesvdjBatched");
  });
}

void orgqr(char t, Int m, Int n, Int k, Ptr a, Ptr tau, Ptr info, Int batch) {
  dispatch_lapack_type(t, [&](auto tag) {
    using T = decltype(tag);
    const int mi = static_cast<int>(m), ni = static_cast<int>(n), ki = static_cast<int>(k);
    auto h = cusolver_handle();
    int lwork = 0;
    check_cusolver(Typed<T>::orgqr_size(h, mi, ni, ki, tp<T>(a, 0, 0), mi, tp<T>(tau, 0, 0), &lwork),
                   "cusolverDn<t>orgqr_bufferSize");
    MemoryPointer work = allocate(static_cast<std::size_t>(lwork) * sizeof(T));
    for (Int i = 0; i < batch; ++i) {
      check_cusolver(Typed<T>::orgqr(h, mi, ni, ki, tp<T>(a, i, m * n), mi, tp<T>(tau, i, k),
                                     reinterpret_cast<T*>(work.ptr()), lwork, reinterpret_cast<int*>(info) + i),
                     "cusolverDn<t>orgqr");
    }
  });
}

}  // namespace gpuarray::libs
