// SPDX-License-Identifier: BSD-3-Clause
// Install-time step (Note [Prebuilt kernels]): compiles the requests of
// prebuilt_kernel_requests() for each target into a cache folder that is
// installed as <package>/_kernels. Needs NVRTC, not a GPU.
//   prebuild_kernels <device-header folder> <output folder> <arch>...
// An arch is a CMake CUDA architecture ("90", "90a", "100-real"); others
// ("native", "all") are skipped with a message.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <thread>
#include <vector>

#include "jit/arch.hpp"
#include "jit/include_paths.hpp"
#include "jit/kernel_cache.hpp"
#include "kernels/prebuilt_kernels.hpp"

using namespace gpuarray;

namespace {

// "90-real" and "90-virtual" are CMake's spellings; a real target is what a
// device of that compute capability asks the cache for.
bool target_for(std::string cmake_arch, jit::Arch& arch) {
  const std::size_t dash = cmake_arch.find('-');
  if (dash != std::string::npos) cmake_arch.resize(dash);
  try {
    arch = jit::parse_arch(cmake_arch);
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: prebuild_kernels <device-header folder> <output folder> <arch>...\n");
    return 2;
  }
  jit::set_device_header_dir(argv[1]);
  setenv("GPUARRAY_CACHE_DIR", argv[2], 1);
  setenv("GPUARRAY_PREBUILT_KERNELS", "0", 1);  // compile everything, read nothing installed
  const std::vector<jit::CompileRequest> requests = prebuilt_kernel_requests();

  std::vector<jit::Arch> targets;
  for (int i = 3; i < argc; ++i) {
    jit::Arch arch;
    if (target_for(argv[i], arch)) targets.push_back(arch);
    else std::printf("prebuild_kernels: no prebuilt kernels for CUDA architecture '%s'\n", argv[i]);
  }
  const auto start = std::chrono::steady_clock::now();
  std::atomic<std::size_t> next{0};
  std::atomic<int> failures{0};
  const std::size_t jobs = requests.size() * targets.size();
  auto work = [&] {
    for (std::size_t j; (j = next++) < jobs;) {
      const jit::CompileRequest& request = requests[j % requests.size()];
      try {
        jit::compile_with_cache(request, targets[j / requests.size()]);
      } catch (const std::exception& e) {
        std::fprintf(stderr, "prebuild_kernels: %s: %s\n", request.name.c_str(), e.what());
        ++failures;
      }
    }
  };
  std::vector<std::thread> threads(std::max(1u, std::thread::hardware_concurrency()));
  for (auto& t : threads) t = std::thread(work);
  for (auto& t : threads) t.join();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("prebuild_kernels: %zu kernels for %zu target(s) in %.1f s into %s\n", requests.size(),
              targets.size(), seconds, argv[2]);
  return failures == 0 ? 0 : 1;
}
