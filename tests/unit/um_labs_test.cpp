// The five unified-memory labs end to end on the simulator (plan -> UVM model -> assembly): the
// declared views of the declared kinds, the scalars, the page map's geometry and the
// seed's shapes (streaming order, the oversubscription cliff), and what the Session refuses.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "core/lab_definition.h"
#include "warpscope/registry.h"
#include "labs/um_common/um_trace.h"
#include "sim/simulator_backend.h"
#include "warpscope/backend.h"
#include "warpscope/session.h"

using namespace warpscope;

namespace {

RunOutcome simulate(const std::string& lab, const std::vector<std::string>& sets = {},
                    const std::string& device = "sim:h200") {
  const labs::LabDefinition* def = LabRegistry::builtin().definition(lab);
  EXPECT_NE(def, nullptr) << lab;
  Session session(nullptr, makeSimulatorBackend());
  CancelToken cancel;
  return session.run({lab, device, parseAssignments(def->spec.params, sets), RunScope::FullSweep}, nullptr, cancel);
}

double scalar(const RunResult& r, const std::string& id) {
  const Scalar* s = r.findScalar(id);
  EXPECT_NE(s, nullptr) << id;
  return s ? s->value : -1;
}

class EveryUmLab : public ::testing::TestWithParam<std::string> {};

TEST_P(EveryUmLab, RunsOnTheSimulatorWithItsDeclaredViewsATimelineAndAPageMap) {
  const RunOutcome outcome = simulate(GetParam());
  ASSERT_TRUE(outcome.ok()) << outcome.error().message;
  const RunResult& r = outcome.result();
  const LabSpec& spec = LabRegistry::builtin().definition(GetParam())->spec;
  ASSERT_EQ(r.views.size(), spec.views.size());
  for (std::size_t i = 0; i < spec.views.size(); ++i) {
    EXPECT_EQ(r.views[i].id, spec.views[i].id);
    EXPECT_EQ(r.views[i].kind, spec.views[i].kind) << r.views[i].id;
  }
  const View* timeline = r.findView("um-timeline");
  ASSERT_NE(timeline, nullptr);
  EXPECT_FALSE(timeline->timeline.events.empty()) << "the model traces every scenario";
  const View* map = r.findView("page-map");
  ASSERT_NE(map, nullptr);
  ASSERT_EQ(map->grid.frames.size(), 1u);
  EXPECT_EQ(map->grid.frames[0].cells.size(), static_cast<std::size_t>(map->grid.rows() * map->grid.columns()));
  EXPECT_FALSE(map->grid.changes.empty()) << "pages move in every scenario";
  for (std::size_t i = 1; i < map->grid.changes.size(); ++i)
    ASSERT_LE(map->grid.changes[i - 1].time, map->grid.changes[i].time);
  EXPECT_EQ(r.provenance, Provenance::Simulated);
  EXPECT_FALSE(r.notes.empty());
}

INSTANTIATE_TEST_SUITE_P(UmLabs, EveryUmLab,
                         ::testing::Values("um-streaming", "um-policies", "um-thrashing", "um-oversubscription",
                                           "um-multi-gpu"),
                         [](const auto& test) {
                           std::string name = test.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(UmStreamingLab, ScalarsFollowTheSeedsOrderAndThePageMapCoversTheBuffer) {
  const RunOutcome outcome = simulate("um-streaming", {"buffer_mib=64"});
  ASSERT_TRUE(outcome.ok()) << outcome.error().message;
  const RunResult& r = outcome.result();
  const double t4 = scalar(r, "streaming.gbps.thread_4b"), w64 = scalar(r, "streaming.gbps.warp_64k"),
               prefetch = scalar(r, "streaming.gbps.prefetch"), pinned = scalar(r, "streaming.gbps.memcpy_pinned"),
               pageable = scalar(r, "streaming.gbps.memcpy_pageable");
  EXPECT_GT(prefetch, w64);
  EXPECT_GT(w64, t4);
  EXPECT_GT(pinned, pageable);
  EXPECT_GT(scalar(r, "streaming.gpu_faults"), 0);
  EXPECT_GE(scalar(r, "streaming.bytes_htod"), 64.0 * 1024 * 1024) << "every page reaches the GPU";
  const View* map = r.findView("page-map");
  EXPECT_EQ(map->grid.rows(), 32);  // 64 MiB / 2 MiB
  EXPECT_EQ(map->grid.columns(), 512);
  const View* bars = r.findView("gbps-by-mode");
  EXPECT_EQ(bars->bars.categories.front(), "on-demand thread/4B");
  EXPECT_EQ(bars->bars.series.size(), 1u) << "no model series beside a simulation";
}

TEST(UmStreamingLab, ShownPicksThePrefetchTrace) {
  const RunOutcome outcome = simulate("um-streaming", {"buffer_mib=16", "shown=prefetch"});
  ASSERT_TRUE(outcome.ok()) << outcome.error().message;
  EXPECT_NE(outcome.result().findView("um-timeline")->title.find("prefetch"), std::string::npos);
}

TEST(UmOversubscriptionLab, ThroughputFallsPastGpuMemoryAndReadMostlyEvictsForFree) {
  const RunOutcome outcome = simulate("um-oversubscription", {"model_memory_mib=128"});
  ASSERT_TRUE(outcome.ok()) << outcome.error().message;
  const View* chart = outcome.result().findView("gbps-vs-working-set");
  ASSERT_NE(chart, nullptr);
  std::map<std::string, const Series*> byName;
  for (const Series& s : chart->series) {
    if (s.key < 0) continue;  // the memory limit line
    ASSERT_GE(s.points.size(), 6u);
    byName[s.name] = &s;
  }
  for (const char* pattern : {"thread/4B", "warp/64KB"}) {
    const Series* plain = byName[pattern];
    const Series* readMostly = byName[std::string(pattern) + " + ReadMostly"];
    ASSERT_TRUE(plain && readMostly) << pattern;
    EXPECT_LT(plain->points.back().y, 0.95 * plain->points.front().y) << pattern << ": no cliff past GPU memory";
    // Evicting a read-only copy is dropping it: ReadMostly holds its throughput past the limit.
    EXPECT_GT(readMostly->points.back().y, 0.9 * readMostly->points.front().y) << pattern;
    EXPECT_GT(readMostly->points.back().y, plain->points.back().y) << pattern;
  }
  EXPECT_GT(scalar(outcome.result(), "oversubscription.shown.bytes_evicted"), 0) << "the largest set evicts";
}

TEST(UmLabs, BufferSizesAreMarkedAsManagedMemoryForTheGpuCap) {
  for (const char* lab : {"um-streaming", "um-policies", "um-thrashing", "um-multi-gpu"}) {
    const ParamSpec* p = findParam(LabRegistry::builtin().definition(lab)->spec.params, "buffer_mib");
    ASSERT_NE(p, nullptr) << lab;
    EXPECT_EQ(p->memoryUnitBytes, 1024.0 * 1024.0) << lab;
  }
}

TEST(UmLabs, AProfileWithoutPageFaultsIsRefusedWithTheReason) {
  const RunOutcome outcome = simulate("um-streaming", {"buffer_mib=16"}, "sim:gtx480");
  ASSERT_FALSE(outcome.ok());
  EXPECT_EQ(outcome.error().kind, RunError::Kind::BadInput);
  EXPECT_NE(outcome.error().message.find("gtx480"), std::string::npos) << outcome.error().message;
}

}  // namespace
