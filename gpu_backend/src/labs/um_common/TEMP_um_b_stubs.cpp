// TEMPORARY (um-cuda-b): stands in for um_capture.cpp (um-cuda-a) and um_trace.cpp (um-sim) until
// they are merged. Deleted before the final commit.
#include "cuda/um_capture.h"
#include "labs/um_common/um_trace.h"

namespace warpscope::labs::um {
const char* processorName(Processor p) {
  return p == Processor::Cpu ? "CPU" : p == Processor::Gpu0 ? "GPU 0" : "GPU 1";
}
UmCounters countersFromEvents(const std::vector<UmEvent>& events) {
  UmCounters c;
  for (const UmEvent& e : events) {
    switch (e.kind) {
      case UmEventKind::BytesHtoD: c.bytesHtoD += e.bytes; break;
      case UmEventKind::BytesDtoH: c.bytesDtoH += e.bytes; break;
      case UmEventKind::BytesDtoD: c.bytesDtoD += e.bytes; break;
      case UmEventKind::CpuPageFault: c.cpuFaults += e.count; break;
      case UmEventKind::GpuPageFault: c.gpuFaults += e.count; c.gpuFaultGroups += 1; break;
      case UmEventKind::Thrashing: c.thrashingEvents += 1; break;
      case UmEventKind::Throttling: c.throttlingEvents += 1; break;
      case UmEventKind::RemoteMap: c.remoteMapEvents += 1; break;
    }
  }
  return c;
}
const UmPhaseTiming* UmScenarioResult::findPhase(const std::string& phaseName) const {
  for (const UmPhaseTiming& p : phases)
    if (p.name == phaseName) return &p;
  return nullptr;
}
}  // namespace warpscope::labs::um

namespace warpscope::cuda {
struct UmCapture::State {
  std::string reason = "stub capture (um-cuda-b, temporary)";
};
UmCapture::UmCapture() : state_(std::make_unique<State>()) {}
UmCapture::~UmCapture() = default;
bool UmCapture::available() const { return false; }
const std::string& UmCapture::unavailableReason() const { return state_->reason; }
labs::um::UmTrace UmCapture::finish(const void*, std::uint64_t bytes) {
  labs::um::UmTrace t;
  t.allocationBytes = bytes;
  t.unavailableReason = state_->reason;
  return t;
}
}  // namespace warpscope::cuda
