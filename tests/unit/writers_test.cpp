#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "warpscope/registry.h"
#include "warpscope/writers.h"

using namespace warpscope;

namespace {

RunResult sampleResult() {
  RunResult r;
  r.labId = "latency-arith";
  r.deviceId = "sim:h100";
  r.deviceName = "H100 SXM5 (model)";
  r.provenance = Provenance::Simulated;
  r.params = {{"ilp", 4}, {"threads_per_block", 256}};
  View v{"fraction-vs-threads", "Fraction, vs threads", ViewKind::Xy, "Threads per SM", "Fraction of peak", 1.0, {}, "ILP 4", 256, true};
  v.series.push_back({"ILP 4", {{32, 0.25, 0.24, 0.26}, {64, 0.5, 0.5, 0.5}}});
  v.series.push_back({"name, with \"comma\"", {{1, 2, 3, 4}}});
  r.views.push_back(v);
  r.scalars.push_back({"ceiling.fp32_gflops", "Peak", 66912, "GFLOP/s"});
  r.notes.push_back("a note");
  return r;
}

std::string write(const ResultWriter& writer, const RunResult& r) {
  std::ostringstream out;
  writer.write(r, out);
  return out.str();
}

}  // namespace

TEST(JsonWriter, RoundTripsEveryFieldThroughReadResultJson) {
  const RunResult original = sampleResult();
  const RunResult back = readResultJson(write(*makeJsonWriter(), original));
  EXPECT_EQ(back.labId, original.labId);
  EXPECT_EQ(back.banner(), "Simulated: H100 SXM5 (model)");
  EXPECT_EQ(back.params, original.params);
  ASSERT_EQ(back.views.size(), 1u);
  EXPECT_EQ(back.views[0].series[1].name, original.views[0].series[1].name);
  EXPECT_DOUBLE_EQ(back.views[0].series[0].points[0].yMin, 0.24);
  EXPECT_TRUE(back.views[0].hasFocus);
  EXPECT_DOUBLE_EQ(back.findScalar("ceiling.fp32_gflops")->value, 66912);
  EXPECT_EQ(back.notes, original.notes);
}

TEST(JsonWriter, CarriesTheBannerSoEveryExportSaysWhatMadeIt) {
  const auto doc = nlohmann::json::parse(write(*makeJsonWriter(), sampleResult()));
  EXPECT_EQ(doc["banner"], "Simulated: H100 SXM5 (model)");
  EXPECT_EQ(doc["provenance"], "simulated");
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

TEST(CsvWriter, WritesHeaderCommentsAndOneQuotedRowPerPoint) {
  const std::string csv = write(*makeCsvWriter(), sampleResult());
  EXPECT_EQ(csv.rfind("# Simulated: H100 SXM5 (model)\n", 0), 0u) << csv;
  EXPECT_NE(csv.find("view,series,x,y,y_min,y_max,x_label,y_label\n"), std::string::npos);
  EXPECT_NE(csv.find("fraction-vs-threads,ILP 4,32,0.25,0.24,0.26,Threads per SM,Fraction of peak\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\"name, with \"\"comma\"\"\""), std::string::npos) << "RFC 4180 quoting";
  size_t rows = 0;
  std::istringstream lines(csv);
  for (std::string line; std::getline(lines, line);)
    if (!line.empty() && line[0] != '#') ++rows;
  EXPECT_EQ(rows, 1u + 3u);
}

TEST(MakeWriter, UnknownFormatListsTheValidOnes) {
  EXPECT_EQ(makeWriter("JSON")->fileExtension(), "json");
  try {
    (void)makeWriter("xml");
    FAIL();
  } catch (const BadInputError& e) {
    EXPECT_NE(std::string(e.what()).find("json, csv"), std::string::npos);
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
