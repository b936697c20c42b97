#include "labs/um_common/uvm_fault_path.h"

#include <algorithm>

#include "labs/um_common/um_model_support.h"
#include "warpscope/params.h"

namespace warpscope::labs::um {

const char* faultPathStageId(FaultPathStageKind kind) {
  switch (kind) {
    case FaultPathStageKind::Notify: return "notify";
    case FaultPathStageKind::Fetch: return "fetch";
    case FaultPathStageKind::Unmap: return "unmap";
    case FaultPathStageKind::Migrate: return "migrate";
    case FaultPathStageKind::Map: return "map";
    case FaultPathStageKind::Replay: return "replay";
  }
  return "?";
}

namespace {

void checkExample(const FaultPathExample& e) {
  if (e.warps < 1 || e.warps > 32)
    throw BadInputError("fault path example: warps must be 1..32 (got " + std::to_string(e.warps) + ")");
  const std::uint64_t b = e.bytesPerWarp;
  if (b < 128 || b > kBlockBytes || (b & (b - 1)) != 0)
    throw BadInputError("fault path example: bytes per warp must be a power of two from 128 to 65536 (got " +
                        std::to_string(b) + ")");
  if (static_cast<std::uint64_t>(e.warps) * b > kChunkBytes)
    throw BadInputError("fault path example: warps x bytes per warp must fit one 2 MiB VA block");
}

FaultPathStage stage(FaultPathStageKind kind, double start, double end) {
  FaultPathStage s;
  s.kind = kind;
  s.startUs = start;
  s.endUs = end;
  return s;
}

}  // namespace

FaultPathRun runFaultPathExample(const UvmParams& params, const FaultPathExample& example,
                                 const std::string& profileName) {
  checkExample(example);
  const std::uint64_t used = static_cast<std::uint64_t>(example.warps) * example.bytesPerWarp;
  // At least one 64 KiB big page: a GPU fault migrates whole big pages when it can.
  const std::uint64_t allocation = std::max(kBlockBytes, (used + kBlockBytes - 1) / kBlockBytes * kBlockBytes);
  UvmEngine engine(params, allocation);
  engine.placeInitially(0, engine.pages.pageCount(), Processor::Cpu);  // the CPU wrote it

  FaultPathRun run;
  // Every warp stalls on the first page it touches and leaves its own entry (slide 57: multiple
  // faults per page when several warps share one).
  for (int w = 0; w < example.warps; ++w)
    run.entries.push_back(
        {static_cast<std::uint32_t>(static_cast<std::uint64_t>(w) * example.bytesPerWarp / kPageBytes),
         FaultAccess::Read});
  std::vector<std::uint32_t> distinct;
  for (const FaultEntry& e : run.entries) distinct.push_back(e.page);
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  run.distinctPages = distinct.size();
  run.batchUs = engine.serviceGpuFaults(Processor::Gpu0, run.entries, 0);

  std::vector<UmEvent> copies;
  for (const UmEvent& e : engine.trace.events)
    if (e.kind == UmEventKind::BytesHtoD) copies.push_back(e);
  std::sort(copies.begin(), copies.end(), [](const UmEvent& a, const UmEvent& b) { return a.startUs < b.startUs; });

  // The engine charges the batch's fixed cost (notify, fetch and replay among it) and the block's
  // cost before the copies; the stages put each part where the driver does it: the replay last,
  // half of the block's cost before the copies (masks, CPU unmap) and half after (GPU map).
  const double notify = params.faultNotifyUs, replay = params.faultReplayUs, block = params.gpuFaultBlockUs;
  const double fetchEnd = params.gpuFaultBatchUs + params.gpuFaultUs * static_cast<double>(run.distinctPages) - replay;
  run.stages.push_back(stage(FaultPathStageKind::Notify, 0, notify));
  run.stages.push_back(stage(FaultPathStageKind::Fetch, notify, fetchEnd));
  run.stages.push_back(stage(FaultPathStageKind::Unmap, fetchEnd, fetchEnd + block / 2));
  const double shift = replay + block / 2;
  double copiesEnd = fetchEnd + block / 2;
  for (const UmEvent& e : copies) {
    FaultPathStage s = stage(FaultPathStageKind::Migrate, e.startUs - shift, e.endUs - shift);
    s.firstPage = static_cast<std::uint32_t>(e.address / kPageBytes);
    s.pageCount = static_cast<std::uint32_t>(e.bytes / kPageBytes);
    s.cause = e.cause;
    run.stages.push_back(s);
    run.copyUs += e.endUs - e.startUs;
    run.pagesMigrated += s.pageCount;
    copiesEnd = std::max(copiesEnd, s.endUs);
  }
  run.stages.push_back(stage(FaultPathStageKind::Map, copiesEnd, copiesEnd + block / 2));
  run.stages.push_back(stage(FaultPathStageKind::Replay, copiesEnd + block / 2, copiesEnd + block / 2 + replay));

  run.scenario.name = "fault path example";
  run.scenario.phases.push_back(modelPhase("fault batch", run.batchUs, used));
  run.scenario.counters = engine.counters();
  run.scenario.trace = engine.takeTrace(run.batchUs, PageState::Cpu, profileName);
  return run;
}

}  // namespace warpscope::labs::um
