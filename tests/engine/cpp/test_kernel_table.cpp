// SPDX-License-Identifier: BSD-3-Clause
// The kernel table's policy (Note [Kernel table] in jit/kernel_table.hpp)
// with a fake loader: each "build" makes up a CUfunction value, which is
// never launched. Hits and builds are counted; devices and key types are
// kept apart; the bound drops the least recently looked up entry that is
// not being built; a failed build leaves nothing behind; threads that miss
// one key together build it once.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <thread>
#include <vector>

#include "check.hpp"
#include "jit/kernel_table.hpp"

using namespace gpuarray;
using namespace gpuarray::jit;

namespace {

struct NumberKey {
  int n;
  bool operator==(const NumberKey& o) const { return n == o.n; }
};
// Another key type with the same values and hashes: it must never match a NumberKey.
struct OtherKey {
  int n;
  bool operator==(const OtherKey& o) const { return n == o.n; }
};

CUfunction fake_function(std::uintptr_t id) { return reinterpret_cast<CUfunction>(id); }

// A loader that counts its calls and returns fake_function(id).
struct FakeLoader {
  std::atomic<int> calls{0};
  LoadedKernels load(std::uintptr_t id) {
    ++calls;
    return LoadedKernels{{fake_function(id), fake_function(id + 1)}};
  }
};

CUfunction find(KernelTable& table, FakeLoader& loader, int device, int n, std::uintptr_t id) {
  const NumberKey key{n};
  return table.find_or_build(device, key, static_cast<std::size_t>(n), [&] { return loader.load(id); }).function[0];
}

}  // namespace

TEST(kernel_table_builds_on_a_miss_and_counts_hits) {
  KernelTable table(8);
  FakeLoader loader;
  CHECK_EQ(find(table, loader, 0, 1, 100), fake_function(100));
  CHECK_EQ(find(table, loader, 0, 1, 999), fake_function(100));  // a hit: the build does not run again
  CHECK_EQ(find(table, loader, 0, 1, 999), fake_function(100));
  CHECK_EQ(loader.calls.load(), 1);
  const KernelTableStats s = table.stats();
  CHECK_EQ(s.builds, std::uint64_t{1});
  CHECK_EQ(s.hits, std::uint64_t{2});
  CHECK_EQ(s.waits, std::uint64_t{0});
  CHECK_EQ(s.entries, std::size_t{1});
}

TEST(kernel_table_returns_every_kernel_of_an_entry) {
  KernelTable table(8);
  FakeLoader loader;
  const NumberKey key{5};
  const LoadedKernels k = table.find_or_build(0, key, 5, [&] { return loader.load(200); });
  CHECK_EQ(k.function[0], fake_function(200));
  CHECK_EQ(k.function[1], fake_function(201));
}

TEST(kernel_table_keeps_devices_apart) {
  KernelTable table(8);
  FakeLoader loader;
  CHECK_EQ(find(table, loader, 0, 1, 100), fake_function(100));
  CHECK_EQ(find(table, loader, 1, 1, 300), fake_function(300));
  CHECK_EQ(find(table, loader, 0, 1, 999), fake_function(100));
  CHECK_EQ(find(table, loader, 1, 1, 999), fake_function(300));
  CHECK_EQ(table.stats().builds, std::uint64_t{2});
  CHECK_EQ(table.stats().entries, std::size_t{2});
}

TEST(kernel_table_keeps_key_types_apart) {
  KernelTable table(8);
  FakeLoader loader;
  CHECK_EQ(find(table, loader, 0, 1, 100), fake_function(100));
  const OtherKey other{1};
  CHECK_EQ(table.find_or_build(0, other, 1, [&] { return loader.load(400); }).function[0], fake_function(400));
  CHECK_EQ(table.stats().builds, std::uint64_t{2});
}

TEST(kernel_table_tells_keys_with_one_hash_apart) {
  KernelTable table(8);
  FakeLoader loader;
  const NumberKey a{1}, b{2};
  CHECK_EQ(table.find_or_build(0, a, 7, [&] { return loader.load(100); }).function[0], fake_function(100));
  CHECK_EQ(table.find_or_build(0, b, 7, [&] { return loader.load(200); }).function[0], fake_function(200));
  CHECK_EQ(table.find_or_build(0, a, 7, [&] { return loader.load(999); }).function[0], fake_function(100));
  CHECK_EQ(table.stats().hits, std::uint64_t{1});
}

TEST(kernel_table_drops_the_least_recently_looked_up_entry) {
  KernelTable table(3);
  FakeLoader loader;
  for (int n = 0; n < 3; ++n) find(table, loader, 0, n, 100 + n);
  find(table, loader, 0, 0, 999);  // 0 is now the most recent; 1 the least
  find(table, loader, 0, 3, 103);  // over the bound: 1 goes
  KernelTableStats s = table.stats();
  CHECK_EQ(s.entries, std::size_t{3});
  CHECK_EQ(s.evictions, std::uint64_t{1});
  CHECK_EQ(loader.calls.load(), 4);
  for (int n : {0, 2, 3}) find(table, loader, 0, n, 999);  // still there: hits
  CHECK_EQ(loader.calls.load(), 4);
  CHECK_EQ(find(table, loader, 0, 1, 111), fake_function(111));  // built again
  CHECK_EQ(loader.calls.load(), 5);
  CHECK_EQ(table.stats().entries, std::size_t{3});
}

TEST(kernel_table_forgets_a_failed_build) {
  KernelTable table(8);
  FakeLoader loader;
  const NumberKey key{1};
  CHECK_THROWS(table.find_or_build(0, key, 1, []() -> LoadedKernels { throw std::runtime_error("no compile"); }),
               std::runtime_error, "no compile");
  KernelTableStats s = table.stats();
  CHECK_EQ(s.failures, std::uint64_t{1});
  CHECK_EQ(s.entries, std::size_t{0});
  CHECK_EQ(find(table, loader, 0, 1, 100), fake_function(100));  // tried again
  CHECK_EQ(table.stats().builds, std::uint64_t{2});
}

TEST(kernel_table_clear_forgets_entries_and_counts) {
  KernelTable table(8);
  FakeLoader loader;
  find(table, loader, 0, 1, 100);
  table.clear();
  CHECK_EQ(table.stats().entries, std::size_t{0});
  CHECK_EQ(table.stats().builds, std::uint64_t{0});
  CHECK_EQ(find(table, loader, 0, 1, 101), fake_function(101));
}

TEST(kernel_table_builds_once_for_threads_that_miss_together) {
  KernelTable table(8);
  FakeLoader loader;
  constexpr int kThreads = 8;
  std::vector<CUfunction> found(kThreads);
  std::atomic<int> started{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      ++started;
      while (started.load() < kThreads) std::this_thread::yield();
      const NumberKey key{42};
      found[t] = table
                     .find_or_build(0, key, 42,
                                    [&] {
                                      // Long enough for the others to arrive while it builds.
                                      std::this_thread::sleep_for(std::chrono::milliseconds(100));
                                      return loader.load(500 + t);
                                    })
                     .function[0];
    });
  for (auto& th : threads) th.join();
  CHECK_EQ(loader.calls.load(), 1);
  for (int t = 1; t < kThreads; ++t) CHECK_EQ(found[t], found[0]);
  const KernelTableStats s = table.stats();
  CHECK_EQ(s.builds, std::uint64_t{1});
  CHECK_EQ(s.hits + s.waits, std::uint64_t{kThreads - 1});
  CHECK(s.waits > 0);
}

TEST(kernel_table_hands_a_failed_build_to_its_waiters) {
  KernelTable table(8);
  constexpr int kThreads = 4;
  std::atomic<int> started{0}, builds{0}, failures{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&] {
      ++started;
      while (started.load() < kThreads) std::this_thread::yield();
      const NumberKey key{7};
      try {
        table.find_or_build(0, key, 7, [&]() -> LoadedKernels {
          ++builds;
          std::this_thread::sleep_for(std::chrono::milliseconds(100));
          throw std::runtime_error("no compile");
        });
      } catch (const std::runtime_error&) {
        ++failures;
      }
    });
  for (auto& th : threads) th.join();
  CHECK_EQ(failures.load(), kThreads);
  // Threads that arrived after the failure build again; those that waited share it.
  CHECK_EQ(static_cast<std::uint64_t>(builds.load()), table.stats().builds);
  CHECK(builds.load() < kThreads);
  CHECK_EQ(table.stats().entries, std::size_t{0});
}

TEST(kernel_table_keeps_an_entry_being_built_over_the_bound) {
  KernelTable table(1);
  FakeLoader loader;
  const NumberKey outer{1};
  // While key 1 builds, key 2 comes and goes: the entry being built is the
  // one the bound may not drop.
  const CUfunction f = table
                           .find_or_build(0, outer, 1,
                                          [&] {
                                            CHECK_EQ(find(table, loader, 0, 2, 200), fake_function(200));
                                            CHECK_EQ(table.stats().entries, std::size_t{1});
                                            CHECK_EQ(table.stats().evictions, std::uint64_t{1});
                                            return loader.load(100);
                                          })
                           .function[0];
  CHECK_EQ(f, fake_function(100));
  CHECK_EQ(table.stats().entries, std::size_t{1});
  CHECK_EQ(find(table, loader, 0, 1, 999), fake_function(100));  // a hit
  CHECK_EQ(loader.calls.load(), 2);
}
