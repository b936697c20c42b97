#pragma once
/// \file um_policies_scenario.h
/// Lab "um-policies": data used in turn by the CPU and the GPU (the CPU writes it, a kernel
/// reads and updates it, the CPU reads it, repeated), under each cudaMemAdvise policy.

#include <cstdint>

#include "labs/um_common/um_policy.h"

namespace warpscope::labs {

/// One policy run. Each iteration: the CPU writes `cpuWriteFraction` of the buffer (the rest it
/// leaves), the kernel reads every element (and writes it when gpuWrites), the CPU reads
/// every element and checks the kernel's result.
struct PoliciesScenario {
  UmPolicy policy = UmPolicy::None;
  std::uint64_t bufferBytes = 64ull << 20;
  int iterations = 4;
  bool gpuWrites = false;
  double cpuWriteFraction = 1.0;
};

}  // namespace warpscope::labs
