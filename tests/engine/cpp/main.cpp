// SPDX-License-Identifier: BSD-3-Clause
// Runs the registered tests whose name starts with argv[1] (all without it),
// each on its own: a failed CHECK or an escaped exception marks the case
// failed and the next one runs. Exits 1 on any failure, and also when the
// filter matches nothing, so that a misspelt CTest entry cannot pass empty.
#include <cstdio>
#include <cstring>
#include <exception>

#include "check.hpp"

namespace gpuarray::test {
namespace {
int failures_in_case = 0;
}

std::vector<TestCase>& registry() {
  static std::vector<TestCase> cases;
  return cases;
}

void record_failure(const char* file, int line, const std::string& what) {
  std::fprintf(stderr, "%s:%d: %s\n", file, line, what.c_str());
  ++failures_in_case;
}

}  // namespace gpuarray::test

int main(int argc, char** argv) {
  using namespace gpuarray::test;
  const char* prefix = argc > 1 ? argv[1] : "";
  int run = 0, failed = 0;
  for (const TestCase& c : registry()) {
    if (std::strncmp(c.name, prefix, std::strlen(prefix)) != 0) continue;
    ++run;
    failures_in_case = 0;
    try {
      c.run();
    } catch (const std::exception& e) {
      record_failure(c.name, 0, std::string("uncaught exception: ") + e.what());
    }
    if (failures_in_case != 0) {
      ++failed;
      std::fprintf(stderr, "FAILED %s\n", c.name);
    }
  }
  std::printf("%d tests matching \"%s\", %d failed\n", run, prefix, failed);
  return run == 0 || failed != 0 ? 1 : 0;
}
