#include "labs/um_multi_gpu/um_multi_gpu_gpus.h"

#include <algorithm>

#include "cuda/cuda_check.h"
#include "cuda/run_errors.h"
#include "cuda/timing.h"
#include "labs/um_common/um_support.h"
#include "labs/um_multi_gpu/um_multi_gpu_kernels.h"
#include "warpscope/params.h"

namespace warpscope::labs::multigpu {

const char* modeText(MultiGpuMode mode) {
  switch (mode) {
    case MultiGpuMode::FirstTouch: return "first touch";
    case MultiGpuMode::ReadDuplicate: return "read duplicate";
    case MultiGpuMode::RemoteMapped: return "remote mapped";
    case MultiGpuMode::Migrate: return "migrate";
    case MultiGpuMode::PeerCopy: return "peer copy";
  }
  return "?";
}

GpuPair pickPair(int ordinal) {
  int count = 0;
  WS_CUDA_CHECK(cudaGetDeviceCount(&count));
  if (count < 2) throw BadInputError("um-multi-gpu needs two GPUs: this machine has " + std::to_string(count));
  GpuPair pair;
  pair.gpu0 = ordinal;
  pair.gpu1 = -1;
  for (int d = 0; d < count; ++d) {
    if (d == ordinal) continue;
    int can = 0;
    WS_CUDA_CHECK(cudaDeviceCanAccessPeer(&can, ordinal, d));
    if (pair.gpu1 < 0 || (can && !pair.peer01)) {
      pair.gpu1 = d;
      pair.peer01 = can != 0;
    }
  }
  int back = 0;
  WS_CUDA_CHECK(cudaDeviceCanAccessPeer(&back, pair.gpu1, pair.gpu0));
  pair.peer10 = back != 0;
  return pair;
}

PeerAccess::PeerAccess(int from, int to) : from_(from), to_(to) {
  WS_CUDA_CHECK(cudaSetDevice(from));
  const cudaError_t err = cudaDeviceEnablePeerAccess(to, 0);
  if (err == cudaErrorPeerAccessAlreadyEnabled) {
    (void)cudaGetLastError();
    return;  // someone else's: leave it on
  }
  WS_CUDA_CHECK(err);
  enabled_ = true;
}

PeerAccess::~PeerAccess() {
  if (!enabled_) return;
  int current = 0;
  (void)cudaGetDevice(&current);
  if (cudaSetDevice(from_) == cudaSuccess) (void)cudaDeviceDisablePeerAccess(to_);
  (void)cudaGetLastError();
  (void)cudaSetDevice(current);
}

TimedRead::TimedRead(int device) : device_(device) {
  WS_CUDA_CHECK(cudaSetDevice(device));
  int sms = 0;
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  blocks_ = static_cast<unsigned>(sms * kBlocksPerSm);
  sum_ = cuda::DeviceBuffer(sizeof(unsigned long long));
  WS_CUDA_CHECK(cudaEventCreate(&start_));
  WS_CUDA_CHECK(cudaEventCreate(&stop_));
}

TimedRead::~TimedRead() {
  (void)cudaEventDestroy(start_);
  (void)cudaEventDestroy(stop_);
}

void TimedRead::launch(const unsigned* data, std::uint64_t begin, std::uint64_t end) {
  WS_CUDA_CHECK(cudaSetDevice(device_));
  WS_CUDA_CHECK(cudaMemsetAsync(sum_.get(), 0, sum_.bytes(), nullptr));
  WS_CUDA_CHECK(cudaEventRecord(start_, nullptr));
  WS_CUDA_CHECK(launchSumWords(data, begin, end, sum_.as<unsigned long long>(), blocks_, kThreadsPerBlock, nullptr));
  WS_CUDA_CHECK(cudaEventRecord(stop_, nullptr));
}

double TimedRead::finish(unsigned long long expected, const std::string& what) {
  WS_CUDA_CHECK(cudaSetDevice(device_));
  WS_CUDA_CHECK(cudaEventSynchronize(stop_));
  float ms = 0;
  WS_CUDA_CHECK(cudaEventElapsedTime(&ms, start_, stop_));
  unsigned long long got = 0;
  WS_CUDA_CHECK(cudaMemcpy(&got, sum_.get(), sizeof(got), cudaMemcpyDeviceToHost));
  if (got != expected)
    throw cuda::CheckFailed(std::string(kLab) + ": " + what + " on cuda:" + std::to_string(device_) + " summed to " +
                            std::to_string(got) + ", the host's sum is " + std::to_string(expected));
  return ms;
}

unsigned long long hostSum(std::uint64_t begin, std::uint64_t end, std::uint64_t seed) {
  unsigned long long s = 0;
  for (std::uint64_t i = begin; i < end; ++i) s += multiGpuWordValue(i, seed);
  return s;
}

BlockSums::BlockSums(std::uint64_t words, std::uint64_t seed) {
  for (std::uint64_t b = 0; b < words; b += kSumBlockWords) sums_.push_back(hostSum(b, std::min(words, b + kSumBlockWords), seed));
}

unsigned long long BlockSums::of(std::uint64_t begin, std::uint64_t end) const {
  unsigned long long s = 0;
  for (std::uint64_t b = begin / kSumBlockWords; b < end / kSumBlockWords; ++b) s += sums_[b];
  return s;
}

void addGpuPhases(um::UmScenarioResult& result, const std::vector<RepTimes>& reps, bool firstGpu,
                  std::uint64_t bytesPerPass) {
  const auto& timesOf = [&](const RepTimes& r) -> const std::vector<double>& { return firstGpu ? r.gpu0 : r.gpu1; };
  const std::string name = firstGpu ? "gpu0" : "gpu1";
  const std::size_t passes = timesOf(reps.front()).size();
  if (passes == 0) return;
  std::vector<double> totals;
  for (const RepTimes& r : reps) {
    double total = 0;
    for (const double ms : timesOf(r)) total += ms;
    totals.push_back(total);
  }
  result.phases.push_back(cuda::phaseFrom(name, totals, bytesPerPass * passes));
  if (passes < 2) return;
  for (std::size_t p = 0; p < passes; ++p) {
    std::vector<double> ms;
    for (const RepTimes& r : reps) ms.push_back(timesOf(r)[p]);
    result.phases.push_back(cuda::phaseFrom(name + " pass " + std::to_string(p + 1), ms, bytesPerPass));
  }
}

}  // namespace warpscope::labs::multigpu
