// SPDX-License-Identifier: BSD-3-Clause
#include "cuda/launch_graphs.hpp"

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "cuda/driver_api.hpp"

namespace gpuarray {
namespace {

constexpr int kSlotBits = 7;
constexpr std::size_t kSlots = std::size_t{1} << kSlotBits;

std::uint64_t mix(std::uint64_t h, std::uint64_t word) {
  h = (h ^ word) * 0x9e3779b97f4a7c15ull;
  return h ^ (h >> 29);
}

std::uint64_t hash_launch(const KernelLaunch& l) {
  std::uint64_t h = mix(reinterpret_cast<std::uintptr_t>(l.function), reinterpret_cast<std::uintptr_t>(l.stream));
  h = mix(h, std::uint64_t{l.grid.x} << 32 | l.block.x);
  h = mix(h, std::uint64_t{l.grid.y} << 48 ^ std::uint64_t{l.grid.z} << 32 ^ std::uint64_t{l.block.y} << 16 ^
                 l.block.z ^ std::uint64_t{l.shared_bytes} << 24);
  for (int i = 0; i < l.params.count; ++i) {
    const auto* bytes = static_cast<const unsigned char*>(l.params.pointers[i]);
    const std::size_t n = l.params.sizes[i];
    std::size_t k = 0;
    for (std::uint64_t word; k + 8 <= n; k += 8) {
      std::memcpy(&word, bytes + k, 8);
      h = mix(h, word);
    }
    std::uint64_t tail = n - k;  // the tail's length and bytes
    std::memcpy(reinterpret_cast<unsigned char*>(&tail) + 1, bytes + k, n - k);
    h = mix(h, tail);
  }
  return h;
}

// One launch, instantiated.
struct LaunchGraph {
  CUgraphExec exec = nullptr;
  std::uint64_t hash = 0;
  CUfunction function = nullptr;
  CUstream stream = nullptr;
  LaunchDims grid, block;
  unsigned int shared_bytes = 0;
  std::vector<unsigned char> params;  // the parameters' bytes, one after another

  bool holds(const KernelLaunch& l, std::uint64_t h) const {
    if (exec == nullptr || hash != h || function != l.function || stream != l.stream || !(grid == l.grid) ||
        !(block == l.block) || shared_bytes != l.shared_bytes)
      return false;
    std::size_t offset = 0;
    for (int i = 0; i < l.params.count; ++i) {
      const std::size_t n = l.params.sizes[i];
      if (offset + n > params.size() || std::memcmp(params.data() + offset, l.params.pointers[i], n) != 0)
        return false;
      offset += n;
    }
    return offset == params.size();
  }
};

struct Slot {
  LaunchGraph graph;
  std::uint64_t last_miss = 0;  // hash of the last launch that found no graph here
  bool missed = false;
};

bool instantiate(const DriverApi& api, const KernelLaunch& l, std::uint64_t h, LaunchGraph& out) {
  CUgraph graph = nullptr;
  if (api.graph_create(&graph, 0) != CUDA_SUCCESS) return false;
  CUDA_KERNEL_NODE_PARAMS node_params{};
  node_params.func = l.function;
  node_params.gridDimX = l.grid.x;
  node_params.gridDimY = l.grid.y;
  node_params.gridDimZ = l.grid.z;
  node_params.blockDimX = l.block.x;
  node_params.blockDimY = l.block.y;
  node_params.blockDimZ = l.block.z;
  node_params.sharedMemBytes = l.shared_bytes;
  node_params.kernelParams = l.params.pointers;
  CUgraphNode node = nullptr;
  CUgraphExec exec = nullptr;
  const bool made = api.graph_add_kernel_node(&node, graph, nullptr, 0, &node_params) == CUDA_SUCCESS &&
                    api.graph_instantiate(&exec, graph, 0) == CUDA_SUCCESS;
  api.graph_destroy(graph);
  if (!made) return false;
  out.exec = exec;
  out.hash = h;
  out.function = l.function;
  out.stream = l.stream;
  out.grid = l.grid;
  out.block = l.block;
  out.shared_bytes = l.shared_bytes;
  out.params.clear();
  for (int i = 0; i < l.params.count; ++i) {
    const auto* bytes = static_cast<const unsigned char*>(l.params.pointers[i]);
    out.params.insert(out.params.end(), bytes, bytes + l.params.sizes[i]);
  }
  return true;
}

// An in-flight graph is freed once its launches finish.
void release(const DriverApi& api, LaunchGraph& g) {
  if (g.exec != nullptr) api.graph_exec_destroy(g.exec);
  g.exec = nullptr;
}

class LaunchGraphs {
 public:
  LaunchGraphs() : slots_(kSlots) {}
  LaunchGraphs(const LaunchGraphs&) = delete;
  LaunchGraphs& operator=(const LaunchGraphs&) = delete;
  ~LaunchGraphs() {
    for (Slot& s : slots_) release(driver_api(), s.graph);
  }

  bool launch(const KernelLaunch& l, const char* name) {
    const DriverApi& api = driver_api();
    CUstreamCaptureStatus capture = CU_STREAM_CAPTURE_STATUS_NONE;
    if (api.stream_is_capturing(l.stream, &capture) != CUDA_SUCCESS || capture != CU_STREAM_CAPTURE_STATUS_NONE)
      return false;
    const std::uint64_t h = hash_launch(l);
    Slot& slot = slots_[h * 0x9e3779b97f4a7c15ull >> (64 - kSlotBits)];  // the top bits: all of h counts
    if (slot.graph.holds(l, h)) {
      // Two launches taking turns in one slot: the one with the graph keeps
      // it, the other launches plainly (rebuilding in turn would cost an
      // instantiation every other time).
      slot.missed = false;
    } else {
      if (!slot.missed || slot.last_miss != h) {
        slot.last_miss = h;
        slot.missed = true;
        return false;
      }
      slot.missed = false;
      release(api, slot.graph);
      if (!instantiate(api, l, h, slot.graph)) return false;
    }
    const CUresult result = api.graph_launch(slot.graph.exec, l.stream);
    if (result != CUDA_SUCCESS) throw_driver_error(result, ("cuGraphLaunch of '" + std::string(name) + "'").c_str());
    return true;
  }

 private:
  std::vector<Slot> slots_;
};

}  // namespace

bool launch_through_graph(const KernelLaunch& launch, const char* name) {
  thread_local LaunchGraphs graphs;
  return graphs.launch(launch, name);
}

}  // namespace gpuarray
