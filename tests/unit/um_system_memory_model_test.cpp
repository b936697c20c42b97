// um-system-memory's model against hand-worked cases: each side's atomic rate alone from the
// profile's parameters, the shared counters' page handed over by faults and migrations, and a
// kernel on system-allocated memory only where the profile lets the GPU reach it.
#include "labs/um_system_memory/um_system_memory_model.h"

#include <gtest/gtest.h>

#include "labs/um_system_memory/um_system_memory_layout.h"
#include "um_test_support.h"
#include "warpscope/params.h"

namespace warpscope::labs {
namespace {

using um_test::shippedProfile;
using um_test::withParam;

SystemScenario scenario(SysKind kind) {
  SystemScenario s;
  s.kind = kind;
  return s;
}

double opsPerS(const um::UmScenarioResult& r, const std::string& phase) {
  const um::UmPhaseTiming* p = r.findPhase(phase);
  EXPECT_NE(p, nullptr) << r.name << " has no phase " << phase;
  return p ? static_cast<double>(p->bytes / kCounterBytes) / (p->medianMs * 1e-3) : 0;
}

std::uint64_t migrations(const um::UmScenarioResult& r) {
  std::uint64_t n = 0;
  for (const um::UmEvent& e : r.trace.events)
    if (e.kind == um::UmEventKind::BytesHtoD || e.kind == um::UmEventKind::BytesDtoH) ++n;
  return n;
}

TEST(UmSystemMemoryModel, EachSidesRateAloneIsTheProfilesHandWorked) {
  const SystemHostParams p = systemHostParams(shippedProfile("h200"));
  // H200: 1.13 updates of one word per clock at 1980 MHz; 37.5 sector updates per clock in all.
  EXPECT_DOUBLE_EQ(gpuAtomicRate(p, 1), 1.13 * 1980e6);
  EXPECT_DOUBLE_EQ(gpuAtomicRate(p, 4), 4 * 1.13 * 1980e6);
  EXPECT_DOUBLE_EQ(gpuAtomicRate(p, 64), 37.5 * 1980e6) << "64 words: the units' sector limit";
  // 6 ns per uncontended add; 80 ns per line handed between cores.
  EXPECT_DOUBLE_EQ(cpuAtomicRate(p, 1, 4, false), 1e9 / 6);
  EXPECT_DOUBLE_EQ(cpuAtomicRate(p, 2, 4, false), 1e9 / 80) << "4 packed counters: one line";
  EXPECT_DOUBLE_EQ(cpuAtomicRate(p, 8, 4, true), 4 * 1e9 / 80) << "4 separate counters: four lines";
}

TEST(UmSystemMemoryModel, TheGpuAloneDoesItsOpsAtItsRateAfterTheLaunchWithoutMovingAPage) {
  const auto& h200 = shippedProfile("h200");
  const SystemHostParams p = systemHostParams(h200);
  for (const SysKind kind : {SysKind::DeviceAtomicsAlone, SysKind::SystemAtomicsAlone}) {
    SystemScenario s = scenario(kind);
    s.counters = 1;
    const um::UmScenarioResult r = simulateSystemScenario(h200, s);
    const double expectedUs = p.kernelLaunchUs + static_cast<double>(s.gpuOps) / gpuAtomicRate(p, 1) * 1e6;
    EXPECT_NEAR(r.findPhase("gpu")->medianMs * 1e3, expectedUs, 1e-6 * expectedUs) << r.name;
    EXPECT_EQ(migrations(r), 0u) << r.name;
    EXPECT_EQ(r.counters.gpuFaults + r.counters.cpuFaults, 0u) << r.name;
    EXPECT_EQ(r.findPhase("cpu"), nullptr) << r.name;
  }
}

TEST(UmSystemMemoryModel, TogetherThePageFaultsBackAndForthAndBothSidesAreSlowerThanAlone) {
  const auto& h200 = shippedProfile("h200");
  for (const bool separate : {false, true}) {
    SystemScenario s = scenario(SysKind::CpuGpuAtomics);
    s.counters = 1;
    s.separatePages = separate;
    const um::UmScenarioResult both = simulateSystemScenario(h200, s);
    EXPECT_GE(both.counters.cpuFaults, 1u);
    EXPECT_GE(both.counters.gpuFaultGroups, 1u);
    EXPECT_GE(migrations(both), 2u) << "at least one move each way";
    EXPECT_GT(both.counters.bytesHtoD, 0u);
    EXPECT_GT(both.counters.bytesDtoH, 0u);
    // Every operation is done, and accounted (8 bytes each).
    EXPECT_EQ(both.findPhase("gpu")->bytes, s.gpuOps * kCounterBytes);
    EXPECT_EQ(both.findPhase("cpu")->bytes, s.cpuOpsPerThread * s.cpuThreads * kCounterBytes);
    EXPECT_EQ(both.findPhase("wall")->bytes, (s.gpuOps + s.cpuOpsPerThread * s.cpuThreads) * kCounterBytes);
    SystemScenario gpuAlone = s, cpuAlone = s;
    gpuAlone.kind = SysKind::SystemAtomicsAlone;
    cpuAlone.kind = SysKind::CpuAtomicsAlone;
    EXPECT_LT(opsPerS(both, "gpu"), opsPerS(simulateSystemScenario(h200, gpuAlone), "gpu"));
    EXPECT_LT(opsPerS(both, "cpu"), opsPerS(simulateSystemScenario(h200, cpuAlone), "cpu"));
    EXPECT_GE(both.findPhase("wall")->medianMs, both.findPhase("gpu")->medianMs);
    EXPECT_GE(both.findPhase("wall")->medianMs, both.findPhase("cpu")->medianMs);
  }
}

TEST(UmSystemMemoryModel, LongerContentionThrashesAndTheDriverThrottles) {
  SystemScenario s = scenario(SysKind::CpuGpuAtomics);
  s.counters = 1;
  s.gpuOps = 64ull << 20;
  s.cpuOpsPerThread = 64ull << 10;
  const um::UmScenarioResult r = simulateSystemScenario(shippedProfile("h200"), s);
  EXPECT_GE(r.counters.thrashingEvents, 1u);
  EXPECT_GE(r.counters.throttlingEvents, 1u);
  // Without atomics over PCIe the GPU never adds through a remote mapping: every GPU turn migrates.
  EXPECT_GE(migrations(r), r.counters.gpuFaultGroups);
}

TEST(UmSystemMemoryModel, AHostWithNativeAtomicsIsRefusedForTheSharedRun) {
  const auto profile = withParam("host_link", "host_native_atomics", 1);
  EXPECT_THROW(simulateSystemScenario(profile, scenario(SysKind::CpuGpuAtomics)), BadInputError);
  EXPECT_NO_THROW(simulateSystemScenario(profile, scenario(SysKind::SystemAtomicsAlone)));
}

TEST(UmSystemMemoryModel, MallocRunsLikeManagedMemoryWhereTheProfileHasHmm) {
  const auto& h200 = shippedProfile("h200");
  const um::UmScenarioResult malloced = simulateSystemScenario(h200, scenario(SysKind::Malloc));
  const um::UmScenarioResult managed = simulateSystemScenario(h200, scenario(SysKind::Managed));
  ASSERT_NE(malloced.findPhase("first touch"), nullptr);
  EXPECT_DOUBLE_EQ(malloced.findPhase("first touch")->medianMs, managed.findPhase("first touch")->medianMs);
  EXPECT_GT(malloced.findPhase("first touch")->medianMs, 2 * malloced.findPhase("second touch")->medianMs)
      << "the first touch migrates the pages";
  EXPECT_EQ(malloced.counters.bytesHtoD, 64ull << 20) << "every page of the buffer comes over once";
  const um::UmScenarioResult stack = simulateSystemScenario(h200, scenario(SysKind::StackBuffer));
  EXPECT_EQ(stack.findPhase("first touch")->bytes, kStackBufferBytes);
  EXPECT_EQ(stack.counters.bytesHtoD, kStackBufferBytes);
}

TEST(UmSystemMemoryModel, WithoutPageableAccessTheKernelIsNotRunOnSystemMemoryAndTheNoteSaysWhy) {
  const auto profile = withParam("host_link", "pageable_memory_access", 0);
  for (const SysKind kind : {SysKind::Malloc, SysKind::GlobalArray, SysKind::StackBuffer}) {
    const um::UmScenarioResult r = simulateSystemScenario(profile, scenario(kind));
    EXPECT_TRUE(r.phases.empty()) << r.name;
    ASSERT_FALSE(r.notes.empty());
    EXPECT_NE(r.notes.front().find("cudaDevAttrPageableMemoryAccess is 0"), std::string::npos) << r.notes.front();
    EXPECT_NE(r.notes.front().find("open kernel modules"), std::string::npos);
  }
  EXPECT_FALSE(simulateSystemScenario(profile, scenario(SysKind::Managed)).phases.empty());
  EXPECT_FALSE(simulateSystemScenario(profile, scenario(SysKind::ExplicitCopy)).phases.empty());
}

TEST(UmSystemMemoryModel, AtsReadsSystemMemoryInPlaceBothTimes) {
  auto profile = withParam("host_link", "pageable_uses_host_page_tables", 1);
  const um::UmScenarioResult r = simulateSystemScenario(profile, scenario(SysKind::Malloc));
  EXPECT_DOUBLE_EQ(r.findPhase("first touch")->medianMs, r.findPhase("second touch")->medianMs);
  EXPECT_EQ(r.counters.bytesHtoD, 0u);
}

TEST(UmSystemMemoryModel, TheExplicitCopysFirstTouchIncludesThePageableCopy) {
  const auto& h200 = shippedProfile("h200");
  const um::UmScenarioResult r = simulateSystemScenario(h200, scenario(SysKind::ExplicitCopy));
  const double copyMs = (4.2 + static_cast<double>(64ull << 20) / (6 * 1e3)) / 1e3;  // pageable_gbs 6, 4.2 us
  EXPECT_NEAR(r.findPhase("first touch")->medianMs - r.findPhase("second touch")->medianMs, copyMs, 1e-3);
  EXPECT_FALSE(r.trace.captured);
}

TEST(UmSystemMemoryModel, DeterministicAndBadScenariosAreRefused) {
  const auto& h200 = shippedProfile("h200");
  const SystemScenario s = scenario(SysKind::CpuGpuAtomics);
  EXPECT_EQ(simulateSystemScenario(h200, s).findPhase("wall")->medianMs,
            simulateSystemScenario(h200, s).findPhase("wall")->medianMs);
  SystemScenario bad = s;
  bad.counters = 0;
  EXPECT_THROW(simulateSystemScenario(h200, bad), BadInputError);
  bad = s;
  bad.cpuThreads = 0;
  EXPECT_THROW(simulateSystemScenario(h200, bad), BadInputError);
  EXPECT_THROW(simulateSystemScenario(shippedProfile("v100"), s), BadInputError) << "no atomics mechanism";
}

}  // namespace
}  // namespace warpscope::labs
