// An instructor's own lecture files (issue 30): written and read back whole, and read as hostile:
// each broken file is refused naming the file and the problem, and a folder's good files are
// read around its bad ones.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "warpscope/lecture_file.h"
#include "warpscope/lectures.h"
#include "warpscope/registry.h"

using namespace warpscope;
namespace fs = std::filesystem;

namespace {

struct TempFolder {
  fs::path path = fs::temp_directory_path() / ("warpscope-lectures-" + std::to_string(::getpid()) + "-" +
                                                std::to_string(std::rand()));
  TempFolder() { fs::create_directories(path); }
  ~TempFolder() { fs::remove_all(path); }
  std::string write(const std::string& name, const std::string& text) const {
    std::ofstream(path / name) << text;
    return (path / name).string();
  }
};

Lecture ownLecture() {
  Lecture l;
  l.id = "my-ilp-talk";
  l.title = "My ILP talk";
  l.source = "Made in Warpscope";
  l.presetIds = {"volkov-ilp-peak-with-fewer-threads", "own-1"};
  OwnSlide s;
  s.labId = "latency-arith";
  s.preset.id = "own-1";
  s.preset.title = "ILP 8 at 64 threads";
  s.preset.claim = "Eight chains per thread reach most of the peak with two warps per SM.";
  s.preset.lookAt = "The ILP 8 line at 64 threads.";
  s.preset.settings = {"ilp=8", "threads_per_block=64", "blocks_per_sm=1"};
  s.preset.view = "fraction-vs-threads";
  s.preset.animationAt = -1;
  s.preset.question = "What fraction of peak does ILP 8 reach at 64 threads?";
  s.preset.answers = {{.text = "Under a quarter"}, {.text = "Over half"}};
  l.ownSlides = {s};
  return l;
}

/// The message of readLectureFile on `text`, or "" when it reads.
std::string refusal(const TempFolder& folder, const std::string& text) {
  const std::string path = folder.write("lecture.json", text);
  try {
    (void)readLectureFile(LabRegistry::builtin(), path);
    return "";
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << "names the file: " << e.what();
    return e.what();
  }
}

std::string withSlide(const std::string& slideFields) {
  return R"({"format":"warpscope-lecture","version":2,"id":"x","title":"X","source":"S","slides":[{"lab":"latency-arith",)" +
         slideFields + "}]}";
}

}  // namespace

TEST(LectureFile, AnOwnLectureIsWrittenAndReadBackWithItsOwnSlides) {
  TempFolder folder;
  const std::string path = (folder.path / "mine.json").string();
  writeLectureFile(ownLecture(), path);
  const Lecture back = readLectureFile(LabRegistry::builtin(), path);
  EXPECT_EQ(back.file, path);
  EXPECT_EQ(back.presetIds, ownLecture().presetIds);
  ASSERT_EQ(back.ownSlides.size(), 1u);
  const PresetRef own = lectureSlide(LabRegistry::builtin(), back, 1);
  ASSERT_TRUE(own);
  EXPECT_EQ(own.lab->id, "latency-arith");
  EXPECT_EQ(own.preset->claim, ownLecture().ownSlides[0].preset.claim);
  EXPECT_EQ(own.preset->settings, ownLecture().ownSlides[0].preset.settings);
  ASSERT_EQ(own.preset->answers.size(), 2u);
  EXPECT_EQ(own.preset->answers[1].text, "Over half");
  EXPECT_EQ(lectureSlide(LabRegistry::builtin(), back, 0).preset->id, "volkov-ilp-peak-with-fewer-threads");
  // A lecture of lab presets only stays version 1, the shipped lectures' format.
  Lecture presetsOnly = ownLecture();
  presetsOnly.ownSlides.clear();
  presetsOnly.presetIds.pop_back();
  EXPECT_NE(lectureToJson(presetsOnly).find("\"version\": 1"), std::string::npos);
}

TEST(LectureFile, ABrokenFileIsRefusedNamingTheFileAndTheProblem) {
  TempFolder folder;
  EXPECT_NE(refusal(folder, "{not json").find("malformed"), std::string::npos);
  EXPECT_NE(refusal(folder, R"({"format":"warpscope-lecture","version":3,"id":"x","title":"X","source":"S","presets":["a"]})")
                .find("version must be 1 or 2"),
            std::string::npos);
  EXPECT_NE(refusal(folder, R"({"format":"warpscope-lecture","version":1,"id":"../x","title":"X","source":"S","presets":["a"]})")
                .find("may hold only"),
            std::string::npos);
  EXPECT_NE(refusal(folder, R"({"format":"warpscope-lecture","version":1,"id":"x","title":")" + std::string(300, 'a') +
                                R"(","source":"S","presets":["volkov-ilp-peak-with-fewer-threads"]})")
                .find("at most 200"),
            std::string::npos);
  EXPECT_NE(refusal(folder, R"({"format":"warpscope-lecture","version":1,"id":"x","title":"X","source":"S","presets":["no-such"]})")
                .find("no lab declares"),
            std::string::npos);
  EXPECT_NE(refusal(folder, withSlide(R"("title":"T","claim":"C","view":"fraction-vs-threads","settings":["ilp=99"])"))
                .find("ilp"),
            std::string::npos);
  EXPECT_NE(refusal(folder, withSlide(R"("title":"T","claim":"C","view":"v"}})")).find("malformed"), std::string::npos);
  EXPECT_NE(refusal(folder, withSlide(R"("title":"T","claim":"C","view":"no-such-view")")).find("no view 'no-such-view'"),
            std::string::npos);
  EXPECT_NE(refusal(folder, withSlide(R"("title":"T","claim":"C","view":"fraction-vs-threads","animation_at":2)"))
                .find("[0, 1]"),
            std::string::npos);
  EXPECT_NE(refusal(folder, R"({"format":"warpscope-lecture","version":2,"id":"x","title":"X","source":"S","slides":[{"lab":"nope","title":"T","claim":"C","view":"v"}]})")
                .find("no lab 'nope'"),
            std::string::npos);
  std::string many = R"({"format":"warpscope-lecture","version":1,"id":"x","title":"X","source":"S","presets":[)";
  for (int i = 0; i < 201; ++i) many += std::string(i ? "," : "") + "\"volkov-ilp-peak-with-fewer-threads\"";
  EXPECT_NE(refusal(folder, many + "]}").find("1 to 200 slides"), std::string::npos);
  EXPECT_NE(refusal(folder, std::string(2 << 20, ' ')).find("MiB"), std::string::npos) << "larger than 1 MiB";
}

TEST(LectureFile, AFolderIsReadAroundItsBrokenFilesWhichAreNamed) {
  TempFolder folder;
  writeLectureFile(ownLecture(), (folder.path / "a-good.json").string());
  folder.write("b-broken.json", "{");
  folder.write("notes.txt", "not a lecture, not read");
  std::vector<std::string> problems;
  const std::vector<Lecture> lectures = readLectureFolder(LabRegistry::builtin(), folder.path.string(), &problems);
  ASSERT_EQ(lectures.size(), 1u);
  EXPECT_EQ(lectures[0].id, "my-ilp-talk");
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("b-broken.json"), std::string::npos) << problems[0];
  EXPECT_TRUE(readLectureFolder(LabRegistry::builtin(), (folder.path / "missing").string(), &problems).empty());
}
