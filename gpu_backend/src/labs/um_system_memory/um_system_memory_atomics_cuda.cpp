// um-system-memory on a GPU, its atomics scenarios: CPU threads and a kernel adding to the same
// counters (on one page or a page each), each side's operations counted and checked, its time by
// CUDA events and the host's clock, one more repetition traced (issue 31).
#include <algorithm>
#include <atomic>
#include <cstring>
#include <memory>
#include <sstream>
#include <thread>
#include <vector>

#include "cuda/device_buffer.h"
#include "cuda/device_context.h"
#include "cuda/run_errors.h"
#include "cuda/timing.h"
#include "labs/um_common/um_capture.h"
#include "labs/um_common/um_device_guards.h"
#include "labs/um_system_memory/um_system_memory_cuda_parts.h"
#include "labs/um_system_memory/um_system_memory_kernels.h"
#include "labs/um_system_memory/um_system_memory_layout.h"
#include "labs/um_system_memory/um_system_memory_names.h"

namespace warpscope::labs::system_memory_cuda {

namespace {

constexpr int kAtomicBlocksPerSm = 2;
/// Neither side adds for longer than this: the kernel's threads and the CPU threads stop early
/// (and say so) rather than keep a page bouncing for ever. Their counts are still checked.
constexpr double kAtomicsBudgetS = 5.0;

struct AtomicsRep {
  double gpuMs = 0;
  double cpuMs = 0;
  double wallMs = 0;
  std::uint64_t gpuOps = 0;
  std::uint64_t cpuOps = 0;
  bool cutShort = false;
  um::UmTrace trace;
};

/// One CPU thread's operations: counter counterOf(thread, i) for i < ops, or fewer once the
/// deadline passes (checked every 256 operations). Returns the operations done.
std::uint64_t cpuAdder(unsigned long long* counters, std::uint64_t strideWords, unsigned counterCount, int thread,
                       std::uint64_t ops, Clock::time_point deadline, const std::atomic<bool>& go,
                       const std::atomic<bool>& abandon, Clock::time_point& end) {
  while (!go.load(std::memory_order_acquire)) std::this_thread::yield();
  std::uint64_t i = 0;
  for (; i < ops; ++i) {
    if ((i & 255u) == 0 && i > 0 && (Clock::now() > deadline || abandon.load(std::memory_order_relaxed))) break;
    std::atomic_ref<unsigned long long> counter(
        counters[counterOf(static_cast<std::uint64_t>(thread), i, counterCount) * strideWords]);
    counter.fetch_add(1, std::memory_order_relaxed);  // lock add: the CPU needs the page in host memory
  }
  end = Clock::now();
  return i;
}

}  // namespace

um::UmScenarioResult measureAtomics(cuda::DeviceContext& device, const SystemScenario& s, int timedReps,
                                    const SystemAttributes& attributes) {
  if (cpuTakesPart(s.kind) && attributes.concurrentManagedAccess == 0)
    return notRun(s,
                  "not run: cudaDevAttrConcurrentManagedAccess is 0 here, so the CPU may not touch managed "
                  "memory while a kernel runs");
  const int ordinal = device.ordinal;
  const std::uint64_t bytes = counterBufferBytes(s.counters, s.separatePages);
  um::requireAtMostHalfFree(ordinal, bytes, kLab, "the counters");
  int smCount = 0;
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&smCount, cudaDevAttrMultiProcessorCount, ordinal));
  const unsigned blocks = static_cast<unsigned>(std::max(1, smCount * kAtomicBlocksPerSm));
  const std::uint64_t gpuThreads = static_cast<std::uint64_t>(blocks) * kSysAtomicThreadsPerBlock;
  const bool gpu = gpuTakesPart(s.kind);
  const bool cpu = cpuTakesPart(s.kind);
  const auto counterCount = static_cast<unsigned>(s.counters);
  const std::uint64_t stride = counterStrideWords(s.separatePages);

  // CUPTI's unified-memory counters are configured by the process's first capture, before the
  // managed allocation (um_thrashing_cuda.cpp says why).
  {
    cuda::UmCapture configure;
    (void)configure.finish(nullptr, 0);
  }
  cuda::ManagedBuffer buffer(bytes);
  auto* counters = buffer.as<unsigned long long>();
  cuda::DeviceBuffer done(sizeof(unsigned) * gpuThreads);
  Stream stream;
  cuda::CudaEvent start, stop;

  SysAtomicArgs args;
  args.counters = counters;
  args.counterCount = counterCount;
  args.strideWords = stride;
  args.totalOps = s.gpuOps;
  args.budgetNs = static_cast<unsigned long long>(kAtomicsBudgetS * 1e9);
  args.done = static_cast<unsigned*>(done.get());

  auto runOnce = [&](bool traced) {
    AtomicsRep rep;
    // Zeroed by the CPU; the GPU's scenarios start with the counters on the GPU.
    std::memset(counters, 0, bytes);
    if (gpu) WS_CUDA_CHECK(cudaMemPrefetchAsync(counters, bytes, cuda::gpuLocation(ordinal), 0, stream.get()));
    WS_CUDA_CHECK(cudaMemsetAsync(done.get(), 0xFF, done.bytes(), stream.get()));
    WS_CUDA_CHECK(cudaStreamSynchronize(stream.get()));
    std::unique_ptr<cuda::UmCapture> capture;
    if (traced) capture = std::make_unique<cuda::UmCapture>();

    const int threadCount = cpu ? s.cpuThreads : 0;
    std::vector<std::uint64_t> cpuDone(static_cast<std::size_t>(threadCount), 0);
    std::vector<Clock::time_point> cpuEnd(static_cast<std::size_t>(threadCount));
    std::atomic<bool> go{false};
    std::atomic<bool> abandon{false};
    std::vector<std::thread> threads;
    // Whatever throws from here on, the threads are released and joined first (a joinable
    // std::thread destroyed would end the process), told to stop so the error is said at once.
    // On the normal path they have been joined already.
    struct ReleaseAndJoin {
      std::atomic<bool>& go;
      std::atomic<bool>& abandon;
      std::vector<std::thread>& threads;
      ~ReleaseAndJoin() {
        abandon.store(true, std::memory_order_relaxed);
        go.store(true, std::memory_order_release);
        for (std::thread& t : threads)
          if (t.joinable()) t.join();
      }
    } releaseAndJoin{go, abandon, threads};
    const Clock::time_point deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                                          std::chrono::duration<double>(kAtomicsBudgetS + 1.0));
    for (int t = 0; t < threadCount; ++t)
      threads.emplace_back([&, t] {
        cpuDone[static_cast<std::size_t>(t)] = cpuAdder(counters, stride, counterCount, t, s.cpuOpsPerThread, deadline,
                                                        go, abandon, cpuEnd[static_cast<std::size_t>(t)]);
      });
    const Clock::time_point wallStart = Clock::now();
    if (gpu) {
      WS_CUDA_CHECK(cudaEventRecord(start.get(), stream.get()));
      WS_CUDA_CHECK(launchSysAtomics(args, blocks, s.kind != SysKind::DeviceAtomicsAlone, stream.get()));
      WS_CUDA_CHECK(cudaEventRecord(stop.get(), stream.get()));
    }
    const Clock::time_point cpuStart = Clock::now();
    go.store(true, std::memory_order_release);
    for (std::thread& t : threads) t.join();
    if (gpu) WS_CUDA_CHECK(cudaEventSynchronize(stop.get()));
    rep.wallMs = msBetween(wallStart, Clock::now());
    if (gpu) {
      float ms = 0;
      WS_CUDA_CHECK(cudaEventElapsedTime(&ms, start.get(), stop.get()));
      rep.gpuMs = ms;
    }
    for (const Clock::time_point& e : cpuEnd) rep.cpuMs = std::max(rep.cpuMs, msBetween(cpuStart, e));
    if (capture) rep.trace = capture->finish(counters, bytes);

    // Check (after the capture, so the check's own faults stay out of the trace): every counter
    // holds exactly the operations both sides say they did on it.
    std::vector<unsigned> gpuDone(gpu ? gpuThreads : 0);
    if (gpu) WS_CUDA_CHECK(cudaMemcpy(gpuDone.data(), done.get(), done.bytes(), cudaMemcpyDeviceToHost));
    std::vector<std::uint64_t> expected(counterCount, 0);
    for (std::uint64_t t = 0; t < gpuDone.size(); ++t) {
      const std::uint64_t share = s.gpuOps / gpuThreads + (t < s.gpuOps % gpuThreads ? 1 : 0);
      if (gpuDone[t] == 0xFFFFFFFFu || gpuDone[t] > share)
        throw cuda::CheckFailed(std::string(kLab) + ": GPU thread " + std::to_string(t) + " reported " +
                                std::to_string(gpuDone[t]) + " operations of its " + std::to_string(share));
      rep.cutShort = rep.cutShort || gpuDone[t] < share;
      rep.gpuOps += gpuDone[t];
      for (unsigned c = 0; c < counterCount; ++c) expected[c] += opsOnCounter(t, gpuDone[t], c, counterCount);
    }
    for (std::size_t j = 0; j < cpuDone.size(); ++j) {
      rep.cutShort = rep.cutShort || cpuDone[j] < s.cpuOpsPerThread;
      rep.cpuOps += cpuDone[j];
      for (unsigned c = 0; c < counterCount; ++c) expected[c] += opsOnCounter(j, cpuDone[j], c, counterCount);
    }
    for (unsigned c = 0; c < counterCount; ++c) {
      const unsigned long long got = counters[c * stride];
      if (got != expected[c]) {
        std::ostringstream why;
        why << kLab << ": counter " << c << " holds " << got << ", expected " << expected[c]
            << " (the GPU's and the CPU threads' operations on it): an increment was lost or doubled";
        throw cuda::CheckFailed(why.str());
      }
    }
    return rep;
  };

  (void)runOnce(false);  // warm-up: module load, the driver's page tables
  std::vector<AtomicsRep> reps;
  for (int r = 0; r < timedReps; ++r) reps.push_back(runOnce(false));
  AtomicsRep traced = runOnce(true);

  auto phase = [&](const std::string& name, auto msOf, auto opsOf) {
    std::vector<double> ms, ops;
    for (const AtomicsRep& r : reps) {
      ms.push_back(msOf(r));
      ops.push_back(static_cast<double>(opsOf(r)));
    }
    return cuda::phaseFrom(name, ms, static_cast<std::uint64_t>(cuda::median(ops)) * kCounterBytes);
  };
  um::UmScenarioResult result;
  result.name = systemScenarioName(s.kind);
  if (gpu)
    result.phases.push_back(phase(
        "gpu", [](const AtomicsRep& r) { return r.gpuMs; }, [](const AtomicsRep& r) { return r.gpuOps; }));
  if (cpu)
    result.phases.push_back(phase(
        "cpu", [](const AtomicsRep& r) { return r.cpuMs; }, [](const AtomicsRep& r) { return r.cpuOps; }));
  result.phases.push_back(phase(
      "wall", [](const AtomicsRep& r) { return r.wallMs; }, [](const AtomicsRep& r) { return r.gpuOps + r.cpuOps; }));
  result.trace = std::move(traced.trace);
  result.trace.initialState = gpu ? um::PageState::Gpu0 : um::PageState::Cpu;
  if (result.trace.captured) result.counters = um::countersFromEvents(result.trace.events);

  std::ostringstream n;
  n << "checked: every counter equals the operations both sides did on it, in all " << (timedReps + 2)
    << " repetitions (traced run: " << traced.gpuOps << " GPU and " << traced.cpuOps << " CPU operations); "
    << (gpu ? std::to_string(blocks) + " blocks x " + std::to_string(kSysAtomicThreadsPerBlock) + " threads"
            : std::string("no kernel"))
    << (cpu ? ", " + std::to_string(s.cpuThreads) + " CPU threads (std::atomic_ref fetch_add)" : std::string());
  result.notes.push_back(n.str());
  result.notes.push_back(
      "timing: 1 warm-up and " + std::to_string(timedReps) +
      " timed repetitions; the kernel by CUDA events, the CPU threads and the wall time by the host's "
      "steady clock (median, min, max); 8 bytes per operation in the phases' byte counts");
  bool cut = traced.cutShort;
  for (const AtomicsRep& r : reps) cut = cut || r.cutShort;
  if (cut)
    result.notes.push_back("a side stopped after its " + std::to_string(static_cast<int>(kAtomicsBudgetS)) +
                           " s budget before all its operations (the counts it did are checked)");
  if (!result.trace.captured)
    result.notes.push_back("no unified-memory trace: " + result.trace.unavailableReason);
  else if (!result.trace.unavailableReason.empty())
    result.notes.push_back("trace incomplete (" + result.trace.unavailableReason + "): the counters are lower bounds");
  return result;
}

}  // namespace warpscope::labs::system_memory_cuda
