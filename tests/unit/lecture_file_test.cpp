// An instructor's own lecture files (issue 30): written and read back whole, and read as hostile:
// each broken file is refused naming the file and the problem, and a folder's good files are
// read around its bad ones.
#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <filesystem>
#include <fstream>

#include "scale_kernel.h"
#include "warpscope/kernel_source.h"
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

using test::kScaleKernel;

/// A lecture of one own slide of the user's kernel `kernel`, at BLOCK=256 on `view`.
Lecture kernelLecture(const KernelSource& kernel, const std::string& view = "time") {
  Lecture l;
  l.id = "my-kernels";
  l.title = "My kernels";
  l.source = "Made in Warpscope";
  l.presetIds = {"own-1"};
  OwnSlide s;
  s.labId = LabRegistry::builtin().userKernelLab()->spec.id;
  s.kernel = kernel;
  s.preset.id = "own-1";
  s.preset.title = "Scale at 256 threads";
  s.preset.claim = "A scale is a copy: its time is the memory's.";
  s.preset.settings = {"BLOCK=256", "N=4096"};
  s.preset.view = view;
  l.ownSlides = {s};
  return l;
}

}  // namespace

TEST(LectureFile, ASlideOfAUsersKernelCarriesTheKernelAndIsDeclaredByItsHeader) {
  TempFolder folder;
  const std::string path = (folder.path / "kernels.json").string();
  const KernelSource scale{"scale.cu", kScaleKernel};
  writeLectureFile(kernelLecture(scale), path);
  const Lecture back = readLectureFile(LabRegistry::builtin(), path);
  ASSERT_EQ(back.ownSlides.size(), 1u);
  EXPECT_EQ(back.ownSlides[0].kernel, scale);
  const PresetRef slide = lectureSlide(LabRegistry::builtin(), back, 0);
  ASSERT_TRUE(slide);
  ASSERT_NE(slide.kernelLab, nullptr);
  EXPECT_EQ(slide.lab, slide.kernelLab.get());
  ASSERT_EQ(slide.lab->params.size(), 2u) << "the header's parameters, not the example's";
  EXPECT_EQ(slide.lab->params[0].id, "BLOCK");
  const RunRequest request = slideRequest(slide, "sim:h100");
  EXPECT_EQ(request.kernel, scale);
  EXPECT_EQ(request.params.get("BLOCK"), 256);
  EXPECT_EQ(request.params.get("N"), 4096);
  EXPECT_TRUE(request.presetId.empty()) << "an own slide is no preset of its lab";
  // A copy of the ref keeps the declaration alive after the ref it was copied from is gone.
  std::optional<PresetRef> copy;
  {
    const PresetRef original = lectureSlide(LabRegistry::builtin(), back, 0);
    copy = original;
  }
  EXPECT_EQ(copy->lab->params[1].id, "N");
  EXPECT_EQ(copy->lab->kernel, scale);
  // A slide of any other lab carries no kernel and makes none.
  const Lecture plain = readLectureFile(LabRegistry::builtin(), [&] {
    writeLectureFile(ownLecture(), (folder.path / "plain.json").string());
    return (folder.path / "plain.json").string();
  }());
  EXPECT_EQ(lectureSlide(LabRegistry::builtin(), plain, 1).kernelLab, nullptr);
  EXPECT_TRUE(slideRequest(lectureSlide(LabRegistry::builtin(), plain, 1), "sim:h100").kernel.empty());
}

TEST(LectureFile, ASlidesKernelIsReadAsHostileAndCheckedAgainstItsOwnHeader) {
  TempFolder folder;
  const auto refusedWith = [&](const Lecture& lecture) {
    const std::string path = folder.write("k.json", lectureToJson(lecture));
    try {
      (void)readLectureFile(LabRegistry::builtin(), path);
      return std::string();
    } catch (const BadInputError& e) {
      return std::string(e.what());
    }
  };
  const KernelSource scale{"scale.cu", kScaleKernel};
  // The header's views: the scale declares no bytes, so it has no throughput view.
  EXPECT_NE(refusedWith(kernelLecture(scale, "throughput")).find("no view 'throughput'"), std::string::npos);
  // Its parameters: BLOCK stops at 512.
  Lecture outOfRange = kernelLecture(scale);
  outOfRange.ownSlides[0].preset.settings = {"BLOCK=1024"};
  EXPECT_NE(refusedWith(outOfRange).find("BLOCK"), std::string::npos);
  // A header that declares nothing usable is named with the slide and the kernel.
  std::string broken = kScaleKernel;
  broken.replace(broken.find("default 128"), 11, "default 100");
  const std::string headerError = refusedWith(kernelLecture({"scale.cu", broken}));
  EXPECT_NE(headerError.find("Scale at 256 threads"), std::string::npos) << headerError;
  EXPECT_NE(headerError.find("scale.cu"), std::string::npos) << headerError;
  EXPECT_NE(headerError.find("line 3"), std::string::npos) << headerError;
  // A kernel on a lab that runs its own.
  Lecture onBuiltin = ownLecture();
  onBuiltin.ownSlides[0].kernel = scale;
  EXPECT_NE(refusedWith(onBuiltin).find("carries none"), std::string::npos);
  // The kernel's name is a file name, never a path; its text bounded and free of NUL bytes.
  EXPECT_NE(refusedWith(kernelLecture({"../scale.cu", kScaleKernel})).find("not a path"), std::string::npos);
  EXPECT_NE(refusedWith(kernelLecture({"sc\x1b[31male.cu", kScaleKernel})).find("control character"), std::string::npos);
  EXPECT_NE(refusedWith(kernelLecture({"scale.cu", std::string(kScaleKernel) + '\0'})).find("NUL"), std::string::npos);
  EXPECT_NE(refusedWith(kernelLecture({"scale.cu", std::string(kScaleKernel) + std::string(kMaxKernelFileBytes, ' ')}))
                .find("at most"),
            std::string::npos);
  const std::string noText = withSlide(R"("title":"T","claim":"C","view":"time","kernel":{"file":"a.cu"})");
  EXPECT_NE(refusal(folder, noText).find("'text'"), std::string::npos);
  EXPECT_NE(refusal(folder, withSlide(R"("title":"T","claim":"C","view":"time","kernel":"a.cu")")).find("'kernel' must be"),
            std::string::npos);
}

// A slide of the user's kernel that carries none (a hand-edited file) is of the example the lab
// opens with, as the lab list's entry is; a setting only another kernel has says so.
TEST(LectureFile, ASlideOfTheUsersKernelWithoutOneIsOfTheExampleTheLabOpensWith) {
  TempFolder folder;
  const labs::LabDefinition* lab = LabRegistry::builtin().userKernelLab();
  Lecture noKernel = kernelLecture({});
  noKernel.ownSlides[0].preset.settings = {"BLOCK=256"};
  const std::string path = folder.write("example.json", lectureToJson(noKernel));
  const Lecture back = readLectureFile(LabRegistry::builtin(), path);
  const PresetRef slide = lectureSlide(LabRegistry::builtin(), back, 0);
  ASSERT_TRUE(slide);
  ASSERT_NE(slide.kernelLab, nullptr) << "a declaration the window adopts, as any kernel's";
  EXPECT_EQ(slide.lab->kernel, lab->spec.kernel);
  EXPECT_EQ(slideRequest(slide, "sim:h100").kernel, lab->spec.kernel) << "the run names the kernel it runs";
  Lecture otherKernels = kernelLecture({});
  otherKernels.ownSlides[0].preset.settings = {"variant=tiled"};
  try {
    (void)readLectureFile(LabRegistry::builtin(), folder.write("other.json", lectureToJson(otherKernels)));
    ADD_FAILURE() << "a setting the example does not have was read";
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("carries no \"kernel\", so it is of the example " + lab->spec.kernel.fileName),
              std::string::npos)
        << e.what();
  }
}

TEST(LectureFile, ALectureTooLargeToReadBackIsNotWrittenAndTheOldFileSurvives) {
  TempFolder folder;
  const std::string path = (folder.path / "big.json").string();
  writeLectureFile(kernelLecture({"scale.cu", kScaleKernel}), path);
  // 40 slides, each carrying a kernel of nearly the largest size: beyond what is read.
  Lecture big = kernelLecture({"scale.cu", std::string(kScaleKernel) + "// " + std::string(kMaxKernelFileBytes - 1000, 'x') + "\n"});
  for (int i = 2; i <= 40; ++i) {
    OwnSlide copy = big.ownSlides[0];
    copy.preset.id = "own-" + std::to_string(i);
    big.ownSlides.push_back(copy);
    big.presetIds.push_back(copy.preset.id);
  }
  try {
    writeLectureFile(big, path);
    FAIL() << "a lecture larger than a lecture file may be was written";
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("MiB"), std::string::npos) << e.what();
  }
  EXPECT_EQ(readLectureFile(LabRegistry::builtin(), path).ownSlides.size(), 1u) << "the old file survives";
}

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
  EXPECT_NE(refusal(folder, std::string(kMaxLectureFileBytes + 1, ' ')).find("MiB"), std::string::npos)
      << "larger than a lecture file may be";
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
