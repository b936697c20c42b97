#include "labs/um_common/um_capture_records.h"

namespace warpscope::cuda {
namespace {

using labs::um::FaultAccess;
using labs::um::Processor;
using labs::um::UmCause;
using labs::um::UmEvent;
using labs::um::UmEventKind;

/// The lab's GPU 0 is the device current when the capture started (CUPTI's single-device ids
/// are CUDA ordinals); any other id is the second GPU.
Processor processorOf(uint32_t deviceId, uint32_t gpu0Id) {
  return deviceId == gpu0Id ? Processor::Gpu0 : Processor::Gpu1;
}

UmCause migrationCause(uint32_t flags) {
  switch (flags) {
    case CUPTI_ACTIVITY_UNIFIED_MEMORY_MIGRATION_CAUSE_USER: return UmCause::User;
    case CUPTI_ACTIVITY_UNIFIED_MEMORY_MIGRATION_CAUSE_COHERENCE: return UmCause::Coherence;
    case CUPTI_ACTIVITY_UNIFIED_MEMORY_MIGRATION_CAUSE_PREFETCH: return UmCause::Prefetch;
    case CUPTI_ACTIVITY_UNIFIED_MEMORY_MIGRATION_CAUSE_EVICTION: return UmCause::Eviction;
    case CUPTI_ACTIVITY_UNIFIED_MEMORY_MIGRATION_CAUSE_ACCESS_COUNTERS: return UmCause::AccessCounters;
    default: return UmCause::Unknown;
  }
}

UmCause remoteMapCause(uint32_t flags) {
  switch (flags) {
    case CUPTI_ACTIVITY_UNIFIED_MEMORY_REMOTE_MAP_CAUSE_COHERENCE: return UmCause::Coherence;
    case CUPTI_ACTIVITY_UNIFIED_MEMORY_REMOTE_MAP_CAUSE_THRASHING: return UmCause::Thrashing;
    case CUPTI_ACTIVITY_UNIFIED_MEMORY_REMOTE_MAP_CAUSE_POLICY: return UmCause::Policy;
    case CUPTI_ACTIVITY_UNIFIED_MEMORY_REMOTE_MAP_CAUSE_OUT_OF_MEMORY: return UmCause::OutOfMemory;
    case CUPTI_ACTIVITY_UNIFIED_MEMORY_REMOTE_MAP_CAUSE_EVICTION: return UmCause::Eviction;
    default: return UmCause::Unknown;
  }
}

FaultAccess faultAccess(uint32_t flags) {
  switch (flags) {
    case CUPTI_ACTIVITY_UNIFIED_MEMORY_ACCESS_TYPE_READ: return FaultAccess::Read;
    case CUPTI_ACTIVITY_UNIFIED_MEMORY_ACCESS_TYPE_WRITE: return FaultAccess::Write;
    case CUPTI_ACTIVITY_UNIFIED_MEMORY_ACCESS_TYPE_ATOMIC: return FaultAccess::Atomic;
    case CUPTI_ACTIVITY_UNIFIED_MEMORY_ACCESS_TYPE_PREFETCH: return FaultAccess::Prefetch;
    default: return FaultAccess::Unknown;
  }
}

}  // namespace

/// One CUPTI record as the labs' event, or false when it falls outside [base, base + bytes).
bool toEvent(const CUpti_ActivityUnifiedMemoryCounter3& r, std::uint64_t base, std::uint64_t bytes,
             std::uint64_t t0Ns, uint32_t gpu0Id, UmEvent& e) {
  const auto gpuProcessor = [gpu0Id](uint32_t id) { return processorOf(id, gpu0Id); };
  const auto us = [&](std::uint64_t ns) { return ns > t0Ns ? static_cast<double>(ns - t0Ns) * 1e-3 : 0.0; };
  // Migrations, thrashing and remote maps cover a range of `value` bytes; faults one address.
  bool ranged = false;
  switch (r.counterKind) {
    case CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_BYTES_TRANSFER_HTOD:
      e.kind = UmEventKind::BytesHtoD;
      e.source = Processor::Cpu;
      e.destination = gpuProcessor(r.dstId);
      e.cause = migrationCause(r.flags);
      ranged = true;
      break;
    case CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_BYTES_TRANSFER_DTOH:
      e.kind = UmEventKind::BytesDtoH;
      e.source = gpuProcessor(r.srcId);
      e.destination = Processor::Cpu;
      e.cause = migrationCause(r.flags);
      ranged = true;
      break;
    case CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_BYTES_TRANSFER_DTOD:
      e.kind = UmEventKind::BytesDtoD;
      e.source = gpuProcessor(r.srcId);
      e.destination = gpuProcessor(r.dstId);
      e.cause = migrationCause(r.flags);
      ranged = true;
      break;
    case CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_CPU_PAGE_FAULT_COUNT:
      e.kind = UmEventKind::CpuPageFault;
      e.destination = Processor::Cpu;
      e.bytes = labs::um::kPageBytes;
      break;
    case CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_GPU_PAGE_FAULT:
      e.kind = UmEventKind::GpuPageFault;
      e.destination = gpuProcessor(r.srcId);
      e.access = faultAccess(r.flags);
      e.count = std::max<std::uint64_t>(1, r.value);
      e.bytes = labs::um::kPageBytes;
      break;
    case CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_THRASHING:
      e.kind = UmEventKind::Thrashing;
      ranged = true;
      break;
    case CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_THROTTLING:
      e.kind = UmEventKind::Throttling;
      // The throttled processor: the CPU when the flag says so (srcId is not a GPU then).
      e.destination = (r.flags & CUPTI_ACTIVITY_FLAG_THROTTLING_IN_CPU) ? Processor::Cpu : gpuProcessor(r.srcId);
      e.bytes = labs::um::kPageBytes;
      break;
    case CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_REMOTE_MAP:
      e.kind = UmEventKind::RemoteMap;
      e.source = gpuProcessor(r.srcId);
      e.destination = gpuProcessor(r.dstId);
      e.cause = remoteMapCause(r.flags);
      ranged = true;
      break;
    default:
      return false;
  }
  std::uint64_t first = r.address, last = r.address + (ranged ? r.value : 1);
  if (last <= base || first >= base + bytes) return false;
  first = std::max(first, base);
  last = std::min(last, base + bytes);
  e.address = first - base;
  if (ranged) e.bytes = last - first;
  e.startUs = us(r.start);
  const bool instantaneous = r.counterKind == CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_CPU_PAGE_FAULT_COUNT ||
                             r.counterKind == CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_THRASHING ||
                             r.counterKind == CUPTI_ACTIVITY_UNIFIED_MEMORY_COUNTER_KIND_REMOTE_MAP;
  e.endUs = instantaneous || r.end < r.start ? e.startUs : us(r.end);
  return true;
}

}  // namespace warpscope::cuda
