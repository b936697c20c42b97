#include "labs/um_streaming/um_streaming_model.h"

#include <string>

#include "labs/um_common/um_model.h"
#include "labs/um_common/um_model_bench.h"
#include "labs/um_common/um_model_support.h"
#include "labs/um_common/uvm_engine.h"
#include "labs/um_common/uvm_stream_kernel.h"

namespace warpscope::labs {

namespace {

const char* modeName(StreamingMode mode) {
  switch (mode) {
    case StreamingMode::OnDemand: return "on-demand";
    case StreamingMode::Prefetch: return "prefetch";
    case StreamingMode::MemcpyPinned: return "memcpy (pinned)";
    case StreamingMode::MemcpyPageable: return "memcpy (pageable)";
  }
  return "?";
}

std::string granularityName(std::uint64_t chunk) {
  if (chunk == 128) return "thread/4B";
  if (chunk >= 1024 * 1024) return "warp/" + std::to_string(chunk >> 20) + "MB";
  if (chunk >= 1024) return "warp/" + std::to_string(chunk >> 10) + "KB";
  return "warp/" + std::to_string(chunk) + "B";
}

}  // namespace

um::UmScenarioResult simulateStreamingScenario(const sim::DeviceProfile& profile, const StreamingScenario& scenario) {
  using namespace um;
  const UvmParams params = readUvmParams(profile);
  checkManagedBytes("um-streaming: bufferBytes", scenario.bufferBytes);
  const std::uint64_t chunk = scenario.warpChunkBytes;
  if (chunk < 128 || chunk > kChunkBytes || (chunk & (chunk - 1)) != 0)
    throw BadInputError("um-streaming: warpChunkBytes must be a power of two from 128 to 2097152 (got " +
                        std::to_string(chunk) + ")");

  UmScenarioResult result;
  result.name = scenario.mode == StreamingMode::OnDemand ? std::string("on-demand ") + granularityName(chunk)
                                                         : std::string(modeName(scenario.mode));
  UvmEngine engine(params, scenario.bufferBytes);
  const std::uint32_t pages = engine.pages.pageCount();
  engine.placeInitially(0, pages, Processor::Cpu);  // first touched by the CPU (memset)
  double t = 0;
  switch (scenario.mode) {
    case StreamingMode::OnDemand: {
      const StreamKernelRun run = runStreamKernel(
          engine, streamKernelFor(profile.info, Processor::Gpu0, 0, scenario.bufferBytes, chunk, false), 0);
      t = run.durationUs;
      result.phases.push_back(modelPhase("transfer", t, scenario.bufferBytes));
      result.notes.push_back(std::to_string(run.batches) + " fault batches of at most " +
                             std::to_string(params.faultBatchCount) + " faults, " +
                             std::to_string(engine.blockMigrations) + " per-block migrations");
      break;
    }
    case StreamingMode::Prefetch: {
      const double prefetchUs = engine.prefetch(0, pages, Processor::Gpu0, 0);
      const StreamKernelRun run = runStreamKernel(
          engine, streamKernelFor(profile.info, Processor::Gpu0, 0, scenario.bufferBytes, 128, false), prefetchUs);
      t = prefetchUs + run.durationUs;
      result.phases.push_back(modelPhase("transfer", prefetchUs, scenario.bufferBytes));
      result.phases.push_back(modelPhase("kernel", run.durationUs, scenario.bufferBytes));
      break;
    }
    case StreamingMode::MemcpyPinned:
    case StreamingMode::MemcpyPageable: {
      // A cudaMalloc destination: no managed memory moves, so no UVM events (as CUPTI records it).
      t = engine.link.memcpyUs(scenario.bufferBytes, scenario.mode == StreamingMode::MemcpyPageable);
      result.phases.push_back(modelPhase("transfer", t, scenario.bufferBytes));
      break;
    }
  }
  result.counters = engine.counters();
  result.trace = engine.takeTrace(t, PageState::Cpu, profile.info.name);
  return result;
}

std::vector<um::ModelBenchCase> um::streamingBenchCases(std::uint64_t bufferBytes) {
  struct Mode {
    const char* name;
    StreamingMode mode;
    std::uint64_t chunk;
  };
  const Mode modes[] = {{"streaming on-demand thread/4B", StreamingMode::OnDemand, 128},
                        {"streaming on-demand warp/1KB", StreamingMode::OnDemand, 1024},
                        {"streaming on-demand warp/4KB", StreamingMode::OnDemand, 4096},
                        {"streaming on-demand warp/64KB", StreamingMode::OnDemand, 65536},
                        {"streaming on-demand warp/2MB", StreamingMode::OnDemand, 2u << 20},
                        {"streaming prefetch", StreamingMode::Prefetch, 128},
                        {"streaming memcpy pinned", StreamingMode::MemcpyPinned, 128},
                        {"streaming memcpy pageable", StreamingMode::MemcpyPageable, 128}};
  std::vector<ModelBenchCase> cases;
  for (const Mode& m : modes) {
    const StreamingScenario s{m.mode, bufferBytes, m.chunk};
    cases.push_back({m.name, [s](const sim::DeviceProfile& profile) { return simulateStreamingScenario(profile, s); }});
  }
  return cases;
}

}  // namespace warpscope::labs
