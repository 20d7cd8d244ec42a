# SPDX-License-Identifier: BSD-3-Clause
"""Device kernels run on the CPU in tests (test_elementwise_codegen.py,
test_random_bulk.py): CUDA's built-in thread indices as globals, and a
launcher that runs every thread of a grid in turn. A host prelude includes
<cstddef> and <utility> first, defines CUDA's keywords away, then joins
these around the device headers."""

HOST_THREAD_INDICES = """\
struct ga_dim3 { unsigned x = 0, y = 1, z = 1; };
static ga_dim3 threadIdx, blockIdx, blockDim, gridDim;
"""

HOST_LAUNCHER = """\
template <typename... A, std::size_t... I>
void ga_call(void (*kernel)(A...), void** params, std::index_sequence<I...>) {
  kernel(*static_cast<A*>(params[I])...);
}
// Every thread of the grid, one after another.
template <typename... A>
void ga_run(void (*kernel)(A...), void** params, unsigned grid, unsigned block) {
  gridDim.x = grid;
  blockDim.x = block;
  for (blockIdx.x = 0; blockIdx.x < grid; ++blockIdx.x)
    for (threadIdx.x = 0; threadIdx.x < block; ++threadIdx.x)
      ga_call(kernel, params, std::index_sequence_for<A...>{});
}
"""
