#include "labs/um_common/um_policy_names.h"
#include "labs/um_thrashing/um_thrashing_cuda.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <memory>
#include <sstream>
#include <thread>
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
#include "labs/um_thrashing/um_thrashing_kernels.h"
#include "labs/um_thrashing/um_thrashing_lab.h"
#include "labs/um_thrashing/um_thrashing_layout.h"
#include "warpscope/params.h"

namespace warpscope::labs {

namespace {

constexpr const char* kLab = "um-thrashing";
constexpr unsigned kThreadsPerBlock = 256;
constexpr int kBlocksPerSm = 2;

using Clock = cuda::HostClock;
using cuda::msBetween;  // um_support.h

void validate(const ThrashingScenario& s, int timedReps) {
  std::ostringstream why;
  if (s.bufferBytes < um::kBlockBytes || s.bufferBytes % um::kPageBytes != 0)
    why << "buffer of " << s.bufferBytes << " bytes: it must be a multiple of 4 KiB and at least 64 KiB";
  else if (!(s.sharedFraction >= 0.0 && s.sharedFraction <= 1.0))
    why << "shared fraction " << s.sharedFraction << " is outside [0, 1]";
  else if (s.falseSharingObjectsPerPage < 1 || s.falseSharingObjectsPerPage > static_cast<int>(kThrashWordsPerPage))
    why << "objects per page " << s.falseSharingObjectsPerPage << " is outside [1, " << kThrashWordsPerPage << "]";
  else if (s.cpuThreads < 0 || s.cpuThreads > 64)
    why << "CPU threads " << s.cpuThreads << " is outside [0, 64]";
  else if (!(s.durationMs > 0.0 && s.durationMs <= 10000.0))
    why << "duration " << s.durationMs << " ms is outside (0, 10000]";
  else if (timedReps < 1)
    why << "timed repetitions " << timedReps << " must be at least 1";
  if (!why.str().empty()) throw BadInputError(std::string(kLab) + ": " + why.str());
}

/// Pinned host memory mapped into the device: the watchdog's stop flag.
class MappedFlag {
 public:
  MappedFlag() {
    void* host = nullptr;
    WS_CUDA_CHECK(cudaHostAlloc(&host, sizeof(int), cudaHostAllocMapped));
    raw_ = static_cast<int*>(host);
    *raw_ = 0;
    void* device = nullptr;
    WS_CUDA_CHECK(cudaHostGetDevicePointer(&device, host, 0));
    device_ = static_cast<int*>(device);
  }
  ~MappedFlag() { (void)cudaFreeHost(raw_); }
  MappedFlag(const MappedFlag&) = delete;
  MappedFlag& operator=(const MappedFlag&) = delete;
  void set(int v) { *static_cast<volatile int*>(raw_) = v; }
  [[nodiscard]] const volatile int* device() const { return device_; }

 private:
  int* raw_ = nullptr;
  int* device_ = nullptr;
};

class Stream {
 public:
  Stream() { WS_CUDA_CHECK(cudaStreamCreateWithFlags(&s_, cudaStreamNonBlocking)); }
  ~Stream() { (void)cudaStreamDestroy(s_); }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  [[nodiscard]] cudaStream_t get() const { return s_; }

 private:
  cudaStream_t s_ = nullptr;
};

/// Which pages are shared, which CPU thread writes each, and how many words each side owns.
struct Layout {
  std::uint64_t pages = 0;
  std::uint64_t sharedPages = 0;
  unsigned objectsPerPage = 1;
  unsigned blocks = 0;
  int cpuThreads = 0;
  unsigned gpuWordsPerSharedPage = 0;
  unsigned cpuWordsPerSharedPage = 0;
  std::vector<std::vector<std::uint64_t>> pagesOfThread;  ///< Shared pages, round-robin over threads.
  std::vector<int> ownerOfPage;                           ///< CPU thread of a shared page, -1 otherwise.
  std::vector<std::uint64_t> gpuWordsOfBlock;

  Layout(const ThrashingScenario& s, unsigned gridBlocks) {
    pages = s.bufferBytes / um::kPageBytes;
    sharedPages = std::min<std::uint64_t>(pages, static_cast<std::uint64_t>(s.sharedFraction * static_cast<double>(pages) + 0.5));
    objectsPerPage = static_cast<unsigned>(s.falseSharingObjectsPerPage);
    blocks = static_cast<unsigned>(std::min<std::uint64_t>(gridBlocks, pages));
    cpuThreads = s.cpuThreads;
    for (unsigned w = 0; w < kThrashWordsPerPage; ++w) (cpuOwnsWord(w, objectsPerPage) ? cpuWordsPerSharedPage : gpuWordsPerSharedPage)++;
    pagesOfThread.resize(static_cast<std::size_t>(std::max(cpuThreads, 0)));
    ownerOfPage.assign(pages, -1);
    gpuWordsOfBlock.assign(blocks, 0);
    std::uint64_t sharedIndex = 0;
    for (std::uint64_t p = 0; p < pages; ++p) {
      const bool shared = isSharedPage(p, pages, sharedPages);
      gpuWordsOfBlock[p % blocks] += shared ? gpuWordsPerSharedPage : kThrashWordsPerPage;
      if (shared && cpuThreads > 0) {
        const int t = static_cast<int>(sharedIndex++ % static_cast<std::uint64_t>(cpuThreads));
        ownerOfPage[p] = t;
        pagesOfThread[static_cast<std::size_t>(t)].push_back(p);
      }
    }
  }
};

/// One CPU thread: sweeps its shared pages, writing its sweep count into every CPU-owned word,
/// until told to stop (checked after each full sweep, so every word holds the last sweep's count).
void cpuWriter(unsigned* buffer, const std::vector<std::uint64_t>& pages, unsigned objectsPerPage,
               const std::atomic<bool>& stop, unsigned& sweepsOut) {
  unsigned sweeps = 0;
  if (!pages.empty()) {
    do {
      ++sweeps;
      for (const std::uint64_t p : pages) {
        volatile unsigned* words = buffer + p * kThrashWordsPerPage;
        for (unsigned w = 0; w < kThrashWordsPerPage; ++w)
          if (cpuOwnsWord(w, objectsPerPage)) words[w] = sweeps;
      }
    } while (!stop.load(std::memory_order_acquire));
  }
  sweepsOut = sweeps;
}

struct RepOutcome {
  double kernelMs = 0;
  double cpuMs = 0;
  std::uint64_t kernelBytes = 0;  ///< Counters read + written.
  std::uint64_t cpuBytes = 0;     ///< Words written by the CPU threads.
  unsigned medianBlockSweeps = 0;
  unsigned minBlockSweeps = 0;
  std::vector<unsigned> cpuSweeps;
  bool watchdogFired = false;
  um::UmTrace trace;
  bool traced = false;
};

}  // namespace

um::UmScenarioResult measureThrashingScenario(cuda::DeviceContext& device, const ThrashingScenario& scenario,
                                              int timedReps) {
  cuda::releaseCounters(device);  // CUPTI's activity capture and the counters' profiler: one at a time
  validate(scenario, timedReps);
  const int ordinal = device.ordinal;
  um::CurrentDeviceGuard restore;
  um::requireConcurrentManagedAccess(ordinal, kLab);
  um::requireAtMostHalfFree(ordinal, scenario.bufferBytes, kLab, "a managed buffer");
  WS_CUDA_CHECK(cudaSetDevice(ordinal));

  int smCount = 0;
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&smCount, cudaDevAttrMultiProcessorCount, ordinal));
  const Layout layout(scenario, static_cast<unsigned>(smCount * kBlocksPerSm));

  // CUPTI's unified-memory counters are configured by the process's first capture. Configure them
  // before the managed allocation: on the H200 the first capture of a process, configured after
  // the allocation, recorded nothing for it.
  { cuda::UmCapture configure; (void)configure.finish(nullptr, 0); }
  cuda::ManagedBuffer buffer(scenario.bufferBytes);
  unsigned* words = buffer.as<unsigned>();
  const cudaMemLocation gpu = cuda::gpuLocation(ordinal);
  switch (scenario.policy) {
    case UmPolicy::None: break;
    case UmPolicy::ReadMostly: WS_CUDA_CHECK(cudaMemAdvise(words, buffer.bytes(), cudaMemAdviseSetReadMostly, gpu)); break;
    case UmPolicy::PreferredCpu:
      WS_CUDA_CHECK(cudaMemAdvise(words, buffer.bytes(), cudaMemAdviseSetPreferredLocation, cuda::hostLocation()));
      break;
    case UmPolicy::PreferredGpu: WS_CUDA_CHECK(cudaMemAdvise(words, buffer.bytes(), cudaMemAdviseSetPreferredLocation, gpu)); break;
    case UmPolicy::AccessedByGpu: WS_CUDA_CHECK(cudaMemAdvise(words, buffer.bytes(), cudaMemAdviseSetAccessedBy, gpu)); break;
  }

  cuda::DeviceBuffer blockSweeps(sizeof(unsigned) * layout.blocks);
  MappedFlag stopFlag;
  Stream stream;
  cuda::CudaEvent start, stop;

  ThrashKernelArgs args;
  args.buffer = words;
  args.pages = layout.pages;
  args.sharedPages = layout.sharedPages;
  args.objectsPerPage = layout.objectsPerPage;
  args.budgetNs = static_cast<unsigned long long>(scenario.durationMs * 1e6);
  args.stopFlag = stopFlag.device();
  args.blockSweeps = blockSweeps.as<unsigned>();
  // The watchdog: a kernel slowed by faults still ends after its current sweep once this passes.
  const double watchdogMs = std::max(2000.0, 20.0 * scenario.durationMs);

  auto runOnce = [&](bool traced) {
    RepOutcome out;
    // Every repetition starts alike: zeroed on the host, then where the policy keeps the data.
    std::memset(words, 0, buffer.bytes());
    if (scenario.policy != UmPolicy::PreferredCpu) {
      WS_CUDA_CHECK(cudaMemPrefetchAsync(words, buffer.bytes(), gpu, 0, stream.get()));
      WS_CUDA_CHECK(cudaStreamSynchronize(stream.get()));
    }
    WS_CUDA_CHECK(cudaMemsetAsync(blockSweeps.get(), 0xFF, blockSweeps.bytes(), stream.get()));
    WS_CUDA_CHECK(cudaStreamSynchronize(stream.get()));
    stopFlag.set(0);

    std::unique_ptr<cuda::UmCapture> capture;
    if (traced) capture = std::make_unique<cuda::UmCapture>();

    std::atomic<bool> cpuStop{false};
    out.cpuSweeps.assign(static_cast<std::size_t>(layout.cpuThreads), 0);
    WS_CUDA_CHECK(cudaEventRecord(start.get(), stream.get()));
    WS_CUDA_CHECK(launchThrashKernel(args, layout.blocks, kThreadsPerBlock, stream.get()));
    WS_CUDA_CHECK(cudaEventRecord(stop.get(), stream.get()));
    const Clock::time_point cpuStart = Clock::now();
    std::vector<std::thread> threads;
    // Whatever throws from here on (a thread that cannot start, a CUDA error), the writers stop
    // and are joined first: a joinable std::thread destroyed would end the process.
    struct StopAndJoin {
      std::atomic<bool>& stop;
      std::vector<std::thread>& threads;
      ~StopAndJoin() {
        stop.store(true, std::memory_order_release);
        for (std::thread& t : threads)
          if (t.joinable()) t.join();
      }
    } stopAndJoin{cpuStop, threads};
    threads.reserve(static_cast<std::size_t>(layout.cpuThreads));
    for (int t = 0; t < layout.cpuThreads; ++t)
      threads.emplace_back(cpuWriter, words, std::cref(layout.pagesOfThread[static_cast<std::size_t>(t)]),
                           layout.objectsPerPage, std::cref(cpuStop), std::ref(out.cpuSweeps[static_cast<std::size_t>(t)]));
    // Wait for the kernel while the threads write; the CPU stops once the kernel has ended.
    cudaError_t state = cudaErrorNotReady;
    while ((state = cudaEventQuery(stop.get())) == cudaErrorNotReady) {
      if (!out.watchdogFired && msBetween(cpuStart, Clock::now()) > watchdogMs) {
        stopFlag.set(1);
        out.watchdogFired = true;
      }
      std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    cpuStop.store(true, std::memory_order_release);
    for (std::thread& t : threads) t.join();  // (StopAndJoin finds them joined)
    const Clock::time_point cpuEnd = Clock::now();
    WS_CUDA_CHECK(state);
    float kernelMs = 0;
    WS_CUDA_CHECK(cudaEventElapsedTime(&kernelMs, start.get(), stop.get()));
    out.kernelMs = kernelMs;
    out.cpuMs = msBetween(cpuStart, cpuEnd);
    if (capture) {
      out.trace = capture->finish(words, buffer.bytes());
      out.traced = true;
    }

    // Check (after the capture, so the check's own faults stay out of the trace).
    std::vector<unsigned> sweeps(layout.blocks);
    WS_CUDA_CHECK(cudaMemcpy(sweeps.data(), blockSweeps.get(), sizeof(unsigned) * layout.blocks, cudaMemcpyDeviceToHost));
    for (unsigned b = 0; b < layout.blocks; ++b) {
      if (sweeps[b] == 0xFFFFFFFFu || sweeps[b] == 0)
        throw cuda::CheckFailed(std::string(kLab) + ": block " + std::to_string(b) + " never reported its sweeps (poison left)");
      out.kernelBytes += std::uint64_t{sweeps[b]} * layout.gpuWordsOfBlock[b] * 2 * sizeof(unsigned);
    }
    for (std::size_t t = 0; t < out.cpuSweeps.size(); ++t)
      out.cpuBytes += std::uint64_t{out.cpuSweeps[t]} * layout.pagesOfThread[t].size() * layout.cpuWordsPerSharedPage * sizeof(unsigned);
    for (std::uint64_t p = 0; p < layout.pages; ++p) {
      const bool shared = isSharedPage(p, layout.pages, layout.sharedPages);
      const unsigned gpuExpected = sweeps[p % layout.blocks];
      const int owner = layout.ownerOfPage[p];
      const unsigned cpuExpected = owner >= 0 ? out.cpuSweeps[static_cast<std::size_t>(owner)] : 0u;
      const unsigned* page = words + p * kThrashWordsPerPage;
      for (unsigned w = 0; w < kThrashWordsPerPage; ++w) {
        const bool cpuWord = shared && cpuOwnsWord(w, layout.objectsPerPage);
        const unsigned expected = cpuWord ? cpuExpected : gpuExpected;
        if (page[w] != expected) {
          std::ostringstream why;
          why << kLab << ": page " << p << (shared ? " (shared)" : "") << ", word " << w << " holds " << page[w]
              << ", expected " << expected
              << (cpuWord ? " (the last sweep of CPU thread " + std::to_string(owner) + ")"
                          : " (the sweeps of block " + std::to_string(p % layout.blocks) + ")");
          throw cuda::CheckFailed(why.str());
        }
      }
    }
    std::vector<unsigned> sorted = sweeps;
    std::sort(sorted.begin(), sorted.end());
    out.medianBlockSweeps = sorted[sorted.size() / 2];
    out.minBlockSweeps = sorted.front();
    return out;
  };

  runOnce(false);  // warm-up: module load, first-touch population, the driver's page tables
  std::vector<RepOutcome> reps;
  for (int r = 0; r < timedReps; ++r) reps.push_back(runOnce(false));
  RepOutcome traced = runOnce(true);

  auto phase = [&](const std::string& name, auto msOf, auto bytesOf) {
    std::vector<double> ms;
    std::vector<double> bytes;
    for (const RepOutcome& r : reps) {
      ms.push_back(msOf(r));
      bytes.push_back(static_cast<double>(bytesOf(r)));
    }
    return cuda::phaseFrom(name, ms, static_cast<std::uint64_t>(cuda::median(bytes)));
  };

  um::UmScenarioResult result;
  result.name = std::string(um::policyLabel(scenario.policy));
  result.phases.push_back(phase("kernel", [](const RepOutcome& r) { return r.kernelMs; },
                                [](const RepOutcome& r) { return r.kernelBytes; }));
  result.phases.push_back(phase("cpu", [](const RepOutcome& r) { return r.cpuMs; },
                                [](const RepOutcome& r) { return r.cpuBytes; }));
  result.trace = std::move(traced.trace);
  // Each repetition starts with the pages prefetched to the GPU, or on the CPU under
  // PreferredLocation CPU (runOnce).
  result.trace.initialState = scenario.policy == UmPolicy::PreferredCpu ? um::PageState::Cpu : um::PageState::Gpu0;
  if (result.trace.captured) result.counters = um::countersFromEvents(result.trace.events);

  std::ostringstream n;
  n << "buffer " << (scenario.bufferBytes >> 10) << " KiB: " << layout.pages << " pages of 4 KiB, " << layout.sharedPages
    << " shared (" << layout.objectsPerPage << (layout.objectsPerPage == 1 ? " object per page, words interleaved" : " objects per page")
    << "); " << layout.blocks << " blocks x " << kThreadsPerBlock << " threads; " << layout.cpuThreads << " CPU threads; policy "
    << um::policyLabel(scenario.policy);
  result.notes.push_back(n.str());
  n.str("");
  n << "checked: every GPU word equals its block's sweeps (median " << traced.medianBlockSweeps << ", fewest "
    << traced.minBlockSweeps << " in the traced run), every CPU word its thread's last sweep (";
  for (std::size_t t = 0; t < traced.cpuSweeps.size(); ++t) n << (t ? ", " : "") << traced.cpuSweeps[t];
  n << "); in every repetition";
  result.notes.push_back(n.str());
  result.notes.push_back("kernel bytes: counters read + written (8 bytes per visit); cpu bytes: words the CPU threads wrote");
  bool watchdog = traced.watchdogFired;
  for (const RepOutcome& r : reps) watchdog = watchdog || r.watchdogFired;
  if (watchdog)
    result.notes.push_back("the host's stop flag ended a kernel that ran past " + std::to_string(static_cast<int>(watchdogMs)) +
                           " ms (its sweeps are still checked)");
  if (!result.trace.captured) {
    result.notes.push_back("no unified-memory trace: " + result.trace.unavailableReason + "; timings alone");
  } else {
    const um::UmCounters& c = result.counters;
    n.str("");
    n << "captured: " << c.gpuFaults << " GPU faults in " << c.gpuFaultGroups << " groups, " << c.cpuFaults << " CPU faults, "
      << (c.bytesHtoD >> 10) << " KiB HtoD, " << (c.bytesDtoH >> 10) << " KiB DtoH, " << c.thrashingEvents << " thrashing, "
      << c.throttlingEvents << " throttling, " << c.remoteMapEvents << " remote-map records";
    if (result.trace.droppedRecords) n << " (" << result.trace.droppedRecords << " records dropped)";
    result.notes.push_back(n.str());
    if (c.thrashingEvents + c.throttlingEvents + c.remoteMapEvents == 0)
      result.notes.push_back("the driver reported no thrashing, throttling or remote-map records in this run");
  }
  return result;
}

RunResult measureUmThrashing(cuda::DeviceContext& device, const RunRequest& request, RunMonitor& monitor) {
  return um::measurePlanRoom<ThrashingScenario>(umThrashingRoom(), device.info, request, monitor, [&](const ThrashingScenario& s) {
    return measureThrashingScenario(device, s, um::kTimedReps);
  });
}

}  // namespace warpscope::labs
