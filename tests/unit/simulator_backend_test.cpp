// The simulator backend end to end: both labs through plan -> model -> assembly, the boundary's
// error values, cancel and progress, and speed.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "labs/latency_arith/latency_arith_lab.h"
#include "labs/latency_memory/latency_memory_lab.h"
#include "mechanisms/device_profile.h"
#include "labs/latency_memory/latency_memory_model.h"
#include "sim/simulator_backend.h"
#include "warpscope/backend.h"
#include "warpscope/session.h"
#include "resolved_run.h"

using namespace warpscope;

namespace {

RunRequest request(const std::string& lab, const std::string& device = "sim:h100",
                   RunScope scope = RunScope::FullSweep) {
  const LabSpec spec = lab == labs::kLatencyMemoryId ? labs::latencyMemorySpec() : labs::latencyArithSpec();
  return {lab, device, defaultParams(spec.params), scope};
}

RunOutcome run(const RunRequest& r) {
  auto backend = makeSimulatorBackend();
  CancelToken cancel;
  return test::runResolved(*backend, r, nullptr, cancel);
}

std::set<std::string> viewIds(const RunResult& result) {
  std::set<std::string> ids;
  for (const auto& v : result.views) ids.insert(v.id);
  return ids;
}

std::set<std::string> declaredViewIds(const LabSpec& spec) {
  std::set<std::string> ids;
  for (const auto& v : spec.views) ids.insert(v.id);
  return ids;
}

/// Points of an xy view, or values of a bars view: what the view draws.
std::size_t pointCount(const View& view) {
  std::size_t n = 0;
  for (const auto& s : view.series) n += s.points.size();
  for (const auto& s : view.bars.series) n += s.values.size();
  return n;
}

bool hasNoteContaining(const RunResult& result, const std::string& text) {
  return std::any_of(result.notes.begin(), result.notes.end(),
                     [&](const std::string& n) { return n.find(text) != std::string::npos; });
}

}  // namespace

TEST(SimulatorBackend, ListsOneSimulatorDevicePerProfile) {
  auto backend = makeSimulatorBackend();
  EXPECT_EQ(backend->name(), "Simulator");
  std::set<std::string> ids;
  for (const auto& d : backend->devices()) {
    EXPECT_EQ(d.kind, DeviceKind::Simulator);
    ids.insert(d.id);
  }
  EXPECT_EQ(ids, (std::set<std::string>{"sim:gtx480", "sim:k40", "sim:v100", "sim:a100", "sim:h100", "sim:h200"}));
}

TEST(SimulatorBackend, ArithFullSweepProducesEveryDeclaredViewOnEveryProfile) {
  for (const auto& device : makeSimulatorBackend()->devices()) {
    SCOPED_TRACE(device.id);
    const RunOutcome outcome = run(request(labs::kLatencyArithId, device.id));
    ASSERT_TRUE(outcome.ok()) << outcome.error().message;
    const RunResult& r = outcome.result();
    EXPECT_EQ(viewIds(r), declaredViewIds(labs::latencyArithSpec()));
    for (const auto& v : r.views) EXPECT_GT(pointCount(v), 0u) << v.id;
    EXPECT_EQ(r.provenance, Provenance::Simulated);
    EXPECT_NE(r.banner().find("Simulated"), std::string::npos) << r.banner();
    EXPECT_TRUE(hasNoteContaining(r, "Warpscope's model of the " + device.name));  // which profile ran
    EXPECT_FALSE(r.focusOnly);
    // Six ILP series, one point per multiple of 32 threads that fits in a block.
    EXPECT_EQ(r.findView("fraction-vs-threads")->series.size(), 6u);
  }
}

/// False for profiles made for one lab (k40.json: the lecture's Kepler SM for the occupancy lab),
/// which carry no memory model; latency-memory refuses them naming the missing mechanism.
bool hasDramModel(const DeviceInfo& device) {
  for (const auto& p : sim::loadEmbeddedProfiles())
    if (p.info.id == device.id) return p.mechanisms.count("dram") > 0;
  return false;
}

TEST(SimulatorBackend, MemoryFullSweepProducesEveryDeclaredViewOnEveryProfile) {
  for (const auto& device : makeSimulatorBackend()->devices()) {
    SCOPED_TRACE(device.id);
    if (!hasDramModel(device)) continue;
    const RunOutcome outcome = run(request(labs::kLatencyMemoryId, device.id));
    ASSERT_TRUE(outcome.ok()) << outcome.error().message;
    const RunResult& r = outcome.result();
    EXPECT_EQ(viewIds(r), declaredViewIds(labs::latencyMemorySpec()));
    for (const auto& v : r.views) EXPECT_GT(pointCount(v), 0u) << v.id;
    EXPECT_NE(r.banner().find("Simulated"), std::string::npos) << r.banner();
    EXPECT_TRUE(hasNoteContaining(r, "Simulated by Warpscope's model of the "));
  }
}

TEST(SimulatorBackend, CeilingsComeFromTheProfile) {
  const auto profiles = sim::loadEmbeddedProfiles();
  const auto& h100 = *std::find_if(profiles.begin(), profiles.end(), [](auto& p) { return p.id == "h100"; });

  const RunOutcome arith = run(request(labs::kLatencyArithId));
  ASSERT_TRUE(arith.ok());
  EXPECT_DOUBLE_EQ(arith.result().findScalar("ceiling.fp32_gflops")->value, h100.info.theoreticalFp32Gflops());

  const RunOutcome memory = run(request(labs::kLatencyMemoryId));
  ASSERT_TRUE(memory.ok());
  const double memcpy = labs::memcpyGBs(h100);
  EXPECT_DOUBLE_EQ(memory.result().findScalar("ceiling.memcpy_gbps")->value, memcpy);
  EXPECT_DOUBLE_EQ(memory.result().findScalar("ceiling.memcpy_gbps_min")->value, memcpy);
  EXPECT_DOUBLE_EQ(memory.result().findScalar("ceiling.memcpy_gbps_max")->value, memcpy);
}

TEST(SimulatorBackend, ModelledPointsHaveNoSpread) {
  const RunOutcome outcome = run(request(labs::kLatencyMemoryId));
  ASSERT_TRUE(outcome.ok());
  for (const auto& v : outcome.result().views)
    for (const auto& s : v.series)
      for (const auto& p : s.points) {
        EXPECT_EQ(p.yMin, p.y);
        EXPECT_EQ(p.yMax, p.y);
      }
}

TEST(SimulatorBackend, Gtx480SweepShowsMoreIlpNeedsFewerThreads) {
  const RunOutcome outcome = run(request(labs::kLatencyArithId, "sim:gtx480"));
  ASSERT_TRUE(outcome.ok());
  const RunResult& r = outcome.result();
  const double ilp1 = r.findScalar("threads_for_90pct.ilp_1") ? r.findScalar("threads_for_90pct.ilp_1")->value : 0;
  const double ilp4 = r.findScalar("threads_for_90pct.ilp_4") ? r.findScalar("threads_for_90pct.ilp_4")->value : 0;
  // blocks_per_sm defaults to 1 and a block holds 1024 threads: every ILP reaches 90% on GF100.
  ASSERT_GT(ilp1, 0) << "scalar threads_for_90pct.ilp_1 missing";
  ASSERT_GT(ilp4, 0) << "scalar threads_for_90pct.ilp_4 missing";
  EXPECT_LT(ilp4, ilp1);
}

TEST(SimulatorBackend, FocusOnlyReturnsOnlyTheFocusPoint) {
  for (const char* lab : {labs::kLatencyArithId, labs::kLatencyMemoryId}) {
    SCOPED_TRACE(lab);
    const RunOutcome outcome = run(request(lab, "sim:h100", RunScope::FocusOnly));
    ASSERT_TRUE(outcome.ok()) << outcome.error().message;
    const RunResult& r = outcome.result();
    EXPECT_TRUE(r.focusOnly);
    const View& main = r.views.front();
    ASSERT_EQ(pointCount(main), 1u) << main.id;
    EXPECT_EQ(main.series.front().name, main.focusSeries);
    EXPECT_DOUBLE_EQ(main.series.front().points.front().x, main.focusX);
  }
}

TEST(SimulatorBackend, FocusPointEqualsTheSameConfigurationInTheFullSweep) {
  const RunOutcome focus = run(request(labs::kLatencyArithId, "sim:h200", RunScope::FocusOnly));
  const RunOutcome full = run(request(labs::kLatencyArithId, "sim:h200"));
  ASSERT_TRUE(focus.ok() && full.ok());
  const View& f = focus.result().views.front();
  const View& all = *full.result().findView(f.id);
  const auto series = std::find_if(all.series.begin(), all.series.end(), [&](auto& s) { return s.name == f.focusSeries; });
  ASSERT_NE(series, all.series.end());
  const auto point = std::find_if(series->points.begin(), series->points.end(), [&](auto& p) { return p.x == f.focusX; });
  ASSERT_NE(point, series->points.end());
  EXPECT_DOUBLE_EQ(point->y, f.series.front().points.front().y);
}

TEST(SimulatorBackend, UnknownLabIsBadInputNamingTheLabBeforeTheBackendIsAsked) {
  // The session resolves the lab; a backend is only ever handed a lab that exists.
  Session session(nullptr, makeSimulatorBackend());
  CancelToken cancel;
  const RunOutcome outcome = session.run({"latency-quantum", "sim:h100", {}, RunScope::FullSweep}, {}, cancel);
  ASSERT_FALSE(outcome.ok());
  EXPECT_EQ(outcome.error().kind, RunError::Kind::BadInput);
  EXPECT_NE(outcome.error().message.find("latency-quantum"), std::string::npos) << outcome.error().message;
}

TEST(SimulatorBackend, UnknownDeviceIsBadInputListingTheProfiles) {
  const RunOutcome outcome = run(request(labs::kLatencyArithId, "sim:rtx9090"));
  ASSERT_FALSE(outcome.ok());
  EXPECT_EQ(outcome.error().kind, RunError::Kind::BadInput);
  EXPECT_NE(outcome.error().message.find("sim:rtx9090"), std::string::npos);
  EXPECT_NE(outcome.error().message.find("sim:h100"), std::string::npos);
}

TEST(SimulatorBackend, ThreadsThatDoNotFitOnAnSmAreBadInput) {
  RunRequest r = request(labs::kLatencyArithId, "sim:gtx480");
  r.params.set("threads_per_block", 1024);
  r.params.set("blocks_per_sm", 2);  // 2048 > 1536 threads per SM on GF100
  const RunOutcome outcome = run(r);
  ASSERT_FALSE(outcome.ok());
  EXPECT_EQ(outcome.error().kind, RunError::Kind::BadInput);
  EXPECT_NE(outcome.error().message.find("blocks_per_sm"), std::string::npos) << outcome.error().message;
}

TEST(SimulatorBackend, OutOfRangeParameterIsBadInputThroughTheSession) {
  // Parameters are validated once, by the Session, before any backend sees them.
  Session session(nullptr, makeSimulatorBackend());
  RunRequest r = request(labs::kLatencyMemoryId);
  r.params.set("element_bytes", 12);
  CancelToken cancel;
  const RunOutcome outcome = session.run(r, nullptr, cancel);
  ASSERT_FALSE(outcome.ok());
  EXPECT_EQ(outcome.error().kind, RunError::Kind::BadInput);
  EXPECT_NE(outcome.error().message.find("element_bytes"), std::string::npos) << outcome.error().message;
}

TEST(SimulatorBackend, CancelledBeforeStartReturnsCancelled) {
  auto backend = makeSimulatorBackend();
  CancelToken cancel;
  cancel.requestCancel();
  const RunOutcome outcome = test::runResolved(*backend, request(labs::kLatencyMemoryId), nullptr, cancel);
  ASSERT_FALSE(outcome.ok());
  EXPECT_EQ(outcome.error().kind, RunError::Kind::Cancelled);
}

TEST(SimulatorBackend, CancelDuringTheSweepStopsBetweenConfigurations) {
  auto backend = makeSimulatorBackend();
  CancelToken cancel;
  double lastFraction = 0;
  const ProgressFn progress = [&](double fraction, const std::string&) {
    lastFraction = fraction;
    if (fraction >= 0.3) cancel.requestCancel();
  };
  const RunOutcome outcome = test::runResolved(*backend, request(labs::kLatencyArithId), progress, cancel);
  ASSERT_FALSE(outcome.ok());
  EXPECT_EQ(outcome.error().kind, RunError::Kind::Cancelled);
  EXPECT_LT(lastFraction, 0.35) << "the run went on after the cancel";
}

TEST(SimulatorBackend, ProgressRisesToOneWithoutFloodingTheCaller) {
  auto backend = makeSimulatorBackend();
  CancelToken cancel;
  std::vector<double> fractions;
  const ProgressFn progress = [&](double fraction, const std::string& what) {
    fractions.push_back(fraction);
    EXPECT_FALSE(what.empty());
  };
  const RunOutcome outcome = test::runResolved(*backend, request(labs::kLatencyArithId), progress, cancel);
  ASSERT_TRUE(outcome.ok());
  ASSERT_GE(fractions.size(), 2u);
  EXPECT_TRUE(std::is_sorted(fractions.begin(), fractions.end()));
  EXPECT_DOUBLE_EQ(fractions.back(), 1.0);
  EXPECT_LE(fractions.size(), 102u) << "at most one report per percent";
}

TEST(SimulatorBackend, RegisterBoundOccupancyIsLeftOutLikeOnTheGpu) {
  // 256 B/thread needs 74 registers: at most 12 blocks of 64 threads fit on an H100 SM, so the
  // sweep's 14..32-block levels of that series cannot be forced and are left out.
  const RunOutcome outcome = run(request(labs::kLatencyMemoryId));
  ASSERT_TRUE(outcome.ok());
  const View& view = *outcome.result().findView("fraction-vs-occupancy");
  const auto wide = std::find_if(view.series.begin(), view.series.end(),
                                 [](auto& s) { return s.name.rfind("256 B/thread", 0) == 0; });
  ASSERT_NE(wide, view.series.end());
  for (const auto& p : wide->points) EXPECT_LE(p.x, 100.0 * 12 * 64 / 2048 + 1e-9);
  EXPECT_TRUE(hasNoteContaining(outcome.result(), "registers"));
}

TEST(SimulatorBackend, ModelledBandwidthNeverBeatsTheDram) {
  for (const auto& device : makeSimulatorBackend()->devices()) {
    if (!hasDramModel(device)) continue;
    const RunOutcome outcome = run(request(labs::kLatencyMemoryId, device.id));
    ASSERT_TRUE(outcome.ok());
    for (const auto& s : outcome.result().findView("gbps-vs-occupancy")->series)
      for (const auto& p : s.points) EXPECT_LE(p.y, device.dramBandwidthGBs) << device.id << " " << s.name;
  }
}

TEST(SimulatorBackend, MalformedProfilesAreSkippedNotFatal) {
  auto backend = sim::makeSimulatorBackend({}, {"broken.json: model.dram_latency_ns is missing"});
  EXPECT_TRUE(backend->devices().empty());
  CancelToken cancel;
  const RunOutcome outcome = test::runResolved(*backend, request(labs::kLatencyArithId), nullptr, cancel);
  ASSERT_FALSE(outcome.ok());
  EXPECT_EQ(outcome.error().kind, RunError::Kind::BadInput);
  EXPECT_NE(outcome.error().message.find("broken.json"), std::string::npos) << outcome.error().message;
}

TEST(Session, WithoutCudaTheDeviceListSaysWhyAndCudaIdsAreRefusedWithTheReason) {
  Session session(nullptr, makeSimulatorBackend(), "no CUDA device: cudaGetDeviceCount: no driver (test)");
  ASSERT_EQ(session.unavailableDevices().size(), 1u);
  EXPECT_EQ(session.unavailableDevices()[0].id, "cuda");
  try {
    (void)session.device("cuda:0");
    FAIL() << "cuda:0 accepted without a GPU";
  } catch (const BadInputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("no GPU cuda:0: no CUDA device: cudaGetDeviceCount: no driver (test)"), std::string::npos) << what;
    EXPECT_NE(what.find("sim:h100"), std::string::npos) << "names the devices that do work: " << what;
  }
}
