#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "cuda/cuda_check.h"
#include "cuda/device_buffer.h"
#include "cuda/run_errors.h"
#include "labs/atomics/atomics_cuda.h"
#include "labs/atomics/atomics_kernels.h"
#include "labs/atomics/atomics_race.h"

namespace warpscope::labs {

namespace {

std::uint32_t sumOnce(bool atomic, cuda::DeviceBuffer& x, unsigned threads, cuda::DeviceBuffer& result) {
  WS_CUDA_CHECK(cudaMemset(result.get(), 0, sizeof(std::uint32_t)));
  WS_CUDA_CHECK(cuda::launchRaceSum(atomic, x.as<std::uint32_t>(), threads, result.as<std::uint32_t>()));
  std::uint32_t got = 0;
  WS_CUDA_CHECK(cudaMemcpy(&got, result.get(), sizeof got, cudaMemcpyDeviceToHost));
  return got;
}

}  // namespace

void measureRace(RacePoint& race, RunMonitor& monitor) {
  const unsigned threads = race.threads;
  race.expected = raceExpectedSum(threads);
  cuda::DeviceBuffer x(std::size_t{threads} * sizeof(std::uint32_t));
  cuda::DeviceBuffer result(sizeof(std::uint32_t));
  WS_CUDA_CHECK(cuda::launchFillRaceInput(x.as<std::uint32_t>(), threads));
  // atomicAdd first: the host's sum exactly (it also checks the input the racy launches read).
  const std::uint32_t atomic = sumOnce(true, x, threads, result);
  if (atomic != race.expected)
    throw cuda::CheckFailed("atomics race check failed: atomicAdd of " + std::to_string(threads) + " threads gave " +
                            std::to_string(atomic) + ", the host's sum is " + std::to_string(race.expected));
  race.atomicSum = atomic;
  // The racy kernel, as the slide writes it, several times: its sum can only lose updates (every
  // x is positive and the sum stays below 2^32), and the last store keeps at least its own x.
  std::vector<double> sums;
  for (int run = 0; run < kRaceRuns; ++run) {
    monitor.throwIfCancelled();
    const std::uint32_t racy = sumOnce(false, x, threads, result);
    if (racy == 0 || racy > race.expected)
      throw cuda::CheckFailed("atomics race check failed: result[0] += x[tid] of " + std::to_string(threads) +
                              " threads gave " + std::to_string(racy) + ", outside 1.." + std::to_string(race.expected));
    sums.push_back(racy);
  }
  std::sort(sums.begin(), sums.end());
  race.runs = kRaceRuns;
  race.racySum = sums[sums.size() / 2];
  race.racyMin = sums.front();
  race.racyMax = sums.back();
  race.distinctRacyValues = static_cast<int>(std::set<double>(sums.begin(), sums.end()).size());
}

}  // namespace warpscope::labs
