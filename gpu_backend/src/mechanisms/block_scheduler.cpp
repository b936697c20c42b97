#include "mechanisms/block_scheduler.h"

namespace warpscope::labs {

BlockScheduler blockScheduler(const sim::DeviceProfile& profile) {
  return {profile.param("block_scheduler", "block_overhead_ns", 0, 100000),
          profile.param("block_scheduler", "block_launch_rate_per_sm_per_us", 0, 100000),
          profile.param("block_scheduler", "kernel_launch_us", 0, 1000)};
}

}  // namespace warpscope::labs
