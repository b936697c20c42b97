#include "labs/um_multi_gpu/um_multi_gpu_cuda.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <random>
#include <sstream>
#include <vector>

#include "cuda/counters.h"
#include "cuda/cuda_check.h"
#include "cuda/device_buffer.h"
#include "cuda/device_context.h"
#include "cuda/run_errors.h"
#include "cuda/timing.h"
#include "labs/um_common/um_capture.h"
#include "labs/um_common/um_support.h"
#include "labs/um_common/um_device_guards.h"
#include "labs/um_multi_gpu/um_multi_gpu_gpus.h"
#include "labs/um_multi_gpu/um_multi_gpu_kernels.h"
#include "labs/um_multi_gpu/um_multi_gpu_peer_copy.h"
#include "labs/um_multi_gpu/um_multi_gpu_lab.h"
#include "warpscope/params.h"

namespace warpscope::labs {

namespace {

using namespace multigpu;

void validate(const MultiGpuScenario& s, int timedReps) {
  std::ostringstream why;
  if (s.bufferBytes < (1ull << 20) || s.bufferBytes % um::kBlockBytes != 0)
    why << "buffer of " << s.bufferBytes << " bytes: it must be a multiple of 64 KiB and at least 1 MiB";
  else if (s.passes < 1 || s.passes > 16)
    why << "passes " << s.passes << " is outside [1, 16]";
  else if (timedReps < 1)
    why << "timed repetitions " << timedReps << " must be at least 1";
  if (!why.str().empty()) throw BadInputError(std::string(kLab) + ": " + why.str());
}

/// One GPU's read of words [begin, end) in a pass; a pass's reads run at once.
struct PassRead {
  TimedRead* gpu;
  int gpuIndex;  ///< 0 or 1: which RepTimes list its time goes to
  std::uint64_t begin;
  std::uint64_t end;
};

/// The traced repetition's migrations, per GPU and step: 16 MiB makes about 600 records (the
/// records average about 30 KiB, docs/experiments/cupti_two_gpu_ids_h200x2.txt), so two GPUs'
/// steps stay far below the driver queue's ~8,191.
constexpr std::uint64_t kTracedStepWords = (16ull << 20) / sizeof(unsigned);

/// What the trace's records say reached each processor (index: um::Processor).
struct Inflow {
  std::uint64_t htod[3] = {0, 0, 0}, dtod[3] = {0, 0, 0}, faults[3] = {0, 0, 0}, remote[3] = {0, 0, 0};
};

Inflow inflowByDestination(const um::UmTrace& trace) {
  Inflow in;
  for (const um::UmEvent& e : trace.events) {
    const auto d = static_cast<std::size_t>(e.destination);
    if (d > 2) continue;
    switch (e.kind) {
      case um::UmEventKind::BytesHtoD: in.htod[d] += e.bytes; break;
      case um::UmEventKind::BytesDtoD: in.dtod[d] += e.bytes; break;
      case um::UmEventKind::GpuPageFault: in.faults[d] += e.count; break;
      case um::UmEventKind::RemoteMap: in.remote[d] += 1; break;
      default: break;
    }
  }
  return in;
}

/// Who moved what, from the trace's records: the split the counters' totals hide.
std::string traceSplit(const Inflow& in) {
  std::ostringstream s;
  s << "by destination: HtoD GPU 0 " << (in.htod[1] >> 10) << " KiB, GPU 1 " << (in.htod[2] >> 10)
    << " KiB; DtoD into GPU 0 " << (in.dtod[1] >> 10) << " KiB, into GPU 1 " << (in.dtod[2] >> 10)
    << " KiB; GPU faults GPU 0 " << in.faults[1] << ", GPU 1 " << in.faults[2] << "; remote maps GPU 0 " << in.remote[1]
    << ", GPU 1 " << in.remote[2];
  return s.str();
}

/// Why the trace cannot hold every migration of the passes, or "" when it can: in first touch
/// each GPU pulls at least its half from the host, with ReadMostly each gets a copy of the whole
/// buffer. A trace short of that lost records (the traced passes run in steps so that it should not).
std::string missingRecords(const Inflow& in, MultiGpuMode mode, std::uint64_t bytes) {
  if (mode != MultiGpuMode::FirstTouch && mode != MultiGpuMode::ReadDuplicate) return "";
  const std::uint64_t need = mode == MultiGpuMode::FirstTouch ? bytes / 2 : bytes;
  std::ostringstream why;
  for (int g = 1; g <= 2; ++g)
    if (in.htod[g] + in.dtod[g] < need)
      why << (why.tellp() > 0 ? "; " : "") << "GPU " << g - 1 << " received " << ((in.htod[g] + in.dtod[g]) >> 20)
          << " of at least " << (need >> 20) << " MiB in the records";
  return why.str();
}

}  // namespace

um::UmScenarioResult measureMultiGpuScenario(cuda::DeviceContext& device, const MultiGpuScenario& scenario, int timedReps) {
  cuda::releaseCounters(device);  // CUPTI's activity capture and the counters' profiler: one at a time
  validate(scenario, timedReps);
  um::CurrentDeviceGuard restore;
  const GpuPair pair = pickPair(device.ordinal);
  // CUPTI's unified-memory counters are configured by the process's first capture: do it first,
  // with GPU 0 current, before peer access is enabled and before the managed allocation (on the
  // H200 a first capture configured after the allocation recorded nothing for it; one configured
  // with GPU 1 current, after enabling peer access, recorded nothing in any later capture).
  WS_CUDA_CHECK(cudaSetDevice(pair.gpu0));
  { cuda::UmCapture configure; (void)configure.finish(nullptr, 0); }
  const char* what = scenario.mode == MultiGpuMode::PeerCopy ? "a cudaMalloc buffer on each GPU" : "a managed buffer";
  um::requireAtMostHalfFree(pair.gpu0, scenario.bufferBytes, kLab, what);
  um::requireAtMostHalfFree(pair.gpu1, scenario.bufferBytes, kLab, what);
  const std::uint64_t seed = std::random_device{}();
  if (scenario.mode == MultiGpuMode::PeerCopy) return measurePeerCopy(pair, scenario, timedReps, seed);

  um::requireConcurrentManagedAccess(pair.gpu0, kLab);
  um::requireConcurrentManagedAccess(pair.gpu1, kLab);
  const std::uint64_t bytes = scenario.bufferBytes;
  const std::uint64_t words = bytes / sizeof(unsigned);
  const std::uint64_t half = words / 2;
  // No cudaDeviceEnablePeerAccess here: the UVM driver maps managed memory between peers itself
  // (AccessedBy); enabling it is for cudaMalloc memory (PeerCopy).

  WS_CUDA_CHECK(cudaSetDevice(pair.gpu0));
  cuda::ManagedBuffer buffer(bytes);
  unsigned* data = buffer.as<unsigned>();
  auto hostFill = [&] {
    for (std::uint64_t i = 0; i < words; ++i) data[i] = multiGpuWordValue(i, seed);
  };
  hostFill();  // the CPU initialises: every page starts on the host
  const cudaMemLocation onGpu0 = cuda::gpuLocation(pair.gpu0);
  if (scenario.mode == MultiGpuMode::ReadDuplicate)
    WS_CUDA_CHECK(cudaMemAdvise(data, bytes, cudaMemAdviseSetReadMostly, onGpu0));
  if (scenario.mode == MultiGpuMode::RemoteMapped) {
    WS_CUDA_CHECK(cudaMemAdvise(data, bytes, cudaMemAdviseSetPreferredLocation, onGpu0));
    WS_CUDA_CHECK(cudaMemAdvise(data, bytes, cudaMemAdviseSetAccessedBy, cuda::gpuLocation(pair.gpu1)));
  }

  TimedRead read0(pair.gpu0), read1(pair.gpu1);
  // Where a repetition starts: the CPU's fresh data (FirstTouch, ReadDuplicate: the write also
  // collapses read-only copies), or everything on GPU 0 (RemoteMapped, Migrate).
  auto prepare = [&] {
    if (scenario.mode == MultiGpuMode::FirstTouch || scenario.mode == MultiGpuMode::ReadDuplicate) {
      hostFill();
    } else {
      WS_CUDA_CHECK(cudaSetDevice(pair.gpu0));
      WS_CUDA_CHECK(cudaMemPrefetchAsync(data, bytes, onGpu0, 0, nullptr));
      WS_CUDA_CHECK(cudaDeviceSynchronize());
    }
  };
  // Each pass as the reads that run at once, in the order the passes run them.
  auto passGroups = [&] {
    std::vector<std::vector<PassRead>> groups;
    switch (scenario.mode) {
      case MultiGpuMode::FirstTouch:  // both GPUs at once, each on its half
        for (int p = 0; p < scenario.passes; ++p) groups.push_back({{&read0, 0, 0, half}, {&read1, 1, half, words}});
        break;
      case MultiGpuMode::ReadDuplicate:  // both GPUs at once, each on all of it
        for (int p = 0; p < scenario.passes; ++p) groups.push_back({{&read0, 0, 0, words}, {&read1, 1, 0, words}});
        break;
      default:  // RemoteMapped, Migrate: GPU 0 reads its local data once, then GPU 1 reads it passes times
        groups.push_back({{&read0, 0, 0, words}});
        for (int p = 0; p < scenario.passes; ++p) groups.push_back({{&read1, 1, 0, words}});
        break;
    }
    return groups;
  };
  const BlockSums sums(words, seed);
  // Runs one group's reads at once over [offset, offset + stepWords) of each range (clipped);
  // returns each read's time in ms (0 where its range ended before).
  auto runStep = [&](const std::vector<PassRead>& group, std::uint64_t offset, std::uint64_t stepWords) {
    std::vector<double> ms(group.size(), 0.0);
    std::vector<bool> launched(group.size(), false);
    for (std::size_t i = 0; i < group.size(); ++i) {
      const PassRead& r = group[i];
      const std::uint64_t b = r.begin + offset;
      if (b >= r.end) continue;
      r.gpu->launch(data, b, std::min(r.end, b + stepWords));
      launched[i] = true;
    }
    for (std::size_t i = 0; i < group.size(); ++i) {
      if (!launched[i]) continue;
      const PassRead& r = group[i];
      const std::uint64_t b = r.begin + offset;
      const std::uint64_t e = std::min(r.end, b + stepWords);
      ms[i] = r.gpu->finish(sums.of(b, e), "words " + std::to_string(b) + "-" + std::to_string(e) + "'s sum");
    }
    return ms;
  };
  auto runPasses = [&] {
    RepTimes t;
    for (const auto& group : passGroups()) {
      const std::vector<double> ms = runStep(group, 0, words);
      for (std::size_t i = 0; i < group.size(); ++i) (group[i].gpuIndex == 0 ? t.gpu0 : t.gpu1).push_back(ms[i]);
    }
    return t;
  };
  // The traced repetition: the same passes in steps of kTracedStepWords per GPU, CUPTI's queue
  // drained after each step. Run whole, two GPUs' first touch or ReadMostly reads of 256 MiB make
  // more records than the driver's queue holds, and the records of whichever GPU came later were
  // lost (both recordings, and the device tests: GPU 1 0 of 128 MiB). The pages end where the
  // whole passes leave them; the times of this repetition are not reported.
  auto runTracedPasses = [&](cuda::UmCapture& capture) {
    for (const auto& group : passGroups()) {
      std::uint64_t longest = 0;
      for (const PassRead& r : group) longest = std::max(longest, r.end - r.begin);
      for (std::uint64_t offset = 0; offset < longest; offset += kTracedStepWords) {
        (void)runStep(group, offset, kTracedStepWords);
        (void)capture.drain();
      }
    }
  };

  prepare();
  runPasses();  // warm-up
  std::vector<RepTimes> reps;
  for (int r = 0; r < timedReps; ++r) {
    prepare();
    reps.push_back(runPasses());
  }
  prepare();
  um::UmTrace trace;
  {
    // The capture names the device current at its start GPU 0 (CUPTI's ids are CUDA ordinals,
    // docs/experiments/cupti_two_gpu_ids_h200x2.txt); the passes above leave GPU 1 current.
    WS_CUDA_CHECK(cudaSetDevice(pair.gpu0));
    cuda::UmCapture capture;
    runTracedPasses(capture);
    trace = capture.finish(data, bytes);
  }

  um::UmScenarioResult result;
  result.name = modeText(scenario.mode);
  const bool halves = scenario.mode == MultiGpuMode::FirstTouch;
  addGpuPhases(result, reps, true, halves ? half * sizeof(unsigned) : bytes);
  addGpuPhases(result, reps, false, halves ? (words - half) * sizeof(unsigned) : bytes);
  result.trace = std::move(trace);
  // Where the pages were when the traced repetition began: the CPU wrote them, or GPU 0 holds
  // them (prefetched there before the modes that start from GPU 0).
  const bool startsOnGpu0 = scenario.mode == MultiGpuMode::RemoteMapped || scenario.mode == MultiGpuMode::Migrate;
  result.trace.initialState = startsOnGpu0 ? um::PageState::Gpu0 : um::PageState::Cpu;
  // Under ReadMostly a migration copies: the map shows where copies were made, not a move.
  if (scenario.mode == MultiGpuMode::ReadDuplicate && result.trace.captured)
    result.trace.residency = um::readMostlyResidencyFromEvents(result.trace.events, bytes, result.trace.initialState);
  const Inflow inflow = inflowByDestination(result.trace);
  if (result.trace.captured) {
    result.counters = um::countersFromEvents(result.trace.events);
    const std::string missing = missingRecords(inflow, scenario.mode, bytes);
    if (!missing.empty())
      result.trace.unavailableReason += (result.trace.unavailableReason.empty() ? "" : "; ") + std::string("incomplete: ") +
                                        missing + " (CUPTI lost records)";
  }

  std::ostringstream n;
  n << (bytes >> 20) << " MiB managed, GPU 0 = cuda:" << pair.gpu0 << ", GPU 1 = cuda:" << pair.gpu1 << " ("
    << (pair.peer01 && pair.peer10 ? "peers" : "not peers: remote access goes through the host")
    << "); " << scenario.passes << " passes; ";
  switch (scenario.mode) {
    case MultiGpuMode::FirstTouch: n << "CPU initialises, then GPU 0 reads the first half while GPU 1 reads the second"; break;
    case MultiGpuMode::ReadDuplicate: n << "SetReadMostly; CPU initialises, then both GPUs read all of it at once"; break;
    case MultiGpuMode::RemoteMapped:
      n << "SetPreferredLocation GPU 0 + SetAccessedBy GPU 1; prefetched to GPU 0, which reads it once, then GPU 1 reads it remotely";
      break;
    case MultiGpuMode::Migrate: n << "no advice; prefetched to GPU 0, which reads it once, then GPU 1's reads migrate it"; break;
    case MultiGpuMode::PeerCopy: break;
  }
  result.notes.push_back(n.str());
  result.notes.push_back("checked: every kernel's sum equals the host's, in every repetition and pass");
  result.notes.push_back("traced repetition (untimed): the same passes in steps of " + std::to_string(kTracedStepWords * sizeof(unsigned) >> 20) +
                         " MiB per GPU, CUPTI's queue drained between steps (run whole, it overflows and loses records)");
  if (!result.trace.captured) {
    result.notes.push_back("no unified-memory trace: " + result.trace.unavailableReason + "; timings alone");
  } else {
    const um::UmCounters& c = result.counters;
    n.str("");
    n << "captured (one repetition, passes only): " << (c.bytesHtoD >> 10) << " KiB HtoD, " << (c.bytesDtoD >> 10) << " KiB DtoD, "
      << (c.bytesDtoH >> 10) << " KiB DtoH, " << c.gpuFaults << " GPU faults in " << c.gpuFaultGroups << " groups, "
      << c.remoteMapEvents << " remote maps";
    if (result.trace.droppedRecords) n << " (" << result.trace.droppedRecords << " records dropped)";
    result.notes.push_back(n.str());
    result.notes.push_back(traceSplit(inflow));
    if (!result.trace.unavailableReason.empty())
      result.notes.push_back("trace " + result.trace.unavailableReason + ": the counters are lower bounds");
    // The capture's probes came back (no warning), so an empty trace is a true zero: with the
    // mapping made before the capture, remote reads migrate nothing and fault nothing.
    if (result.trace.events.empty() && result.trace.unavailableReason.empty() && scenario.mode == MultiGpuMode::RemoteMapped)
      result.notes.push_back("no migrations and no faults in the traced repetition: GPU 1 read GPU 0's pages through its mapping");
    else if (result.trace.events.empty())
      result.notes.push_back("CUPTI delivered no unified-memory records for this run although the pass times show pages "
                             "moving: the counters are missing here, not zero");
  }
  return result;
}

RunResult measureUmMultiGpu(cuda::DeviceContext& device, const RunRequest& request, RunMonitor& monitor) {
  return um::measurePlanRoom<MultiGpuScenario>(umMultiGpuRoom(), device.info, request, monitor, [&](const MultiGpuScenario& s) {
    return measureMultiGpuScenario(device, s, um::kTimedReps);
  });
}

}  // namespace warpscope::labs
