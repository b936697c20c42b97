// TEMPORARY, branch um-cuda-a: minimal versions of um_trace.h's functions so the CUDA side of the
// um-* rooms links and its device tests run before the real um_trace.cpp (another branch) lands.
// Delete this file, and its line in um_streaming/lab.cmake, when merging that one.
#include "labs/um_common/um_trace.h"

namespace warpscope::labs::um {

const char* processorName(Processor processor) {
  switch (processor) {
    case Processor::Cpu: return "CPU";
    case Processor::Gpu0: return "GPU 0";
    case Processor::Gpu1: return "GPU 1";
  }
  return "?";
}

const char* eventKindId(UmEventKind kind) {
  switch (kind) {
    case UmEventKind::BytesHtoD: return "htod";
    case UmEventKind::BytesDtoH: return "dtoh";
    case UmEventKind::BytesDtoD: return "dtod";
    case UmEventKind::CpuPageFault: return "cpu-fault";
    case UmEventKind::GpuPageFault: return "gpu-fault";
    case UmEventKind::Thrashing: return "thrashing";
    case UmEventKind::Throttling: return "throttling";
    case UmEventKind::RemoteMap: return "remote-map";
  }
  return "?";
}

const char* eventKindLabel(UmEventKind kind) {
  switch (kind) {
    case UmEventKind::BytesHtoD: return "Host to device";
    case UmEventKind::BytesDtoH: return "Device to host";
    case UmEventKind::BytesDtoD: return "Device to device";
    case UmEventKind::CpuPageFault: return "CPU page faults";
    case UmEventKind::GpuPageFault: return "GPU page faults (batch)";
    case UmEventKind::Thrashing: return "Thrashing";
    case UmEventKind::Throttling: return "Throttling";
    case UmEventKind::RemoteMap: return "Remote map";
  }
  return "?";
}

const char* causeName(UmCause cause) {
  switch (cause) {
    case UmCause::Unknown: return "unknown";
    case UmCause::User: return "user";
    case UmCause::Coherence: return "coherence";
    case UmCause::Prefetch: return "prefetch";
    case UmCause::Eviction: return "eviction";
    case UmCause::AccessCounters: return "access-counters";
    case UmCause::Thrashing: return "thrashing";
    case UmCause::Policy: return "policy";
    case UmCause::OutOfMemory: return "out-of-memory";
  }
  return "?";
}

const char* accessName(FaultAccess access) {
  switch (access) {
    case FaultAccess::Unknown: return "unknown";
    case FaultAccess::Read: return "read";
    case FaultAccess::Write: return "write";
    case FaultAccess::Atomic: return "atomic";
    case FaultAccess::Prefetch: return "prefetch";
  }
  return "?";
}

const char* pageStateId(PageState state) {
  static const char* const ids[kPageStateCount] = {"unpopulated", "cpu", "gpu0", "gpu1",
                                                   "duplicated", "remote-mapped", "pinned", "evicting"};
  const int i = static_cast<int>(state);
  return i >= 0 && i < kPageStateCount ? ids[i] : "?";
}

const char* pageStateLabel(PageState state) { return pageStateId(state); }

UmCounters countersFromEvents(const std::vector<UmEvent>& events) {
  UmCounters c;
  for (const UmEvent& e : events) {
    switch (e.kind) {
      case UmEventKind::BytesHtoD: c.bytesHtoD += e.bytes; break;
      case UmEventKind::BytesDtoH: c.bytesDtoH += e.bytes; break;
      case UmEventKind::BytesDtoD: c.bytesDtoD += e.bytes; break;
      case UmEventKind::CpuPageFault: c.cpuFaults += e.count; break;
      case UmEventKind::GpuPageFault: c.gpuFaults += e.count; ++c.gpuFaultGroups; break;
      case UmEventKind::Thrashing: ++c.thrashingEvents; break;
      case UmEventKind::Throttling: ++c.throttlingEvents; break;
      case UmEventKind::RemoteMap: ++c.remoteMapEvents; break;
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
