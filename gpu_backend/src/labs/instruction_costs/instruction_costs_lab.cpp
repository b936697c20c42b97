#include "labs/instruction_costs/instruction_costs_lab.h"

#include <sstream>

#include "core/param_builders.h"
#include "core/sweep_format.h"
#include "labs/instruction_costs/instruction_costs_cuda.h"
#include "labs/instruction_costs/instruction_costs_kinds.h"
#include "labs/instruction_costs/instruction_costs_model.h"
#include "labs/instruction_costs/instruction_costs_presets.h"

namespace warpscope::labs {

namespace {

LabSpec buildSpec() {
  LabSpec lab;
  lab.id = kInstructionCostsId;
  lab.title = "What instructions cost";
  lab.summary =
      "One line of source is not one instruction: chains of FP32 and FP64 FMAs, integer multiply, divide "
      "and modulo, FP32 division, sinf, expf and rsqrtf, with and without -use_fast_math, and a float "
      "times the literal 0.347 (a double) against 0.347f. Bars of operations per clock per SM and of the "
      "SASS instructions each operation compiles to, read from the kernels themselves.";
  lab.params = {
      intParam("threads_per_block", "Threads per block", "threads", 32, 1024, 32, 256,
               "Threads in each block. Every thread runs 4 independent chains of the kind's operation."),
      intParam("blocks_per_sm", "Blocks per SM", "blocks", 1, 32, 1, 6,
               "Blocks launched per SM (grid = blocks per SM x SM count). 256 x 6 = 1536 threads fit an SM of "
               "every profile down to the GTX 480, and their 6144 chains are more than any kind needs in "
               "flight (Little's law)."),
  };
  lab.views = {{"throughput", "Throughput per instruction kind", ViewKind::Bars},
               {"gops", "Operations per second per instruction kind", ViewKind::Bars},
               {"sass", "SASS instructions per operation", ViewKind::Bars}};
  lab.presets = instructionCostsPresets();
  lab.docPage = "labs/instruction-costs.md";
  lab.keyFigures = {"speedup.sinf_fast", "slowdown.literal_fp64", "ratio.fp64_over_fp32", "sass_per_op.int_div"};
  lab.benchChecks = instructionCostsBenchChecks;
  return lab;
}

/// A bars view over every kind, one series per entry of `series`.
View kindBars(const std::string& viewId, const std::string& valueLabel,
              const std::vector<std::pair<std::string, std::vector<BarValue>>>& series) {
  View v = declaredView(instructionCostsSpec(), viewId);
  v.bars.categoryLabel = "Operation";
  v.bars.valueLabel = valueLabel;
  for (const KindInfo& k : instructionKinds()) v.bars.categories.emplace_back(k.bar);
  for (const auto& [name, values] : series) v.bars.series.push_back({name, values});
  return v;
}

std::vector<BarValue> opsBars(const std::vector<InstructionCostPoint>& points) {
  std::vector<BarValue> bars;
  for (const auto& p : points) bars.push_back({p.opsPerClockPerSm, p.opsPerClockPerSmLow, p.opsPerClockPerSmHigh});
  return bars;
}

std::vector<BarValue> gopsBars(const std::vector<InstructionCostPoint>& points) {
  std::vector<BarValue> bars;
  for (const auto& p : points) bars.push_back({p.gops, p.gopsLow, p.gopsHigh});
  return bars;
}

const InstructionCostPoint* pointOf(const std::vector<InstructionCostPoint>& points, InstructionKind kind) {
  for (const auto& p : points)
    if (p.kind == kind) return &p;
  return nullptr;
}

}  // namespace

const LabSpec& instructionCostsSpec() {
  static const LabSpec spec = buildSpec();
  return spec;
}

LabDefinition instructionCostsLab() {
  return {instructionCostsSpec(), &simulateInstructionCosts, WARPSCOPE_GPU_MEASUREMENT(measureInstructionCosts)};
}

void checkInstructionCostsFeasible(const DeviceInfo& device, const ParamSet& params) {
  const int threads = params.getInt("threads_per_block");
  const int blocks = params.getInt("blocks_per_sm");
  if (threads > device.maxThreadsPerBlock)
    throw BadInputError("threads_per_block = " + std::to_string(threads) + " exceeds the " +
                        std::to_string(device.maxThreadsPerBlock) + " threads a block of " + device.name + " may have");
  if (blocks > device.maxBlocksPerSm)
    throw BadInputError("blocks_per_sm = " + std::to_string(blocks) + " exceeds the " +
                        std::to_string(device.maxBlocksPerSm) + " blocks an SM of " + device.name + " holds");
  if (threads * blocks > device.maxThreadsPerSm)
    throw BadInputError("threads_per_block x blocks_per_sm = " + std::to_string(threads * blocks) + " exceeds the " +
                        std::to_string(device.maxThreadsPerSm) + " threads an SM of " + device.name +
                        " holds; lower either parameter");
}

RunResult assembleInstructionCosts(const DeviceInfo& device, const ParamSet& params, const InstructionCostRun& run) {
  RunResult result = resultShell(kInstructionCostsId, device, params);
  const bool measured = !run.model.empty();

  std::vector<std::pair<std::string, std::vector<BarValue>>> ops{{measured ? "Measured" : "Model", opsBars(run.points)}};
  std::vector<std::pair<std::string, std::vector<BarValue>>> gops{{measured ? "Measured" : "Model", gopsBars(run.points)}};
  if (measured) {
    ops.emplace_back("Model (" + run.modelDevice + ")", opsBars(run.model));
    gops.emplace_back("Model (" + run.modelDevice + ")", gopsBars(run.model));
  }
  std::vector<BarValue> sass;
  for (const KindInfo& k : instructionKinds()) {
    const double perOp = run.sass.perOp[static_cast<std::size_t>(k.kind)];
    sass.push_back({perOp > 0 ? perOp : 0, perOp > 0 ? perOp : 0, perOp > 0 ? perOp : 0});
  }
  std::vector<std::pair<std::string, std::vector<BarValue>>> sassSeries;
  if (run.sass.available) sassSeries.emplace_back(run.sassSeries, sass);
  result.views = {kindBars("throughput", "Operations per clock per SM", ops),
                  kindBars("gops", "Operations per second, whole GPU (Gop/s)", gops),
                  kindBars("sass", "SASS instructions per operation", sassSeries)};

  for (const KindInfo& k : instructionKinds()) {
    const InstructionCostPoint* p = pointOf(run.points, k.kind);
    if (!p) continue;
    const std::string key = k.key;
    result.scalars.push_back({"ops_per_clk." + key, std::string(k.label) + ": operations per clock per SM",
                              p->opsPerClockPerSm, "ops/clk/SM"});
    result.scalars.push_back({"gops." + key, std::string(k.label) + ": operations per second", p->gops, "Gop/s"});
    const double perOp = run.sass.perOp[static_cast<std::size_t>(k.kind)];
    if (run.sass.available && perOp > 0)
      result.scalars.push_back({"sass_per_op." + key, std::string(k.label) + ": SASS instructions per operation", perOp,
                                "instructions"});
  }
  const auto ratio = [&](const char* id, const char* label, InstructionKind top, InstructionKind bottom) {
    const InstructionCostPoint* a = pointOf(run.points, top);
    const InstructionCostPoint* b = pointOf(run.points, bottom);
    if (a && b && b->opsPerClockPerSm > 0) result.scalars.push_back({id, label, a->opsPerClockPerSm / b->opsPerClockPerSm, "x"});
  };
  using K = InstructionKind;
  ratio("ratio.fp64_over_fp32", "FP64 FMA throughput over FP32 FMA", K::Fp64Fma, K::Fp32Fma);
  ratio("speedup.sinf_fast", "sinf with fast math (__sinf) over sinf", K::SinfFast, K::Sinf);
  ratio("speedup.div_fast", "FP32 division with fast math over IEEE division", K::Fp32DivFast, K::Fp32Div);
  ratio("speedup.expf_fast", "expf with fast math (__expf) over expf", K::ExpfFast, K::Expf);
  ratio("speedup.rsqrtf_fast", "rsqrtf with fast math over rsqrtf", K::RsqrtfFast, K::Rsqrtf);
  ratio("slowdown.literal_fp64", "x * 0.347f over x * 0.347 (the FP64 literal)", K::LiteralFp32, K::LiteralFp64);
  ratio("ratio.int_div_over_mad", "INT32 divide over INT32 multiply-add", K::IntDiv, K::IntMad);

  result.notes.push_back("SASS counts: " + run.sass.source + ". Per operation: the loop's instructions less its " +
                         std::to_string(run.sass.loopControl) + " own (counter, compare, branch), over the " +
                         std::to_string(kInstructionOpsPerPass) +
                         " operations of one pass. sinf's count is mostly its Payne-Hanek reduction, compiled "
                         "in but run only for |x| >= 105615.");
  std::ostringstream shape;
  shape << params.getInt("threads_per_block") << " threads x " << params.getInt("blocks_per_sm") << " blocks per SM, "
        << kInstructionChains << " independent chains per thread, " << kInstructionUnroll
        << " operations per chain per pass; ops/clk/SM = operations / time / (" << device.smCount << " SMs x "
        << device.smClockMhz << " MHz).";
  result.notes.push_back(shape.str());
  result.notes.push_back("The fast-math kinds are the same source lines compiled with -use_fast_math (-ftz=true, "
                         "-prec-div=false, -prec-sqrt=false, sinf and expf become __sinf and __expf) in a file of "
                         "their own, so one build holds both.");
  return result;
}

std::vector<BenchCheck> instructionCostsBenchChecks(const RunResult& sweep, const DeviceInfo& device) {
  const Scalar* fma = sweep.findScalar("ops_per_clk.fp32_fma");
  BenchCheck check;
  check.what = "FP32 FMA operations per clock per SM over the SM's " + std::to_string(device.fp32LanesPerSm) + " FP32 lanes";
  check.value = fma && device.fp32LanesPerSm > 0 ? fma->value / device.fp32LanesPerSm : 0;
  check.target = ">= 0.85";
  check.pass = check.value >= 0.85;
  return {check};
}

}  // namespace warpscope::labs
