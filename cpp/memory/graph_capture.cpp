// SPDX-License-Identifier: BSD-3-Clause
#include "memory/graph_capture.hpp"

#include <cstdint>
#include <mutex>
#include <stdexcept>
#include <unordered_map>

#include "cuda/device.hpp"
#include "memory/pool.hpp"

namespace gpuarray {
namespace {

// The private arena of each capture in progress, by stream, until its graph takes it.
std::mutex g_mutex;
std::unordered_map<std::uintptr_t, std::shared_ptr<void>> g_arenas;

std::uintptr_t key(cudaStream_t stream) { return reinterpret_cast<std::uintptr_t>(stream); }

std::shared_ptr<void> take_arena(cudaStream_t stream) {
  std::lock_guard<std::mutex> lock(g_mutex);
  auto it = g_arenas.find(key(stream));
  if (it == g_arenas.end()) return nullptr;
  std::shared_ptr<void> arena = std::move(it->second);
  g_arenas.erase(it);
  return arena;
}

}  // namespace

void begin_graph_capture(cudaStream_t stream, cudaStreamCaptureMode mode) {
  std::shared_ptr<void> arena;
  const bool pooled = allocates_from_default_pool();
  if (pooled) arena = default_memory_pool()->begin_private_arena(stream);
  try {
    begin_capture(stream, mode);
  } catch (...) {
    if (pooled) default_memory_pool()->end_private_arena(stream);
    throw;
  }
  std::lock_guard<std::mutex> lock(g_mutex);
  g_arenas[key(stream)] = std::move(arena);
}

std::unique_ptr<Graph> end_graph_capture(cudaStream_t stream) {
  if (!is_capturing(stream)) throw std::invalid_argument("end_capture: the stream is not being captured");
  std::shared_ptr<void> arena = take_arena(stream);
  if (arena) default_memory_pool()->end_private_arena(stream);
  cudaGraph_t graph = end_capture(stream);
  return std::make_unique<Graph>(graph, current_device(), std::move(arena));
}

}  // namespace gpuarray
