// SPDX-License-Identifier: BSD-3-Clause
// NCCL communicators and collectives over raw device pointers, as CuPy's
// cupy.cuda.nccl exposes them (issue 31). No Python here: the module
// gpuarray._nccl_ext (bindings/nccl_module.cpp) is the glue, built only where
// NCCL was found and imported only on first use of gpuarray.cuda.nccl, so a
// process without NCCL never needs the library.
#pragma once
#include <nccl.h>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace gpuarray::comm {

// An NCCL call that failed: `status` is NCCL's result code; the message names
// the call, the code's name (NCCL_ERROR_* or "unknown NCCL status N" for a
// code this build does not know) and NCCL's own text.
class NcclError : public std::runtime_error {
 public:
  NcclError(int status, const std::string& what);
  int status;
};

// The version NCCL reports at run time and the one compiled against,
// as NCCL encodes them (major * 10000 + minor * 100 + patch).
int runtime_version();
int build_version();

// A new unique id: the 128 bytes every rank of one communicator shares.
std::string unique_id();

// Groups of calls (ncclGroupStart/End): needed when one thread drives
// several devices' communicators.
void group_start();
void group_end();

// One rank of a communicator, on the device current at construction.
// Pointers and streams are raw addresses; counts are in elements of
// `dtype` (an ncclDataType_t value), `op` an ncclRedOp_t.
class Communicator {
 public:
  // ncclCommInitRank: blocks until all `ndev` ranks have joined.
  Communicator(int ndev, const std::string& id, int rank);
  // ncclCommInitAll: one communicator per device of `devices`, in one process.
  static std::vector<Communicator*> init_all(const std::vector<int>& devices);
  ~Communicator();
  Communicator(const Communicator&) = delete;
  Communicator& operator=(const Communicator&) = delete;

  void destroy();  // frees the communicator once its work is done; later calls raise
  void abort();    // frees it at once, cancelling its pending work
  bool alive() const { return comm_ != nullptr; }
  int device_id() const;
  int rank_id() const;
  int size() const;
  // Raises the error an asynchronous operation met (ncclCommGetAsyncError).
  void check_async_error() const;

  void all_reduce(std::uintptr_t send, std::uintptr_t recv, std::size_t count, int dtype, int op,
                  std::uintptr_t stream);
  void reduce(std::uintptr_t send, std::uintptr_t recv, std::size_t count, int dtype, int op, int root,
              std::uintptr_t stream);
  void broadcast(std::uintptr_t send, std::uintptr_t recv, std::size_t count, int dtype, int root,
                 std::uintptr_t stream);
  void reduce_scatter(std::uintptr_t send, std::uintptr_t recv, std::size_t recv_count, int dtype, int op,
                      std::uintptr_t stream);
  void all_gather(std::uintptr_t send, std::uintptr_t recv, std::size_t send_count, int dtype,
                  std::uintptr_t stream);
  void send(std::uintptr_t buf, std::size_t count, int dtype, int peer, std::uintptr_t stream);
  void recv(std::uintptr_t buf, std::size_t count, int dtype, int peer, std::uintptr_t stream);

 private:
  explicit Communicator(ncclComm_t comm) : comm_(comm) {}
  ncclComm_t live(const char* call) const;  // the handle, or NcclError for a destroyed communicator
  ncclComm_t comm_ = nullptr;
};

}  // namespace gpuarray::comm
