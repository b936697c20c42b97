// The one list of labs. Adding a lab: a folder src/labs/<lab_id>/ and one line here
// (docs/adding-a-lab.md). The order is the order of the GUI's lab list. The registry is the
// contract's (warpscope/registry.h); this file, on the labs' floor, fills it: the contract
// never includes a lab.
#include "labs/atomics/atomics_lab.h"
#include "labs/bank_conflicts/bank_conflicts_lab.h"
#include "labs/block_scheduling/block_scheduling_lab.h"
#include "labs/coalescing/coalescing_lab.h"
#include "labs/divergence/divergence_lab.h"
#include "labs/fft_registers/fft_registers_lab.h"
#include "labs/instruction_costs/instruction_costs_lab.h"
#include "labs/issue_slots/issue_slots_lab.h"
#include "labs/latency_arith/latency_arith_lab.h"
#include "labs/latency_memory/latency_memory_lab.h"
#include "labs/limiter/limiter_lab.h"
#include "labs/matmul_tiling/matmul_tiling_lab.h"
#include "labs/occupancy/occupancy_lab.h"
#include "labs/register_vs_shared/register_vs_shared_lab.h"
#include "labs/roofline/roofline_lab.h"
#include "labs/streams/streams_lab.h"
#include "labs/um_fault_path/um_fault_path_lab.h"
#include "labs/um_multi_gpu/um_multi_gpu_lab.h"
#include "labs/um_oversubscription/um_oversubscription_lab.h"
#include "labs/um_policies/um_policies_lab.h"
#include "labs/um_streaming/um_streaming_lab.h"
#include "labs/um_system_memory/um_system_memory_lab.h"
#include "labs/um_thrashing/um_thrashing_lab.h"
#include "labs/user_kernel/user_kernel_lab.h"
#include "warpscope/registry.h"

namespace warpscope {

namespace labs {
namespace {

/// The lab, shown under `topic` in the lab list.
LabDefinition inTopic(LabDefinition lab, const char* topic) {
  lab.spec.topic = topic;
  return lab;
}

}  // namespace
}  // namespace labs

const LabRegistry& LabRegistry::builtin() {
  using namespace labs;
  // Grouped by topic, in teaching order; built once, on first use.
  static const LabRegistry registry({
      inTopic(latencyArithLab(), "Latency hiding"),
      inTopic(latencyMemoryLab(), "Latency hiding"),
      inTopic(issueSlotsLab(), "Latency hiding"),
      inTopic(registerVsSharedLab(), "Latency hiding"),
      inTopic(matmulTilingLab(), "Latency hiding"),
      inTopic(fftRegistersLab(), "Latency hiding"),
      inTopic(divergenceLab(), "SIMT execution"),
      inTopic(coalescingLab(), "Memory access"),
      inTopic(bankConflictsLab(), "Memory access"),
      inTopic(atomicsLab(), "Memory access"),
      inTopic(blockSchedulingLab(), "What limits a kernel"),
      inTopic(occupancyLab(), "What limits a kernel"),
      inTopic(limiterLab(), "What limits a kernel"),
      inTopic(rooflineLab(), "What limits a kernel"),
      inTopic(instructionCostsLab(), "What limits a kernel"),
      inTopic(streamsLab(), "Concurrency"),
      inTopic(umFaultPathLab(), "Unified memory"),
      inTopic(umStreamingLab(), "Unified memory"),
      inTopic(umPoliciesLab(), "Unified memory"),
      inTopic(umThrashingLab(), "Unified memory"),
      inTopic(umOversubscriptionLab(), "Unified memory"),
      inTopic(umMultiGpuLab(), "Unified memory"),
      inTopic(umSystemMemoryLab(), "Unified memory"),
      inTopic(user_kernel::userKernelLab(), "Your own kernel"),
  });
  return registry;
}

}  // namespace warpscope
