#include "labs/um_common/uvm_stream_kernel.h"

#include <algorithm>
#include <vector>

namespace warpscope::labs::um {

namespace {

constexpr std::uint32_t kNoStall = 0xffffffffu;

struct Warp {
  std::uint64_t pos = 0;  ///< Next byte (relative to the allocation).
  std::uint64_t end = 0;
  std::uint32_t stallPage = kNoStall;
  bool done = true;
};

}  // namespace

StreamKernel streamKernelFor(const DeviceInfo& device, Processor gpu, std::uint64_t firstByte, std::uint64_t bytes,
                             std::uint64_t warpChunkBytes, bool writes) {
  StreamKernel k;
  k.gpu = gpu;
  k.firstByte = firstByte;
  k.bytes = bytes;
  k.warpChunkBytes = warpChunkBytes;
  k.writes = writes;
  k.smCount = std::max(1, device.smCount);
  const int warpSize = std::max(1, device.warpSize);
  const int warpsByThreads = std::max(1, device.maxThreadsPerSm / warpSize);
  const int warpsByBlocks = std::max(1, device.maxBlocksPerSm) * k.warpsPerBlock;
  k.warpsPerSm = std::min(warpsByThreads, warpsByBlocks);
  return k;
}

StreamKernelRun runStreamKernel(UvmEngine& engine, const StreamKernel& k, double nowUs) {
  StreamKernelRun run;
  if (k.bytes == 0) return run;
  const Processor gpu = k.gpu;
  const std::uint8_t gpuBit = processorBit(gpu);
  const PageTable& pt = engine.pages;
  const std::uint64_t chunk = std::max<std::uint64_t>(128, k.warpChunkBytes);
  const std::uint64_t totalWarps = (k.bytes + chunk - 1) / chunk;
  const int wpb = std::max(1, k.warpsPerBlock);
  const std::uint64_t totalBlocks = (totalWarps + static_cast<std::uint64_t>(wpb) - 1) / static_cast<std::uint64_t>(wpb);
  const int sms = std::max(1, k.smCount);
  const int blocksPerSm = std::max(1, k.warpsPerSm / wpb);
  const std::size_t slots = static_cast<std::size_t>(sms) * static_cast<std::size_t>(blocksPerSm);
  std::vector<Warp> warps(slots * static_cast<std::size_t>(wpb));
  std::vector<int> liveWarps(slots, 0);
  std::uint64_t nextBlock = 0;
  const std::uint64_t endByte = k.firstByte + k.bytes;
  std::uint64_t localBytes = 0, remoteBytes = 0, peerBytes = 0;

  auto accessible = [&](std::uint32_t page) {
    const std::uint8_t r = pt.resident[page];
    if (k.writes) {
      // A write needs the only copy (or a remote mapping of a page that is not duplicated).
      if (r == gpuBit) return true;
      return (pt.mapped[page] & gpuBit) != 0 && (r & (r - 1)) == 0;
    }
    return ((r | pt.mapped[page]) & gpuBit) != 0;
  };
  // Advances a warp until it finishes or stalls on a page it cannot access.
  auto advance = [&](Warp& w) {
    while (w.pos < w.end) {
      const auto page = static_cast<std::uint32_t>(w.pos / kPageBytes);
      if (!accessible(page)) {
        w.stallPage = page;
        return;
      }
      const std::uint64_t next = std::min(w.end, (static_cast<std::uint64_t>(page) + 1) * kPageBytes);
      if (pt.resident[page] & gpuBit) {
        localBytes += next - w.pos;
      } else {
        remoteBytes += next - w.pos;
        if ((pt.resident[page] & processorBit(Processor::Cpu)) == 0) peerBytes += next - w.pos;
      }
      w.pos = next;
    }
    w.stallPage = kNoStall;
    w.done = true;
  };
  // Puts the next block into `slot` (if any is left) and runs its warps as far as they go.
  auto dispatch = [&](std::size_t slot) {
    while (liveWarps[slot] == 0 && nextBlock < totalBlocks) {
      const std::uint64_t block = nextBlock++;
      int live = 0;
      for (int w = 0; w < wpb; ++w) {
        Warp& warp = warps[slot * static_cast<std::size_t>(wpb) + static_cast<std::size_t>(w)];
        const std::uint64_t warpIndex = block * static_cast<std::uint64_t>(wpb) + static_cast<std::uint64_t>(w);
        warp = Warp{};
        if (warpIndex >= totalWarps) continue;
        warp.pos = k.firstByte + warpIndex * chunk;
        warp.end = std::min(endByte, warp.pos + chunk);
        warp.done = false;
        advance(warp);
        if (!warp.done) ++live;
      }
      liveWarps[slot] = live;
    }
  };
  // Slot s lives on SM (s % sms): blocks 0, 1, 2, ... go to SMs 0, 1, 2, ... round robin.
  for (std::size_t s = 0; s < slots; ++s) dispatch(s);

  std::vector<std::vector<std::uint32_t>> stalledPerSm(static_cast<std::size_t>(sms));
  std::vector<FaultEntry> batch;
  const auto batchMax = static_cast<std::size_t>(std::max(1, engine.params.faultBatchCount));
  const FaultAccess access = k.writes ? FaultAccess::Write : FaultAccess::Read;
  double t = nowUs;
  for (;;) {
    for (auto& v : stalledPerSm) v.clear();
    bool anyLive = false;
    for (std::size_t s = 0; s < slots; ++s) {
      if (liveWarps[s] == 0) continue;
      anyLive = true;
      auto& list = stalledPerSm[s % static_cast<std::size_t>(sms)];
      for (int w = 0; w < wpb; ++w) {
        const Warp& warp = warps[s * static_cast<std::size_t>(wpb) + static_cast<std::size_t>(w)];
        if (!warp.done) list.push_back(warp.stallPage);
      }
    }
    if (!anyLive) break;
    batch.clear();
    for (std::size_t round = 0; batch.size() < batchMax; ++round) {
      bool any = false;
      for (const auto& list : stalledPerSm) {
        if (round >= list.size()) continue;
        any = true;
        batch.push_back({list[round], access});
        if (batch.size() >= batchMax) break;
      }
      if (!any) break;
    }
    t += engine.serviceGpuFaults(gpu, batch, t);
    ++run.batches;
    // Replay: every stalled warp retries; finished blocks make room for the next ones.
    for (std::size_t s = 0; s < slots; ++s) {
      if (liveWarps[s] == 0) continue;
      int live = 0;
      for (int w = 0; w < wpb; ++w) {
        Warp& warp = warps[s * static_cast<std::size_t>(wpb) + static_cast<std::size_t>(w)];
        if (warp.done) continue;
        if (accessible(warp.stallPage)) advance(warp);
        if (!warp.done) ++live;
      }
      liveWarps[s] = live;
      if (live == 0) dispatch(s);
    }
  }
  const UvmParams& p = engine.params;
  t += static_cast<double>(localBytes) / (p.dramGBs * 1e3) +
       static_cast<double>(remoteBytes - peerBytes) / (p.remoteAccessGBs * 1e3) +
       static_cast<double>(peerBytes) / (p.peerGBs * 1e3);
  run.durationUs = t - nowUs;
  run.localBytes = localBytes;
  run.remoteBytes = remoteBytes;
  run.peerRemoteBytes = peerBytes;
  return run;
}

}  // namespace warpscope::labs::um
