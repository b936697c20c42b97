#include "labs/issue_slots/issue_slots_lab.h"

#include <string>

#include "core/param_builders.h"
#include "labs/issue_slots/issue_slots_cuda.h"
#include "labs/issue_slots/issue_slots_model.h"
#include "labs/issue_slots/issue_slots_presets.h"

namespace warpscope::labs {

namespace {

enum class Program { Dependent, VolkovXyz, IndependentChains };

LabSpec buildSpec() {
  LabSpec lab;
  lab.id = kIssueSlotsId;
  lab.title = "Warps onto issue slots (Volkov I)";
  lab.summary =
      "One SM sub-partition's warp scheduler, cycle by cycle: each warp issues its FP32 operations in "
      "order; one that needs an earlier result waits the dependent latency, an independent one issues at "
      "once. The slots fill when warps (TLP) or independent instructions per warp (ILP) keep latency x "
      "throughput operations in flight: Little's law. Beside it, the FMA chains of latency-arith at the "
      "same warps and ILP.";
  lab.params = {
      namedChoiceParam("program", "Each warp runs", {"dependent", "volkov-xyz", "independent-chains"}, 2,
                       "dependent: a = a*b + c, each FMA needs the one before. volkov-xyz: Volkov's x = a + b; "
                       "y = a + c; z = x + d (y is independent, z waits for x). independent-chains: ILP chains "
                       "interleaved, each needing only its own previous result.",
                       ParamRole::Sweep,
                       {"a = a*b + c (dependent)", "x = a + b; y = a + c; z = x + d", "ILP independent chains"}),
      intParam("ilp", "Independent chains (ILP)", "chains", 1, 8, 1, 2,
               "Chains per warp for 'ILP independent chains': c1, c2, ... each waits only for its own "
               "previous result."),
      intParam("warps", "Warps on the scheduler", "warps", 1, kMaxWarpsPerScheduler, 1, 2,
               "Warps resident on this scheduler (threads per SM = warps x schedulers x 32). The scheduler "
               "picks the next ready warp after the last one it issued from."),
      intParam("cycles_shown", "Cycles drawn", "cycles", 16, 64, 4, 32, "Columns of the issue-slot grid."),
  };
  lab.views = {{"issue-slots", "Issue slots cycle by cycle (scheduler model)", ViewKind::Grid, ViewSource::Model},
               {"utilization-vs-warps",
                "Issue slots used vs warps per scheduler",
                ViewKind::Xy,
                ViewSource::Run,
                {"Little's law"}},
               {"needed-parallelism", "Needed parallelism = latency x throughput, per GPU", ViewKind::Bars,
                ViewSource::Calculator},
               {"fraction-by-ilp", "Fraction of FP32 peak the scheduler model allows, per GPU", ViewKind::Bars,
                ViewSource::Model}};
  lab.presets = issueSlotsPresets();
  lab.docPage = "labs/issue-slots.md";
  lab.keyFigures = {"issue.utilization", "issue.needed_in_flight", "issue.warps_for_full"};
  return lab;
}

}  // namespace

const LabSpec& issueSlotsSpec() {
  static const LabSpec spec = buildSpec();
  return spec;
}

LabDefinition issueSlotsLab() {
  return {issueSlotsSpec(), &simulateIssueSlots, WARPSCOPE_GPU_MEASUREMENT(measureIssueSlots), {"fma_pipeline"}};
}

std::vector<StreamInstruction> programBody(const ParamSet& params) {
  switch (static_cast<Program>(params.getInt("program"))) {
    case Program::Dependent:
      return {{"a", 1}};
    case Program::VolkovXyz:
      // x = a + b; y = a + c; z = x + d: only z needs an earlier result (x, two back).
      return {{"x", 0}, {"y", 0}, {"z", 2}};
    case Program::IndependentChains:
      break;
  }
  const int ilp = params.getInt("ilp");
  std::vector<StreamInstruction> body;
  for (int c = 1; c <= ilp; ++c) body.push_back({"c" + std::to_string(c), ilp});
  return body;
}

int threadsPerSmFor(const DeviceInfo& device, int warps) { return warps * device.schedulersPerSm * device.warpSize; }

}  // namespace warpscope::labs
