// SPDX-License-Identifier: BSD-3-Clause
// Blocks of pooled device memory and the best-fit index of the free ones.
// Internal to the memory pool (see memory/device_pool.hpp).
#pragma once
#include <cstddef>
#include <cstdint>
#include <set>
#include <vector>

namespace gpuarray::pool {

struct Arena;

// A run of bytes inside one cudaMalloc'd segment. The blocks of a segment
// tile it in address order through prev/next, so neighbours can merge when
// both are free; a block with neither is a whole segment.
struct Block {
  std::uintptr_t ptr = 0;
  std::size_t size = 0;
  Arena* arena = nullptr;  // the stream's arena that owns the segment
  Block* prev = nullptr;
  Block* next = nullptr;
  bool small = false;      // from a segment that serves small requests only
  bool allocated = false;

  bool is_whole_segment() const { return prev == nullptr && next == nullptr; }
};

// Free blocks ordered by (size, address): lower_bound(size) is the best fit,
// and among equal sizes the lowest address wins, so reuse is deterministic.
// Tree nodes of erased entries are kept and refilled by later inserts, so a
// steady malloc/free cycle does not call the heap allocator.
class FreeBlocks {
 public:
  // The smallest free block of at least `size` bytes, or nullptr.
  Block* best_fit(std::size_t size) const {
    auto it = blocks_.lower_bound(size);
    return it == blocks_.end() ? nullptr : *it;
  }

  void insert(Block* block) {
    if (spare_nodes_.empty()) {
      blocks_.insert(block);
      return;
    }
    Set::node_type node = std::move(spare_nodes_.back());
    spare_nodes_.pop_back();
    node.value() = block;
    blocks_.insert(std::move(node));
  }

  // `block` must be in the set with the size and address it was inserted with.
  void erase(Block* block) { spare_nodes_.push_back(blocks_.extract(blocks_.find(block))); }

  // Moves every block for which `pred` is true into `out`.
  template <typename Pred>
  void remove_if(Pred pred, std::vector<Block*>& out) {
    for (auto it = blocks_.begin(); it != blocks_.end();) {
      Block* block = *it;
      if (pred(block)) {
        spare_nodes_.push_back(blocks_.extract(it++));
        out.push_back(block);
      } else {
        ++it;
      }
    }
  }

  std::size_t size() const { return blocks_.size(); }
  bool empty() const { return blocks_.empty(); }
  auto begin() const { return blocks_.begin(); }
  auto end() const { return blocks_.end(); }

 private:
  struct BySizeThenAddress {
    using is_transparent = void;  // lets lower_bound take a bare size
    bool operator()(const Block* a, const Block* b) const {
      return a->size != b->size ? a->size < b->size : a->ptr < b->ptr;
    }
    bool operator()(const Block* a, std::size_t size) const { return a->size < size; }
    bool operator()(std::size_t size, const Block* b) const { return size < b->size; }
  };
  using Set = std::set<Block*, BySizeThenAddress>;

  Set blocks_;
  std::vector<Set::node_type> spare_nodes_;
};

}  // namespace gpuarray::pool
