// WARPSCOPE_TEST_KERNEL_FAULT is read strictly: "out-of-bounds" faults every run,
// "out-of-bounds:LABID" only that lab's runs, and anything else faults nothing (a typo must not
// fault runs that a test expects to measure, nor silently widen a one-lab fault to every lab).
#include <gtest/gtest.h>

#include "cuda/kernel_fault_setting.h"

namespace warpscope::cuda {
namespace {

TEST(KernelFaultSetting, OutOfBoundsAloneFaultsEveryLab) {
  EXPECT_TRUE(kernelFaultRequested("out-of-bounds", "latency-arith"));
  EXPECT_TRUE(kernelFaultRequested("out-of-bounds", "streams"));
}

TEST(KernelFaultSetting, OutOfBoundsWithALabFaultsOnlyThatLab) {
  EXPECT_TRUE(kernelFaultRequested("out-of-bounds:latency-memory", "latency-memory"));
  EXPECT_FALSE(kernelFaultRequested("out-of-bounds:latency-memory", "latency-arith"));
  EXPECT_FALSE(kernelFaultRequested("out-of-bounds:latency", "latency-memory")) << "a prefix is not the lab";
  EXPECT_FALSE(kernelFaultRequested("out-of-bounds:latency-memory-x", "latency-memory"));
}

TEST(KernelFaultSetting, AnythingElseFaultsNothing) {
  for (const char* setting : {"", "out-of-bounds:", "out-of-bounds ", " out-of-bounds", "Out-Of-Bounds", "out-of-bound",
                              "out-of-boundsx", "out-of-bounds;latency-arith", "out-of-bounds: latency-arith",
                              "out-of-bounds:latency-arith:", "trap", "1"})
    EXPECT_FALSE(kernelFaultRequested(setting, "latency-arith")) << "'" << setting << "'";
  EXPECT_FALSE(kernelFaultRequested(nullptr, "latency-arith")) << "unset";
  EXPECT_FALSE(kernelFaultRequested("out-of-bounds:", "")) << "no lab named matches no run";
}

}  // namespace
}  // namespace warpscope::cuda
