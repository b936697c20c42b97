#include "labs/um_common/um_trace.h"

#include <algorithm>

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
  switch (state) {
    case PageState::Unpopulated: return "unpopulated";
    case PageState::Cpu: return "cpu";
    case PageState::Gpu0: return "gpu0";
    case PageState::Gpu1: return "gpu1";
    case PageState::Duplicated: return "duplicated";
    case PageState::RemoteMapped: return "remote-mapped";
    case PageState::Pinned: return "pinned";
    case PageState::Evicting: return "evicting";
  }
  return "?";
}

const char* pageStateLabel(PageState state) {
  switch (state) {
    case PageState::Unpopulated: return "Not yet touched";
    case PageState::Cpu: return "On the CPU";
    case PageState::Gpu0: return "On GPU 0";
    case PageState::Gpu1: return "On GPU 1";
    case PageState::Duplicated: return "Read-only copies (duplicated)";
    case PageState::RemoteMapped: return "Mapped remotely";
    case PageState::Pinned: return "Pinned (anti-thrashing)";
    case PageState::Evicting: return "Being evicted";
  }
  return "?";
}

UmCounters countersFromEvents(const std::vector<UmEvent>& events) {
  UmCounters c;
  for (const UmEvent& e : events) {
    switch (e.kind) {
      case UmEventKind::BytesHtoD:
        c.bytesHtoD += e.bytes;
        if (e.cause == UmCause::Coherence) c.gpuFaultedPages += (e.bytes + kPageBytes - 1) / kPageBytes;
        break;
      case UmEventKind::BytesDtoH:
        c.bytesDtoH += e.bytes;
        if (e.cause == UmCause::Eviction) c.evictedBytes += e.bytes;
        break;
      case UmEventKind::BytesDtoD:
        c.bytesDtoD += e.bytes;
        if (e.cause == UmCause::Coherence) c.gpuFaultedPages += (e.bytes + kPageBytes - 1) / kPageBytes;
        break;
      case UmEventKind::CpuPageFault: c.cpuFaults += e.count; break;
      case UmEventKind::GpuPageFault:
        c.gpuFaults += e.count;
        c.gpuFaultGroups += 1;
        break;
      case UmEventKind::Thrashing: c.thrashingEvents += 1; break;
      case UmEventKind::Throttling: c.throttlingEvents += 1; break;
      case UmEventKind::RemoteMap: c.remoteMapEvents += 1; break;
    }
  }
  return c;
}

const UmPhaseTiming* UmScenarioResult::findPhase(const std::string& phaseName) const {
  for (const UmPhaseTiming& phase : phases) {
    if (phase.name == phaseName) return &phase;
  }
  return nullptr;
}

namespace {

/// Changes in time order with neighbours merged (contiguous pages, same state, within kMergeUs).
std::vector<ResidencyChange> mergedInTimeOrder(std::vector<ResidencyChange> changes) {
  constexpr double kMergeUs = 1.0;
  std::stable_sort(changes.begin(), changes.end(),
                   [](const ResidencyChange& a, const ResidencyChange& b) { return a.timeUs < b.timeUs; });
  std::vector<ResidencyChange> merged;
  for (const ResidencyChange& c : changes) {
    if (!merged.empty()) {
      ResidencyChange& m = merged.back();
      if (m.state == c.state && c.timeUs - m.timeUs <= kMergeUs && c.firstPage == m.firstPage + m.pageCount) {
        m.pageCount += c.pageCount;
        continue;
      }
    }
    merged.push_back(c);
  }
  return merged;
}

bool heldByAGpu(PageState s) { return s == PageState::Gpu0 || s == PageState::Gpu1 || s == PageState::Duplicated; }

/// Where a ReadMostly page is after one event (see readMostlyResidencyFromEvents).
PageState readMostlyNext(PageState now, const UmEvent& e) {
  switch (e.kind) {
    case UmEventKind::BytesHtoD:
    case UmEventKind::BytesDtoD: {
      const PageState arriving = e.destination == Processor::Gpu1 ? PageState::Gpu1 : PageState::Gpu0;
      const bool elsewhere = now == PageState::Cpu || now == PageState::Duplicated ||
                             (heldByAGpu(now) && now != arriving);
      return elsewhere ? PageState::Duplicated : arriving;
    }
    case UmEventKind::BytesDtoH: return heldByAGpu(now) ? PageState::Duplicated : PageState::Cpu;
    case UmEventKind::CpuPageFault: return PageState::Cpu;  // first touch, or a write collapsing the copies
    case UmEventKind::RemoteMap: return PageState::RemoteMapped;
    default: return now;
  }
}

}  // namespace

/// Where pages went, from the migrations and remote maps: each event's range expanded to whole
/// 4 KiB pages at its end time; neighbouring changes (contiguous pages, same state, within
/// kMergeUs) merged into one run, so a 2 MiB prefetch sent as many records reads as one change.
std::vector<ResidencyChange> residencyFromEvents(const std::vector<UmEvent>& events, std::uint64_t bytes) {
  const auto pages = static_cast<std::uint32_t>((bytes + kPageBytes - 1) / kPageBytes);
  std::vector<ResidencyChange> changes;
  for (const UmEvent& e : events) {
    PageState state;
    switch (e.kind) {
      case UmEventKind::BytesHtoD:
      case UmEventKind::BytesDtoD: state = e.destination == Processor::Gpu1 ? PageState::Gpu1 : PageState::Gpu0; break;
      case UmEventKind::BytesDtoH: state = PageState::Cpu; break;
      case UmEventKind::RemoteMap: state = PageState::RemoteMapped; break;
      default: continue;
    }
    const auto first = static_cast<std::uint32_t>(e.address / kPageBytes);
    const auto end = std::min(pages, static_cast<std::uint32_t>((e.address + e.bytes + kPageBytes - 1) /
                                                                 kPageBytes));
    if (end <= first) continue;
    changes.push_back({e.endUs, first, end - first, state});
  }
  return mergedInTimeOrder(std::move(changes));
}

std::vector<ResidencyChange> readMostlyResidencyFromEvents(const std::vector<UmEvent>& events, std::uint64_t bytes,
                                                           PageState initial) {
  const auto pages = static_cast<std::uint32_t>((bytes + kPageBytes - 1) / kPageBytes);
  std::vector<const UmEvent*> ordered;
  for (const UmEvent& e : events) ordered.push_back(&e);
  // A migration lands at its end, a fault happens at its start.
  const auto when = [](const UmEvent* e) { return e->kind == UmEventKind::CpuPageFault ? e->startUs : e->endUs; };
  std::stable_sort(ordered.begin(), ordered.end(), [&](const UmEvent* a, const UmEvent* b) { return when(a) < when(b); });
  std::vector<PageState> current(pages, initial);
  std::vector<ResidencyChange> changes;
  for (const UmEvent* e : ordered) {
    const auto first = static_cast<std::uint32_t>(e->address / kPageBytes);
    const auto end = e->kind == UmEventKind::CpuPageFault  // the one page holding the faulting address
                         ? std::min(pages, first + 1)
                         : std::min(pages, static_cast<std::uint32_t>((e->address + e->bytes + kPageBytes - 1) / kPageBytes));
    for (std::uint32_t p = first; p < end; ++p) {
      const PageState next = readMostlyNext(current[p], *e);
      if (next == current[p]) continue;
      current[p] = next;
      if (!changes.empty()) {
        ResidencyChange& last = changes.back();
        if (last.timeUs == when(e) && last.state == next && last.firstPage + last.pageCount == p) {
          ++last.pageCount;
          continue;
        }
      }
      changes.push_back({when(e), p, 1, next});
    }
  }
  return mergedInTimeOrder(std::move(changes));
}

}  // namespace warpscope::labs::um
