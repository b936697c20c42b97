#include "labs/um_common/uvm_gpu_memory.h"

namespace warpscope::labs::um {

GpuChunkLru::GpuChunkLru(std::uint64_t capacityChunks, std::uint32_t blockCount)
    : capacity_(capacityChunks), prev_(blockCount, kNone), next_(blockCount, kNone), inList_(blockCount, 0) {}

std::optional<std::uint32_t> GpuChunkLru::leastRecentlyUsed() const {
  if (head_ == kNone) return std::nullopt;
  return head_;
}

void GpuChunkLru::unlink(std::uint32_t block) {
  const std::uint32_t p = prev_[block];
  const std::uint32_t n = next_[block];
  if (p != kNone) next_[p] = n; else head_ = n;
  if (n != kNone) prev_[n] = p; else tail_ = p;
  prev_[block] = next_[block] = kNone;
}

void GpuChunkLru::pushTail(std::uint32_t block) {
  prev_[block] = tail_;
  next_[block] = kNone;
  if (tail_ != kNone) next_[tail_] = block; else head_ = block;
  tail_ = block;
}

void GpuChunkLru::allocate(std::uint32_t block) {
  if (inList_[block]) { touch(block); return; }
  inList_[block] = 1;
  ++used_;
  pushTail(block);
}

void GpuChunkLru::touch(std::uint32_t block) {
  if (!inList_[block] || tail_ == block) return;
  unlink(block);
  pushTail(block);
}

void GpuChunkLru::release(std::uint32_t block) {
  if (!inList_[block]) return;
  unlink(block);
  inList_[block] = 0;
  --used_;
}

std::vector<std::uint32_t> GpuChunkLru::order() const {
  std::vector<std::uint32_t> out;
  for (std::uint32_t b = head_; b != kNone; b = next_[b]) out.push_back(b);
  return out;
}

}  // namespace warpscope::labs::um
