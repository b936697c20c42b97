#pragma once
/// \file streams_capture.h
/// The streams lab's timeline on a GPU: CUPTI activity records of one run's kernels
/// (CONCURRENT_KERNEL: the KERNEL kind would serialise them) and copies (MEMCPY), with their
/// streams and times, matched back to the operations the host issued. Recorded in a run of its
/// own, never a timed one. CUDA only.

#include <cuda_runtime_api.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "labs/streams/streams_schedule.h"

namespace warpscope::cuda {

class StreamsCapture {
 public:
  /// Starts recording kernels and copies (takes the CUPTI capture turn). Never throws for a
  /// platform CUPTI cannot trace: check available().
  StreamsCapture();
  ~StreamsCapture();
  StreamsCapture(const StreamsCapture&) = delete;
  StreamsCapture& operator=(const StreamsCapture&) = delete;

  [[nodiscard]] bool available() const;
  [[nodiscard]] const std::string& unavailableReason() const;

  /// CUPTI's id of `stream` (nullptr: the legacy default stream; perThread: cudaStreamPerThread),
  /// to match records to streams; nullopt when CUPTI cannot say.
  static std::optional<std::uint32_t> streamId(cudaStream_t stream, bool perThread = false);

  /// Stops recording and matches the records to `issued` (in issue order): the records of each
  /// stream, in the order they started, are that stream's operations in issue order. streamIds[s]
  /// is CUPTI's id of the lab's stream s, markerStreamId that of the default stream the markers
  /// run on; records of any other stream (the gate's) are no operation of the run. Operations
  /// without a record are left out, and `missing` counts them. Times in ms from the first start.
  std::vector<labs::ScheduledOp> finish(const std::vector<labs::StreamOp>& issued,
                                        const std::vector<std::uint32_t>& streamIds, std::uint32_t markerStreamId,
                                        int* missing);

 private:
  /// Disables the kinds, flushes, clears the sinks and gives the capture turn back (idempotent).
  void stop();
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace warpscope::cuda
