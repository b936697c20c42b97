#pragma once
// Lab "block-scheduling" (seed 003, GPU Execution of Kernels and More on GPU Occupancy; Volkov
// part IV's "only 1 block fits"): a grid of B blocks of T threads placed on the device's SMs.
// Residency is set by the resource that runs out first; the first N x residency blocks start at
// once, the others wait for a slot, and a last partial wave leaves SMs idle (the tail).
//
// The room's core, shared by both backends: the declaration, the grid the sliders describe, the
// trace's reading (which slot and wave each block took) and the assembly into views and scalars.
// The model (block_scheduling_model.h) and the GPU (block_scheduling_cuda.h) only produce one
// BlockRecord per block and the kernel's time for each grid size of the sweep.

#include <vector>

#include "core/lab_definition.h"
#include "labs/block_scheduling/block_scheduling_shape.h"
#include "mechanisms/occupancy_calculator.h"
#include "warpscope/device.h"
#include "warpscope/lab.h"
#include "warpscope/result.h"

namespace warpscope::labs {

inline constexpr const char* kBlockSchedulingId = "block-scheduling";

/// The declaration (built once).
const LabSpec& blockSchedulingSpec();
/// The lab's entry in the one list (lab_list.cpp).
LabDefinition blockSchedulingLab();

/// The grid sizes the `grid` choice names, in declaration order.
enum class GridCase { OneBlock, OnePerSm, OneWave, WaveAndAQuarter, Custom };

/// The kernel configuration the sliders describe, on one device.
struct GridPlan {
  int threadsPerBlock = 256;
  int sharedBytesPerBlock = 0;  ///< Dynamic shared memory the kernel asks for (forces residency).
  int residency = 1;            ///< Blocks per SM (the calculator's, or the occupancy API's on a GPU).
  int smCount = 1;
  int blocks = 1;           ///< B: the traced grid.
  double blockWorkUs = 20;  ///< Each block's work before the spread.
  int spreadPercent = 0;    ///< Each block's work varies by up to +- this, by block id.
  int smsDrawn = 8;         ///< Timeline rows (the rest are counted, not drawn).
  /// Grid sizes the kernel is timed at: 1 block up to 3 waves, with one wave and one wave plus a
  /// block, and B, among them (ascending, unique).
  std::vector<int> sweepBlocks;

  [[nodiscard]] int waveCapacity() const { return smCount * residency; }
  [[nodiscard]] unsigned long long workNs(unsigned block) const {
    return blockWorkNs(block, static_cast<unsigned long long>(blockWorkUs * 1000.0 + 0.5),
                       static_cast<unsigned>(spreadPercent));
  }
};

/// Residency by CUDA's rules for the sliders' block (this lab's kernel uses few registers:
/// kSchedulingKernelRegisters). Throws BadInputError for threads or shared memory beyond the
/// device's per-block limits, naming the parameter, and when not one block fits, naming why.
OccupancyResult schedulingOccupancy(const DeviceInfo& device, const sim::OccupancyRules& rules, const ParamSet& params);

/// The plan for `residency` blocks per SM, of a block schedulingOccupancy has checked against the
/// device's per-block limits. Throws BadInputError when not one block fits (residency < 1).
GridPlan gridPlan(const DeviceInfo& device, const ParamSet& params, int residency);

/// Registers per thread the model assumes for the lab's kernel (ptxas gives it about 16; it
/// never limits residency below 2048 threads per SM).
inline constexpr int kSchedulingKernelRegisters = 16;

/// One grid size's kernel time, microseconds (CUDA events on a GPU: launch to the last block's end).
struct GridTime {
  int blocks = 0;
  double usMedian = 0;
  double usMin = 0;
  double usMax = 0;
};

/// One block as the trace reads it: its SM's row, the slot it held there (the slots of an SM are
/// numbered in the order they were first used) and its wave (the how-many-th block of its slot).
struct PlacedBlock {
  unsigned block = 0;
  std::uint32_t sm = 0;
  int slot = 0;
  int wave = 1;
  double startUs = 0;  ///< From the first block's start.
  double endUs = 0;
};

/// The trace read: every block placed, per SM the slots it used.
struct SchedulingTrace {
  std::vector<PlacedBlock> blocks;  ///< In block-id order.
  std::vector<std::uint32_t> sms;   ///< SM ids that ran a block, ascending.
  std::vector<int> slotsPerSm;      ///< Parallel to sms: most blocks resident at once there.
  double spanUs = 0;                ///< First start to last end.
};

/// Reads the records: each SM's blocks in start order, each into the lowest slot free by then (a
/// slot is free once its block's end is at or before the next one's start). Throws CheckFailed-
/// style std::runtime_error for a record that is inconsistent (end before start).
SchedulingTrace readSchedulingTrace(const std::vector<BlockRecord>& records);

/// Views and scalars from the trace of plan.blocks blocks and the sweep's kernel times.
RunResult assembleBlockSchedulingResult(const DeviceInfo& device, const ParamSet& params, const GridPlan& plan,
                                        const OccupancyResult& occupancy, const std::vector<BlockRecord>& records,
                                        const std::vector<GridTime>& times);

}  // namespace warpscope::labs
