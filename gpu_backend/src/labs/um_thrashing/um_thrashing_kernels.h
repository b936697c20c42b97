#pragma once
/// \file um_thrashing_kernels.h
/// um-thrashing's persistent kernel and its launch wrapper. Included by the kernel (.cu, C++17) and
/// the host code; no public headers.
///
/// Block b owns pages b, b + gridDim.x, ... and sweeps them over and over: every GPU-owned word
/// (um_thrashing_layout.h) of its pages is read, incremented and written back by the one thread
/// that owns it, so after `sweeps` full sweeps every such word holds exactly `sweeps`. After each
/// full sweep thread 0 decides whether to go on: not once the block's %globaltimer budget is spent
/// or the host has set the stop flag (mapped pinned memory, the watchdog). Each block writes the
/// sweeps it completed to blockSweeps[blockIdx.x], which is what the host checks the words against.
///
/// The increment is a plain read-modify-write by the word's single owner, not an atomic: under a
/// mitigation the page may be mapped remotely in host memory over PCIe, where device atomics are
/// not guaranteed (hostNativeAtomicSupported is 0 on x86 hosts).

#include <cuda_runtime_api.h>

#include <cstdint>

namespace warpscope::labs {

struct ThrashKernelArgs {
  unsigned* buffer = nullptr;             ///< Managed: pages x kThrashWordsPerPage words.
  std::uint64_t pages = 0;
  std::uint64_t sharedPages = 0;
  unsigned objectsPerPage = 1;
  unsigned long long budgetNs = 0;        ///< Per block, from its first %globaltimer read.
  const volatile int* stopFlag = nullptr; ///< Device pointer of mapped pinned host memory.
  unsigned* blockSweeps = nullptr;        ///< Device memory, one per block.
};

/// Launches blocks x threadsPerBlock threads on `stream`. Returns cudaGetLastError().
cudaError_t launchThrashKernel(const ThrashKernelArgs& args, unsigned blocks, unsigned threadsPerBlock,
                               cudaStream_t stream);

}  // namespace warpscope::labs
