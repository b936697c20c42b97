// um-fault-path's fault groups (issue 31, section 5): a trace's GPU page-fault events turned into
// groups with the host-to-device copies each made, from synthetic CUPTI-like records (overlapping
// groups, copies inside none, an uncaptured trace) and from the model's batches; the views that
// set measured groups beside the model's; and the lab on the simulator, where the model fills them.
#include "labs/um_fault_path/um_fault_groups.h"

#include <gtest/gtest.h>

#include <string>

#include "labs/um_common/um_model.h"
#include "labs/um_fault_path/um_fault_group_views.h"
#include "labs/um_fault_path/um_fault_path_lab.h"
#include "labs/um_fault_path/um_fault_path_model.h"
#include "um_test_support.h"
#include "warpscope/params.h"

namespace warpscope::labs {
namespace {

using um::UmEvent;
using um::UmEventKind;

UmEvent group(double start, double end, std::uint64_t count) {
  UmEvent e;
  e.kind = UmEventKind::GpuPageFault;
  e.startUs = start;
  e.endUs = end;
  e.count = count;
  e.bytes = um::kPageBytes;
  return e;
}

UmEvent copy(double start, std::uint64_t bytes, um::UmCause cause, std::uint64_t address = 0) {
  UmEvent e;
  e.kind = UmEventKind::BytesHtoD;
  e.startUs = start;
  e.endUs = start + 3;
  e.bytes = bytes;
  e.cause = cause;
  e.address = address;
  return e;
}

/// What a CUPTI capture of a small run might hold, out of order as records arrive: group A
/// [100, 300] with 8 faults, group B [250, 600] overlapping it with 5, group C [900, 950] with 1;
/// copies at 120 (A), 260 (B: began last and still open), 400 (B), 700 (no group), 900 (C); a CPU
/// fault the table ignores.
um::UmTrace cuptiLikeTrace() {
  um::UmTrace t;
  t.captured = true;
  t.allocationBytes = 1 << 20;
  t.source = "CUPTI unified-memory counters (CUDA 13)";
  t.events = {copy(400, 64 * 1024, um::UmCause::Prefetch, 0x10000),
              group(250, 600, 5),
              copy(120, 4096, um::UmCause::Coherence),
              group(100, 300, 8),
              copy(260, 8192, um::UmCause::Coherence, 0x2000),
              copy(700, 4096, um::UmCause::Coherence, 0x30000),
              group(900, 950, 1),
              copy(900, 4096 * 3, um::UmCause::Coherence, 0x40000)};
  UmEvent cpu;
  cpu.kind = UmEventKind::CpuPageFault;
  cpu.startUs = cpu.endUs = 50;
  cpu.destination = um::Processor::Cpu;
  t.events.push_back(cpu);
  return t;
}

TEST(FaultGroups, EachCopyGoesToTheGroupThatBeganLastAndWasStillOpen) {
  const FaultGroupTable t = faultGroupsOf(cuptiLikeTrace());
  ASSERT_EQ(t.groups.size(), 3u);
  EXPECT_DOUBLE_EQ(t.groups[0].startUs, 100);  // sorted by start
  EXPECT_DOUBLE_EQ(t.groups[1].startUs, 250);
  EXPECT_EQ(t.faults, 14u);
  EXPECT_EQ(t.groups[0].pagesMigrated, 1u);
  EXPECT_EQ(t.groups[0].copies, 1u);
  EXPECT_EQ(t.groups[1].pagesMigrated, 2u + 16u);
  EXPECT_EQ(t.groups[1].faultedPages, 2u);  // the prefetched 64 KiB is not faulted
  EXPECT_EQ(t.groups[1].copies, 2u);
  EXPECT_EQ(t.groups[2].pagesMigrated, 3u);  // a copy at the group's start belongs to it
  EXPECT_EQ(t.pagesOutsideGroups, 1u);
  EXPECT_EQ(t.pagesMigrated, 1u + 2u + 16u + 1u + 3u);
  EXPECT_EQ(t.copies, 5u);
  EXPECT_DOUBLE_EQ(t.groups[1].durationUs(), 350);
  EXPECT_DOUBLE_EQ(t.medianDurationUs(), 200);
  EXPECT_DOUBLE_EQ(t.longestDurationUs(), 350);
}

TEST(FaultGroups, AnEmptyTraceHasNoGroupsAndACopyBeforeEveryGroupIsOutside) {
  um::UmTrace t;
  t.captured = true;
  EXPECT_TRUE(faultGroupsOf(t).groups.empty());
  EXPECT_DOUBLE_EQ(faultGroupsOf(t).medianDurationUs(), 0);
  t.events = {copy(10, 4096, um::UmCause::Coherence), group(20, 30, 2)};
  const FaultGroupTable table = faultGroupsOf(t);
  EXPECT_EQ(table.pagesOutsideGroups, 1u);
  EXPECT_EQ(table.groups[0].pagesMigrated, 0u);
}

TEST(FaultGroups, BadScenariosAreRefusedNamingTheField) {
  EXPECT_NO_THROW(checkFaultGroupScenario({4096, 128}));
  try {
    checkFaultGroupScenario({8, 128});
    FAIL();
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("fault_pages"), std::string::npos) << e.what();
  }
  try {
    checkFaultGroupScenario({4096, 96});
    FAIL();
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("bytes_per_warp"), std::string::npos) << e.what();
  }
  EXPECT_THROW(checkFaultGroupScenario({32768, 128}), BadInputError);
  EXPECT_EQ((FaultGroupScenario{16, 65536}.warps()), 1u);
  EXPECT_EQ((FaultGroupScenario{4096, 128}.warps()), 131072u);
}

TEST(FaultGroupsModel, TheModelsBatchesHoldEveryCopyAndFollowOneAnother) {
  const sim::DeviceProfile& h200 = um_test::shippedProfile("h200");
  const um::UvmParams p = um::readUvmParams(h200);
  const um::UmScenarioResult run = simulateFaultGroupScenario(h200, {16384, 128});  // thread/4B over 64 MiB
  ASSERT_TRUE(run.trace.captured);
  const FaultGroupTable t = faultGroupsOf(run.trace);
  EXPECT_EQ(t.groups.size(), run.counters.gpuFaultGroups);
  EXPECT_GE(t.groups.size(), 10u) << "64 MiB of faults take many batches";
  EXPECT_LT(t.groups.size(), t.faults);
  EXPECT_EQ(t.pagesOutsideGroups, 0u) << "the model copies inside the batch that asked";
  EXPECT_EQ(t.pagesMigrated, 16384u) << "every page the kernel reads moves once";
  std::uint64_t sum = 0, faulted = 0;
  for (std::size_t i = 0; i < t.groups.size(); ++i) {
    const FaultGroup& g = t.groups[i];
    sum += g.pagesMigrated;
    faulted += g.faultedPages;
    EXPECT_LE(g.faults, static_cast<std::uint64_t>(p.faultBatchCount)) << i;
    EXPECT_GT(g.durationUs(), 0) << i;
    if (i) {
      EXPECT_GE(g.startUs, t.groups[i - 1].endUs - 1e-9) << "one batch at a time: " << i;
    }
  }
  EXPECT_EQ(sum, t.pagesMigrated);
  EXPECT_EQ(faulted, run.counters.gpuFaultedPages);
  ASSERT_NE(run.findPhase("kernel"), nullptr);
  EXPECT_GE(run.findPhase("kernel")->medianMs * 1e3, t.groups.back().endUs - 1e-6);
}

TEST(FaultGroupViews, AMeasuredRunSetsCuptisGroupsBesideTheModelsBatches) {
  const LabSpec& lab = umFaultPathSpec();
  um::UmScenarioResult measured;
  measured.name = "fault groups";
  measured.trace = cuptiLikeTrace();
  const um::UmScenarioResult model = simulateFaultGroupScenario(um_test::shippedProfile("h200"), {256, 128});
  const std::vector<View> views = faultGroupViews(lab, &measured, model);
  ASSERT_EQ(views.size(), 3u);
  const View& tl = views[0];
  EXPECT_EQ(tl.id, "fault-groups");
  EXPECT_EQ(tl.kind, ViewKind::Timeline);
  EXPECT_NE(tl.title.find("measured"), std::string::npos) << tl.title;
  ASSERT_EQ(tl.timeline.rows.size(), 3u) << "groups, faulted and prefetched copies: no copy of another cause";
  int groups = 0, copies = 0;
  for (const TraceEvent& e : tl.timeline.events) {
    if (e.kind.rfind("gpu-fault", 0) == 0) {
      // Every other group in the second colour, so back-to-back groups stay apart.
      EXPECT_EQ(e.kind, groups % 2 ? "gpu-fault-next" : "gpu-fault");
      ++groups;
      EXPECT_EQ(e.row, 0);
    } else {
      ++copies;
      EXPECT_GE(e.row, 1);
    }
    EXPECT_GE(e.start, 0) << "times from the first fault";
  }
  EXPECT_EQ(groups, 3);
  EXPECT_EQ(copies, 5);
  EXPECT_EQ(tl.timeline.steps.size(), 3u) << "a step per group";
  for (const std::size_t i : {1u, 2u}) {
    const View& v = views[i];
    ASSERT_EQ(v.series.size(), 2u) << v.id;
    EXPECT_EQ(v.series[0].name, kMeasuredGroupsSeries);
    EXPECT_EQ(v.series[1].name, kModelGroupsSeries);
    ASSERT_EQ(v.series[0].points.size(), 3u);
    EXPECT_DOUBLE_EQ(v.series[0].points[0].x, 1);
    EXPECT_EQ(v.series[1].points.size(), model.counters.gpuFaultGroups);
  }
  EXPECT_EQ(views[1].id, "fault-group-durations");
  EXPECT_DOUBLE_EQ(views[1].series[0].points[1].y, 350);
  EXPECT_EQ(views[2].id, "fault-group-pages");
  EXPECT_DOUBLE_EQ(views[2].series[0].points[1].y, 18);
}

TEST(FaultGroupViews, ACopyOfAnotherCauseGetsARowOfItsOwn) {
  um::UmScenarioResult measured;
  measured.trace = cuptiLikeTrace();
  measured.trace.events.push_back(copy(130, 4096, um::UmCause::User));
  const um::UmScenarioResult model = simulateFaultGroupScenario(um_test::shippedProfile("h200"), {256, 128});
  const View tl = faultGroupViews(umFaultPathSpec(), &measured, model)[0];
  ASSERT_EQ(tl.timeline.rows.size(), 4u);
  int other = 0;
  for (const TraceEvent& e : tl.timeline.events) other += e.row == 3 && e.kind == "htod-other";
  EXPECT_EQ(other, 1);
}

TEST(FaultGroupViews, AnUncapturedGpuTraceSaysWhyAndLeavesTheModelsSeries) {
  um::UmScenarioResult measured;
  measured.trace.captured = false;
  measured.trace.unavailableReason = "unified-memory tracing is not supported here";
  const um::UmScenarioResult model = simulateFaultGroupScenario(um_test::shippedProfile("h200"), {256, 128});
  const std::vector<View> views = faultGroupViews(umFaultPathSpec(), &measured, model);
  EXPECT_TRUE(views[0].timeline.events.empty());
  EXPECT_NE(views[0].title.find("no trace: unified-memory tracing"), std::string::npos) << views[0].title;
  ASSERT_EQ(views[1].series.size(), 1u);
  EXPECT_EQ(views[1].series[0].name, kModelGroupsSeries);
}

TEST(UmFaultPathLab, OnTheSimulatorTheModelsBatchesFillTheFaultGroupViews) {
  const RunOutcome o = um_test::simulateLab("um-fault-path", {"fault_pages=4096", "bytes_per_warp=128"});
  ASSERT_TRUE(o.ok()) << o.error().message;
  const RunResult& r = o.result();
  const View* tl = r.findView("fault-groups");
  ASSERT_NE(tl, nullptr);
  EXPECT_NE(tl->title.find("model"), std::string::npos) << tl->title;
  const double groups = um_test::scalar(r, "fault_groups.groups");
  int spans = 0;
  for (const TraceEvent& e : tl->timeline.events) spans += e.kind.rfind("gpu-fault", 0) == 0;
  EXPECT_EQ(spans, groups);
  for (const char* id : {"fault-group-durations", "fault-group-pages"}) {
    const View* v = r.findView(id);
    ASSERT_NE(v, nullptr) << id;
    ASSERT_EQ(v->series.size(), 1u) << id;
    EXPECT_EQ(v->series[0].name, kModelGroupsSeries);
    EXPECT_EQ(v->series[0].points.size(), static_cast<std::size_t>(groups));
  }
  EXPECT_GT(groups, 1) << "4096 pages of thread/4B need several batches";
  EXPECT_LT(groups, um_test::scalar(r, "fault_groups.faults"));
  EXPECT_DOUBLE_EQ(um_test::scalar(r, "fault_groups.warps"), 131072);
  EXPECT_DOUBLE_EQ(um_test::scalar(r, "fault_groups.pages_migrated"), 4096);
  EXPECT_EQ(r.findScalar("fault_groups.model.groups"), nullptr) << "the model's twin is for a GPU run";
  // More pages fault in more batches.
  const RunOutcome more = um_test::simulateLab("um-fault-path", {"fault_pages=16384", "bytes_per_warp=128"});
  ASSERT_TRUE(more.ok());
  EXPECT_GT(um_test::scalar(more.result(), "fault_groups.groups"), groups);
}

TEST(UmFaultPathLab, TheScenariosTheTimelineAndPageMapShowAreDeclaredAsTheModels) {
  for (const ViewSpec& v : umFaultPathSpec().views) {
    const bool measuredOnAGpu = v.id.rfind("fault-group", 0) == 0;
    EXPECT_EQ(v.source == ViewSource::Run, measuredOnAGpu) << v.id;
  }
}

}  // namespace
}  // namespace warpscope::labs
