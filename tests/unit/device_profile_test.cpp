// Simulator device profiles (resources/profiles/*.json): every shipped profile loads with sane
// fields, and a malformed one is refused with the file and the field named.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <set>
#include <string>

#include "labs/latency_arith/latency_arith_model.h"
#include "labs/latency_memory/latency_memory_model.h"
#include "mechanisms/device_profile.h"
#include "warpscope/params.h"
#include "warpscope_resources/embedded_profiles.h"

using namespace warpscope;
using namespace warpscope::sim;

namespace {

/// The shipped H100 profile as editable JSON, so a test can break exactly one field.
nlohmann::json h100Json() {
  for (const auto& [fileName, text] : resources::embeddedProfiles())
    if (fileName == "h100.json") return nlohmann::json::parse(text);
  ADD_FAILURE() << "h100.json is not embedded";
  return {};
}

/// The message parseDeviceProfile throws for this JSON, or "" when it accepts it.
std::string parseError(const nlohmann::json& profile) {
  try {
    parseDeviceProfile("broken.json", profile.dump());
  } catch (const BadInputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(DeviceProfile, AllSixShippedProfilesLoad) {
  const auto profiles = loadEmbeddedProfiles();
  std::set<std::string> ids;
  for (const auto& p : profiles) ids.insert(p.id);
  EXPECT_EQ(ids, (std::set<std::string>{"gtx480", "k40", "v100", "a100", "h100", "h200"}));
}

TEST(DeviceProfile, DeviceIdsAreSimPrefixedAndKindIsSimulator) {
  for (const auto& p : loadEmbeddedProfiles()) {
    EXPECT_EQ(p.info.id, "sim:" + p.id);
    EXPECT_EQ(p.info.kind, DeviceKind::Simulator);
    EXPECT_NE(p.info.name.find("(model)"), std::string::npos) << p.info.name;
    EXPECT_EQ(p.fileName, p.id + ".json");
  }
}

TEST(DeviceProfile, FieldsAreSaneForEveryProfile) {
  for (const auto& p : loadEmbeddedProfiles()) {
    SCOPED_TRACE(p.fileName);
    const DeviceInfo& d = p.info;
    EXPECT_GT(d.smCount, 0);
    EXPECT_EQ(d.fp32LanesPerSm % (d.schedulersPerSm * 16), 0) << "each scheduler drives 16 or 32 lanes";
    EXPECT_LE(d.sharedMemPerBlockMaxBytes, d.sharedMemPerSmBytes);
    EXPECT_LE(d.maxThreadsPerBlock, d.maxThreadsPerSm);
    EXPECT_EQ(d.warpSize, 32);
    // 1 KiB reserved per block from sm_80 on, none before (CUDA Programming Guide).
    EXPECT_EQ(d.reservedSharedMemPerBlockBytes, std::stod(d.computeCapability) >= 8.0 ? 1024 : 0);
    EXPECT_NEAR(d.dramBandwidthGBs, 2.0 * d.memClockMhz * d.memBusWidthBits / 8.0 / 1000.0, 0.02 * d.dramBandwidthGBs);
    EXPECT_GT(d.l2Bytes, 512 * 1024);
    EXPECT_GT(d.globalMemBytes, d.l2Bytes);
    EXPECT_FALSE(d.sources.empty());
    // The kernel beats cudaMemcpy on Fermi (Volkov) but not necessarily later; both < 1.
    // Every mechanism the labs read is there and in range (the readers throw otherwise), except
    // on profiles made for one lab: k40.json is the lecture's Kepler SM for the occupancy lab.
    if (!p.mechanisms.count("dram")) continue;
    const labs::DramSystem dram = labs::dramSystem(p);
    EXPECT_LT(dram.memcpyFractionOfDram, 1.0);
    EXPECT_LT(dram.copyKernelFractionOfDram, 1.0);
    EXPECT_GE(labs::fmaPipeline(p).maxUsefulIlp, 1);
    EXPECT_GT(dram.latencyNs, 100.0);
    EXPECT_LT(dram.latencyNs, 2000.0);
    EXPECT_NO_THROW(labs::blockScheduler(p));
    EXPECT_NO_THROW(labs::copyKernelParams(p));
  }
}

TEST(DeviceProfile, PeaksMatchPublishedFigures) {
  std::map<std::string, DeviceProfile> byId;
  for (auto& p : loadEmbeddedProfiles()) byId.emplace(p.id, p);
  // Volkov 2010: 1.3 TFLOP/s (89.6 GFLOP/s per SM) and 177.4 GB/s on the GTX480.
  EXPECT_NEAR(byId.at("gtx480").info.theoreticalFp32Gflops() / 15, 89.6, 0.2);
  EXPECT_NEAR(byId.at("gtx480").info.dramBandwidthGBs, 177.4, 0.1);
  // 66.9 TFLOP/s at 1980 MHz on 132 SMs (measured on the project's H200; H100 SXM5 spec).
  EXPECT_NEAR(byId.at("h200").info.theoreticalFp32Gflops(), 66900, 50);
  EXPECT_NEAR(byId.at("h100").info.theoreticalFp32Gflops(), 66900, 50);
  EXPECT_NEAR(byId.at("h100").info.dramBandwidthGBs, 3352, 5);
  EXPECT_EQ(byId.at("h200").info.l2Bytes, 60LL * 1024 * 1024);
  // Measured ceilings: H200 memcpy ~4.2 TB/s, H100 ~3.0 TB/s.
  EXPECT_NEAR(labs::memcpyGBs(byId.at("h200")), 4200, 50);
  EXPECT_NEAR(labs::memcpyGBs(byId.at("h100")), 3000, 50);
  // Volkov: cudaMemcpy 71% on the GTX480, his copy kernel 84-87%.
  EXPECT_NEAR(labs::dramSystem(byId.at("gtx480")).memcpyFractionOfDram, 0.71, 1e-9);
  EXPECT_EQ(labs::fmaPipeline(byId.at("gtx480")).maxUsefulIlp, 4);
}

TEST(DeviceProfile, MalformedJsonNamesTheFile) {
  try {
    parseDeviceProfile("broken.json", "{ \"id\": \"x\", ");
    FAIL() << "accepted malformed JSON";
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("broken.json"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("not valid JSON"), std::string::npos) << e.what();
  }
}

TEST(DeviceProfile, MissingFieldIsNamedWithItsPath) {
  auto profile = h100Json();
  profile["device"].erase("sm_count");
  const std::string error = parseError(profile);
  EXPECT_NE(error.find("broken.json"), std::string::npos) << error;
  EXPECT_NE(error.find("device.sm_count"), std::string::npos) << error;
  EXPECT_NE(error.find("missing"), std::string::npos) << error;
}

TEST(DeviceProfile, MechanismParameterWithoutSourceIsRefused) {
  auto profile = h100Json();
  profile["mechanisms"]["dram"]["dram_latency_ns"].erase("source");
  const std::string error = parseError(profile);
  EXPECT_NE(error.find("mechanisms.dram.dram_latency_ns.source"), std::string::npos) << error;
}

TEST(DeviceProfile, MissingMechanismParameterIsNamedWhenAModelReadsIt) {
  auto json = h100Json();
  json["mechanisms"]["dram"].erase("dram_latency_ns");
  const DeviceProfile p = parseDeviceProfile("broken.json", json.dump());
  try {
    (void)labs::dramSystem(p);
    FAIL() << "a model ran without dram_latency_ns";
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("broken.json: mechanisms.dram.dram_latency_ns is missing"), std::string::npos)
        << e.what();
  }
}

TEST(DeviceProfile, OutOfRangeMechanismParameterIsNamedWithItsRange) {
  auto json = h100Json();
  json["mechanisms"]["dram"]["memcpy_fraction_of_dram"]["value"] = 1.3;
  const DeviceProfile p = parseDeviceProfile("broken.json", json.dump());
  try {
    (void)labs::dramSystem(p);
    FAIL() << "accepted a memcpy fraction of 1.3";
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("mechanisms.dram.memcpy_fraction_of_dram must be in"), std::string::npos)
        << e.what();
  }
}

TEST(DeviceProfile, WrongTypeIsNamedWithItsPath) {
  auto profile = h100Json();
  profile["device"]["sm_count"] = "132";
  const std::string error = parseError(profile);
  EXPECT_NE(error.find("device.sm_count"), std::string::npos) << error;
  EXPECT_NE(error.find("whole number"), std::string::npos) << error;
}

TEST(DeviceProfile, ImpossibleValuesAreRefusedWithTheField) {
  const std::map<std::string, std::function<void(nlohmann::json&)>> breakers = {
      {"mechanisms.fma_pipeline.fma_latency_cycles.value",
       [](auto& j) { j["mechanisms"]["fma_pipeline"]["fma_latency_cycles"]["value"] = "fast"; }},
      {"device.schedulers_per_sm", [](auto& j) { j["device"]["schedulers_per_sm"] = -4; }},
      {"device.dram_bandwidth_gbs", [](auto& j) { j["device"]["dram_bandwidth_gbs"] = 9999.0; }},
      {"device.shared_mem_per_block_max_bytes",
       [](auto& j) { j["device"]["shared_mem_per_block_max_bytes"] = 10 * 1024 * 1024; }},
      {"sources", [](auto& j) { j["sources"] = nlohmann::json::object(); }},
      {"id", [](auto& j) { j["id"] = "H100 SXM"; }},
  };
  for (const auto& [field, breakIt] : breakers) {
    auto profile = h100Json();
    breakIt(profile);
    const std::string error = parseError(profile);
    EXPECT_NE(error.find(field), std::string::npos) << "breaking " << field << " gave: '" << error << "'";
  }
}

TEST(DeviceProfile, TopLevelThatIsNotAnObjectIsRefused) {
  const std::string error = parseError(nlohmann::json::array({1, 2}));
  EXPECT_NE(error.find("broken.json"), std::string::npos) << error;
  EXPECT_NE(error.find("object"), std::string::npos) << error;
}
