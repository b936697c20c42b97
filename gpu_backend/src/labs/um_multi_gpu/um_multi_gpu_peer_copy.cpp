// um-multi-gpu's peer-copy mode: cudaMemcpyPeer between two cudaMalloc buffers, and each GPU's
// local read of its copy (no unified memory, so no trace).
#include "labs/um_multi_gpu/um_multi_gpu_peer_copy.h"

#include <algorithm>
#include <optional>
#include <sstream>

#include "cuda/cuda_check.h"
#include "cuda/device_buffer.h"
#include "cuda/timing.h"
#include "labs/um_common/um_support.h"
#include "labs/um_multi_gpu/um_multi_gpu_kernels.h"

namespace warpscope::labs::multigpu {

um::UmScenarioResult measurePeerCopy(const GpuPair& pair, const MultiGpuScenario& scenario, int timedReps,
                                     std::uint64_t seed) {
  const std::uint64_t bytes = scenario.bufferBytes;
  const std::uint64_t words = bytes / sizeof(unsigned);
  const unsigned long long expected = hostSum(0, words, seed);
  std::optional<PeerAccess> access01, access10;
  if (pair.peer01) access01.emplace(pair.gpu0, pair.gpu1);
  if (pair.peer10) access10.emplace(pair.gpu1, pair.gpu0);

  WS_CUDA_CHECK(cudaSetDevice(pair.gpu0));
  cuda::DeviceBuffer src(bytes);
  int sms = 0;
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, pair.gpu0));
  WS_CUDA_CHECK(launchFillWords(src.as<unsigned>(), words, seed, static_cast<unsigned>(sms * kBlocksPerSm), kThreadsPerBlock, nullptr));
  WS_CUDA_CHECK(cudaDeviceSynchronize());
  WS_CUDA_CHECK(cudaSetDevice(pair.gpu1));
  cuda::DeviceBuffer dst(bytes);
  WS_CUDA_CHECK(cudaMemset(dst.get(), 0xFF, bytes));  // poison: a copy that did not land fails the sum
  WS_CUDA_CHECK(cudaDeviceSynchronize());

  WS_CUDA_CHECK(cudaSetDevice(pair.gpu0));
  cuda::TimingPolicy policy;
  policy.warmups = 1;
  policy.reps = timedReps;
  policy.minReps = std::min(timedReps, policy.minReps);
  const cuda::TimingStats copy = cuda::timeLaunches(
      [&] {
        WS_CUDA_CHECK(cudaMemcpyPeerAsync(dst.get(), pair.gpu1, src.get(), pair.gpu0, bytes, nullptr));
      },
      policy, nullptr);

  TimedRead read0(pair.gpu0), read1(pair.gpu1);
  std::vector<RepTimes> reps;
  for (int r = 0; r < timedReps + 1; ++r) {
    RepTimes t;
    read0.launch(src.as<unsigned>(), 0, words);
    t.gpu0.push_back(read0.finish(expected, "the source's sum"));
    read1.launch(dst.as<unsigned>(), 0, words);
    t.gpu1.push_back(read1.finish(expected, "the copy's sum"));
    if (r > 0) reps.push_back(t);  // the first is the warm-up
  }

  um::UmScenarioResult result;
  result.name = modeText(MultiGpuMode::PeerCopy);
  um::UmPhaseTiming peer;
  peer.name = "peer-copy";
  peer.medianMs = copy.medianMs;
  peer.minMs = copy.minMs;
  peer.maxMs = copy.maxMs;
  peer.bytes = bytes;
  result.phases.push_back(peer);
  addGpuPhases(result, reps, true, bytes);
  addGpuPhases(result, reps, false, bytes);
  result.trace.allocationBytes = bytes;
  result.trace.captured = false;
  result.trace.unavailableReason = "peer copy moves cudaMalloc memory, which CUPTI's unified-memory counters do not see";
  std::ostringstream n;
  n << "cudaMemcpyPeerAsync of " << (bytes >> 20) << " MiB cuda:" << pair.gpu0 << " -> cuda:" << pair.gpu1 << ", "
    << (pair.peer01 && pair.peer10 ? "peer access enabled both ways" : "no peer access: the driver stages through the host")
    << "; " << copy.samplesMs.size() << " timed copies after 1 warm-up";
  result.notes.push_back(n.str());
  result.notes.push_back("checked: the copy's sum on cuda:" + std::to_string(pair.gpu1) +
                         " equals the source's (and the host's) after every repetition; gpu0/gpu1: local reads of source/copy");
  return result;
}

}  // namespace warpscope::labs::multigpu
