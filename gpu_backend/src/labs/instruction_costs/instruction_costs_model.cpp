#include "labs/instruction_costs/instruction_costs_model.h"

#include <sstream>

#include "labs/instruction_costs/instruction_costs_kinds.h"
#include "mechanisms/fma_pipeline.h"
#include "mechanisms/instruction_throughput.h"

namespace warpscope::labs {

std::vector<InstructionCostPoint> modelInstructionCosts(const sim::DeviceProfile& profile, const DeviceInfo& device,
                                                        int threadsPerSm) {
  const InstructionThroughput rates = instructionThroughput(profile);
  const FmaPipeline fma = fmaPipeline(profile);
  const double inFlight = static_cast<double>(threadsPerSm) * kInstructionChains;
  std::vector<InstructionCostPoint> points;
  for (const KindInfo& k : instructionKinds()) {
    const InstructionBound bound = saturatedThroughput(rates, k.executed, device.warpSize);
    const double fraction = chainsFractionOfBound(bound, k.executed, fma.fmaLatencyCycles, inFlight);
    InstructionCostPoint p;
    p.kind = k.kind;
    p.opsPerClockPerSm = p.opsPerClockPerSmLow = p.opsPerClockPerSmHigh = bound.opsPerClockPerSm * fraction;
    p.gops = p.gopsLow = p.gopsHigh = p.opsPerClockPerSm * device.smCount * device.smClockMhz * 1e-3;
    p.limiter = fraction < 1 ? "latency: too few chains in flight" : bound.limiter;
    points.push_back(p);
  }
  return points;
}

SassReading modelSassReading() {
  SassReading reading;
  reading.available = true;
  for (const KindInfo& k : instructionKinds()) reading.perOp[static_cast<std::size_t>(k.kind)] = k.staticSassPerOp;
  reading.source = std::string("the model's table, ") + kKindTableSource;
  return reading;
}

RunResult simulateInstructionCosts(const sim::DeviceProfile& profile, const RunRequest& request, RunMonitor& monitor) {
  const DeviceInfo& device = profile.info;
  checkInstructionCostsFeasible(device, request.params);
  monitor.step(0, 1, "instruction throughput model");
  const int threadsPerSm = request.params.getInt("threads_per_block") * request.params.getInt("blocks_per_sm");
  InstructionCostRun run;
  run.points = modelInstructionCosts(profile, device, threadsPerSm);
  run.sass = modelSassReading();
  run.sassSeries = "Model: nvcc 13.0, sm_90";
  monitor.done();

  RunResult result = assembleInstructionCosts(device, request.params, run);
  result.provenance = Provenance::Simulated;
  std::ostringstream limits;
  limits << "Model: each operation's executed instructions by class, at " << profile.fileName
         << "'s rates (Programming Guide table): what bounds each kind:";
  for (const InstructionCostPoint& p : run.points) limits << " " << kindInfo(p.kind).key << " (" << p.limiter << ");";
  result.notes.push_back(limits.str());
  result.notes.push_back("Model: every profile uses the instruction mix nvcc 13.0 compiles for sm_90; an older "
                         "architecture's code differs in detail.");
  return result;
}

}  // namespace warpscope::labs
