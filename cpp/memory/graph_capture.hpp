// SPDX-License-Identifier: BSD-3-Clause
// Capturing a stream into a Graph together with the memory it uses: the
// stream capture of cuda/graph.hpp plus the graph-private arena of the
// default pool (Note [Graph-private arenas] in memory/device_pool.hpp).
#pragma once
#include <cuda_runtime_api.h>

#include <memory>

#include "cuda/graph.hpp"

namespace gpuarray {

// Starts capturing `stream` of the current device; while it lasts, the
// default pool serves the stream from a new private arena. With another
// allocator installed (set_allocator), there is no private arena: the memory
// of the captured work is the allocator's business.
void begin_graph_capture(cudaStream_t stream, cudaStreamCaptureMode mode);
// Ends the capture: the instantiated graph, holding the arena. On failure the
// arena is released and the capture is over.
std::unique_ptr<Graph> end_graph_capture(cudaStream_t stream);

}  // namespace gpuarray
