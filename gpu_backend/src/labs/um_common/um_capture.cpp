#include "labs/um_common/um_capture.h"

#include "labs/um_common/um_capture_records.h"

#include "cuda/cupti_loader.h"
#include "cuda/cupti_subscription.h"

#include <cupti.h>
#include <cuda_runtime_api.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <thread>
#include <sstream>
#include <vector>

namespace warpscope::cuda {
namespace {

using labs::um::UmEvent;
using labs::um::UmTrace;


/// The platform cannot trace unified memory (not a bug in the caller): a reason, never a throw.
std::string unsupportedReason(CUptiResult r) {
  switch (r) {
    case CUPTI_ERROR_UM_PROFILING_NOT_SUPPORTED:
      return "CUPTI cannot trace unified memory on this platform (OS/architecture)";
    case CUPTI_ERROR_UM_PROFILING_NOT_SUPPORTED_ON_DEVICE:
      return "CUPTI cannot trace unified memory on this device";
    case CUPTI_ERROR_UM_PROFILING_NOT_SUPPORTED_ON_NON_P2P_DEVICES:
      return "CUPTI cannot trace unified memory with several GPUs that lack peer-to-peer access";
    case CUPTI_ERROR_UM_PROFILING_NOT_SUPPORTED_WITH_MPS:
      return "CUPTI cannot trace unified memory under MPS";
    case CUPTI_ERROR_WSL_DEVICE_NOT_SUPPORTED:
      return "CUPTI cannot trace unified memory under WSL";
    case CUPTI_ERROR_MIG_DEVICE_NOT_SUPPORTED:
      return "CUPTI cannot trace a MIG instance";
    default:
      return "CUPTI unified-memory tracing: " + CuptiActivity::resultText(r);
  }
}

/// Unified-memory counters on the process's one CUPTI subscription (cuda/cupti_subscription.h),
/// configured once; captures take turns (the subscription's captureMutex) and each enables the
/// activity kind only while it runs, so timed repetitions outside a capture are not slowed by
/// tracing.
class CuptiUnifiedMemory {
 public:
  static CuptiUnifiedMemory& instance() {
    // Never destroyed: CUPTI may still flush buffers from its own exit handler.
    static CuptiUnifiedMemory* const one = new CuptiUnifiedMemory;  // thread-safe initialisation
    return *one;
  }

  [[nodiscard]] bool available() const { return reason_.empty(); }
  [[nodiscard]] const std::string& reason() const { return reason_; }
  std::mutex& captureMutex() { return CuptiActivity::instance().captureMutex(); }

  /// Drops whatever was recorded before (flushes first) and enables the kind. Records reach
  /// CUPTI through the UVM driver's event queue some time after enabling, so it returns only once
  /// a probe migration (the probe page prefetched to the GPU) has come back as a record: from
  /// then on, the queue is live. Measured on an H200 (driver 580): without the probes, captures of
  /// one ~11 ms kernel saw no records at all, and the last iteration of a longer one was missing.
  /// Even with them, a fault-heavy read (one thread per 4 bytes over 256 MiB) loses records in the
  /// driver's queue (record counts capped near 8191, CUPTI reporting none dropped) and the end
  /// probe never comes back: finish() then keeps captured = true and puts a warning in
  /// unavailableReason, and the labs say the counters are lower bounds.
  CUptiResult begin() {
    CuptiActivity& activity = CuptiActivity::instance();
    activity.flush();
    {
      std::lock_guard<std::mutex> lock(recordsMutex_);
      records_.clear();
    }
    (void)activity.takeDropped();  // counts from here
    // The probe starts on the CPU (untraced), so moving it to the GPU makes an HtoD record.
    if (cudaMemPrefetchAsync(probe_, kProbeBytes, cudaMemLocation{cudaMemLocationTypeHost, 0}, 0, nullptr) != cudaSuccess ||
        cudaStreamSynchronize(nullptr) != cudaSuccess)
      (void)cudaGetLastError();
    const CUptiResult r = cuptiApi().cuptiActivityEnable(CUPTI_ACTIVITY_KIND_UNIFIED_MEMORY_COUNTER);
    if (r == CUPTI_SUCCESS) startLive_ = probe(true, kStartProbeMs);
    return r;
  }

  [[nodiscard]] bool startLive() const { return startLive_; }

  /// Sends the probe to the CPU and back to the current GPU, waiting for each record: every
  /// record enqueued before has then been read out of the driver's queue. Returns whether both
  /// came back.
  bool drain() {
    const bool toCpu = probe(false, kEndProbeMs);
    const bool toGpu = probe(true, kEndProbeMs);
    return toCpu && toGpu;
  }

  /// Waits for the driver's queue to drain (a probe migration sent now must come back as a
  /// record: the queue is in order), disables the kind, flushes every thread's buffers and hands
  /// over the records. endLive: whether the probe came back (false: the trace may miss its end).
  std::vector<CUpti_ActivityUnifiedMemoryCounter3> end(std::uint64_t& dropped, bool* endLive = nullptr) {
    const bool live = probe(false, kEndProbeMs);
    if (endLive) *endLive = live;
    (void)cuptiApi().cuptiActivityDisable(CUPTI_ACTIVITY_KIND_UNIFIED_MEMORY_COUNTER);
    CuptiActivity& activity = CuptiActivity::instance();
    activity.flush();
    dropped = activity.takeDropped();
    std::lock_guard<std::mutex> lock(recordsMutex_);
    return std::move(records_);
  }

 private:
  CuptiUnifiedMemory() {
    // CUPTI's unified-memory configuration needs an initialised driver.
    int devices = 0;
    if (const cudaError_t e = cudaGetDeviceCount(&devices); e != cudaSuccess || devices == 0) {
      reason_ = std::string("no CUDA device for CUPTI: ") + cudaGetErrorString(e);
      return;
    }
    CuptiActivity& activity = CuptiActivity::instance();  // registers the callbacks, flushes every ms
    if (!activity.available()) {
      reason_ = activity.unavailableReason();
      return;
    }
    CUptiResult r = configure(devices, true);
    if (r != CUPTI_SUCCESS && r != CUPTI_ERROR_UM_PROFILING_NOT_SUPPORTED &&
        r != CUPTI_ERROR_UM_PROFILING_NOT_SUPPORTED_ON_DEVICE &&
        r != CUPTI_ERROR_UM_PROFILING_NOT_SUPPORTED_ON_NON_P2P_DEVICES &&
        r != CUPTI_ERROR_UM_PROFILING_NOT_SUPPORTED_WITH_MPS)
      r = configure(devices, false);  // an older driver may refuse the newer kinds: keep the basics
    if (r != CUPTI_SUCCESS) {
      reason_ = unsupportedReason(r) + " (cuptiActivityConfigureUnifiedMemoryCounter)";
      return;
    }
    // The probe: one 64 KiB managed block, first touched on the CPU, that each capture moves to
    // the GPU at its start and back at its end.
    if (const cudaError_t e = cudaMallocManaged(&probe_, kProbeBytes); e != cudaSuccess) {
      reason_ = std::string("cannot allocate CUPTI's probe page: ") + cudaGetErrorString(e);
      return;
    }
    std::memset(probe_, 1, kProbeBytes);
    activity.setSink(CUPTI_ACTIVITY_KIND_UNIFIED_MEMORY_COUNTER,
                     [this](const CUpti_Activity& record) { take(reinterpret_cast<const CUpti_ActivityUnifiedMemoryCounter3&>(record)); });
  }

  static constexpr std::size_t kProbeBytes = 64 * 1024;
  static constexpr int kStartProbeMs = 2000;
  static constexpr int kEndProbeMs = 1500;

  /// Migrates the probe (to the current GPU, or back to the CPU) and flushes until its record
  /// arrives or timeoutMs passes. Returns whether it arrived.
  bool probe(bool toGpu, int timeoutMs) {
    int device = 0;
    (void)cudaGetDevice(&device);
    cudaMemLocation where{};
    where.type = toGpu ? cudaMemLocationTypeDevice : cudaMemLocationTypeHost;
    where.id = toGpu ? device : 0;
    probeSeen_[toGpu ? 0 : 1].store(false);
    if (cudaMemPrefetchAsync(probe_, kProbeBytes, where, 0, nullptr) != cudaSuccess ||
        cudaStreamSynchronize(nullptr) != cudaSuccess) {
      (void)cudaGetLastError();
      return false;
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    while (true) {
      CuptiActivity::instance().flush();
      if (probeSeen_[toGpu ? 0 : 1].load()) return true;
      if (std::chrono::steady_clock::now() > deadline) return false;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }

  static CUptiResult configure(int devices, bool allKinds) {
    const CUpti_ActivityUnifiedMemoryCounterKind basic[] = {
        CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_BYTES_TRANSFER_HTOD,
        CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_BYTES_TRANSFER_DTOH,
        CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_CPU_PAGE_FAULT_COUNT,
        CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_GPU_PAGE_FAULT};
    const CUpti_ActivityUnifiedMemoryCounterKind extra[] = {
        CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_BYTES_TRANSFER_DTOD,
        CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_THRASHING,
        CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_THROTTLING,
        CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_REMOTE_MAP};
    std::vector<CUpti_ActivityUnifiedMemoryCounterConfig> config;
    // One GPU: the single-device scope. Several: one process-wide entry per kind (per-device
    // entries on a two-H200 machine were accepted yet delivered no records at all).
    auto add = [&](CUpti_ActivityUnifiedMemoryCounterKind kind) {
      if (devices > 1) {
        CUpti_ActivityUnifiedMemoryCounterConfig c{};
        c.scope = CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_SCOPE_PROCESS_ALL_DEVICES;
        c.kind = kind;
        c.deviceId = 0;
        c.enable = 1;
        config.push_back(c);
        return;
      }
      for (int d = 0; d < devices; ++d) {
        CUpti_ActivityUnifiedMemoryCounterConfig c{};
        c.scope = CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_SCOPE_PROCESS_SINGLE_DEVICE;
        c.kind = kind;
        c.deviceId = static_cast<uint32_t>(d);
        c.enable = 1;
        config.push_back(c);
      }
    };
    for (auto k : basic) add(k);
    if (allKinds)
      for (auto k : extra) add(k);
    return cuptiApi().cuptiActivityConfigureUnifiedMemoryCounter(config.data(), static_cast<uint32_t>(config.size()));
  }

  /// One record from CUPTI's threads: the probe's migrations mark the queue live, the rest are kept.
  void take(const CUpti_ActivityUnifiedMemoryCounter3& um) {
    const auto probeFirst = reinterpret_cast<std::uint64_t>(probe_);
    if (um.address >= probeFirst && um.address < probeFirst + kProbeBytes) {
      if (um.counterKind == CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_BYTES_TRANSFER_HTOD) probeSeen_[0].store(true);
      if (um.counterKind == CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_BYTES_TRANSFER_DTOH) probeSeen_[1].store(true);
      return;
    }
    std::lock_guard<std::mutex> lock(recordsMutex_);
    records_.push_back(um);
  }

  std::string reason_;
  std::mutex recordsMutex_;  // the buffer callbacks' shared list
  std::vector<CUpti_ActivityUnifiedMemoryCounter3> records_;
  void* probe_ = nullptr;
  std::atomic<bool> probeSeen_[2] = {false, false};  // HtoD, DtoH of the probe
  bool startLive_ = false;
};

}  // namespace

struct UmCapture::State {
  std::unique_lock<std::mutex> turn;  // held from start to finish
  std::string reason;
  std::uint64_t t0Ns = 0;
  bool recording = false;
  bool startLive = false;
  uint32_t gpu0Id = 0;  ///< CUDA ordinal current at the start: the lab's GPU 0.
  int drainsMissed = 0;  ///< drain() calls whose probe did not come back.
};

UmCapture::UmCapture() : state_(std::make_unique<State>()) {
  CuptiUnifiedMemory& cupti = CuptiUnifiedMemory::instance();
  if (!cupti.available()) {
    state_->reason = cupti.reason();
    return;
  }
  state_->turn = std::unique_lock<std::mutex>(cupti.captureMutex());
  if (const CUptiResult r = cupti.begin(); r != CUPTI_SUCCESS) {
    state_->reason = unsupportedReason(r) + " (cuptiActivityEnable)";
    state_->turn.unlock();
    return;
  }
  uint64_t now = 0;
  (void)cuptiApi().cuptiGetTimestamp(&now);
  state_->t0Ns = now;
  int current = 0;
  if (cudaGetDevice(&current) == cudaSuccess) state_->gpu0Id = static_cast<uint32_t>(current);
  state_->recording = true;
  state_->startLive = cupti.startLive();
}

UmCapture::~UmCapture() {
  if (state_ && state_->recording) {
    std::uint64_t dropped = 0;
    (void)CuptiUnifiedMemory::instance().end(dropped);
  }
}

bool UmCapture::available() const { return state_->reason.empty(); }
const std::string& UmCapture::unavailableReason() const { return state_->reason; }

bool UmCapture::drain() {
  if (!state_->recording) return false;
  const bool drained = CuptiUnifiedMemory::instance().drain();
  if (!drained) ++state_->drainsMissed;
  return drained;
}

double UmCapture::elapsedUs() const {
  if (!state_->recording) return 0;
  uint64_t now = 0;
  (void)cuptiApi().cuptiGetTimestamp(&now);
  return now > state_->t0Ns ? static_cast<double>(now - state_->t0Ns) * 1e-3 : 0.0;
}

UmTrace UmCapture::finish(const void* base, std::uint64_t bytes) {
  UmTrace trace;
  trace.allocationBytes = bytes;
  trace.source = "CUPTI unified-memory counters (CUDA 13)";
  if (!state_->recording) {
    trace.captured = false;
    trace.unavailableReason = state_->reason;
    return trace;
  }
  uint64_t stopNs = 0;
  (void)cuptiApi().cuptiGetTimestamp(&stopNs);
  std::uint64_t dropped = 0;
  bool endLive = false;
  const std::vector<CUpti_ActivityUnifiedMemoryCounter3> records = CuptiUnifiedMemory::instance().end(dropped, &endLive);
  state_->recording = false;
  if (state_->turn.owns_lock()) state_->turn.unlock();

  const auto baseAddress = reinterpret_cast<std::uint64_t>(base);
  for (const auto& r : records) {
    UmEvent e;
    if (toEvent(r, baseAddress, bytes, state_->t0Ns, state_->gpu0Id, e)) trace.events.push_back(e);
  }
  std::stable_sort(trace.events.begin(), trace.events.end(),
                   [](const UmEvent& a, const UmEvent& b) { return a.startUs < b.startUs; });
  trace.residency = labs::um::residencyFromEvents(trace.events, bytes);
  trace.durationUs = stopNs > state_->t0Ns ? static_cast<double>(stopNs - state_->t0Ns) * 1e-3 : 0.0;
  for (const UmEvent& e : trace.events) trace.durationUs = std::max(trace.durationUs, e.endUs);
  trace.droppedRecords = dropped;
  trace.captured = true;
  // Captured, but CUPTI's queue was not seen live at one end: say so (the labs show the reason).
  if (!state_->startLive || !endLive)
    trace.unavailableReason = std::string("warning: CUPTI's probe migration did not come back at the capture's ") +
                              (!state_->startLive ? "start" : "end") + ": records may be missing";
  else if (state_->drainsMissed > 0)
    trace.unavailableReason = "warning: CUPTI's probe migration did not come back after " +
                              std::to_string(state_->drainsMissed) + " of the capture's steps: records may be missing";
  return trace;
}

}  // namespace warpscope::cuda
