#include "mechanisms/shared_memory.h"

namespace warpscope::labs {

SharedMemoryParams sharedMemoryParams(const sim::DeviceProfile& profile) {
  SharedMemoryParams shared;
  shared.bytesPerClockPerSm = profile.param("shared_memory", "bytes_per_clock_per_sm", 1, 4096);
  shared.latencyCycles = profile.param("shared_memory", "latency_cycles", 1, 1000);
  shared.loadsInFlightPerWarp = profile.param("shared_memory", "loads_in_flight_per_warp", 0.1, 64);
  return shared;
}

}  // namespace warpscope::labs
