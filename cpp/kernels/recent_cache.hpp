// SPDX-License-Identifier: BSD-3-Clause
// RecentCache: a small direct-mapped cache, one per thread, in front of a map
// that all threads share under a lock. A hit takes no lock and probes one
// slot. A 1-element ufunc looks up two shared maps per call (its op, then its
// kernel); locked, the two cost ~0.2 µs of the ~1 µs that the call may spend
// beyond the launch itself.
//
//   thread_local RecentCache<Key, Value> recent;
//   if (const Value* v = recent.find(key, hash)) use *v;
//   else { v = lookup in the shared map under its lock; recent.remember(key, hash, v); }
//
// A value must stay valid as long as the cache may hand it out: the op maps
// behind these caches never erase, and a CUfunction stays valid after the
// kernel table drops its entry (Note [Kernel table] in jit/kernel_table.hpp).
#pragma once
#include <cstddef>

namespace gpuarray {

template <class Key, class Value, std::size_t Slots = 64>
class RecentCache {
 public:
  const Value* find(const Key& key, std::size_t hash) const {
    const Entry& e = entries_[hash % Slots];
    return e.filled && e.hash == hash && e.key == key ? &e.value : nullptr;
  }

  void remember(const Key& key, std::size_t hash, const Value& value) { entries_[hash % Slots] = {true, hash, key, value}; }

 private:
  struct Entry {
    bool filled = false;
    std::size_t hash = 0;
    Key key{};
    Value value{};
  };
  Entry entries_[Slots];
};

}  // namespace gpuarray
