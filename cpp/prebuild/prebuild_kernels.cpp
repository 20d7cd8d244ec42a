// SPDX-License-Identifier: BSD-3-Clause
// Install-time step (Note [Prebuilt kernels]): compiles the requests of
// prebuilt_kernel_requests() for one NVRTC target into a cache folder that
// is installed as <package>/_kernels/<target>. Needs NVRTC, not a GPU.
//   prebuild_kernels <device-header folder> <output folder> <target>
// The target is what a device of that architecture asks the cache for
// ("sm_90"); CMakeLists.txt runs this once per CUDA architecture.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <thread>
#include <vector>

#include "jit/arch.hpp"
#include "jit/cache_key.hpp"
#include "jit/disk_cache.hpp"
#include "jit/include_paths.hpp"
#include "jit/nvrtc_compiler.hpp"
#include "kernels/prebuilt_kernels.hpp"

using namespace gpuarray;

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: prebuild_kernels <device-header folder> <output folder> <target>\n");
    return 2;
  }
  jit::Arch target;
  try {
    target = jit::parse_arch(argv[3]);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "prebuild_kernels: %s\n", e.what());
    return 2;
  }
  jit::set_device_header_dir(argv[1]);
  setenv("GPUARRAY_CACHE_DIR", argv[2], 1);  // where write_cached_module puts the files
  const std::vector<jit::CompileRequest> requests = prebuilt_kernel_requests();

  const auto start = std::chrono::steady_clock::now();
  std::atomic<std::size_t> next{0};
  std::atomic<int> failures{0};
  auto work = [&] {
    for (std::size_t j; (j = next++) < requests.size();) {
      try {
        jit::write_cached_module(jit::make_cache_key(requests[j], target, jit::KeyUse::Prebuilt),
                                 jit::compile_with_nvrtc(requests[j], target));
      } catch (const std::exception& e) {
        std::fprintf(stderr, "prebuild_kernels: %s for %s: %s\n", requests[j].name.c_str(), argv[3], e.what());
        ++failures;
      }
    }
  };
  std::vector<std::thread> threads(std::max(1u, std::thread::hardware_concurrency()));
  for (auto& t : threads) t = std::thread(work);
  for (auto& t : threads) t.join();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("prebuild_kernels: %zu kernels for %s in %.1f s into %s\n", requests.size(), argv[3], seconds,
              argv[2]);
  return failures == 0 ? 0 : 1;
}
