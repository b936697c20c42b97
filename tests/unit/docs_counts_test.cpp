// The counts the README and docs/teaching.md state come from the program: a lecture or preset
// added (or a recording) without the pages said so left them at "55 presets" while there were 64.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>

#include "not_recorded_on_h100.h"
#include "warpscope/lectures.h"
#include "warpscope/registry.h"

namespace warpscope {
namespace {

std::string readProjectFile(const std::string& relative) {
  std::ifstream in(std::filesystem::path(WARPSCOPE_PROJECT_SOURCE_DIR) / relative);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::size_t presetsInLectures() {
  std::size_t n = 0;
  for (const Lecture& lecture : LectureLibrary::builtin().lectures()) n += lecture.presetIds.size();
  return n;
}

/// The presets a recorded GPU holds (its index's entries of a preset; the user kernel's examples,
/// recorded with `record --kernel`, are runs of no preset).
std::size_t recordingsOf(const std::string& gpu) {
  const nlohmann::json index =
      nlohmann::json::parse(readProjectFile("resources/recordings/devices/" + gpu + "/index.json"));
  std::size_t presets = 0;
  for (const nlohmann::json& entry : index.at("recordings")) presets += !entry.at("preset").get<std::string>().empty();
  return presets;
}

/// Every number the regex's first group catches in `text`, as text.
std::vector<std::string> numbersAfter(const std::string& text, const std::string& pattern) {
  std::vector<std::string> found;
  const std::regex re(pattern);
  for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator(); ++it)
    found.push_back((*it)[1].str());
  return found;
}

TEST(DocsCounts, TeachingsLectureTableAndTotalAreTheLecturesShipped) {
  const std::string teaching = readProjectFile("docs/teaching.md");
  ASSERT_FALSE(teaching.empty());
  const auto totals = numbersAfter(teaching, R"(lectures follow the seeds, (\d+) presets in all)");
  ASSERT_EQ(totals.size(), 1u) << "the sentence that gives the total";
  EXPECT_EQ(totals.front(), std::to_string(presetsInLectures()));
  for (const Lecture& lecture : LectureLibrary::builtin().lectures()) {
    const auto rows = numbersAfter(teaching, "\\| `" + lecture.id + "` \\|[^\\n]*\\| (\\d+) \\|");
    ASSERT_EQ(rows.size(), 1u) << lecture.id << " has its row in the table";
    EXPECT_EQ(rows.front(), std::to_string(lecture.presetIds.size())) << lecture.id;
  }
}

TEST(DocsCounts, WhatEachRecordedGpuHoldsIsWhatItsIndexHolds) {
  const std::string total = std::to_string(allPresets(LabRegistry::builtin()).size());
  ASSERT_EQ(total, std::to_string(presetsInLectures())) << "every preset is on a slide";
  for (const std::string page : {"README.md", "docs/teaching.md"}) {
    const std::string text = readProjectFile(page);
    for (const std::string& n : numbersAfter(text, R"(every one of the (\d+) presets)")) EXPECT_EQ(n, total) << page;
    for (const std::string& n : numbersAfter(text, R"(\d+ of the (\d+) presets)")) EXPECT_EQ(n, total) << page;
  }
  EXPECT_EQ(recordingsOf("h100") + test::notRecordedOnH100().size(), allPresets(LabRegistry::builtin()).size())
      << "rec:h100 holds every preset but those tests/support/not_recorded_on_h100.h names";
  // The pages say how many rec:h100 holds.
  const auto h100 = numbersAfter(readProjectFile("docs/teaching.md"), R"(devices/h100/`:\s+(\d+) of the)");
  ASSERT_EQ(h100.size(), 1u);
  EXPECT_EQ(h100.front(), std::to_string(recordingsOf("h100")));
  const std::string readme = readProjectFile("README.md");
  const auto h200 = numbersAfter(readme, R"(`rec:h200`, (\d+) presets)");
  ASSERT_EQ(h200.size(), 1u);
  EXPECT_EQ(h200.front(), std::to_string(recordingsOf("h200")));
  const auto h200InTeaching = numbersAfter(readProjectFile("docs/teaching.md"), R"(devices/h200/`: (\d+) of the)");
  ASSERT_EQ(h200InTeaching.size(), 1u);
  EXPECT_EQ(h200InTeaching.front(), std::to_string(recordingsOf("h200")));
}

}  // namespace
}  // namespace warpscope
