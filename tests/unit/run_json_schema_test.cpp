// The run JSON against its JSON Schema (resources/schema/warpscope-run.schema.json), checked by
// python3-jsonschema (tests/support/check_json_schema.py): every registered lab's default run on
// sim:h200, a run on rec:h100, every recording as `show` writes it (the rec:h100 device's and the
// old version 1 and 2 files), and documents the schema must refuse, so the check can fail.
#include <gtest/gtest.h>

#include <iostream>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/cli.h"
#include "warpscope/registry.h"
#include "warpscope/session.h"

namespace fs = std::filesystem;

namespace {

const fs::path kSchema = fs::path(WARPSCOPE_PROJECT_SOURCE_DIR) / "resources/schema/warpscope-run.schema.json";
const fs::path kChecker = fs::path(WARPSCOPE_PROJECT_SOURCE_DIR) / "tests/support/check_json_schema.py";

/// A Python that imports jsonschema: Debian's (python3-jsonschema) first, then PATH's; "" when none.
std::string pythonWithJsonSchema() {
  for (const std::string python : {"/usr/bin/python3", "python3"})
    if (std::system((python + " -c 'import jsonschema' >/dev/null 2>&1").c_str()) == 0) return python;
  return "";
}

struct Check {
  int code = -1;
  std::string output;
};

/// check_json_schema.py SCHEMA FILES...: its exit code and what it printed.
Check checkAgainstSchema(const std::vector<fs::path>& files) {
  std::string command = pythonWithJsonSchema() + " '" + kChecker.string() + "' '" + kSchema.string() + "'";
  for (const fs::path& file : files) command += " '" + file.string() + "'";
  Check check;
  FILE* pipe = ::popen((command + " 2>&1").c_str(), "r");
  if (!pipe) return check;
  std::array<char, 4096> buffer{};
  while (std::fgets(buffer.data(), buffer.size(), pipe)) check.output += buffer.data();
  const int status = ::pclose(pipe);
  check.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return check;
}

int cli(const std::vector<std::string>& args, std::string* err = nullptr) {
  std::ostringstream out, errors;
  const int code = warpscope::cli::runCli(args, out, errors);
  if (err) *err = errors.str();
  return code;
}

fs::path freshFolder(const std::string& name) {
  const fs::path folder = fs::temp_directory_path() / ("warpscope_schema_test_" + name);
  fs::remove_all(folder);
  fs::create_directories(folder);
  return folder;
}

class RunJsonSchema : public ::testing::Test {
 protected:
  void SetUp() override {
    // Not a skip: without the validator the schema would go unchecked and the suite stay green.
    ASSERT_FALSE(pythonWithJsonSchema().empty())
        << "python3-jsonschema is not installed, so the run JSON cannot be checked against " << kSchema
        << " (scripts/install-deps.sh installs it; apt-get install python3-jsonschema)";
  }
};

}  // namespace

TEST_F(RunJsonSchema, EveryLabsDefaultRunOnTheSimulatorMatchesIt) {
  const fs::path folder = freshFolder("labs");
  std::vector<fs::path> files;
  warpscope::Session session;
  for (const warpscope::LabSpec& lab : warpscope::LabRegistry::builtin().labs()) {
    // A lab this machine cannot run (the user's kernel without the toolkit's NVRTC) is said, not failed.
    if (const std::string why = session.whyCannotRun(lab.id, "sim:h200"); !why.empty()) {
      std::cout << "[ note ] " << lab.id << " not checked on sim:h200 here: " << why << "\n";
      continue;
    }
    const fs::path file = folder / (lab.id + ".json");
    std::string err;
    ASSERT_EQ(cli({"run", lab.id, "--device", "sim:h200", "--out", file.string()}, &err), 0) << lab.id << ": " << err;
    files.push_back(file);
  }
  ASSERT_GE(files.size(), 20u);
  const Check check = checkAgainstSchema(files);
  EXPECT_EQ(check.code, 0) << check.output;
  EXPECT_EQ(std::count(check.output.begin(), check.output.end(), '\n'), static_cast<long>(files.size()))
      << "one line a file: " << check.output;
  fs::remove_all(folder);
}

TEST_F(RunJsonSchema, RecordedRunsMatchItAsShowAndRunWriteThem) {
  const fs::path folder = freshFolder("recordings");
  const fs::path recordings(WARPSCOPE_RECORDINGS_DIR);
  std::vector<fs::path> sources;
  for (const auto& entry : fs::directory_iterator(recordings / "devices/h100"))
    if (entry.path().extension() == ".wsrec") sources.push_back(entry.path());
  // The old files: schema_version 1 and 2, named choices as numbers; `show` writes them as today's.
  for (const auto& entry : fs::directory_iterator(recordings))
    if (entry.path().extension() == ".json") sources.push_back(entry.path());
  ASSERT_GE(sources.size(), 50u);
  std::vector<fs::path> files;
  for (const fs::path& source : sources) {
    const fs::path file = folder / (source.filename().string() + ".json");
    std::string err;
    ASSERT_EQ(cli({"show", source.string(), "--out", file.string()}, &err), 0) << source << ": " << err;
    files.push_back(file);
  }
  // A run on the recorded device itself: rec:h100 serves the preset's recording.
  const fs::path run = folder / "run_on_rec_h100.json";
  std::string err;
  ASSERT_EQ(
      cli({"run", "--preset", "gpuarch-divergent-warp-splits", "--device", "rec:h100", "--out", run.string()}, &err), 0)
      << err;
  EXPECT_EQ(nlohmann::json::parse(std::ifstream(run))["device_id"], "rec:h100");
  files.push_back(run);
  const Check check = checkAgainstSchema(files);
  EXPECT_EQ(check.code, 0) << check.output;
  fs::remove_all(folder);
}

// The check can fail: a wrong type, an unknown view kind, a field the format does not have and a
// missing one are each refused, and named at their place.
TEST_F(RunJsonSchema, RefusesADocumentWithAWrongTypeNamingWhere) {
  const fs::path folder = freshFolder("refused");
  const fs::path good = folder / "good.json";
  ASSERT_EQ(cli({"run", "divergence", "--device", "sim:h200", "--out", good.string()}), 0);
  const nlohmann::json doc = nlohmann::json::parse(std::ifstream(good));
  const auto variant = [&](const std::string& name, auto change) {
    nlohmann::json copy = doc;
    change(copy);
    const fs::path file = folder / (name + ".json");
    std::ofstream(file) << copy.dump();
    return file;
  };
  const std::vector<std::pair<fs::path, std::string>> cases{
      {variant("focus_only_text", [](auto& d) { d["focus_only"] = "yes"; }),
       "at /focus_only: 'yes' is not of type 'boolean'"},
      {variant("provenance", [](auto& d) { d["provenance"] = "guessed"; }), "at /provenance:"},
      {variant("params_list", [](auto& d) { d["params"]["paths"] = nlohmann::json::array({4}); }), "at /params/paths:"},
      {variant("row_text", [](auto& d) { d["views"][0]["table"]["rows"][0][3] = "32"; }),
       "at /views/0/table/rows/0/3: '32' is not of type"},
      {variant("view_kind", [](auto& d) { d["views"][1]["kind"] = "pie"; }), "at /views/1/kind: 'pie' is not one of"},
      {variant("bars_row", [](auto& d) { d["views"].back()["table"]["rows"][0][2] = "fast"; }),
       "/table/rows/0/2: 'fast' is not of type"},
      {variant("extra_field", [](auto& d) { d["colour"] = "red"; }), "'colour' was unexpected"},
      {variant("missing_lab", [](auto& d) { d.erase("lab"); }), "'lab' is a required property"},
  };
  for (const auto& [file, expected] : cases) {
    const Check check = checkAgainstSchema({file});
    EXPECT_EQ(check.code, 1) << file << ": " << check.output;
    EXPECT_NE(check.output.find(expected), std::string::npos) << file << ": " << check.output;
  }
  EXPECT_EQ(checkAgainstSchema({good}).code, 0) << "the unchanged document passes";
  fs::remove_all(folder);
}
