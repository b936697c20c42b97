#pragma once
/// \file um_multi_gpu_peer_copy.h
/// The peer-copy mode of um-multi-gpu on two real GPUs (CUDA side only): the copy's rate against
/// which remote access is read, each copy's sum checked.

#include <cstdint>

#include "labs/um_multi_gpu/um_multi_gpu_gpus.h"

namespace warpscope::labs::multigpu {

um::UmScenarioResult measurePeerCopy(const GpuPair& pair, const MultiGpuScenario& scenario, int timedReps,
                                     std::uint64_t seed);

}  // namespace warpscope::labs::multigpu
