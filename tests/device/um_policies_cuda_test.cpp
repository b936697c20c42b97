// Guards um-policies' CUDA measurement: under every cudaMemAdvise policy the CPU reads back what
// the kernel left (checked inside; a wrong word throws), and each policy shows its effect in the
// CUPTI counters against no advice. PoliciesTable prints the figures.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <sstream>

#include "labs/um_policies/um_policies_cuda.h"
#include "um_device_test_support.h"
#include "warpscope/params.h"

namespace warpscope::labs {
namespace {

using um::UmScenarioResult;

class UmPoliciesCuda : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const std::string why = cuda::umtest::umSkipReason(); !why.empty()) GTEST_SKIP() << why;
    context_ = cuda::umtest::makeContext();
  }
  cuda::DeviceContext context_;
};

constexpr std::uint64_t kBytes = 64ull << 20;
constexpr UmPolicy kPolicies[] = {UmPolicy::None, UmPolicy::ReadMostly, UmPolicy::PreferredCpu, UmPolicy::PreferredGpu,
                                  UmPolicy::AccessedByGpu};

std::string table(const std::string& title, const std::map<UmPolicy, UmScenarioResult>& results) {
  std::ostringstream out;
  out << title << "\n";
  char line[400];
  std::snprintf(line, sizeof line, "%-22s %9s %8s %8s %9s %9s %9s %9s %9s %9s %9s %9s %8s\n", "policy", "iter GB/s",
                "min", "max", "iter ms", "init ms", "kernel ms", "use ms", "HtoD MiB", "DtoH MiB", "gpuFaults",
                "faultGrps", "cpuFlts");
  out << line;
  for (const auto& [policy, r] : results) {
    const auto* it = r.findPhase("iteration");
    const auto* init = r.findPhase("cpu-init");
    const auto* k = r.findPhase("kernel");
    const auto* use = r.findPhase("cpu-use");
    std::snprintf(line, sizeof line, "%-22s %9.2f %8.2f %8.2f %9.2f %9.2f %9.2f %9.2f %9.1f %9.1f %9llu %9llu %8llu\n",
                  r.name.c_str(), it->gbps(), it->gbpsLow(), it->gbpsHigh(), it->medianMs, init->medianMs, k->medianMs,
                  use->medianMs, static_cast<double>(r.counters.bytesHtoD) / 1048576.0,
                  static_cast<double>(r.counters.bytesDtoH) / 1048576.0,
                  static_cast<unsigned long long>(r.counters.gpuFaults),
                  static_cast<unsigned long long>(r.counters.gpuFaultGroups),
                  static_cast<unsigned long long>(r.counters.cpuFaults));
    out << line;
    for (const auto& n : r.notes)
      if (n.rfind("iteration", 0) == 0 || n.rfind("no trace", 0) == 0) out << "    " << n << "\n";
    if (r.counters.remoteMapEvents) out << "    remote maps: " << r.counters.remoteMapEvents << "\n";
  }
  return out.str();
}

/// Every policy, reads only and reads + writes; the effects asserted on the read-only runs.
TEST_F(UmPoliciesCuda, PoliciesTableAndEachPolicysEffect) {
  std::ostringstream all;
  std::map<UmPolicy, UmScenarioResult> readOnly;
  for (bool gpuWrites : {false, true}) {
    std::map<UmPolicy, UmScenarioResult> results;
    for (UmPolicy p : kPolicies) {
      PoliciesScenario s;
      s.policy = p;
      s.bufferBytes = kBytes;
      s.iterations = 4;
      s.gpuWrites = gpuWrites;
      s.cpuWriteFraction = 1.0;
      results.emplace(p, measurePoliciesScenario(context_, s, 5));
    }
    all << table("um-policies on " + context_.info.name + ", 64 MiB, 4 traced iterations, CPU writes all, GPU " +
                     (gpuWrites ? "reads + writes" : "reads") +
                     "; times: median of 5 iterations after 1 warm-up; counters: totals of the 4 traced iterations",
                 results)
        << "\n";
    if (!gpuWrites) readOnly = results;
  }
  cuda::umtest::publish("um_policies_table.txt", all.str());

  const UmScenarioResult& none = readOnly.at(UmPolicy::None);
  if (!none.trace.captured) GTEST_SKIP() << "no CUPTI trace: " << none.trace.unavailableReason;
  constexpr std::uint64_t kIterations = 4;
  // No advice: every iteration the GPU faults the pages in and the CPU's reads pull them back.
  EXPECT_GE(none.counters.bytesHtoD, kIterations * kBytes * 9 / 10);
  EXPECT_GE(none.counters.bytesDtoH, (kIterations - 1) * kBytes * 9 / 10);
  EXPECT_GT(none.counters.gpuFaults, 0u);
  // ReadMostly: the GPU reads a copy, the CPU keeps its own: (almost) nothing comes back.
  EXPECT_LT(readOnly.at(UmPolicy::ReadMostly).counters.bytesDtoH, none.counters.bytesDtoH / 10);
  // AccessedBy GPU: mapped in the GPU's page tables from the start: few or no GPU faults.
  EXPECT_LT(readOnly.at(UmPolicy::AccessedByGpu).counters.gpuFaults, none.counters.gpuFaults / 10 + 1);
  // PreferredLocation CPU: the GPU maps the CPU's pages instead of migrating them.
  EXPECT_LT(readOnly.at(UmPolicy::PreferredCpu).counters.bytesHtoD, none.counters.bytesHtoD / 10);
  // PreferredLocation GPU: the GPU's faults migrate pages to it (an x86 CPU cannot map GPU memory,
  // so its reads still migrate them back).
  EXPECT_GE(readOnly.at(UmPolicy::PreferredGpu).counters.bytesHtoD, kBytes);
}

TEST_F(UmPoliciesCuda, PartialCpuWritesKeepTheGpusUpdates) {
  PoliciesScenario s;
  s.policy = UmPolicy::None;
  s.bufferBytes = 16ull << 20;
  s.iterations = 3;
  s.gpuWrites = true;
  s.cpuWriteFraction = 0.25;
  const UmScenarioResult r = measurePoliciesScenario(context_, s, 3);  // throws CheckFailed if wrong
  EXPECT_EQ(r.findPhase("cpu-init")->bytes, (16ull << 20) / 4);
}

TEST_F(UmPoliciesCuda, MoreThanHalfTheFreeMemoryIsRefused) {
  std::size_t freeBytes = 0, total = 0;
  ASSERT_EQ(cudaMemGetInfo(&freeBytes, &total), cudaSuccess);
  PoliciesScenario s;
  s.bufferBytes = ((freeBytes / 2) / 4096 + 16384) * 4096;
  EXPECT_THROW((void)measurePoliciesScenario(context_, s, 1), BadInputError);
}

}  // namespace
}  // namespace warpscope::labs
