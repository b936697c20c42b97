// um-system-memory's kernels (see um_system_memory_kernels.h for the contract).
#include "cuda/kernels/global_timer.cuh"
#include "labs/um_common/um_chunk_sum.cuh"
#include "labs/um_system_memory/um_system_memory_kernels.h"
#include "labs/um_system_memory/um_system_memory_layout.h"

namespace warpscope::labs {
namespace {

using cuda::globalTimerNs;

template <bool SystemScope>
__global__ void sysAtomics(SysAtomicArgs a) {
  const std::uint64_t t = static_cast<std::uint64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const std::uint64_t threads = static_cast<std::uint64_t>(gridDim.x) * blockDim.x;
  const std::uint64_t mine = a.totalOps / threads + (t < a.totalOps % threads ? 1 : 0);
  const unsigned long long start = globalTimerNs();
  std::uint64_t i = 0;
  for (; i < mine; ++i) {
    if ((i & 63u) == 0 && i > 0 && globalTimerNs() - start > a.budgetNs) break;
    unsigned long long* c = a.counters + counterOf(t, i, a.counterCount) * a.strideWords;
    if (SystemScope) {
      atomicAdd_system(c, 1ull);
    } else {
      atomicAdd(c, 1ull);
    }
  }
  a.done[t] = static_cast<unsigned>(i);
}

__global__ void sysTouch(std::uint32_t* data, std::size_t words, unsigned long long* partials) {
  sumWarpChunks<kSysTouchThreadsPerBlock>(
      data, words, kSystemTouchWarpBytes / 4, true, [](std::uint32_t w) { return touchedWord(w); }, partials);
}

}  // namespace

cudaError_t launchSysAtomics(const SysAtomicArgs& args, unsigned blocks, bool systemScope, cudaStream_t stream) {
  if (systemScope) {
    sysAtomics<true><<<blocks, kSysAtomicThreadsPerBlock, 0, stream>>>(args);
  } else {
    sysAtomics<false><<<blocks, kSysAtomicThreadsPerBlock, 0, stream>>>(args);
  }
  return cudaGetLastError();
}

unsigned sysTouchBlocks(std::size_t words) {
  const std::size_t chunkWords = kSystemTouchWarpBytes / 4;
  const std::size_t warps = (words + chunkWords - 1) / chunkWords;
  const std::size_t warpsPerBlock = kSysTouchThreadsPerBlock / 32;
  return static_cast<unsigned>((warps + warpsPerBlock - 1) / warpsPerBlock);
}

cudaError_t launchSysTouch(std::uint32_t* data, std::size_t words, unsigned long long* partials, cudaStream_t stream) {
  sysTouch<<<sysTouchBlocks(words), kSysTouchThreadsPerBlock, 0, stream>>>(data, words, partials);
  return cudaGetLastError();
}

}  // namespace warpscope::labs
