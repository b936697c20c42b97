#pragma once
// Prints a um-* scenario result (phases with GB/s, counters, notes) so device runs leave the
// figures docs/results.md quotes. Used by the um-* device tests only.
#include <cstdio>
#include <string>

#include "labs/um_common/um_trace.h"

namespace warpscope::labs::um {

inline void printScenario(const std::string& title, const UmScenarioResult& r) {
  std::printf("[um] %s (%s)\n", title.c_str(), r.name.c_str());
  for (const UmPhaseTiming& p : r.phases)
    std::printf("[um]   phase %-12s median %9.3f ms [%9.3f .. %9.3f]  %10.1f MiB  %8.2f GB/s\n", p.name.c_str(), p.medianMs,
                p.minMs, p.maxMs, static_cast<double>(p.bytes) / (1 << 20), p.gbps());
  const UmCounters& c = r.counters;
  std::printf("[um]   counters: HtoD %.1f MiB, DtoH %.1f MiB, DtoD %.1f MiB, GPU faults %llu (%llu groups, %llu pages "
              "faulted in), CPU faults %llu, thrashing %llu, throttling %llu, remote map %llu; trace %s (%zu events%s%s)\n",
              static_cast<double>(c.bytesHtoD) / (1 << 20), static_cast<double>(c.bytesDtoH) / (1 << 20),
              static_cast<double>(c.bytesDtoD) / (1 << 20), static_cast<unsigned long long>(c.gpuFaults),
              static_cast<unsigned long long>(c.gpuFaultGroups), static_cast<unsigned long long>(c.gpuFaultedPages),
              static_cast<unsigned long long>(c.cpuFaults), static_cast<unsigned long long>(c.thrashingEvents),
              static_cast<unsigned long long>(c.throttlingEvents),
              static_cast<unsigned long long>(c.remoteMapEvents), r.trace.captured ? "captured" : "not captured",
              r.trace.events.size(), r.trace.captured ? "" : ": ", r.trace.captured ? "" : r.trace.unavailableReason.c_str());
  for (const std::string& n : r.notes) std::printf("[um]   note: %s\n", n.c_str());
  std::fflush(stdout);
}

/// Bytes moved into `to` (HtoD or DtoD records whose destination is `to`) and faults by `to`.
struct Inflow {
  std::uint64_t htod = 0;
  std::uint64_t dtod = 0;
  std::uint64_t gpuFaults = 0;
  std::uint64_t remoteMaps = 0;
};
inline Inflow inflowTo(const UmTrace& trace, Processor to) {
  Inflow f;
  for (const UmEvent& e : trace.events) {
    if (e.destination != to) continue;
    if (e.kind == UmEventKind::BytesHtoD) f.htod += e.bytes;
    if (e.kind == UmEventKind::BytesDtoD) f.dtod += e.bytes;
    if (e.kind == UmEventKind::GpuPageFault) f.gpuFaults += e.count;
    if (e.kind == UmEventKind::RemoteMap) f.remoteMaps += 1;
  }
  return f;
}

}  // namespace warpscope::labs::um
