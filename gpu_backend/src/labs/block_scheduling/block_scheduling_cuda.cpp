// The block-scheduling lab on a real GPU.
#include "labs/block_scheduling/block_scheduling_cuda.h"

#include <algorithm>
#include <sstream>
#include <vector>

#include "cuda/cuda_check.h"
#include "cuda/device_buffer.h"
#include "cuda/device_context.h"
#include "cuda/run_errors.h"
#include "cuda/timing.h"
#include "labs/block_scheduling/block_scheduling_kernels.h"
#include "labs/block_scheduling/block_scheduling_lab.h"

namespace warpscope::labs {

namespace {

/// %smid values stay below this (an H100's 132 SMs are numbered below 144).
constexpr std::uint32_t kMaxSmId = 1024;
/// %globaltimer ticks in 32 ns steps on Hopper: a block's span may read this much short of its work.
constexpr unsigned long long kTimerStepNs = 64;

/// Every block of the grid wrote its record (the buffer was poisoned with 0xFF), all its threads
/// ran, it ran on a real SM and it waited at least its work. Throws CheckFailed naming the block.
void checkRecords(const std::vector<BlockRecord>& records, const GridPlan& plan, int blocks) {
  for (int b = 0; b < blocks; ++b) {
    const BlockRecord& r = records[b];
    const unsigned long long work = plan.workNs(static_cast<unsigned>(b));
    std::string wrong;
    if (r.threads != static_cast<std::uint32_t>(plan.threadsPerBlock))
      wrong = std::to_string(r.threads) + " of its " + std::to_string(plan.threadsPerBlock) + " threads counted";
    else if (r.sm >= kMaxSmId)
      wrong = "SM id " + std::to_string(r.sm);
    else if (r.endNs < r.startNs || r.endNs - r.startNs + kTimerStepNs < work)
      wrong = "held its slot " + std::to_string(r.endNs - r.startNs) + " ns of its " + std::to_string(work) + " ns";
    if (!wrong.empty())
      throw cuda::CheckFailed("block-scheduling: block " + std::to_string(b) + " of " + std::to_string(blocks) + ": " +
                              wrong);
  }
}

std::vector<BlockRecord> readRecords(const cuda::DeviceBuffer& buffer, int blocks) {
  std::vector<BlockRecord> records(static_cast<std::size_t>(blocks));
  WS_CUDA_CHECK(cudaMemcpy(records.data(), buffer.get(), records.size() * sizeof(BlockRecord), cudaMemcpyDeviceToHost));
  return records;
}

}  // namespace

RunResult measureBlockScheduling(cuda::DeviceContext& context, const RunRequest& request, RunMonitor& monitor) {
  const DeviceInfo& device = context.info;
  const OccupancyResult calculated =
      schedulingOccupancy(device, architectureOccupancyRules(device.computeCapability), request.params);
  const int threads = request.params.getInt("threads_per_block");
  const int shared = request.params.getInt("shared_bytes_per_block");
  const void* kernel = schedulingKernel();
  WS_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, shared));
  WS_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, 100));
  int residency = 0;
  WS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&residency, kernel, threads, shared));
  const GridPlan plan = gridPlan(device, request.params, residency);
  cudaFuncAttributes attributes{};
  WS_CUDA_CHECK(cudaFuncGetAttributes(&attributes, kernel));

  const int mostBlocks = *std::max_element(plan.sweepBlocks.begin(), plan.sweepBlocks.end());
  cuda::DeviceBuffer records(static_cast<std::size_t>(mostBlocks) * sizeof(BlockRecord));
  const unsigned long long baseNs = static_cast<unsigned long long>(plan.blockWorkUs * 1000.0 + 0.5);
  auto launch = [&](int blocks) {
    WS_CUDA_CHECK(launchSchedulingKernel(static_cast<unsigned>(blocks), static_cast<unsigned>(threads),
                                         static_cast<std::size_t>(shared), records.as<BlockRecord>(), baseNs,
                                         static_cast<unsigned>(plan.spreadPercent)));
  };

  const cuda::TimingPolicy policy;
  const std::size_t steps = plan.sweepBlocks.size() + 1;
  std::vector<GridTime> times;
  for (std::size_t i = 0; i < plan.sweepBlocks.size(); ++i) {
    const int blocks = plan.sweepBlocks[i];
    monitor.step(i, steps, std::to_string(blocks) + " blocks");
    WS_CUDA_CHECK(cudaMemset(records.get(), 0xFF, static_cast<std::size_t>(blocks) * sizeof(BlockRecord)));
    const cuda::TimingStats t = cuda::timeLaunches([&] { launch(blocks); }, policy, &monitor.token());
    checkRecords(readRecords(records, blocks), plan, blocks);
    times.push_back({blocks, 1000.0 * t.medianMs, 1000.0 * t.minMs, 1000.0 * t.maxMs});
  }

  // The traced grid: one launch of its own after the sweep (the GPU warm), its records read.
  monitor.step(plan.sweepBlocks.size(), steps, "the traced grid of " + std::to_string(plan.blocks) + " blocks");
  WS_CUDA_CHECK(cudaMemset(records.get(), 0xFF, static_cast<std::size_t>(plan.blocks) * sizeof(BlockRecord)));
  launch(plan.blocks);
  WS_CUDA_CHECK(cudaDeviceSynchronize());
  const std::vector<BlockRecord> trace = readRecords(records, plan.blocks);
  checkRecords(trace, plan, plan.blocks);
  monitor.done();

  RunResult result = assembleBlockSchedulingResult(device, request.params, plan, calculated, trace, times);
  result.provenance = Provenance::Measured;
  std::ostringstream notes;
  notes << "Residency from cudaOccupancyMaxActiveBlocksPerMultiprocessor: " << residency << " blocks per SM (the "
        << "calculator says " << calculated.blocksPerSm << "; the kernel uses " << attributes.numRegs
        << " registers per thread).";
  result.notes.push_back(notes.str());
  std::ostringstream timing;
  timing << "Kernel times with CUDA events: " << policy.warmups << " warm-up launches, then the median of "
         << policy.reps << " (spread: fastest and slowest); they include the launch. The traced grid is one more "
         << "launch, untimed; its times are the GPU's %globaltimer (32 ns steps on Hopper).";
  result.notes.push_back(timing.str());
  result.notes.push_back("Checked: every block of every launch wrote its record over a 0xFF poison, counted all " +
                         std::to_string(threads) +
                         " of its threads (__syncthreads_count) and held its slot for its "
                         "work; the SM ids are the hardware's (%smid), which may skip numbers.");
  return result;
}

}  // namespace warpscope::labs
