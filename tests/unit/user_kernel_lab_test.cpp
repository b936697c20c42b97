// The lab whose kernel the user supplies (issue 33): its declaration comes from the kernel file's
// header and the session validates every request against it; the points a run measures follow
// the focus and sweep params; without a GPU the examples compile for a simulator profile's
// architecture and show registers and occupancy, never a time; a compile error names its line.
#include "labs/user_kernel/user_kernel_lab.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "core/result_json.h"
#include "kernel_examples.h"
#include "labs/user_kernel/kernel_header.h"
#include "labs/user_kernel/user_kernel_plan.h"
#include "sim/simulator_backend.h"
#include "warpscope/registry.h"
#include "warpscope/session.h"
#include "warpscope/writers.h"

namespace warpscope {
namespace {

using labs::user_kernel::kUserKernelLabId;

RunRequest requestFor(KernelSource kernel, const std::string& device = "sim:h100") {
  RunRequest request;
  request.labId = kUserKernelLabId;
  request.deviceId = device;
  request.kernel = std::move(kernel);
  request.params = defaultParams(labs::user_kernel::userKernelSpecFor(request).params);
  return request;
}

/// Why this build cannot compile a user's kernel here (no toolkit in the build, or no NVRTC on
/// this machine), from a run's refusal; empty when it can.
std::string whyNoCompiler(const RunOutcome& outcome) {
  if (outcome.ok()) return {};
  const std::string& m = outcome.error().message;
  if (m.find("no CUDA toolkit") != std::string::npos || m.find("NVRTC") != std::string::npos) return m;
  return {};
}

TEST(UserKernelLab, TheDeclarationOfARequestComesFromItsKernelsHeader) {
  const RunRequest request = requestFor(test::kernelExample("reduction.cu"));
  const LabSpec spec = LabRegistry::builtin().resolve(kUserKernelLabId).specFor(request);
  EXPECT_NE(spec.title.find("reduction.cu"), std::string::npos) << spec.title;
  ASSERT_EQ(spec.params.size(), 3u);
  EXPECT_EQ(spec.params[0].id, "BLOCK");
  EXPECT_EQ(spec.params[1].id, "ILP");
  EXPECT_EQ(spec.params[2].id, "N");
  EXPECT_NE(spec.findView("throughput"), nullptr);
  EXPECT_NE(spec.findView("roofline"), nullptr) << "the reduction declares bytes and flops";
}

TEST(UserKernelLab, ARequestWithoutAKernelOfItsOwnRunsTheReductionExample) {
  const LabSpec& shown = LabRegistry::builtin().resolve(kUserKernelLabId).spec;
  EXPECT_NE(shown.title.find("reduction.cu"), std::string::npos) << shown.title;
  RunRequest request{kUserKernelLabId, "sim:h100", defaultParams(shown.params), RunScope::FocusOnly};
  EXPECT_EQ(labs::user_kernel::kernelOf(request).text, test::kernelExample("reduction.cu").text);
}

TEST(UserKernelLab, TheSessionRefusesAValueTheHeaderDoesNotAllowNamingTheParam) {
  Session session(nullptr, makeSimulatorBackend());
  RunRequest request = requestFor(test::kernelExample("reduction.cu"));
  request.params.set("BLOCK", 300);
  CancelToken cancel;
  const RunOutcome out = session.run(request, {}, cancel);
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.error().kind, RunError::Kind::BadInput);
  EXPECT_NE(out.error().message.find("BLOCK"), std::string::npos) << out.error().message;
}

TEST(UserKernelLab, AHeaderThatCannotBeUsedIsRefusedNamingItsLine) {
  Session session(nullptr, makeSimulatorBackend());
  RunRequest request;
  request.labId = kUserKernelLabId;
  request.deviceId = "sim:h100";
  request.kernel = test::kernelText("bad.cu", "// warpscope-kernel 1\n// title: t\n// colour: blue\n");
  CancelToken cancel;
  const RunOutcome out = session.run(request, {}, cancel);
  ASSERT_FALSE(out.ok());
  EXPECT_NE(out.error().message.find("line 3"), std::string::npos) << out.error().message;
}

TEST(UserKernelLab, ARunKeepsItsKernelSoItsFileReadsBackWithTheKernelsNamedChoices) {
  // The transpose's `variant` is a named choice of its header, not of the example the lab opens with.
  RunResult run;
  run.labId = kUserKernelLabId;
  run.deviceId = "cuda:0";
  run.deviceName = "NVIDIA H200";
  run.provenance = Provenance::Measured;
  run.kernel = test::kernelExample("transpose.cu");
  run.params = requestFor(run.kernel).params.values();
  run.params["variant"] = 2;
  const nlohmann::json doc = resultToJson(run);
  EXPECT_EQ(doc["params"]["variant"], "padded");
  EXPECT_EQ(doc["kernel"]["file"], "transpose.cu");
  const RunResult back = readResultJson(doc.dump());
  EXPECT_EQ(back.kernel, run.kernel);
  EXPECT_EQ(back.params.at("variant"), 2);
  // A kernel whose header cannot be used makes the file one that cannot be read, naming the line.
  nlohmann::json broken = doc;
  broken["kernel"]["source"] = "// warpscope-kernel 1\n// title: t\n// colour: blue\n";
  try {
    (void)readResultJson(broken.dump());
    ADD_FAILURE() << "a run whose kernel's header cannot be used was read";
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("line 3"), std::string::npos) << e.what();
  }
}

TEST(UserKernelPlan, FocusParamsSpanTheChartAndSweepParamsHoldTheirValues) {
  const KernelSource source = test::kernelExample("reduction.cu");
  const auto header = labs::user_kernel::parseKernelHeader(source.text);
  ParamSet params = requestFor(source).params;
  const auto plan = labs::user_kernel::planUserKernel(header, params, RunScope::FullSweep);
  ASSERT_NE(plan.xParam, nullptr);
  ASSERT_NE(plan.seriesParam, nullptr);
  EXPECT_EQ(plan.xParam->name, "BLOCK");
  EXPECT_EQ(plan.seriesParam->name, "ILP");
  EXPECT_EQ(plan.points.size(), 5u * 4u) << "BLOCK 64..1024 by x2, ILP 1|2|4|8";
  int focus = 0;
  for (const auto& p : plan.points) {
    EXPECT_EQ(p.params.get("N"), params.get("N")) << "a sweep param holds its value";
    focus += p.isFocus ? 1 : 0;
  }
  EXPECT_EQ(focus, 1);
  const auto one = labs::user_kernel::planUserKernel(header, params, RunScope::FocusOnly);
  ASSERT_EQ(one.points.size(), 1u);
  EXPECT_TRUE(one.points[0].isFocus);
}

TEST(UserKernelPlan, ANamedChoiceDrawsTheCurvesAndTheNumbersTheAxis) {
  const char* text =
      "// warpscope-kernel 1\n// title: t\n"
      "// param variant: a=0|b=1, focus, template\n"
      "// param BLOCK: 32..256, x2, focus, define\n"
      "// kernel: k<variant>\n// grid: 1\n// block: BLOCK\n// buffer out: float[32] output\n// args: out\n"
      "template <int V> __global__ void k(float*) {}\n";
  const auto header = labs::user_kernel::parseKernelHeader(text);
  const auto plan = labs::user_kernel::planUserKernel(header, defaultParams(header.paramSpecs()), RunScope::FullSweep);
  ASSERT_NE(plan.xParam, nullptr);
  EXPECT_EQ(plan.xParam->name, "BLOCK");
  EXPECT_EQ(plan.seriesParam->name, "variant");
  EXPECT_EQ(labs::user_kernel::seriesName(plan, 1), "variant b");
}

TEST(UserKernelCompileOnly, TheExamplesCompileForASimulatorProfileWithOccupancyAndNoTime) {
  Session session(nullptr, makeSimulatorBackend());
  for (const char* file : {"reduction.cu", "transpose.cu", "stencil.cu"}) {
    CancelToken cancel;
    const RunOutcome out = session.run(requestFor(test::kernelExample(file)), {}, cancel);
    if (const std::string why = whyNoCompiler(out); !why.empty()) GTEST_SKIP() << why;
    ASSERT_TRUE(out.ok()) << file << ": " << out.error().message;
    const RunResult& r = out.result();
    EXPECT_EQ(r.findView("time"), nullptr) << "no time without a GPU";
    const View* occupancy = r.findView("occupancy");
    ASSERT_NE(occupancy, nullptr) << file;
    ASSERT_FALSE(occupancy->bars.categories.empty());
    for (const BarValue& v : occupancy->bars.series.at(0).values) EXPECT_GT(v.value, 0) << file;
    ASSERT_NE(r.findScalar("user.registers"), nullptr);
    EXPECT_GT(r.findScalar("user.registers")->value, 0) << file;
    bool said = false;
    for (const std::string& note : r.notes) said = said || note.find("need a GPU") != std::string::npos;
    EXPECT_TRUE(said) << file << ": the result says time needs a GPU";
    for (const std::string& note : r.notes)
      EXPECT_EQ(note.find("Simulated by Warpscope's model"), std::string::npos) << "the model does not know " << file;
    EXPECT_EQ(r.banner().find("Simulated"), std::string::npos) << r.banner();
    EXPECT_NE(r.banner().find("no GPU ran it"), std::string::npos) << "every chart and the status bar say so: " << r.banner();
    const View* sass = r.findView("sass");
    ASSERT_NE(sass, nullptr) << "the SASS view, or why it is empty";
    EXPECT_TRUE(!sass->listing.lines.empty() || sass->listing.caption.find("cuobjdump") != std::string::npos)
        << sass->listing.caption;
  }
}

TEST(UserKernelCompileOnly, ACompileErrorIsShownWithTheFileAndLineOfTheFault) {
  const char* text =
      "// warpscope-kernel 1\n// title: t\n// param N: 32|64, arg int\n// kernel: k\n// grid: 1\n// block: 32\n"
      "// buffer out: float[N] output\n// args: out, N\n"
      "__global__ void k(float* out, int n) {\n"
      "  int x = ;\n"
      "}\n";
  Session session(nullptr, makeSimulatorBackend());
  RunRequest request = requestFor(test::kernelText("broken.cu", text));
  CancelToken cancel;
  const RunOutcome out = session.run(request, {}, cancel);
  if (const std::string why = whyNoCompiler(out); !why.empty()) GTEST_SKIP() << why;
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.error().kind, RunError::Kind::BadInput);
  EXPECT_NE(out.error().message.find("broken.cu(10): error"), std::string::npos) << out.error().message;
}

}  // namespace
}  // namespace warpscope
