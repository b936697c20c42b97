#include "labs/occupancy/occupancy_lab.h"

#include <algorithm>
#include <sstream>

#include "labs/occupancy/occupancy_cuda.h"
#include "labs/occupancy/occupancy_model.h"
#include "labs/occupancy/register_cap_kernel.h"
#include "core/param_builders.h"
#include "labs/occupancy/occupancy_presets.h"

namespace warpscope::labs {

namespace {

/// The largest shared memory a block may ask for on any profile (Hopper: 227 KiB); each device's
/// own limit is checked in checkOccupancyInput.
constexpr int kMaxSharedBytesPerBlock = 227 * 1024;

LabSpec buildSpec() {
  LabSpec lab;
  lab.id = kOccupancyId;
  lab.title = "Occupancy calculator and register caps";
  lab.summary =
      "How many blocks of a kernel fit on one SM: every block takes its threads, T x R registers, "
      "its shared memory and one block slot, and the resource that runs out first sets residency "
      "and occupancy. Shown by CUDA's rules (registers allocated per warp, shared memory rounded "
      "and reserved per block, the carveout) beside the lecture's simple division; and what a "
      "register cap (__launch_bounds__) costs when it forces spills to local memory.";
  lab.params = {
      intParam("threads_per_block", "Threads per block", "threads", 32, 1024, 32, 64,
               "T: threads in each block. Warps are allocated whole, so T is rounded up to a multiple of 32."),
      intParam("registers_per_thread", "Registers per thread", "registers", 1, 255, 1, 100,
               "R: registers each thread uses (what ptxas reports). The hardware gives each warp R x 32 "
               "registers rounded up to its allocation unit (256), in one quarter of the register file."),
      intParam("shared_bytes_per_block", "Shared memory per block", "bytes", 0, kMaxSharedBytesPerBlock, 256, 1024,
               "Static plus dynamic shared memory of a block. The runtime adds its per-block reserve "
               "(1 KiB from compute capability 8.0) and rounds up to the allocation unit."),
      intParam("carveout_percent", "Shared-memory carveout", "%", 0, 100, 1, 100,
               "The kernel's preferred share of the SM's unified L1/shared memory for shared memory "
               "(cudaFuncAttributePreferredSharedMemoryCarveout), rounded up to a size the SM supports. "
               "If one block does not fit, the SM picks the smallest size that holds one."),
  };
  // The calculator's views are CUDA's rules applied to the device, on a GPU as on the model.
  lab.views = {{"limits", "Occupancy each resource alone would allow", ViewKind::Bars, ViewSource::Calculator},
               {"occupancy-vs-threads", "Occupancy vs threads per block", ViewKind::Xy, ViewSource::Calculator},
               {"occupancy-vs-registers", "Occupancy vs registers per thread", ViewKind::Xy, ViewSource::Calculator},
               {"occupancy-vs-shared", "Occupancy vs shared memory per block", ViewKind::Xy, ViewSource::Calculator},
               {"register-caps", "What a register cap costs: the same work under __launch_bounds__", ViewKind::Bars},
               {"achieved-occupancy", "Occupancy per register cap: the calculator and the GPU's counters",
                ViewKind::Bars}};
  lab.presets = occupancyPresets();
  lab.docPage = "labs/occupancy.md";
  lab.keyFigures = {"occupancy.percent", "occupancy.blocks_per_sm", "occupancy.limiter"};
  lab.benchChecks = occupancyBenchChecks;
  return lab;
}

}  // namespace

const LabSpec& occupancySpec() {
  static const LabSpec spec = buildSpec();
  return spec;
}

LabDefinition occupancyLab() {
  return {occupancySpec(), &simulateOccupancy, WARPSCOPE_GPU_MEASUREMENT(measureOccupancy)};
}

OccupancyRequest occupancyRequestFrom(const ParamSet& params) {
  OccupancyRequest r;
  r.threadsPerBlock = params.getInt("threads_per_block");
  r.registersPerThread = params.getInt("registers_per_thread");
  r.sharedBytesPerBlock = params.getInt("shared_bytes_per_block");
  r.carveoutPercent = params.getInt("carveout_percent");
  return r;
}

void checkOccupancyInput(const DeviceInfo& device, const sim::OccupancyRules& rules, const ParamSet& params) {
  const OccupancyRequest r = occupancyRequestFrom(params);
  if (r.threadsPerBlock > device.maxThreadsPerBlock)
    throw BadInputError("threads_per_block = " + std::to_string(r.threadsPerBlock) + " exceeds the " +
                        std::to_string(device.maxThreadsPerBlock) + " threads a block of " + device.name + " may have");
  if (r.registersPerThread > rules.maxRegistersPerThread)
    throw BadInputError("registers_per_thread = " + std::to_string(r.registersPerThread) + " exceeds the " +
                        std::to_string(rules.maxRegistersPerThread) + " registers a thread of " + device.name +
                        " may use (compute capability " + device.computeCapability + ")");
  if (r.sharedBytesPerBlock > device.sharedMemPerBlockMaxBytes)
    throw BadInputError("shared_bytes_per_block = " + std::to_string(r.sharedBytesPerBlock) + " exceeds the " +
                        std::to_string(device.sharedMemPerBlockMaxBytes) + " bytes of shared memory a block of " +
                        device.name + " may have");
}

int registerCapFor(const DeviceInfo& device, const sim::OccupancyRules& rules, int minBlocks) {
  if (minBlocks <= 0) return rules.maxRegistersPerThread;
  const int perThread = device.registersPerSm / (kCapThreadsPerBlock * minBlocks);
  return std::min(rules.maxRegistersPerThread, perThread / 8 * 8);
}

std::vector<BenchCheck> occupancyBenchChecks(const RunResult& sweep, const DeviceInfo&) {
  const Scalar* tested = sweep.findScalar("api.configurations");
  const Scalar* mismatches = sweep.findScalar("api.mismatches");
  BenchCheck check;
  check.what = "calculator vs cudaOccupancyMaxActiveBlocksPerMultiprocessor: configurations that disagree";
  check.target = "0 of >= 100";
  check.value = mismatches ? mismatches->value : -1;
  check.pass = tested && mismatches && tested->value >= 100 && mismatches->value == 0;
  std::ostringstream detail;
  detail << (tested ? static_cast<int>(tested->value) : 0) << " configurations compared";
  check.detail = tested ? detail.str() : "no API check in this run (simulator)";
  return {check};
}

}  // namespace warpscope::labs
