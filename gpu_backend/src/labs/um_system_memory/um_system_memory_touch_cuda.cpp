// um-system-memory on a GPU, its touch scenarios: each repetition the CPU makes and writes the
// memory anew (managed, malloc, a global array, the stack, an explicit copy, ...), a kernel sums
// it twice (the first touch and the second), the sums are checked, and one more repetition is
// traced (issue 31).
#include <cstdlib>
#include <memory>
#include <mutex>
#include <optional>
#include <sstream>
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

}  // namespace

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

um::UmScenarioResult measureOnStack(cuda::DeviceContext& device, const SystemScenario& s, int timedReps) {
  alignas(4096) std::uint32_t stackBuffer[kStackBufferBytes / 4];
  return measureTouch(device, s, timedReps, stackBuffer);
}

}  // namespace warpscope::labs::system_memory_cuda
