#pragma once
/// \file um_oversubscription_scenario.h
/// Lab "um-oversubscription" (the seed's fault-based migration throughput against working set):
/// a kernel streams a CPU-initialised working set from below to above device memory. Simulated
/// only: on a real GPU oversubscribing managed memory can hang the device for every user.

#include <cstdint>

namespace warpscope::labs {

struct OversubscriptionScenario {
  double workingSetBytes = 0;
  std::uint64_t warpChunkBytes = 128;  ///< 128: thread/4B; 65536: warp/64KB (as um-streaming).
  bool readMostly = false;
  int passes = 1;                      ///< Times the kernel streams the working set.
  bool traced = true;                  ///< Record where each page lives over time (the page map),
                                       ///< on a finer scale model; the sweep needs it for the one
                                       ///< point it shows, the others only need their GB/s.
};

}  // namespace warpscope::labs
