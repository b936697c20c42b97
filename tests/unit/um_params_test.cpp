// The UVM model's parameters (mechanisms "uvm" and "host_link" of the shipped profiles): driver
// defaults from NVIDIA's open UVM driver, each with a source naming the file and variable; Fermi
// (gtx480) has no GPU page faults and is refused with a clear message.
#include <gtest/gtest.h>

#include <string>

#include "labs/um_common/um_model.h"
#include "labs/um_streaming/um_streaming_model.h"
#include "um_test_support.h"
#include "warpscope/params.h"

using namespace warpscope;
using namespace warpscope::labs;
using warpscope::um_test::shippedProfile;

TEST(UmParams, EveryPascalOrNewerProfileHasTheDriverDefaults) {
  for (const char* id : {"v100", "a100", "h100", "h200"}) {
    const um::UvmParams p = um::readUvmParams(shippedProfile(id));
    EXPECT_EQ(p.faultBatchCount, 256) << id;
    EXPECT_DOUBLE_EQ(p.prefetchThresholdPct, 51) << id;
    EXPECT_EQ(p.thrashingThreshold, 3) << id;
    EXPECT_DOUBLE_EQ(p.thrashingLapseUs, 500) << id;
    EXPECT_EQ(p.thrashingPinThreshold, 10) << id;
    EXPECT_DOUBLE_EQ(p.thrashingNapUs, 500) << id;   // nap 1 x lapse
    EXPECT_DOUBLE_EQ(p.thrashingPinMs, 150) << id;   // pin 300 x lapse
    EXPECT_GT(p.linkGBs, 0) << id;
    EXPECT_GT(p.deviceMemoryBytes, 1e9) << id;
  }
}

TEST(UmParams, DriverSourcesNameTheFileAndVariable) {
  const auto& h200 = shippedProfile("h200");
  EXPECT_NE(h200.paramSource("uvm", "fault_batch_count").find("uvm_gpu_replayable_faults.c"), std::string::npos);
  EXPECT_NE(h200.paramSource("uvm", "fault_batch_count").find("uvm_perf_fault_batch_count"), std::string::npos);
  EXPECT_NE(h200.paramSource("uvm", "prefetch_threshold_pct").find("uvm_perf_prefetch_threshold"), std::string::npos);
  EXPECT_NE(h200.paramSource("uvm", "thrashing_lapse_us").find("uvm_perf_thrashing.c"), std::string::npos);
  EXPECT_NE(h200.paramSource("uvm", "gpu_fault_us").find("Fitted to the H200, 2026-11-22"), std::string::npos);
  EXPECT_NE(h200.paramSource("host_link", "prefetch_call_us").find("prefetch_threads_h200.txt"), std::string::npos);
  EXPECT_NE(h200.paramSource("host_link", "link_gbs").find("PCIe 5"), std::string::npos);
}

TEST(UmParams, Gtx480IsRejectedBecauseFermiHasNoPageFaults) {
  const auto& fermi = shippedProfile("gtx480");
  try {
    (void)um::readUvmParams(fermi);
    FAIL() << "gtx480 accepted";
  } catch (const BadInputError& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("gtx480.json: no unified-memory parameters (mechanisms.uvm)"), std::string::npos) << msg;
    EXPECT_NE(msg.find("GPUs before Pascal have no page faults"), std::string::npos) << msg;
  }
  EXPECT_THROW(simulateStreamingScenario(fermi, StreamingScenario{}), BadInputError);
}
