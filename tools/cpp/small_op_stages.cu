// SPDX-License-Identifier: BSD-3-Clause
// Host time of each stage of a 1-element `a + b` inside the engine, without
// Python (run on a GPU machine): what the small-op path costs below the
// bindings. Build: cmake -DGPUARRAY_BUILD_TOOLS=ON, target small_op_stages.
#include <cuda_runtime_api.h>

#include <chrono>
#include <cstdio>
#include <functional>
#include <vector>

#include "cuda/device.hpp"
#include "cuda/stream.hpp"
#include "jit/include_paths.hpp"
#include "kernels/elementwise_kernel_key.hpp"
#include "kernels/elementwise_launcher.hpp"
#include "kernels/iteration_plan.hpp"
#include "kernels/ufunc_call.hpp"

using namespace gpuarray;

namespace {

__attribute__((noinline)) double per_call_ns(const std::function<void()>& fn, int n = 200000) {
  for (int i = 0; i < 1000; ++i) fn();
  cudaDeviceSynchronize();
  double best = 1e30;
  for (int r = 0; r < 5; ++r) {
    auto t = std::chrono::steady_clock::now();
    for (int i = 0; i < n; ++i) fn();
    cudaDeviceSynchronize();
    double ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t).count() / n;
    best = ns < best ? ns : best;
  }
  return best;
}

__global__ void empty_kernel(float* p) {}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: small_op_stages <python/gpuarray/_include>\n");
    return 2;
  }
  jit::set_device_header_dir(argv[1]);
  NDArray a = NDArray::empty({1}, DType::Float32), b = NDArray::empty({1}, DType::Float32);
  const UfuncDef& add = *find_ufunc("add");
  UfuncOperand inputs[2] = {{&a, a.dtype}, {&b, b.dtype}};
  const NDArray* outs[1] = {nullptr};
  UfuncOptions options;
  ScalarArg scalars[2];
  const UfuncPlan plan = plan_ufunc(add, inputs, options);
  NDArray out = NDArray::empty({1}, DType::Float32);
  OperandDesc descs[3] = {OperandDesc::input(a), OperandDesc::input(b), OperandDesc::output(out)};
  const ElementwiseOp op = ElementwiseOp::make("stage_add", "out0 = in0 + in1;");
  float* p = reinterpret_cast<float*>(out.data_ptr());
  void* launch_args[] = {&p};
  cudaStream_t stream = current_stream();

  struct Stage {
    const char* name;
    std::function<void()> fn;
  };
  std::vector<Stage> stages = {
      {"run_ufunc (plan + run, whole engine path)",
       [&] { auto r = run_ufunc(plan_ufunc(add, inputs, options), inputs, scalars, outs, options); }},
      {"plan_ufunc (loop resolution)", [&] { volatile int l = plan_ufunc(add, inputs, options).loop; (void)l; }},
      {"NDArray::empty({1}) + free", [&] { NDArray t = NDArray::empty({1}, DType::Float32); }},
      {"IterationPlan (3 operands)", [&] { IterationPlan it(descs, 3); volatile int k = int(it.kind()); (void)k; }},
      {"IterationPlan + make_kernel_key",
       [&] { IterationPlan it(descs, 3); auto key = make_kernel_key(op, it, nullptr, 0); volatile auto h = key.hash(); (void)h; }},
      {"run_elementwise (given output)", [&] { run_elementwise(op, descs, 3, nullptr, 0); }},
      {"current_device + current_stream", [&] { volatile auto s = current_stream(current_device()); (void)s; }},
      {"cudaLaunchKernel (empty kernel)",
       [&] { cudaLaunchKernel(reinterpret_cast<const void*>(&empty_kernel), dim3(1), dim3(128), launch_args, 0, stream); }},
  };
  for (const Stage& s : stages) std::printf("%-44s %8.1f ns\n", s.name, per_call_ns(s.fn));
  return 0;
}
