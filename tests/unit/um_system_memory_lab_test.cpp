// The um-system-memory lab end to end on the simulator (plan -> model -> assembly): its declared
// views, the device attributes as scalars, the plan without CPU threads, and the notes.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/run_monitor.h"
#include "um_test_support.h"

using namespace warpscope;

namespace {

const Bars& barsOf(const RunResult& r, const std::string& id) {
  const View* v = r.findView(id);
  EXPECT_NE(v, nullptr) << id;
  static const Bars none;
  return v ? v->bars : none;
}

bool hasCategory(const Bars& bars, const std::string& name) {
  return std::find(bars.categories.begin(), bars.categories.end(), name) != bars.categories.end();
}

}  // namespace

TEST(UmSystemMemoryLab, RunsOnTheSimulatorWithItsDeclaredViewsATimelineAndAPageMap) {
  um_test::expectDeclaredViewsATimelineAndAPageMap("um-system-memory");
}

// Its speed (50 ms on the model) is a bench figure: warpscope-cli bench um-system-memory.

TEST(UmSystemMemoryLab, ShowsEveryConfigurationAndKindWithTheDeviceAttributes) {
  const RunOutcome outcome = um_test::simulateLab("um-system-memory");
  ASSERT_TRUE(outcome.ok()) << outcome.error().message;
  const RunResult& r = outcome.result();
  const Bars& rates = barsOf(r, "atomic-rates");
  for (const char* c : {"atomicAdd, GPU alone", "atomicAdd_system, GPU alone", "CPU and GPU together"})
    EXPECT_TRUE(hasCategory(rates, c)) << c;
  EXPECT_FALSE(hasCategory(rates, "CPU threads alone")) << "no kernel there: no GPU bar";
  EXPECT_NE(rates.valueLabel.find("per second"), std::string::npos);
  const Bars& cpuRates = barsOf(r, "cpu-atomic-rates");
  EXPECT_TRUE(hasCategory(cpuRates, "CPU threads alone"));
  EXPECT_TRUE(hasCategory(cpuRates, "CPU and GPU together"));
  EXPECT_FALSE(hasCategory(cpuRates, "atomicAdd_system, GPU alone"));
  const Bars& gbps = barsOf(r, "system-gbps");
  for (const char* c : {"malloc", "global array", "stack buffer", "cudaMallocManaged", "cudaMalloc + cudaMemcpy"})
    EXPECT_TRUE(hasCategory(gbps, c)) << c;
  EXPECT_NE(gbps.valueLabel.find("GB/s"), std::string::npos);
  EXPECT_EQ(um_test::scalar(r, "attr.host_native_atomics"), 0);
  EXPECT_EQ(um_test::scalar(r, "attr.pageable_memory_access"), 1);
  EXPECT_EQ(um_test::scalar(r, "attr.pageable_uses_host_page_tables"), 0);
  EXPECT_EQ(um_test::scalar(r, "attr.concurrent_managed_access"), 1);
  EXPECT_GT(um_test::scalar(r, "atomics.cpu_gpu.migrations"), 0);
  const bool story = std::any_of(r.notes.begin(), r.notes.end(), [](const std::string& n) {
    return n.find("cudaDevAttrHostNativeAtomicSupported = 0") != std::string::npos &&
           n.find("CPU faults") != std::string::npos;
  });
  EXPECT_TRUE(story) << "the notes say what the driver did instead of atomics over the link";
}

TEST(UmSystemMemoryLab, NoCpuThreadsMeansTheGpuAloneAndNoSharedRun) {
  const RunOutcome outcome = um_test::simulateLab("um-system-memory", {"cpu_threads=0"});
  ASSERT_TRUE(outcome.ok()) << outcome.error().message;
  const Bars& rates = barsOf(outcome.result(), "atomic-rates");
  EXPECT_TRUE(hasCategory(rates, "atomicAdd_system, GPU alone"));
  EXPECT_FALSE(hasCategory(rates, "CPU and GPU together"));
  EXPECT_TRUE(barsOf(outcome.result(), "cpu-atomic-rates").categories.empty());
}

TEST(UmSystemMemoryLab, AProfileWithoutHmmLeavesSystemMemoryOutAndSaysWhatTheDriverNeeds) {
  const sim::DeviceProfile profile = um_test::withParam("host_link", "pageable_memory_access", 0);
  const labs::LabDefinition* lab = LabRegistry::builtin().definition("um-system-memory");
  ASSERT_NE(lab, nullptr);
  RunRequest request{"um-system-memory", "sim:h200", defaultParams(lab->spec.params), RunScope::FullSweep};
  static const ProgressFn noProgress;
  CancelToken cancel;
  labs::RunMonitor monitor(noProgress, cancel);
  const RunResult r = lab->simulate(profile, request, monitor);
  const Bars& gbps = barsOf(r, "system-gbps");
  EXPECT_FALSE(hasCategory(gbps, "malloc"));
  EXPECT_TRUE(hasCategory(gbps, "cudaMallocManaged"));
  EXPECT_TRUE(hasCategory(gbps, "cudaMalloc + cudaMemcpy"));
  EXPECT_EQ(um_test::scalar(r, "attr.pageable_memory_access"), 0);
  const bool why = std::any_of(r.notes.begin(), r.notes.end(), [](const std::string& n) {
    return n.find("cudaDevAttrPageableMemoryAccess is 0") != std::string::npos && n.find("HMM") != std::string::npos;
  });
  EXPECT_TRUE(why);
}
