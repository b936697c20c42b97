// um-fault-path on a CUDA device. What the fault path's stages show happens inside the driver
// (CUPTI sees only whole fault groups), a GPU has one paging mode and its access counters are off
// on x86 hosts: those run on the closest profile's model. The fault groups are what a GPU can
// show: the same kernel over fault_pages pages runs for real, under CUPTI, beside the model's
// batches of it.
#include "labs/um_fault_path/um_fault_path_cuda.h"

#include <algorithm>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "cuda/counters.h"
#include "cuda/cuda_check.h"
#include "cuda/device_buffer.h"
#include "cuda/run_errors.h"
#include "labs/um_common/um_capture.h"
#include "labs/um_common/um_lab_run.h"
#include "labs/um_common/um_support.h"
#include "labs/um_fault_path/um_fault_groups.h"
#include "labs/um_fault_path/um_fault_path_kernels.h"
#include "labs/um_fault_path/um_fault_path_lab.h"
#include "mechanisms/device_profile.h"

namespace warpscope::labs {

um::UmScenarioResult measureFaultGroupScenario(cuda::DeviceContext& device, const FaultGroupScenario& scenario,
                                               int timedReps) {
  cuda::releaseCounters(device);  // CUPTI's activity capture and the counters' profiler: one at a time
  checkFaultGroupScenario(scenario);
  timedReps = std::max(1, timedReps);
  const std::uint64_t bytes = scenario.bytes();
  cuda::checkManagedMemoryCap(bytes, "um-fault-path (fault groups)");
  const std::uint64_t words = bytes / 4;
  const std::uint64_t chunkWords = scenario.bytesPerWarp / 4;
  const unsigned blocks = faultGroupReadBlocks(words, chunkWords);
  cuda::DeviceBuffer partials(sizeof(unsigned long long) * blocks);

  std::optional<cuda::ManagedBuffer> buffer;
  unsigned long long expected = 0;
  std::uint32_t round = 0;
  // A fresh managed buffer the CPU writes (its first touch: every page populated on the CPU), with
  // new values each repetition so a read of stale pages changes the sum; the sums poisoned.
  auto prepare = [&] {
    buffer.reset();
    buffer.emplace(bytes);
    std::uint32_t* data = buffer->as<std::uint32_t>();
    expected = 0;
    for (std::uint64_t i = 0; i < words; ++i) {
      const std::uint32_t v = cuda::umWordValue(i, round);
      data[i] = v;
      expected += v;
    }
    ++round;
    WS_CUDA_CHECK(cudaMemsetAsync(partials.get(), 0xFF, partials.bytes()));
    WS_CUDA_CHECK(cudaDeviceSynchronize());
  };
  std::vector<unsigned long long> host(blocks);
  int checkedReps = 0;
  // 0xFF.. is no block's sum: each is below 2^32 x 2^17 (a block reads at most 8 x 64 KiB = 2^17 words).
  auto check = [&](const std::string& what) {
    WS_CUDA_CHECK(cudaMemcpy(host.data(), partials.get(), partials.bytes(), cudaMemcpyDeviceToHost));
    unsigned long long total = 0;
    for (std::size_t b = 0; b < host.size(); ++b) {
      if (host[b] == ~0ull)
        throw cuda::CheckFailed("fault groups (" + what + "): block " + std::to_string(b) + " never wrote its sum");
      total += host[b];
    }
    if (total != expected) {
      std::ostringstream why;
      why << "fault groups (" << what << "): the kernel's sum " << total << " differs from the host's " << expected;
      throw cuda::CheckFailed(why.str());
    }
    ++checkedReps;
  };
  cuda::CudaEvent k0, k1;
  auto rep = [&](const char* what) {
    k0.record();
    WS_CUDA_CHECK(launchFaultGroupRead(buffer->as<std::uint32_t>(), words, chunkWords,
                                       partials.as<unsigned long long>(), nullptr));
    k1.record();
    const double ms = k1.msSince(k0);
    check(what);
    return ms;
  };

  um::UmScenarioResult result;
  result.name = "fault groups";
  prepare();
  (void)rep("warm-up");
  std::vector<double> kernelMs;
  for (int r = 0; r < timedReps; ++r) {
    prepare();
    kernelMs.push_back(rep("timed repetition"));
  }
  result.phases.push_back(cuda::phaseFrom("kernel", kernelMs, bytes));

  // One more repetition under CUPTI, so tracing does not slow the timed ones.
  prepare();
  {
    cuda::UmCapture capture;
    (void)rep("traced repetition");
    WS_CUDA_CHECK(cudaDeviceSynchronize());
    result.trace = capture.finish(buffer->get(), bytes);
  }
  result.trace.initialState = um::PageState::Cpu;
  result.counters = um::countersFromEvents(result.trace.events);

  std::ostringstream note;
  note << "checked: the kernel's sum matches the host's in all " << checkedReps << " repetitions (" << scenario.warps()
       << " warps of " << scenario.bytesPerWarp << " B over " << scenario.pages << " pages)";
  result.notes.push_back(note.str());
  result.notes.push_back("timing: 1 warm-up and " + std::to_string(timedReps) +
                         " timed repetitions with CUDA events (median, min, max); before each, a fresh managed "
                         "buffer written on the CPU");
  if (result.trace.captured) {
    std::ostringstream t;
    t << "traced: one extra repetition, " << result.trace.events.size() << " CUPTI events, "
      << result.counters.gpuFaultGroups << " GPU page-fault groups";
    if (result.trace.droppedRecords) t << ", " << result.trace.droppedRecords << " records DROPPED (counts are low)";
    result.notes.push_back(t.str());
    if (!result.trace.unavailableReason.empty())
      result.notes.push_back("trace incomplete (" + result.trace.unavailableReason + "): the counts are lower bounds");
  } else {
    result.notes.push_back("no trace: " + result.trace.unavailableReason);
  }
  return result;
}

RunResult measureUmFaultPath(cuda::DeviceContext& device, const RunRequest& request, RunMonitor& monitor) {
  const sim::DeviceProfile* profile = sim::closestEmbeddedProfile(device.info);
  if (!profile)
    throw BadInputError("um-fault-path: its stages and generations are a model, and no simulator profile loaded");
  const FaultGroupScenario scenario = faultGroupScenarioOf(request.params);
  monitor.step(0, 2, "fault groups on the GPU");
  const um::UmScenarioResult measured = measureFaultGroupScenario(device, scenario, um::kTimedReps);
  monitor.throwIfCancelled();
  RunResult result = runUmFaultPath(*profile, device.info, request, monitor, &measured);
  result.notes.insert(
      result.notes.begin(),
      "The fault path's stages, the paging modes and the access counters are the UVM model of " + profile->info.name +
          ": the stages happen inside the driver, where CUPTI sees only whole fault groups; a GPU has one paging "
          "mode, and its access counters are off on x86 hosts. The fault groups beside them are measured on this GPU "
          "(" +
          device.info.name + "): the example's kernel over " + std::to_string(scenario.pages) +
          " pages under CUPTI's unified-memory counters, the model's batches of the same kernel beside them.");
  return result;
}

}  // namespace warpscope::labs
