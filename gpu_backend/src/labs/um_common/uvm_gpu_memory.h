#pragma once
/// \file uvm_gpu_memory.h
/// One GPU's memory as UVM's physical memory manager sees it (kernel-open/nvidia-uvm/uvm_pmm_gpu.c):
/// 2 MiB root chunks, each backing one VA block of the allocation, kept on an LRU list. A chunk goes
/// to the tail when it is allocated and again when its block becomes fully populated (the seed:
/// "a chunk is considered in use when it is fully-populated or migrated"); when the memory is full
/// the chunk at the front is evicted first.

#include <cstdint>
#include <optional>
#include <vector>

namespace warpscope::labs::um {

class GpuChunkLru {
 public:
  /// capacityChunks root chunks of memory for an allocation of blockCount VA blocks.
  GpuChunkLru(std::uint64_t capacityChunks, std::uint32_t blockCount);

  [[nodiscard]] bool holds(std::uint32_t block) const { return inList_[block] != 0; }
  [[nodiscard]] std::uint64_t used() const { return used_; }
  [[nodiscard]] std::uint64_t capacity() const { return capacity_; }
  [[nodiscard]] bool full() const { return used_ >= capacity_; }
  /// The block whose chunk would be evicted next (front of the list), if any.
  [[nodiscard]] std::optional<std::uint32_t> leastRecentlyUsed() const;
  /// A chunk for `block`, at the tail. Precondition: !full() and !holds(block).
  void allocate(std::uint32_t block);
  /// Moves `block`'s chunk to the tail (fully populated / migrated).
  void touch(std::uint32_t block);
  /// Frees `block`'s chunk (after its pages left).
  void release(std::uint32_t block);
  /// Blocks from front (evicted first) to tail: for tests and the docs.
  [[nodiscard]] std::vector<std::uint32_t> order() const;

 private:
  static constexpr std::uint32_t kNone = 0xffffffffu;
  void unlink(std::uint32_t block);
  void pushTail(std::uint32_t block);
  std::uint64_t capacity_;
  std::uint64_t used_ = 0;
  std::vector<std::uint32_t> prev_, next_;
  std::vector<std::uint8_t> inList_;
  std::uint32_t head_ = kNone, tail_ = kNone;
};

}  // namespace warpscope::labs::um
