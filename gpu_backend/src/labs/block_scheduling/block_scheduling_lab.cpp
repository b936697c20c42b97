#include "labs/block_scheduling/block_scheduling_lab.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/param_builders.h"
#include "labs/block_scheduling/block_scheduling_cuda.h"
#include "labs/block_scheduling/block_scheduling_model.h"
#include "labs/block_scheduling/block_scheduling_presets.h"

namespace warpscope::labs {

namespace {

/// Hopper's largest shared memory per block; each device's own limit is checked in schedulingOccupancy.
constexpr int kMaxSharedBytesPerBlock = 227 * 1024;
/// The most blocks a traced grid may have: 384 KiB of records, nearly 4 waves of the smallest
/// blocks on a 132-SM GPU (4224 per wave).
constexpr int kMaxBlocks = 16384;

LabSpec buildSpec() {
  LabSpec lab;
  lab.id = kBlockSchedulingId;
  lab.title = "Blocks onto SMs: waves and the tail";
  lab.summary =
      "A grid of B blocks of T threads placed on the GPU's N SMs. Blocks go to SMs whole; an SM "
      "holds as many as its scarcest resource allows (residency), so the first N x residency blocks "
      "start at once and the others wait for a slot to free up. Each block records its SM and "
      "when it started and ended; the timeline draws them per SM, the kernel's time against the "
      "grid size shows the waves, and a last partial wave leaves SMs idle.";
  lab.params = {
      namedChoiceParam(
          "grid", "Grid size", {"one-block", "one-per-sm", "one-wave", "wave-and-a-quarter", "custom"}, 3,
          "How many blocks: 1; N (one per SM); N x residency (one full wave); a wave and a quarter "
          "(the remaining blocks wait); or the Blocks slider.",
          ParamRole::Sweep,
          {"1 block", "N blocks (one per SM)", "N x residency (one wave)", "N x residency x 1.25", "Blocks slider"}),
      intParam("blocks", "Blocks (custom grid)", "blocks", 1, kMaxBlocks, 1, 200,
               "B, used when Grid size is 'Blocks slider'."),
      intParam("threads_per_block", "Threads per block", "threads", 32, 1024, 32, 256,
               "T: threads in each block. Blocks are placed whole: an SM takes one only when all its threads fit."),
      intParam("shared_bytes_per_block", "Shared memory per block", "bytes", 0, kMaxSharedBytesPerBlock, 1024, 0,
               "Dynamic shared memory each block asks for: the way to make shared memory the scarcest resource "
               "and lower residency (the runtime adds its per-block reserve)."),
      intParam("block_work_us", "Work per block", "us", 1, 200, 1, 20,
               "How long each block holds its SM slot (it waits on the GPU's %globaltimer, so blocks sharing an "
               "SM do not slow each other and what you see is the scheduler)."),
      intParam("work_spread_percent", "Work spread", "%", 0, 90, 5, 0,
               "Each block's work varies by up to +- this, by block id: uneven blocks free their slots at "
               "different times and the waiting blocks fill them as they free."),
      intParam("sms_drawn", "SMs drawn", "SMs", 1, 32, 1, 8,
               "Rows of the timeline: the lowest-numbered SMs that ran a block. Every SM is counted in the figures."),
  };
  lab.views = {
      {"blocks-on-sms", "Blocks on SMs over time", ViewKind::Timeline},
      {"resident-over-time", "Blocks resident on the GPU over time", ViewKind::Xy, ViewSource::Run, {"Capacity"}},
      {"time-vs-blocks", "Kernel time vs blocks in the grid", ViewKind::Xy, ViewSource::Run, {"Waves x work"}}};
  lab.presets = blockSchedulingPresets();
  lab.docPage = "labs/block-scheduling.md";
  lab.keyFigures = {"sched.residency", "sched.waves", "sched.waited_blocks", "sched.kernel_us"};
  return lab;
}

GridCase gridCaseFrom(const ParamSet& params) {
  return static_cast<GridCase>(std::clamp(params.getInt("grid"), 0, static_cast<int>(GridCase::Custom)));
}

int blocksFor(GridCase gridCase, int customBlocks, int waveCapacity, int smCount) {
  switch (gridCase) {
    case GridCase::OneBlock:
      return 1;
    case GridCase::OnePerSm:
      return smCount;
    case GridCase::OneWave:
      return waveCapacity;
    case GridCase::WaveAndAQuarter:
      return waveCapacity + std::max(1, waveCapacity / 4);
    case GridCase::Custom:
      break;
  }
  return customBlocks;
}

/// 1 block up to 3 waves in 48 steps, with the two sides of the first wave's edge and B.
std::vector<int> sweepBlocksFor(int waveCapacity, int blocks) {
  std::vector<int> sweep;
  const int last = std::max(3 * waveCapacity, blocks);
  for (int k = 0; k <= 48; ++k) sweep.push_back(std::max(1, static_cast<int>(std::lround(last * (k / 48.0)))));
  sweep.push_back(waveCapacity);
  sweep.push_back(waveCapacity + 1);
  sweep.push_back(blocks);
  std::sort(sweep.begin(), sweep.end());
  sweep.erase(std::unique(sweep.begin(), sweep.end()), sweep.end());
  return sweep;
}

/// Throws BadInputError for a block beyond the device's per-block limits, naming the parameter.
void checkBlockFitsDevice(const DeviceInfo& device, const ParamSet& params) {
  const int threads = params.getInt("threads_per_block");
  const int shared = params.getInt("shared_bytes_per_block");
  if (threads > device.maxThreadsPerBlock)
    throw BadInputError("threads_per_block = " + std::to_string(threads) + " exceeds the " +
                        std::to_string(device.maxThreadsPerBlock) + " threads a block of " + device.name + " may have");
  if (shared > device.sharedMemPerBlockMaxBytes)
    throw BadInputError("shared_bytes_per_block = " + std::to_string(shared) + " exceeds the " +
                        std::to_string(device.sharedMemPerBlockMaxBytes) + " bytes of shared memory a block of " +
                        device.name + " may have");
}

}  // namespace

const LabSpec& blockSchedulingSpec() {
  static const LabSpec spec = buildSpec();
  return spec;
}

LabDefinition blockSchedulingLab() {
  return {blockSchedulingSpec(),
          &simulateBlockScheduling,
          WARPSCOPE_GPU_MEASUREMENT(measureBlockScheduling),
          {"block_scheduler"}};
}

OccupancyResult schedulingOccupancy(const DeviceInfo& device, const sim::OccupancyRules& rules,
                                    const ParamSet& params) {
  checkBlockFitsDevice(device, params);
  OccupancyRequest request;
  request.threadsPerBlock = params.getInt("threads_per_block");
  request.registersPerThread = kSchedulingKernelRegisters;
  request.sharedBytesPerBlock = params.getInt("shared_bytes_per_block");
  request.carveoutPercent = -1;  // the kernel asks for the largest carveout (block_scheduling_cuda.cpp)
  OccupancyResult occupancy = calculateOccupancy(device, rules, request);
  if (!occupancy.infeasible.empty())
    throw BadInputError("Not one block fits on an SM of " + device.name + ": " + occupancy.infeasible);
  return occupancy;
}

GridPlan gridPlan(const DeviceInfo& device, const ParamSet& params, int residency) {
  GridPlan plan;
  plan.threadsPerBlock = params.getInt("threads_per_block");
  plan.sharedBytesPerBlock = params.getInt("shared_bytes_per_block");
  if (residency < 1) throw BadInputError("Not one block of these fits on an SM of " + device.name);
  plan.residency = residency;
  plan.smCount = device.smCount;
  plan.blockWorkUs = params.getInt("block_work_us");
  plan.spreadPercent = params.getInt("work_spread_percent");
  plan.smsDrawn = params.getInt("sms_drawn");
  plan.blocks =
      std::min(kMaxBlocks, blocksFor(gridCaseFrom(params), params.getInt("blocks"), plan.waveCapacity(), plan.smCount));
  plan.sweepBlocks = sweepBlocksFor(plan.waveCapacity(), plan.blocks);
  return plan;
}

}  // namespace warpscope::labs
