// SPDX-License-Identifier: BSD-3-Clause
// The kernel table: every launcher's loaded kernels, keyed by (device, the
// launcher's kernel key), in one process-wide, thread-safe, bounded table
// that counts its lookups. A launcher brings its own key type (a small
// record with ==) and a build function that compiles and loads on a miss:
//
//   const jit::LoadedKernels k = jit::kernel_table().find_or_build(
//       device, key, key.hash(), [&] { return build_kernels(op, key, device); });
//
// Note [Kernel table]
// One table, so that the policy lives in one place:
// - The key is the device, the launcher's key type and the key. Each key
//   type holds everything that decides its kernels' source (Note [Elementwise
//   kernel key], Note [Reduction kernel key], ...), so equal keys on one
//   device always mean the same CUfunctions. Keys of different types never
//   compare equal, even with equal hashes. The table builds no string on a
//   hit (gather/scatter's key is its kernel name, built by its caller).
// - A miss builds once: the first thread to miss a key runs `build` outside
//   the table's lock; other threads asking for that key meanwhile wait for
//   it, then share its result or its exception (a failed build leaves no
//   entry, so the next call tries again). Other keys are found meanwhile.
// - Bounded: at most max_entries() entries; past that, the least recently
//   looked up entry that is not being built is dropped. Hits in a launcher's
//   per-thread cache in front of the table (elementwise) do not refresh it.
// - Dropping an entry never unloads anything. The driver API documents no
//   wait for work in flight in cuLibraryUnload or cuModuleUnload (only that
//   a handle used after cuModuleUnload is undefined behaviour), and the engine
//   holds CUfunctions where no lock reaches: per-thread RecentCaches, the
//   one-node launch graphs (cuda/launch_graphs.hpp, which tell launches apart
//   by function handle, so a reused handle would replay old code), captured
//   user graphs, and kernels queued on streams. So libraries stay loaded for
//   the life of the process (jit/loaded_library.hpp) and every CUfunction the
//   table ever returned stays valid. A dropped key that comes back is built
//   again: generated source, the in-memory compiled-binary cache
//   (jit/kernel_cache.hpp), then the library already loaded for that binary.
// So the bound caps the table's own memory (e.g. under ElementwiseKernels
// made per call), not loaded device code, which grows as it did before the
// table: one library per distinct binary.
#pragma once
#include <cuda.h>

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <list>
#include <memory>
#include <mutex>
#include <type_traits>
#include <unordered_map>

namespace gpuarray::jit {

// Kernels of one module that a launch needs together: a reduction's main
// pass and its partials pass; most launchers use the first only.
inline constexpr int kMaxKernelsPerEntry = 2;
struct LoadedKernels {
  CUfunction function[kMaxKernelsPerEntry] = {};
};

// The process-wide table's bound. A test suite run loads a few thousand
// distinct kernels; an entry costs about its key plus ~150 bytes.
inline constexpr std::size_t kKernelTableMaxEntries = 16384;

// Counted under the table's lock, so they add up: lookups = hits + builds + waits.
struct KernelTableStats {
  std::uint64_t hits = 0;       // found built
  std::uint64_t builds = 0;     // missed and ran the launcher's build (which may find the binary cached)
  std::uint64_t waits = 0;      // missed while another thread was building the same key
  std::uint64_t failures = 0;   // builds that threw
  std::uint64_t evictions = 0;  // entries dropped by the bound
  std::size_t entries = 0;      // entries now, built or being built
};

class KernelTable {
 public:
  explicit KernelTable(std::size_t max_entries);
  KernelTable(const KernelTable&) = delete;
  KernelTable& operator=(const KernelTable&) = delete;

  // The kernels for (device, key), built by `build` (a callable returning
  // LoadedKernels) on a miss. `key_hash` is the key's own hash. Rethrows
  // what `build` throws.
  template <class Key, class Build>
  LoadedKernels find_or_build(int device, const Key& key, std::size_t key_hash, Build&& build) {
    const KeyRef ref{device, &KeyKind<Key>::tag, mix(key_hash, device, &KeyKind<Key>::tag), &key, &equal_keys<Key>,
                     &copy_key<Key>};
    using Fn = std::remove_reference_t<Build>;
    return find_or_build_erased(ref, const_cast<void*>(static_cast<const void*>(&build)), &run_build<Fn>);
  }

  KernelTableStats stats() const;
  std::size_t max_entries() const { return max_entries_; }
  // Forgets every built entry (not one being built) and zeroes the counters (for tests).
  void clear();

 private:
  // A key with its type erased: equal_keys<Key> and copy_key<Key> know it.
  struct KeyRef {
    int device;
    const void* kind;  // &KeyKind<Key>::tag: one address per key type
    std::uint64_t hash;
    const void* key;
    bool (*equal)(const void* stored, const void* probe);
    std::shared_ptr<const void> (*copy)(const void* key);
  };
  template <class Key> struct KeyKind { static constexpr char tag = 0; };
  template <class Key> static bool equal_keys(const void* a, const void* b) {
    return *static_cast<const Key*>(a) == *static_cast<const Key*>(b);
  }
  template <class Key> static std::shared_ptr<const void> copy_key(const void* key) {
    return std::make_shared<const Key>(*static_cast<const Key*>(key));
  }
  template <class Fn> static LoadedKernels run_build(void* build) { return (*static_cast<Fn*>(build))(); }
  static std::uint64_t mix(std::size_t key_hash, int device, const void* kind);

  // The result of one build, which threads that missed the same key wait for.
  struct PendingBuild {
    bool done = false;
    LoadedKernels kernels;
    std::exception_ptr error;
  };
  struct Entry {
    int device;
    const void* kind;
    std::uint64_t hash;
    std::shared_ptr<const void> key;
    bool (*equal)(const void*, const void*);
    LoadedKernels kernels;
    std::shared_ptr<PendingBuild> building;  // set while the first thread builds it
  };
  using Recency = std::list<Entry>;  // most recently looked up first

  LoadedKernels find_or_build_erased(const KeyRef& ref, void* build, LoadedKernels (*run)(void*));
  // The caller holds mutex_ for these.
  Recency::iterator find(const KeyRef& ref);
  void erase(Recency::iterator entry);
  void evict_past_bound();

  const std::size_t max_entries_;
  mutable std::mutex mutex_;
  std::condition_variable built_;  // notified when any build ends
  Recency recency_;
  std::unordered_multimap<std::uint64_t, Recency::iterator> index_;  // by KeyRef::hash
  KernelTableStats stats_;
};

// The table every launcher uses, with kKernelTableMaxEntries entries. Never
// destroyed (like the libraries its functions come from).
KernelTable& kernel_table();

}  // namespace gpuarray::jit
