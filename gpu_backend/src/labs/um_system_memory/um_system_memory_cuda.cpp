#include "labs/um_system_memory/um_system_memory_cuda.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
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
#include "labs/um_common/um_device_guards.h"
#include "labs/um_common/um_support.h"
#include "labs/um_system_memory/um_system_memory_kernels.h"
#include "labs/um_system_memory/um_system_memory_layout.h"
#include "labs/um_system_memory/um_system_memory_names.h"
#include "warpscope/params.h"

namespace warpscope::labs {

namespace {

constexpr const char* kLab = "um-system-memory";
constexpr int kAtomicBlocksPerSm = 2;
/// Neither side adds for longer than this: the kernel's threads and the CPU threads stop early
/// (and say so) rather than keep a page bouncing for ever. Their counts are still checked.
constexpr double kAtomicsBudgetS = 5.0;

using Clock = cuda::HostClock;
using cuda::msBetween;  // um_support.h

void validate(const SystemScenario& s, int timedReps) {
  std::ostringstream why;
  if (s.counters < 1 || s.counters > kMaxCounters)
    why << "counters " << s.counters << " is outside [1, " << kMaxCounters << "]";
  else if (s.cpuThreads < 0 || s.cpuThreads > 64)
    why << "CPU threads " << s.cpuThreads << " is outside [0, 64]";
  else if (cpuTakesPart(s.kind) && s.cpuThreads < 1)
    why << "a scenario with CPU atomics needs at least one CPU thread";
  else if (s.gpuOps == 0 || s.gpuOps > (1ull << 32))
    why << "GPU operations " << s.gpuOps << " is outside [1, 2^32]";
  else if (s.cpuOpsPerThread == 0 || s.cpuOpsPerThread > (1ull << 30))
    why << "operations per CPU thread " << s.cpuOpsPerThread << " is outside [1, 2^30]";
  else if (s.bufferBytes < um::kPageBytes || s.bufferBytes % um::kPageBytes != 0)
    why << "buffer of " << s.bufferBytes << " bytes: it must be a positive multiple of 4096";
  else if (timedReps < 1)
    why << "timed repetitions " << timedReps << " must be at least 1";
  if (!why.str().empty()) throw BadInputError(std::string(kLab) + ": " + why.str());
}

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

/// A scenario the device cannot run: no phases, the reason as its note and its trace's.
um::UmScenarioResult notRun(const SystemScenario& s, const std::string& why) {
  um::UmScenarioResult r;
  r.name = systemScenarioName(s.kind);
  r.trace.captured = false;
  r.trace.unavailableReason = why;
  r.notes.push_back(why);
  return r;
}

// ---- atomics ---------------------------------------------------------------------------------

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

// ---- system memory ---------------------------------------------------------------------------

/// The global array a kernel touches (4 MiB of static storage; one run at a time uses it).
alignas(4096) std::uint32_t gSystemGlobalArray[kGlobalArrayBytes / 4];
std::mutex gSystemGlobalArrayMutex;

/// Writes the starting values (a hash of the index) and returns their sum.
unsigned long long fillStart(std::uint32_t* data, std::uint64_t words) {
  unsigned long long sum = 0;
  for (std::uint64_t i = 0; i < words; ++i) {
    data[i] = cuda::umWordValue(i, 0);
    sum += data[i];
  }
  return sum;
}

unsigned long long sumAfterOneTouch(std::uint64_t words) {
  unsigned long long sum = 0;
  for (std::uint64_t i = 0; i < words; ++i) sum += touchedWord(cuda::umWordValue(i, 0));
  return sum;
}

/// Where the kernel's words are for one repetition, made fresh (first touch by the CPU) by prepare().
class TouchMemory {
 public:
  TouchMemory(SysKind kind, std::uint64_t bytes, std::uint32_t* stackBuffer)
      : kind_(kind), bytes_(bytes), words_(bytes / 4), stack_(stackBuffer) {
    if (kind_ == SysKind::ExplicitCopy) {
      source_ = std::make_unique<std::uint32_t[]>(words_);  // malloc'd (new[]): pageable
      (void)fillStart(source_.get(), words_);
      device_.emplace(bytes_);
    }
  }
  ~TouchMemory() { releaseMalloc(); }
  TouchMemory(const TouchMemory&) = delete;
  TouchMemory& operator=(const TouchMemory&) = delete;

  /// Fresh memory first touched by the CPU (the explicit copy's device buffer poisoned instead, on
  /// `stream`: the copy that follows is on that non-blocking stream, which never waits for the
  /// default one).
  void prepare(cudaStream_t stream) {
    switch (kind_) {
      case SysKind::Malloc:
        releaseMalloc();
        malloced_ = static_cast<std::uint32_t*>(std::malloc(bytes_));
        if (!malloced_) throw std::bad_alloc();
        (void)fillStart(malloced_, words_);
        break;
      case SysKind::Managed:
        managed_.reset();
        managed_.emplace(bytes_);
        (void)fillStart(managed_->as<std::uint32_t>(), words_);
        break;
      case SysKind::GlobalArray:
        (void)fillStart(gSystemGlobalArray, words_);
        break;
      case SysKind::StackBuffer:
        (void)fillStart(stack_, words_);
        break;
      case SysKind::ExplicitCopy:
        WS_CUDA_CHECK(cudaMemsetAsync(device_->get(), 0xFF, bytes_, stream));
        break;
      default:
        break;
    }
  }
  /// What the kernel reads.
  [[nodiscard]] std::uint32_t* kernelData() const {
    switch (kind_) {
      case SysKind::Malloc:
        return malloced_;
      case SysKind::Managed:
        return managed_->as<std::uint32_t>();
      case SysKind::GlobalArray:
        return gSystemGlobalArray;
      case SysKind::StackBuffer:
        return stack_;
      case SysKind::ExplicitCopy:
        return device_->as<std::uint32_t>();
      default:
        return nullptr;
    }
  }
  /// Before the first touch's kernel: the explicit copy (in the first touch's timing).
  void copyIn(cudaStream_t stream) const {
    if (kind_ == SysKind::ExplicitCopy)
      WS_CUDA_CHECK(cudaMemcpyAsync(device_->get(), source_.get(), bytes_, cudaMemcpyHostToDevice, stream));
  }
  /// Throws CheckFailed unless every word went through two touches.
  void checkTwiceTouched(const std::string& what) const {
    std::vector<std::uint32_t> copy;
    const std::uint32_t* words = kernelData();
    if (kind_ == SysKind::ExplicitCopy) {
      copy.resize(words_);
      WS_CUDA_CHECK(cudaMemcpy(copy.data(), device_->get(), bytes_, cudaMemcpyDeviceToHost));
      words = copy.data();
    }
    for (std::uint64_t i = 0; i < words_; ++i) {
      const std::uint32_t want = touchedWord(touchedWord(cuda::umWordValue(i, 0)));
      if (words[i] != want) {
        std::ostringstream why;
        why << kLab << " (" << what << "): word " << i << " holds " << words[i] << " after two touches, expected "
            << want;
        throw cuda::CheckFailed(why.str());
      }
    }
  }

 private:
  void releaseMalloc() {
    std::free(malloced_);
    malloced_ = nullptr;
  }
  SysKind kind_;
  std::uint64_t bytes_;
  std::uint64_t words_;
  std::uint32_t* stack_ = nullptr;
  std::uint32_t* malloced_ = nullptr;
  std::optional<cuda::ManagedBuffer> managed_;
  std::unique_ptr<std::uint32_t[]> source_;
  std::optional<cuda::DeviceBuffer> device_;
};

/// Throws CheckFailed unless every block wrote and the partial sums add up to `expected`.
void checkSum(const cuda::DeviceBuffer& partials, unsigned long long expected, const std::string& what) {
  std::vector<unsigned long long> host(partials.bytes() / sizeof(unsigned long long));
  WS_CUDA_CHECK(cudaMemcpy(host.data(), partials.get(), partials.bytes(), cudaMemcpyDeviceToHost));
  unsigned long long total = 0;
  for (std::size_t b = 0; b < host.size(); ++b) {
    if (host[b] == ~0ull)
      throw cuda::CheckFailed(std::string(kLab) + " (" + what + "): block " + std::to_string(b) +
                              " never wrote its sum");
    total += host[b];
  }
  if (total != expected) {
    std::ostringstream why;
    why << kLab << " (" << what << "): the kernel's sum " << total << " differs from the host's " << expected;
    throw cuda::CheckFailed(why.str());
  }
}

um::UmScenarioResult measureTouch(cuda::DeviceContext& device, const SystemScenario& s, int timedReps,
                                  std::uint32_t* stackBuffer) {
  const std::uint64_t bytes = touchedBytes(s);
  const std::uint64_t words = bytes / 4;
  const bool traceable = s.kind != SysKind::ExplicitCopy;
  um::requireAtMostHalfFree(device.ordinal, bytes, kLab, std::string("the ") + systemScenarioName(s.kind) + " buffer");
  std::unique_lock<std::mutex> globalLock(gSystemGlobalArrayMutex, std::defer_lock);
  if (s.kind == SysKind::GlobalArray) globalLock.lock();
  if (traceable) {
    cuda::UmCapture configure;
    (void)configure.finish(nullptr, 0);
  }

  TouchMemory memory(s.kind, bytes, stackBuffer);
  cuda::DeviceBuffer partials(sizeof(unsigned long long) * sysTouchBlocks(words));
  Stream stream;
  cuda::CudaEvent e0, e1, e2, e3;
  const unsigned long long startSum = [&] {
    unsigned long long sum = 0;
    for (std::uint64_t i = 0; i < words; ++i) sum += cuda::umWordValue(i, 0);
    return sum;
  }();
  const unsigned long long touchedSum = sumAfterOneTouch(words);
  const std::string name = systemScenarioName(s.kind);
  int checked = 0;

  struct Times {
    double firstMs = 0;
    double secondMs = 0;
  };
  // One repetition; with `trace`, captured with CUPTI from after the CPU's writes to after the second touch.
  auto rep = [&](const std::string& what, um::UmTrace* trace) {
    memory.prepare(stream.get());
    WS_CUDA_CHECK(cudaMemsetAsync(partials.get(), 0xFF, partials.bytes(), stream.get()));
    WS_CUDA_CHECK(cudaStreamSynchronize(stream.get()));
    std::unique_ptr<cuda::UmCapture> capture;
    if (trace) capture = std::make_unique<cuda::UmCapture>();
    Times t;
    e0.record(stream.get());
    memory.copyIn(stream.get());
    WS_CUDA_CHECK(launchSysTouch(memory.kernelData(), words, partials.as<unsigned long long>(), stream.get()));
    e1.record(stream.get());
    t.firstMs = e1.msSince(e0);
    checkSum(partials, startSum, name + ", first touch, " + what);
    WS_CUDA_CHECK(cudaMemsetAsync(partials.get(), 0xFF, partials.bytes(), stream.get()));
    e2.record(stream.get());
    WS_CUDA_CHECK(launchSysTouch(memory.kernelData(), words, partials.as<unsigned long long>(), stream.get()));
    e3.record(stream.get());
    t.secondMs = e3.msSince(e2);
    if (capture) *trace = capture->finish(memory.kernelData(), bytes);
    checkSum(partials, touchedSum, name + ", second touch, " + what);
    memory.checkTwiceTouched(what);
    ++checked;
    return t;
  };

  (void)rep("warm-up", nullptr);
  std::vector<double> first, second;
  for (int r = 0; r < timedReps; ++r) {
    const Times t = rep("timed repetition", nullptr);
    first.push_back(t.firstMs);
    second.push_back(t.secondMs);
  }
  um::UmScenarioResult result;
  result.name = name;
  result.phases.push_back(cuda::phaseFrom("first touch", first, bytes));
  result.phases.push_back(cuda::phaseFrom("second touch", second, bytes));
  if (traceable) {
    (void)rep("traced repetition", &result.trace);
    result.trace.initialState = um::PageState::Cpu;
    if (result.trace.captured) result.counters = um::countersFromEvents(result.trace.events);
  } else {
    result.trace.allocationBytes = bytes;
    result.trace.unavailableReason = "no managed or system memory migrates here (explicit cudaMemcpy)";
    result.trace.source = "CUPTI unified-memory counters (CUDA 13)";
  }
  result.notes.push_back("checked: both touches' sums match the host's and every word was rewritten twice, in all " +
                         std::to_string(checked) + " repetitions");
  result.notes.push_back(
      "timing: 1 warm-up and " + std::to_string(timedReps) +
      " timed repetitions with CUDA events (median, min, max); before each, the memory made anew and "
      "written by the CPU" +
      std::string(s.kind == SysKind::ExplicitCopy ? "; the first touch includes the cudaMemcpy" : ""));
  if (traceable && result.trace.captured)
    result.notes.push_back("traced: one extra repetition, " + std::to_string(result.trace.events.size()) +
                           " CUPTI events");
  return result;
}

/// The stack buffer lives in this frame for the whole measurement.
um::UmScenarioResult measureOnStack(cuda::DeviceContext& device, const SystemScenario& s, int timedReps) {
  alignas(4096) std::uint32_t stackBuffer[kStackBufferBytes / 4];
  return measureTouch(device, s, timedReps, stackBuffer);
}

}  // namespace

SystemAttributes querySystemAttributes(int ordinal) {
  SystemAttributes a;
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&a.concurrentManagedAccess, cudaDevAttrConcurrentManagedAccess, ordinal));
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&a.hostNativeAtomics, cudaDevAttrHostNativeAtomicSupported, ordinal));
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&a.pageableMemoryAccess, cudaDevAttrPageableMemoryAccess, ordinal));
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&a.pageableUsesHostPageTables, cudaDevAttrPageableMemoryAccessUsesHostPageTables,
                                       ordinal));
  return a;
}

um::UmScenarioResult measureSystemScenario(cuda::DeviceContext& device, const SystemScenario& scenario, int timedReps) {
  cuda::releaseCounters(device);  // CUPTI's activity capture and the counters' profiler: one at a time
  validate(scenario, timedReps);
  um::CurrentDeviceGuard restore;
  WS_CUDA_CHECK(cudaSetDevice(device.ordinal));
  const SystemAttributes attributes = querySystemAttributes(device.ordinal);
  if (isAtomicsKind(scenario.kind)) return measureAtomics(device, scenario, timedReps, attributes);
  // Never launched on memory the GPU cannot reach: it would fault (an illegal address).
  if (needsPageableAccess(scenario.kind) && attributes.pageableMemoryAccess == 0)
    return notRun(scenario, pageableAccessMissingNote(attributes.pageableMemoryAccess));
  if (scenario.kind == SysKind::StackBuffer) return measureOnStack(device, scenario, timedReps);
  return measureTouch(device, scenario, timedReps, nullptr);
}

RunResult measureUmSystemMemory(cuda::DeviceContext& device, const RunRequest& request, RunMonitor& monitor) {
  const SystemAttributes attributes = querySystemAttributes(device.ordinal);
  return measureSystemRoom(device.info, attributes, request, monitor,
                           [&](const SystemScenario& s) { return measureSystemScenario(device, s, um::kTimedReps); });
}

}  // namespace warpscope::labs
