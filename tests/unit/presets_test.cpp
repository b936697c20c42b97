// Presets (declared in each lab's room) and lectures (resources/lectures/*.json): every preset
// is valid for its lab, every lecture names only declared presets, and the set covers the seeds.
#include <gtest/gtest.h>

#include <iostream>

#include <regex>
#include <set>

#include "warpscope/lectures.h"
#include "warpscope/registry.h"
#include "warpscope/session.h"

using namespace warpscope;

namespace {

const LabRegistry& registry() { return LabRegistry::builtin(); }

}  // namespace

TEST(Presets, EveryPresetsSettingsAreValidForItsLabAndItsViewExists) {
  const auto presets = allPresets(registry());
  ASSERT_FALSE(presets.empty());
  for (const PresetRef& ref : presets) {
    SCOPED_TRACE(ref.preset->id + " in " + ref.lab->id);
    EXPECT_NO_THROW(presetParams(*ref.lab, *ref.preset));
    const ViewSpec* view = ref.lab->findView(ref.preset->view);
    ASSERT_NE(view, nullptr) << "view '" << ref.preset->view << "' is not declared";
    if (ref.preset->animationAt >= 0) {
      EXPECT_LE(ref.preset->animationAt, 1.0);
      EXPECT_TRUE(view->kind == ViewKind::Timeline || view->kind == ViewKind::Grid)
          << "an animation moment needs an animated view";
    }
  }
}

TEST(Presets, EveryPresetSaysWhatItShowsAndWhereFrom) {
  for (const PresetRef& ref : allPresets(registry())) {
    SCOPED_TRACE(ref.preset->id);
    EXPECT_FALSE(ref.preset->title.empty());
    EXPECT_LE(ref.preset->title.size(), 60u) << "titles fit the lecture list";
    EXPECT_FALSE(ref.preset->claim.empty());
    EXPECT_FALSE(ref.preset->lookAt.empty());
    EXPECT_NE(ref.preset->source.find("seed 00"), std::string::npos) << "names its seed: " << ref.preset->source;
    // A class reads these: no field or file names (snake_case ids, scalar paths, .json); CUDA's
    // own __keywords__ are fine.
    static const std::regex internalName(R"((^|[^_A-Za-z0-9])[a-z0-9]+_[a-z0-9_]+|\.json\b)");
    EXPECT_FALSE(std::regex_search(ref.preset->lookAt, internalName)) << ref.preset->lookAt;
    EXPECT_FALSE(std::regex_search(ref.preset->claim, internalName)) << ref.preset->claim;
  }
}

TEST(Presets, IdsAreUniqueAcrossLabs) {
  std::set<std::string> seen;
  for (const PresetRef& ref : allPresets(registry()))
    EXPECT_TRUE(seen.insert(ref.preset->id).second) << "duplicate preset id " << ref.preset->id;
}

TEST(Presets, ASettingTheLabRefusesIsReportedWithThePresetsName) {
  const LabSpec& lab = registry().get("latency-arith");
  PresetSpec bad{.id = "bad-one", .settings = {"ilp=5"}, .view = "fraction-vs-threads"};
  try {
    presetParams(lab, bad);
    FAIL() << "ilp=5 is not a compiled ILP";
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("bad-one"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("ilp"), std::string::npos) << e.what();
  }
}

TEST(Lectures, FiveLecturesOneASeedWithAtLeastThirtyPresets) {
  const auto& lectures = LectureLibrary::builtin().lectures();
  EXPECT_EQ(lectures.size(), 5u);
  std::set<std::string> covered;
  for (const Lecture& lecture : lectures) {
    SCOPED_TRACE(lecture.id);
    EXPECT_NO_THROW(validateLecture(registry(), lecture));
    EXPECT_GE(lecture.presetIds.size(), 2u);
    covered.insert(lecture.presetIds.begin(), lecture.presetIds.end());
  }
  EXPECT_GE(covered.size(), 30u);
  for (const char* id : {"volkov-lower-occupancy", "sakharnykh-unified-memory", "performance-tuning-2",
                         "cuda-memory-advanced", "gpu-architecture-execution"})
    EXPECT_NE(LectureLibrary::builtin().find(id), nullptr) << id;
}

TEST(Lectures, EveryPresetIsInSomeLecture) {
  std::set<std::string> listed;
  for (const Lecture& lecture : LectureLibrary::builtin().lectures())
    listed.insert(lecture.presetIds.begin(), lecture.presetIds.end());
  for (const PresetRef& ref : allPresets(registry()))
    EXPECT_TRUE(listed.count(ref.preset->id)) << ref.preset->id << " is declared but no lecture shows it";
}

TEST(Lectures, AMalformedLectureFileIsRefusedNamingTheFileAndTheProblem) {
  const std::string good =
      R"({"format":"warpscope-lecture","version":1,"id":"x","title":"X","source":"seed 000","presets":["a"]})";
  EXPECT_NO_THROW(parseLectureJson(good, "x.json"));
  const char* bad[] = {
      "",
      "[]",
      "{not json",
      R"({"format":"warpscope-result","version":1,"id":"x","title":"X","source":"s","presets":["a"]})",
      R"({"format":"warpscope-lecture","version":2,"id":"x","title":"X","source":"s","presets":["a"]})",
      R"({"format":"warpscope-lecture","version":1,"title":"X","source":"s","presets":["a"]})",
      R"({"format":"warpscope-lecture","version":1,"id":"x","title":"X","source":"s","presets":[]})",
      R"({"format":"warpscope-lecture","version":1,"id":"x","title":"X","source":"s","presets":[1]})",
      R"({"format":"warpscope-lecture","version":1,"id":7,"title":"X","source":"s","presets":["a"]})",
  };
  for (const char* text : bad) {
    try {
      parseLectureJson(text, "bad.json");
      ADD_FAILURE() << "accepted: " << text;
    } catch (const BadInputError& e) {
      EXPECT_NE(std::string(e.what()).find("bad.json"), std::string::npos) << e.what();
    }
  }
}

TEST(Lectures, ALectureNamingAnUndeclaredPresetIsRefused) {
  Lecture lecture{.id = "l", .title = "L", .source = "s", .presetIds = {"no-such-preset"}};
  EXPECT_THROW(validateLecture(registry(), lecture), BadInputError);
}

TEST(Presets, EveryPresetRunsOnTheH200Simulator) {
  Session session;
  for (const PresetRef& ref : allPresets(registry())) {
    SCOPED_TRACE(ref.preset->id);
    RunRequest request{ref.lab->id, "sim:h200", presetParams(*ref.lab, *ref.preset), RunScope::FullSweep};
    CancelToken never;
    const RunOutcome outcome = session.run(request, {}, never);
    ASSERT_TRUE(outcome.ok()) << outcome.error().message;
    bool hasView = false;
    for (const View& view : outcome.result().views) hasView = hasView || view.id == ref.preset->view;
    EXPECT_TRUE(hasView) << "the run has no view '" << ref.preset->view << "'";
  }
}

TEST(KeyFigures, EveryLabDeclaresOneToFourThatItsDefaultModelRunReports) {
  Session session;
  for (const auto& lab : registry().labs()) {
    SCOPED_TRACE(lab.id);
    EXPECT_GE(lab.keyFigures.size(), 1u) << "no key figures for presentation mode";
    EXPECT_LE(lab.keyFigures.size(), 4u) << "a class reads four figures at most";
    // A lab this machine cannot run (the user's kernel without the toolkit's NVRTC) is said, not failed.
    if (const std::string why = session.whyCannotRun(lab.id, "sim:h200"); !why.empty()) {
      std::cout << "[ note ] " << lab.id << "'s key figures not checked here: " << why << "\n";
      continue;
    }
    RunRequest request{lab.id, "sim:h200", defaultParams(lab.params), RunScope::FullSweep};
    CancelToken never;
    const RunOutcome outcome = session.run(request, {}, never);
    ASSERT_TRUE(outcome.ok()) << outcome.error().message;
    for (const std::string& id : lab.keyFigures) {
      bool reported = false;
      for (const Scalar& s : outcome.result().scalars) reported = reported || s.id == id;
      EXPECT_TRUE(reported) << "key figure '" << id << "' is not among the run's scalars";
    }
  }
}
