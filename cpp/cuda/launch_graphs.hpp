// SPDX-License-Identifier: BSD-3-Clause
// Repeated kernel launches through one-node CUDA graphs. On the machines we
// measure, cuLaunchKernel costs ~2.9 µs of host time whatever its arguments,
// and cuGraphLaunch of an instantiated graph holding the same launch ~1.1 µs
// (benchmarks/probes/launch_overhead.cu, H200, 2026-11-26): the driver prepares a graph's
// launch once, at instantiation. Setting new arguments on a graph before each
// launch takes back most of that (2.5 µs in all), so a graph holds one launch
// exactly: function, stream, grid, block, shared memory and the arguments'
// bytes.
//
// Loops repeat launches exactly: the pool gives an op the block its previous
// result freed, or two blocks in turn. A launch gets its graph the second
// time in a row it comes to its slot of a per-thread table (a hit on the
// slot's graph in between breaks the row), so that code running each launch
// once never pays for an instantiation (tens of µs), nor do two launches that
// share a slot evict each other.
// A graph is found by its function's handle, which stays unique because
// the engine never unloads a library (jit/loaded_library.hpp): a function
// unloaded and its handle reused would replay the old code.
#pragma once
#include <cuda.h>

#include <cstddef>

namespace gpuarray {

struct LaunchParams {
  void** pointers;            // one per kernel parameter, as cuLaunchKernel takes them
  const std::size_t* sizes;   // the bytes each points to
  int count;
};

struct LaunchDims {
  unsigned int x = 1, y = 1, z = 1;
  bool operator==(const LaunchDims& o) const { return x == o.x && y == o.y && z == o.z; }
};

struct KernelLaunch {
  CUfunction function;
  LaunchDims grid;
  LaunchDims block;
  unsigned int shared_bytes;  // dynamic shared memory per block
  LaunchParams params;
  CUstream stream;
};

// Launches `launch` through the calling thread's graph of it and returns
// true; returns false when it has none (yet), and always for a stream being
// captured (whose launches must become nodes of the captured graph): the
// caller then launches it directly. The function's context must be current.
// A failed graph launch throws CudaRuntimeError naming `name`.
bool launch_through_graph(const KernelLaunch& launch, const char* name);

}  // namespace gpuarray
