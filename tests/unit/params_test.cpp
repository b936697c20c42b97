#include <gtest/gtest.h>

#include "warpscope/device.h"
#include "warpscope/params.h"
#include "warpscope/registry.h"

#include <sstream>

using namespace warpscope;

namespace {

std::vector<ParamSpec> specs() {
  return {{"threads", "Threads", "threads", 32, 1024, 32, 256, "help", {}, ParamRole::Focus, true},
          {"bytes", "Element size", "bytes", 4, 16, 4, 16, "help", {4, 8, 16}, ParamRole::Sweep, true}};
}

std::string messageOf(const std::vector<std::string>& assignments) {
  try {
    (void)parseAssignments(specs(), assignments);
  } catch (const BadInputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(ParamSpec, AcceptsValuesOnTheStepGridInsideTheRange) {
  const ParamSpec spec = specs()[0];
  EXPECT_TRUE(spec.accepts(32));
  EXPECT_TRUE(spec.accepts(1024));
  EXPECT_TRUE(spec.accepts(96));
  EXPECT_FALSE(spec.accepts(33)) << "off the step grid";
  EXPECT_FALSE(spec.accepts(0));
  EXPECT_FALSE(spec.accepts(1056));
  EXPECT_FALSE(spec.accepts(std::numeric_limits<double>::quiet_NaN()));
}

TEST(ParamSpec, ChoicesAreTheOnlyValidValues) {
  const ParamSpec spec = specs()[1];
  EXPECT_TRUE(spec.accepts(8));
  EXPECT_FALSE(spec.accepts(12)) << "12 is on the 4..16 step grid but not a choice";
  EXPECT_EQ(spec.validRangeText(), "one of 4, 8, 16 bytes");
}

TEST(ParseAssignments, StartsFromDefaultsAndAppliesEachAssignment) {
  const ParamSet params = parseAssignments(specs(), {"threads=512"});
  EXPECT_EQ(params.getInt("threads"), 512);
  EXPECT_EQ(params.getInt("bytes"), 16);
}

TEST(ParseAssignments, OutOfRangeValueNamesTheParameterAndItsRange) {
  const std::string message = messageOf({"threads=4096"});
  EXPECT_NE(message.find("'threads'"), std::string::npos) << message;
  EXPECT_NE(message.find("32..1024 in steps of 32 threads"), std::string::npos) << message;
}

TEST(ParseAssignments, NonNumberIsRefusedWithTheValidRange) {
  const std::string message = messageOf({"threads=lots"});
  EXPECT_NE(message.find("not a number"), std::string::npos) << message;
  EXPECT_NE(message.find("32..1024"), std::string::npos) << message;
  EXPECT_FALSE(messageOf({"threads=12abc"}).empty()) << "trailing garbage must be refused";
  EXPECT_FALSE(messageOf({"threads="}).empty()) << "an empty value must be refused";
}

TEST(ParseAssignments, UnknownParameterListsTheKnownOnes) {
  const std::string message = messageOf({"warps=4"});
  EXPECT_NE(message.find("unknown parameter 'warps'"), std::string::npos) << message;
  EXPECT_NE(message.find("threads, bytes"), std::string::npos) << message;
}

TEST(ParseAssignments, MissingEqualsSignIsRefused) {
  EXPECT_NE(messageOf({"threads"}).find("NAME=VALUE"), std::string::npos);
}

TEST(ValidateParams, RefusesUnknownMissingAndOutOfRangeValues) {
  EXPECT_NO_THROW(validateParams(specs(), defaultParams(specs())));
  ParamSet extra = defaultParams(specs());
  extra.set("warps", 1);
  EXPECT_THROW(validateParams(specs(), extra), BadInputError);
  EXPECT_THROW(validateParams(specs(), ParamSet({{"threads", 64}})), BadInputError);
  ParamSet bad = defaultParams(specs());
  bad.set("bytes", 12);
  EXPECT_THROW(validateParams(specs(), bad), BadInputError);
}

TEST(BuiltinLabs, EveryDefaultIsValidAgainstItsOwnDeclaration) {
  for (const auto& lab : LabRegistry::builtin().labs()) {
    SCOPED_TRACE(lab.id);
    EXPECT_NO_THROW(validateParams(lab.params, defaultParams(lab.params)));
    for (const auto& p : lab.params) {
      EXPECT_FALSE(p.label.empty());
      EXPECT_FALSE(p.help.empty()) << p.id << " needs help text for its tooltip";
      EXPECT_LE(p.min, p.max);
    }
  }
}

TEST(NamedChoice, CliTakesTheNameAndStoresItsIndex) {
  const std::vector<ParamSpec> specs = {
      namedChoiceParam("pattern", "Pattern", {"uniform", "odd-even", "switch"}, 0, "Branch pattern")};
  const ParamSet p = parseAssignments(specs, {"pattern=switch"});
  EXPECT_EQ(p.getInt("pattern"), 2);
  EXPECT_EQ(specs[0].valueText(2), "switch");
  EXPECT_TRUE(specs[0].accepts(1));
  EXPECT_FALSE(specs[0].accepts(3));
}

TEST(NamedChoice, UnknownNameIsRefusedListingTheNames) {
  const std::vector<ParamSpec> specs = {
      namedChoiceParam("pattern", "Pattern", {"uniform", "odd-even"}, 0, "Branch pattern")};
  try {
    (void)parseAssignments(specs, {"pattern=zigzag"});
    FAIL() << "accepted an unknown choice";
  } catch (const BadInputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("'zigzag'"), std::string::npos) << what;
    EXPECT_NE(what.find("one of uniform, odd-even"), std::string::npos) << what;
  }
}

TEST(ParamSpec, RelevantOnlyWhileTheNamedParameterHasOneOfItsValues) {
  ParamSpec k;
  k.id = "k";
  k.relevantWhenParam = "pattern";
  k.relevantWhenValues = {2};
  EXPECT_TRUE(k.isRelevant(ParamSet({{"pattern", 2}, {"k", 8}})));
  EXPECT_FALSE(k.isRelevant(ParamSet({{"pattern", 1}, {"k", 8}})));
  EXPECT_TRUE(k.isRelevant(ParamSet({{"k", 8}}))) << "relevant when the other parameter is not set";
  ParamSpec always;
  EXPECT_TRUE(always.isRelevant(ParamSet({{"pattern", 1}})));
}

// ---- managed-memory caps on a real GPU ---------------------------------------------------

namespace {

constexpr double kMiB = 1024.0 * 1024.0;

std::vector<ParamSpec> memorySpecs() {
  ParamSpec buffer{"buffer_mib", "Buffer", "MiB", 64, 65536, 64, 4096, "Managed buffer size.", {}, ParamRole::Sweep, true};
  buffer.memoryUnitBytes = kMiB;
  ParamSpec gib{"buffer_gib", "Buffer", "GiB", 1, 64, 1, 48, "Size.", {1, 2, 4, 8, 16, 32, 64}, ParamRole::Sweep, true};
  gib.memoryUnitBytes = 1024 * kMiB;
  ParamSpec threads{"threads", "Threads", "threads", 32, 1024, 32, 256, "help", {}, ParamRole::Focus, true};
  return {buffer, gib, threads};
}

DeviceInfo gpuWithFree(double freeBytes) {
  DeviceInfo d;
  d.id = "cuda:0";
  d.kind = DeviceKind::Cuda;
  d.globalMemBytes = static_cast<long long>(80 * 1024 * kMiB);
  d.freeMemBytes = static_cast<long long>(freeBytes);
  return d;
}

}  // namespace

TEST(CapParamsForDevice, CapsMemorySizesAtHalfTheFreeMemorySnappedToTheStep) {
  // 10000 MiB free: half is 5000 MiB, snapped down to the 64 MiB grid from 64: 4992.
  const auto capped = capParamsForDevice(memorySpecs(), gpuWithFree(10000 * kMiB));
  EXPECT_EQ(capped[0].max, 4992);
  EXPECT_EQ(capped[0].defaultValue, 4096) << "a default under the cap stays";
  EXPECT_TRUE(capped[0].accepts(4992));
  EXPECT_FALSE(capped[0].accepts(5056));
  EXPECT_NE(capped[0].capNote.find("half of this GPU's free memory (5000 MiB of 10000 MiB free)"), std::string::npos)
      << capped[0].capNote;
  EXPECT_NE(capped[0].help.find("Managed buffer size. Capped at half"), std::string::npos) << capped[0].help;
  EXPECT_NE(capped[0].help.find("oversubscription runs in the simulator"), std::string::npos);
  // Choices: only those at or under 4.88 GiB remain; the default 48 is clamped to 4.
  EXPECT_EQ(capped[1].choices, (std::vector<double>{1, 2, 4}));
  EXPECT_EQ(capped[1].defaultValue, 4);
  EXPECT_EQ(capped[1].max, 4);
  EXPECT_TRUE(capped[2].capNote.empty()) << "a parameter that sizes no memory is untouched";
  EXPECT_EQ(capped[2].max, 1024);
}

TEST(CapParamsForDevice, ClampsTheDefaultAndLeavesSimulatorsAndRoomyGpusAlone) {
  const auto tight = capParamsForDevice(memorySpecs(), gpuWithFree(2000 * kMiB));
  EXPECT_EQ(tight[0].max, 960);
  EXPECT_EQ(tight[0].defaultValue, 960);
  DeviceInfo sim = gpuWithFree(1 * kMiB);
  sim.kind = DeviceKind::Simulator;
  EXPECT_EQ(capParamsForDevice(memorySpecs(), sim)[0].max, 65536) << "oversubscription runs in the simulator";
  const auto roomy = capParamsForDevice(memorySpecs(), gpuWithFree(1024 * 1024 * kMiB));
  EXPECT_EQ(roomy[0].max, 65536);
  EXPECT_TRUE(roomy[0].capNote.empty());
  EXPECT_EQ(roomy[0].help, "Managed buffer size.");
}

TEST(CapParamsForDevice, UnknownFreeMemoryFallsBackToTheTotal) {
  DeviceInfo d = gpuWithFree(0);
  d.globalMemBytes = static_cast<long long>(4000 * kMiB);
  EXPECT_EQ(capParamsForDevice(memorySpecs(), d)[0].max, 1984);
}

TEST(CapParamsForDevice, ValidationAgainstCappedSpecsNamesTheCap) {
  const auto capped = capParamsForDevice(memorySpecs(), gpuWithFree(10000 * kMiB));
  ParamSet values = defaultParams(capped);
  values.set("buffer_mib", 8192);
  try {
    validateParams(capped, values);
    FAIL() << "8192 MiB passed a 4992 MiB cap";
  } catch (const BadInputError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("'buffer_mib' = 8192 is out of range; valid: 64..4992"), std::string::npos) << message;
    EXPECT_NE(message.find("capped at half of this GPU's free memory"), std::string::npos) << message;
  }
}

TEST(Params, EveryValueAMessageListsAsValidIsAcceptedWhenTypedBack) {
  // "one of 128, ..., 1048576 B/warp": the numbers are printed exactly, so copying one from the
  // message into --set works (1.04858e+06 did not).
  for (const warpscope::LabSpec& lab : warpscope::LabRegistry::builtin().labs())
    for (const warpscope::ParamSpec& spec : lab.params) {
      if (spec.choices.empty() || spec.isNamedChoice()) continue;
      std::string text = spec.validRangeText().substr(std::string("one of ").size());
      if (!spec.unit.empty()) text = text.substr(0, text.size() - spec.unit.size() - 1);
      std::stringstream items(text);
      for (std::string item; std::getline(items, item, ',');) {
        item.erase(0, item.find_first_not_of(' '));
        EXPECT_NO_THROW((void)warpscope::parseAssignments(lab.params, {spec.id + "=" + item}))
            << lab.id << " " << spec.id << " = " << item;
      }
    }
}
