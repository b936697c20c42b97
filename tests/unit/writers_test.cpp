// The JSON writer and reader: every view kind through its one table form, version 1 and 2
// documents still read, named choices written by name and read in both forms, malformed tables
// refused by name; the writer factory and a lab's description. The CSV's: csv_writer_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>

#include "view_samples.h"
#include "writer_samples.h"
#include "warpscope/registry.h"
#include "warpscope/writers.h"

using namespace warpscope;
using namespace warpscope::testing_views;

namespace {

std::string sampleJson() { return write(*makeJsonWriter(), sampleResult()); }

/// readResultJson's message for the document, or "" when it reads.
std::string refusal(const nlohmann::json& doc) {
  try {
    (void)readResultJson(doc.dump());
  } catch (const BadInputError& e) {
    return e.what();
  }
  return "";
}

/// A version 1 document as the recordings hold it: one xy view with series[].points[].
const char* kVersion1Document = R"({
  "schema": "warpscope-result", "schema_version": 1, "lab": "latency-arith",
  "device_id": "cuda:0", "device_name": "NVIDIA H100", "provenance": "measured",
  "params": {"ilp": 4.0}, "scalars": [], "notes": ["old"],
  "views": [{"id": "fraction-vs-threads", "title": "Fraction", "x_label": "Threads per SM",
             "y_label": "Fraction of peak", "y_max_hint": 1.0,
             "focus": {"series": "ILP 4", "x": 256.0},
             "series": [{"name": "ILP 4", "points": [{"x": 32, "y": 0.1, "y_min": 0.09, "y_max": 0.11},
                                                     {"x": 64, "y": 0.2, "y_min": 0.2, "y_max": 0.2}]}]}]
})";

}  // namespace

TEST(JsonWriter, RoundTripsEveryFieldThroughReadResultJson) {
  const RunResult original = sampleResult();
  const RunResult back = readResultJson(write(*makeJsonWriter(), original));
  EXPECT_EQ(back.labId, original.labId);
  EXPECT_EQ(back.banner(), "Simulated: H100 SXM5 (model)");
  EXPECT_EQ(back.params, original.params);
  EXPECT_EQ(back.paramNames, original.paramNames);
  EXPECT_DOUBLE_EQ(back.findScalar("ceiling.fp32_gflops")->value, 66912);
  EXPECT_EQ(back.notes, original.notes);
  ASSERT_EQ(back.views.size(), original.views.size());
}

TEST(JsonWriter, RoundTripsEveryViewKindToEqualViews) {
  const RunResult original = sampleResult();
  const RunResult back = readResultJson(write(*makeJsonWriter(), original));
  ASSERT_EQ(back.views.size(), 5u);
  for (std::size_t i = 0; i < back.views.size(); ++i) EXPECT_TRUE(sameView(back.views[i], original.views[i]));
}

TEST(JsonWriter, CarriesTheBannerSoEveryExportSaysWhatMadeIt) {
  const auto doc = nlohmann::json::parse(sampleJson());
  EXPECT_EQ(doc["banner"], "Simulated: H100 SXM5 (model)");
  EXPECT_EQ(doc["provenance"], "simulated");
}

TEST(JsonWriter, ViewsCarryKindMetadataAndOneTable) {
  const auto doc = nlohmann::json::parse(sampleJson());
  EXPECT_EQ(doc["schema_version"], 3);
  const auto& views = doc["views"];
  ASSERT_EQ(views.size(), 5u);
  EXPECT_EQ(views[0]["kind"], "xy");
  EXPECT_EQ(views[0]["series"][0], (nlohmann::json{{"name", "ILP 4"}, {"key", 4}}));
  EXPECT_EQ(views[0]["focus"]["series"], "ILP 4");
  EXPECT_EQ(views[0]["table"]["rows"][0], (nlohmann::json{"fraction-vs-threads", "ILP 4", 4, 32, 0.25, 0.24, 0.26}))
      << "whole numbers are JSON integers";
  EXPECT_EQ(views[1]["kind"], "timeline");
  EXPECT_EQ(views[1]["rows"][0], (nlohmann::json{{"label", "warp 0"}, {"group", "SM 0"}, {"sub_rows", 32}}));
  EXPECT_EQ(views[1]["span_kinds"][1]["id"], "path-2");
  EXPECT_EQ(views[1]["table"]["rows"].size(), 3u);
  EXPECT_EQ(views[2]["kind"], "grid");
  EXPECT_EQ(views[2]["states"][0]["id"], "cpu");
  EXPECT_EQ(views[2]["table"]["rows"].size(), 12u);
  EXPECT_EQ(views[3]["kind"], "bars");
  EXPECT_EQ(views[3]["table"]["columns"], (nlohmann::json{"category", "series", "value", "low", "high"}));
  EXPECT_EQ(views[4]["kind"], "listing");
  EXPECT_EQ(views[4]["caption"], "BLOCK 256, sm_90: 4 instructions");
  EXPECT_EQ(views[4]["states"][0]["id"], "global");
  EXPECT_EQ(views[4]["table"]["rows"][1], (nlohmann::json{2, "global", "/*0010*/  LDG.E.128 R4, desc[UR4][R2.64] ;"}));
  EXPECT_FALSE(views[0].contains("points")) << "version 1's series[].points[] is gone";
}

TEST(JsonWriter, NonFiniteNumbersAreWrittenAsNullAndReadBackAsNaN) {
  RunResult r = sampleResult();
  r.views[0].series[0].points[0].y = std::numeric_limits<double>::quiet_NaN();
  const std::string text = write(*makeJsonWriter(), r);
  EXPECT_TRUE(nlohmann::json::accept(text)) << "JSON has no NaN literal";
  EXPECT_TRUE(std::isnan(readResultJson(text).views[0].series[0].points[0].y));
}

TEST(ReadResultJson, MalformedInputNamesWhatIsWrong) {
  try {
    (void)readResultJson("{\"schema\":\"warpscope-result\",\"lab\":\"x\"}");
    FAIL();
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("device_id"), std::string::npos) << e.what();
  }
  EXPECT_THROW((void)readResultJson("{not json"), BadInputError);
  EXPECT_THROW((void)readResultJson("[]"), BadInputError);
}

TEST(ReadResultJson, StillReadsVersion1Documents) {
  const RunResult r = readResultJson(kVersion1Document);
  ASSERT_EQ(r.views.size(), 1u);
  const View& v = r.views[0];
  EXPECT_EQ(v.kind, ViewKind::Xy);
  EXPECT_EQ(v.xLabel, "Threads per SM");
  ASSERT_EQ(v.series.size(), 1u);
  EXPECT_EQ(v.series[0].name, "ILP 4");
  ASSERT_EQ(v.series[0].points.size(), 2u);
  EXPECT_DOUBLE_EQ(v.series[0].points[0].yMin, 0.09);
  EXPECT_TRUE(v.hasFocus);
  EXPECT_DOUBLE_EQ(v.focusX, 256);
}

TEST(ReadResultJson, StillReadsTheVersion1Recordings) {
  for (const char* name : {"h100_latency_arith.json", "h100_latency_memory.json", "h200_latency_arith.json",
                           "h200_latency_memory.json"}) {
    std::ifstream file(std::string(WARPSCOPE_RECORDINGS_DIR) + "/" + name);
    std::stringstream text;
    text << file.rdbuf();
    const RunResult r = readResultJson(text.str());
    ASSERT_FALSE(r.views.empty()) << name;
    EXPECT_FALSE(r.views[0].series.empty()) << name;
  }
}

TEST(ReadResultJson, RefusesAnUnknownSchemaVersionOrViewKind) {
  auto doc = nlohmann::json::parse(sampleJson());
  doc["schema_version"] = 4;
  EXPECT_NE(refusal(doc).find("schema_version 4 is not one this build reads (1, 2, 3)"), std::string::npos)
      << refusal(doc);
  doc["schema_version"] = 0;
  EXPECT_NE(refusal(doc).find("schema_version 0"), std::string::npos) << refusal(doc);
  doc = nlohmann::json::parse(sampleJson());
  doc["views"][2]["kind"] = "heatmap";
  EXPECT_NE(refusal(doc).find("field 'kind' in view 'um-pages' is 'heatmap'"), std::string::npos) << refusal(doc);
}

TEST(ReadResultJson, RefusesMalformedVersion2TablesNamingTheField) {
  auto doc = nlohmann::json::parse(sampleJson());
  doc["views"][1].erase("table");
  EXPECT_NE(refusal(doc).find("missing field 'table' in view 'divergence-timeline'"), std::string::npos) << refusal(doc);

  doc = nlohmann::json::parse(sampleJson());
  doc["views"][1]["table"]["columns"][4] = "stop";
  EXPECT_NE(refusal(doc).find("view 'divergence-timeline' table: column 4 is 'stop', expected 'end'"), std::string::npos)
      << refusal(doc);

  doc = nlohmann::json::parse(sampleJson());
  doc["views"][0]["table"]["rows"][1][3] = "sixty-four";
  EXPECT_NE(refusal(doc).find("rows[1], column 'x': expected a number"), std::string::npos) << refusal(doc);

  doc = nlohmann::json::parse(sampleJson());
  doc["views"][3]["table"]["rows"][0] = "not a row";
  EXPECT_NE(refusal(doc).find("view 'modes' table rows[0] is not an array"), std::string::npos) << refusal(doc);

  doc = nlohmann::json::parse(sampleJson());
  doc["views"][2]["table"]["rows"][0][8] = true;
  EXPECT_NE(refusal(doc).find("rows[0] cell 8 is neither a number nor a text"), std::string::npos) << refusal(doc);

  doc = nlohmann::json::parse(sampleJson());
  doc["views"][2].erase("states");
  EXPECT_NE(refusal(doc).find("missing field 'states' in view 'um-pages'"), std::string::npos) << refusal(doc);
}

TEST(MakeWriter, UnknownFormatListsTheValidOnes) {
  EXPECT_EQ(makeWriter("JSON")->fileExtension(), "json");
  try {
    (void)makeWriter("xml");
    FAIL();
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("json, csv"), std::string::npos);
  }
  try {
    (void)makeWriter("json", "", CsvLayout::Wide);
    FAIL() << "a wide JSON";
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("needs --format csv"), std::string::npos) << e.what();
  }
}

TEST(DescribeLabJson, ListsEveryParameterWithRangeDefaultAndHelp) {
  const LabSpec& lab = LabRegistry::builtin().get("latency-memory");
  const auto doc = nlohmann::json::parse(describeLabJson(lab));
  EXPECT_EQ(doc["id"], "latency-memory");
  ASSERT_EQ(doc["params"].size(), lab.params.size());
  for (const auto& p : doc["params"]) {
    EXPECT_TRUE(p.contains("min") && p.contains("max") && p.contains("default") && p.contains("help"));
  }
}

// ---- the page map: a grid with changes and levels ----------------------------------------


TEST(JsonWriter, RoundTripsAGridWithChangesAndLevels) {
  const RunResult original = pageMapResult();
  const std::string text = write(*makeJsonWriter(), original);
  const auto doc = nlohmann::json::parse(text);
  EXPECT_EQ(doc["schema_version"], 3) << "levels are optional fields: they took no version of their own";
  EXPECT_EQ(doc["views"][0]["levels"][1], (nlohmann::json{{"name", "chunks"}, {"columns_per_cell", 4}}));
  EXPECT_EQ(doc["views"][0]["initial_frame_label"], "t = 0 us");
  EXPECT_EQ(doc["views"][0]["table"]["columns"], (nlohmann::json{"time", "first_cell", "count", "state"}));
  EXPECT_FALSE(doc["views"][1].contains("levels")) << "a grid without levels writes exactly as before";
  const RunResult back = readResultJson(text);
  ASSERT_EQ(back.views.size(), 2u);
  EXPECT_TRUE(sameView(back.views[0], original.views[0]));
  EXPECT_TRUE(sameView(back.views[1], original.views[1]));
}

TEST(ReadResultJson, RefusesALevelThatDoesNotDivideTheColumns) {
  auto doc = nlohmann::json::parse(write(*makeJsonWriter(), pageMapResult()));
  doc["views"][0]["levels"][0]["columns_per_cell"] = 3;
  try {
    readResultJson(doc.dump());
    FAIL() << "accepted a level of 3 columns in a 4-column grid";
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("does not divide the grid's 4 columns"), std::string::npos) << e.what();
  }
}

// ---- named choices: by name in files, by number once read --------------------------------

namespace {
RunResult divergenceResult() {
  RunResult r = sampleResult();
  r.labId = "divergence";
  r.params = {{"paths", 4}, {"pattern", 7}, {"simt_table", 1}};
  r.paramNames = {};
  return r;
}
}  // namespace

TEST(JsonWriter, NamedChoicesAreWrittenAsNamesAndReadBackAsNumbers) {
  const RunResult original = divergenceResult();
  const std::string text = write(*makeJsonWriter(), original);
  const auto doc = nlohmann::json::parse(text);
  EXPECT_EQ(doc["params"]["pattern"], "switch");
  EXPECT_EQ(doc["params"]["simt_table"], "predicated");
  EXPECT_EQ(doc["params"]["paths"], 4) << "a number stays a number";
  const RunResult back = readResultJson(text);
  EXPECT_EQ(back.params, original.params);
  EXPECT_EQ(back.paramNames, (std::map<std::string, std::string>{{"pattern", "switch"}, {"simt_table", "predicated"}}));
  EXPECT_EQ(write(*makeJsonWriter(), back), text) << "written again, the same document";
}

TEST(ReadResultJson, ReadsNamedChoicesAsNumbersAsVersion2FilesHoldThem) {
  auto doc = nlohmann::json::parse(write(*makeJsonWriter(), divergenceResult()));
  doc["schema_version"] = 2;
  doc["params"]["pattern"] = 7.0;
  doc["params"]["simt_table"] = 1.0;
  const RunResult back = readResultJson(doc.dump());
  EXPECT_EQ(back.params, divergenceResult().params);
}

TEST(ReadResultJson, RefusesANameThatIsNoChoiceNamingTheValidOnes) {
  auto doc = nlohmann::json::parse(write(*makeJsonWriter(), divergenceResult()));
  doc["params"]["pattern"] = "zigzag";
  EXPECT_NE(refusal(doc).find("params 'pattern' in document is 'zigzag', not a choice of lab divergence (valid: one of "
                              "uniform, odd-even, first-k, warp-uniform, random, nested, loop, switch)"),
            std::string::npos)
      << refusal(doc);
  doc["params"]["pattern"] = "switch";
  doc["params"]["paths"] = "four";
  EXPECT_NE(refusal(doc).find(
                "params 'paths' in document is the name 'four', but lab divergence has no named choice 'paths'"),
            std::string::npos)
      << refusal(doc);
  doc["params"]["paths"] = true;
  EXPECT_NE(refusal(doc).find("params 'paths' in document is neither a number nor a choice's name"), std::string::npos)
      << refusal(doc);
  doc = nlohmann::json::parse(write(*makeJsonWriter(), divergenceResult()));
  doc["lab"] = "a-lab-of-a-later-build";
  EXPECT_NE(refusal(doc).find("lab 'a-lab-of-a-later-build' is not one this build knows"), std::string::npos)
      << refusal(doc);
}
