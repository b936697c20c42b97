#pragma once
/// \file cupti_subscription.h
/// The process's one CUPTI activity subscription. CUPTI takes one pair of buffer callbacks per
/// process, so every capture (the unified-memory family's counters, the streams lab's kernels and
/// copies) registers a sink for the record kinds it wants here, instead of registering callbacks
/// of its own. Captures take turns (captureMutex): one lab runs at a time anyway.

#include <cupti.h>

#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "cuda/cupti_loader.h"

namespace warpscope::cuda {

class CuptiActivity {
 public:
  /// Called on CUPTI's threads with each completed record of the kind it was set for. Sinks are
  /// called one at a time (under the subscription's lock), so they need no locking against each
  /// other, only against their owner's reads.
  using RecordSink = std::function<void(const CUpti_Activity& record)>;

  /// The subscription, registered on first use (after the driver is initialised). Never
  /// destroyed: CUPTI may still flush buffers from its own exit handler.
  static CuptiActivity& instance();

  /// Empty when the callbacks are registered; otherwise why not, in the user's words.
  [[nodiscard]] const std::string& unavailableReason() const { return reason_; }
  [[nodiscard]] bool available() const { return reason_.empty(); }

  /// One capture at a time holds this from its start to its end.
  std::mutex& captureMutex() { return captureMutex_; }

  /// Routes records of `kind` to `sink` (replacing an earlier sink); an empty sink drops them.
  void setSink(CUpti_ActivityKind kind, RecordSink sink);
  /// Hands every buffered record to its sink now.
  void flush();
  /// Records CUPTI reported dropped since the last call (then zero again).
  std::uint64_t takeDropped();

  /// "CUPTI needs profiling privileges ...": a CUPTI result in the user's words.
  static std::string resultText(CUptiResult result);

 private:
  CuptiActivity();
  static void CUPTIAPI bufferRequested(uint8_t** buffer, size_t* size, size_t* maxNumRecords);
  static void CUPTIAPI bufferCompleted(CUcontext context, uint32_t streamId, uint8_t* buffer, size_t size,
                                       size_t validSize);

  std::string reason_;
  std::mutex captureMutex_;
  std::mutex sinksMutex_;
  std::vector<std::pair<CUpti_ActivityKind, RecordSink>> sinks_;
  std::uint64_t dropped_ = 0;
};

}  // namespace warpscope::cuda
