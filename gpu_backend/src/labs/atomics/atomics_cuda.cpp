#include "labs/atomics/atomics_cuda.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <memory>
#include <sstream>
#include <vector>

#include "cuda/counters.h"
#include "cuda/cuda_check.h"
#include "cuda/device_buffer.h"
#include "cuda/device_context.h"
#include "cuda/run_errors.h"
#include "cuda/timing.h"
#include "labs/atomics/atomics_kernels.h"
#include "labs/atomics/atomics_lab.h"
#include "labs/atomics/atomics_model.h"
#include "mechanisms/device_profile.h"

namespace warpscope::labs {

namespace {

/// A timed launch should last about this long: long enough that the launch overhead is noise,
/// short enough that the one-address points do not dominate the sweep.
constexpr double kTargetLaunchMs = 0.4;
constexpr unsigned kMaxIterations = 1024;
/// At most this many passes over the histogram's input (each bin's count stays below 2^32).
constexpr unsigned kMaxHistogramPasses = 64;

/// The counters beside the rule: L2 sector updates of global reductions (RED) and shared-memory
/// wavefronts of shared atomics, each per warp instruction.
constexpr const char* kL2SectorUpdates = "lts__t_sectors_srcunit_tex_op_red.sum";
constexpr const char* kGlobalReds = "smsp__inst_executed_op_global_red.sum";
constexpr const char* kSharedAtomWavefronts = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum";
constexpr const char* kSharedAtoms = "smsp__inst_executed_op_shared_atom.sum";

/// The words and the histogram's input, kept between runs (a slider step must not refill 16 MiB).
struct AtomicsBuffers : cuda::LabState {
  cuda::DeviceBuffer words{std::size_t{kAtomicThreads} * 4};  // global words, or every block's shared words
  cuda::DeviceBuffer histogramInput{kHistogramElements};
  cuda::DeviceBuffer histogram{kHistogramBins * 4};
  int filledWith = -2;  ///< The input's fill (-1: the hash, else the byte); -2: not yet.
};

std::uint32_t incrementBits(AtomicValueType type) {
  if (type == AtomicValueType::Int) return 1u;
  const float one = 1.0f;
  std::uint32_t bits = 0;
  std::memcpy(&bits, &one, 4);
  return bits;
}

/// Iterations that make a launch last about kTargetLaunchMs at the model's rate, within what the
/// check can verify exactly (a float word must stay below 2^24).
unsigned iterationsFor(double modelGops, const AtomicPoint& p, AtomicValueType type) {
  const double wanted = modelGops * 1e9 * kTargetLaunchMs * 1e-3 / kAtomicThreads;
  unsigned k = static_cast<unsigned>(std::clamp(std::round(wanted), 1.0, double(kMaxIterations)));
  if (type == AtomicValueType::Float) {
    const unsigned updatersPerWord =
        atomicVariantIsShared(p.variant) ? kAtomicBlockThreads / p.addresses : kAtomicThreads / p.addresses;
    k = std::max(1u, std::min(k, (1u << 24) / updatersPerWord));
  }
  return k;
}

/// Every word (global) or every block's every word (shared) must hold the updates of the threads
/// mapped to it: updaters x iterations, as int or float (both exact here).
void checkWords(const AtomicsBuffers& b, const AtomicPoint& p, AtomicValueType type, unsigned iterations) {
  const bool shared = atomicVariantIsShared(p.variant);
  const std::size_t count = shared ? std::size_t{kAtomicBlocks} * p.addresses : p.addresses;
  std::vector<std::uint32_t> got(count);
  WS_CUDA_CHECK(cudaMemcpy(got.data(), b.words.get(), count * 4, cudaMemcpyDeviceToHost));
  const double expected = double(shared ? kAtomicBlockThreads / p.addresses : kAtomicThreads / p.addresses) * iterations;
  for (std::size_t i = 0; i < count; ++i) {
    float asFloat = 0;
    std::memcpy(&asFloat, &got[i], 4);
    const double value = type == AtomicValueType::Float ? double(asFloat) : double(got[i]);
    if (value != expected) {
      std::ostringstream what;
      what << "atomics check failed (" << atomicVariantName(p.variant) << ", " << p.addresses << " addresses, "
           << (type == AtomicValueType::Float ? "float" : "int") << "): word " << i << " holds " << value << ", expected "
           << expected;
      throw cuda::CheckFailed(what.str());
    }
  }
}

void measurePoint(AtomicsBuffers& b, AtomicPoint& p, AtomicValueType type, const cuda::TimingPolicy& policy,
                  RunMonitor& monitor) {
  const unsigned k = iterationsFor(p.modelGops, p, type);
  const std::uint32_t bits = incrementBits(type);
  const auto launch = [&] { WS_CUDA_CHECK(cuda::launchAtomicAdds(p.variant, type, p.addresses, k, bits, b.words.get())); };
  // The check launch first, on zeroed words; the timed ones after it keep adding (no one reads
  // their sums).
  WS_CUDA_CHECK(cudaMemset(b.words.get(), 0, b.words.bytes()));
  launch();
  WS_CUDA_CHECK(cudaDeviceSynchronize());
  checkWords(b, p, type, k);
  const cuda::TimingStats t = cuda::timeLaunches(launch, policy, &monitor.token());
  const cuda::RateStats r = cuda::ratesFrom(t, double(kAtomicThreads) * k * 1e-9);
  p.gops = r.median;
  p.gopsMin = r.min;
  p.gopsMax = r.max;
}

/// The host's histogram of the input (the hash or one byte value), once per fill.
std::array<std::uint32_t, kHistogramBins> expectedHistogram(int fill) {
  std::array<std::uint32_t, kHistogramBins> h{};
  if (fill >= 0) {
    h[static_cast<std::size_t>(fill)] = kHistogramElements;
    return h;
  }
  for (unsigned i = 0; i < kHistogramElements; ++i) ++h[histogramInputByte(i)];
  return h;
}

/// Passes over the input that make a launch last about kTargetLaunchMs at the model's rate: the
/// shared copy counts 2^24 bytes in about 10 us, no longer than its blocks take to start.
unsigned histogramPassesFor(double modelGelems) {
  const double wanted = modelGelems * 1e9 * kTargetLaunchMs * 1e-3 / kHistogramElements;
  return static_cast<unsigned>(std::clamp(std::round(wanted), 1.0, double(kMaxHistogramPasses)));
}

void measureHistogram(AtomicsBuffers& b, HistogramPoint& h, unsigned blocks, const cuda::TimingPolicy& policy,
                      RunMonitor& monitor) {
  const int fill = h.oneValue ? kHistogramOneValue : -1;
  if (b.filledWith != fill) {
    WS_CUDA_CHECK(cuda::launchFillHistogramInput(b.histogramInput.as<std::uint8_t>(), kHistogramElements, fill));
    b.filledWith = fill;
  }
  auto* hist = b.histogram.as<std::uint32_t>();
  const unsigned passes = histogramPassesFor(h.modelGelems);
  const auto launch = [&] {
    WS_CUDA_CHECK(cuda::launchHistogram(h.privatised, b.histogramInput.as<std::uint8_t>(), kHistogramElements, passes,
                                        blocks, 1u, hist));
  };
  WS_CUDA_CHECK(cudaMemset(hist, 0, kHistogramBins * 4));
  launch();
  std::array<std::uint32_t, kHistogramBins> got{};
  WS_CUDA_CHECK(cudaMemcpy(got.data(), hist, kHistogramBins * 4, cudaMemcpyDeviceToHost));
  static const std::array<std::uint32_t, kHistogramBins> uniform = expectedHistogram(-1);
  const std::array<std::uint32_t, kHistogramBins> expected = fill < 0 ? uniform : expectedHistogram(fill);
  for (unsigned bin = 0; bin < kHistogramBins; ++bin)
    if (got[bin] != expected[bin] * passes)
      throw cuda::CheckFailed("atomics histogram check failed (" + std::string(h.privatised ? "shared copy" : "global") +
                              ", " + (h.oneValue ? "one value" : "uniform bytes") + "): bin " + std::to_string(bin) +
                              " counted " + std::to_string(got[bin]) + ", the host " + std::to_string(expected[bin]) + " x " +
                              std::to_string(passes) + " passes");
  const cuda::TimingStats t = cuda::timeLaunches(launch, policy, &monitor.token());
  const cuda::RateStats r = cuda::ratesFrom(t, double(kHistogramElements) * passes * 1e-9);
  h.gelems = r.median;
  h.gelemsMin = r.min;
  h.gelemsMax = r.max;
}

/// Every point's work per warp request from the GPU's counters, in launches of their own (one per
/// point, kAtomicAlignmentIterations iterations: the requests the rule averages over), relaunched
/// once per pass. The focus point's kernel is launched first, so that its values are the reading's
/// first kernel (the scalars "counters.<metric>", which scripts/counters-vs-ncu.sh pairs with
/// Nsight Compute's first launch). The last kernel's words are checked after them.
cuda::CounterReading countQueues(cuda::DeviceContext& context, AtomicsBuffers& b, std::vector<AtomicPoint>& points,
                                 const AtomicsPlan& plan) {
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const bool focus = points[i].variant == plan.focusVariant &&
                       points[i].addresses == atomicAddressesFor(plan.focusVariant, plan.focusAddresses);
    order.insert(focus ? order.begin() : order.end(), i);
  }
  const std::uint32_t bits = incrementBits(plan.type);
  WS_CUDA_CHECK(cudaMemset(b.words.get(), 0, b.words.bytes()));
  cuda::CounterReading reading = cuda::readCounters(
      context, {kL2SectorUpdates, kGlobalReds, kSharedAtomWavefronts, kSharedAtoms},
      [&] {
        for (std::size_t i : order)
          WS_CUDA_CHECK(cuda::launchAtomicAdds(points[i].variant, plan.type, points[i].addresses,
                                               kAtomicAlignmentIterations, bits, b.words.get()));
      },
      static_cast<int>(points.size()));
  if (!reading.ok() || reading.kernels.size() != points.size()) return reading;
  for (std::size_t k = 0; k < order.size(); ++k) {
    AtomicPoint& p = points[order[k]];
    const cuda::MetricValues& m = reading.kernels[k];
    const bool shared = atomicVariantIsShared(p.variant);
    const double requests = m.at(shared ? kSharedAtoms : kGlobalReds);
    if (requests > 0) p.queueCounted = m.at(shared ? kSharedAtomWavefronts : kL2SectorUpdates) / requests;
  }
  // A shared variant's launch overwrites every block's words with its own sums: check the last
  // (global words sum every point's passes).
  if (const AtomicPoint& last = points[order.back()]; atomicVariantIsShared(last.variant))
    checkWords(b, last, plan.type, kAtomicAlignmentIterations);
  return reading;
}

}  // namespace

RunResult measureAtomics(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor) {
  const DeviceInfo& device = context.info;
  const AtomicsPlan plan = atomicsPlan(request.params, request.scope);
  const sim::DeviceProfile* profile = sim::closestEmbeddedProfile(device);
  if (!profile) throw BadInputError("atomics needs a device profile close to " + device.name);
  AtomicsRun run = atomicsModelRun(*profile, plan);  // the model beside the measurement
  run.measured = true;
  AtomicsBuffers& b = context.labState<AtomicsBuffers>();
  // A slider step times four kernels while the slider is held: one warm-up and three timed
  // launches each (still a median with its spread) keep the step's backend part near 10 ms; full
  // sweeps keep the default policy.
  const cuda::TimingPolicy policy = request.scope == RunScope::FocusOnly
                                        ? cuda::TimingPolicy{.warmups = 1, .reps = 3, .minReps = 3}
                                        : cuda::TimingPolicy{};
  const std::size_t steps = run.points.size() + run.histogram.size() + (plan.race ? 1 : 0);
  std::size_t step = 0;
  for (AtomicPoint& p : run.points) {
    monitor.step(step++, steps, atomicVariantName(p.variant) + ", " + std::to_string(p.addresses) + " addresses");
    measurePoint(b, p, plan.type, policy, monitor);
  }
  const unsigned histogramBlocks = static_cast<unsigned>(device.smCount) *
                                   static_cast<unsigned>(std::max(1, device.maxThreadsPerSm / int(kAtomicBlockThreads)));
  for (HistogramPoint& h : run.histogram) {
    monitor.step(step++, steps, std::string("histogram, ") + (h.privatised ? "shared copy" : "global atomics"));
    measureHistogram(b, h, histogramBlocks, policy, monitor);
  }
  if (plan.race) {
    monitor.step(step++, steps, "the race: result[0] += x[tid] and atomicAdd");
    measureRace(run.race, monitor);
  }
  // The counters, skipped on a slider step (they cost more than a redraw may take).
  cuda::CounterReading counters = cuda::countersSkippedOnFocusMove();
  if (request.scope == RunScope::FullSweep) {
    monitor.step(step, steps + 1, "hardware counters");
    counters = countQueues(context, b, run.points, plan);
  }
  monitor.done();

  RunResult result = assembleAtomicsResult(device, request.params, run, request.scope);
  result.provenance = Provenance::Measured;
  cuda::addCounterScalars(result, counters,
                          {{kL2SectorUpdates, "L2 sector updates of global reductions (focus)"},
                           {kGlobalReds, "global reduction instructions (focus)"},
                           {kSharedAtomWavefronts, "shared atomic wavefronts (focus)"},
                           {kSharedAtoms, "shared atomic instructions (focus)"}});
  if (counters.ok())
    result.notes.push_back(std::string("Counters: ") + kL2SectorUpdates + " / " + kGlobalReds + " (global) and " +
                           kSharedAtomWavefronts + " / " + kSharedAtoms + " (shared) for every point, read with CUPTI " +
                           "in launches of their own (" + std::to_string(kAtomicAlignmentIterations) +
                           " iterations, every alignment of the lanes' words to 32-byte sectors), " +
                           std::to_string(counters.passes) + " pass(es) each.");
  std::ostringstream notes;
  notes << "Each point: " << kAtomicBlocks << " blocks of " << kAtomicBlockThreads << " threads, each thread "
        << "atomicAdd-ing a run-time increment to word (its index + i) mod N for i below the point's iteration count "
        << "(chosen so that a launch lasts about " << kTargetLaunchMs << " ms), timed with CUDA events after "
        << policy.warmups << " warm-ups (median of up to " << policy.reps << "). Checked: every word after one launch "
        << "on zeroed words, exactly. The histogram: " << kHistogramElements << " bytes in " << histogramBlocks
        << " blocks, read 1 to " << kMaxHistogramPasses << " times per launch (so that a launch lasts about "
        << kTargetLaunchMs << " ms), every bin against the host's count times the passes.";
  result.notes.push_back(notes.str());
  if (plan.race)
    result.notes.push_back("The race: x filled on the device with the slide's 3, 5, 2, 1 repeated; atomicAdd's sum "
                           "checked equal to the host's sum, exactly (unsigned integers, where the slide has floats: "
                           "the sums are exact); result[0] += x[tid] launched " + std::to_string(kRaceRuns) +
                           " times on a zeroed word, each sum checked to lie between 1 and the true sum.");
  result.notes.push_back(
      "What the kernels compile to (sm_90, cuobjdump -sass; tests/device/atomics_sass_test.cpp): plain global atomicAdd "
      "is REDG.E.ADD (int) or REDG.E.ADD.F32 (float), no value returned; plain shared atomicAdd is ATOMS.ADD for int "
      "and a compare-and-swap loop (ATOMS.CAST.SPIN) for float. The plain kernels add a run-time increment, so the "
      "compiler cannot count lanes instead (atomicAdd(&s[i], 1u) would be ATOMS.POPC.INC, aggregated by the "
      "compiler); the aggregated kernels group lanes with MATCH.ANY and add with REDUX.SUM (int) or shuffles (float) "
      "before one lane's update.");
  return result;
}

}  // namespace warpscope::labs
