// The house's rule between rooms (docs/architecture.md): a lab room includes no other lab's room (a
// family's shared room, *_common, is fine), a family's shared room includes no lab room, and
// the shared layers (cuda/, core/, sim/, mechanisms/, rec/, files/) include no room at all.
// (The floors themselves, read from docs/architecture.md, are floor_includes_test's.) The
// scan reads every source file's #include lines; the first tests check the scan itself on a
// made-up tree, so a rule that silently stopped matching would fail here too.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

bool isSharedRoom(const std::string& room) { return room.size() > 7 && room.ends_with("_common"); }

/// The one list of labs (registered there and nowhere else) is the one file that includes them all.
constexpr const char* kLabList = "labs/lab_list.cpp";

/// One forbidden include: "labs/limiter/limiter_lab.cpp includes labs/occupancy/occupancy_lab.h".
std::vector<std::string> roomIncludeViolations(const fs::path& srcRoot) {
  static const std::regex includeOfRoom(R"re(^\s*#\s*include\s*"labs/([a-z0-9_]+)/[^"]+")re");
  std::vector<std::string> violations;
  for (const auto& entry : fs::recursive_directory_iterator(srcRoot)) {
    if (!entry.is_regular_file()) continue;
    const std::string ext = entry.path().extension().string();
    if (ext != ".h" && ext != ".cpp" && ext != ".cu" && ext != ".cuh") continue;
    const fs::path rel = fs::relative(entry.path(), srcRoot);
    const std::string layer = rel.begin()->string();
    // The file's own room: labs/<room>/...; a file directly in labs/ is the one list (the lab
    // framework itself is the contract's, in core/).
    std::string ownRoom;
    if (layer == "labs" && std::distance(rel.begin(), rel.end()) > 2) ownRoom = std::next(rel.begin())->string();
    std::ifstream in(entry.path());
    std::string line;
    std::smatch m;
    while (std::getline(in, line)) {
      if (!std::regex_search(line, m, includeOfRoom)) continue;
      const std::string included = m[1].str();
      const std::string what = rel.generic_string() + " includes labs/" + included + "/...";
      if (layer != "labs") violations.push_back(what + " (" + layer + "/ includes no lab room)");
      else if (ownRoom.empty() && rel.generic_string() == kLabList) continue;
      else if (ownRoom.empty()) violations.push_back(what + " (the lab framework includes no lab room)");
      else if (included == ownRoom) continue;
      else if (isSharedRoom(ownRoom) && !isSharedRoom(included))
        violations.push_back(what + " (a family's shared room includes no lab room)");
      else if (!isSharedRoom(included)) violations.push_back(what + " (a lab room includes no other lab's room)");
    }
  }
  return violations;
}

void writeFile(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

class MadeUpTree : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("warpscope_rooms_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
                                         ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    writeFile(root_ / "labs/alpha/alpha_lab.cpp",
              "#include \"labs/alpha/alpha_lab.h\"\n#include \"labs/fam_common/shared.h\"\n#include \"mechanisms/dram_system.h\"\n");
    writeFile(root_ / "labs/fam_common/shared.h", "#include \"core/run_monitor.h\"\n");
    writeFile(root_ / "labs/lab_list.cpp", "#include \"labs/alpha/alpha_lab.h\"\n");
    writeFile(root_ / "cuda/ceilings.cpp", "#include \"cuda/ceilings.h\"\n#include \"core/lab_definition.h\"\n");
  }
  void TearDown() override { fs::remove_all(root_); }
  fs::path root_;
};

TEST_F(MadeUpTree, OwnRoomSharedRoomsAndTheFrameworkAreAllowed) {
  EXPECT_TRUE(roomIncludeViolations(root_).empty());
}

TEST_F(MadeUpTree, ALabIncludingAnotherLabsRoomIsNamed) {
  writeFile(root_ / "labs/beta/beta_model.cpp", "#include <vector>\n  #include \"labs/alpha/alpha_model.h\"\n");
  const auto v = roomIncludeViolations(root_);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_NE(v[0].find("labs/beta/beta_model.cpp includes labs/alpha/"), std::string::npos) << v[0];
}

TEST_F(MadeUpTree, TheFrameworkBesideTheOneListIncludingARoomIsNamed) {
  writeFile(root_ / "labs/registry.cpp", "#include \"labs/alpha/alpha_lab.h\"\n");
  EXPECT_EQ(roomIncludeViolations(root_).size(), 1u);
}

TEST_F(MadeUpTree, ASharedRoomIncludingALabRoomIsNamed) {
  writeFile(root_ / "labs/fam_common/family.h", "#include \"labs/alpha/alpha_lab.h\"\n");
  EXPECT_EQ(roomIncludeViolations(root_).size(), 1u);
}

TEST_F(MadeUpTree, SharedLayersIncludingAnyRoomAreNamed) {
  writeFile(root_ / "cuda/device_query.cpp", "#include \"labs/alpha/fma.h\"\n");
  writeFile(root_ / "mechanisms/dram_system.cpp", "#include \"labs/fam_common/shared.h\"\n");
  writeFile(root_ / "sim/simulator_backend.cpp", "#include \"labs/alpha/alpha_model.h\"\n");
  EXPECT_EQ(roomIncludeViolations(root_).size(), 3u);
}

TEST(RoomIncludes, NoRoomIncludesAnotherLabsRoomAndNoSharedLayerIncludesARoom) {
  const fs::path src = fs::path(WARPSCOPE_BACKEND_SOURCE_DIR);
  ASSERT_TRUE(fs::is_directory(src / "labs")) << src;
  const std::vector<std::string> violations = roomIncludeViolations(src);
  std::string all;
  for (const std::string& v : violations) all += "\n  " + v;
  EXPECT_TRUE(violations.empty()) << violations.size() << " forbidden includes:" << all;
}

}  // namespace
