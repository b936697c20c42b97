// warpscope-cli end to end, in-process (runCli) and as a process for exit codes.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/cli.h"

using warpscope::cli::runCli;

namespace {

struct CliRun {
  int code;
  std::string out;
  std::string err;
};

CliRun cli(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  const int code = runCli(args, out, err);
  return {code, out.str(), err.str()};
}

}  // namespace

TEST(Cli, LabsPrintsOneLabPerLineIdFirst) {
  const CliRun r = cli({"labs"});
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.out.rfind("latency-arith\t", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("\nlatency-memory\t"), std::string::npos);
}

TEST(Cli, DevicesListsEverySimulatorProfileIdFirst) {
  const CliRun r = cli({"devices"});
  EXPECT_EQ(r.code, 0);
  for (const char* id : {"sim:gtx480", "sim:k40", "sim:v100", "sim:a100", "sim:h100", "sim:h200"})
    EXPECT_NE(r.out.find(std::string(id) + "\t"), std::string::npos) << id << " missing in\n" << r.out;
}

TEST(Cli, DevicesListsAMissingGpuWithItsReason) {
  // The machines running these tests may or may not have a GPU: either a cuda:N line is a
  // usable GPU, or an "unavailable" line says why there is none.
  const CliRun r = cli({"devices"});
  EXPECT_EQ(r.code, 0);
  const bool gpu = r.out.find("\tgpu\t") != std::string::npos;
  const bool why = r.out.find("\tunavailable\t") != std::string::npos;
  EXPECT_TRUE(gpu || why) << r.out;
}

TEST(Cli, NamedChoiceIsSetByNameAndAnUnknownNameListsTheChoices) {
  const CliRun ok = cli({"run", "divergence", "--device", "sim:h100", "--set", "pattern=switch", "--set", "paths=3",
                         "--format", "csv"});
  EXPECT_EQ(ok.code, 0) << ok.err;
  EXPECT_NE(ok.out.find("# param pattern = 7 (switch)"), std::string::npos) << ok.out.substr(0, 600);
  const CliRun bad = cli({"run", "divergence", "--device", "sim:h100", "--set", "pattern=zigzag"});
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("odd-even"), std::string::npos) << bad.err;
}

TEST(Cli, DescribePrintsParametersAsJson) {
  const CliRun r = cli({"describe", "latency-arith"});
  ASSERT_EQ(r.code, 0) << r.err;
  const auto doc = nlohmann::json::parse(r.out);
  EXPECT_EQ(doc["params"][0]["id"], "threads_per_block");
}

TEST(Cli, RunOnTheSimulatorWritesJsonWithTheBanner) {
  const CliRun r = cli({"run", "latency-memory", "--device", "sim:h200", "--set", "occupancy_pct=25"});
  ASSERT_EQ(r.code, 0) << r.err;
  const auto doc = nlohmann::json::parse(r.out);
  EXPECT_EQ(doc["banner"], "Simulated: " + doc["device_name"].get<std::string>());
  EXPECT_EQ(doc["params"]["occupancy_pct"], 25);
  EXPECT_EQ(doc["views"].size(), 4u);
}

TEST(Cli, RunWritesCsvToTheOutFile) {
  const auto path = std::filesystem::temp_directory_path() / "warpscope_cli_test.csv";
  const CliRun r = cli({"run", "latency-arith", "--device", "sim:h100", "--format", "csv", "--out", path.string()});
  ASSERT_EQ(r.code, 0) << r.err;
  std::ifstream file(path);
  std::string first;
  std::getline(file, first);
  EXPECT_EQ(first, "# Simulated: H100 SXM5 (model)") << "banner first";
  std::filesystem::remove(path);
}

TEST(Cli, OutOfRangeValueExitsTwoNamingParameterAndRange) {
  const CliRun r = cli({"run", "latency-arith", "--device", "sim:h100", "--set", "threads_per_block=2000"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("threads_per_block"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("32..1024"), std::string::npos) << r.err;
}

TEST(Cli, WrongTypeUnknownParameterLabDeviceAndFormatAllExitTwo) {
  EXPECT_EQ(cli({"run", "latency-arith", "--device", "sim:h100", "--set", "ilp=four"}).code, 2);
  EXPECT_EQ(cli({"run", "latency-arith", "--device", "sim:h100", "--set", "ilp=5"}).code, 2) << "5 is not a compiled ILP";
  EXPECT_EQ(cli({"run", "latency-arith", "--device", "sim:h100", "--set", "warps=4"}).code, 2);
  EXPECT_EQ(cli({"run", "latency-cache", "--device", "sim:h100"}).code, 2);
  const CliRun device = cli({"run", "latency-arith", "--device", "sim:voodoo2"});
  EXPECT_EQ(device.code, 2);
  EXPECT_NE(device.err.find("sim:h100"), std::string::npos) << "lists the known devices: " << device.err;
  EXPECT_EQ(cli({"run", "latency-arith", "--device", "sim:h100", "--format", "xml"}).code, 2);
  EXPECT_EQ(cli({"frobnicate"}).code, 2);
  EXPECT_EQ(cli({"run"}).code, 2);
  EXPECT_EQ(cli({"run", "latency-arith", "--set"}).code, 2) << "option without its value";
}

TEST(Cli, InfeasibleCombinationIsBadInputNotACrash) {
  const CliRun r = cli({"run", "latency-arith", "--device", "sim:h100", "--set", "threads_per_block=1024",
                        "--set", "blocks_per_sm=4"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("blocks_per_sm"), std::string::npos) << r.err;
}

TEST(CliProcess, ExitCodesSurviveTheRealExecutable) {
  const std::string cliPath = WARPSCOPE_CLI_PATH;
  EXPECT_EQ(std::system((cliPath + " labs >/dev/null").c_str()), 0);
  const int status = std::system((cliPath + " run latency-arith --device sim:h100 --set ilp=7 2>/dev/null").c_str());
  EXPECT_EQ(WEXITSTATUS(status), 2);
}
