// The reader of files users open (readRunBytes) against hundreds of malformed inputs: every one
// is either read or refused with a BadInputError naming the file, never a crash, an abort or
// another exception, and nothing is allocated past the limits before the input is checked.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <random>
#include <string>
#include <vector>

#include "files/compression.h"
#include "warpscope/lectures.h"
#include "warpscope/recording.h"
#include "warpscope/session.h"

namespace warpscope {
namespace {

using nlohmann::json;

/// A real recording with every view kind: the divergence lab (xy, timeline, grid).
const std::string& validRecordingJson() {
  static const std::string text = [] {
    Session session(nullptr, makeSimulatorBackend(), "no GPU in this test");
    const PresetRef ref = getPreset(session.registry(), "gpuarch-divergent-warp-splits");
    const RunRequest request{ref.lab->id, "sim:h200", presetParams(*ref.lab, *ref.preset), RunScope::FullSweep};
    CancelToken never;
    const RunOutcome outcome = session.run(request, {}, never);
    return recordingToJson(makeRecording(request, outcome.result(), session.device("sim:h200")));
  }();
  return text;
}

/// Reads `bytes`; fails the test on anything but success or a BadInputError naming the file.
void expectReadOrRefused(const std::string& bytes, const std::string& what) {
  try {
    (void)readRunBytes(bytes, "case.wsrec");
  } catch (const BadInputError& e) {
    EXPECT_TRUE(std::string(e.what()).starts_with("case.wsrec: ")) << what << ": " << e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << what << ": escaped as " << typeid(e).name() << ": " << e.what();
  }
}

void expectRefused(const std::string& bytes, const std::string& what, const std::string& messagePart = {}) {
  try {
    (void)readRunBytes(bytes, "case.wsrec");
    ADD_FAILURE() << what << ": was read";
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find(messagePart), std::string::npos) << what << ": " << e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << what << ": escaped as " << e.what();
  }
}

TEST(RunFileFuzz, TruncatedAtEveryHundredthOfItsLengthIsRefused) {
  const std::string& valid = validRecordingJson();
  for (int i = 0; i < 100; ++i) expectRefused(valid.substr(0, valid.size() * i / 100), "truncated " + std::to_string(i));
  const std::string gz = files::compress(valid, true);
  for (int i = 1; i < 100; ++i) expectRefused(gz.substr(0, gz.size() * i / 100), "gzip truncated " + std::to_string(i));
}

TEST(RunFileFuzz, RandomByteChangesNeverCrash) {
  const std::string& valid = validRecordingJson();
  std::mt19937 random(20261124);
  for (int i = 0; i < 300; ++i) {
    std::string bytes = valid;
    const int changes = 1 + static_cast<int>(random() % 8);
    for (int c = 0; c < changes; ++c) bytes[random() % bytes.size()] = static_cast<char>(random() % 256);
    expectReadOrRefused(bytes, "mutation " + std::to_string(i));
  }
}

TEST(RunFileFuzz, EveryFieldGivenTheWrongTypeOrAHugeNumberIsRefusedOrRead) {
  const json valid = json::parse(validRecordingJson());
  const std::vector<json> replacements = {"text", 1e308, -1, 9223372036854775807LL, nullptr, json::array(),
                                          json::object(), true, -1e308};
  int cases = 0;
  // Every value of the document's first levels (and of the first view), one at a time.
  const auto mutateEach = [&](const json::json_pointer& parent) {
    const json& object = valid.at(parent);
    if (!object.is_object()) return;
    for (const auto& item : object.items())
      for (const json& replacement : replacements) {
        json doc = valid;
        doc[parent / item.key()] = replacement;
        expectReadOrRefused(doc.dump(), (parent / item.key()).to_string());
        ++cases;
      }
  };
  for (const char* path : {"", "/tool", "/device", "/request", "/result", "/result/views/0", "/result/views/1",
                           "/result/views/2", "/result/views/1/table"})
    mutateEach(json::json_pointer(path));
  EXPECT_GT(cases, 300);
}

TEST(RunFileFuzz, DeepNestingIsRefusedBeforeParsing) {
  expectRefused("{\"x\":" + std::string(100000, '['), "100000 brackets", "nests deeper than");
  json doc = json::parse(validRecordingJson());
  json deep = 1;
  for (int i = 0; i < 200; ++i) deep = json::array({deep});
  doc["result"]["notes"] = deep;
  expectRefused(doc.dump(), "deep notes", "nests deeper than");
}

TEST(RunFileFuzz, HugeGridLabelsAreRefusedBeforeTheCellsAreAllocated) {
  json doc = json::parse(validRecordingJson());
  for (json& view : doc["result"]["views"])
    if (view["kind"] == "grid") {
      view["row_labels"] = std::vector<std::string>(100000, "r");
      view["column_labels"] = std::vector<std::string>(100000, "c");
    }
  expectRefused(doc.dump(), "1e10 cells", "cells, more than");
}

TEST(RunFileFuzz, TimelineRowsWithImpossibleLaneCountsAreRefused) {
  json doc = json::parse(validRecordingJson());
  for (json& view : doc["result"]["views"])
    if (view["kind"] == "timeline") view["rows"][0]["sub_rows"] = 1000000;
  expectRefused(doc.dump(), "a million lanes", "sub_rows");
}

TEST(RunFileFuzz, CompressionBombIsStoppedAtTheLimit) {
  const std::string bomb = files::compress(std::string(std::size_t{200} << 20, ' '), true);  // 200 MiB of spaces
  ASSERT_LT(bomb.size(), std::size_t{1} << 20);
  expectRefused(bomb, "gzip bomb", "expands past");
}

TEST(RunFileFuzz, EmptyBinaryWrongVersionAndForeignJsonAreRefusedByName) {
  expectRefused("", "empty", "empty");
  expectRefused(std::string("\x00\x01\x02\x03garbage", 11), "binary", "not a Warpscope file");
  expectRefused("{\"hello\": 1}", "foreign JSON", "neither");
  json doc = json::parse(validRecordingJson());
  doc["format_version"] = 99;
  expectRefused(doc.dump(), "version 99", "format_version 99");
  doc = json::parse(validRecordingJson());
  doc["result"]["schema_version"] = 7;
  expectRefused(doc.dump(), "result version 7", "schema_version 7");
  expectRefused("<svg><warpscope:run>!!!not base64</warpscope:run></svg>", "bad base64", "base64");
  expectRefused("<svg><warpscope:run>" + files::base64Encode("not zlib") + "</warpscope:run></svg>", "bad zlib",
                "corrupt");
  expectRefused("<svg><warpscope:run>abc", "unclosed element", "cut off");
  expectRefused(std::string("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR", 16), "truncated PNG", "truncated");
  expectRefused(std::string("\x89PNG\r\n\x1a\n", 8), "signature only", "truncated");
}

TEST(RunFileFuzz, LargerThanTheLimitIsRefusedWithoutParsing) {
  expectRefused(std::string(kMaxRunFileBytes + 1, ' '), "65 MiB", "more than");
}

}  // namespace
}  // namespace warpscope
