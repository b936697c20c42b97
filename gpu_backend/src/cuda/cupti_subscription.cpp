#include "cuda/cupti_subscription.h"

#include <cuda_runtime_api.h>

#include <cstdlib>
#include <vector>

namespace warpscope::cuda {

namespace {

constexpr std::size_t kBufferBytes = std::size_t{8} << 20;  // per CUPTI buffer request
constexpr std::size_t kBufferAlign = 8;

}  // namespace

std::string CuptiActivity::resultText(CUptiResult r) {
  switch (r) {
    case CUPTI_ERROR_INSUFFICIENT_PRIVILEGES:
      return "CUPTI needs profiling privileges (NVreg_RestrictProfilingToAdminUsers)";
    case CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED:
      return "another CUPTI client (a profiler) is attached to this process";
    case CUPTI_ERROR_VIRTUALIZED_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_VIRTUALIZED_DEVICE_INSUFFICIENT_PRIVILEGES:
      return "CUPTI cannot trace a virtualised GPU (vGPU)";
    default: break;
  }
  const char* s = nullptr;
  if (cuptiApi().cuptiGetResultString(r, &s) != CUPTI_SUCCESS || !s)
    return "CUPTI error " + std::to_string(static_cast<int>(r));
  return s;
}

CuptiActivity& CuptiActivity::instance() {
  static CuptiActivity* const one = new CuptiActivity;  // thread-safe initialisation, never destroyed
  return *one;
}

CuptiActivity::CuptiActivity() {
  if (const std::string& why = cuptiUnavailableReason(); !why.empty()) {
    reason_ = why;
    return;
  }
  int devices = 0;
  if (const cudaError_t e = cudaGetDeviceCount(&devices); e != cudaSuccess || devices == 0) {
    reason_ = e != cudaSuccess ? std::string("no CUDA device for CUPTI: ") + cudaGetErrorString(e)
                               : std::string("no CUDA device for CUPTI");
    return;
  }
  (void)cudaFree(nullptr);  // creates the current device's primary context
  if (const CUptiResult r = cuptiApi().cuptiActivityRegisterCallbacks(&bufferRequested, &bufferCompleted);
      r != CUPTI_SUCCESS) {
    reason_ = resultText(r) + " (cuptiActivityRegisterCallbacks)";
    return;
  }
  // The unified-memory driver's event queue holds about 8k records between flushes and loses the
  // rest without a dropped count: flushing every millisecond drains it more often.
  (void)cuptiApi().cuptiActivityFlushPeriod(1);
}

void CuptiActivity::setSink(CUpti_ActivityKind kind, RecordSink sink) {
  std::lock_guard<std::mutex> lock(sinksMutex_);
  for (auto& [k, s] : sinks_)
    if (k == kind) {
      s = std::move(sink);
      return;
    }
  sinks_.emplace_back(kind, std::move(sink));
}

void CuptiActivity::flush() { (void)cuptiApi().cuptiActivityFlushAll(CUPTI_ACTIVITY_FLAG_FLUSH_FORCED); }

std::uint64_t CuptiActivity::takeDropped() {
  size_t global = 0;
  (void)cuptiApi().cuptiActivityGetNumDroppedRecords(nullptr, 0, &global);  // reads and resets the global count
  std::lock_guard<std::mutex> lock(sinksMutex_);
  const std::uint64_t total = dropped_ + global;
  dropped_ = 0;
  return total;
}

void CUPTIAPI CuptiActivity::bufferRequested(uint8_t** buffer, size_t* size, size_t* maxNumRecords) {
  *buffer = static_cast<uint8_t*>(std::aligned_alloc(kBufferAlign, kBufferBytes));
  *size = *buffer ? kBufferBytes : 0;
  *maxNumRecords = 0;  // as many as fit
}

void CUPTIAPI CuptiActivity::bufferCompleted(CUcontext context, uint32_t streamId, uint8_t* buffer, size_t /*size*/,
                                             size_t validSize) {
  CuptiActivity& self = instance();
  size_t dropped = 0;
  (void)cuptiApi().cuptiActivityGetNumDroppedRecords(context, streamId, &dropped);
  {
    // Sinks are called under the lock: a capture that ends (and clears its sink) waits for a
    // buffer being delivered to it.
    std::lock_guard<std::mutex> lock(self.sinksMutex_);
    CUpti_Activity* record = nullptr;
    while (cuptiApi().cuptiActivityGetNextRecord(buffer, validSize, &record) == CUPTI_SUCCESS)
      for (const auto& [kind, sink] : self.sinks_)
        if (kind == record->kind && sink) sink(*record);
    self.dropped_ += dropped;
  }
  std::free(buffer);
}

}  // namespace warpscope::cuda
