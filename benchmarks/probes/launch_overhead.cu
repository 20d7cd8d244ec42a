// SPDX-License-Identifier: BSD-3-Clause
// Host time of one kernel launch, by launch API (run on a GPU machine):
//   nvcc -O2 -arch=sm_90 benchmarks/probes/launch_overhead.cu -o /tmp/launch_overhead -lcuda -lnvrtc && /tmp/launch_overhead
// The same 3-pointer + count kernel is launched from a static symbol, from a
// cudaKernel_t of a loaded library, and through the driver API on the
// library kernel's CUfunction, on created, legacy and per-thread default
// streams.
// Beside them, other work the host hands the GPU (a memset, a copy, a graph
// of one kernel, the same with new arguments set before each launch) and
// launches with fewer parameters or a packed parameter buffer, to tell the
// launch's fixed cost from what its arguments add. A repeated elementwise
// launch goes through a graph (cpp/cuda/launch_graphs.hpp), others through
// cuLaunchKernel on the CUfunction.
// Each sample is a batch of 100 launches after a synchronize, short enough
// that the launch queue never fills, so it is the host's cost alone.
#include <cuda.h>
#include <cuda_runtime.h>
#include <nvrtc.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#define CHECK(x)                                                            \
  do {                                                                      \
    auto status_ = (x);                                                     \
    if (status_ != 0) {                                                     \
      std::fprintf(stderr, "%s failed: %d\n", #x, static_cast<int>(status_)); \
      std::exit(1);                                                         \
    }                                                                       \
  } while (0)

__global__ void add_static(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}

const char* kSource = R"(
extern "C" __global__ void add_jit(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
extern "C" __global__ void empty_jit() {}
)";

struct Variant {
  std::string name;
  std::function<void()> launch;
  std::vector<double> samples;
};

// Round-robin over the variants, so that drift of the machine's speed
// during the run falls on all of them alike.
void measure(std::vector<Variant>& variants, int rounds = 400, int batch = 100) {
  for (Variant& v : variants)
    for (int i = 0; i < 1000; ++i) v.launch();
  CHECK(cudaDeviceSynchronize());
  for (int round = 0; round < rounds; ++round)
    for (Variant& v : variants) {
      CHECK(cudaDeviceSynchronize());
      auto begin = std::chrono::steady_clock::now();
      for (int i = 0; i < batch; ++i) v.launch();
      v.samples.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - begin).count() /
                          batch);
    }
  CHECK(cudaDeviceSynchronize());
  for (Variant& v : variants) {
    std::sort(v.samples.begin(), v.samples.end());
    std::printf("%-70s median %6.2f us  p10 %6.2f  p90 %6.2f\n", v.name.c_str(), v.samples[v.samples.size() / 2],
                v.samples[v.samples.size() / 10], v.samples[v.samples.size() * 9 / 10]);
  }
}

std::vector<char> compile_cubin() {
  nvrtcProgram prog;
  CHECK(nvrtcCreateProgram(&prog, kSource, "add_jit.cu", 0, nullptr, nullptr));
  const char* opts[] = {"-arch=sm_90"};
  CHECK(nvrtcCompileProgram(prog, 1, opts));
  size_t size = 0;
  CHECK(nvrtcGetCUBINSize(prog, &size));
  std::vector<char> cubin(size);
  CHECK(nvrtcGetCUBIN(prog, cubin.data()));
  CHECK(nvrtcDestroyProgram(&prog));
  return cubin;
}

int main() {
  CHECK(cudaFree(nullptr));
  float *a, *b, *c;
  CHECK(cudaMalloc(&a, 256));
  CHECK(cudaMalloc(&b, 256));
  CHECK(cudaMalloc(&c, 256));
  int n = 1;
  void* args[] = {&a, &b, &c, &n};
  cudaStream_t non_blocking, blocking;
  CHECK(cudaStreamCreateWithFlags(&non_blocking, cudaStreamNonBlocking));
  CHECK(cudaStreamCreateWithFlags(&blocking, cudaStreamDefault));
  struct Named {
    const char* name;
    cudaStream_t stream;
  };
  const Named streams[] = {{"created non-blocking stream", non_blocking},
                           {"legacy default stream", nullptr},
                           {"created blocking stream", blocking},
                           {"per-thread default stream", cudaStreamPerThread}};

  std::vector<char> cubin = compile_cubin();
  cudaLibrary_t library;
  CHECK(cudaLibraryLoadData(&library, cubin.data(), nullptr, nullptr, 0, nullptr, nullptr, 0));
  cudaKernel_t kernel;
  CHECK(cudaLibraryGetKernel(&kernel, library, "add_jit"));
  CUfunction function;
  CHECK(cuKernelGetFunction(&function, reinterpret_cast<CUkernel>(kernel)));

  std::vector<Variant> variants;
  for (const Named& named : streams) {
    cudaStream_t stream = named.stream;
    const std::string on = std::string(", ") + named.name;
    variants.push_back({"<<<>>> static kernel" + on, [=] { add_static<<<1, 256, 0, stream>>>(a, b, c, n); }});
    variants.push_back({"cudaLaunchKernel cudaKernel_t (library)" + on, [=, &args] {
                          CHECK(cudaLaunchKernel(reinterpret_cast<const void*>(kernel), 1, 256, args, 0, stream));
                        }});
    variants.push_back({"cuLaunchKernel cuKernelGetFunction" + on, [=, &args] {
                          CHECK(cuLaunchKernel(function, 1, 1, 1, 256, 1, 1, 0, reinterpret_cast<CUstream>(stream),
                                               args, nullptr));
                        }});
  }
  CUfunction empty;
  {
    cudaKernel_t k;
    CHECK(cudaLibraryGetKernel(&k, library, "empty_jit"));
    CHECK(cuKernelGetFunction(&empty, reinterpret_cast<CUkernel>(k)));
  }
  // The add kernel's parameters packed as the driver lays them out.
  struct Packed {
    float *a, *b, *c;
    int n;
  } packed{a, b, c, n};
  size_t packed_size = offsetof(Packed, n) + sizeof(int);
  void* extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, &packed, CU_LAUNCH_PARAM_BUFFER_SIZE, &packed_size,
                   CU_LAUNCH_PARAM_END};
  CUstream s = reinterpret_cast<CUstream>(non_blocking);
  variants.push_back({"cuLaunchKernel packed parameter buffer (extra)", [=, &extra] {
                        CHECK(cuLaunchKernel(function, 1, 1, 1, 256, 1, 1, 0, s, nullptr, extra));
                      }});
  variants.push_back({"cuLaunchKernel 32 threads", [=, &args] {
                        CHECK(cuLaunchKernel(function, 1, 1, 1, 32, 1, 1, 0, s, args, nullptr));
                      }});
  variants.push_back({"cuLaunchKernel kernel without parameters", [=] {
                        CHECK(cuLaunchKernel(empty, 1, 1, 1, 32, 1, 1, 0, s, nullptr, nullptr));
                      }});
  variants.push_back({"cudaMemsetAsync 4 B", [=] { CHECK(cudaMemsetAsync(c, 0, 4, non_blocking)); }});
  variants.push_back({"cuMemsetD32Async 1 word", [=] {
                        CHECK(cuMemsetD32Async(reinterpret_cast<CUdeviceptr>(c), 0, 1, s));
                      }});
  variants.push_back({"cudaMemcpyAsync device to device 4 B", [=] {
                        CHECK(cudaMemcpyAsync(c, a, 4, cudaMemcpyDeviceToDevice, non_blocking));
                      }});
  cudaGraph_t graph;
  cudaGraphExec_t graph_exec;
  CHECK(cudaStreamBeginCapture(non_blocking, cudaStreamCaptureModeThreadLocal));
  CHECK(cuLaunchKernel(function, 1, 1, 1, 256, 1, 1, 0, s, args, nullptr));
  CHECK(cudaStreamEndCapture(non_blocking, &graph));
  CHECK(cudaGraphInstantiate(&graph_exec, graph, 0));
  variants.push_back({"cudaGraphLaunch of one kernel", [=] { CHECK(cudaGraphLaunch(graph_exec, non_blocking)); }});
  // The kernel node's arguments and grid set anew before each launch (what a
  // library would do to launch its kernels through a graph of one node).
  cudaGraphNode_t node;
  size_t num_nodes = 1;
  CHECK(cudaGraphGetNodes(graph, &node, &num_nodes));
  CUgraphNode cu_node = reinterpret_cast<CUgraphNode>(node);
  CUgraphExec cu_exec = reinterpret_cast<CUgraphExec>(graph_exec);
  int n2 = 1;
  void* args2[] = {&b, &a, &c, &n2};
  int flip = 0;
  variants.push_back({"cuGraphExecKernelNodeSetParams (other args each time) + cuGraphLaunch", [=, &args, &args2, &flip] {
                        CUDA_KERNEL_NODE_PARAMS p{};
                        p.func = function;
                        p.gridDimX = 1 + (flip & 1);
                        p.gridDimY = p.gridDimZ = 1;
                        p.blockDimX = 256;
                        p.blockDimY = p.blockDimZ = 1;
                        p.kernelParams = (flip++ & 1) ? args2 : args;
                        CHECK(cuGraphExecKernelNodeSetParams(cu_exec, cu_node, &p));
                        CHECK(cuGraphLaunch(cu_exec, s));
                      }});
  variants.push_back({"cuGraphExecKernelNodeSetParams alone", [=, &args] {
                        CUDA_KERNEL_NODE_PARAMS p{};
                        p.func = function;
                        p.gridDimX = p.gridDimY = p.gridDimZ = 1;
                        p.blockDimX = 256;
                        p.blockDimY = p.blockDimZ = 1;
                        p.kernelParams = args;
                        CHECK(cuGraphExecKernelNodeSetParams(cu_exec, cu_node, &p));
                      }});
  CUstreamCaptureStatus capture_status;
  variants.push_back({"cuStreamIsCapturing", [=, &capture_status] { CHECK(cuStreamIsCapturing(s, &capture_status)); }});
  int device = 0;
  CUcontext ctx;
  void* p = nullptr;
  variants.push_back({"cudaGetDevice", [&] { CHECK(cudaGetDevice(&device)); }});
  variants.push_back({"cuCtxGetCurrent", [&] { CHECK(cuCtxGetCurrent(&ctx)); }});
  variants.push_back({"cudaMallocAsync+cudaFreeAsync 256 B", [&] {
                        CHECK(cudaMallocAsync(&p, 256, nullptr));
                        CHECK(cudaFreeAsync(p, nullptr));
                      }});
  measure(variants);
  return 0;
}
