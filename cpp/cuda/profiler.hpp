// SPDX-License-Identifier: BSD-3-Clause
// What profilers see: NVTX ranges and marks (Nsight Systems shows them on the
// calling thread's timeline) and the CUDA profiler's collection switch.
//
// NVTX is header-only (NVTX 3): each call costs a branch until a tool has
// injected itself into the process, so ranges may stay in production code.
#pragma once
#include <cstdint>
#include <string>

namespace gpuarray {

// Opens a range named `message` on this thread, drawn in `argb` (0xAARRGGBB;
// 0 leaves the color to the tool); returns the depth NVTX reports (negative
// when no tool listens).
int nvtx_range_push(const std::string& message, std::uint32_t argb);
// Closes this thread's innermost range; the depth left, negative as above.
int nvtx_range_pop();
// An instant event named `message`.
void nvtx_mark(const std::string& message, std::uint32_t argb);

// cudaProfilerStart / cudaProfilerStop: bound the collection of a profiler
// started with collection off (nsys --capture-range=cudaProfilerApi).
void profiler_start();
void profiler_stop();

}  // namespace gpuarray
