// um-system-memory on a real GPU: the shared counters are checked exactly inside the measurement
// (a lost or doubled increment throws CheckFailed), the captured run shows the counters' page
// faulting back and forth when the CPU and the kernel add together, and the touch kernel's sums
// and rewritten words are checked on every kind of memory the device lets it reach. Prints the
// figures (docs/labs/unified-memory.md quotes them).
#include "labs/um_system_memory/um_system_memory_cuda.h"

#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "core/run_monitor.h"
#include "labs/um_system_memory/um_system_memory_lab.h"
#include "um_device_test_support.h"
#include "um_result_print.h"
#include "warpscope/params.h"
#include "warpscope/registry.h"

namespace warpscope::labs {
namespace {

using um::UmScenarioResult;

constexpr int kTimedReps = 3;

class UmSystemMemoryCuda : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string why = cuda::umtest::umSkipReason(); !why.empty()) GTEST_SKIP() << why;
    context_ = cuda::umtest::makeContext();
    attributes_ = querySystemAttributes(context_.ordinal);
    std::printf(
        "[um] %s: concurrentManagedAccess %d, hostNativeAtomicSupported %d, pageableMemoryAccess %d, "
        "pageableMemoryAccessUsesHostPageTables %d\n",
        context_.info.name.c_str(), attributes_.concurrentManagedAccess, attributes_.hostNativeAtomics,
        attributes_.pageableMemoryAccess, attributes_.pageableUsesHostPageTables);
  }
  UmScenarioResult run(SysKind kind, SystemScenario s = {}) {
    s.kind = kind;
    UmScenarioResult r = measureSystemScenario(context_, s, kTimedReps);
    um::printScenario(r.name, r);
    return r;
  }
  cuda::DeviceContext context_;
  SystemAttributes attributes_;
};

std::uint64_t migrations(const UmScenarioResult& r) {
  std::uint64_t n = 0;
  for (const um::UmEvent& e : r.trace.events)
    if (e.kind == um::UmEventKind::BytesHtoD || e.kind == um::UmEventKind::BytesDtoH) ++n;
  return n;
}

double mops(const UmScenarioResult& r, const std::string& phase) {
  const um::UmPhaseTiming* p = r.findPhase(phase);
  return p ? p->gbps() * 1e3 / 8 : 0;
}

TEST_F(UmSystemMemoryCuda, EachSideAloneAddsExactlyWithoutMovingThePage) {
  SystemScenario s;
  s.counters = 4;
  for (const SysKind kind : {SysKind::DeviceAtomicsAlone, SysKind::SystemAtomicsAlone, SysKind::CpuAtomicsAlone}) {
    const UmScenarioResult r = run(kind, s);  // the counts are checked inside: CheckFailed otherwise
    ASSERT_NE(r.findPhase("wall"), nullptr) << r.name;
    if (kind == SysKind::CpuAtomicsAlone) {
      EXPECT_EQ(r.findPhase("cpu")->bytes, s.cpuOpsPerThread * s.cpuThreads * 8) << "all operations done";
      EXPECT_EQ(r.findPhase("gpu"), nullptr);
    } else {
      EXPECT_EQ(r.findPhase("gpu")->bytes, s.gpuOps * 8) << "all operations done";
    }
    if (r.trace.captured) EXPECT_EQ(migrations(r), 0u) << r.name << ": one side alone keeps the page where it is";
  }
}

TEST_F(UmSystemMemoryCuda, TogetherTheCountsAreExactAndThePageFaultsBackAndForth) {
  for (const bool separate : {false, true}) {
    SystemScenario s;
    s.counters = 4;
    s.separatePages = separate;
    const UmScenarioResult both = run(SysKind::CpuGpuAtomics, s);  // checked exactly inside
    ASSERT_NE(both.findPhase("gpu"), nullptr);
    ASSERT_NE(both.findPhase("cpu"), nullptr);
    std::printf("[um] together (%s): GPU %.1f M ops/s, CPU %.2f M ops/s, wall %.3f ms, %llu migrations\n",
                separate ? "separate pages" : "one page", mops(both, "gpu"), mops(both, "cpu"),
                both.findPhase("wall")->medianMs, static_cast<unsigned long long>(migrations(both)));
    if (!both.trace.captured) GTEST_SKIP() << "no unified-memory trace here: " << both.trace.unavailableReason;
    if (attributes_.hostNativeAtomics == 0) {
      // No atomics over the link: each side must fault the page over to add.
      EXPECT_GE(both.counters.cpuFaults, 1u);
      EXPECT_GE(both.counters.gpuFaultGroups, 1u);
      EXPECT_GE(migrations(both), 2u) << "at least one move each way";
      EXPECT_GT(both.counters.bytesHtoD, 0u);
      EXPECT_GT(both.counters.bytesDtoH, 0u);
    }
  }
}

TEST_F(UmSystemMemoryCuda, ManagedAndExplicitCopyAreCheckedAndTheFirstTouchMigrates) {
  SystemScenario s;
  s.bufferBytes = 64ull << 20;
  const UmScenarioResult managed = run(SysKind::Managed, s);  // sums and words checked inside
  ASSERT_NE(managed.findPhase("first touch"), nullptr);
  EXPECT_GT(managed.findPhase("first touch")->medianMs, managed.findPhase("second touch")->medianMs);
  if (managed.trace.captured)
    EXPECT_GE(managed.counters.bytesHtoD, s.bufferBytes) << "every page of the buffer came to the GPU";
  const UmScenarioResult copy = run(SysKind::ExplicitCopy, s);
  ASSERT_NE(copy.findPhase("first touch"), nullptr);
  EXPECT_GT(copy.findPhase("first touch")->medianMs, copy.findPhase("second touch")->medianMs)
      << "the first touch includes the cudaMemcpy";
}

TEST_F(UmSystemMemoryCuda, SystemAllocatedMemoryRunsOnlyWhereTheDriverLetsTheGpuReachIt) {
  SystemScenario s;
  s.bufferBytes = 64ull << 20;
  for (const SysKind kind : {SysKind::Malloc, SysKind::GlobalArray, SysKind::StackBuffer}) {
    const UmScenarioResult r = run(kind, s);
    if (attributes_.pageableMemoryAccess == 0) {
      EXPECT_TRUE(r.phases.empty()) << r.name << ": never launched on memory the GPU cannot reach";
      ASSERT_FALSE(r.notes.empty());
      EXPECT_NE(r.notes.front().find("cudaDevAttrPageableMemoryAccess is 0"), std::string::npos);
      continue;
    }
    ASSERT_NE(r.findPhase("first touch"), nullptr) << r.name;  // sums and words checked inside
    if (kind == SysKind::Malloc && attributes_.pageableUsesHostPageTables == 0) {
      // HMM migrates on the first touch; the second reads device memory.
      EXPECT_GT(r.findPhase("first touch")->medianMs, r.findPhase("second touch")->medianMs);
      std::printf("[um] malloc under HMM: %llu KiB to the GPU in the traced run (%s)\n",
                  static_cast<unsigned long long>(r.counters.bytesHtoD >> 10),
                  r.trace.captured ? "CUPTI" : r.trace.unavailableReason.c_str());
    }
  }
}

TEST_F(UmSystemMemoryCuda, TheWholeLabRunsAndReportsTheAttributes) {
  const LabSpec& spec = umSystemMemorySpec();
  RunRequest request{kUmSystemMemoryId, "cuda:0", defaultParams(spec.params), RunScope::FullSweep};
  static const ProgressFn noProgress;
  CancelToken cancel;
  RunMonitor monitor(noProgress, cancel);
  const RunResult r = measureUmSystemMemory(context_, request, monitor);
  EXPECT_EQ(r.provenance, Provenance::Measured);
  ASSERT_EQ(r.views.size(), spec.views.size());
  const Scalar* pageable = r.findScalar("attr.pageable_memory_access");
  ASSERT_NE(pageable, nullptr);
  EXPECT_EQ(pageable->value, attributes_.pageableMemoryAccess);
  const Scalar* atomics = r.findScalar("attr.host_native_atomics");
  ASSERT_NE(atomics, nullptr);
  EXPECT_EQ(atomics->value, attributes_.hostNativeAtomics);
  for (const std::string& n : r.notes) std::printf("[um] note: %s\n", n.c_str());
  for (const Scalar& sc : r.scalars) std::printf("[um] %s = %g %s\n", sc.id.c_str(), sc.value, sc.unit.c_str());
}

}  // namespace
}  // namespace warpscope::labs
