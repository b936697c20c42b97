// The house's floors (docs/architecture.md): no include runs back up a floor, no backend includes
// another backend, and the window includes nothing private to the backend. The floors are read
// from the table in docs/architecture.md itself, so the page and the code cannot drift apart; the
// first tests run the scan on a made-up tree, so a rule that silently stopped matching fails too.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

struct FloorPath {
  int floor = 0;
  std::string name;  ///< "backends"
  std::string path;  ///< "gpu_backend/src/cuda", relative to the repository root
};

/// The rows between "<!-- floors" and "<!-- /floors -->": "| 3 | backends | `a`, `b` |".
std::vector<FloorPath> readFloors(const fs::path& architectureDoc) {
  std::ifstream in(architectureDoc);
  static const std::regex row(R"re(^\|\s*(\d+)\s*\|\s*([a-z]+)\s*\|(.*)\|\s*$)re");
  static const std::regex quoted("`([^`]+)`");
  std::vector<FloorPath> floors;
  bool inTable = false;
  std::string line;
  std::smatch m;
  while (std::getline(in, line)) {
    if (line.starts_with("<!-- /floors")) break;
    if (line.starts_with("<!-- floors")) inTable = true;
    if (!inTable || !std::regex_match(line, m, row)) continue;
    const std::string paths = m[3].str();
    for (auto it = std::sregex_iterator(paths.begin(), paths.end(), quoted); it != std::sregex_iterator(); ++it)
      floors.push_back({std::stoi(m[1].str()), m[2].str(), (*it)[1].str()});
  }
  return floors;
}

/// The floor of a repository-relative path: the longest floor path it lies in.
std::optional<FloorPath> floorOf(const std::vector<FloorPath>& floors, const std::string& rel) {
  std::optional<FloorPath> best;
  for (const FloorPath& f : floors)
    if ((rel == f.path || rel.starts_with(f.path + "/")) && (!best || f.path.size() > best->path.size())) best = f;
  return best;
}

/// A backend's room: "cuda" for gpu_backend/src/cuda, "worker" for include/warpscope/worker.h.
std::string roomName(const FloorPath& f) { return fs::path(f.path).stem().string(); }

/// Where `#include "x"` in `includer` points, as the build's include paths find it; "" when it is
/// no file of the tree (a system or generated header).
std::string resolveInclude(const fs::path& root, const fs::path& includerRel, const std::string& included) {
  for (const fs::path& base : {includerRel.parent_path(), fs::path("gpu_backend/src"), fs::path("gpu_backend/include"),
                               fs::path("ui"), fs::path("app")}) {
    const fs::path candidate = (base / included).lexically_normal();
    if (fs::is_regular_file(root / candidate)) return candidate.generic_string();
  }
  return {};
}

/// Every include that breaks a floor rule, e.g. "gpu_backend/src/core/x.cpp (contract) includes
/// gpu_backend/src/labs/y.h (labs): up a floor".
std::vector<std::string> floorViolations(const fs::path& root, const std::vector<FloorPath>& floors) {
  static const std::regex include(R"re(^\s*#\s*include\s*"([^"]+)")re");
  std::vector<std::string> violations;
  for (const char* top : {"gpu_backend", "ui", "app"}) {
    if (!fs::is_directory(root / top)) continue;
    for (const auto& entry : fs::recursive_directory_iterator(root / top)) {
      const std::string ext = entry.path().extension().string();
      if (!entry.is_regular_file() || (ext != ".h" && ext != ".cpp" && ext != ".cu" && ext != ".cuh")) continue;
      const fs::path rel = fs::relative(entry.path(), root);
      const std::optional<FloorPath> own = floorOf(floors, rel.generic_string());
      if (!own) continue;
      std::ifstream in(entry.path());
      std::string line;
      std::smatch m;
      while (std::getline(in, line)) {
        if (!std::regex_search(line, m, include)) continue;
        const std::string target = resolveInclude(root, rel, m[1].str());
        const std::optional<FloorPath> theirs = target.empty() ? std::nullopt : floorOf(floors, target);
        if (!theirs) continue;
        const std::string what = rel.generic_string() + " (" + own->name + ") includes " + target + " (" + theirs->name + ")";
        if (theirs->floor > own->floor) violations.push_back(what + ": up a floor");
        else if (own->name == "backends" && theirs->name == "backends" && roomName(*own) != roomName(*theirs))
          violations.push_back(what + ": a backend includes another backend");
        else if (own->name == "ui" && target.starts_with("gpu_backend/src/"))
          violations.push_back(what + ": the window includes the backend's public API only");
      }
    }
  }
  return violations;
}

void writeFile(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

class MadeUpHouse : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("warpscope_floors_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
                                         ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    writeFile(root_ / "docs/architecture.md",
              "Text | 9 | not | `a table` |\n"
              "<!-- floors: read by the test -->\n| floor | name | paths |\n| --- | --- | --- |\n"
              "| 1 | contract | `gpu_backend/include/warpscope`, `gpu_backend/src/core` |\n"
              "| 3 | backends | `gpu_backend/src/cuda`, `gpu_backend/src/sim`, `gpu_backend/include/warpscope/worker.h` |\n"
              "| 4 | labs | `gpu_backend/src/labs` |\n"
              "| 5 | session | `gpu_backend/src/session`, `gpu_backend/include/warpscope/session.h` |\n"
              "| 6 | ui | `ui` |\n<!-- /floors -->\n| 2 | after | `ui/views` |\n");
    writeFile(root_ / "gpu_backend/include/warpscope/lab.h", "#include <string>\n");
    writeFile(root_ / "gpu_backend/include/warpscope/session.h", "#include \"warpscope/lab.h\"\n");
    writeFile(root_ / "gpu_backend/include/warpscope/worker.h", "#include \"warpscope/lab.h\"\n");
    writeFile(root_ / "gpu_backend/src/core/params.cpp", "#include \"warpscope/lab.h\"\n#include \"generated.h\"\n");
    writeFile(root_ / "gpu_backend/src/cuda/timing.h", "#include \"core/params.h\"\n");
    writeFile(root_ / "gpu_backend/src/core/params.h", "#pragma once\n");
    writeFile(root_ / "gpu_backend/src/worker_user.h", "\n");
    writeFile(root_ / "gpu_backend/src/labs/alpha/alpha_cuda.cpp",
              "#include \"cuda/timing.h\"\n#include \"warpscope/worker.h\"\n#include \"alpha_cuda.h\"\n");
    writeFile(root_ / "gpu_backend/src/labs/alpha/alpha_cuda.h", "\n");
    writeFile(root_ / "gpu_backend/src/session/session.cpp", "#include \"warpscope/session.h\"\n#include \"labs/alpha/alpha_cuda.h\"\n");
    writeFile(root_ / "ui/window.cpp", "#include \"warpscope/session.h\"\n#include \"views/chart.h\"\n");
    writeFile(root_ / "ui/views/chart.h", "\n");
  }
  void TearDown() override { fs::remove_all(root_); }
  [[nodiscard]] std::vector<std::string> violations() const {
    return floorViolations(root_, readFloors(root_ / "docs/architecture.md"));
  }
  fs::path root_;
};

TEST_F(MadeUpHouse, TheTableIsReadBetweenItsMarkersOnly) {
  const std::vector<FloorPath> floors = readFloors(root_ / "docs/architecture.md");
  ASSERT_EQ(floors.size(), 9u);
  EXPECT_EQ(floors.front().path, "gpu_backend/include/warpscope");
  EXPECT_EQ(floors.back().name, "ui");
  EXPECT_EQ(floorOf(floors, "gpu_backend/include/warpscope/session.h")->name, "session");
  EXPECT_EQ(floorOf(floors, "gpu_backend/include/warpscope/lab.h")->name, "contract");
  EXPECT_FALSE(floorOf(floors, "gpu_backend/src/coreish/x.h").has_value());
}

TEST_F(MadeUpHouse, DownwardAndSameFloorIncludesAreAllowed) {
  const auto v = violations();
  EXPECT_TRUE(v.empty()) << v.front();
}

TEST_F(MadeUpHouse, AnIncludeUpAFloorIsNamed) {
  writeFile(root_ / "gpu_backend/src/core/registry.cpp", "#include \"labs/alpha/alpha_cuda.h\"\n");
  writeFile(root_ / "gpu_backend/src/cuda/backend.cpp", "#include \"warpscope/session.h\"\n");
  const auto v = violations();
  ASSERT_EQ(v.size(), 2u);
  const std::string both = v[0] + "\n" + v[1];
  EXPECT_NE(both.find("gpu_backend/src/core/registry.cpp (contract) includes gpu_backend/src/labs/alpha/alpha_cuda.h (labs): "
                      "up a floor"),
            std::string::npos)
      << both;
  EXPECT_NE(both.find("(backends) includes gpu_backend/include/warpscope/session.h (session): up a floor"), std::string::npos)
      << both;
}

TEST_F(MadeUpHouse, ABackendIncludingAnotherBackendIsNamed) {
  writeFile(root_ / "gpu_backend/src/sim/sim_backend.cpp", "#include \"cuda/timing.h\"\n#include \"sim/sim_backend.h\"\n");
  writeFile(root_ / "gpu_backend/src/sim/sim_backend.h", "\n");
  writeFile(root_ / "gpu_backend/src/cuda/launch.cpp", "#include \"warpscope/worker.h\"\n");
  EXPECT_EQ(violations().size(), 2u);
}

TEST_F(MadeUpHouse, TheWindowIncludingTheBackendsPrivatePartsIsNamed) {
  writeFile(root_ / "ui/chart_panel.cpp", "#include \"core/params.h\"\n");
  const auto v = violations();
  ASSERT_EQ(v.size(), 1u);
  EXPECT_NE(v[0].find("public API only"), std::string::npos) << v[0];
}

TEST(FloorIncludes, NoIncludeRunsUpAFloorAsDocsArchitectureMdDrawsThem) {
  const fs::path root = fs::path(WARPSCOPE_PROJECT_SOURCE_DIR);
  const std::vector<FloorPath> floors = readFloors(root / "docs/architecture.md");
  // The seven floors, each with a path: a table that lost a row would let its files go unchecked.
  std::vector<std::string> names;
  for (const FloorPath& f : floors)
    if (names.empty() || names.back() != f.name) names.push_back(f.name);
  EXPECT_EQ(names, (std::vector<std::string>{"contract", "mechanisms", "backends", "labs", "session", "ui", "app"}));
  for (const FloorPath& f : floors) EXPECT_TRUE(fs::exists(root / f.path)) << f.path << " (docs/architecture.md)";
  const std::vector<std::string> violations = floorViolations(root, floors);
  std::string all;
  for (const std::string& v : violations) all += "\n  " + v;
  EXPECT_TRUE(violations.empty()) << violations.size() << " includes break the floors:" << all;
}

}  // namespace
