#include "labs/um_streaming/um_streaming_cuda.h"

#include <algorithm>
#include <bit>
#include <memory>
#include <optional>
#include <sstream>
#include <vector>

#include "cuda/counters.h"
#include "cuda/cuda_check.h"
#include "cuda/device_buffer.h"
#include "cuda/device_context.h"
#include "cuda/run_errors.h"
#include "labs/um_common/um_capture.h"
#include "labs/um_common/um_support.h"
#include "labs/um_streaming/um_streaming_kernels.h"
#include "labs/um_streaming/um_streaming_lab.h"
#include "warpscope/params.h"

namespace warpscope::labs {
namespace {

using cuda::CudaEvent;

const char* modeName(StreamingMode mode) {
  switch (mode) {
    case StreamingMode::OnDemand: return "on-demand";
    case StreamingMode::Prefetch: return "prefetch";
    case StreamingMode::MemcpyPinned: return "memcpy pinned";
    case StreamingMode::MemcpyPageable: return "memcpy pageable";
  }
  return "?";
}

void checkScenario(const StreamingScenario& s) {
  if (s.bufferBytes < um::kPageBytes || s.bufferBytes % um::kPageBytes != 0)
    throw BadInputError("um-streaming: buffer of " + std::to_string(s.bufferBytes) +
                        " bytes must be a positive multiple of 4096");
  if (s.warpChunkBytes < 128 || s.warpChunkBytes > um::kChunkBytes || !std::has_single_bit(s.warpChunkBytes))
    throw BadInputError("um-streaming: warpChunkBytes " + std::to_string(s.warpChunkBytes) +
                        " must be a power of two in 128 .. 2097152");
}

/// The streaming read's words, its per-block partial sums and the check of their total.
class StreamRead {
 public:
  StreamRead(std::uint64_t bufferBytes, std::uint64_t chunkBytes)
      : words_(bufferBytes / 4), chunkWords_(chunkBytes / 4), blocks_(streamReadBlocks(words_, chunkWords_)),
        partials_(sizeof(unsigned long long) * blocks_) {}

  /// Poison the partial sums (0xFF.. is not a sum any block of this buffer can have in practice:
  /// each block's sum is below 2^32 x 2^19 words).
  void poison() const { WS_CUDA_CHECK(cudaMemsetAsync(partials_.get(), 0xFF, partials_.bytes())); }

  void launch(std::uint32_t* data) const {
    WS_CUDA_CHECK(launchStreamRead(data, words_, chunkWords_, false, partials_.as<unsigned long long>(), nullptr));
  }

  /// Throws CheckFailed unless every block wrote and the total is the host's.
  void check(unsigned long long expected, const std::string& what) const {
    std::vector<unsigned long long> host(blocks_);
    WS_CUDA_CHECK(cudaMemcpy(host.data(), partials_.get(), partials_.bytes(), cudaMemcpyDeviceToHost));
    unsigned long long total = 0;
    for (std::size_t b = 0; b < host.size(); ++b) {
      if (host[b] == ~0ull) throw cuda::CheckFailed(what + ": block " + std::to_string(b) + " never wrote its sum");
      total += host[b];
    }
    if (total != expected) {
      std::ostringstream why;
      why << what << ": the kernel's sum " << total << " differs from the host's " << expected;
      throw cuda::CheckFailed(why.str());
    }
  }

  [[nodiscard]] std::uint64_t words() const { return words_; }

 private:
  std::uint64_t words_;
  std::uint64_t chunkWords_;
  unsigned blocks_;
  cuda::DeviceBuffer partials_;
};

/// Writes the known values (first touch on the CPU for fresh managed memory); returns their sum.
unsigned long long fillWords(std::uint32_t* data, std::uint64_t words) {
  unsigned long long sum = 0;
  for (std::uint64_t i = 0; i < words; ++i) {
    const std::uint32_t v = cuda::umWordValue(i, 0);
    data[i] = v;
    sum += v;
  }
  return sum;
}

struct RepTimes {
  double transferMs = 0;
  double kernelMs = 0;
};

}  // namespace

um::UmScenarioResult measureStreamingScenario(cuda::DeviceContext& device, const StreamingScenario& scenario,
                                              int timedReps) {
  cuda::releaseCounters(device);  // CUPTI's activity capture and the counters' profiler: one at a time
  checkScenario(scenario);
  timedReps = std::max(1, timedReps);
  const std::uint64_t bytes = scenario.bufferBytes;
  const bool managed = scenario.mode == StreamingMode::OnDemand || scenario.mode == StreamingMode::Prefetch;
  um::UmScenarioResult result;
  result.name = modeName(scenario.mode);
  if (scenario.mode == StreamingMode::OnDemand) result.name += " " + std::to_string(scenario.warpChunkBytes) + " B/warp";
  // The cap applies to every mode: the memcpy modes' cudaMalloc of the same size is no riskier,
  // but one rule is easier to trust. The size study's fixed sizes are skipped past it (no phases,
  // a note), so a smaller GPU still gets the rest of the curve.
  if (scenario.sizeStudy && bytes > cuda::managedMemoryCapBytes()) {
    result.notes.push_back("skipped: " + std::to_string(bytes >> 20) +
                           " MiB exceeds the cap of half the free device memory");
    return result;
  }
  cuda::checkManagedMemoryCap(bytes, std::string("um-streaming (") + modeName(scenario.mode) + ")");
  const StreamRead read(bytes, scenario.warpChunkBytes);
  const std::uint64_t words = read.words();

  std::optional<cuda::ManagedBuffer> managedBuf;
  std::optional<cuda::PinnedHostBuffer> pinned;
  std::unique_ptr<std::uint32_t[]> pageable;
  std::optional<cuda::DeviceBuffer> deviceBuf;
  std::uint32_t* source = nullptr;  // what the transfer reads (host) or the kernel reads (managed)
  if (managed) {
    managedBuf.emplace(bytes);
    source = managedBuf->as<std::uint32_t>();
  } else {
    deviceBuf.emplace(bytes);
    if (scenario.mode == StreamingMode::MemcpyPinned) {
      pinned.emplace(bytes);
      source = pinned->as<std::uint32_t>();
    } else {
      pageable = std::make_unique<std::uint32_t[]>(words);  // malloc'd (new[]), pageable
      source = pageable.get();
    }
  }
  // First touch on the CPU: the managed pages start CPU-resident, the host pages are populated.
  const unsigned long long expected = fillWords(source, words);

  // Before every repetition (untimed): managed pages start CPU-resident like the first time
  // (scenario.reset says how); the device copy of the memcpy modes is poisoned.
  bool fresh = true;  // the first repetition gets the buffer filled above
  auto prepare = [&] {
    if (managed) {
      if (!fresh) {
        switch (scenario.reset) {
          case StreamingReset::FreshAllocation:
            managedBuf.reset();
            managedBuf.emplace(bytes);
            source = managedBuf->as<std::uint32_t>();
            (void)fillWords(source, words);
            break;
          case StreamingReset::PrefetchToCpu:
            WS_CUDA_CHECK(cudaMemPrefetchAsync(source, bytes, cuda::hostLocation(), 0, nullptr));
            break;
          case StreamingReset::CpuRetouch:
            (void)fillWords(source, words);
            break;
        }
      }
      fresh = false;
    } else {
      WS_CUDA_CHECK(cudaMemsetAsync(deviceBuf->get(), 0xFF, bytes));
    }
    read.poison();
    WS_CUDA_CHECK(cudaDeviceSynchronize());
  };
  CudaEvent t0, t1, k0, k1;
  int checkedReps = 0;
  auto rep = [&](const char* what) {
    RepTimes t;
    std::uint32_t* kernelData = source;
    switch (scenario.mode) {
      case StreamingMode::OnDemand: break;
      case StreamingMode::Prefetch:
        t0.record();
        WS_CUDA_CHECK(cudaMemPrefetchAsync(source, bytes, cuda::gpuLocation(device.ordinal), 0, nullptr));
        t1.record();
        break;
      case StreamingMode::MemcpyPinned:
      case StreamingMode::MemcpyPageable:
        t0.record();
        WS_CUDA_CHECK(cudaMemcpyAsync(deviceBuf->get(), source, bytes, cudaMemcpyHostToDevice, nullptr));
        t1.record();
        kernelData = deviceBuf->as<std::uint32_t>();
        break;
    }
    k0.record();
    read.launch(kernelData);
    k1.record();
    t.kernelMs = k1.msSince(k0);
    if (scenario.mode != StreamingMode::OnDemand) t.transferMs = t1.msSince(t0);
    read.check(expected, result.name + " (" + what + ")");
    ++checkedReps;
    return t;
  };

  prepare();
  (void)rep("warm-up");
  std::vector<double> transferMs, kernelMs;
  for (int r = 0; r < timedReps; ++r) {
    prepare();
    const RepTimes t = rep("timed repetition");
    transferMs.push_back(t.transferMs);
    kernelMs.push_back(t.kernelMs);
  }
  // "transfer" is what the GB/s figure is about: on demand the kernel itself (faults, migration
  // and reads), otherwise the prefetch or the copy (um_streaming_model.cpp names them alike).
  const bool onDemand = scenario.mode == StreamingMode::OnDemand;
  result.phases.push_back(cuda::phaseFrom("transfer", onDemand ? kernelMs : transferMs, bytes));
  result.phases.push_back(cuda::phaseFrom("kernel", kernelMs, bytes));

  // One more repetition under CUPTI, so tracing does not slow the timed ones (the size study's
  // points are timed only).
  if (managed && !scenario.sizeStudy) {
    prepare();
    cuda::UmCapture capture;
    (void)rep("traced repetition");
    WS_CUDA_CHECK(cudaDeviceSynchronize());
    result.trace = capture.finish(source, bytes);
    result.trace.initialState = um::PageState::Cpu;
    result.counters = um::countersFromEvents(result.trace.events);
  } else {
    result.trace.allocationBytes = bytes;
    result.trace.captured = false;
    result.trace.unavailableReason = managed ? "a size-study point: timed, not traced"
                                             : "no managed memory in this mode (explicit cudaMemcpy)";
    result.trace.source = "CUPTI unified-memory counters (CUDA 13)";
  }

  std::ostringstream note;
  note << "checked: the kernel's sum matches the host's in all " << checkedReps << " repetitions";
  result.notes.push_back(note.str());
  static const char* const resets[] = {"a fresh managed buffer first touched on the CPU",
                                      "the pages prefetched back to the CPU", "the CPU rewriting every word"};
  result.notes.push_back("timing: 1 warm-up and " + std::to_string(timedReps) +
                         " timed repetitions with CUDA events (median, min, max)" +
                         (managed ? std::string("; before each, ") + resets[static_cast<int>(scenario.reset)] : ""));
  if (managed && !scenario.sizeStudy) {
    if (result.trace.captured) {
      std::ostringstream t;
      t << "traced: one extra repetition, " << result.trace.events.size() << " CUPTI events";
      if (result.trace.droppedRecords) t << ", " << result.trace.droppedRecords << " records DROPPED (totals are low)";
      result.notes.push_back(t.str());
      // Seen on an H200 for fault-heavy reads (thread/4B): the driver's event queue loses records.
      if (!result.trace.unavailableReason.empty())
        result.notes.push_back("trace incomplete (" + result.trace.unavailableReason +
                               "): the counters are lower bounds");
    } else {
      result.notes.push_back("no trace: " + result.trace.unavailableReason);
    }
  }
  return result;
}

RunResult measureUmStreaming(cuda::DeviceContext& device, const RunRequest& request, RunMonitor& monitor) {
  return um::measurePlanRoom<StreamingScenario>(umStreamingRoom(), device.info, request, monitor, [&](const StreamingScenario& s) {
    return measureStreamingScenario(device, s, um::kTimedReps);
  });
}

}  // namespace warpscope::labs
