#pragma once
/// \file um_multi_gpu_scenario.h
/// Lab "um-multi-gpu": one managed buffer used by two GPUs.

#include <cstdint>

namespace warpscope::labs {

enum class MultiGpuMode : int {
  FirstTouch,     ///< CPU initialises; each GPU's kernel reads its half: the data splits by first touch.
  ReadDuplicate,  ///< ReadMostly; both GPUs read all of it: read-only copies on each.
  RemoteMapped,   ///< Data on GPU 0, SetAccessedBy GPU 1: GPU 1 reads it over the peer link.
  Migrate,        ///< Data on GPU 0, no advice: GPU 1's reads migrate it (compare with RemoteMapped).
  PeerCopy,       ///< cudaMemcpyPeer GPU 0 -> GPU 1 of a cudaMalloc buffer: the peer link's bandwidth.
};

struct MultiGpuScenario {
  MultiGpuMode mode = MultiGpuMode::FirstTouch;
  std::uint64_t bufferBytes = 256ull << 20;
  int passes = 2;  ///< Kernel passes over the data (the second shows what stayed where).
};

}  // namespace warpscope::labs
