#include "labs/streams/streams_model.h"

#include <algorithm>
#include <sstream>

#include "labs/streams/streams_lab.h"
#include "mechanisms/dram_system.h"
#include "mechanisms/fma_pipeline.h"

namespace warpscope::labs {

StreamsProfile streamsProfile(const sim::DeviceProfile& profile) {
  StreamsProfile p;
  p.linkGBs = profile.param("host_link", "link_gbs", 0.1, 10000);
  p.pageableHtodGBs = profile.param("host_link", "pageable_gbs", 0.1, 10000);
  p.pageableDtohGBs = profile.param("streams", "pageable_dtoh_gbs", 0.1, 10000);
  p.copyCallUs = profile.param("streams", "copy_call_us", 0, 1000);
  p.kernelLaunchUs = profile.param("streams", "kernel_launch_us", 0, 1000);
  p.kernelFixedUs = profile.param("streams", "kernel_fixed_us", 0, 10000);
  p.kernelFp32Fraction = profile.param("streams", "kernel_fp32_fraction", 0.01, 1);
  p.issueUs = profile.param("streams", "issue_us", 0, 1000);
  p.copyEngines = static_cast<int>(profile.param("streams", "copy_engines", 1, 8));
  return p;
}

int smallKernelBlocks(const DeviceInfo& device) { return std::max(1, device.smCount / kSmallKernels); }

std::size_t streamsChunkBytes(const StreamsConfig& config) {
  // Whole 4 KiB pages: every chunk starts aligned for the kernel's floats and the copy engines
  // (128 MiB in 3 chunks leaves 4 KiB unused at the end).
  constexpr std::size_t kPage = 4096;
  const std::size_t buffer = std::size_t{static_cast<unsigned>(config.bufferMib)} << 20;
  return buffer / static_cast<unsigned>(streamsChunks(config)) / kPage * kPage;
}

namespace {

/// A chunk kernel's time per MiB on `sms` SMs with `threadsPerSm` resident threads on each: its
/// FMAs (one dependent chain per element) at the FP32 rate that occupancy reaches, or its bytes at
/// the DRAM ceiling scaled to the SMs it runs on, whichever is longer.
double kernelMsPerMib(const sim::DeviceProfile& profile, const StreamsConfig& config, double sms, int threadsPerSm) {
  const DeviceInfo& d = profile.info;
  const double elements = double(1 << 20) / 4;
  const double fmaPerSecondPerSm = d.fp32LanesPerSm * d.smClockMhz * 1e6 * streamsProfile(profile).kernelFp32Fraction *
                                   arithFractionOfPeak(d, fmaPipeline(profile), threadsPerSm, 1);
  const double computeS = elements * config.kernelFmas / (fmaPerSecondPerSm * sms);
  const double memoryS = elements * 8 / (copyKernelCeilingGBs(profile) * 1e9 * sms / d.smCount);
  return std::max(computeS, memoryS) * 1e3;
}

}  // namespace

StreamOpCosts modelStreamOpCosts(const sim::DeviceProfile& profile, const StreamsConfig& config) {
  const StreamsProfile p = streamsProfile(profile);
  const DeviceInfo& d = profile.info;
  const double mib = double(1 << 20);
  const bool pageable = config.hostMemory == HostMemory::Pageable;
  StreamOpCosts c;
  c.htod = {p.copyCallUs * 1e-3, mib / ((pageable ? p.pageableHtodGBs : p.linkGBs) * 1e9) * 1e3};
  c.dtoh = {p.copyCallUs * 1e-3, mib / ((pageable ? p.pageableDtohGBs : p.linkGBs) * 1e9) * 1e3};
  c.markerMs = p.kernelLaunchUs * 1e-3;
  if (config.workload == StreamsWorkload::SmallKernels) {
    // One block of kStreamsKernelBlock threads on each of an eighth of the SMs.
    const int blocks = smallKernelBlocks(d);
    c.kernel = {p.kernelFixedUs * 1e-3, kernelMsPerMib(profile, config, blocks, kStreamsKernelBlock)};
    c.kernelShare = double(blocks) / d.smCount;
  } else {
    c.kernel = {p.kernelFixedUs * 1e-3, kernelMsPerMib(profile, config, d.smCount, d.maxThreadsPerSm)};
    c.kernelShare = 1;
  }
  return c;
}

StreamsMachine streamsMachine(int copyEngines, const StreamsConfig& config, double issueUs) {
  StreamsMachine m;
  m.copyEngines = copyEngines;
  m.hardwareQueues = config.hardwareQueues;
  m.issueMs = config.hostMemory == HostMemory::Pageable ? issueUs * 1e-3 : 0;
  return m;
}

RunResult simulateStreams(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor) {
  const StreamsPlan plan = streamsPlan(request.params, request.scope);
  const StreamsProfile p = streamsProfile(profile);
  monitor.step(0, 1, "the overlap model");
  StreamsRun run;
  run.plan = plan;
  run.copyEngines = p.copyEngines;
  run.costs = run.modelCosts = modelStreamOpCosts(profile, plan.focus);
  for (const StreamsConfig& c : plan.points) {
    monitor.throwIfCancelled();
    const double total = scheduleTotalMs(
        scheduleStreams(streamsIssueList(c, run.costs), streamsMachine(p.copyEngines, c, p.issueUs)));
    run.points.push_back({c.streams, c.order, total, total, total, total});
  }
  run.timeline = scheduleStreams(streamsIssueList(plan.focus, run.costs), streamsMachine(p.copyEngines, plan.focus, p.issueUs));
  run.timelineSource = "the overlap model";
  monitor.done();
  RunResult result = assembleStreamsResult(profile.info, request.params, run, request.scope);
  std::ostringstream why;
  why << "Model: each operation's time on its own from the profile (copies at " << p.linkGBs << " GB/s pinned, "
      << p.pageableHtodGBs << " / " << p.pageableDtohGBs << " GB/s pageable in / out, plus " << p.copyCallUs
      << " us each; kernels at " << p.kernelFp32Fraction << " of the FP32 rate of their occupancy, at least their "
      << "bytes at the DRAM ceiling, plus " << p.kernelFixedUs << " us), then the hardware's rules: one copy at a time per engine (" << p.copyEngines
      << " engine" << (p.copyEngines == 1 ? "" : "s") << "), streams in order, " << plan.focus.hardwareQueues
      << " hardware queue" << (plan.focus.hardwareQueues == 1 ? "" : "s")
      << " handing work over in issue order, kernels side by side while the SMs have room.";
  result.notes.push_back(why.str());
  return result;
}

}  // namespace warpscope::labs
