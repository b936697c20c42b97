#include "labs/um_multi_gpu/um_multi_gpu_model.h"

#include <algorithm>
#include <string>

#include "labs/um_common/um_model.h"
#include "labs/um_common/um_model_bench.h"
#include "labs/um_common/um_model_support.h"
#include "labs/um_common/uvm_engine.h"
#include "labs/um_common/uvm_stream_kernel.h"

namespace warpscope::labs {

namespace {

const char* modeName(MultiGpuMode mode) {
  switch (mode) {
    case MultiGpuMode::FirstTouch: return "first touch";
    case MultiGpuMode::ReadDuplicate: return "ReadMostly duplication";
    case MultiGpuMode::RemoteMapped: return "AccessedBy (remote mapping)";
    case MultiGpuMode::Migrate: return "migration";
    case MultiGpuMode::PeerCopy: return "cudaMemcpyPeer";
  }
  return "?";
}

}  // namespace

// Two GPUs of the profile's kind, each with its own host link, joined by the peer link. Kernels
// read with one thread per 4 bytes. FirstTouch and ReadDuplicate run both GPUs' kernels at once
// (disjoint halves / read-only copies), pass after pass; RemoteMapped and Migrate run GPU 0's read,
// then GPU 1's passes.
um::UmScenarioResult simulateMultiGpuScenario(const sim::DeviceProfile& profile, const MultiGpuScenario& scenario) {
  using namespace um;
  const UvmParams params = readUvmParams(profile);
  checkManagedBytes("um-multi-gpu: bufferBytes", scenario.bufferBytes);
  if (scenario.passes < 1 || scenario.passes > 100)
    throw BadInputError("um-multi-gpu: passes must be 1..100 (got " + std::to_string(scenario.passes) + ")");
  const std::uint64_t bytes = scenario.bufferBytes;
  UvmEngine engine(params, bytes, 2);
  const std::uint32_t n = engine.pages.pageCount();
  auto kernel = [&](Processor gpu, std::uint64_t first, std::uint64_t len, double at) {
    return runStreamKernel(engine, streamKernelFor(profile.info, gpu, first, len, 128, false), at).durationUs;
  };
  UmScenarioResult result;
  result.name = modeName(scenario.mode);
  double gpu0 = 0, gpu1 = 0, t = 0;
  std::uint64_t bytes0 = 0, bytes1 = 0;
  PageState initial = PageState::Cpu;
  switch (scenario.mode) {
    case MultiGpuMode::FirstTouch:
    case MultiGpuMode::ReadDuplicate: {
      engine.placeInitially(0, n, Processor::Cpu);
      const bool split = scenario.mode == MultiGpuMode::FirstTouch;
      if (!split) engine.pages.setFlag(0, n, kReadMostly, true);
      const std::uint64_t half = (n / 2) * kPageBytes;
      for (int pass = 0; pass < scenario.passes; ++pass) {
        const double a = kernel(Processor::Gpu0, 0, split ? half : bytes, t);
        const double b = kernel(Processor::Gpu1, split ? half : 0, split ? bytes - half : bytes, t);
        gpu0 += a;
        gpu1 += b;
        bytes0 += split ? half : bytes;
        bytes1 += split ? bytes - half : bytes;
        t += std::max(a, b);
      }
      break;
    }
    case MultiGpuMode::RemoteMapped:
    case MultiGpuMode::Migrate: {
      initial = PageState::Gpu0;
      if (scenario.mode == MultiGpuMode::RemoteMapped) {
        engine.pages.setFlag(0, n, kAccessedByGpu1, true);
        initial = PageState::RemoteMapped;  // on GPU 0, mapped into GPU 1 from the start
      }
      engine.placeInitially(0, n, Processor::Gpu0);
      // GPU 0 reads its data once, then GPU 1 reads all of it pass after pass (as the CUDA side):
      // remote reads every pass, or one migration and local reads after it.
      gpu0 = kernel(Processor::Gpu0, 0, bytes, t);
      t += gpu0;
      bytes0 = bytes;
      for (int pass = 0; pass < scenario.passes; ++pass) {
        const double b = kernel(Processor::Gpu1, 0, bytes, t);
        t += b;
        gpu1 += b;
        bytes1 += bytes;
      }
      break;
    }
    case MultiGpuMode::PeerCopy: {
      // cudaMalloc buffers: no managed memory, so no UVM events.
      const double copy = params.transferOverheadUs + static_cast<double>(bytes) / (params.peerGBs * 1e3);
      const double read = static_cast<double>(bytes) / (params.dramGBs * 1e3);
      for (int pass = 0; pass < scenario.passes; ++pass) {
        gpu0 += read;
        gpu1 += read;
        bytes0 += bytes;
        bytes1 += bytes;
      }
      result.phases.push_back(modelPhase("peer-copy", copy, bytes));
      t = copy + gpu1;
      initial = PageState::Gpu0;
      break;
    }
  }
  result.phases.insert(result.phases.begin(), {modelPhase("gpu0", gpu0, bytes0), modelPhase("gpu1", gpu1, bytes1)});
  result.counters = engine.counters();
  result.trace = engine.takeTrace(t, initial, profile.info.name);
  result.notes.push_back("Kernel phases add up all " + std::to_string(scenario.passes) + " passes");
  return result;
}

std::vector<um::ModelBenchCase> um::multiGpuBenchCases() {
  const char* names[] = {"multi first touch", "multi ReadMostly", "multi AccessedBy", "multi migrate", "multi peer copy"};
  std::vector<ModelBenchCase> cases;
  for (int mode = 0; mode < 5; ++mode) {
    MultiGpuScenario s;
    s.mode = static_cast<MultiGpuMode>(mode);
    cases.push_back({names[mode], [s](const sim::DeviceProfile& profile) { return simulateMultiGpuScenario(profile, s); }});
  }
  return cases;
}

}  // namespace warpscope::labs
