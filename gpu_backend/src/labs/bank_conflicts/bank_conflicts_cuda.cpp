#include "labs/bank_conflicts/bank_conflicts_cuda.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <vector>

#include "cuda/counters.h"
#include "cuda/cuda_check.h"
#include "cuda/device_buffer.h"
#include "cuda/device_context.h"
#include "cuda/run_errors.h"
#include "cuda/timing.h"
#include "labs/bank_conflicts/bank_conflicts_kernels.h"
#include "labs/bank_conflicts/bank_conflicts_lab.h"
#include "labs/bank_conflicts/bank_conflicts_model.h"
#include "mechanisms/device_profile.h"

namespace warpscope::labs {

namespace {

constexpr const char* kWavefronts = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum";
constexpr const char* kRequests = "smsp__inst_executed_op_shared_ld.sum";
constexpr unsigned kThreadsPerBlock = 1024;
constexpr unsigned kBlocksPerSm = 2;
/// Passes of 64 reads per thread for a conflict-free request of 4-byte words: about 0.2 ms on an
/// H200. Wider words and conflicted requests take proportionally fewer passes, so every launch
/// lasts about as long.
constexpr unsigned kBasePasses = 96;

cuda::BankLaneBases basesOf(const BankConfig& c) {
  cuda::BankLaneBases b{};
  for (unsigned lane = 0; lane < 32; ++lane) b.word[lane] = bankLaneBase(c.pattern, lane, static_cast<unsigned>(c.strideWords));
  return b;
}

unsigned passesFor(const BankPoint& model) {
  const unsigned byWidth = kBasePasses * 4u / static_cast<unsigned>(model.config.wordBytes);
  return std::max(2u, byWidth / static_cast<unsigned>(std::max(1, model.wavefrontsModel)) / 2u * 2u);
}

/// Every thread's output against the host's sum (relative 1e-6: the kernel adds in float).
void checkOutput(const cuda::DeviceBuffer& out, unsigned threads, const BankConfig& c, unsigned passes) {
  std::vector<float> got(threads);
  WS_CUDA_CHECK(cudaMemcpy(got.data(), out.get(), threads * sizeof(float), cudaMemcpyDeviceToHost));
  const cuda::BankLaneBases bases = basesOf(c);
  double expectedOf[32];  // every warp's lane l sums the same words: 32 sums, not one per thread
  for (unsigned l = 0; l < 32; ++l) expectedOf[l] = cuda::sharedPatternExpected(c.wordBytes, bases.word[l], passes);
  for (unsigned t = 0; t < threads; ++t) {
    const double expected = expectedOf[t & 31u];
    if (std::abs(got[t] - expected) > 1e-6 * expected + 1e-3) {
      std::ostringstream what;
      what.precision(9);
      what << "bank-conflicts check failed (" << bankConfigName(c) << ", " << c.wordBytes << "-byte words): thread " << t
           << " summed " << got[t] << ", the host " << expected;
      throw cuda::CheckFailed(what.str());
    }
  }
}

}  // namespace

RunResult measureBankConflicts(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor) {
  const DeviceInfo& device = context.info;
  const BankPlan plan = bankPlan(request.params, request.scope);
  const sim::DeviceProfile* profile = sim::closestEmbeddedProfile(device);
  if (!profile) throw BadInputError("bank-conflicts needs a device profile close to " + device.name);
  BankRun run = bankModelRun(*profile, plan);  // the rule and the model beside the measurement
  run.measured = true;
  const unsigned blocks = static_cast<unsigned>(device.smCount) * kBlocksPerSm;
  const unsigned threads = blocks * kThreadsPerBlock;
  cuda::DeviceBuffer out(threads * sizeof(float));
  const cuda::TimingPolicy policy;
  const double clockHz = device.smClockMhz * 1e6;

  std::vector<BankPoint*> points;
  for (BankPoint& p : run.strided) points.push_back(&p);
  for (BankPoint& p : run.patterns) points.push_back(&p);
  for (std::size_t i = 0; i < points.size(); ++i) {
    BankPoint& p = *points[i];
    monitor.step(i, points.size() + 1, bankConfigName(p.config));
    const unsigned passes = passesFor(p);
    const cuda::BankLaneBases bases = basesOf(p.config);
    WS_CUDA_CHECK(cudaMemset(out.get(), 0xFF, threads * sizeof(float)));
    const cuda::TimingStats t = cuda::timeLaunches(
        [&] { WS_CUDA_CHECK(cuda::launchSharedPatternRead(p.config.wordBytes, blocks, kThreadsPerBlock, bases, passes, out.as<float>())); },
        policy, &monitor.token());
    checkOutput(out, threads, p.config, passes);
    const double bytes = static_cast<double>(threads) * passes * kBankReadsPerPass * p.config.wordBytes;
    const auto perClock = [&](double ms) { return bytes / (ms * 1e-3 * clockHz * device.smCount); };
    p.bytesPerClock = perClock(t.medianMs);
    p.bytesPerClockMin = perClock(t.maxMs);
    p.bytesPerClockMax = perClock(t.minMs);
  }

  // The counters, in launches of their own (one pass of reads each: the ratio does not depend on
  // how many), skipped on a slider step.
  monitor.step(points.size(), points.size() + 1, "hardware counters");
  cuda::CounterReading counters = cuda::countersSkippedOnFocusMove();
  if (request.scope == RunScope::FullSweep) {
    counters = cuda::readCounters(
        context, {kWavefronts, kRequests},
        [&] {
          for (BankPoint* p : points)
            WS_CUDA_CHECK(cuda::launchSharedPatternRead(p->config.wordBytes, 1, 32, basesOf(p->config), 1, out.as<float>()));
        },
        static_cast<int>(points.size()));
    if (counters.ok() && counters.kernels.size() == points.size())
      for (std::size_t i = 0; i < points.size(); ++i)
        points[i]->wavefrontsCounted = counters.kernels[i].at(kWavefronts) / counters.kernels[i].at(kRequests);
    if (counters.ok()) checkOutput(out, 32, points.back()->config, 1);
  }
  monitor.done();

  RunResult result = assembleBankConflictsResult(device, request.params, run, request.scope);
  result.provenance = Provenance::Measured;
  if (!counters.ok()) result.notes.push_back("Counters: " + counters.unavailable + ".");
  else
    result.notes.push_back("Counters: " + std::string(kWavefronts) + " / " + kRequests +
                           " for every configuration, read with CUPTI in launches of their own (one warp, one pass of "
                           "reads each).");
  std::ostringstream notes;
  notes << "Each point: " << blocks << " blocks of " << kThreadsPerBlock << " threads (" << kBlocksPerSm * kThreadsPerBlock
        << " per SM, every SM full), each thread 64 shared reads per pass, timed with CUDA events after " << policy.warmups
        << " warm-ups (median of up to " << policy.reps << "); bytes per clock per SM at the " << device.smClockMhz
        << " MHz SM clock the driver reports. Checked: every thread's sum against the host's.";
  result.notes.push_back(notes.str());
  return result;
}

}  // namespace warpscope::labs
