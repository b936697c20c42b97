#include "labs/divergence/divergence_cuda.h"

#include <algorithm>
#include <cstdlib>
#include <bit>
#include <cmath>
#include <cstring>
#include <sstream>

#include "cuda/counters.h"
#include "cuda/cuda_check.h"
#include "cuda/device_buffer.h"
#include "cuda/device_context.h"
#include "cuda/run_errors.h"
#include "cuda/timing.h"
#include "labs/divergence/divergence_kernels.h"
#include "labs/divergence/divergence_model.h"
#include "mechanisms/device_profile.h"

namespace warpscope::labs {

namespace {

/// Ring slots per warp for the timed instrumented launches: they record every segment like the
/// traced launch does, into a ring that wraps (their records are not read).
constexpr unsigned kTimedRingSlots = 64;

/// Nsight Compute's average of active threads per executed warp instruction (0..32).
constexpr const char* kThreadsPerInstructionMetric = "smsp__thread_inst_executed_per_inst_executed.ratio";

/// The launch every kernel of a run shares.
struct Grid1d {
  unsigned blocks = 0;
  unsigned threadsPerBlock = 0;
  [[nodiscard]] unsigned threads() const { return blocks * threadsPerBlock; }
  [[nodiscard]] unsigned warps() const { return threads() / 32u; }
};

/// Copies the outputs back and compares every thread with the host's exact expectation.
void checkOutputs(const cuda::DeviceBuffer& out, const PatternShape& shape, int reps, const Grid1d& grid,
                  const std::string& what) {
  std::vector<float> host(grid.threads());
  WS_CUDA_CHECK(cudaMemcpy(host.data(), out.get(), host.size() * sizeof(float), cudaMemcpyDeviceToHost));
  for (unsigned tid = 0; tid < grid.threads(); ++tid) {
    const float expected = expectedThreadOutput(shape, tid / 32u, static_cast<int>(tid % 32u), tid, reps);
    if (host[tid] != expected) {  // exact: every value is a multiple of 2^-20 below 8
      std::ostringstream why;
      why.precision(9);
      why << what << ": thread " << tid << " (warp " << tid / 32u << ", lane " << tid % 32u << ") wrote " << host[tid]
          << ", expected " << expected
          << (std::isnan(host[tid]) ? " (the poison: it never wrote)" : " (a path ran too often or too rarely)");
      throw cuda::CheckFailed(why.str());
    }
  }
}

/// What the trace says about the stack model's assumptions: per warp, do segments overlap (the
/// scheduler interleaving divergent paths), and are the masks the pattern's?
struct TraceFindings {
  long segments = 0;
  long overlapping = 0;     ///< Segments that start before the previous one of the warp ended.
  long maskMismatches = 0;  ///< Segments whose mask is not the pattern's lanes for that path.
  long missing = 0;         ///< Segments the pattern has but the trace lacks.
  double medianCycles = 0;  ///< Median segment duration.
  double medianGapCycles = 0;  ///< Median gap from a segment's end to the next one's start (same warp).
};

TraceFindings inspect(const std::vector<RawWarp>& raw, const PatternShape& shape, int reps) {
  TraceFindings f;
  std::vector<double> durations, gaps;
  for (std::size_t w = 0; w < raw.size(); ++w) {
    const unsigned warp = static_cast<unsigned>(w);
    std::vector<RawSegment> segs = raw[w].segments;
    std::sort(segs.begin(), segs.end(), [](const RawSegment& a, const RawSegment& b) { return a.startClock < b.startClock; });
    long expected = 0;
    for (int path = 0; path < pathsPerRep(shape); ++path) expected += pathMask(shape, warp, path) ? 1 : 0;
    f.missing += std::max(0L, expected * reps - static_cast<long>(segs.size()));
    for (std::size_t i = 0; i < segs.size(); ++i) {
      ++f.segments;
      durations.push_back(static_cast<double>(segs[i].endClock - segs[i].startClock));
      if (segs[i].mask != pathMask(shape, warp, segs[i].path)) ++f.maskMismatches;
      if (i > 0) {
        if (segs[i].startClock < segs[i - 1].endClock) ++f.overlapping;
        else gaps.push_back(static_cast<double>(segs[i].startClock - segs[i - 1].endClock));
      }
    }
  }
  auto median = [](std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::nth_element(v.begin(), v.begin() + static_cast<long>(v.size() / 2), v.end());
    return v[v.size() / 2];
  };
  f.medianCycles = median(durations);
  f.medianGapCycles = median(gaps);
  return f;
}

}  // namespace

RunResult measureDivergence(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor) {
  const DeviceInfo& device = context.info;
  checkDivergenceFeasible(device, request.params);
  const PatternShape chosen = patternShape(request.params);
  const LaunchShape launch = launchShape(request.params);
  const Grid1d grid{static_cast<unsigned>(device.smCount * launch.blocksPerSm),
                    static_cast<unsigned>(launch.warpsPerBlock * 32)};
  const std::vector<DivergenceConfig> plan = divergencePlan(request.params, static_cast<int>(grid.warps()));

  const unsigned traceSlots = recordSlotsFor(chosen, kTraceReps);
  cuda::DeviceBuffer out(sizeof(float) * grid.threads());
  cuda::DeviceBuffer records(sizeof(DivergenceRecord) * grid.warps() * std::max(traceSlots, kTimedRingSlots));
  const cuda::TimingPolicy policy;

  auto argsFor = [&](const PatternShape& shape, int reps, bool instrumented, unsigned slots) {
    DivergenceArgs a;
    a.shape = shape;
    a.reps = reps;
    a.b = kWorkB;
    a.out = out.as<float>();
    a.records = instrumented ? records.as<DivergenceRecord>() : nullptr;
    a.recordCapacity = instrumented ? slots : 0;
    return a;
  };
  auto timeKernel = [&](const DivergenceConfig& c, bool instrumented) {
    const DivergenceArgs args = argsFor(c.shape, c.reps, instrumented, kTimedRingSlots);
    // Poison: 0xFF bytes are a NaN, which no thread writes; every launch rewrites the same values.
    WS_CUDA_CHECK(cudaMemset(out.get(), 0xFF, sizeof(float) * grid.threads()));
    const cuda::TimingStats t = cuda::timeLaunches(
        [&] { WS_CUDA_CHECK(launchDivergence(args, instrumented, grid.blocks, grid.threadsPerBlock)); }, policy,
        &monitor.token());
    checkOutputs(out, c.shape, c.reps, grid, c.series + (instrumented ? " (instrumented)" : ""));
    return DivergenceTiming{c, t.medianMs * 1e3, t.minMs * 1e3, t.maxMs * 1e3};
  };

  DivergenceRun run;
  run.measured = true;
  const std::size_t steps = plan.size() + 4;
  for (std::size_t i = 0; i < plan.size(); ++i) {
    monitor.step(i, steps, plan[i].series + ", " + std::to_string(plan[i].distinctPaths) + " paths");
    run.timings.push_back(timeKernel(plan[i], false));
  }

  // The instrumentation's cost: the chosen pattern's and the uniform kernel, recording every segment.
  monitor.step(plan.size(), steps, "instrumented kernels (overhead)");
  const DivergenceTiming* chosenPlain = chosenTiming(run.timings, request.params);
  const DivergenceTiming* uniformPlain = &run.timings.front();
  const DivergenceTiming chosenInstr = timeKernel(chosenPlain->config, true);
  const DivergenceTiming uniformInstr = timeKernel(uniformPlain->config, true);
  const double overheadPct = 100.0 * (chosenInstr.medianUs / chosenPlain->medianUs - 1.0);
  const double uniformOverheadPct = 100.0 * (uniformInstr.medianUs / uniformPlain->medianUs - 1.0);

  // The traced launch: kTraceReps repetitions, every segment kept.
  monitor.step(plan.size() + 1, steps, "traced launch");
  WS_CUDA_CHECK(cudaMemset(records.get(), 0, records.bytes()));
  WS_CUDA_CHECK(cudaMemset(out.get(), 0xFF, sizeof(float) * grid.threads()));
  const DivergenceArgs traceArgs = argsFor(chosen, kTraceReps, true, traceSlots);
  WS_CUDA_CHECK(launchDivergence(traceArgs, true, grid.blocks, grid.threadsPerBlock));
  WS_CUDA_CHECK(cudaDeviceSynchronize());
  checkOutputs(out, chosen, kTraceReps, grid, "traced launch");
  std::vector<DivergenceRecord> host(static_cast<std::size_t>(grid.warps()) * traceSlots);
  WS_CUDA_CHECK(cudaMemcpy(host.data(), records.get(), host.size() * sizeof(DivergenceRecord), cudaMemcpyDeviceToHost));
  std::vector<RawWarp> raw(grid.warps());
  for (unsigned w = 0; w < grid.warps(); ++w) {
    RawWarp& warp = raw[w];
    warp.block = static_cast<int>(w / static_cast<unsigned>(launch.warpsPerBlock));
    warp.warpInBlock = static_cast<int>(w % static_cast<unsigned>(launch.warpsPerBlock));
    for (unsigned slot = 0; slot < traceSlots; ++slot) {
      const DivergenceRecord& r = host[static_cast<std::size_t>(w) * traceSlots + slot];
      if (r.mask == 0) continue;  // a path this warp did not take (the buffer was zeroed)
      warp.segments.push_back({r.startClock, r.endClock, r.startGlobalNs, r.mask, r.sm, r.path, r.rep});
    }
  }
  const TraceFindings findings = inspect(raw, chosen, kTraceReps);
  ClockAlignment alignment;
  run.trace = alignTrace(raw, device.smClockMhz / 1000.0, &alignment);

  // The GPU's own witness, in a launch of its own: threads executing per warp instruction.
  monitor.step(plan.size() + 2, steps, "hardware counters");
  const DivergenceArgs counted = argsFor(chosen, chosenPlain->config.reps, false, 0);
  WS_CUDA_CHECK(cudaMemset(out.get(), 0xFF, sizeof(float) * grid.threads()));
  const cuda::CounterReading counters = cuda::readCounters(context, {kThreadsPerInstructionMetric}, [&] {
    WS_CUDA_CHECK(launchDivergence(counted, false, grid.blocks, grid.threadsPerBlock));
  });
  if (counters.ok()) {
    checkOutputs(out, chosen, chosenPlain->config.reps, grid, "counted launch");
    run.countersWarpEfficiency = counters.value(kThreadsPerInstructionMetric) / 32.0;
  }

  // The model of the same plan on the same launch, with the closest profile's simt parameters.
  monitor.step(plan.size() + 3, steps, "model");
  // The embedded profiles never change while the program runs: parse them once, not per run.
  const sim::DeviceProfile* profile = sim::closestEmbeddedProfile(device);
  SimtParams params;
  if (profile) {
    params = simtParams(*profile);
    for (const DivergenceConfig& c : plan) {
      const double us = modelKernelMicroseconds(c, launch, params, device);
      run.model.push_back({c, us, us, us});
    }
  }
  const auto predication = request.params.getInt("simt_table") == 1 ? Predication::Predicate : Predication::Branch;
  std::string scaling;
  run.table = simtTableGrid(chosen, predication, &scaling);
  monitor.done();

  RunResult result = assembleDivergenceResult(device, request.params, run);
  result.provenance = Provenance::Measured;
  result.scalars.push_back({"divergence.instrumentation_overhead_pct", "Instrumentation overhead (" +
                                                                           chosenPlain->config.series + ")",
                            overheadPct, "%"});
  result.scalars.push_back({"divergence.instrumentation_overhead_uniform_pct", "Instrumentation overhead (uniform)",
                            uniformOverheadPct, "%"});
  result.scalars.push_back({"divergence.trace_segments", "Recorded path segments", double(findings.segments), ""});
  result.scalars.push_back({"divergence.trace_overlapping_segments",
                            "Segments starting before the warp's previous one ended (interleaved paths)",
                            double(findings.overlapping), ""});
  result.scalars.push_back({"divergence.trace_mask_mismatches", "Segments whose __activemask is not the pattern's",
                            double(findings.maskMismatches), ""});
  result.scalars.push_back({"divergence.segment_median_cycles", "Median recorded segment", findings.medianCycles, "cycles"});
  result.scalars.push_back({"divergence.segment_gap_median_cycles", "Median gap between a warp's segments",
                            findings.medianGapCycles, "cycles"});
  result.scalars.push_back({"divergence.sm_clock_fitted_mhz", "SM clock fitted against %globaltimer",
                            alignment.cyclesPerNs * 1000.0, "MHz"});

  cuda::addCounterScalars(result, counters, {{kThreadsPerInstructionMetric, "threads per warp instruction"}});
  if (counters.ok()) {
    // Per instruction, not per cycle: the shared code around the branch counts at 32 threads, so
    // the counters' efficiency sits at or above the trace's time-weighted one for divergent paths.
    result.scalars.push_back({"divergence.warp_efficiency_counters",
                              "Warp efficiency from the counters (threads per instruction / 32)",
                              counters.value(kThreadsPerInstructionMetric) / 32.0, ""});
  }

  std::ostringstream timing;
  timing << "Timed with CUDA events: " << policy.warmups << " warm-up launches, then the median of " << policy.reps
         << " timed launches per kernel (spread: fastest and slowest). Every thread's output overwrote a NaN poison "
            "and matched the host's exact expectation (each path's FMAs add a distinct multiple of 2^-20).";
  result.notes.push_back(timing.str());
  std::ostringstream instr;
  instr.precision(3);
  instr << "Instrumentation: per path segment __activemask(), %globaltimer and clock64() at entry, clock64() at "
           "exit, one 32-byte record stored by the segment's lowest active lane (every segment, also in the timed "
           "instrumented launches). Overhead against the same kernel uninstrumented: "
        << overheadPct << "% for " << chosenPlain->config.series << ", " << uniformOverheadPct
        << "% for uniform. The traced launch runs " << kTraceReps << " repetitions and keeps " << traceSlots
        << " segment slots per warp (all of them).";
  result.notes.push_back(instr.str());
  std::ostringstream shows;
  shows << "What the GPU shows: " << findings.segments << " segments in " << raw.size() << " warps; "
        << findings.overlapping << " started before the warp's previous segment ended";
  shows << (findings.overlapping == 0
                ? " (the divergent paths ran one after the other and met again before the next repetition: the "
                  "stack model's schedule, although Volta and later could interleave them)"
                : " (the scheduler interleaved divergent paths of a warp: independent thread scheduling at work, "
                  "which the stack model does not do)");
  shows << "; " << findings.maskMismatches << " masks differed from the pattern's lanes, " << findings.missing
        << " segments missing. Median segment " << findings.medianCycles << " cycles ("
        << chosen.workFmas << " dependent FMAs), median gap between a warp's segments " << findings.medianGapCycles
        << " cycles (branch, reconvergence and the instrumentation's own store).";
  result.notes.push_back(shows.str());
  if (profile) {
    result.notes.push_back("Model series: the simulator's model with the SIMT parameters of " + profile->info.name +
                           ", evaluated for this GPU's SM count and clock and this launch. " +
                           simtModelNote(profile->info.name, params, chosen, device));
  } else {
    result.notes.push_back("No simulator profile loaded: no model series.");
  }
  result.notes.push_back(independentThreadSchedulingNote());
  result.notes.push_back(scaling);
  return result;
}

}  // namespace warpscope::labs
