#pragma once
/// \file um_oversubscription_prefetch.h
/// Room "um-oversubscription": prefetching past GPU memory (seed 000, Sakharnykh, slide 62
/// 'Prefetching and evictions'). The GPU's memory is full of data only it holds; a kernel needs
/// as much new data from the CPU, so every 2 MiB chunk that comes in first evicts one. On demand
/// each fault batch evicts and then copies; cudaMemPrefetchAsync (CUDA 9.1+) evicts the next
/// chunk while the previous one copies in, on the link's other direction. The same without
/// eviction (room for both) is the reference.

#include <cstdint>
#include <string>
#include <vector>

#include "labs/um_common/um_trace.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::sim {
struct DeviceProfile;
}

namespace warpscope::labs {

enum class PrefetchEvictionMode : int {
  OnDemandThread4B,
  OnDemandWarp64K,
  PrefetchOverlapped,  ///< cudaMemPrefetchAsync, evictions overlapped (CUDA 9.1+).
  PrefetchSerial,      ///< cudaMemPrefetchAsync, each eviction before its copy (before CUDA 9.1).
};
const std::vector<PrefetchEvictionMode>& prefetchEvictionModes();
/// "on-demand thread/4B", "on-demand warp/64KB", "prefetch, overlapped", "prefetch, evict then copy".
std::string prefetchEvictionModeName(PrefetchEvictionMode mode);

struct PrefetchEvictionScenario {
  PrefetchEvictionMode mode = PrefetchEvictionMode::PrefetchOverlapped;
  bool withEviction = true;
  std::uint64_t bytes = 16ull << 20;  ///< New data, and the (modelled) GPU memory it must fit in.
};

/// Phase "transfer": the kernel's time (on demand) or the prefetch's, bytes = the new data.
um::UmScenarioResult simulatePrefetchEvictionScenario(const sim::DeviceProfile& profile,
                                                      const PrefetchEvictionScenario& scenario);

/// The bars (GB/s per mode, without and with eviction) and their scalars
/// "oversubscription.prefetch_eviction.<mode>.gbps_without|gbps_with".
struct PrefetchEvictionFigures {
  View bars;
  std::vector<Scalar> scalars;
};
PrefetchEvictionFigures prefetchEvictionFigures(const LabSpec& lab, const sim::DeviceProfile& profile);

}  // namespace warpscope::labs
