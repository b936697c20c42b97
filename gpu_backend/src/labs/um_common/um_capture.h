#pragma once
/// \file um_capture.h
/// CUPTI unified-memory counter capture (CUpti_ActivityUnifiedMemoryCounter3 on CUDA 13) turned
/// into the labs' UmTrace: HtoD/DtoH/DtoD bytes with their migration cause, CPU and GPU page
/// faults with access type, thrashing, throttling and remote map, with timestamps and addresses.
///
/// CUPTI is configured once per process after the driver is initialised; since CUDA 13 activity
/// buffers are requested per thread, so the buffer callbacks are thread-safe. finish() flushes
/// before reading and reports dropped records. Where unified-memory tracing is unsupported
/// (virtualised GPU, WSL, MPS, multi-GPU without P2P) available() is false and the reason says
/// why; the labs then report timings alone.

#include <cstdint>
#include <memory>
#include <string>

#include "labs/um_common/um_trace.h"

namespace warpscope::cuda {

class UmCapture {
 public:
  /// Starts recording unified-memory counters for every device. Never throws for an
  /// unsupported platform: check available().
  UmCapture();
  ~UmCapture();
  UmCapture(const UmCapture&) = delete;
  UmCapture& operator=(const UmCapture&) = delete;

  [[nodiscard]] bool available() const;
  [[nodiscard]] const std::string& unavailableReason() const;

  /// Waits until every record so far has been read out of the UVM driver's event queue (a probe
  /// migration to the CPU and back must come back as records: the queue is in order). The queue
  /// holds about 8,191 records and stops delivering once it overflows (docs/results.md,
  /// um-multi-gpu), so a capture whose work makes more records runs it in steps and drains
  /// between them. Returns false (and finish() then warns) when a probe did not come back.
  bool drain();

  /// Microseconds since this capture started, on the trace's clock (cuptiGetTimestamp): marks
  /// such as iteration boundaries line up with the events' startUs. 0 when !available().
  /// (Added by the CUDA side of um-streaming/um-policies.)
  [[nodiscard]] double elapsedUs() const;

  /// Stops recording, flushes CUPTI's buffers and returns the events that fall inside
  /// [base, base + bytes), with times in microseconds from this capture's start and addresses as
  /// offsets from base. The GPU current at the start is Processor::Gpu0, any other Gpu1 (the labs
  /// start a capture with GPU 0 current; CUPTI's ids are the CUDA ordinals: docs/results.md,
  /// um-multi-gpu). When !available() the trace has captured = false and the reason.
  labs::um::UmTrace finish(const void* base, std::uint64_t bytes);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace warpscope::cuda
