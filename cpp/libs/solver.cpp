// SPDX-License-Identifier: BSD-3-Clause
// The generic (64-bit, cudaDataType) cuSOLVER routines, one matrix at a time
// over the batch. The typed routines (Jacobi SVD, Q from reflectors) are in
// solver_typed.cpp.
#include "libs/solver.hpp"

#include <vector>

#include "libs/handles.hpp"
#include "libs/lib_types.hpp"
#include "memory/memory.hpp"

namespace gpuarray::libs {
namespace {

void* vp(Ptr p) { return reinterpret_cast<void*>(p); }
int* info_at(Ptr info, Int i) { return reinterpret_cast<int*>(info) + i; }
Ptr at(Ptr base, Int i, Int elements, int itemsize) { return base + static_cast<Ptr>(i * elements * itemsize); }

cublasFillMode_t fill_mode(char uplo) { return uplo == 'U' ? CUBLAS_FILL_MODE_UPPER : CUBLAS_FILL_MODE_LOWER; }

// Device and host workspaces of the sizes a *_bufferSize call reported. The
// device part comes from the pool and is released in stream order, so the
// asynchronous routine that uses it may still be running when it goes.
struct Workspace {
  MemoryPointer device;
  std::vector<unsigned char> host;
  Workspace(std::size_t device_bytes, std::size_t host_bytes) : device(allocate(device_bytes)), host(host_bytes) {}
  void* d() { return reinterpret_cast<void*>(device.ptr()); }
  void* h() { return host.empty() ? nullptr : host.data(); }
};

}  // namespace

void getrf(char t, Int n, Ptr a, Ptr pivots, Ptr info, Int batch) {
  const LibType lt = lib_type(t);
  auto h = cusolver_handle();
  auto params = cusolver_params();
  std::size_t dbytes = 0, hbytes = 0;
  check_cusolver(cusolverDnXgetrf_bufferSize(h, params, n, n, lt.data, vp(a), n, lt.data, &dbytes, &hbytes),
                 "cusolverDnXgetrf_bufferSize");
  Workspace ws(dbytes, hbytes);
  for (Int i = 0; i < batch; ++i) {
    check_cusolver(cusolverDnXgetrf(h, params, n, n, lt.data, vp(at(a, i, n * n, lt.itemsize)), n,
                                    reinterpret_cast<std::int64_t*>(at(pivots, i, n, 8)), lt.data, ws.d(), dbytes,
                                    ws.h(), hbytes, info_at(info, i)),
                   "cusolverDnXgetrf");
  }
}

void getrs(char t, bool transpose, Int n, Int nrhs, Ptr lu, Ptr pivots, Ptr b, Ptr info, Int batch) {
  const LibType lt = lib_type(t);
  auto h = cusolver_handle();
  auto params = cusolver_params();
  for (Int i = 0; i < batch; ++i) {
    check_cusolver(cusolverDnXgetrs(h, params, transpose ? CUBLAS_OP_T : CUBLAS_OP_N, n, nrhs, lt.data, vp(at(lu, i, n * n, lt.itemsize)), n,
                                    reinterpret_cast<const std::int64_t*>(at(pivots, i, n, 8)), lt.data,
                                    vp(at(b, i, n * nrhs, lt.itemsize)), n, info_at(info, i)),
                   "cusolverDnXgetrs");
  }
}

void potrf(char t, char uplo, Int n, Ptr a, Ptr info, Int batch) {
  const LibType lt = lib_type(t);
  auto h = cusolver_handle();
  auto params = cusolver_params();
  std::size_t dbytes = 0, hbytes = 0;
  check_cusolver(cusolverDnXpotrf_bufferSize(h, params, fill_mode(uplo), n, lt.data, vp(a), n, lt.data, &dbytes,
                                             &hbytes),
                 "cusolverDnXpotrf_bufferSize");
  Workspace ws(dbytes, hbytes);
  for (Int i = 0; i < batch; ++i) {
    check_cusolver(cusolverDnXpotrf(h, params, fill_mode(uplo), n, lt.data, vp(at(a, i, n * n, lt.itemsize)), n,
                                    lt.data, ws.d(), dbytes, ws.h(), hbytes, info_at(info, i)),
                   "cusolverDnXpotrf");
  }
}

void geqrf(char t, Int m, Int n, Ptr a, Ptr tau, Ptr info, Int batch) {
  const LibType lt = lib_type(t);
  const Int k = m < n ? m : n;
  auto h = cusolver_handle();
  auto params = cusolver_params();
  std::size_t dbytes = 0, hbytes = 0;
  check_cusolver(cusolverDnXgeqrf_bufferSize(h, params, m, n, lt.data, vp(a), m, lt.data, vp(tau), lt.data, &dbytes,
                                             &hbytes),
                 "cusolverDnXgeqrf_bufferSize");
  Workspace ws(dbytes, hbytes);
  for (Int i = 0; i < batch; ++i) {
    check_cusolver(cusolverDnXgeqrf(h, params, m, n, lt.data, vp(at(a, i, m * n, lt.itemsize)), m, lt.data,
                                    vp(at(tau, i, k, lt.itemsize)), lt.data, ws.d(), dbytes, ws.h(), hbytes,
                                    info_at(info, i)),
                   "cusolverDnXgeqrf");
  }
}

void syevd(char t, bool vectors, char uplo, Int n, Ptr a, Ptr w, Ptr info, Int batch) {
  const LibType lt = lib_type(t);
  const int real_size = lt.itemsize / (lt.complex ? 2 : 1);
  const cusolverEigMode_t jobz = vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  auto h = cusolver_handle();
  auto params = cusolver_params();
  std::size_t dbytes = 0, hbytes = 0;
  check_cusolver(cusolverDnXsyevd_bufferSize(h, params, jobz, fill_mode(uplo), n, lt.data, vp(a), n, lt.real, vp(w),
                                             lt.data, &dbytes, &hbytes),
                 "cusolverDnXsyevd_bufferSize");
  Workspace ws(dbytes, hbytes);
  for (Int i = 0; i < batch; ++i) {
    check_cusolver(cusolverDnXsyevd(h, params, jobz, fill_mode(uplo), n, lt.data, vp(at(a, i, n * n, lt.itemsize)), n,
                                    lt.real, vp(at(w, i, n, real_size)), lt.data, ws.d(), dbytes, ws.h(), hbytes,
                                    info_at(info, i)),
                   "cusolverDnXsyevd");
  }
}

void geev(char t, bool vectors, Int n, Ptr a, Ptr w, Ptr vr, Ptr info, Int batch) {
  const LibType lt = lib_type(t);
  // w is complex in both cases; for a real matrix cuSOLVER still works in
  // real arithmetic (conjugate pairs come out exact) and vr holds LAPACK's
  // packed real form of the vectors.
  const LibType wt = lib_type(lt.complex ? t : static_cast<char>(t - 'a' + 'A'));
  const cusolverEigMode_t jobvr = vectors ? CUSOLVER_EIG_MODE_VECTOR : CUSOLVER_EIG_MODE_NOVECTOR;
  const Int ldvr = vectors ? n : 1;
  auto h = cusolver_handle();
  auto params = cusolver_params();
  std::size_t dbytes = 0, hbytes = 0;
  check_cusolver(cusolverDnXgeev_bufferSize(h, params, CUSOLVER_EIG_MODE_NOVECTOR, jobvr, n, lt.data, vp(a), n,
                                            wt.data, vp(w), lt.data, nullptr, 1, lt.data, vectors ? vp(vr) : nullptr,
                                            ldvr, lt.data, &dbytes, &hbytes),
                 "cusolverDnXgeev_bufferSize");
  Workspace ws(dbytes, hbytes);
  for (Int i = 0; i < batch; ++i) {
    check_cusolver(cusolverDnXgeev(h, params, CUSOLVER_EIG_MODE_NOVECTOR, jobvr, n, lt.data,
                                   vp(at(a, i, n * n, lt.itemsize)), n, wt.data, vp(at(w, i, n, wt.itemsize)), lt.data,
                                   nullptr, 1, lt.data, vectors ? vp(at(vr, i, n * n, lt.itemsize)) : nullptr, ldvr,
                                   lt.data, ws.d(), dbytes, ws.h(), hbytes, info_at(info, i)),
                   "cusolverDnXgeev");
  }
}

void gesvd(char t, char job, Int m, Int n, Ptr a, Ptr s, Ptr u, Ptr vt, Ptr info, Int batch) {
  const LibType lt = lib_type(t);
  const int real_size = lt.itemsize / (lt.complex ? 2 : 1);
  const signed char jobu = static_cast<signed char>(job), jobvt = job == 'N' ? 'N' : 'A';
  const Int ucols = job == 'A' ? m : (job == 'S' ? n : 0), vrows = job == 'N' ? 0 : n;
  const auto at_or_null = [&](Ptr p, Int i, Int elements) { return elements ? vp(at(p, i, elements, lt.itemsize)) : nullptr; };
  auto h = cusolver_handle();
  auto params = cusolver_params();
  std::size_t dbytes = 0, hbytes = 0;
  check_cusolver(cusolverDnXgesvd_bufferSize(h, params, jobu, jobvt, m, n, lt.data, vp(a), m, lt.real, vp(s), lt.data,
                                             at_or_null(u, 0, m * ucols), m, lt.data, at_or_null(vt, 0, n * vrows), n,
                                             lt.data, &dbytes, &hbytes),
                 "cusolverDnXgesvd_bufferSize");
  Workspace ws(dbytes, hbytes);
  for (Int i = 0; i < batch; ++i) {
    check_cusolver(cusolverDnXgesvd(h, params, jobu, jobvt, m, n, lt.data, vp(at(a, i, m * n, lt.itemsize)), m, lt.real,
                                    vp(at(s, i, n, real_size)), lt.data, at_or_null(u, i, m * ucols), m, lt.data,
                                    at_or_null(vt, i, n * vrows), n, lt.data, ws.d(), dbytes, ws.h(), hbytes,
                                    info_at(info, i)),
                   "cusolverDnXgesvd");
  }
}

double gesvdp(char t, bool econ, Int m, Int n, Ptr a, Ptr s, Ptr u, Ptr v, Ptr info, Int batch) {
  const LibType lt = lib_type(t);
  const int real_size = lt.itemsize / (lt.complex ? 2 : 1);
  const Int ucols = econ ? n : m;
  auto h = cusolver_handle();
  auto params = cusolver_params();
  std::size_t dbytes = 0, hbytes = 0;
  check_cusolver(cusolverDnXgesvdp_bufferSize(h, params, CUSOLVER_EIG_MODE_VECTOR, econ ? 1 : 0, m, n, lt.data, vp(a),
                                              m, lt.real, vp(s), lt.data, vp(u), m, lt.data, vp(v), n, lt.data,
                                              &dbytes, &hbytes),
                 "cusolverDnXgesvdp_bufferSize");
  Workspace ws(dbytes, hbytes);
  double worst = 0.0;
  for (Int i = 0; i < batch; ++i) {
    double err_sigma = 0.0;  // written on the host by the call
    check_cusolver(cusolverDnXgesvdp(h, params, CUSOLVER_EIG_MODE_VECTOR, econ ? 1 : 0, m, n, lt.data,
                                     vp(at(a, i, m * n, lt.itemsize)), m, lt.real, vp(at(s, i, n, real_size)),
                                     lt.data, vp(at(u, i, m * ucols, lt.itemsize)), m, lt.data,
                                     vp(at(v, i, n * n, lt.itemsize)), n, lt.data, ws.d(), dbytes, ws.h(), hbytes,
                                     info_at(info, i), &err_sigma),
                   "cusolverDnXgesvdp");
    if (err_sigma > worst) worst = err_sigma;
  }
  return worst;
}

}  // namespace gpuarray::libs
