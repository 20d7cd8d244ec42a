// SPDX-License-Identifier: BSD-3-Clause
#include "jit/kernel_table.hpp"

namespace gpuarray::jit {

KernelTable::KernelTable(std::size_t max_entries) : max_entries_(max_entries > 0 ? max_entries : 1) {}

std::uint64_t KernelTable::mix(std::size_t key_hash, int device, const void* kind) {
  std::uint64_t h = static_cast<std::uint64_t>(key_hash);
  h = (h ^ static_cast<std::uint64_t>(static_cast<unsigned>(device))) * 0x9e3779b97f4a7c15ull;
  h = (h ^ reinterpret_cast<std::uintptr_t>(kind)) * 0x9e3779b97f4a7c15ull;
  return h ^ (h >> 29);
}

KernelTable::Recency::iterator KernelTable::find(const KeyRef& ref) {
  auto [first, last] = index_.equal_range(ref.hash);
  for (auto it = first; it != last; ++it) {
    Entry& e = *it->second;
    if (e.device == ref.device && e.kind == ref.kind && ref.equal(e.key.get(), ref.key)) return it->second;
  }
  return recency_.end();
}

void KernelTable::erase(Recency::iterator entry) {
  auto [first, last] = index_.equal_range(entry->hash);
  for (auto it = first; it != last; ++it)
    if (it->second == entry) {
      index_.erase(it);
      break;
    }
  recency_.erase(entry);
}

void KernelTable::evict_past_bound() {
  // From the least recently looked up end; an entry being built has waiters
  // and a builder that will come back for it, so it stays.
  auto it = recency_.end();
  while (recency_.size() > max_entries_ && it != recency_.begin()) {
    --it;
    if (it->building) continue;
    erase(it++);
    ++stats_.evictions;
  }
}

LoadedKernels KernelTable::find_or_build_erased(const KeyRef& ref, void* build, LoadedKernels (*run)(void*)) {
  std::unique_lock<std::mutex> lock(mutex_);
  auto entry = find(ref);
  if (entry != recency_.end()) {
    recency_.splice(recency_.begin(), recency_, entry);  // iterators stay valid
    if (!entry->building) {
      ++stats_.hits;
      return entry->kernels;
    }
    ++stats_.waits;
    const std::shared_ptr<PendingBuild> pending = entry->building;
    built_.wait(lock, [&] { return pending->done; });
    if (pending->error) std::rethrow_exception(pending->error);
    return pending->kernels;
  }

  ++stats_.builds;
  auto pending = std::make_shared<PendingBuild>();
  recency_.push_front(Entry{ref.device, ref.kind, ref.hash, ref.copy(ref.key), ref.equal, {}, pending});
  entry = recency_.begin();
  index_.emplace(ref.hash, entry);
  evict_past_bound();
  lock.unlock();

  // Compiling takes milliseconds to seconds: other keys are found meanwhile.
  LoadedKernels kernels;
  std::exception_ptr error;
  try {
    kernels = run(build);
  } catch (...) {
    error = std::current_exception();
  }

  lock.lock();
  // The entry is still there: only this thread ends its build, and eviction skips it.
  pending->done = true;
  if (error) {
    pending->error = error;
    ++stats_.failures;
    erase(entry);
  } else {
    pending->kernels = kernels;
    entry->kernels = kernels;
    entry->building.reset();
    // Its caller is about to launch it: the most recent. Keys found while it
    // was built may have held it over the bound; the least recent go now.
    recency_.splice(recency_.begin(), recency_, entry);
    evict_past_bound();
  }
  lock.unlock();
  built_.notify_all();
  if (error) std::rethrow_exception(error);
  return kernels;
}

KernelTableStats KernelTable::stats() const {
  std::lock_guard<std::mutex> lock(mutex_);
  KernelTableStats s = stats_;
  s.entries = recency_.size();
  return s;
}

void KernelTable::clear() {
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto it = recency_.begin(); it != recency_.end();) {
    if (it->building) ++it;
    else erase(it++);
  }
  stats_ = KernelTableStats{};
}

KernelTable& kernel_table() {
  static auto* table = new KernelTable(kKernelTableMaxEntries);
  return *table;
}

}  // namespace gpuarray::jit
