#pragma once
/// \file global_timer.cuh
/// The GPU's nanosecond clock (%globaltimer) for kernels that bound their own run time or stamp
/// when a block ran. It ticks in 32 ns steps on Hopper (DEVICE.md): for spans of microseconds,
/// not for one warp's instructions (clock64() counts those).

namespace warpscope::cuda {

__device__ __forceinline__ unsigned long long globalTimerNs() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

}  // namespace warpscope::cuda
