// SPDX-License-Identifier: BSD-3-Clause
#include "comm/nccl.hpp"

#include <cstring>

namespace gpuarray::comm {
namespace {

// NCCL's result codes by name. A newer NCCL may return a code not listed:
// it still gets an error (cupy#8661 raised KeyError for one).
std::string status_name(int status) {
  switch (status) {
    case ncclSuccess: return "NCCL_SUCCESS";
    case ncclUnhandledCudaError: return "NCCL_ERROR_UNHANDLED_CUDA_ERROR";
    case ncclSystemError: return "NCCL_ERROR_SYSTEM_ERROR";
    case ncclInternalError: return "NCCL_ERROR_INTERNAL_ERROR";
    case ncclInvalidArgument: return "NCCL_ERROR_INVALID_ARGUMENT";
    case ncclInvalidUsage: return "NCCL_ERROR_INVALID_USAGE";
    case ncclRemoteError: return "NCCL_ERROR_REMOTE_ERROR";
    case ncclInProgress: return "NCCL_ERROR_IN_PROGRESS";
    default: return "unknown NCCL status " + std::to_string(status);
  }
}

void check(ncclResult_t result, const char* call) {
  if (result == ncclSuccess) return;
  throw NcclError(static_cast<int>(result), std::string(call) + ": " + status_name(result) + ": " +
                                                ncclGetErrorString(result));
}

ncclDataType_t data_type(int dtype) { return static_cast<ncclDataType_t>(dtype); }
ncclRedOp_t red_op(int op) { return static_cast<ncclRedOp_t>(op); }
cudaStream_t as_stream(std::uintptr_t s) { return reinterpret_cast<cudaStream_t>(s); }
const void* cptr(std::uintptr_t p) { return reinterpret_cast<const void*>(p); }
void* ptr(std::uintptr_t p) { return reinterpret_cast<void*>(p); }

ncclUniqueId id_of(const std::string& bytes) {
  ncclUniqueId id;
  if (bytes.size() != sizeof(id.internal))
    throw std::invalid_argument("NCCL unique id: expected " + std::to_string(sizeof(id.internal)) +
                                " bytes, got " + std::to_string(bytes.size()));
  std::memcpy(id.internal, bytes.data(), sizeof(id.internal));
  return id;
}

}  // namespace

NcclError::NcclError(int status_, const std::string& what) : std::runtime_error(what), status(status_) {}

int runtime_version() {
  int v = 0;
  check(ncclGetVersion(&v), "ncclGetVersion");
  return v;
}

int build_version() { return NCCL_VERSION_CODE; }

std::string unique_id() {
  ncclUniqueId id;
  check(ncclGetUniqueId(&id), "ncclGetUniqueId");
  return std::string(id.internal, sizeof(id.internal));
}

void group_start() { check(ncclGroupStart(), "ncclGroupStart"); }
void group_end() { check(ncclGroupEnd(), "ncclGroupEnd"); }

Communicator::Communicator(int ndev, const std::string& id, int rank) {
  if (ndev < 1 || rank < 0 || rank >= ndev)
    throw std::invalid_argument("NcclCommunicator: rank " + std::to_string(rank) + " is not in [0, " +
                                std::to_string(ndev) + ")");
  check(ncclCommInitRank(&comm_, ndev, id_of(id), rank), "ncclCommInitRank");
}

std::vector<Communicator*> Communicator::init_all(const std::vector<int>& devices) {
  std::vector<ncclComm_t> comms(devices.size());
  check(ncclCommInitAll(comms.data(), static_cast<int>(devices.size()), devices.data()), "ncclCommInitAll");
  std::vector<Communicator*> out;
  for (ncclComm_t c : comms) out.push_back(new Communicator(c));
  return out;
}

Communicator::~Communicator() {
  if (comm_ != nullptr) ncclCommDestroy(comm_);  // no throwing from a destructor
}

ncclComm_t Communicator::live(const char* call) const {
  if (comm_ == nullptr)
    throw NcclError(static_cast<int>(ncclInvalidUsage),
                    std::string(call) + ": the communicator was destroyed or aborted");
  return comm_;
}

void Communicator::destroy() {
  if (comm_ == nullptr) return;
  ncclComm_t c = comm_;
  comm_ = nullptr;
  check(ncclCommDestroy(c), "ncclCommDestroy");
}

void Communicator::abort() {
  if (comm_ == nullptr) return;
  ncclComm_t c = comm_;
  comm_ = nullptr;
  check(ncclCommAbort(c), "ncclCommAbort");
}

int Communicator::device_id() const {
  int d = -1;
  check(ncclCommCuDevice(live("ncclCommCuDevice"), &d), "ncclCommCuDevice");
  return d;
}

int Communicator::rank_id() const {
  int r = -1;
  check(ncclCommUserRank(live("ncclCommUserRank"), &r), "ncclCommUserRank");
  return r;
}

int Communicator::size() const {
  int n = 0;
  check(ncclCommCount(live("ncclCommCount"), &n), "ncclCommCount");
  return n;
}

void Communicator::check_async_error() const {
  ncclResult_t async = ncclSuccess;
  check(ncclCommGetAsyncError(live("ncclCommGetAsyncError"), &async), "ncclCommGetAsyncError");
  check(async, "an asynchronous NCCL operation");
}

void Communicator::all_reduce(std::uintptr_t send, std::uintptr_t recv, std::size_t count, int dtype, int op,
                              std::uintptr_t stream) {
  check(ncclAllReduce(cptr(send), ptr(recv), count, data_type(dtype), red_op(op), live("ncclAllReduce"),
                      as_stream(stream)),
        "ncclAllReduce");
}

void Communicator::reduce(std::uintptr_t send, std::uintptr_t recv, std::size_t count, int dtype, int op, int root,
                          std::uintptr_t stream) {
  check(ncclReduce(cptr(send), ptr(recv), count, data_type(dtype), red_op(op), root, live("ncclReduce"),
                   as_stream(stream)),
        "ncclReduce");
}

void Communicator::broadcast(std::uintptr_t send, std::uintptr_t recv, std::size_t count, int dtype, int root,
                             std::uintptr_t stream) {
  check(ncclBroadcast(cptr(send), ptr(recv), count, data_type(dtype), root, live("ncclBroadcast"),
                      as_stream(stream)),
        "ncclBroadcast");
}

void Communicator::reduce_scatter(std::uintptr_t send, std::uintptr_t recv, std::size_t recv_count, int dtype,
                                  int op, std::uintptr_t stream) {
  check(ncclReduceScatter(cptr(send), ptr(recv), recv_count, data_type(dtype), red_op(op),
                          live("ncclReduceScatter"), as_stream(stream)),
        "ncclReduceScatter");
}

void Communicator::all_gather(std::uintptr_t send, std::uintptr_t recv, std::size_t send_count, int dtype,
                              std::uintptr_t stream) {
  check(ncclAllGather(cptr(send), ptr(recv), send_count, data_type(dtype), live("ncclAllGather"),
                      as_stream(stream)),
        "ncclAllGather");
}

void Communicator::send(std::uintptr_t buf, std::size_t count, int dtype, int peer, std::uintptr_t stream) {
  check(ncclSend(cptr(buf), count, data_type(dtype), peer, live("ncclSend"), as_stream(stream)), "ncclSend");
}

void Communicator::recv(std::uintptr_t buf, std::size_t count, int dtype, int peer, std::uintptr_t stream) {
  check(ncclRecv(ptr(buf), count, data_type(dtype), peer, live("ncclRecv"), as_stream(stream)), "ncclRecv");
}

}  // namespace gpuarray::comm
