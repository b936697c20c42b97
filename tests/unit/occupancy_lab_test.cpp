// The occupancy lab: the slide's examples on the Kepler profile through the simulator (the
// numbers a class sees), the carveout and architecture rules, the views, bad input, and the
// register-cap model.
#include <gtest/gtest.h>

#include <algorithm>

#include "labs/occupancy/occupancy_lab.h"
#include "labs/occupancy/occupancy_model.h"
#include "labs/occupancy/register_cap_kernel.h"
#include "core/run_monitor.h"
#include "mechanisms/device_profile.h"

namespace warpscope::labs {
namespace {

const sim::DeviceProfile& profile(const std::string& id) {
  static const std::vector<sim::DeviceProfile> profiles = sim::loadEmbeddedProfiles();
  const auto it = std::find_if(profiles.begin(), profiles.end(), [&](const auto& p) { return p.id == id; });
  if (it == profiles.end()) throw std::runtime_error("no profile " + id);
  return *it;
}

ParamSet slideParams(int threads) {
  ParamSet p = defaultParams(occupancySpec().params);
  p.set("threads_per_block", threads);
  p.set("registers_per_thread", 100);
  p.set("shared_bytes_per_block", 1024);
  return p;
}

RunResult simulate(const std::string& profileId, const ParamSet& params) {
  static const ProgressFn noProgress;
  CancelToken cancel;
  RunMonitor monitor(noProgress, cancel);
  return simulateOccupancy(profile(profileId), {kOccupancyId, "sim:" + profileId, params, RunScope::FullSweep}, monitor);
}

double scalar(const RunResult& r, const std::string& id) {
  const Scalar* s = r.findScalar(id);
  if (!s) throw std::runtime_error("no scalar " + id);
  return s->value;
}

bool hasNoteContaining(const RunResult& r, const std::string& text) {
  return std::any_of(r.notes.begin(), r.notes.end(), [&](const std::string& n) { return n.find(text) != std::string::npos; });
}

TEST(OccupancyLab, KeplerProfileGivesTheSlidesFirstExample16BlocksAnd25Percent) {
  const RunResult r = simulate("k40", slideParams(32));
  EXPECT_EQ(scalar(r, "occupancy.blocks_per_sm"), 16);
  EXPECT_DOUBLE_EQ(scalar(r, "occupancy.percent"), 25.0);
  EXPECT_EQ(scalar(r, "occupancy.limiter"), static_cast<double>(OccupancyLimiter::Blocks));
  EXPECT_EQ(scalar(r, "occupancy.simple.blocks_per_sm"), 16);
  EXPECT_EQ(scalar(r, "occupancy.limit_blocks.warps"), 64);
  EXPECT_EQ(scalar(r, "occupancy.limit_blocks.shared_memory"), 48);
  EXPECT_TRUE(hasNoteContaining(r, "Limited by blocks per SM: 16 blocks")) << r.notes.front();
}

TEST(OccupancyLab, KeplerProfileShowsTheSlidesArithmeticBesideTheHardwareRuleForTheSecondExample) {
  const RunResult r = simulate("k40", slideParams(64));
  EXPECT_EQ(scalar(r, "occupancy.simple.blocks_per_sm"), 10) << "65536 / 6400";
  EXPECT_DOUBLE_EQ(scalar(r, "occupancy.simple.percent"), 31.25);
  EXPECT_EQ(scalar(r, "occupancy.blocks_per_sm"), 8) << "3200 registers per warp round up to 3328";
  EXPECT_DOUBLE_EQ(scalar(r, "occupancy.percent"), 25.0);
  EXPECT_EQ(scalar(r, "occupancy.registers_per_warp"), 3328);
  EXPECT_TRUE(hasNoteContaining(r, "rounded up to 3328"));
  // The limits view: one bar per resource, both rules; registers lowest under CUDA's rule.
  const View* limits = r.findView("limits");
  ASSERT_NE(limits, nullptr);
  ASSERT_EQ(limits->bars.categories.size(), 4u);
  ASSERT_EQ(limits->bars.series.size(), 2u);
  EXPECT_DOUBLE_EQ(limits->bars.series[0].values[1].value, 25.0) << "registers alone: 8 blocks x 2 warps of 64";
  EXPECT_DOUBLE_EQ(limits->bars.series[1].values[1].value, 31.25);
  EXPECT_DOUBLE_EQ(limits->bars.series[0].values[0].value, 100.0) << "threads alone would fill the SM";
}

TEST(OccupancyLab, CurvesSweepEachParameterWithBothRulesAndMarkTheSliders) {
  const RunResult r = simulate("h100", slideParams(64));
  for (const char* id : {"occupancy-vs-threads", "occupancy-vs-registers", "occupancy-vs-shared"}) {
    const View* v = r.findView(id);
    ASSERT_NE(v, nullptr) << id;
    ASSERT_EQ(v->series.size(), 2u) << id;
    EXPECT_EQ(v->series[0].points.size(), v->series[1].points.size());
    EXPECT_TRUE(v->hasFocus);
    for (const Series& s : v->series)
      for (const Point& p : s.points) {
        EXPECT_GE(p.y, 0);
        EXPECT_LE(p.y, 100);
      }
  }
  // Registers: more registers never raise occupancy under CUDA's rule.
  const View* regs = r.findView("occupancy-vs-registers");
  ASSERT_EQ(regs->series[0].points.size(), 255u);
  for (std::size_t i = 1; i < regs->series[0].points.size(); ++i)
    EXPECT_LE(regs->series[0].points[i].y, regs->series[0].points[i - 1].y);
}

TEST(OccupancyLab, CarveoutBelowOneBlockFallsBackToTheSmallestSizeThatHoldsOne) {
  const sim::DeviceProfile& h100 = profile("h100");
  // 48 KiB + 1 KiB reserve: the default (all 228 KiB) holds 4, a 50% carveout (114 -> 132 KiB) 2.
  EXPECT_EQ(calculateOccupancy(h100.info, h100.occupancy, {256, 32, 48 * 1024, -1}).blocksPerSm, 4);
  const OccupancyResult half = calculateOccupancy(h100.info, h100.occupancy, {256, 32, 48 * 1024, 50});
  EXPECT_EQ(half.sharedBytesPerSm, 132 * 1024);
  EXPECT_EQ(half.blocksPerSm, 2);
  // 0%: smaller than one block of 2 KiB, so the SM takes the smallest size holding one (8 KiB).
  const OccupancyResult none = calculateOccupancy(h100.info, h100.occupancy, {256, 32, 1024, 0});
  EXPECT_EQ(none.sharedBytesPerSm, 8 * 1024);
  EXPECT_EQ(none.blocksPerSm, 4);
  EXPECT_EQ(none.limiter, OccupancyLimiter::SharedMemory);
}

TEST(OccupancyLab, EveryProfilesAllocationRulesAreThoseOfItsComputeCapability) {
  for (const sim::DeviceProfile& p : sim::loadEmbeddedProfiles()) {
    const sim::OccupancyRules arch = architectureOccupancyRules(p.info.computeCapability);
    EXPECT_EQ(p.occupancy.registerAllocationUnit, arch.registerAllocationUnit) << p.fileName;
    EXPECT_EQ(p.occupancy.registerFilePartitions, arch.registerFilePartitions) << p.fileName;
    EXPECT_EQ(p.occupancy.maxRegistersPerThread, arch.maxRegistersPerThread) << p.fileName;
    EXPECT_EQ(p.occupancy.sharedMemAllocationUnit, arch.sharedMemAllocationUnit) << p.fileName;
    const std::vector<int> sizes = sharedMemConfigurations(p.info);
    EXPECT_EQ(sizes.back(), p.info.sharedMemPerSmBytes) << p.fileName;
  }
}

TEST(OccupancyLab, SlidersBeyondTheDeviceAreRefusedNamingTheParameterAndLimit) {
  ParamSet p = slideParams(64);
  p.set("shared_bytes_per_block", 64 * 1024);
  try {
    simulate("k40", p);
    FAIL() << "a Kepler block may have 48 KiB";
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("shared_bytes_per_block = 65536 exceeds the 49152"), std::string::npos) << e.what();
  }
  try {
    simulate("gtx480", slideParams(64));
    FAIL() << "a Fermi thread may use 63 registers";
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("registers_per_thread = 100 exceeds the 63"), std::string::npos) << e.what();
  }
}

TEST(OccupancyLab, ABlockThatDoesNotFitSaysWhichResourceRanOut) {
  ParamSet p = slideParams(1024);
  p.set("registers_per_thread", 255);
  const RunResult r = simulate("h100", p);
  EXPECT_EQ(scalar(r, "occupancy.blocks_per_sm"), 0);
  EXPECT_TRUE(hasNoteContaining(r, "Not one block fits")) << r.notes.front();
}

TEST(OccupancyRegisterCapModel, TighterCapsSpillMoreAndRaiseOccupancyUntilSpillsCostTime) {
  const std::vector<RegisterCapPoint> caps = modelRegisterCaps(profile("h200"));
  ASSERT_EQ(caps.size(), static_cast<std::size_t>(kCapVariantCount));
  EXPECT_EQ(caps[0].registerCap, 255);
  EXPECT_EQ(caps[0].localBytesPerThread, 0) << "72 registers fit without a cap";
  EXPECT_EQ(caps[1].registerCap, 128);
  EXPECT_EQ(caps[2].registerCap, 64);
  EXPECT_EQ(caps[3].registerCap, 40) << "65536 / (256 x 6) = 42, rounded down to 8 per thread";
  EXPECT_EQ(caps[4].registerCap, 32);
  for (std::size_t i = 2; i < caps.size(); ++i) {
    EXPECT_LE(caps[i].registersPerThread, caps[i].registerCap);
    EXPECT_GT(caps[i].localBytesPerThread, caps[i - 1].localBytesPerThread);
    EXPECT_GT(caps[i].occupancyPct, caps[i - 1].occupancyPct);
  }
  EXPECT_DOUBLE_EQ(caps[4].occupancyPct, 100.0);
  // The most spilled kernel runs at full occupancy and is still the slowest: spills cost more
  // than occupancy buys when 64 independent values per thread already hide the FMA latency.
  EXPECT_GT(caps[4].msMedian, 1.5 * caps[0].msMedian);
}

}  // namespace
}  // namespace warpscope::labs
