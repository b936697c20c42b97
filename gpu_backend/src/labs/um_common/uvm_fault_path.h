#pragma once
/// \file uvm_fault_path.h
/// One GPU fault batch stage by stage, as the seed draws it (Sakharnykh, slides 8-13 'Unified
/// memory basics' and 56 'Page faults handling'): warps touch pages their GPU's page table does
/// not map and stall; the MMU writes one fault-buffer entry per faulting warp and interrupts; the
/// driver fetches the batch and dedups it, unmaps the pages from the CPU's page table, migrates
/// them over the host link, maps them in the GPU's page table and replays; the warps resume.
/// The times are the UVM engine's own batch (UvmEngine::serviceGpuFaults) cut into its stages:
/// the stages add up to the batch's duration exactly.

#include <cstdint>
#include <string>
#include <vector>

#include "labs/um_common/um_model.h"
#include "labs/um_common/um_trace.h"
#include "labs/um_common/uvm_engine.h"

namespace warpscope::labs::um {

/// A small kernel: `warps` warps, warp w reading bytesPerWarp bytes from w * bytesPerWarp of a
/// managed allocation the CPU wrote (128 B per warp: the seed's thread/4B, 32 warps a page).
struct FaultPathExample {
  int warps = 4;
  std::uint64_t bytesPerWarp = 128;
};

enum class FaultPathStageKind : int {
  Notify,   ///< Page-table miss, fault-buffer entries, interrupt.
  Fetch,    ///< The driver fetches the batch, sorts and dedups it.
  Unmap,    ///< Residency and prefetch masks; the pages leave the CPU's page table.
  Migrate,  ///< One copy over the host link (one stage per copy).
  Map,      ///< The pages enter the GPU's page table.
  Replay,   ///< The driver replays; the stalled warps retry.
};
/// "notify", "fetch", "unmap", "migrate", "map", "replay".
const char* faultPathStageId(FaultPathStageKind kind);

struct FaultPathStage {
  FaultPathStageKind kind = FaultPathStageKind::Notify;
  double startUs = 0;
  double endUs = 0;
  std::uint32_t firstPage = 0;  ///< Migrate: the copy's pages.
  std::uint32_t pageCount = 0;
  UmCause cause = UmCause::Unknown;  ///< Migrate: coherence (faulted) or prefetch (density).
};

struct FaultPathRun {
  std::vector<FaultEntry> entries;     ///< The fault buffer, one entry per faulting warp.
  std::size_t distinctPages = 0;       ///< After dedup.
  std::vector<FaultPathStage> stages;  ///< In time order, back to back.
  double batchUs = 0;                  ///< The engine's batch: first fault to replay.
  double copyUs = 0;                   ///< Of which copies on the host link.
  std::uint64_t pagesMigrated = 0;     ///< Faulted and prefetched.
  UmScenarioResult scenario;           ///< Counters and trace (timeline, page map).
};

/// Throws BadInputError unless 1 <= warps <= 32 and bytesPerWarp is a power of two from 128 to
/// 64 KiB with the whole example inside one 2 MiB VA block.
FaultPathRun runFaultPathExample(const UvmParams& params, const FaultPathExample& example,
                                 const std::string& profileName);

}  // namespace warpscope::labs::um
