#include "labs/um_common/um_policy_names.h"
#include "labs/um_policies/um_policies_cuda.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <sstream>
#include <vector>

#include "cuda/counters.h"
#include "cuda/cuda_check.h"
#include "cuda/device_buffer.h"
#include "cuda/device_context.h"
#include "cuda/run_errors.h"
#include "labs/um_common/um_capture.h"
#include "labs/um_common/um_support.h"
#include "labs/um_policies/um_policies_kernels.h"
#include "labs/um_policies/um_policies_lab.h"
#include "warpscope/params.h"

namespace warpscope::labs {
namespace {

using Clock = cuda::HostClock;
using cuda::msBetween;  // um_support.h

void checkScenario(const PoliciesScenario& s) {
  if (s.bufferBytes < um::kPageBytes || s.bufferBytes % um::kPageBytes != 0)
    throw BadInputError("um-policies: buffer of " + std::to_string(s.bufferBytes) +
                        " bytes must be a positive multiple of 4096");
  if (s.iterations < 1) throw BadInputError("um-policies: iterations must be at least 1");
  if (!(s.cpuWriteFraction >= 0.0 && s.cpuWriteFraction <= 1.0))
    throw BadInputError("um-policies: cpuWriteFraction must be in 0 .. 1");
}

/// The policy, applied once before the first touch.
void advise(const cuda::ManagedBuffer& buf, UmPolicy policy, int ordinal) {
  const cudaMemLocation gpu = cuda::gpuLocation(ordinal);
  switch (policy) {
    case UmPolicy::None: break;
    case UmPolicy::ReadMostly:
      WS_CUDA_CHECK(cudaMemAdvise(buf.get(), buf.bytes(), cudaMemAdviseSetReadMostly, gpu));  // location ignored
      break;
    case UmPolicy::PreferredCpu:
      WS_CUDA_CHECK(cudaMemAdvise(buf.get(), buf.bytes(), cudaMemAdviseSetPreferredLocation, cuda::hostLocation()));
      break;
    case UmPolicy::PreferredGpu:
      WS_CUDA_CHECK(cudaMemAdvise(buf.get(), buf.bytes(), cudaMemAdviseSetPreferredLocation, gpu));
      break;
    case UmPolicy::AccessedByGpu:
      WS_CUDA_CHECK(cudaMemAdvise(buf.get(), buf.bytes(), cudaMemAdviseSetAccessedBy, gpu));
      break;
  }
}

struct IterationTimes {
  double cpuInitMs = 0, kernelMs = 0, cpuUseMs = 0, iterationMs = 0;
};

/// One buffer under one policy and the host's copy of what it must hold.
class PolicyRun {
 public:
  PolicyRun(const PoliciesScenario& s, int ordinal)
      : s_(s), words_(s.bufferBytes / 4), buf_(s.bufferBytes), shadow_(words_),
        partials_(sizeof(unsigned long long) * policyKernelBlocks(words_)) {
    advise(buf_, s.policy, ordinal);
  }

  /// CPU writes, kernel, CPU reads and checks. The first iteration writes every word (the buffer
  /// starts untouched, with no values to keep); later ones write cpuWriteFraction of them.
  IterationTimes iterate() {
    IterationTimes t;
    std::uint32_t* data = buf_.as<std::uint32_t>();
    const std::uint64_t writeWords =
        round_ == 0 ? words_ : static_cast<std::uint64_t>(std::llround(s_.cpuWriteFraction * static_cast<double>(words_)));
    WS_CUDA_CHECK(cudaMemsetAsync(partials_.get(), 0xFF, partials_.bytes()));
    WS_CUDA_CHECK(cudaDeviceSynchronize());

    const Clock::time_point start = Clock::now();
    for (std::uint64_t i = 0; i < writeWords; ++i) {
      const std::uint32_t v = cuda::umWordValue(i, static_cast<std::uint32_t>(round_));
      data[i] = v;
      shadow_[i] = v;
    }
    const Clock::time_point afterInit = Clock::now();
    k0_.record();
    WS_CUDA_CHECK(launchPolicyKernel(data, words_, s_.gpuWrites, partials_.as<unsigned long long>()));
    k1_.record();
    t.kernelMs = k1_.msSince(k0_);  // waits for the kernel
    const Clock::time_point afterKernel = Clock::now();
    unsigned long long sumBefore = 0;
    std::uint64_t wrong = 0, firstWrong = 0;
    for (std::uint64_t i = 0; i < words_; ++i) {
      const std::uint32_t before = shadow_[i];
      sumBefore += before;
      const std::uint32_t expected = s_.gpuWrites ? policyUpdatedWord(before) : before;
      if (data[i] != expected && wrong++ == 0) firstWrong = i;
      shadow_[i] = expected;
    }
    const Clock::time_point end = Clock::now();
    t.cpuInitMs = msBetween(start, afterInit);
    t.cpuUseMs = msBetween(afterKernel, end);
    t.iterationMs = msBetween(start, end);

    const std::string what = std::string(um::policyLabel(s_.policy)) + ", iteration " + std::to_string(round_ + 1);
    if (wrong) {
      std::ostringstream why;
      why << what << ": the CPU read " << wrong << " wrong words after the kernel (first at word " << firstWrong << ")";
      throw cuda::CheckFailed(why.str());
    }
    std::vector<unsigned long long> host(partials_.bytes() / sizeof(unsigned long long));
    WS_CUDA_CHECK(cudaMemcpy(host.data(), partials_.get(), partials_.bytes(), cudaMemcpyDeviceToHost));
    unsigned long long total = 0;
    for (unsigned long long p : host) {
      if (p == ~0ull) throw cuda::CheckFailed(what + ": a block never wrote its sum");
      total += p;
    }
    if (total != sumBefore)
      throw cuda::CheckFailed(what + ": the kernel's sum " + std::to_string(total) + " differs from the host's " +
                              std::to_string(sumBefore));
    ++round_;
    return t;
  }

  [[nodiscard]] const cuda::ManagedBuffer& buffer() const { return buf_; }

 private:
  PoliciesScenario s_;
  std::uint64_t words_;
  cuda::ManagedBuffer buf_;
  std::vector<std::uint32_t> shadow_;
  cuda::DeviceBuffer partials_;
  cuda::CudaEvent k0_, k1_;
  int round_ = 0;
};

std::string mib(std::uint64_t bytes) {
  std::ostringstream s;
  s.precision(3);
  s << static_cast<double>(bytes) / (1 << 20) << " MiB";
  return s.str();
}

}  // namespace

um::UmScenarioResult measurePoliciesScenario(cuda::DeviceContext& device, const PoliciesScenario& scenario,
                                             int timedReps) {
  cuda::releaseCounters(device);  // CUPTI's activity capture and the counters' profiler: one at a time
  checkScenario(scenario);
  timedReps = std::max(1, timedReps);
  cuda::checkManagedMemoryCap(scenario.bufferBytes, std::string("um-policies (") + um::policyLabel(scenario.policy) + ")");
  um::UmScenarioResult result;
  result.name = um::policyLabel(scenario.policy);
  const std::uint64_t bytes = scenario.bufferBytes;
  const auto writeBytes = static_cast<std::uint64_t>(std::llround(scenario.cpuWriteFraction * static_cast<double>(bytes / 4))) * 4;

  // Timed: a fresh buffer, the advice, one warm-up iteration (the first touch), then timedReps
  // iterations, each a sample of every phase.
  {
    PolicyRun run(scenario, device.ordinal);
    (void)run.iterate();
    std::vector<double> init, kernel, use, whole;
    for (int r = 0; r < timedReps; ++r) {
      const IterationTimes t = run.iterate();
      init.push_back(t.cpuInitMs);
      kernel.push_back(t.kernelMs);
      use.push_back(t.cpuUseMs);
      whole.push_back(t.iterationMs);
    }
    result.phases.push_back(cuda::phaseFrom("cpu-init", init, writeBytes));
    result.phases.push_back(cuda::phaseFrom("kernel", kernel, bytes));
    result.phases.push_back(cuda::phaseFrom("cpu-use", use, bytes));
    result.phases.push_back(cuda::phaseFrom("iteration", whole, bytes));
  }

  // Traced: another fresh buffer and the advice, then the scenario's iterations under CUPTI, so
  // the trace starts at the first touch.
  {
    PolicyRun run(scenario, device.ordinal);
    cuda::UmCapture capture;
    std::vector<double> startsUs;
    for (int i = 0; i < scenario.iterations; ++i) {
      startsUs.push_back(capture.elapsedUs());
      (void)run.iterate();
    }
    WS_CUDA_CHECK(cudaDeviceSynchronize());
    result.trace = capture.finish(run.buffer().get(), bytes);
    result.trace.initialState = um::PageState::Unpopulated;
    // Under ReadMostly a migration copies and a CPU write collapses the copies: the map shows both.
    if (scenario.policy == UmPolicy::ReadMostly && result.trace.captured)
      result.trace.residency = um::readMostlyResidencyFromEvents(result.trace.events, bytes, result.trace.initialState);
    result.counters = um::countersFromEvents(result.trace.events);
    if (result.trace.captured) {
      // Per iteration, from the events that start inside it.
      for (int i = 0; i < scenario.iterations; ++i) {
        const double from = startsUs[static_cast<std::size_t>(i)];
        const double to = i + 1 < scenario.iterations ? startsUs[static_cast<std::size_t>(i) + 1] : 1e300;
        std::vector<um::UmEvent> inside;
        for (const um::UmEvent& e : result.trace.events)
          if (e.startUs >= from && e.startUs < to) inside.push_back(e);
        const um::UmCounters c = um::countersFromEvents(inside);
        std::ostringstream n;
        n << "iteration " << i + 1 << " (from " << static_cast<long long>(from) << " us): HtoD " << mib(c.bytesHtoD)
          << ", DtoH " << mib(c.bytesDtoH) << ", GPU faults " << c.gpuFaults << " in " << c.gpuFaultGroups
          << " groups, CPU faults " << c.cpuFaults << ", remote maps " << c.remoteMapEvents;
        result.notes.push_back(n.str());
      }
      if (!result.trace.unavailableReason.empty())
        result.notes.push_back("trace incomplete (" + result.trace.unavailableReason +
                               "): the counters are lower bounds");
      if (result.trace.droppedRecords)
        result.notes.push_back(std::to_string(result.trace.droppedRecords) + " CUPTI records DROPPED (totals are low)");
    } else {
      result.notes.push_back("no trace: " + result.trace.unavailableReason);
    }
  }
  result.notes.push_back("checked: every iteration the CPU read back every word and the kernel's sum matched the host's");
  result.notes.push_back("timing: 1 warm-up and " + std::to_string(timedReps) +
                         " timed iterations; CPU phases with steady_clock, the kernel with CUDA events; counters from "
                         "one traced run of " + std::to_string(scenario.iterations) + " iterations on a fresh buffer");
  return result;
}

RunResult measureUmPolicies(cuda::DeviceContext& device, const RunRequest& request, RunMonitor& monitor) {
  return um::measurePlanRoom<PoliciesScenario>(umPoliciesRoom(), device.info, request, monitor, [&](const PoliciesScenario& s) {
    return measurePoliciesScenario(device, s, um::kTimedReps);
  });
}

}  // namespace warpscope::labs
