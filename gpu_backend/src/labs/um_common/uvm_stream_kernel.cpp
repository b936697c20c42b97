#include "labs/um_common/uvm_stream_kernel.h"

#include <algorithm>
#include <vector>

namespace warpscope::labs::um {

namespace {

constexpr std::uint32_t kNoStall = 0xffffffffu;

/// Fault-buffer entries an SM leaves before the next replay: its translation unit stops at its
/// first fault (the warps behind it stall on the same miss), so a batch holds about one fault per
/// busy SM. Chosen so the model's fault batches match the H200's CUPTI fault groups (warp/64KB: 24
/// vs 27 per 256 MiB; 2 MiB per warp: 48 vs 62); with all of an SM's stalled warps in the buffer the
/// model had 12 and 6.
constexpr int kFaultsPerSmPerReplay = 1;

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
  // A block whose warps all lie in one 4 KiB page (8 x 128 B for thread/4B) behaves as one unit:
  // its warps stall and resume together, each leaving its own fault entry. It is simulated as one
  // warp of weight wpb, which keeps a 1 GiB thread/4B run to a million units instead of eight.
  const bool blockInOnePage = chunk * static_cast<std::uint64_t>(wpb) <= kPageBytes;
  const int unitsPerBlock = blockInOnePage ? 1 : wpb;
  const int unitWeight = blockInOnePage ? wpb : 1;
  const auto upb = static_cast<std::size_t>(unitsPerBlock);
  std::vector<Warp> warps(slots * upb);
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
  // Counts `bytes` of one page read without a fault, by where the page lives.
  auto countRead = [&](std::uint32_t page, std::uint64_t bytes) {
    if (pt.resident[page] & gpuBit) {
      localBytes += bytes;
    } else {
      remoteBytes += bytes;
      if ((pt.resident[page] & processorBit(Processor::Cpu)) == 0) peerBytes += bytes;
    }
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
      countRead(page, next - w.pos);
      w.pos = next;
    }
    w.stallPage = kNoStall;
    w.done = true;
  };
  // Stalled warps wait on the VA block of their page: servicing a batch makes pages accessible
  // only in the blocks it faulted on (migrations, remote mappings and collapses are per faulted
  // block; evictions and expiring pins only take access away), so a replay retries just the
  // warps waiting on those blocks instead of every stalled warp on the GPU.
  std::vector<std::vector<std::size_t>> waiting(pt.blockCount());
  auto park = [&](std::size_t warpIndex) {
    waiting[warps[warpIndex].stallPage / static_cast<std::uint32_t>(kPagesPerChunk)].push_back(warpIndex);
  };
  // Puts the next block into `slot` (if any is left) and runs its warps as far as they go.
  auto dispatch = [&](std::size_t slot) {
    while (liveWarps[slot] == 0 && nextBlock < totalBlocks) {
      const std::uint64_t block = nextBlock++;
      int live = 0;
      const std::uint64_t firstWarp = block * static_cast<std::uint64_t>(wpb);
      for (std::size_t u = 0; u < upb; ++u) {
        Warp& warp = warps[slot * upb + u];
        warp = Warp{};
        const std::uint64_t warpIndex = firstWarp + u;
        if (warpIndex >= totalWarps) continue;
        warp.pos = k.firstByte + warpIndex * chunk;
        warp.end = std::min(endByte, k.firstByte + (blockInOnePage ? std::min(totalWarps, firstWarp + static_cast<std::uint64_t>(wpb)) : warpIndex + 1) * chunk);
        warp.done = false;
        advance(warp);
        if (!warp.done) {
          ++live;
          park(slot * upb + u);
        }
      }
      liveWarps[slot] = live;
    }
  };
  // Slot s lives on SM (s % sms): blocks 0, 1, 2, ... go to SMs 0, 1, 2, ... round robin.
  for (std::size_t s = 0; s < slots; ++s) dispatch(s);

  // The fault buffer's order: the SMs fault concurrently, so entry r of every SM comes before
  // entry r+1 of any. Each SM's entries are its stalled warps in slot order; only the first
  // fault_batch_count entries are fetched, so each SM's list is walked lazily.
  struct SmCursor {
    std::size_t slot = 0;   // index of the SM's slot (slot = sm + j * sms)
    std::size_t unit = 0;
    int weightLeft = 0;
    bool exhausted = false;
  };
  std::vector<SmCursor> cursors(static_cast<std::size_t>(sms));
  auto nextEntry = [&](std::size_t sm, std::uint32_t& page) {
    SmCursor& c = cursors[sm];
    while (!c.exhausted) {
      if (c.weightLeft > 0) {
        --c.weightLeft;
        page = warps[(sm + c.slot * static_cast<std::size_t>(sms)) * upb + c.unit].stallPage;
        if (c.weightLeft == 0) ++c.unit;
        return true;
      }
      if (c.slot >= static_cast<std::size_t>(blocksPerSm)) { c.exhausted = true; break; }
      const std::size_t slot = sm + c.slot * static_cast<std::size_t>(sms);
      if (liveWarps[slot] == 0 || c.unit >= upb) { ++c.slot; c.unit = 0; continue; }
      if (warps[slot * upb + c.unit].done) { ++c.unit; continue; }
      c.weightLeft = unitWeight;
    }
    return false;
  };

  std::vector<FaultEntry> batch;
  const auto batchMax = static_cast<std::size_t>(std::max(1, engine.params.faultBatchCount));
  const FaultAccess access = k.writes ? FaultAccess::Write : FaultAccess::Read;
  double t = nowUs;
  std::vector<std::uint32_t> faultedBlocks;
  std::vector<std::size_t> retry, freedSlots;
  for (;;) {
    for (auto& c : cursors) c = SmCursor{};
    batch.clear();
    for (int round = 0; round < kFaultsPerSmPerReplay && batch.size() < batchMax; ++round) {
      bool any = false;
      for (std::size_t sm = 0; sm < cursors.size() && batch.size() < batchMax; ++sm) {
        std::uint32_t page = 0;
        if (nextEntry(sm, page)) {
          any = true;
          batch.push_back({page, access});
        }
      }
      if (!any) break;
    }
    if (batch.empty()) break;  // every warp has finished
    t += engine.serviceGpuFaults(gpu, batch, t);
    ++run.batches;
    // Replay: the warps waiting on a faulted block retry (no other can get further); finished
    // blocks make room for the next ones, slot by slot in order as the block scheduler fills them.
    faultedBlocks.clear();
    for (const FaultEntry& e : batch) faultedBlocks.push_back(e.page / static_cast<std::uint32_t>(kPagesPerChunk));
    std::sort(faultedBlocks.begin(), faultedBlocks.end());
    faultedBlocks.erase(std::unique(faultedBlocks.begin(), faultedBlocks.end()), faultedBlocks.end());
    retry.clear();
    for (const std::uint32_t b : faultedBlocks) {
      retry.insert(retry.end(), waiting[b].begin(), waiting[b].end());
      waiting[b].clear();
    }
    freedSlots.clear();
    for (const std::size_t index : retry) {
      Warp& warp = warps[index];
      if (accessible(warp.stallPage)) advance(warp);
      if (!warp.done) {
        park(index);
      } else if (--liveWarps[index / upb] == 0) {
        freedSlots.push_back(index / upb);
      }
    }
    std::sort(freedSlots.begin(), freedSlots.end());
    for (const std::size_t slot : freedSlots) dispatch(slot);
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
