#pragma once
/// \file um_system_memory_cuda_parts.h
/// What this room's two CUDA measurements share, for its three CUDA files:
/// um_system_memory_atomics_cuda.cpp (CPU and GPU atomics on shared counters),
/// um_system_memory_touch_cuda.cpp (a kernel summing memory the CPU allocated and wrote, each way)
/// and um_system_memory_cuda.cpp (which checks a scenario and picks one). Host-only.

#include <cuda_runtime_api.h>

#include <string>

#include "cuda/cuda_check.h"
#include "labs/um_common/um_lab_run.h"
#include "labs/um_common/um_support.h"
#include "labs/um_system_memory/um_system_memory_lab.h"

namespace warpscope::cuda {
struct DeviceContext;
}

namespace warpscope::labs::system_memory_cuda {

inline constexpr const char* kLab = "um-system-memory";

using Clock = cuda::HostClock;
using cuda::msBetween;  // um_support.h

/// A non-blocking CUDA stream, destroyed with its owner.
class Stream {
 public:
  Stream() { WS_CUDA_CHECK(cudaStreamCreateWithFlags(&s_, cudaStreamNonBlocking)); }
  ~Stream() { (void)cudaStreamDestroy(s_); }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  [[nodiscard]] cudaStream_t get() const { return s_; }

 private:
  cudaStream_t s_ = nullptr;
};

/// A scenario the device cannot run: no phases, the reason as its note and its trace's.
um::UmScenarioResult notRun(const SystemScenario& s, const std::string& why);

/// The CPU and GPU atomics scenarios (SysKind's atomics kinds), on a device whose attributes allow
/// them; a CPU that may not take part while a kernel runs is said, not launched.
um::UmScenarioResult measureAtomics(cuda::DeviceContext& device, const SystemScenario& s, int timedReps,
                                    const SystemAttributes& attributes);

/// A kernel summing memory made each repetition as `s` says (managed, malloc, a global array, an
/// explicit copy, ...); `stackBuffer` is the caller's frame's buffer for SysKind::StackBuffer.
um::UmScenarioResult measureTouch(cuda::DeviceContext& device, const SystemScenario& s, int timedReps,
                                  std::uint32_t* stackBuffer);

/// measureTouch on a stack buffer that lives in this call's frame for the whole measurement.
um::UmScenarioResult measureOnStack(cuda::DeviceContext& device, const SystemScenario& s, int timedReps);

}  // namespace warpscope::labs::system_memory_cuda
