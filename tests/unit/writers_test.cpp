// The JSON and CSV writers: every view kind through its one table form, version 1 and 2
// documents still read, named choices written by name and read in both forms, malformed tables
// refused by name, RFC 4180 quoting, the CSV's '#' metadata lines and its wide layout.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>

#include "view_samples.h"
#include "warpscope/registry.h"
#include "warpscope/writers.h"

using namespace warpscope;
using namespace warpscope::testing_views;

namespace {

RunResult sampleResult() {
  RunResult r;
  r.labId = "latency-arith";
  r.deviceId = "sim:h100";
  r.deviceName = "H100 SXM5 (model)";
  r.provenance = Provenance::Simulated;
  r.params = {{"ilp", 4}, {"threads_per_block", 256}, {"pattern", 1}};
  r.paramNames = {{"pattern", "odd-even"}};
  r.views = everyKind();
  r.scalars.push_back({"ceiling.fp32_gflops", "Peak", 66912, "GFLOP/s"});
  r.notes.push_back("a note");
  return r;
}

std::string write(const ResultWriter& writer, const RunResult& r) {
  std::ostringstream out;
  writer.write(r, out);
  return out.str();
}

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

/// The '#' metadata lines a CSV starts with; a '#' line after the first other line fails the test.
std::vector<std::string> commentLines(const std::string& csv) {
  std::vector<std::string> lines;
  std::istringstream in(csv);
  bool table = false;
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("#")) {
      EXPECT_FALSE(table) << "a '#' line inside the table: " << line;
      lines.push_back(line);
    }
    table = table || !line.starts_with("#");
  }
  return lines;
}

/// The lines of a CSV after its '#' metadata lines (the header first), as gnuplot, pandas'
/// comment='#' and R's comment.char='#' read it.
std::vector<std::string> csvLines(const std::string& csv) {
  (void)commentLines(csv);  // checks that '#' lines only come first
  std::vector<std::string> lines;
  std::istringstream in(csv);
  for (std::string line; std::getline(in, line);)
    if (!line.starts_with("#")) lines.push_back(line);
  return lines;
}

/// The records of a CSV after its '#' lines, fields unquoted per RFC 4180 (a quoted field may
/// hold commas, quotes and line breaks): what a script reading the file gets.
std::vector<std::vector<std::string>> csvRecords(const std::string& csv) {
  std::vector<std::vector<std::string>> records;
  std::vector<std::string> record;
  std::string field;
  bool quoted = false;
  bool atLineStart = true;
  for (std::size_t i = 0; i < csv.size(); ++i) {
    const char c = csv[i];
    if (atLineStart && !quoted && c == '#') {  // a comment line: skip to its end
      i = csv.find('\n', i);
      if (i == std::string::npos) break;
      continue;
    }
    atLineStart = false;
    if (quoted) {
      if (c == '"' && i + 1 < csv.size() && csv[i + 1] == '"')
        field += '"', ++i;
      else if (c == '"')
        quoted = false;
      else
        field += c;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      record.push_back(std::move(field));
      field.clear();
    } else if (c == '\n') {
      record.push_back(std::move(field));
      field.clear();
      records.push_back(std::move(record));
      record.clear();
      atLineStart = true;
    } else {
      field += c;
    }
  }
  return records;
}

/// The value of a '# key: value' line, or "(none)".
std::string metadata(const std::string& csv, const std::string& key) {
  for (const std::string& line : commentLines(csv))
    if (line.starts_with("# " + key + ":")) return line.size() > key.size() + 4 ? line.substr(key.size() + 4) : "";
  return "(none)";
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

TEST(CsvWriter, StartsWithMetadataLinesThenTheSameHeaderRowAndRows) {
  const std::string csv = write(*makeCsvWriter(), sampleResult());
  const std::vector<std::string> comments = commentLines(csv);
  ASSERT_GE(comments.size(), 10u);
  EXPECT_EQ(
      comments[0],
      "# format: warpscope-view-csv 1 (lines starting with # are metadata; the first other line names the columns)");
  EXPECT_EQ(csv.substr(0, csv.find('\n')), comments[0]) << "the metadata comes first";
  EXPECT_EQ(metadata(csv, "lab"), "latency-arith");
  EXPECT_EQ(metadata(csv, "device"), "sim:h100");
  EXPECT_EQ(metadata(csv, "device_name"), "H100 SXM5 (model)");
  EXPECT_EQ(metadata(csv, "provenance"), "simulated");
  EXPECT_EQ(metadata(csv, "recorded_on"), "(none)") << "only a recorded run has the date";
  EXPECT_EQ(metadata(csv, "banner"), "Simulated: H100 SXM5 (model)");
  EXPECT_EQ(metadata(csv, "params"), "ilp=4, pattern=1, threads_per_block=256") << "latency-arith has no named pattern";
  EXPECT_EQ(metadata(csv, "view"), "fraction-vs-threads");
  EXPECT_EQ(metadata(csv, "title"), "Fraction, vs \"threads\"");
  EXPECT_EQ(metadata(csv, "kind"), "xy");
  EXPECT_EQ(metadata(csv, "layout"), "long");
  EXPECT_EQ(metadata(csv, "x"), "Threads per SM");
  EXPECT_EQ(metadata(csv, "y"), "Fraction of peak, FP32");
  EXPECT_EQ(metadata(csv, "x_scale"), "(none)") << "a linear axis says nothing";

  // What a script gets with the '#' lines skipped: the header row as before, then one row a point.
  const auto records = csvRecords(csv);
  ASSERT_EQ(records.size(), 1u + 3u);
  EXPECT_EQ(records[0], (std::vector<std::string>{"view", "series", "series_key", "x", "y", "y_min", "y_max"}));
  EXPECT_EQ(records[1], (std::vector<std::string>{"fraction-vs-threads", "ILP 4", "4", "32", "0.25", "0.24", "0.26"}));
  EXPECT_EQ(records[3][1], "name, with \"comma\"");
}

TEST(CsvWriter, NamesEachKindsAxesWithTheirUnits) {
  RunResult r = sampleResult();
  r.views[0].logX = r.views[0].logY = true;
  const std::string xy = write(*makeCsvWriter(), r);
  EXPECT_EQ(metadata(xy, "x_scale"), "log");
  EXPECT_EQ(metadata(xy, "y_scale"), "log");
  const std::string timeline = write(*makeCsvWriter("divergence-timeline"), r);
  EXPECT_EQ(metadata(timeline, "kind"), "timeline");
  EXPECT_EQ(metadata(timeline, "time"), "Time (SM cycles)");
  EXPECT_EQ(metadata(timeline, "time_unit"), "cycles");
  EXPECT_EQ(metadata(timeline, "span_kind path-1"), "Path 1 (if)");
  EXPECT_EQ(metadata(timeline, "span_kind path-2"), "Path 2, \"else\"");
  const std::string grid = write(*makeCsvWriter("um-pages"), r);
  EXPECT_EQ(metadata(grid, "row_axis"), "2 MiB chunk");
  EXPECT_EQ(metadata(grid, "column_axis"), "64 KiB block");
  EXPECT_EQ(metadata(grid, "time_unit"), "us");
  EXPECT_EQ(metadata(grid, "state gpu0"), "Resident on GPU 0");
  const std::string bars = write(*makeCsvWriter("modes"), r);
  EXPECT_EQ(metadata(bars, "category"), "Mode");
  EXPECT_EQ(metadata(bars, "value"), "GB/s");
  EXPECT_EQ(metadata(bars, "x"), "(none)");
}

TEST(CsvWriter, SaysARecordedRunIsRecordedAndWhen) {
  RunResult r = sampleResult();
  r.provenance = Provenance::Measured;
  EXPECT_EQ(metadata(write(*makeCsvWriter(), r), "provenance"), "measured");
  r.recordedOn = "2026-11-24";
  const std::string csv = write(*makeCsvWriter(), r);
  EXPECT_EQ(metadata(csv, "provenance"), "recorded");
  EXPECT_EQ(metadata(csv, "recorded_on"), "2026-11-24");
  EXPECT_EQ(metadata(csv, "banner"), "Recorded on H100 SXM5 (model), 2026-11-24");
}

// A title from a hostile file (a figure's run) cannot end its '#' line and start a row.
TEST(CsvWriter, AHostileTitleStaysOnItsOneCommentLine) {
  RunResult r = sampleResult();
  r.views[0].title = "evil\nfraction-vs-threads,ILP 4,4,1,1,1,1\r\n# x: no\u2028again\u0085end\x7f";
  r.views[0].xLabel = "Threads\rper SM";
  r.deviceName = "GPU\n0";
  const std::string csv = write(*makeCsvWriter(), r);
  EXPECT_EQ(metadata(csv, "title"), "evil fraction-vs-threads,ILP 4,4,1,1,1,1  # x: no again end ");
  EXPECT_EQ(metadata(csv, "x"), "Threads per SM");
  EXPECT_EQ(metadata(csv, "device_name"), "GPU 0");
  EXPECT_EQ(csv.find('\r'), std::string::npos);
  EXPECT_EQ(csvRecords(csv).size(), 1u + 3u) << "no row more than the view's points";
}

TEST(CsvWriter, NamedChoicesAreWrittenByName) {
  RunResult r = sampleResult();
  r.labId = "divergence";
  r.params = {{"paths", 4}, {"pattern", 1}, {"simt_table", 1}};
  EXPECT_EQ(metadata(write(*makeCsvWriter(), r), "params"), "paths=4, pattern=odd-even, simt_table=predicated");
}

TEST(CsvWriter, EachViewIsItsOwnTablePickedById) {
  const RunResult r = sampleResult();
  const auto timeline = csvLines(write(*makeCsvWriter("divergence-timeline"), r));
  EXPECT_EQ(timeline.front(), "row,row_label,group,start,end,kind,sub_row_mask,payload");
  EXPECT_EQ(timeline.size(), 1u + 3u);
  EXPECT_EQ(timeline[1], "0,warp 0,SM 0,0,10.5,path-1,0xffff,mask 0x0000ffff");
  const auto grid = csvLines(write(*makeCsvWriter(r.views[2].id), r));
  EXPECT_EQ(grid.front(), "frame,time,frame_label,row,row_label,column,column_label,state,text");
  EXPECT_EQ(grid.size(), 1u + 12u);
  const auto bars = csvLines(write(*makeCsvWriter(r.views[3].id), r));
  EXPECT_EQ(bars.front(), "category,series,value,low,high");
  EXPECT_EQ(bars.size(), 1u + 6u);
  EXPECT_EQ(bars[1], "on demand,Measured,100,90,110");
  try {
    (void)write(*makeCsvWriter("nope"), r);
    FAIL() << "an unknown view was written";
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("views: fraction-vs-threads, divergence-timeline"), std::string::npos) << e.what();
  }
}

TEST(CsvWriter, QuotesCommasQuotesAndAnyHashPerRfc4180) {
  RunResult r = sampleResult();
  EXPECT_EQ(csvLines(write(*makeCsvWriter(), r))[3], "fraction-vs-threads,\"name, with \"\"comma\"\"\",0.1,1,2,3,4");
  EXPECT_EQ(csvLines(write(*makeCsvWriter("divergence-timeline"), r))[3],
            "1,\"warp 1, spare\",SM 0,3,4,path-1,0x0,\"#idle, \"\"quoted\"\"\"");
  EXPECT_EQ(csvLines(write(*makeCsvWriter(r.views[3].id), r))[3], "\"prefetch, async\",Measured,300,290,310");
  // pandas' comment='#' drops a line's rest from an unquoted '#' on, wherever it stands.
  r.views[1].timeline.events[0].payload = "lane #3";
  EXPECT_EQ(csvLines(write(*makeCsvWriter("divergence-timeline"), r))[1],
            "0,warp 0,SM 0,0,10.5,path-1,0xffff,\"lane #3\"");
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

namespace {
RunResult pageMapResult() {
  RunResult r = sampleResult();
  r.views = {pageMapView(), gridView()};
  return r;
}
}  // namespace

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

TEST(CsvWriter, AGridWithChangesListsTheChangesNotAFrameOfEveryCell) {
  const RunResult r = pageMapResult();
  EXPECT_EQ(csvLines(write(*makeCsvWriter(r.views[0].id), r)),
            (std::vector<std::string>{"time,first_cell,count,state", "0,0,6,cpu", "0,6,2,unpopulated", "0,6,1,cpu",
                                      "2.5,0,4,gpu0", "2.5,4,2,gpu0", "7.25,1,1,cpu"}));
  EXPECT_EQ(csvLines(write(*makeCsvWriter(r.views[1].id), r)).front(),
            "frame,time,frame_label,row,row_label,column,column_label,state,text");
}

// ---- the wide layout: one column per series ---------------------------------------------

namespace {

/// Three series over different x: A without spread at 1, 2, 4; B with a spread at 2 and 3; C
/// named like A, at 4 twice (two rows at x = 4).
View unevenXyView() {
  View v;
  v.id = "uneven";
  v.title = "Uneven";
  v.kind = ViewKind::Xy;
  v.xLabel = "Threads per SM";
  v.yLabel = "GB/s";
  v.series.push_back({"A", {{4, 40, 40, 40}, {1, 10, 10, 10}, {2, 20, 20, 20}}, 1});
  v.series.push_back({"B", {{2, 21, 19, 23}, {3, 31, 31, 31}}, 2});
  v.series.push_back({"A", {{4, 41, 41, 41}, {4, 42, 42, 42}}, 3});
  v.series.push_back({"never measured", {}, 4});
  return v;
}

}  // namespace

TEST(CsvWriter, WideXyHasAColumnPerSeriesAtTheUnionOfXs) {
  RunResult r = sampleResult();
  r.views = {unevenXyView()};
  const std::string csv = write(*makeCsvWriter("", CsvLayout::Wide), r);
  EXPECT_EQ(metadata(csv, "layout"), "wide");
  EXPECT_EQ(metadata(csv, "x"), "Threads per SM");
  EXPECT_EQ(csvLines(csv), (std::vector<std::string>{
                               "Threads per SM,A,B,B y_min,B y_max,A (2),never measured",
                               "1,10,,,,,",
                               "2,20,21,19,23,,",
                               "3,,31,31,31,,",
                               "4,40,,,,41,",
                               "4,,,,,42,",
                           }))
      << csv;
}

TEST(CsvWriter, WideXyOfTheSampleKeepsItsQuotedSeriesNames) {
  const std::vector<std::string> lines = csvLines(write(*makeCsvWriter("", CsvLayout::Wide), sampleResult()));
  EXPECT_EQ(
      lines.front(),
      "Threads per SM,ILP 4,ILP 4 y_min,ILP 4 y_max,\"name, with \"\"comma\"\"\",\"name, with \"\"comma\"\" y_min\","
      "\"name, with \"\"comma\"\" y_max\",never measured");
  EXPECT_EQ(lines,
            (std::vector<std::string>{lines.front(), "1,,,,2,3,4,", "32,0.25,0.24,0.26,,,,", "64,0.5,0.5,0.5,,,,"}));
}

TEST(CsvWriter, WideBarsHaveACategoryColumnThenAColumnPerSeries) {
  RunResult r = sampleResult();
  const std::string csv = write(*makeCsvWriter("modes", CsvLayout::Wide), r);
  EXPECT_EQ(metadata(csv, "category"), "Mode");
  EXPECT_EQ(csvLines(csv),
            (std::vector<std::string>{"Mode,Measured,Measured low,Measured high,Model", "on demand,100,90,110,120",
                                      "\"prefetch, async\",300,290,310,320", "on demand,101,99,102,121"}));
}

TEST(CsvWriter, WideRefusesTimelinesAndGridsNamingTheKind) {
  const RunResult r = sampleResult();
  for (const char* id : {"divergence-timeline", "um-pages"}) {
    std::ostringstream out;
    try {
      makeCsvWriter(id, CsvLayout::Wide)->write(r, out);
      FAIL() << id << " was written wide";
    } catch (const BadInputError& e) {
      const std::string kind = std::string(id) == "um-pages" ? "' is a grid" : "' is a timeline";
      EXPECT_NE(std::string(e.what()).find("writes xy and bars views; view '" + std::string(id) + kind),
                std::string::npos)
          << e.what();
    }
    EXPECT_EQ(out.str(), "") << "nothing half-written";
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
