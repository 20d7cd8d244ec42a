// SPDX-License-Identifier: BSD-3-Clause
// OpCache: ops (ElementwiseOp, ReductionOp) made once per key, the step
// before the kernel table. An op is host text (its expressions, names and
// hash) that takes microseconds of string work to make, so a warm call
// finds it here; its kernels are then found in the kernel table by the op's
// hash (Note [Kernel table] in jit/kernel_table.hpp).
//
// Unlike the kernel table, an OpCache is not bounded and never erases:
// callers keep `const Op&` across a launch, and per-thread RecentCaches keep
// pointers to ops. Its keys are few: rows of the ufunc table times dtypes,
// or the user's kernels times their dtypes.
#pragma once
#include <functional>
#include <memory>
#include <mutex>
#include <unordered_map>

namespace gpuarray {

template <class Key, class Op, class Hash = std::hash<Key>>
class OpCache {
 public:
  // The op for `key`, made by `make()` (returning an Op) on a miss. It is
  // made outside the lock, so making may use other caches; two threads
  // missing one key may both make it, and the first one's op is kept
  // (making has no side effects).
  template <class Make>
  const Op& find_or_make(const Key& key, Make&& make) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      auto it = ops_.find(key);
      if (it != ops_.end()) return *it->second;
    }
    auto op = std::make_unique<const Op>(make());
    std::lock_guard<std::mutex> lock(mutex_);
    return *ops_.emplace(key, std::move(op)).first->second;
  }

 private:
  std::mutex mutex_;
  std::unordered_map<Key, std::unique_ptr<const Op>, Hash> ops_;  // unique_ptr: an op never moves
};

}  // namespace gpuarray
